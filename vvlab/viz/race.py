"""The race for first bonuses: what became of them, by player count and bot."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from vvlab.analysis import OUTCOMES, bonus_race_table
from vvlab.viz.layout import fit_legend
from vvlab.viz.results import _layout, runs_title

if TYPE_CHECKING:
    from vvlab.analysis import Results

OUTCOME_COLORS = dict(zip(OUTCOMES, ("#2CA02C", "#FFB000", "#D62728", "#C7C7C7"), strict=True))


def bonus_race(result: Results) -> go.Figure:
    """What became of the first bonuses, by player count and bot.

    Parameters
    ----------
    result
        A simulation result or a list of them (typically the same map played by 1, 2,
        3, ... players).

    Returns
    -------
    plotly.graph_objects.Figure
        One stacked horizontal bar trace per outcome of
        :data:`~vvlab.analysis.OUTCOMES` (won; lost to a later bonus; lost and not
        completed; nobody completed) over the rows ``"<players> · <bot>"``
        (``meta`` holds ``players`` and ``bots`` per row), with horizontal labels;
        each bar sums to 1.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=50,
    ...                      seed=1, workers=1, progress=False)
    >>> [t.name for t in bonus_race(res).data]
    ['first bonus won', 'later bonus', 'crossed out, not completed', 'nobody completed']
    """
    table = bonus_race_table(result)
    players = table.index.get_level_values("players").tolist()
    bots = table.index.get_level_values("bot").tolist()
    y = [f"{p} · {b}" for p, b in zip(players, bots, strict=True)]
    fig = go.Figure()
    for outcome in OUTCOMES:
        fig.add_bar(
            x=table[outcome].tolist(),
            y=y,
            orientation="h",
            name=outcome,
            marker={"color": OUTCOME_COLORS[outcome]},
            text=[f"{v:.0%}" if v >= 0.04 else "" for v in table[outcome]],
            textposition="inside",
            meta={"role": "outcome", "outcome": outcome, "players": players, "bots": bots},
            hovertemplate="%{y}: " + outcome + " on %{x:.1%} of line sheets<extra></extra>",
        )
    fig.update_layout(
        _layout(f"<b>The race for first bonuses</b> · {runs_title(result)}"),
        barmode="stack",
        height=max(300, 160 + 34 * len(y)),
        xaxis={"title": {"text": "share of (sheet, line) pairs"}, "tickformat": ".0%"},
        yaxis={"autorange": "reversed", "type": "category", "ticksuffix": " "},
        legend={"title": {"text": "first bonus"}},
    )
    return fit_legend(fig)
