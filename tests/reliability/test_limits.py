"""Limits of the map format and the ruleset: numbers that could make the arithmetic wrap
are refused with their JSON path, and at the limits the compiled path and the reference
engine give the same games, field by field."""

from __future__ import annotations

import json

import jsonschema
import numpy as np
import pytest

import vvlab
from vvlab.bots import make_bot
from vvlab.engine import Card, Penalty, Ruleset
from vvlab.engine.errors import RulesetError
from vvlab.engine.ruleset_format import (
    MAX_CARD_VALUE,
    MAX_DECK_CARDS,
    MAX_PENALTY_DIVISOR,
    MAX_PENALTY_POINTS,
    MAX_PENALTY_THRESHOLD,
    validate_ruleset_data,
)
from vvlab.model.errors import MapError, Problem
from vvlab.model.validate import (
    MAX_BONUS,
    MAX_COORDINATE,
    MAX_LINES,
    MAX_MAP_STATIONS,
    schema,
    validate_map_data,
)
from vvlab.sim.blocks import play_block_reference
from vvlab.sim.fast import play_block_fast


def limit_map(n_lines: int = MAX_LINES, n_stations: int = 30, boxes: int = 1, seed: int = 0):
    """A map at the limits: ``n_lines`` lines with the top bonus, stations at the
    coordinate limits, and routes drawn from few stations, so transfers abound."""
    rng = np.random.default_rng(seed)
    ids = [f"s{i}" for i in range(n_stations)]
    corners = [-MAX_COORDINATE, MAX_COORDINATE, 0, 0.5]
    stations = {
        s: {"name": s, "x": corners[i % 4], "y": corners[(i // 4) % 4]} for i, s in enumerate(ids)
    }
    routes = [list(rng.choice(ids, size=int(rng.integers(2, 9)), replace=False)) for _ in ids]
    routes = routes[:n_lines] + [
        list(rng.choice(ids, size=int(rng.integers(2, 9)), replace=False))
        for _ in range(n_lines - len(routes))
    ]
    for i, s in enumerate(ids):  # every station on a line
        if not any(s in r for r in routes):
            routes[i % n_lines].append(s)
    lines = [
        {
            "id": f"L{k}",
            "name": f"L{k}",
            "color": "#123456",
            "indicators": boxes,
            "bonus": [MAX_BONUS, MAX_BONUS if k % 2 else 0],
            "stations": [str(s) for s in route],
        }
        for k, route in enumerate(routes)
    ]
    return {"format": "vvlab-map/1", "id": "limits", "name": "Limits", "stations": stations,
            "lines": lines}  # fmt: skip


def tiny_map(**line) -> dict:
    stations = {"a": {"name": "A", "x": 0, "y": 0}, "b": {"name": "B", "x": 1, "y": 0}}
    base = {"id": "L1", "name": "L1", "color": "#1A2B3C", "indicators": 1, "bonus": [4, 2]}
    base.update({"stations": ["a", "b"], **line})
    return {"format": "vvlab-map/1", "id": "m", "name": "M", "stations": stations,
            "lines": [base]}  # fmt: skip


SCHEMA = jsonschema.Draft202012Validator(schema())


# -- the map format ----------------------------------------------------------------------


def test_the_map_at_its_limits_is_valid_for_the_validator_and_the_schema():
    data = limit_map()
    assert validate_map_data(data) == []
    assert SCHEMA.is_valid(data)
    city = vvlab.load_map(data)
    assert len(city.lines) == MAX_LINES and max(ln.bonus_first for ln in city.lines) == 999


@pytest.mark.parametrize(
    ("bonus", "message"),
    [
        ([1000, 2], "points must be at most 999, got [1000, 2]"),
        ([600_000_000, 600_000_000], "points must be at most 999, got [600000000, 600000000]"),
        ([2**31, 0], "points must be at most 999, got [2147483648, 0]"),
    ],
)
def test_bonuses_above_the_limit_are_refused(bonus, message):
    data = tiny_map(bonus=bonus)
    assert validate_map_data(data) == [Problem("lines[0].bonus", message)]
    assert not SCHEMA.is_valid(data)
    with pytest.raises(MapError, match=r"lines\[0\]\.bonus: points must be at most 999"):
        vvlab.load_map(data)


@pytest.mark.parametrize("value", [MAX_COORDINATE + 1, -MAX_COORDINATE - 0.5, 1e300, 10**400])
def test_coordinates_beyond_the_limit_are_refused(value):
    data = tiny_map()
    data["stations"]["b"]["y"] = value
    [problem] = validate_map_data(data)
    assert problem.path == "stations.b.y"
    too_large_for_a_float = "must be a finite number, got 1000"
    assert problem.message.startswith(
        ("must be from -1000000 to 1000000, got ", too_large_for_a_float)
    )
    assert not SCHEMA.is_valid(data)


@pytest.mark.parametrize("value", [MAX_COORDINATE, -MAX_COORDINATE, 0.25])
def test_coordinates_at_the_limit_are_fine(value):
    data = tiny_map()
    data["stations"]["a"]["x"] = value
    assert validate_map_data(data) == [] and SCHEMA.is_valid(data)


def test_too_many_lines_are_refused_once():
    data = limit_map(n_lines=MAX_LINES + 1)
    assert validate_map_data(data) == [
        Problem("lines", f"must have at most {MAX_LINES} lines, got {MAX_LINES + 1}")
    ]
    assert not SCHEMA.is_valid(data)


def test_too_many_stations_are_refused_once():
    data = tiny_map()
    ids = [f"s{i}" for i in range(MAX_MAP_STATIONS + 1)]
    data["stations"] = {s: {"name": s, "x": 0, "y": 0} for s in ids}
    data["lines"][0]["stations"] = ids
    assert validate_map_data(data) == [
        Problem("stations", f"must have at most 9999 stations, got {MAX_MAP_STATIONS + 1}")
    ]
    assert not SCHEMA.is_valid(data)
    del data["stations"]["s0"], data["lines"][0]["stations"][0]
    assert validate_map_data(data) == [] and SCHEMA.is_valid(data)


def test_the_schema_states_the_validators_limits():
    s = schema()
    assert s["$defs"]["line"]["properties"]["bonus"]["items"]["maximum"] == MAX_BONUS
    coordinate = s["$defs"]["coordinate"]
    assert (coordinate["minimum"], coordinate["maximum"]) == (-MAX_COORDINATE, MAX_COORDINATE)
    assert s["$defs"]["station"]["properties"]["y"] == {"$ref": "#/$defs/coordinate"}
    assert s["properties"]["lines"]["maxItems"] == MAX_LINES
    assert s["properties"]["stations"]["maxProperties"] == MAX_MAP_STATIONS


def test_the_limits_are_documented():
    from pathlib import Path

    import vvlab.engine.ruleset_format as ruleset_format
    import vvlab.model.validate as validate

    rules = (Path(__file__).resolve().parents[2] / "docs" / "rules.md").read_text("utf-8")
    for text in (rules, validate.__doc__):
        assert "999" in text and "1000000" in text.replace(",", "").replace("10⁶", "1000000")
    for text in (rules, ruleset_format.__doc__):
        assert all(str(n) in text for n in (MAX_CARD_VALUE, MAX_DECK_CARDS, MAX_PENALTY_THRESHOLD))
        assert "RulesetError" in text


# -- the ruleset -------------------------------------------------------------------------


def ruleset_data(**changes) -> dict:
    data = vvlab.get_ruleset().to_dict()
    data.update(changes)
    return data


@pytest.mark.parametrize(
    ("changes", "path", "message"),
    [
        (
            {"deck": [{"kind": "number", "value": 2**40, "shuffle": True}]},
            "deck[0].value",
            f"must be a whole number from 1 to {MAX_CARD_VALUE}, got 1099511627776",
        ),
        (
            {"deck": [{"kind": "express", "value": 100, "shuffle": True}]},
            "deck[0].value",
            "must be a whole number from 1 to 99, got 100",
        ),
        (
            {"deck": [{"kind": "number", "value": 3, "shuffle": True}] * 100},
            "deck",
            f"must have 1 to {MAX_DECK_CARDS} cards, got 100",
        ),
        (
            {"penalty": {"divisor": 100}},
            "penalty.divisor",
            f"must be a whole number from 1 to {MAX_PENALTY_DIVISOR}, got 100",
        ),
        (
            {"penalty": {"divisor": 2.5}},
            "penalty.divisor",
            "must be a whole number from 1 to 99, got 2.5",
        ),
        (
            {"penalty": {"steps": [[5, 1], [6, 1000]]}},
            "penalty.steps[1][1]",
            f"must be a whole number from 0 to {MAX_PENALTY_POINTS}, got 1000",
        ),
        (
            {"penalty": {"steps": [[5.5, 1]]}},
            "penalty.steps[0][0]",
            f"must be a whole number from 0 to {MAX_PENALTY_THRESHOLD}, got 5.5",
        ),
        (
            {"penalty": {"steps": [[2**63, 1]]}},
            "penalty.steps[0][0]",
            "must be a whole number from 0 to 9999, got 9223372036854775808",
        ),
    ],
    ids=[
        "value-2**40",
        "value-100",
        "deck-100",
        "divisor-100",
        "divisor-2.5",
        "points-1000",
        "threshold-5.5",
        "threshold-2**63",
    ],
)
def test_ruleset_numbers_above_the_limits_are_refused(changes, path, message):
    data = ruleset_data(**changes)
    assert validate_ruleset_data(data) == [Problem(path, message)]
    with pytest.raises(RulesetError) as info:
        Ruleset.from_dict(data)
    assert info.value.problems == [Problem(path, message)]
    assert f"{path}: {message}" in str(info.value)


def test_the_constructors_refuse_the_same_numbers():
    with pytest.raises(ValueError, match="from 1 to 99, got 1099511627776"):
        Card.number(2**40)
    with pytest.raises(ValueError, match="from 1 to 99"):
        Penalty(divisor=100)
    with pytest.raises(TypeError, match="whole number"):
        Penalty(divisor=2.5)
    with pytest.raises(TypeError, match="whole number"):
        Penalty(steps=((2.5, 1),))
    with pytest.raises(ValueError, match="from 0 to 999, got 1000"):
        Penalty(steps=((1, 1000),))
    with pytest.raises(ValueError, match="1 to 99 cards, got 100"):
        Ruleset("big", deck=[Card.number(3, shuffle=True)] * 100, penalty=Penalty(divisor=2))


# -- the compiled path and the engine agree at the limits ---------------------------------

TOP_DECK = Ruleset(
    "top",
    deck=[Card.number(MAX_CARD_VALUE, shuffle=True), Card.express(MAX_CARD_VALUE)]
    + [Card.number(1), Card.express(1), Card.star(), Card.free()] * 24
    + [Card.star()],
    penalty=Penalty(steps=((0, 1), (3, MAX_PENALTY_POINTS), (MAX_PENALTY_THRESHOLD, 0))),
)
SEVERE = Ruleset(
    "severe",
    deck=[Card.number(2), Card.star(), Card.free(), Card.express(3, shuffle=True)],
    penalty=Penalty(divisor=1, rounding="up"),
)


def assert_same_block(city, ruleset, bots, seed=1, block=0, games=3):
    ref = play_block_reference(city, ruleset, [make_bot(b) for b in bots], seed, block, games)
    fast = play_block_fast(city, ruleset, bots, seed, block, games)
    for field in ref.__dataclass_fields__:
        assert np.array_equal(getattr(ref, field), getattr(fast, field)), (field, bots)
    return ref


def test_the_deck_at_its_limits_is_a_valid_ruleset():
    assert len(TOP_DECK.deck) == MAX_DECK_CARDS
    assert Ruleset.from_dict(TOP_DECK.to_dict()) == TOP_DECK


@pytest.mark.parametrize("bots", [["greedy", "random"], ["random"] * 6, ["lookahead:depth=1"]])
def test_a_map_of_99_lines_with_top_bonuses(bots):
    city = vvlab.load_map(limit_map())
    ref = assert_same_block(city, vvlab.get_ruleset(), bots, games=2)
    assert ref.bonus.max() >= 20 * MAX_BONUS  # many lines completed: big sums
    assert ref.stars.max() > 0


@pytest.mark.parametrize("ruleset", [TOP_DECK, SEVERE], ids=lambda r: r.name)
def test_top_cards_and_penalties(ruleset):
    city = vvlab.load_map(limit_map(n_lines=12, n_stations=60, boxes=2, seed=3))
    ref = assert_same_block(city, ruleset, ["greedy", "random", "greedy"], games=4)
    assert ref.penalty.max() > 0 and ref.bonus.max() >= 2 * MAX_BONUS
    if ruleset is TOP_DECK:  # the top penalty step: a score far below zero
        assert ref.penalty.max() == MAX_PENALTY_POINTS and ref.score.min() < -900


def test_a_solo_player_takes_every_top_bonus():
    """One seat, express cards of 99 on a map of 99 lines of one box: every line is
    completed first and scores 999, the largest bonus total a map allows."""
    data = limit_map(n_stations=60, seed=5)
    rules = Ruleset("long", deck=[Card.express(99, shuffle=True)], penalty=Penalty(divisor=1))
    ref = assert_same_block(vvlab.load_map(data), rules, ["greedy"], games=1)
    assert ref.lines_completed[0, 0] == ref.first_bonuses[0, 0] == MAX_LINES
    assert ref.score[0, 0] == ref.bonus[0, 0] == MAX_LINES * MAX_BONUS


def test_map_files_at_the_limits_round_trip(tmp_path):
    path = tmp_path / "limits.json"
    path.write_text(json.dumps(limit_map()), encoding="utf-8")
    assert vvlab.load_map(path).to_dict()["lines"][0]["bonus"][0] == MAX_BONUS


def test_a_map_built_from_its_parts_is_validated_too():
    from dataclasses import replace

    from vvlab.model.citymap import CityMap

    city = vvlab.load_map("tutorial")
    huge = [replace(line, bonus_first=2**31, bonus_later=2**31) for line in city.lines]
    with pytest.raises(MapError, match=r"lines\[0\]\.bonus"):
        CityMap(id="t", name="T", stations=city.stations, lines=huge)
    stray = [replace(city.lines[0], stations=(*city.lines[0].stations, "nowhere"))]
    with pytest.raises(MapError, match="nowhere"):
        CityMap(id="t", name="T", stations=city.stations, lines=stray)
    same = CityMap(id=city.id, name=city.name, stations=city.stations, lines=city.lines,
                   description=city.description)  # fmt: skip
    assert (same.lines, same.stations) == (city.lines, city.stations)
