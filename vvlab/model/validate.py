"""Validation of the map file format ``vvlab-map/1``.

:func:`validate_map_data` lists every problem of a parsed map, each with its JSON path
(``lines[3].stations[5]: unknown station "foo"``); once it finds none, the data is
complete and well typed and a ``CityMap`` can be built from it without further checks.
Parsing (:func:`parse_map_text`, :func:`read_map_file`) lives in
:mod:`vvlab.model.validate_json` and is re-exported here. :func:`schema` gives the JSON
Schema of the format, which expresses all rules except the cross-references.
Only the standard library.

Limits
------
Every number the simulators add up is bounded, so that nothing wraps around in the
compiled path's fixed-width integers and it agrees with the reference engine on every
valid map (a score stays below 10⁶ points):

- a bonus is a whole number from 0 to :data:`MAX_BONUS` (999) points;
- a coordinate is a finite number from -:data:`MAX_COORDINATE` to
  :data:`MAX_COORDINATE` (±1000000, that is ±10⁶);
- a map has 1 to :data:`MAX_LINES` (99) lines, each with 1 to
  :data:`MAX_INDICATORS` (6) indicator boxes, so a game has at most 594 turns
  besides its free cards;
- a map has 1 to :data:`MAX_MAP_STATIONS` (9999) stations, so a line is completed
  by turn 10593 at the latest (every free card before then fills a station);
- a file has at most :data:`MAX_FILE_BYTES` bytes.

The JSON Schema states the same limits.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from importlib.resources import files

from .edges import FORMAT_BENDS, FORMAT_STRAIGHT, check_edges, line_pairs
from .errors import MapError, Problem
from .validate_json import (
    MAX_COORDINATE,
    MAX_FILE_BYTES,
    Checker,
    JsonObject,
    check_coordinate,
    check_object,
    describe,
    duplicate_key_problems,
    is_json_int,
    key_path,
    parse_map_text,
    quote,
    read_map_file,
)

__all__ = [
    "FORMAT",
    "FORMATS",
    "FORMAT_BENDS",
    "ID_PATTERN",
    "MAX_BONUS",
    "MAX_COORDINATE",
    "MAX_FILE_BYTES",
    "MAX_ID_LENGTH",
    "MAX_INDICATORS",
    "MAX_LINES",
    "MAX_MAP_STATIONS",
    "MIN_INDICATORS",
    "JsonObject",
    "check_map_data",
    "parse_map_text",
    "read_map_file",
    "schema",
    "validate_map_data",
]

FORMAT = FORMAT_STRAIGHT
"""The ``format`` of a map file without bends (and of every file before bends)."""
FORMATS = (FORMAT, FORMAT_BENDS)
"""The formats this module understands: ``vvlab-map/2`` adds the ``edges`` list."""
ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_-]*$")
"""Ids of maps, stations and lines (use ``fullmatch``); at most :data:`MAX_ID_LENGTH`."""
MAX_ID_LENGTH = 64
COLOR_PATTERN = re.compile(r"^#[0-9A-Fa-f]{6}$")
NAME_PATTERN = re.compile(r"\S")  # a name has at least one non-blank character
CONTROL_PATTERN = re.compile(r"[\x00-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
"""Characters a name may not hold: control characters (a terminal would obey an escape
sequence in ``vvlab show``) and the bidirectional overrides that reorder text on
screen. A description may also hold line breaks and tabs."""
SCHEMA_FILE = "map.schema.json"
MAX_BONUS = 999
"""The most points a line's bonus (first or later) may be worth."""
MAX_LINES = 99
"""The most lines a map may have."""
MAX_MAP_STATIONS = 9999
"""The most stations a map may have."""
MIN_INDICATORS = 1
"""The fewest indicator boxes a line's wagon has (and the schema's ``minimum``)."""
MAX_INDICATORS = 6
"""The most indicator boxes a line's wagon has (and the schema's ``maximum``)."""


# -- public API -----------------------------------------------------------------------


def validate_map_data(data: object) -> list[Problem]:
    """Every problem in parsed map data, in document order.

    Missing keys are reported after the keys present in their object. Never raises,
    whatever the input. An unknown ``format`` is the only problem
    reported (the rest would follow other rules). Checks that depend on other parts
    are skipped when those parts are broken, to avoid follow-up noise: no
    unknown-station check if ``stations`` is not an object, no station-on-no-line
    check unless every line has a list of stations.

    Parameters
    ----------
    data : object
        A parsed JSON value, ideally from :func:`parse_map_text` so that duplicate
        keys are reported too; a plain ``dict`` works as well.

    Returns
    -------
    list of Problem
        Empty when the map is valid; then it is guaranteed to be complete and well
        typed (ids, names, finite coordinates, integers that are not booleans...).

    Examples
    --------
    >>> data = {"format": "vvlab-map/1", "id": "tiny", "name": "Tiny",
    ...         "stations": {"a": {"name": "A", "x": 0, "y": 0},
    ...                      "b": {"name": "B", "x": 1, "y": 0}},
    ...         "lines": [{"id": "L1", "name": "L1", "color": "#FF0000", "indicators": 2,
    ...                    "bonus": [4, 2], "stations": ["a", "b"]}]}
    >>> validate_map_data(data)
    []
    >>> data["lines"][0]["indicators"] = 7
    >>> data["lines"][0]["stations"].append("c")
    >>> for problem in validate_map_data(data):
    ...     print(problem)
    lines[0].indicators: must be between 1 and 6, got 7
    lines[0].stations[2]: unknown station "c"
    """
    if not isinstance(data, dict):
        return [Problem("", f"must be an object, got {describe(data)}")]
    if "format" in data and not (isinstance(data["format"], str) and data["format"] in FORMATS):
        expected = " or ".join(quote(f) for f in FORMATS)
        return [Problem("format", f"unknown format {quote(data['format'])} (expected {expected})")]
    return _check_map(data)


def check_map_data(data: object, source: str | None = None) -> None:
    """Raise :class:`MapError` listing every problem if the map data is not valid.

    Parameters
    ----------
    data : object
        A parsed JSON value (see :func:`validate_map_data`).
    source : str, optional
        Where the data came from, for the error message.

    Raises
    ------
    MapError
        With ``problems`` from :func:`validate_map_data` and the given ``source``.

    Examples
    --------
    >>> try:
    ...     check_map_data({"format": "vvlab-map/1", "id": "a b", "name": "X",
    ...                     "stations": {}, "lines": []}, source="x.json")
    ... except MapError as err:
    ...     print(err)
    x.json: 3 problems
      id: bad id "a b": use only letters, digits, "_" and "-", starting with a letter or digit
      stations: must not be empty
      lines: must not be empty
    """
    problems = validate_map_data(data)
    if problems:
        raise MapError(problems, source)


def schema() -> dict:
    """The JSON Schema (draft 2020-12) of the map format, a fresh ``dict`` each call.

    It ships with the package as ``vvlab/model/map.schema.json``. It cannot express
    the cross-reference rules (see its ``description``); use :func:`validate_map_data`
    for a complete check.

    Examples
    --------
    >>> s = schema()
    >>> s["properties"]["format"]
    {'enum': ['vvlab-map/1', 'vvlab-map/2']}
    >>> sorted(s["required"])
    ['format', 'id', 'lines', 'name', 'stations']
    """
    text = files("vvlab.model").joinpath(SCHEMA_FILE).read_text(encoding="utf-8")
    return json.loads(text)


# -- one checker per object kind --------------------------------------------------------


@dataclass(frozen=True)
class _References:
    """What the cross-reference checks need; ``None`` where they must be skipped."""

    station_ids: frozenset[object] | None  # the keys of `stations`
    used_ids: frozenset[str] | None  # the stations on some line
    pairs: frozenset[frozenset[str]] | None  # consecutive stations on some line


def _references(data: Mapping[object, object]) -> _References:
    stations, lines = data.get("stations"), data.get("lines")
    station_ids = frozenset(stations) if isinstance(stations, dict) else None
    usable = (
        isinstance(lines, list)
        and bool(lines)
        and all(isinstance(line, dict) and isinstance(line.get("stations"), list) for line in lines)
    )
    if not usable:
        return _References(station_ids, None, None)
    used = frozenset(s for line in lines for s in line["stations"] if isinstance(s, str))
    return _References(station_ids, used, line_pairs(lines))


def _check_map(data: dict) -> list[Problem]:
    refs = _references(data)
    fields: dict[str, Checker] = {
        "format": lambda value, path: [],  # already checked by validate_map_data
        "id": _check_id,
        "name": _check_name,
        "description": _check_description,
        "recommended_for_new_players": partial(_check_type, bool, "true or false"),
        "stations": partial(_check_stations, used_ids=refs.used_ids),
        "lines": partial(_check_lines, station_ids=refs.station_ids),
        "edges": partial(_check_bends, bends_allowed=data.get("format") == FORMAT_BENDS, refs=refs),
    }
    required = ("format", "id", "name", "stations", "lines")
    return check_object(data, "", fields, required)


def _check_bends(value: object, path: str, bends_allowed: bool, refs: _References) -> list[Problem]:
    if not bends_allowed:
        return [Problem(path, f"bends need {quote('format')}: {quote(FORMAT_BENDS)}")]
    return check_edges(value, path, refs.station_ids, refs.pairs)


def _check_stations(value: object, path: str, used_ids: frozenset[str] | None) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"must be an object, got {describe(value)}")]
    if not value:
        return [Problem(path, "must not be empty")]
    problems: list[Problem] = []
    if len(value) > MAX_MAP_STATIONS:
        message = f"must have at most {MAX_MAP_STATIONS} stations, got {len(value)}"
        problems.append(Problem(path, message))
    for key, station in value.items():
        station_path = key_path(path, key)
        problems += duplicate_key_problems(value, key, station_path)
        problems += _check_id(key, station_path)
        problems += _check_station(station, station_path)
        if used_ids is not None and key not in used_ids:
            problems.append(Problem(station_path, "station is on no line"))
    return problems


def _check_station(value: object, path: str) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"must be an object, got {describe(value)}")]
    fields = {"name": _check_name, "x": check_coordinate, "y": check_coordinate}
    return check_object(value, path, fields, tuple(fields))


def _check_lines(value: object, path: str, station_ids: frozenset[object] | None) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array, got {describe(value)}")]
    if not value:
        return [Problem(path, "must not be empty")]
    first_at: dict[str, str] = {}  # line id -> path of the first line with it
    problems: list[Problem] = []
    if len(value) > MAX_LINES:
        problems.append(Problem(path, f"must have at most {MAX_LINES} lines, got {len(value)}"))
    for index, line in enumerate(value):
        problems += _check_line(line, f"{path}[{index}]", station_ids, first_at)
    return problems


def _check_line(
    value: object, path: str, station_ids: frozenset[object] | None, first_at: dict[str, str]
) -> list[Problem]:
    if not isinstance(value, dict):
        return [Problem(path, f"must be an object, got {describe(value)}")]
    fields: dict[str, Checker] = {
        "id": partial(_check_line_id, line_path=path, first_at=first_at),
        "name": _check_name,
        "color": _check_color,
        "indicators": _check_indicators,
        "bonus": _check_bonus,
        "stations": partial(_check_line_stations, station_ids=station_ids),
    }
    return check_object(value, path, fields, tuple(fields))


# -- checkers of single values ----------------------------------------------------------


def _check_id(value: object, path: str) -> list[Problem]:
    if not isinstance(value, str):
        return [Problem(path, f"must be a string, got {describe(value)}")]
    if not value:
        reason = "must not be empty"
    elif len(value) > MAX_ID_LENGTH:
        reason = f"longer than {MAX_ID_LENGTH} characters ({len(value)})"
    elif not ID_PATTERN.fullmatch(value):
        reason = 'use only letters, digits, "_" and "-", starting with a letter or digit'
    else:
        return []
    return [Problem(path, f"bad id {quote(value)}: {reason}")]


def _check_line_id(
    value: object, path: str, line_path: str, first_at: dict[str, str]
) -> list[Problem]:
    problems = _check_id(value, path)
    if isinstance(value, str):
        if value in first_at:
            message = f"duplicate line id {quote(value)} (first at {first_at[value]})"
            problems.append(Problem(path, message))
        else:
            first_at[value] = line_path
    return problems


def _check_type(kind: type, description: str, value: object, path: str) -> list[Problem]:
    if isinstance(value, kind):
        return []
    return [Problem(path, f"must be {description}, got {describe(value)}")]


def _check_name(value: object, path: str) -> list[Problem]:
    if not isinstance(value, str):
        return [Problem(path, f"must be a string, got {describe(value)}")]
    if not NAME_PATTERN.search(value):
        return [Problem(path, f"must not be empty or blank, got {quote(value)}")]
    return _check_printable(value, path)


def _check_description(value: object, path: str) -> list[Problem]:
    if not isinstance(value, str):
        return [Problem(path, f"must be a string, got {describe(value)}")]
    return _check_printable(value.replace("\n", " ").replace("\t", " "), path)


def _check_printable(value: str, path: str) -> list[Problem]:
    found = CONTROL_PATTERN.search(value)
    if found is None:
        return []
    char = quote(found.group())
    return [Problem(path, f"must not hold control characters, got {char} in {quote(value)}")]


def _check_color(value: object, path: str) -> list[Problem]:
    if isinstance(value, str) and COLOR_PATTERN.fullmatch(value):
        return []
    return [Problem(path, f'must be a colour like "#1A2B3C", got {quote(value)}')]


def _check_indicators(value: object, path: str) -> list[Problem]:
    if not is_json_int(value):
        return [Problem(path, f"must be an integer, got {describe(value)}")]
    if not MIN_INDICATORS <= value <= MAX_INDICATORS:
        return [
            Problem(
                path,
                f"must be between {MIN_INDICATORS} and {MAX_INDICATORS}, got {quote(value)}",
            )
        ]
    return []


def _check_bonus(value: object, path: str) -> list[Problem]:
    if not (
        isinstance(value, list)
        and len(value) == 2
        and all(is_json_int(points) for points in value)
        and value[0] >= value[1] >= 0
    ):
        message = f"must be [first, later] with first >= later >= 0, got {quote(value)}"
        return [Problem(path, message)]
    if value[0] > MAX_BONUS:
        return [Problem(path, f"points must be at most {MAX_BONUS}, got {quote(value)}")]
    return []


def _check_line_stations(
    value: object, path: str, station_ids: frozenset[object] | None
) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array, got {describe(value)}")]
    problems: list[Problem] = []
    if len(value) < 2:
        problems.append(Problem(path, f"must list at least 2 stations, got {len(value)}"))
    first_index: dict[str, int] = {}
    for index, station in enumerate(value):
        item_path = f"{path}[{index}]"
        if not isinstance(station, str):
            message = f"must be a station id (a string), got {describe(station)}"
        elif station in first_index:
            where = f"also at index {first_index[station]}"
            message = f"{quote(station)} appears twice on this line ({where})"
        else:
            first_index[station] = index
            if station_ids is None or station in station_ids:
                continue
            message = f"unknown station {quote(station)}"
        problems.append(Problem(item_path, message))
    return problems
