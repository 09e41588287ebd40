"""Figures and tables of ``BalanceExplorer``: the ``vvlab.viz`` figures of a batch
(the view redraws them in place through
:class:`~vvlab.widgets.figure_update.FigureUpdate`), and the what-if comparison."""

from __future__ import annotations

import html

import pandas as pd
import plotly.graph_objects as go

from vvlab.analysis.what_if import WhatIf
from vvlab.plan.geometry import WIDTH
from vvlab.viz import (
    bonus_race,
    line_completion,
    score_breakdown,
    score_distribution,
    station_heatmap,
)
from vvlab.widgets.explorer.batch import Batch

FIGURES = ("distribution", "breakdown", "lines", "heatmap", "bonus race")
"""The explorer's figures, in tab order."""


def placeholder_figure(text: str, width: int = WIDTH, height: int = 360) -> go.Figure:
    """A figure with no axes that only says ``text``: what a tab shows before the
    first run, instead of empty axes.

    >>> fig = placeholder_figure("Nothing yet")
    >>> fig.data, fig.layout.annotations[0].text, fig.layout.xaxis.visible
    ((), 'Nothing yet', False)
    """
    fig = go.Figure()
    fig.update_layout(
        template="plotly_white",
        width=width,
        height=height,
        xaxis={"visible": False},
        yaxis={"visible": False},
        annotations=[
            {
                "text": text,
                "x": 0.5,
                "y": 0.5,
                "xref": "paper",
                "yref": "paper",
                "showarrow": False,
                "font": {"size": 15, "color": "#666666"},
            }
        ],
    )
    return fig


def waiting_text(name: str) -> str:
    """The message of an explorer tab before its first run.

    >>> waiting_text("bonus race")
    'No results yet: choose cities, bots and players, then press Run to see the bonus race.'
    """
    return f"No results yet: choose cities, bots and players, then press Run to see the {name}."


def batch_figures(batch: Batch, focus: str | int = 0, by: str = "bot") -> dict[str, go.Figure]:
    """The five figures of a batch: distribution and breakdown (every result, grouped
    ``by``), bonus race (every result), and lines and heatmap of the ``focus`` result.

    Examples
    --------
    >>> import vvlab
    >>> from vvlab.widgets.explorer.controller import BalanceExplorerController
    >>> c = BalanceExplorerController(["tutorial"], ["greedy"], [1, 2], games=20, seed=1)
    >>> figures = batch_figures(c.run(), focus=1, by="players")
    >>> list(figures) == list(FIGURES), [t.name for t in figures["distribution"].data][:2]
    (True, ['1 player', '2 players'])
    """
    results = list(batch.results)
    one = batch.result(focus)
    return {
        "distribution": score_distribution(results, by=by),
        "breakdown": score_breakdown(results, by=by),
        "lines": line_completion(one),
        "heatmap": station_heatmap(None, one),
        "bonus race": bonus_race(results),
    }


def what_if_figure(outcome: WhatIf) -> go.Figure:
    """Completion rate per line, original beside changed (``meta["role"]`` is
    ``"original"`` or ``"changed"``), and the mean score per bot in the title.

    >>> import pandas as pd
    >>> lines = pd.DataFrame({"rate_a": [0.5], "rate_b": [0.7], "difference": [0.2]},
    ...                      index=pd.Index(["A"], name="line"))
    >>> comparison = pd.DataFrame({"mean_a": [10.0], "mean_b": [11.0]},
    ...                           index=pd.Index(["greedy"], name="bot"))
    >>> fig = what_if_figure(WhatIf(comparison, lines, None, None))
    >>> [(t.name, list(t.y)) for t in fig.data]
    [('original', [0.5]), ('changed', [0.7])]
    """
    lines = outcome.lines
    fig = go.Figure()
    for role, column, color in (
        ("original", "rate_a", "#9AA5B1"),
        ("changed", "rate_b", "#1F77B4"),
    ):
        fig.add_bar(
            x=lines.index.tolist(),
            y=lines[column].tolist(),
            name=role,
            marker={"color": color},
            meta={"role": role},
            hovertemplate="line %{x}: completed on %{y:.1%} of sheets<extra>" + role + "</extra>",
        )
    scores = ", ".join(
        f"{bot} {row['mean_a']:.2f} → {row['mean_b']:.2f}"
        for bot, row in outcome.comparison.iterrows()
    )
    fig.update_layout(
        title={"text": f"<b>What if</b>: line completion · mean score {scores}", "x": 0.01},
        template="plotly_white",
        barmode="group",
        width=800,
        height=380,
        xaxis={"title": {"text": "line"}, "type": "category"},
        yaxis={"title": {"text": "completion rate"}, "tickformat": ".0%", "range": [0, 1.02]},
    )
    return fig


def _table_html(frame: pd.DataFrame, caption: str) -> str:
    body = frame.to_html(float_format=lambda x: f"{x:.3f}", border=0)
    return f"<div style='margin-right:24px'><b>{html.escape(caption)}</b>{body}</div>"


def what_if_html(outcome: WhatIf, description: str) -> str:
    """The comparison (by bot) and the line rates side by side, as HTML.

    >>> import pandas as pd
    >>> lines = pd.DataFrame({"rate_a": [0.5], "rate_b": [0.7], "difference": [0.2]},
    ...                      index=pd.Index(["A"], name="line"))
    >>> text = what_if_html(WhatIf(lines, lines, None, None), "line A: indicators 3")
    >>> "0.700" in text, "line A: indicators 3" in text
    (True, True)
    """
    return (
        f"<p>{html.escape(description)} (seed {outcome.seed}, same card deals in both runs "
        "unless the deck changed)</p><div style='display:flex;flex-wrap:wrap'>"
        + _table_html(outcome.comparison, "score: original (a) vs changed (b)")
        + _table_html(outcome.lines, "line completion: original (a) vs changed (b)")
        + "</div>"
    )
