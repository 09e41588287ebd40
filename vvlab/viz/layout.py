"""Legends that fit their figure.

Plotly lays out text in the browser, so a figure cannot ask how wide a legend entry
will be: :func:`legend_width` estimates it, generously, from the screen's text measure
(:mod:`vvlab.plan.text`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vvlab.plan.text import SCREEN

LEGEND_SYMBOL = 40
"""Pixels of a legend item besides its text: the symbol and the gaps."""

LEGEND_WIDEN = 1.2
"""How much wider than Arial legend text may be set (see :func:`legend_width`)."""


def legend_width(text: str, size: float = 12) -> float:
    """Width in pixels to keep for ``text`` (its longest line) in a legend at ``size``
    px: the screen's glyph widths (:data:`~vvlab.plan.text.SCREEN`) widened by
    :data:`LEGEND_WIDEN`, plus one em.

    Generous on purpose: plotly's default font list ("Open Sans", verdana, arial)
    falls back on Linux to DejaVu Sans, up to 13% wider than Arial, and a legend
    needs padding the figure cannot measure; a clipped legend hides a series name,
    a wide margin only costs plot area. For the entries vvlab shows this is never
    narrower than DejaVu Sans plus 13 px.

    >>> legend_width("amsterdam", 12)
    86.59
    >>> legend_width("ab<br>abcd", 10) == legend_width("abcd", 10)
    True
    """
    return round(SCREEN.width(text, size) * LEGEND_WIDEN + size, 2)


def legend_entries(fig: Any) -> list[str]:
    """The texts a figure's legend shows: its title and each trace name in the legend.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="a"), go.Bar(name="b", showlegend=False)])
    >>> legend_entries(fig)
    ['a']
    """
    names = []
    for trace in fig.data:
        if trace.showlegend is False or not trace.name:
            continue
        if trace.showlegend is None and len(fig.data) == 1:
            continue  # plotly hides the legend of a single trace
        names.append(str(trace.name))
    return list(dict.fromkeys(names))


def fit_legend(fig: Any, size: float = 12) -> Any:
    """Widen the right margin of ``fig`` so that its vertical legend fits; returns it.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="x" * 40), go.Bar(name="y")]).update_layout(width=600)
    >>> fit_legend(fig).layout.margin.r >= legend_width("x" * 40) + LEGEND_SYMBOL
    True
    """
    entries = legend_entries(fig)
    if not entries:
        return fig
    legend = fig.layout.legend
    title = legend.title.text if legend.title and legend.title.text else ""
    width = fig.layout.width or 700
    need = max(right_margin(entries, size), legend_width(title, size) + 10)
    fig.update_layout(
        margin={"r": int(need + 0.03 * width)},
        legend={"x": 1.02, "xanchor": "left", "orientation": "v"},
    )
    return fig


def right_margin(entries: Sequence[str], size: float = 12, least: int = 80) -> int:
    """A right margin in pixels wide enough for a vertical legend of ``entries``.

    >>> right_margin(["lookahead:depth=2,samples=8"])
    258
    """
    widest = max((legend_width(e, size) for e in entries), default=0)
    return max(least, int(widest + LEGEND_SYMBOL + 0.5) + 1)
