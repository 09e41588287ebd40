"""The test of the figures' legends: whether a legend fits inside its figure, by the
widths :func:`vvlab.viz.layout.legend_width` estimates (the oracle of
:func:`~vvlab.viz.layout.fit_legend`, kept with the tests that use it)."""

from __future__ import annotations

from typing import Any

from vvlab.viz.layout import LEGEND_SYMBOL, legend_entries, legend_width


def legend_fits(fig: Any, size: float = 12) -> bool:
    """Whether ``fig``'s legend fits inside the figure, by estimated text widths.

    A vertical legend at the right (the plotly default, ``x`` >= 1) must fit in the
    right margin; a horizontal legend must fit its longest entry within the width.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="x" * 40), go.Bar(name="y")])
    >>> fig.update_layout(width=600, margin={"r": 80}).layout.width
    600
    >>> legend_fits(fig)
    False
    >>> legend_fits(fig.update_layout(legend={"orientation": "h", "y": -0.14}))
    True
    >>> from vvlab.viz.layout import fit_legend
    >>> legend_fits(fit_legend(fig.update_layout(legend={"orientation": "v"})))
    True
    """
    entries = legend_entries(fig)
    if not entries or fig.layout.showlegend is False:
        return True
    legend = fig.layout.legend
    font = legend.font.size if legend.font and legend.font.size else size
    need = max(legend_width(e, font) for e in entries) + LEGEND_SYMBOL
    if legend.title and legend.title.text:
        need = max(need, legend_width(legend.title.text, font))
    width = fig.layout.width or 700
    if legend.orientation == "h":
        return need <= width
    margin = fig.layout.margin.r if fig.layout.margin.r is not None else 80
    x = legend.x if legend.x is not None else 1.02
    margins = (fig.layout.margin.l or 80) + margin
    spare = margin - (x - 1) * (width - margins) if x >= 1 else width
    return need <= spare
