"""How sheets fill up over a simulation run: its first games replayed, per bot the mean
share of stations filled after each turn with a 10–90% band."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np
import pandas as pd
import plotly.graph_objects as go

from vvlab.model.markup import literal
from vvlab.plan.geometry import WIDTH
from vvlab.viz.colors import bot_colors
from vvlab.viz.layout import fit_legend
from vvlab.viz.plan import FONT, INK

if TYPE_CHECKING:
    from vvlab.engine.game import Game
    from vvlab.sim.result import SimulationResult

LOW, HIGH = 0.1, 0.9
"""The quantiles bounding the band of :func:`run_fill_progress`."""


def game_shares(game: Game) -> np.ndarray:
    """Per player (rows), the share of the map's stations filled after each turn
    (columns: turn 0, the empty sheet, to ``game.turn``).

    Examples
    --------
    >>> from vvlab import Card, Game, Move
    >>> game = Game("tutorial", players=2, cards=[Card.number(3), Card.star()])
    >>> _ = game.play([Move(line="C"), Move(line="A")])
    >>> game_shares(game)
    array([[0.  , 0.25],
           [0.  , 0.25]])
    """
    counts = np.zeros((game.players, game.turn + 1), dtype=np.int64)
    for turn, record in enumerate(game.history, start=1):
        counts[:, turn] = [len(record.filled[p]) for p in range(game.players)]
    return np.cumsum(counts, axis=1) / len(game.city.stations)


def run_fill_table(result: SimulationResult, games: int = 200) -> pd.DataFrame:
    """The share of stations filled after each turn in the first ``games`` games of a
    run, replayed with the reference engine (:func:`vvlab.sim.replay_games`).

    A game that ended early keeps its final share up to the longest of these games, so
    every (game, player) has the same turns.

    Parameters
    ----------
    result
        A ``SimulationResult`` whose bots can be rebuilt from their specs.
    games
        How many of its first games to replay (at most the run's).

    Returns
    -------
    pandas.DataFrame
        Tidy: ``game``, ``player``, ``bot`` (the seat's spec), ``turn`` (0 is the empty
        sheet) and ``share``.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=20,
    ...                      seed=2, workers=1, progress=False)
    >>> table = run_fill_table(res, games=5)
    >>> list(table.columns), table["game"].nunique(), table["bot"].unique().tolist()
    (['game', 'player', 'bot', 'turn', 'share'], 5, ['greedy', 'random'])
    """
    from vvlab.sim.replay import replay_games

    n = min(int(games), int(result.metadata["games"]))
    curves = {g: game_shares(game) for g, game in replay_games(result, n)}
    turns = max(c.shape[1] for c in curves.values())
    players = int(result.metadata["players"])
    shares = np.stack(
        [np.pad(c, ((0, 0), (0, turns - c.shape[1])), mode="edge") for c in curves.values()]
    )  # (game, player, turn)
    game, player, turn = np.meshgrid(list(curves), range(players), range(turns), indexing="ij")
    return pd.DataFrame(
        {
            "game": game.ravel(),
            "player": player.ravel(),
            "bot": np.asarray(result.bots, dtype=object)[player.ravel()],
            "turn": turn.ravel(),
            "share": shares.ravel(),
        }
    )


def band_table(table: pd.DataFrame) -> pd.DataFrame:
    """Per bot and turn the ``mean`` share and its ``low`` (10%) and ``high`` (90%)
    quantiles (linear interpolation) over every game and seat of that bot.

    >>> t = pd.DataFrame({"bot": "b", "turn": 0, "share": [0.0, 0.5, 1.0]})
    >>> band_table(t).round(2).to_dict("records")
    [{'bot': 'b', 'turn': 0, 'mean': 0.5, 'low': 0.1, 'high': 0.9}]
    """
    grouped = table.groupby(["bot", "turn"], sort=False)["share"]
    stats = grouped.agg(["mean"]).assign(low=grouped.quantile(LOW), high=grouped.quantile(HIGH))
    return stats.reset_index()


def _rgba(color: str, alpha: float) -> str:
    r, g, b = (int(color[i : i + 2], 16) for i in (1, 3, 5))
    return f"rgba({r},{g},{b},{alpha})"


def bot_traces(bot: str, part: pd.DataFrame, color: str) -> tuple[go.Scatter, go.Scatter]:
    """A bot's band (a closed polygon, 90% curve out and 10% curve back) and mean line."""
    turns = part["turn"].tolist()
    band = go.Scatter(
        x=turns + turns[::-1],
        y=part["high"].tolist() + part["low"].tolist()[::-1],
        fill="toself",
        fillcolor=_rgba(color, 0.2),
        line={"width": 0, "color": color},
        mode="lines",
        name=f"{bot}: 10–90%",
        legendgroup=bot,
        showlegend=False,
        hoverinfo="skip",
        meta={"bot": bot, "kind": "band"},
    )
    mean = go.Scatter(
        x=turns,
        y=part["mean"].tolist(),
        mode="lines",
        name=bot,
        legendgroup=bot,
        line={"color": color, "width": 3},
        customdata=part[["low", "high"]].to_numpy(),
        meta={"bot": bot, "kind": "mean"},
        hovertemplate=(
            f"{bot}, turn %{{x}}: mean %{{y:.0%}} filled "
            "(10–90%: %{customdata[0]:.0%}–%{customdata[1]:.0%})<extra></extra>"
        ),
    )
    return band, mean


def run_fill_progress(result: SimulationResult, games: int = 200) -> go.Figure:
    """Per turn, the share of stations filled per bot over the first ``games`` games of
    a run (replayed): the mean as a line, the 10–90% quantiles as a shaded band.

    Returns
    -------
    plotly.graph_objects.Figure
        Per bot (colours of :func:`~vvlab.viz.bot_colors`) a band trace (``fill=
        "toself"``, ``meta={"bot": ..., "kind": "band"}``) and a mean trace
        (``"kind": "mean"``), every band first so the means are drawn on top; x is the
        turn from 0 (empty sheet).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=20,
    ...                      seed=2, workers=1, progress=False)
    >>> fig = run_fill_progress(res, games=10)
    >>> [(t.meta["bot"], t.meta["kind"]) for t in fig.data]
    [('greedy', 'band'), ('random', 'band'), ('greedy', 'mean'), ('random', 'mean')]
    >>> "first 10 games" in fig.layout.title.text
    True
    """
    table = run_fill_table(result, games)
    stats = band_table(table)
    colors = bot_colors(result.bots)
    pairs = [
        bot_traces(str(bot), part, colors[str(bot)])
        for bot, part in stats.groupby("bot", sort=False)
    ]
    fig = go.Figure([band for band, _ in pairs] + [mean for _, mean in pairs])
    n = int(table["game"].nunique())
    m = result.metadata
    title = (
        f"<b>{literal(m['map_name'])}</b>: stations filled turn by turn, mean and 10–90% band "
        f"per bot over the first {n} games (of {m['games']}, seed {m['seed']})"
    )
    turns = int(table["turn"].max())
    fig.update_yaxes(title_text="share of stations filled", range=[-0.02, 1.02], tickformat=".0%")
    fig.update_xaxes(title_text="turn", dtick=max(1, round(turns / 10)))
    fig.update_layout(
        title={"text": title, "x": 0.01, "font": {"size": 16}},
        template="plotly_white",
        font={"family": FONT, "color": INK},
        legend_title_text="bot",
        width=WIDTH,
        height=520,
    )
    return fit_legend(fig)
