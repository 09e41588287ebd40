"""Legends that fit their figure: :func:`fit_legend` (every chart's one legend layout)
puts the legend beside the plot or below it, with the margin its entries need, as
estimated by :func:`legend_width` (plotly lays out text in the browser).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vvlab.plan.geometry import WIDTH
from vvlab.plan.text import SCREEN

LEGEND_SYMBOL = 40
"""Pixels of a legend item besides its text: the symbol and the gaps."""
LEGEND_SHARE = 1 / 3
"""The most of a figure's width a legend beside the plot may take (a wider one goes below)."""
LEGEND_ROW = 2.0
"""Height of a row of a horizontal legend, in font sizes (plotly's, with room)."""
LEGEND_WIDEN = 1.2
"""How much wider than Arial legend text may be set (see :func:`legend_width`)."""


def legend_width(text: str, size: float = 12) -> float:
    """Width in pixels to keep for ``text`` (its longest line) in a legend at ``size``
    px: the screen's glyph widths (:data:`~vvlab.plan.text.SCREEN`) widened by
    :data:`LEGEND_WIDEN`, plus one em. Generous on purpose: plotly's fonts fall back on
    Linux to DejaVu Sans, up to 13% wider than Arial, and a clipped legend hides a
    series name where a wide margin only costs plot area.

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
    """Lay out the legend of ``fig`` so that it fits the figure; returns it: beside the
    plot (right margin widened to its widest entry) when that takes at most
    :data:`LEGEND_SHARE` of the width, else in rows below it (bottom margin grown).

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="x" * 20), go.Bar(name="y")]).update_layout(width=900)
    >>> fit_legend(fig).layout.legend.orientation, fig.layout.margin.r >= right_margin(["x" * 20])
    ('v', True)
    >>> fit_legend(fig.update_layout(width=500)).layout.legend.orientation
    'h'
    """
    entries = legend_entries(fig)
    if not entries:
        return fig
    legend = fig.layout.legend
    title = legend.title.text if legend.title and legend.title.text else ""
    width = fig.layout.width or WIDTH
    need = max(right_margin(entries, size), legend_width(title, size) + 10)
    if need > LEGEND_SHARE * width:
        return _legend_below(fig, entries, title, size)
    return fig.update_layout(
        margin={"r": int(need + 0.03 * width)},
        legend={"x": 1.02, "xanchor": "left", "orientation": "v"},
    )


def _legend_below(fig: Any, entries: Sequence[str], title: str, size: float) -> Any:
    """A horizontal legend at the bottom of ``fig``, under the x axis's labels."""
    margin = fig.layout.margin
    left, right = margin.l if margin.l is not None else 80, LEGEND_SYMBOL
    rows = legend_rows(entries, (fig.layout.width or WIDTH) - left - right, title, size)
    axis = margin.b if margin.b is not None else 80  # the x axis's ticks and title
    return fig.update_layout(
        margin={"r": right, "b": int(axis + rows * LEGEND_ROW * size + 10)},
        legend={
            "orientation": "h",
            "x": 0,
            "xanchor": "left",
            "y": 0,
            "yanchor": "bottom",
            "yref": "container",
        },
    )


def legend_rows(entries: Sequence[str], width: float, title: str = "", size: float = 12) -> int:
    """How many rows a horizontal legend of ``entries`` (``title`` first) takes in
    ``width`` pixels: entries fill a row left to right, as plotly sets them.

    >>> legend_rows(["a", "b", "c"], 1000), legend_rows(["x" * 30] * 3, 500)
    (1, 3)
    """
    rows, used = 1, legend_width(title, size) if title else 0.0
    for entry in entries:
        item = legend_width(entry, size) + LEGEND_SYMBOL
        if used and used + item > width:
            rows, used = rows + 1, 0.0
        used += item
    return rows


def right_margin(entries: Sequence[str], size: float = 12, least: int = 80) -> int:
    """A right margin in pixels wide enough for a vertical legend of ``entries``.

    >>> right_margin(["lookahead:depth=2,samples=8"])
    258
    """
    widest = max((legend_width(e, size) for e in entries), default=0)
    return max(least, int(widest + LEGEND_SYMBOL + 0.5) + 1)
