"""Shared by the validation and schema tests: the table of invalid map files (one
per problem kind, each with the problems expected and whether the JSON Schema sees it),
and hypothesis strategies for random JSON values and mutated maps."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import NamedTuple

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st

from vvlab.model.errors import MapError, Problem
from vvlab.model.validate import FORMAT, read_map_file, validate_map_data

DATA = Path(__file__).resolve().parent / "data"
VALID_DIR, INVALID_DIR = DATA / "valid", DATA / "invalid"
VALID_FILES = sorted(VALID_DIR.glob("*.json"))

BONUS = "must be [first, later] with first >= later >= 0, got "
BAD_ID = 'use only letters, digits, "_" and "-", starting with a letter or digit'


class Case(NamedTuple):
    file: str
    expected: list[tuple[str, str]]  # (path, message substring), in the order reported
    schema_detects: bool | None  # None: not JSON, the schema never sees it


INVALID_CASES = [
    Case(
        "invalid_json.json",
        [("", "invalid JSON at line 5, column 1: Expecting property name")],
        None,
    ),
    Case("not_an_object.json", [("", "must be an object, got array")], True),
    Case(
        "unknown_format.json",  # its bad colour is not reported: other format, other rules
        [("format", 'unknown format "vvlab-map/9" (expected "vvlab-map/1" or "vvlab-map/2")')],
        True,
    ),
    Case("missing_key.json", [("lines[0]", 'missing key "bonus"')], True),
    Case("bends_in_format_1.json", [("edges", 'bends need "format": "vvlab-map/2"')], True),
    Case(
        "bad_bends.json",
        [
            ("edges[1].between", "this pair has its bends at edges[0] already"),
            ("edges[2].between", '"a" and "e" do not follow each other on any line'),
            ("edges[3].via", "must have 1 to 32 points (leave a straight edge out), got 0"),
            ("edges[4].via[0][1]", "must be from -1000000 to 1000000, got 2000000"),
            ("edges[5].between", 'must be two different stations, got "e" twice'),
        ],
        True,
    ),
    Case("unknown_key.json", [("lines[0].colour", 'unknown key "colour"')], True),
    Case("unknown_top_level_key.json", [("author", 'unknown key "author"')], True),
    Case("wrong_type.json", [("stations.b.name", "must be a string, got number 5")], True),
    Case("boolean_coordinate.json", [("stations.b.x", "must be a number, got boolean true")], True),
    Case("bad_map_id.json", [("id", f'bad id "tiny town": {BAD_ID}')], True),
    Case("bad_station_id.json", [('stations["b c"]', f'bad id "b c": {BAD_ID}')], True),
    Case("bad_line_id.json", [("lines[0].id", f'bad id "-L1": {BAD_ID}')], True),
    Case("long_id.json", [("id", "longer than 64 characters (65)")], True),
    Case("blank_name.json", [("name", 'must not be empty or blank, got "  "')], True),
    Case("duplicate_station_id.json", [("stations.b", 'duplicate key "b"')], False),
    Case(
        "duplicate_line_id.json",
        [("lines[1].id", 'duplicate line id "L1" (first at lines[0])')],
        False,
    ),
    Case(
        "station_twice_on_line.json",
        [("lines[0].stations[3]", '"b" appears twice on this line (also at index 1)')],
        True,
    ),
    Case("line_too_short.json", [("lines[1].stations", "at least 2 stations, got 1")], True),
    Case("unknown_station.json", [("lines[0].stations[3]", 'unknown station "foo"')], False),
    Case("indicators_0.json", [("lines[0].indicators", "must be between 1 and 6, got 0")], True),
    Case("indicators_7.json", [("lines[0].indicators", "must be between 1 and 6, got 7")], True),
    Case("bonus_first_below_later.json", [("lines[0].bonus", BONUS + "[2, 5]")], False),
    Case("bonus_negative.json", [("lines[0].bonus", BONUS + "[3, -1]")], True),
    Case("bonus_one_number.json", [("lines[0].bonus", BONUS + "[3]")], True),
    Case("bonus_not_integers.json", [("lines[0].bonus", BONUS + '["a", 1]')], True),
    Case(
        "bad_colour.json",
        [("lines[0].color", 'must be a colour like "#1A2B3C", got "red"')],
        True,
    ),
    Case("station_on_no_line.json", [("stations.d", "station is on no line")], False),
    Case("nan_coordinate.json", [("stations.b.x", "must be a finite number, got NaN")], False),
    Case(
        "infinity_coordinate.json",
        [("stations.c.y", "must be a finite number, got -Infinity")],
        True,  # below the schema's minimum coordinate
    ),
    Case(
        "empty_stations_and_lines.json",
        [("stations", "must not be empty"), ("lines", "must not be empty")],
        True,
    ),
    Case(
        "several_problems.json",
        [
            ("stations.b.y", 'must be a number, got string "0"'),
            ("stations.d", "station is on no line"),
            ("lines[0].color", 'got "red"'),
            ("lines[1].indicators", "must be between 1 and 6, got 7"),
            ("lines[2].stations[1]", 'unknown station "kreuzberg"'),
            ("", 'missing key "name"'),
        ],
        True,
    ),
]


def problems_of_file(path: Path) -> list[Problem]:
    """The problems of a map file, whether found while reading or while validating."""
    try:
        data = read_map_file(path)
    except MapError as err:
        assert err.source == str(path)
        return err.problems
    return validate_map_data(data)


def assert_problems(problems: list[Problem], expected: list[tuple[str, str]]) -> None:
    assert all(type(p) is Problem for p in problems)
    assert [p.path for p in problems] == [path for path, _ in expected], problems
    for problem, (_, text) in zip(problems, expected, strict=True):
        assert text in problem.message, problem


def tiny_map() -> dict:
    return json.loads((VALID_DIR / "minimal.json").read_text())


KEYS = [
    "format",
    "edges",
    "between",
    "via",
    "id",
    "name",
    "description",
    "recommended_for_new_players",
    "stations",
    "lines",
    "x",
    "y",
    "color",
    "indicators",
    "bonus",
    "a",
    "b",
    "L1",
    "a b",
    "",
]
SCALARS = (
    st.none()
    | st.booleans()
    | st.integers()
    | st.integers(min_value=10**300, max_value=10**400)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=10)
    | st.sampled_from(
        [FORMAT, "a", "b", "c", "foo", "#1A2B3C", "red", 0, 1, 6, 7, -1, [4, 2], [2, 5], ["a", "b"]]
    ).map(copy.deepcopy)  # mutations must not share lists
)
JSON_VALUES = st.recursive(
    SCALARS,
    lambda children: (
        st.lists(children, max_size=5)
        | st.dictionaries(st.sampled_from(KEYS) | st.text(max_size=5), children, max_size=5)
    ),
    max_leaves=25,
)


def values_in(value: object) -> list:
    """``value`` and every value inside it."""
    found = [value]
    if isinstance(value, (dict, list)):
        for child in value.values() if isinstance(value, dict) else value:
            found += values_in(child)
    return found


@st.composite
def mutated_maps(draw: st.DrawFn) -> object:
    """A valid test map with a few random keys or items replaced, removed or added.

    New values are random JSON or copies of values found elsewhere in the map (a
    station id, a name, a whole line...), which often keeps the map valid.
    """
    data = copy.deepcopy(draw(st.sampled_from(VALID_DATA)))
    return mutate(draw, data, JSON_VALUES, st.sampled_from(KEYS) | st.text(max_size=3))


def mutate(
    draw: st.DrawFn, data: object, values: st.SearchStrategy, keys: st.SearchStrategy
) -> object:
    """Replace, remove or add one to four keys or items of ``data`` (in place): new values
    from ``values`` or copies of values found elsewhere in ``data``, new keys from
    ``keys``. Returns ``data``."""
    for _ in range(draw(st.integers(1, 4))):
        found = values_in(data)
        target = draw(st.sampled_from([v for v in found if isinstance(v, (dict, list))]))
        action = draw(st.sampled_from(["replace", "delete", "add"]))
        new_value = draw(values | st.sampled_from(found).map(copy.deepcopy))
        present = list(target) if isinstance(target, dict) else list(range(len(target)))
        if action == "add" or not present:
            if isinstance(target, dict):
                target[draw(keys)] = new_value
            else:
                target.insert(draw(st.integers(0, len(target))), new_value)
        elif action == "delete":
            del target[draw(st.sampled_from(present))]
        else:
            target[draw(st.sampled_from(present))] = new_value
    return data


VALID_DATA = [json.loads(p.read_text()) for p in VALID_FILES]
FUZZ = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
