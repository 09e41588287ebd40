"""The plan as a figure: :func:`draw_map` (with a player's sheet), :func:`draw_game`."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from vvlab.model.markup import literal
from vvlab.plan.geometry import HEIGHT, WIDTH, Frame, station_size
from vvlab.plan.names import Name
from vvlab.plan.wagons import MapGeometry, map_geometry
from vvlab.viz.names import station_names
from vvlab.viz.plan import (
    FONT,
    INK,
    STAR_FILL,
    at_stations,
    completed_traces,
    line_traces,
    plan_axes,
    plan_layout,
    station_trace,
    wagon_links,
    wagon_traces,
)

if TYPE_CHECKING:
    from vvlab.engine.game import Game
    from vvlab.engine.sheet import Score, Sheet
    from vvlab.model.citymap import CityMap


def sheet_score(sheet: Sheet, game: Game | None = None) -> Score:
    """The sheet's score now; the penalty follows the game's ruleset (the default
    ruleset for a sheet on its own).

    >>> import vvlab
    >>> sheet = vvlab.Sheet(vvlab.load_map("tutorial"))
    >>> str(sheet_score(sheet))
    'bonus 0 + stars 0 - penalty 6 (12 empty) = -6'
    """
    return sheet.score(game.ruleset if game is not None else None)


def _resolve(
    city: CityMap | None, sheet: Sheet | None, game: Game | None, player: int
) -> tuple[CityMap, Sheet | None]:
    if game is not None:
        if sheet is not None:
            raise ValueError("give either sheet= or game= (with player=), not both")
        if not 0 <= player < game.players:
            raise IndexError(f"no player {player!r}: seats are 0 to {game.players - 1}")
        sheet = game.sheets[player]
        city = city if city is not None else game.city
    if city is None:
        raise ValueError("draw_map needs a city (or a game)")
    if sheet is not None and sheet.city is not city and sheet.city != city:
        raise ValueError(f"the sheet is for {sheet.city.id!r}, not for {city.id!r}")
    return city, sheet


def crossed_trace(city: CityMap, sheet: Sheet, axes: tuple[str, str] = ("x", "y")) -> go.Scatter:
    """An X over every crossed station of the sheet."""
    ids = [s for s, m in sheet.marks.items() if m == "X"]
    return go.Scatter(
        mode="markers",
        marker={
            "symbol": "x-thin",
            "size": [station_size(len(city.lines_through(s))) + 3 for s in ids],
            "line": {"color": INK, "width": 2.5},
        },
        hoverinfo="skip",
        **at_stations(city, ids, "crossed", axes),
    )


def stars_trace(city: CityMap, sheet: Sheet, axes: tuple[str, str] = ("x", "y")) -> go.Scatter:
    """The star numbers written on the sheet, each in its station."""
    ids = [s for s, m in sheet.marks.items() if m != "X"]
    return go.Scatter(
        mode="markers+text",
        marker={
            "symbol": "circle",
            "size": [max(15, station_size(len(city.lines_through(s))) + 2) for s in ids],
            "color": STAR_FILL,
            "line": {"color": INK, "width": 1.5},
        },
        text=[str(sheet.marks[s]) for s in ids],
        textfont={"size": 10, "color": INK, "family": FONT},
        hovertext=[f"{literal(city.stations[s].name)}: star {sheet.marks[s]}" for s in ids],
        hoverinfo="text",
        **at_stations(city, ids, "stars", axes),
    )


def plan_traces(
    city: CityMap,
    geo: MapGeometry,
    sheet: Sheet | None,
    axes: tuple[str, str],
    legend: bool,
    names: bool = True,
    frame: Frame | None = None,
    placed: dict[str, Name] | None = None,
    wagons: bool = True,
    lines: bool = True,
) -> list[go.Scatter]:
    """Every trace of the plan, bottom to top (without ``lines`` or ``wagons`` those:
    the editor draws them from caches), with a sheet's marks when given, with ``names``
    the station names (:func:`~vvlab.viz.names.station_names`, for ``frame``, or
    ``placed``), their leaders under the wagons and stations."""
    named = names or placed is not None
    leaders, labels = station_names(city, geo, axes, frame, placed) if named else (None, None)
    traces = completed_traces(city, geo, sheet, axes) if sheet is not None else []
    traces += line_traces(city, geo, axes, showlegend=legend) if lines else []
    traces += [leaders] if leaders is not None else []
    traces += wagon_traces(city, geo, sheet, axes) if wagons else []
    traces.append(station_trace(city, sheet, axes))
    traces += [labels] if labels is not None else []
    if sheet is not None:
        traces += [crossed_trace(city, sheet, axes), stars_trace(city, sheet, axes)]
    return traces


def map_title(city: CityMap, sheet: Sheet | None, game: Game | None, player: int) -> str:
    """The figure title: the city, and with a sheet who it is and the live score."""
    if sheet is None:
        return (
            f"<b>{literal(city.name)}</b>: {len(city.lines)} lines, {len(city.stations)} stations, "
            f"{len(city.transfer_stations)} transfers, {city.total_indicators} indicator boxes"
        )
    score = sheet_score(sheet, game)
    who = f" · player {player + 1}, turn {game.turn}" if game is not None else ""
    return (
        f"<b>{literal(city.name)}</b>{who} · bonus {score.bonus} + stars {score.stars} − penalty "
        f"{score.penalty} ({score.empty} empty) = <b>{score.total}</b>"
    )


def game_title(game: Game) -> str:
    """The title over all sheets of a game.

    >>> import vvlab
    >>> game_title(vvlab.Game("tutorial", players=2, seed=7))
    '<b>Tutorial</b>: 2 players, voll-verplant, turn 0, card 4'
    """
    players = f"{game.players} player{'s' * (game.players != 1)}"
    status = "game over" if game.is_over else f"card {game.card}"
    city, ruleset = literal(game.city.name), literal(game.ruleset.name)
    return f"<b>{city}</b>: {players}, {ruleset}, turn {game.turn}, {status}"


def draw_map(
    city: CityMap | None = None,
    sheet: Sheet | None = None,
    game: Game | None = None,
    player: int = 0,
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
    names: bool = True,
) -> go.Figure:
    """The schematic plan, optionally with a player's sheet filled in.

    Parameters
    ----------
    city
        The map (may be left out when ``game`` is given).
    sheet
        A sheet to show: crossed stations, written star numbers, filled indicator
        boxes, completed lines and the bonus taken, struck-out first bonuses, the live
        score in the title (penalty by the default ruleset).
    game, player
        Instead of ``sheet``: that player's sheet in this game (penalty by its ruleset).
    width, height
        Figure size in pixels; wagons are placed for this size.
    names
        Write the station names (:mod:`vvlab.viz.names`): every transfer station and
        terminus, the others where there is room (every name shows on hover anyway).

    Returns
    -------
    plotly.graph_objects.Figure
        Traces carry ``meta["role"]``: ``line`` (one per line, in the legend),
        ``wagon``, ``indicators`` and ``bonus`` (per line), ``stations``, with
        ``names`` a ``names`` text trace and its ``leaders``, and with a
        sheet ``completed`` (per completed line), ``crossed`` and ``stars``.

    Examples
    --------
    >>> import vvlab
    >>> from vvlab import Card, Game, Move
    >>> [t.name for t in draw_map(vvlab.load_map("tutorial")).data if t.meta["role"] == "line"]
    ['A · Amber', 'B · Blue', 'C · Crimson', 'D · Green']
    >>> game = Game("tutorial", cards=[Card.number(3), Card.star()])
    >>> _ = game.play([Move(line="C")])
    >>> fig = draw_map(game=game)
    >>> fig.layout.title.text
    '<b>Tutorial</b> · player 1, turn 1 · bonus 3 + stars 0 − penalty 4 (9 empty) = <b>-1</b>'
    """
    city, sheet = _resolve(city, sheet, game, player)
    geo = map_geometry(city, width, height)
    fig = go.Figure(plan_traces(city, geo, sheet, ("x", "y"), legend=True, names=names))
    x_axis, y_axis = plan_axes(geo)
    fig.update_layout(
        plan_layout(map_title(city, sheet, game, player), width, height),
        xaxis=x_axis,
        yaxis=y_axis,
        shapes=wagon_links(city, geo),
    )
    return fig


def draw_game(game: Game, *, width: int = WIDTH, height: int = HEIGHT) -> go.Figure:
    """Every player's sheet of a game, one plan under the other, each with its score.

    Parameters
    ----------
    game
        A running or finished game.
    width, height
        Size of each player's plan in pixels (the figure is ``players`` plans high).

    Returns
    -------
    plotly.graph_objects.Figure
        The traces of :func:`draw_map` for each player, on axes ``x``/``y``,
        ``x2``/``y2``, ...; the legend of lines toggles a line on every plan.

    Examples
    --------
    >>> import vvlab
    >>> game = vvlab.Game("tutorial", players=2, seed=7)
    >>> fig = draw_game(game)
    >>> sorted({t.xaxis for t in fig.data}), fig.layout.height
    (['x', 'x2'], 1400)
    """
    city = game.city
    geo = map_geometry(city, width, height)
    titles = [map_title(city, s, game, p) for p, s in enumerate(game.sheets)]
    fig = make_subplots(rows=game.players, cols=1, vertical_spacing=0.06 / game.players)
    shapes = []
    for p, sheet in enumerate(game.sheets):
        n = "" if p == 0 else str(p + 1)
        axes = (f"x{n}", f"y{n}")
        fig.add_traces(plan_traces(city, geo, sheet, axes, legend=p == 0))
        x_axis, y_axis = plan_axes(geo, anchor=axes[0])
        domain = fig.layout[f"yaxis{n}"].domain
        fig.update_layout({f"xaxis{n}": x_axis, f"yaxis{n}": y_axis})
        fig.add_annotation(
            text=titles[p],
            x=0,
            y=domain[1],
            xref="paper",
            yref="paper",
            xanchor="left",
            yanchor="bottom",
            showarrow=False,
            font={"size": 15},
        )
        shapes += wagon_links(city, geo, axes)
    fig.update_layout(
        plan_layout(game_title(game), width, height * game.players),
        shapes=shapes,
    )
    return fig
