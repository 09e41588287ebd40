"""Validation of the map format: one failing file per problem kind, parsing, files.

The table ``INVALID_CASES`` lives in ``validation_cases.py``; ``test_schema.py`` uses it
too: its ``schema_detects`` flag says whether the JSON Schema can see the problem.
"""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest
from validation_cases import (
    BONUS,
    INVALID_CASES,
    INVALID_DIR,
    VALID_DIR,
    VALID_FILES,
    Case,
    assert_problems,
    problems_of_file,
    tiny_map,
)

from vvlab.model import validate_json
from vvlab.model.errors import MapError, Problem
from vvlab.model.validate import (
    FORMAT,
    FORMATS,
    ID_PATTERN,
    MAX_FILE_BYTES,
    MAX_ID_LENGTH,
    JsonObject,
    check_map_data,
    parse_map_text,
    read_map_file,
    validate_map_data,
)

# -- the test files ------------------------------------------------------------------


@pytest.mark.parametrize("path", VALID_FILES, ids=lambda p: p.name)
def test_valid_files_have_no_problems(path: Path) -> None:
    data = read_map_file(path)
    assert validate_map_data(data) == []
    check_map_data(data, source=str(path))  # does not raise


def test_there_are_valid_files() -> None:
    assert len(VALID_FILES) >= 2


@pytest.mark.parametrize("case", INVALID_CASES, ids=lambda c: c.file)
def test_invalid_file(case: Case) -> None:
    assert_problems(problems_of_file(INVALID_DIR / case.file), case.expected)


def test_every_invalid_file_is_in_the_table() -> None:
    on_disk = {p.name for p in INVALID_DIR.glob("*.json")}
    assert on_disk == {case.file for case in INVALID_CASES}


def test_check_map_data_raises_with_every_problem() -> None:
    path = INVALID_DIR / "several_problems.json"
    with pytest.raises(MapError) as info:
        check_map_data(read_map_file(path), source="several.json")
    assert info.value.source == "several.json"
    assert len(info.value.problems) == 6
    assert str(info.value).startswith("several.json: 6 problems\n  stations.b.y: ")


# -- parsing -------------------------------------------------------------------------


def test_invalid_json_names_line_and_column() -> None:
    with pytest.raises(MapError) as info:
        parse_map_text('{"id": "x",\n  "name": [1, 2,,]}', source="here")
    [problem] = info.value.problems
    assert problem == Problem("", "invalid JSON at line 2, column 17: Expecting value")
    assert info.value.source == "here"


def test_duplicate_keys_are_remembered_at_every_depth() -> None:
    data = parse_map_text('{"a": 1, "s": {"x": {"k": 1, "k": 2}, "x": {}}, "a": 3, "a": 4}')
    assert isinstance(data, JsonObject) and isinstance(data, dict)
    assert data == {"a": 4, "s": {"x": {}}}
    assert data.duplicate_keys == ("a",)
    assert data["s"].duplicate_keys == ("x",)


def test_duplicate_keys_are_reported_where_they_are() -> None:
    text = json.dumps(tiny_map())
    text = text.replace('"name": "A",', '"name": "A", "x": 5,')
    text = text.replace('"id": "L1",', '"id": "L1", "id": "L2",')
    text = text.replace('"format": "vvlab-map/1",', '"format": "vvlab-map/1", "id": "x",')
    assert_problems(
        validate_map_data(parse_map_text(text)),
        [
            ("id", 'duplicate key "id"'),
            ("stations.a.x", 'duplicate key "x"'),
            ("lines[0].id", 'duplicate key "id"'),
        ],
    )


def test_plain_dicts_have_no_duplicate_keys() -> None:
    assert validate_map_data(tiny_map()) == []


@pytest.mark.parametrize(
    ("literal", "shown"), [("NaN", "NaN"), ("Infinity", "Infinity"), ("-Infinity", "-Infinity")]
)
def test_non_finite_literals_parse_and_are_reported(literal: str, shown: str) -> None:
    text = json.dumps(tiny_map()).replace('"y": 0}', f'"y": {literal}}}', 1)
    data = parse_map_text(text)
    assert math.isinf(data["stations"]["a"]["y"]) or math.isnan(data["stations"]["a"]["y"])
    assert validate_map_data(data) == [
        Problem("stations.a.y", f"must be a finite number, got {shown}")
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "invalid JSON at line 1, column 1: Expecting value"),
        ("[" * 100_000, "invalid JSON: nested too deeply"),
        ("1" * 5000, "invalid JSON: "),  # more digits than Python converts to int
        ('{"a": 1} x', "invalid JSON at line 1, column 10: Extra data"),
    ],
    ids=["empty", "deep", "huge-int", "extra"],
)
def test_parse_errors_are_map_errors(text: str, message: str) -> None:
    with pytest.raises(MapError) as info:
        parse_map_text(text)
    [problem] = info.value.problems
    assert problem.path == "" and problem.message.startswith(message)


def test_byte_order_mark_is_ignored(tmp_path: Path) -> None:
    path = tmp_path / "bom.json"
    path.write_bytes(b"\xef\xbb\xbf" + (VALID_DIR / "minimal.json").read_bytes())
    assert validate_map_data(read_map_file(path)) == []


# -- reading files -------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nope.json"
    with pytest.raises(MapError) as info:
        read_map_file(path)
    assert info.value.problems == [Problem("", "no such file")]
    assert info.value.source == str(path)


def test_directory_is_not_a_map(tmp_path: Path) -> None:
    with pytest.raises(MapError) as info:
        read_map_file(tmp_path)
    assert info.value.problems[0].message.startswith("cannot read file: ")


def test_file_over_the_size_limit_is_not_read(tmp_path: Path, monkeypatch) -> None:
    path = tmp_path / "big.json"
    with open(path, "wb") as file:
        file.write(b'{"id": "' + b"x" * MAX_FILE_BYTES + b"")  # not even JSON
    assert os.path.getsize(path) > MAX_FILE_BYTES

    def no_open(*args, **kwargs):
        raise AssertionError("the file was opened")

    monkeypatch.setattr(validate_json, "open", no_open, raising=False)
    with pytest.raises(MapError) as info:
        read_map_file(path)
    [problem] = info.value.problems
    assert problem.path == ""
    assert f"{MAX_FILE_BYTES + 8} bytes" in problem.message
    assert f"the limit is {MAX_FILE_BYTES} bytes (5 MB)" in problem.message
    assert info.value.source == str(path)


def test_file_of_exactly_the_size_limit_is_read(tmp_path: Path) -> None:
    text = (VALID_DIR / "minimal.json").read_text()
    path = tmp_path / "padded.json"
    path.write_text(text + " " * (MAX_FILE_BYTES - len(text.encode())))
    assert os.path.getsize(path) == MAX_FILE_BYTES
    assert validate_map_data(read_map_file(path)) == []


def test_undecodable_utf8(tmp_path: Path) -> None:
    path = tmp_path / "latin1.json"
    path.write_bytes('{\n  "name": "Schönhauser"\n}'.encode("latin-1"))
    with pytest.raises(MapError) as info:
        read_map_file(path)
    assert info.value.problems == [Problem("", "not valid UTF-8: byte 0xF6 at line 2, column 15")]


# -- single rules --------------------------------------------------------------------


@pytest.mark.parametrize(
    "good", ["a", "A", "0", "berlin", "U2", "s-bahn_1", "1st", "x" * MAX_ID_LENGTH]
)
def test_good_ids(good: str) -> None:
    assert ID_PATTERN.fullmatch(good)
    data = tiny_map()
    data["id"] = good
    assert validate_map_data(data) == []


@pytest.mark.parametrize(
    "bad", ["", "a b", "-a", "_a", "a.b", "ä", "a\n", "x" * (MAX_ID_LENGTH + 1), "a/b"]
)
def test_bad_ids(bad: str) -> None:
    data = tiny_map()
    data["id"] = bad
    [problem] = validate_map_data(data)
    assert problem.path == "id"
    assert problem.message.startswith(f"bad id {json.dumps(bad, ensure_ascii=False)[:20]}")


def test_non_string_ids() -> None:
    data = tiny_map()
    data["id"] = 7
    data["lines"][0]["id"] = None
    assert_problems(
        validate_map_data(data),
        [("id", "must be a string, got number 7"), ("lines[0].id", "must be a string, got null")],
    )


@pytest.mark.parametrize(
    ("key", "value", "message"),
    [
        ("indicators", True, "must be an integer, got boolean true"),
        ("indicators", 3.0, "must be an integer, got number 3.0"),
        ("indicators", "3", 'must be an integer, got string "3"'),
        ("bonus", [True, 0], BONUS + "[true, 0]"),
        ("bonus", [4.0, 2], BONUS + "[4.0, 2]"),
        ("bonus", [4, 2, 1], BONUS + "[4, 2, 1]"),
        ("bonus", "4,2", BONUS + '"4,2"'),
        ("color", "#12345", 'got "#12345"'),
        ("color", "#1234567", 'got "#1234567"'),
        ("color", "#12345g", 'got "#12345g"'),
        ("color", None, "got null"),
        ("name", "", 'must not be empty or blank, got ""'),
        ("name", ["U"], "must be a string, got array"),
        ("stations", "a b", 'must be an array, got string "a b"'),
    ],
)
def test_line_values(key: str, value: object, message: str) -> None:
    data = tiny_map()
    data["lines"][0][key] = value
    # with no list of stations on the line, station-on-no-line is not checked
    assert_problems(validate_map_data(data), [(f"lines[0].{key}", message)])


def test_colour_is_case_insensitive() -> None:
    data = tiny_map()
    for colour in ("#abcdef", "#ABCDEF", "#aBcDeF"):
        data["lines"][0]["color"] = colour
        assert validate_map_data(data) == []


def test_huge_integer_coordinate_is_not_finite() -> None:
    data = tiny_map()
    data["stations"]["a"]["x"] = 10**400
    [problem] = validate_map_data(data)
    assert problem.path == "stations.a.x"
    assert problem.message.startswith("must be a finite number, got 1000000")


def test_optional_keys_are_typed() -> None:
    data = tiny_map()
    data["description"] = 5
    data["recommended_for_new_players"] = "yes"
    assert validate_map_data(data) == [
        Problem("description", "must be a string, got number 5"),
        Problem("recommended_for_new_players", 'must be true or false, got string "yes"'),
    ]


def test_weird_keys_are_quoted_in_paths() -> None:
    data = tiny_map()
    data["two words"] = 1
    data["stations"]["a"]['say "hi"'] = 1
    assert_problems(
        validate_map_data(data),
        [
            ('stations.a["say \\"hi\\""]', 'unknown key "say \\"hi\\""'),
            ('["two words"]', 'unknown key "two words"'),
        ],
    )


def test_long_values_are_cut_short_in_messages() -> None:
    data = tiny_map()
    data["lines"][0]["color"] = "r" * 10_000
    [problem] = validate_map_data(data)
    assert len(problem.message) < 120 and problem.message.endswith('…"')


def test_station_several_times_on_a_line() -> None:
    data = tiny_map()
    data["lines"][0]["stations"] = ["a", "b", "a", "zz", "a", "zz"]
    assert_problems(
        validate_map_data(data),
        [
            ("lines[0].stations[2]", '"a" appears twice on this line (also at index 0)'),
            ("lines[0].stations[3]", 'unknown station "zz"'),
            ("lines[0].stations[4]", '"a" appears twice on this line (also at index 0)'),
            ("lines[0].stations[5]", '"zz" appears twice on this line (also at index 3)'),
        ],
    )


def test_non_string_station_on_a_line() -> None:
    data = tiny_map()
    data["lines"][0]["stations"] = ["a", "b", 3]
    assert validate_map_data(data) == [
        Problem("lines[0].stations[2]", "must be a station id (a string), got number 3")
    ]


# -- no follow-up noise --------------------------------------------------------------


def test_unknown_format_hides_everything_else() -> None:
    data = {"format": 1, "lines": "nonsense"}
    assert validate_map_data(data) == [
        Problem("format", 'unknown format 1 (expected "vvlab-map/1" or "vvlab-map/2")')
    ]


def test_missing_format_does_not_hide_the_rest() -> None:
    data = tiny_map()
    del data["format"]
    data["lines"][0]["indicators"] = 9
    assert_problems(
        validate_map_data(data),
        [("lines[0].indicators", "got 9"), ("", 'missing key "format"')],
    )


def test_stations_not_an_object_skips_station_references() -> None:
    data = tiny_map()
    data["stations"] = ["a", "b"]
    data["lines"][0]["stations"] = ["a", "b", "c"]
    assert validate_map_data(data) == [Problem("stations", "must be an object, got array")]


def test_broken_line_skips_the_station_on_no_line_check() -> None:
    data = tiny_map()
    data["lines"].append("L2")
    data["stations"]["z"] = {"name": "Z", "x": 0, "y": 0}
    assert validate_map_data(data) == [Problem("lines[1]", 'must be an object, got string "L2"')]


def test_line_without_stations_skips_the_station_on_no_line_check() -> None:
    data = tiny_map()
    del data["lines"][0]["stations"]
    assert validate_map_data(data) == [Problem("lines[0]", 'missing key "stations"')]


def test_every_top_level_value_of_the_wrong_type() -> None:
    data = {"format": FORMAT, "id": [], "name": {}, "stations": 1, "lines": None}
    assert_problems(
        validate_map_data(data),
        [
            ("id", "must be a string, got array"),
            ("name", "must be a string, got object"),
            ("stations", "must be an object, got number 1"),
            ("lines", "must be an array, got null"),
        ],
    )


@pytest.mark.parametrize("data", [None, 1, 1.5, "map", [], True, float("nan")])
def test_data_that_is_not_an_object(data: object) -> None:
    [problem] = validate_map_data(data)
    assert problem.path == "" and problem.message.startswith("must be an object, got ")


def test_valid_data_is_complete_and_well_typed() -> None:
    for path in VALID_FILES:
        data = read_map_file(path)
        assert validate_map_data(data) == []
        assert data["format"] in FORMATS
        for station in data["stations"].values():
            assert isinstance(station["name"], str)
            assert all(math.isfinite(station[c]) for c in "xy")
        for line in data["lines"]:
            assert type(line["indicators"]) is int
            assert [type(b) for b in line["bonus"]] == [int, int]
            assert set(line["stations"]) <= set(data["stations"])
        for edge in data.get("edges", ()):
            assert set(edge["between"]) <= set(data["stations"])
            assert all(math.isfinite(c) for point in edge["via"] for c in point)
