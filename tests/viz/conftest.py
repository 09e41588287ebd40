"""Fixtures of the figure tests: maps, a scripted two-player game, small results."""

from __future__ import annotations

import pytest

import vvlab
from vvlab import Card, Game, Move


def station(x: float, y: float) -> dict:
    return {"name": f"S{x},{y}", "x": x, "y": y}


def line(id: str, stations: list[str], color: str, indicators: int = 2) -> dict:
    return {
        "id": id,
        "name": f"Line {id}",
        "color": color,
        "indicators": indicators,
        "bonus": [4, 2],
        "stations": stations,
    }


@pytest.fixture(scope="session")
def corridor():
    """Three lines along a corridor a-b-c (east), one of them running west, plus a
    branch: P = a b c d, Q = e b c, R = c b a (reversed), S = d f (alone)."""
    return vvlab.load_map(
        {
            "format": "vvlab-map/1",
            "id": "corridor",
            "name": "Corridor",
            "stations": {
                "a": station(0, 0),
                "b": station(4, 0),
                "c": station(8, 0),
                "d": station(12, 3),
                "e": station(4, 4),
                "f": station(16, 3),
            },
            "lines": [
                line("P", ["a", "b", "c", "d"], "#FF0000", 3),
                line("Q", ["e", "b", "c"], "#00AA00"),
                line("R", ["c", "b", "a"], "#0000FF", 1),
                line("S", ["d", "f"], "#AA00AA", 4),
            ],
        }
    )


@pytest.fixture(scope="session")
def tutorial():
    return vvlab.load_map("tutorial")


@pytest.fixture(scope="session", params=vvlab.builtin_maps())
def builtin(request):
    return vvlab.load_map(request.param)


@pytest.fixture(scope="session")
def builtin_plan(builtin):
    """The map and its plan figure, drawn once per built-in map."""
    from vvlab.viz import draw_map

    return builtin, draw_map(builtin)


@pytest.fixture
def scripted_game(tutorial):
    """Two players, four turns on the tutorial map.

    P1 completes C (first) and A (first) and writes a star 2 at North; P2 crosses
    Harbour-Market-Central on A, completes C on turn 2 (later bonus), so both C and A
    are struck out on P2's sheet.
    """
    cards = [Card.number(3), Card.number(4), Card.express(3), Card.star(), Card.number(2)]
    game = Game(tutorial, players=2, cards=cards)
    game.play([Move(line="C"), Move(line="A")])
    game.play([Move(line="A"), Move(line="C")])
    game.play([Move(line="A"), Move(line="B")])
    game.play([Move(line="B"), Move(line="D")])
    p1, p2 = game.sheets
    assert {k: c.kind for k, c in p1.completed.items()} == {"C": "first", "A": "first"}
    assert {k: c.kind for k, c in p2.completed.items()} == {"C": "later", "D": "first"}
    assert p1.crossed_out == {"D"} and p2.crossed_out == {"A", "C"}
    assert p1.marks["north"] == 2
    return game


@pytest.fixture(scope="session")
def two_player():
    return vvlab.simulate(
        "tutorial",
        players=2,
        bots=["greedy", "random"],
        games=300,
        seed=1,
        workers=1,
        progress=False,
    )


@pytest.fixture(scope="session")
def three_player():
    return vvlab.simulate(
        "tutorial",
        players=3,
        bots=["random", "greedy", "random"],
        games=200,
        seed=2,
        workers=1,
        progress=False,
    )
