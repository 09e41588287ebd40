"""How a game's sheets fill up, turn by turn (from ``game.history``); for a simulation
result, :func:`fill_progress` hands over to :mod:`vvlab.viz.progress_runs`."""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pandas as pd
import plotly.graph_objects as go
from plotly.subplots import make_subplots

from vvlab.engine.game import Game
from vvlab.model.markup import literal
from vvlab.plan.geometry import WIDTH
from vvlab.viz.layout import fit_legend
from vvlab.viz.maps import sheet_score
from vvlab.viz.plan import FONT, INK, line_label

if TYPE_CHECKING:
    from vvlab.sim.result import SimulationResult

ALL = "all"
"""The column of :func:`fill_table` for the share of every station on the map."""


def fill_table(game: Game) -> pd.DataFrame:
    """The share of stations filled after each turn, per player: overall and per line.

    Returns
    -------
    pandas.DataFrame
        Index ``(player, turn)`` with turn 0 (the empty sheet) to ``game.turn``;
        columns ``"all"`` and one per line id (a transfer station counts on every
        line through it).

    Examples
    --------
    >>> from vvlab import Card, Game, Move
    >>> game = Game("tutorial", cards=[Card.number(3), Card.star()])
    >>> _ = game.play([Move(line="C")])
    >>> fill_table(game).round(3)
                  all    A    B    C    D
    player turn
    0      0     0.00  0.0  0.0  0.0  0.0
           1     0.25  0.2  0.2  1.0  0.0
    """
    city = game.city
    routes = {line.id: set(line.stations) for line in city.lines}
    rows = []
    for player in range(game.players):
        filled: set[str] = set()
        for turn in range(game.turn + 1):
            if turn > 0:
                filled.update(game.history[turn - 1].filled[player])
            shares = {ALL: len(filled) / len(city.stations)}
            shares.update({ln: len(filled & st) / len(st) for ln, st in routes.items()})
            rows.append({"player": player, "turn": turn, **shares})
    return pd.DataFrame(rows).set_index(["player", "turn"])


def fill_progress(obj: Game | SimulationResult, games: int = 200) -> go.Figure:
    """Per turn, the share of stations filled: of a game, or of a simulation run.

    A ``Game`` (running or finished) gives :func:`game_fill_progress`: one panel per
    player, overall and per line. A ``SimulationResult`` gives
    :func:`~vvlab.viz.progress_runs.run_fill_progress`: per bot the mean curve with a
    10–90% band over the run's first ``games`` games, replayed.

    Parameters
    ----------
    obj
        A :class:`~vvlab.Game` or a ``SimulationResult``.
    games
        Results only: how many of the run's first games to replay.

    Returns
    -------
    plotly.graph_objects.Figure

    Examples
    --------
    >>> import vvlab
    >>> from vvlab.bots import play_game
    >>> game = play_game(vvlab.Game("tutorial", players=2, seed=4), ["greedy", "random"],
    ...                  seed=4)
    >>> fig = fill_progress(game)
    >>> len(fig.data) == 2 * (1 + len(game.city.lines))
    True
    >>> res = vvlab.simulate("tutorial", games=8, seed=1, workers=1, progress=False)
    >>> [t.meta["kind"] for t in fill_progress(res, games=4).data]
    ['band', 'mean']
    """
    if isinstance(obj, Game):
        return game_fill_progress(obj)
    if hasattr(obj, "metadata") and hasattr(obj, "games"):
        from vvlab.viz.progress_runs import run_fill_progress

        return run_fill_progress(obj, games)
    raise TypeError(f"fill_progress takes a Game or a SimulationResult, not {type(obj).__name__}")


def game_fill_progress(game: Game) -> go.Figure:
    """Per turn, the share of stations filled overall and on each line, one panel per
    player of a running or finished game.

    Returns
    -------
    plotly.graph_objects.Figure
        Per player (panel) a thick ``all stations`` trace and one trace per line in
        its colour (``meta`` holds ``player`` and ``line``, ``"all"`` for the overall
        share); x is the turn, from 0 (empty sheet) to ``game.turn``.
    """
    table = fill_table(game)
    cols = min(game.players, 3)
    rows = math.ceil(game.players / cols)
    titles = [
        f"Player {p + 1}: {sheet_score(s, game).total} points" for p, s in enumerate(game.sheets)
    ]
    fig = make_subplots(
        rows=rows,
        cols=cols,
        shared_yaxes=True,
        subplot_titles=titles,
        horizontal_spacing=0.04,
        vertical_spacing=0.12,
    )
    for p in range(game.players):
        at = {"row": p // cols + 1, "col": p % cols + 1}
        for trace in player_traces(game, table.xs(p, level="player"), p):
            fig.add_trace(trace, **at)
    fig.update_yaxes(range=[-0.02, 1.02], tickformat=".0%")
    fig.update_yaxes(title_text="share of stations filled", col=1)
    fig.update_xaxes(title_text="turn", dtick=max(1, round(game.turn / 7)))
    state = "game over" if game.is_over else "running"
    city = literal(game.city.name)
    title = f"<b>{city}</b>: stations filled turn by turn ({state}, turn {game.turn})"
    fig.update_layout(
        title={"text": title, "x": 0.01, "font": {"size": 16}},
        template="plotly_white",
        font={"family": FONT, "color": INK},
        width=WIDTH,
        height=420 * rows + 80,
    )
    return fit_legend(fig)


def player_traces(game: Game, part: pd.DataFrame, player: int) -> list[go.Scatter]:
    """One player's curves: one per line in its colour, then all stations (dotted)."""
    turns = part.index.tolist()
    traces = [
        go.Scatter(
            x=turns,
            y=part[line.id].tolist(),
            mode="lines+markers",
            name=line_label(line),
            legendgroup=line.id,
            showlegend=player == 0,
            marker={"size": 4},
            line={"color": line.color, "width": 2},
            meta={"player": player, "line": line.id},
            hovertemplate=f"{literal(line.id)}, turn %{{x}}: %{{y:.0%}} filled<extra></extra>",
        )
        for line in game.city.lines
    ]
    traces.append(
        go.Scatter(
            x=turns,
            y=part[ALL].tolist(),
            mode="lines",
            name="all stations",
            legendgroup=ALL,
            showlegend=player == 0,
            line={"color": INK, "width": 4, "dash": "dot"},
            meta={"player": player, "line": ALL},
            hovertemplate="all stations, turn %{x}: %{y:.0%} filled<extra></extra>",
        )
    )
    return traces
