"""Figures of simulation results: score distributions, breakdown, lines, bonus race.

The numbers come from the tables of :mod:`vvlab.analysis`
(:func:`~vvlab.analysis.score_stats`, :func:`~vvlab.analysis.breakdown_table`...); this
module only draws them.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from vvlab.analysis import (
    as_results,
    breakdown_table,
    games_table,
    line_completion_table,
    run_labels,
    score_stats,
)
from vvlab.model.markup import literal
from vvlab.plan.geometry import WIDTH
from vvlab.viz.colors import bot_colors, group_colors, lighter
from vvlab.viz.layout import fit_legend
from vvlab.viz.plan import FONT, INK

if TYPE_CHECKING:
    from vvlab.analysis import Results
    from vvlab.sim.result import SimulationResult


def runs_title(result: Results) -> str:
    """What was simulated, for a title: map, ruleset, players, games (per run).

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=20, seed=1, workers=1,
    ...                      progress=False)
    >>> runs_title(res)
    'tutorial, voll-verplant, 2 players, 20 games, seed 1'
    >>> runs_title([res, res])
    '2 runs: tutorial, voll-verplant, 2 players, 40 games'
    """
    results = as_results(result)
    labels = [run_labels(r) for r in results]
    columns = ("city", "ruleset", "players")
    parts = [", ".join(dict.fromkeys(lab[c] for lab in labels)) for c in columns]
    games = sum(int(r.metadata["games"]) for r in results)
    if len(results) == 1:
        title = f"{', '.join(parts)}, {games} games, seed {results[0].metadata['seed']}"
    else:
        title = f"{len(results)} runs: {', '.join(parts)}, {games} games"
    return literal(title)  # a ruleset's name is text


def _layout(title: str, **more: Any) -> dict[str, Any]:
    return {
        "title": {"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 16}},
        "template": "plotly_white",
        "font": {"family": FONT, "color": INK},
        "width": WIDTH,
        "height": 560,
        # the y axis's lowest label clear of the x axis's first one at the corner
        "yaxis": {"ticklabelstandoff": 4},
        **more,
    }


MAX_BINS = 40
"""At most this many histogram bins per group: wider ranges get wider (whole) bins."""


def bin_size(low: float, high: float, max_bins: int = MAX_BINS) -> int:
    """A whole bin width that covers the integers ``low..high`` in at most ``max_bins``.

    >>> bin_size(3, 30), bin_size(0, 120), bin_size(-5, 90)
    (1, 4, 3)
    """
    return max(1, math.ceil((int(high) - int(low) + 1) / max_bins))


def value_shares(values: Any, size: int = 1) -> Any:
    """The share of values in each bin of ``size`` whole values, bins from the smallest
    value up (empty ones included), indexed by the bin's centre. Bins are aligned on the
    integers: a bin ``[k, k + size - 1]`` has its edges at ``k - 0.5`` and
    ``k + size - 0.5``, so every bin holds the same number of possible scores.

    >>> import pandas as pd
    >>> value_shares(pd.Series([1, 1, 3, 4])).tolist()
    [0.5, 0.0, 0.25, 0.25]
    >>> value_shares(pd.Series([1, 1, 3, 4]), size=2).to_dict()
    {1.5: 0.5, 3.5: 0.5}
    """
    low = int(values.min())
    bins = (values.astype(int) - low) // size
    counts = bins.value_counts().sort_index()
    full = range(int(counts.index.max()) + 1)
    shares = counts.reindex(full, fill_value=0) / counts.sum()
    centres = [low + k * size + (size - 1) / 2 for k in full]
    shares.index = [int(c) for c in centres] if size == 1 else centres
    return shares


def _alpha(color: str, alpha: float) -> str:
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def _histogram(group: str, share: Any, color: str, measure: str, size: int) -> go.Scatter:
    """A histogram as a filled step line: a step per bin, edges at half-integers."""
    at = "%{x}" if size == 1 else f"%{{x:.1f}} ± {(size - 1) / 2:g}"
    return go.Scatter(
        x=share.index.tolist(),
        y=share.tolist(),
        mode="lines",
        line_shape="hvh",
        name=literal(group),
        legendgroup=literal(group),
        line={"color": color, "width": 2},
        fill="tozeroy",
        fillcolor=_alpha(color, 0.12),
        hovertemplate=f"{literal(group)}<br>{measure} {at}: %{{y:.1%}} of games<extra></extra>",
        meta={"role": "histogram", "group": group, "bin_size": size},
    )


def _mean_marker(group: str, row: Any, height: float, color: str) -> go.Scatter:
    """The mean of a group with its 95% CI as error bar; a group of one game has no
    interval (``ci95`` is ``NaN``): no error bar, ``meta["ci95"]`` is ``None``."""
    mean, ci, games = float(row["mean"]), float(row["ci95"]), int(row["games"])
    known = math.isfinite(ci)
    spread = f"95% CI ± {ci:.2f}" if known else "95% CI unknown"
    return go.Scatter(
        x=[mean],
        y=[height],
        mode="markers+text",
        name=f"{literal(group)} mean",
        legendgroup=literal(group),
        showlegend=False,
        error_x={"type": "data", "array": [ci]} if known else {"visible": False},
        marker={"symbol": "diamond", "size": 11, "color": color},
        text=[f"{mean:.1f} ± {ci:.1f}" if known else f"{mean:.1f}"],
        textposition="top center",  # above: clear of the CI whiskers
        textfont={"color": color},
        hovertemplate=f"{literal(group)}: mean {mean:.2f}, {spread}, {games} games<extra></extra>",
        meta={
            "role": "mean",
            "group": group,
            "mean": mean,
            "ci95": ci if known else None,
            "games": games,
        },
    )


def score_distribution(result: Results, by: str = "bot", measure: str = "score") -> go.Figure:
    """The distribution of the score in each group, with its mean and 95% CI.

    Parameters
    ----------
    result
        A simulation result, or a list of them to compare several runs.
    by
        ``"bot"`` (bot spec), ``"players"`` (player count), ``"city"`` (map id) or
        ``"ruleset"`` (name); all but ``"bot"`` come from each run's metadata.
    measure
        A column of ``result.games``: ``"score"`` or one of its parts.

    Returns
    -------
    plotly.graph_objects.Figure
        Per group a histogram (``meta["role"] == "histogram"``, the share of games
        at each value) and a ``mean`` marker at the mean with the 95% CI as error bar
        (``meta`` holds ``group``, ``mean``, ``ci95``, ``games``; a group of one game
        has no error bar and ``ci95`` ``None``).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=50,
    ...                      seed=1, workers=1, progress=False)
    >>> fig = score_distribution(res)
    >>> [t.name for t in fig.data if t.meta["role"] == "histogram"]
    ['greedy', 'random']
    """
    table = games_table(result)
    stats = score_stats(result, by, measure, table=table)
    colors = group_colors(stats.index, by)
    size = bin_size(table[measure].min(), table[measure].max())
    shares = {g: value_shares(table.loc[table[by] == g, measure], size) for g in stats.index}
    fig = go.Figure([_histogram(g, shares[g], colors[g], measure, size) for g in stats.index])
    top = max(float(share.max()) for share in shares.values())
    for i, (group, row) in enumerate(stats.iterrows()):
        fig.add_trace(_mean_marker(group, row, top * (1.08 + 0.07 * i), colors[group]))
        fig.add_vline(x=row["mean"], line={"color": colors[group], "dash": "dash", "width": 1})
    fig.update_layout(
        _layout(
            f"<b>{measure.capitalize()} by {by}</b> · {runs_title(result)}",
            legend={"title": {"text": by}},
        ),
        xaxis={"title": {"text": measure}},
        yaxis={"title": {"text": "share of games"}, "tickformat": ".0%"},
    )
    return fit_legend(fig)


BAR_WIDTH = 0.5
"""Width of the breakdown's bars, in groups (one group = 1 on the x axis)."""
MEAN_GAP = 0.06
"""Gap between a breakdown bar and its mean marker, in groups."""


def score_breakdown(result: Results, by: str = "bot") -> go.Figure:
    """The mean score of each group split into bonus, stars and penalty (below zero).

    Parameters
    ----------
    result
        A simulation result, or a list of them to compare several runs.
    by
        ``"bot"``, ``"players"``, ``"city"`` or ``"ruleset"``, as in
        :func:`score_distribution`.

    Returns
    -------
    plotly.graph_objects.Figure
        Stacked bars ``bonus``, ``stars``, ``penalty`` (negative) per group, and a
        ``mean score`` marker per group at their sum.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=50,
    ...                      seed=1, workers=1, progress=False)
    >>> [t.name for t in score_breakdown(res).data]
    ['bonus', 'stars', 'penalty', 'mean score']
    """
    table = breakdown_table(result, by)
    groups = [str(g) for g in table.index]
    shown = [literal(g) for g in groups]  # a ruleset's or bot's name is text
    at = list(range(len(groups)))
    fig = go.Figure()
    parts = (("bonus", 1, "#4C9F70"), ("stars", 1, "#FFC83D"), ("penalty", -1, "#D9534F"))
    for name, sign, color in parts:
        values = (sign * table[name]).tolist()
        fig.add_bar(
            x=at,
            y=values,
            width=BAR_WIDTH,
            name=name,
            marker={"color": color},
            text=[f"{v:+.1f}" for v in values],
            textposition="inside",
            customdata=shown,
            meta={"role": "part", "groups": groups},
            hovertemplate=f"%{{customdata}}: mean {name} %{{y:.2f}}<extra></extra>",
        )
    fig.add_scatter(  # beside the bars, so the marker and its text cover no bar label
        x=[i + BAR_WIDTH / 2 + MEAN_GAP for i in at],
        y=table["score"].tolist(),
        mode="markers+text",
        name="mean score",
        marker={"symbol": "diamond", "size": 13, "color": INK},
        text=[f"{v:.1f}" for v in table["score"]],
        textposition="middle right",
        customdata=shown,
        meta={"role": "mean", "groups": groups},
        hovertemplate="%{customdata}: mean score %{y:.2f}<extra></extra>",
    )
    fig.update_layout(
        _layout(f"<b>Mean score by {by}</b>: bonus + stars − penalty · {runs_title(result)}"),
        barmode="relative",
        xaxis={
            "title": {"text": by},
            "tickvals": at,
            "ticktext": shown,
            "range": [-0.6, len(groups) - 0.4],
        },
        yaxis={"title": {"text": "points (mean per game)"}, "zeroline": True},
    )
    return fit_legend(fig)


def _line_labels(result: SimulationResult, lines: list[str]) -> dict[str, str]:
    color = {ln["id"]: ln["color"] for ln in result.metadata["map"]["lines"]}
    return {ln: f"<span style='color:{color[ln]}'>■</span> {ln}" for ln in lines}


def line_completion(result: SimulationResult) -> go.Figure:
    """Per line and bot: completion rate and mean completion turn, beside the line's
    bonus pair, lines from the most to the least often completed.

    A well-balanced map pays more for lines completed less often: down the figure the
    bonus bars should grow; a bar out of step marks an over- or under-rewarded line.

    Returns
    -------
    plotly.graph_objects.Figure
        Three panels sharing the lines as rows: ``rate`` bars and ``turn`` markers
        (one trace each per bot, named by the bot), and the ``first bonus`` and
        ``later bonus`` bars in the line colours.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=50,
    ...                      seed=1, workers=1, progress=False)
    >>> [(t.meta["role"], t.name) for t in line_completion(res).data][:3]
    [('rate', 'greedy'), ('turn', 'greedy'), ('rate', 'random')]
    """
    table = line_completion_table(result)
    lines = list(dict.fromkeys(table.index.get_level_values("line")))
    labels = _line_labels(result, lines)
    bots = list(dict.fromkeys(table.index.get_level_values("bot")))
    colors = bot_colors(bots)
    fig = make_subplots(
        rows=1,
        cols=3,
        shared_yaxes=True,
        column_widths=[0.42, 0.33, 0.25],
        horizontal_spacing=0.03,
        subplot_titles=("completion rate", "mean completion turn", "bonus first / later"),
    )
    y = [labels[ln] for ln in lines]
    for bot in bots:
        rate, turn = _bot_traces(bot, table.xs(bot, level="bot").reindex(lines), y, colors[bot])
        fig.add_trace(rate, row=1, col=1)
        fig.add_trace(turn, row=1, col=2)
    _bonus_bars(fig, result, table, lines, labels)
    fig.update_layout(
        _layout(f"<b>Lines: completion and bonus</b> · {runs_title(result)}"),
        barmode="group",
        height=max(420, 120 + 38 * len(lines)),
        legend={"title": {"text": "bot"}},
    )
    fig.update_yaxes(autorange="reversed", type="category")
    fig.update_xaxes(tickformat=".0%", range=[0, 1.02], row=1, col=1)
    return fit_legend(fig)


def _bot_traces(bot: str, part: Any, y: list[str], color: str) -> tuple[go.Bar, go.Scatter]:
    """A bot's completion-rate bars and mean-turn markers, one per line (row)."""
    lines = part.index.tolist()
    rate = go.Bar(
        x=part["rate"].tolist(),
        y=y,
        orientation="h",
        name=bot,
        legendgroup=bot,
        marker={"color": color},
        meta={"role": "rate", "bot": bot, "lines": lines},
        hovertemplate="%{y}: completed on %{x:.1%} of sheets<extra>" + bot + "</extra>",
    )
    turn = go.Scatter(
        x=part["turn"].tolist(),
        y=y,
        mode="markers",
        name=bot,
        legendgroup=bot,
        showlegend=False,
        marker={"color": color, "size": 10, "symbol": "diamond"},
        meta={"role": "turn", "bot": bot, "lines": lines},
        hovertemplate="%{y}: completed on turn %{x:.1f} on average<extra>" + bot + "</extra>",
    )
    return rate, turn


def _bonus_bars(
    fig: go.Figure,
    result: SimulationResult,
    table: Any,
    lines: list[str],
    labels: dict[str, str],
) -> None:
    color = {ln["id"]: ln["color"] for ln in result.metadata["map"]["lines"]}
    first = table.groupby(level="line", sort=False)["bonus_first"].first().reindex(lines)
    later = table.groupby(level="line", sort=False)["bonus_later"].first().reindex(lines)
    for name, values, shade in (("first bonus", first, 0.0), ("later bonus", later, 0.55)):
        fig.add_bar(
            x=values.tolist(),
            y=[labels[ln] for ln in lines],
            orientation="h",
            name=name,
            showlegend=False,
            marker={"color": [lighter(color[ln], shade) for ln in lines]},
            text=values.tolist(),
            textposition="outside",
            cliponaxis=False,
            meta={"role": "bonus", "kind": name.split()[0], "lines": lines},
            hovertemplate="%{y}: " + name + " %{x}<extra></extra>",
            row=1,
            col=3,
        )
