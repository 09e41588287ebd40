"""Shared helpers for the engine scenario tests: tiny purpose-built maps and scripts."""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest

import vvlab
from vvlab import Game, Move


def build_city(lines: dict[str, list[str]], indicators=1, bonus=(3, 1), city_id="t") -> dict:
    """A map dict in the vvlab-map/1 format.

    ``lines`` maps line ids to routes (from the wagon to the terminus); ``indicators``
    and ``bonus`` are one value for every line or a dict by line id.
    """
    stations: dict[str, dict] = {}
    for route in lines.values():
        for sid in route:
            stations.setdefault(sid, {"name": sid, "x": len(stations), "y": 0})

    def per(value, line_id):
        return value[line_id] if isinstance(value, dict) else value

    return {
        "format": "vvlab-map/1",
        "id": city_id,
        "name": city_id,
        "stations": stations,
        "lines": [
            {
                "id": lid,
                "name": lid,
                "color": "#123456",
                "indicators": per(indicators, lid),
                "bonus": list(per(bonus, lid)),
                "stations": list(route),
            }
            for lid, route in lines.items()
        ],
    }


def to_move(token) -> Move:
    """``"R"`` plays line R, ``"@c"`` crosses station c (free card), ``"-"`` passes."""
    if isinstance(token, Move) or not isinstance(token, str):
        return token
    if token == "-":
        return Move()
    if token.startswith("@"):
        return Move(station=token[1:])
    return Move(line=token)


def run_script(city, cards, turns: Sequence, players: int = 1, ruleset=None):
    """Play scripted ``turns`` (a token per turn when solo, else a tuple of tokens).

    Returns the game and the list of turn records.
    """
    game = Game(
        vvlab.load_map(city),
        players=players,
        cards=list(cards),
        **({} if ruleset is None else {"ruleset": ruleset}),
    )
    records = []
    for turn in turns:
        tokens = [turn] if players == 1 else list(turn)
        records.append(game.play([to_move(t) for t in tokens]))
    return game, records


def play_randomly(game: Game, rng: np.random.Generator) -> None:
    """Play random legal moves to the end, checking legal moves are never empty."""
    while not game.is_over:
        moves = []
        for p in range(game.players):
            legal = game.legal_moves(p)
            assert legal, f"no legal move for player {p} on turn {game.turn + 1}"
            moves.append(legal[int(rng.integers(len(legal)))])
        game.play(moves)


@pytest.fixture
def make_city():
    """``make_city(lines, indicators=1, bonus=(3, 1))``: a map dict (see :func:`build_city`)."""
    return build_city


@pytest.fixture
def run():
    """``run(city, cards, turns, players=1, ruleset=None)`` -> (game, records)."""
    return run_script


@pytest.fixture
def move():
    """``move("R")``, ``move("@c")``, ``move("-")``: see :func:`to_move`."""
    return to_move


@pytest.fixture
def play_to_end():
    """``play_to_end(game, rng)``: random legal moves to the end of the game."""
    return play_randomly
