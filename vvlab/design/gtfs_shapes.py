"""Bends of a GTFS import from the feed's ``shapes.txt``: the track between stations.

A trip may name a ``shape_id`` (``trips.txt``), the path its vehicle runs as points
in ``shapes.txt`` (``shape_id``, ``shape_pt_lat``, ``shape_pt_lon``,
``shape_pt_sequence``; the optional ``shape_dist_traveled`` is not used). Each line
takes the shape most of the trips that run its stations follow (:func:`line_shape`).
Its stations are then placed along the shape, each at the nearest point after the
previous one, the shape is cut between consecutive stations, and each piece, from
station to station in map coordinates, is simplified (:func:`simplify`) with a
tolerance of :data:`BEND_TOLERANCE` times the distance between the stations: a piece
that close to straight gives a straight edge, and the bends of one that is not are
its remaining corners (at most :data:`~vvlab.model.edges.MAX_BENDS`, the farthest
from the straight line first, rounded to 0.1 like the stations). The first line with
a shape between two stations gives their edge its geometry (:func:`seed_bends`).

A shape that cannot be used (an unknown ``shape_id``, a point that is no number, a
``shape_pt_sequence`` that is no whole number or repeats, a single point, a station far
from it) leaves its line's edges straight, with a :class:`GTFSWarning` naming the
shape. Only the needed shapes' rows are kept as ``shapes.txt`` is read in parts, in
any order: ``shape_pt_sequence`` orders each shape's points.

Examples
--------
>>> corner = np.array([[0.0, 0.0], [5.0, 0.2], [10.0, 0.0], [10.0, 10.0]])
>>> simplify(corner, 1.0).tolist()
[[0.0, 0.0], [10.0, 0.0], [10.0, 10.0]]
"""

from __future__ import annotations

import heapq
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise

import numpy as np
import pandas as pd

from vvlab.design.gtfs_feed import Feed, GTFSError, GTFSWarning
from vvlab.design.gtfs_stations import Frame, Place, frame, map_round
from vvlab.model.edges import MAX_BENDS, edge_key

__all__ = ["BEND_TOLERANCE", "MAX_OFF_SHAPE_M", "ShapeRef", "line_shape", "seed_bends", "simplify"]

BEND_TOLERANCE = 0.08
"""How far (a share of the distance between its two stations) a piece of shape may
stray from the drawn edge: the corners beyond it become bends, and a piece that stays
within it of the straight line gives a straight edge."""
MAX_OFF_SHAPE_M = 300.0
"""A station farther than this (metres) from its line's shape: the shape does not fit
the line (another route's path, or stations merged by name), whose edges stay
straight."""

Point = tuple[float, float]


@dataclass(frozen=True)
class ShapeRef:
    """The shape a line follows: its ``shape_id``, and whether it runs the line's
    stations the other way round (a trip of direction 1)."""

    shape_id: str
    reverse: bool


@dataclass(frozen=True)
class ShapedLine:
    """A line as :func:`seed_bends` takes it: its id (for messages), its station keys
    in order and its shape (``None``: none)."""

    id: str
    stations: Sequence[str]
    shape: ShapeRef | None


def line_shape(
    stations: Sequence[str], runs: Iterable[tuple[Sequence[str], str]]
) -> ShapeRef | None:
    """The shape most trips that run exactly ``stations`` (either way) follow, each
    trip given as ``(pattern, shape_id)``; ``None`` when no such trip has one.

    >>> line_shape("abc", [("abc", "s1"), ("cba", "s2"), ("cba", "s2"), ("ab", "s3")])
    ShapeRef(shape_id='s2', reverse=True)
    >>> line_shape("abc", [("abc", "")]) is None
    True
    """
    forward = tuple(stations)
    counts: Counter[ShapeRef] = Counter()
    for pattern, shape_id in runs:
        stops = tuple(dict.fromkeys(pattern))
        if shape_id and stops in (forward, forward[::-1]):
            counts[ShapeRef(shape_id, stops != forward)] += 1
    return counts.most_common(1)[0][0] if counts else None


def seed_bends(
    data: Feed, lines: Sequence[ShapedLine], places: dict[str, Place], xy: dict[str, Point]
) -> dict[tuple[str, str], tuple[Point, ...]]:
    """The bends of the lines' edges, by pair of station keys ``(a, b)`` (the bends
    from ``a`` to ``b``), from the feed's shapes; pairs drawn straight are left out.

    ``places`` are the stations (for :func:`~vvlab.design.gtfs_stations.frame` and
    names), ``xy`` their map coordinates. A pair gets the geometry of the first line
    with a usable shape between its stations; a line whose shape cannot be used is
    skipped with a :class:`GTFSWarning`.
    """
    wanted = {line.shape.shape_id for line in lines if line.shape}
    if not wanted or not data.has("shapes"):
        return {}
    shapes = _read_shapes(data, wanted)
    if isinstance(shapes, str):
        _warn(f"{shapes}; every edge is left straight")
        return {}
    to_map = frame(places)
    decided: set[frozenset[str]] = set()
    bends: dict[tuple[str, str], tuple[Point, ...]] = {}
    for line in lines:
        if line.shape is None:
            continue
        pieces = _line_pieces(line, shapes, to_map, places, xy)
        if isinstance(pieces, str):
            _warn(f"{data.name}: shapes.txt: shape {line.shape.shape_id!r} (line {line.id}): "
                  f"{pieces}; the line's edges are left straight")  # fmt: skip
            continue
        for (a, b), via in zip(pairwise(line.stations), pieces, strict=True):
            if edge_key(a, b) not in decided:
                decided.add(edge_key(a, b))
                if via:
                    bends[(a, b)] = via
    return bends


def _warn(text: str) -> None:
    warnings.warn(text, GTFSWarning, stacklevel=5)  # the caller of from_gtfs


# -- reading shapes.txt ----------------------------------------------------------------


def _read_shapes(data: Feed, wanted: set[str]) -> dict[str, np.ndarray | str] | str:
    """The wanted shapes by id: their points as rows ``(lat, lon)`` in order, or why
    one cannot be used; why not when ``shapes.txt`` cannot be read."""
    try:
        table = data.read("shapes", lambda part: part["shape_id"].isin(wanted))
    except GTFSError as err:
        return str(err)
    found: dict[str, np.ndarray | str] = {
        str(shape_id): _points(rows) for shape_id, rows in table.groupby("shape_id", sort=False)
    }
    return {shape_id: found.get(shape_id, "no such shape_id") for shape_id in wanted}


def _points(rows: pd.DataFrame) -> np.ndarray | str:
    """A shape's points in ``shape_pt_sequence`` order, or what is wrong with them."""
    order = pd.to_numeric(rows["shape_pt_sequence"], errors="coerce")
    lat = pd.to_numeric(rows["shape_pt_lat"], errors="coerce")
    lon = pd.to_numeric(rows["shape_pt_lon"], errors="coerce")
    if order.isna().any() or (order % 1 != 0).any():
        return "a shape_pt_sequence that is no whole number"
    if order.duplicated().any():
        return f"shape_pt_sequence {int(order[order.duplicated()].iloc[0])} given twice"
    if lat.isna().any() or lon.isna().any():
        return "a shape_pt_lat or shape_pt_lon that is no number"
    if not (lat.between(-90, 90).all() and lon.between(-180, 180).all()):
        return "a point at no place on earth"
    if len(rows) < 2:
        return "a single point"
    return np.column_stack([lat, lon])[np.argsort(order.to_numpy(), kind="stable")]


# -- geometry ------------------------------------------------------------------------


def _line_pieces(
    line: ShapedLine,
    shapes: dict[str, np.ndarray | str],
    to_map: Frame,
    places: dict[str, Place],
    xy: dict[str, Point],
) -> list[tuple[Point, ...]] | str:
    """The bends of each edge of ``line`` (empty: straight), or why its shape does not
    serve."""
    points = shapes[line.shape.shape_id]
    if isinstance(points, str):
        return points
    path = np.column_stack(to_map(points[:, 0], points[:, 1]))
    if line.shape.reverse:
        path = path[::-1]
    ends = np.array([xy[s] for s in line.stations], dtype=float)
    where, off = _locate(path, ends)
    along = np.concatenate([[0.0], np.cumsum(np.hypot(*np.diff(path, axis=0).T))])
    worst = int(np.argmax(off))
    metres = off[worst] / to_map.units_per_metre()
    if metres > MAX_OFF_SHAPE_M:
        return f"station {places[line.stations[worst]].name} lies {metres:.0f} m from it"
    return [
        _bends(path[(along > where[k]) & (along < where[k + 1])], ends[k], ends[k + 1])
        for k in range(len(ends) - 1)
    ]


def _locate(path: np.ndarray, stations: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where along ``path`` (distance from its start) each station lies, nearest to
    it and never before the previous one, and how far it is from there.

    >>> _locate(np.array([[0.0, 0.0], [10.0, 0.0]]), np.array([[2.0, 1.0], [1.0, 0.0]]))
    (array([2., 2.]), array([1., 1.]))
    """
    start, step = path[:-1], np.diff(path, axis=0)
    length = np.hypot(step[:, 0], step[:, 1])
    before = np.concatenate([[0.0], np.cumsum(length)])
    safe = np.where(length > 0, length, 1.0)
    where, off, done = np.zeros(len(stations)), np.zeros(len(stations)), 0.0
    for k, station in enumerate(stations):
        along = ((station - start) * step).sum(axis=1) / safe
        earliest = np.clip(done - before[:-1], 0.0, length)
        along = np.clip(along, earliest, length)
        near = start + step * (along / safe)[:, None]
        gap = np.hypot(*(near - station).T)
        best = int(np.argmin(np.where(before[1:] >= done, gap, np.inf)))
        done = where[k] = before[best] + along[best]
        off[k] = gap[best]
    return where, off


def _bends(inside: np.ndarray, a: np.ndarray, b: np.ndarray) -> tuple[Point, ...]:
    """The bends from station ``a`` to station ``b`` through the shape's points
    ``inside`` between them: simplified, rounded, at most ``MAX_BENDS``.

    >>> _bends(np.array([[5.0, 4.0], [9.0, 0.2]]), np.array([0.0, 0.0]), np.array([10.0, 0.0]))
    ((5.0, 4.0),)
    """
    chord = float(np.hypot(*(b - a)))
    if chord == 0:
        return ()
    via = simplify(np.vstack([a, inside, b]), BEND_TOLERANCE * chord, MAX_BENDS)[1:-1]
    points = [(map_round(x), map_round(y)) for x, y in via]
    ends = {(map_round(a[0]), map_round(a[1])), (map_round(b[0]), map_round(b[1]))}
    kept = [p for k, p in enumerate(points) if p not in ends and (k == 0 or p != points[k - 1])]
    return tuple(kept)


def simplify(points: np.ndarray, tolerance: float, most: int | None = None) -> np.ndarray:
    """The Ramer–Douglas–Peucker simplification of a polyline (rows ``(x, y)``): its
    ends, and each point farther than ``tolerance`` from the simplified piece around
    it; with ``most``, at most that many points besides the ends, the farthest first.
    A dozen lines of numpy rather than a geometry library for one function; a heap,
    not recursion, so a long shape cannot reach Python's recursion limit.

    >>> line = np.array([[0.0, 0.0], [1.0, 0.05], [2.0, 0.0], [3.0, 1.0], [4.0, 0.0]])
    >>> simplify(line, 0.1).tolist()
    [[0.0, 0.0], [2.0, 0.0], [3.0, 1.0], [4.0, 0.0]]
    >>> simplify(line, 0.01, most=1).tolist()
    [[0.0, 0.0], [3.0, 1.0], [4.0, 0.0]]
    """
    kept = [0, len(points) - 1]
    pending: list[tuple[float, int, int, int]] = []

    def split(first: int, last: int) -> None:
        if last - first < 2:
            return
        gaps = _segment_distance(points[first + 1 : last], points[first], points[last])
        worst = int(np.argmax(gaps))
        if gaps[worst] > tolerance:
            heapq.heappush(pending, (-float(gaps[worst]), first, first + 1 + worst, last))

    split(0, len(points) - 1)
    while pending and (most is None or len(kept) - 2 < most):
        _, first, middle, last = heapq.heappop(pending)
        kept.append(middle)
        split(first, middle)
        split(middle, last)
    return points[sorted(kept)]


def _segment_distance(points: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each point's distance from the segment ``a``–``b``."""
    step = b - a
    square = float(step @ step)
    along = np.clip((points - a) @ step / square, 0.0, 1.0) if square else np.zeros(len(points))
    return np.hypot(*(points - (a + along[:, None] * step)).T)
