"""Edges that bend: the drawn path between two consecutive stations of a line.

An *edge* joins two stations that follow each other on some line; every line running
between the same two stations shares it (as track is shared on a real metro map). By
default an edge is drawn straight. A map file of format ``vvlab-map/2`` may give an
edge bends, in its map-level ``"edges"`` list::

    "edges": [{"between": ["a", "b"], "via": [[2, 0], [3, 1]]}]

``via`` lists the bend points from ``between[0]`` towards ``between[1]``, at least one
and at most :data:`MAX_BENDS`; an edge without bends is simply left out, so that a map
without bends is written exactly as a ``vvlab-map/1`` file. This module holds the
:class:`Edge` and the checks of the ``edges`` list (:func:`check_edges`), which
:mod:`vvlab.model.validate` runs with the rest of the map. Only the standard library.

>>> edge = Edge(("a", "b"), ((2, 0), (3, 1)))
>>> edge.path_from("b", {"a": (0, 0), "b": (4, 4)})
[(4, 4), (3, 1), (2, 0), (0, 0)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import partial
from itertools import pairwise

from .errors import Problem
from .validate_json import check_coordinate, check_object, describe, quote

__all__ = [
    "FORMAT_BENDS",
    "MAX_BENDS",
    "Edge",
    "check_edges",
    "drop_stale_bends",
    "edge_key",
    "line_pairs",
]

FORMAT_BENDS = "vvlab-map/2"
"""The format of a map file with bends (``vvlab-map/1`` with an ``edges`` list)."""
FORMAT_STRAIGHT = "vvlab-map/1"
"""The format of a map file without bends (:data:`vvlab.model.validate.FORMAT`)."""
MAX_BENDS = 32
"""The most bend points one edge may have."""

Point = tuple[float, float]
Pair = frozenset[str]


def edge_key(a: str, b: str) -> Pair:
    """The key of the edge between stations ``a`` and ``b``, whichever way round.

    >>> edge_key("b", "a") == edge_key("a", "b")
    True
    """
    return frozenset((a, b))


@dataclass(frozen=True)
class Edge:
    """The bends of the edge ``between`` two consecutive stations: ``via`` runs from
    ``between[0]`` to ``between[1]``; coordinates are kept as written (int or float)
    so that maps round-trip exactly."""

    between: tuple[str, str]
    via: tuple[Point, ...]

    def path_from(self, start: str, positions: Mapping[str, Point]) -> list[Point]:
        """The polyline from station ``start`` (one of ``between``) to the other, both
        ends included, with the stations at ``positions``."""
        a, b = self.between if start == self.between[0] else self.between[::-1]
        via = self.via if start == self.between[0] else self.via[::-1]
        return [tuple(positions[a]), *via, tuple(positions[b])]  # type: ignore[list-item]

    def to_dict(self) -> dict[str, list]:
        """The edge as the map format writes it."""
        return {"between": list(self.between), "via": [list(p) for p in self.via]}


def line_pairs(lines: object) -> frozenset[Pair] | None:
    """The pairs of consecutive stations on the lines of map data (``None`` when
    some line's stations are not a list, so that nothing is checked against them).

    >>> sorted(sorted(p) for p in line_pairs([{"stations": ["a", "b", "c"]}]))
    [['a', 'b'], ['b', 'c']]
    """
    if not isinstance(lines, list) or not all(
        isinstance(line, dict) and isinstance(line.get("stations"), list) for line in lines
    ):
        return None
    return frozenset(
        edge_key(a, b)
        for line in lines
        for a, b in pairwise(line["stations"])
        if isinstance(a, str) and isinstance(b, str)
    )


def drop_stale_bends(data: dict) -> list[tuple[str, str]]:
    """Drop from map ``data`` (in place) the bends of every edge whose two stations no
    longer follow each other on a line, after an edit of the routes: the bends belong
    to the edge and go with it. When the last goes, so does the ``edges`` list, and a
    ``vvlab-map/2`` format goes back to ``vvlab-map/1``. Returns the pairs dropped.

    >>> data = {"lines": [{"stations": ["a", "b"]}],
    ...         "edges": [{"between": ["a", "b"], "via": [[0, 1]]},
    ...                   {"between": ["b", "c"], "via": [[2, 1]]}]}
    >>> drop_stale_bends(data), data["edges"]
    ([('b', 'c')], [{'between': ['a', 'b'], 'via': [[0, 1]]}])
    >>> data["lines"][0]["stations"] = ["a", "c"]
    >>> data["format"] = FORMAT_BENDS
    >>> drop_stale_bends(data), data
    ([('a', 'b')], {'lines': [{'stations': ['a', 'c']}], 'format': 'vvlab-map/1'})
    """
    pairs = line_pairs(data.get("lines"))
    edges = data.get("edges")
    if pairs is None or not isinstance(edges, list):
        return []
    kept, dropped = [], []
    for edge in edges:
        between = edge.get("between") if isinstance(edge, dict) else None
        stale = isinstance(between, list) and len(between) == 2 and edge_key(*between) not in pairs
        (dropped if stale else kept).append(edge)
    edges[:] = kept
    if dropped and not kept:
        del data["edges"]
        if data.get("format") == FORMAT_BENDS:
            data["format"] = FORMAT_STRAIGHT
    return [tuple(edge["between"]) for edge in dropped]


def check_edges(
    value: object,
    path: str,
    station_ids: frozenset[object] | None,
    pairs: frozenset[Pair] | None,
) -> list[Problem]:
    """The problems of a map's ``edges`` list: each an object with ``between`` (two
    different stations of the map that follow each other on some line) and ``via``
    (1 to :data:`MAX_BENDS` points ``[x, y]``), no pair twice. Checks against
    ``station_ids`` and ``pairs`` are left out where they are ``None``.

    >>> for p in check_edges([{"between": ["a", "c"], "via": [[0, 1e9]]}], "edges",
    ...                      frozenset("abc"), frozenset({edge_key("a", "b")})):
    ...     print(p)
    edges[0].between: "a" and "c" do not follow each other on any line
    edges[0].via[0][1]: must be from -1000000 to 1000000, got 1000000000.0
    """
    if not isinstance(value, list):
        return [Problem(path, f"must be an array, got {describe(value)}")]
    first_at: dict[Pair, int] = {}
    problems: list[Problem] = []
    for index, edge in enumerate(value):
        item = f"{path}[{index}]"
        if not isinstance(edge, dict):
            problems.append(Problem(item, f"must be an object, got {describe(edge)}"))
            continue
        fields = {
            "between": partial(
                _check_between, stations=station_ids, pairs=pairs, index=index, first_at=first_at
            ),
            "via": _check_via,
        }
        problems += check_object(edge, item, fields, ("between", "via"))
    return problems


def _check_between(
    value: object,
    path: str,
    stations: frozenset[object] | None,
    pairs: frozenset[Pair] | None,
    index: int,
    first_at: dict[Pair, int],
) -> list[Problem]:
    """The stations of an edge, and whether an earlier edge has their pair."""
    return _check_stations_of(value, path, stations, pairs) + _check_repeat(
        value, path, index, first_at
    )


def _check_stations_of(
    value: object, path: str, stations: frozenset[object] | None, pairs: frozenset[Pair] | None
) -> list[Problem]:
    if not (isinstance(value, list) and len(value) == 2):
        return [Problem(path, f"must be two station ids [a, b], got {quote(value)}")]
    if not all(isinstance(sid, str) for sid in value):
        return [Problem(path, f"must be two station ids (strings), got {quote(value)}")]
    a, b = value
    if a == b:
        return [Problem(path, f"must be two different stations, got {quote(a)} twice")]
    unknown = [sid for sid in value if stations is not None and sid not in stations]
    if unknown:
        return [Problem(path, f"unknown station {quote(unknown[0])}")]
    if pairs is not None and edge_key(a, b) not in pairs:
        return [Problem(path, f"{quote(a)} and {quote(b)} do not follow each other on any line")]
    return []


def _check_repeat(value: object, path: str, index: int, first_at: dict[Pair, int]) -> list[Problem]:
    """A pair given a path twice (either way round)."""
    if not (isinstance(value, list) and len(value) == 2 and all(isinstance(s, str) for s in value)):
        return []
    key = edge_key(*value)
    if key in first_at:
        return [Problem(path, f"this pair has its bends at edges[{first_at[key]}] already")]
    first_at[key] = index
    return []


def _check_via(value: object, path: str) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array of points [x, y], got {describe(value)}")]
    if not 1 <= len(value) <= MAX_BENDS:
        message = f"must have 1 to {MAX_BENDS} points (leave a straight edge out), "
        return [Problem(path, message + f"got {len(value)}")]
    problems: list[Problem] = []
    for index, point in enumerate(value):
        at = f"{path}[{index}]"
        if not (isinstance(point, list) and len(point) == 2):
            problems.append(Problem(at, f"must be a point [x, y], got {quote(point)}"))
            continue
        problems += check_coordinate(point[0], f"{at}[0]") + check_coordinate(point[1], f"{at}[1]")
    return problems
