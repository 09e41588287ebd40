"""How well a city is drawn: octilinear edges, bends, spacing, crossings, edge lengths
and the distance from a reference drawing (the geography).

:func:`layout_quality` gathers every figure in one dict; the helpers it uses are public
so that tests, :mod:`vvlab.design.layout_rules` and :mod:`vvlab.design.schematic` check
the same things. An *edge* is a pair of stations next to each other on at least one
line (counted once however many lines run along it), drawn as the polyline
:meth:`~vvlab.model.citymap.CityMap.edge_path` gives (straight unless it bends); a
*bend* is a change of direction of a line, at a station or at a bend of an edge. The
geometric tests work on all the pieces of the polylines at once (numpy).

Examples
--------
>>> import vvlab
>>> figures = layout_quality(vvlab.load_map("tutorial"))
>>> figures["edges"], figures["crossings"], figures["stations_on_foreign_edges"]
(11, 0, 0)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from itertools import pairwise
from typing import Any, NamedTuple

import numpy as np
from numpy.typing import ArrayLike

from vvlab.model import CityMap

__all__ = [
    "Segments",
    "bends",
    "displacement",
    "edge_crossings",
    "edge_lengths",
    "edge_paths",
    "is_octilinear",
    "layout_quality",
    "line_edges",
    "min_station_distance",
    "non_octilinear_edges",
    "point_segment_distance",
    "positions",
    "route_polyline",
    "segments",
    "segments_meet",
    "station_edge_gaps",
    "stations_on_foreign_edges",
]

Edge = tuple[str, str]
TOLERANCE = 1e-9
"""Relative tolerance of the geometric tests (a share of the lengths involved)."""


def line_edges(city: CityMap) -> list[Edge]:
    """The distinct edges of all lines, each once, in map order.

    >>> import vvlab
    >>> line_edges(vvlab.load_map("tutorial"))[:2]
    [('harbour', 'market'), ('market', 'central')]
    """
    seen: dict[frozenset[str], Edge] = {}
    for line in city.lines:
        for a, b in pairwise(line.stations):
            seen.setdefault(frozenset((a, b)), (a, b))
    return list(seen.values())


def positions(city: CityMap, ids: Iterable[str] | None = None) -> np.ndarray:
    """The ``(x, y)`` of the stations ``ids`` (all, in map order, by default), as an
    array ``(n, 2)`` of floats."""
    ids = city.stations if ids is None else ids
    return np.array([[float(city.stations[s].x), float(city.stations[s].y)] for s in ids])


def edge_paths(city: CityMap) -> list[np.ndarray]:
    """The drawn polyline of every edge (:meth:`~vvlab.model.citymap.CityMap.edge_path`),
    in the order of :func:`line_edges`: float arrays of shape ``(k, 2)``, from the
    edge's first station to its second, with any point repeated in a row left out (an
    edge whose stations and bends are all on one point is that one point).

    >>> import vvlab
    >>> edge_paths(vvlab.load_map("tutorial"))[0].tolist()
    [[-4.0, 0.0], [-2.0, 0.0]]
    """
    paths = []
    for a, b in line_edges(city):
        points = np.array(city.edge_path(a, b), float)
        paths.append(points[np.r_[True, np.any(points[1:] != points[:-1], axis=1)]])
    return paths


class Segments(NamedTuple):
    """The straight pieces of the edge polylines: ``start`` and ``end`` (arrays
    ``(n, 2)``), the ``edge`` each belongs to (index into :func:`line_edges`) and
    whether it is the edge's ``first`` or ``last`` piece (the one at its first or
    second station; a straight edge is both)."""

    start: np.ndarray
    end: np.ndarray
    edge: np.ndarray
    first: np.ndarray
    last: np.ndarray


def segments(paths: list[np.ndarray]) -> Segments:
    """The :class:`Segments` of the polylines ``paths`` (see :func:`edge_paths`)."""
    counts = [max(len(path) - 1, 0) for path in paths]
    edge = np.repeat(np.arange(len(paths)), counts)
    index = np.concatenate([np.arange(n) for n in counts]) if paths else np.zeros(0, int)
    starts = [path[:-1] for path in paths]
    ends = [path[1:] for path in paths]
    return Segments(
        start=np.concatenate(starts) if paths else np.zeros((0, 2)),
        end=np.concatenate(ends) if paths else np.zeros((0, 2)),
        edge=edge,
        first=index == 0,
        last=index == np.asarray(counts)[edge] - 1,
    )


def is_octilinear(dx: float, dy: float) -> bool:
    """True if the step ``(dx, dy)`` is horizontal, vertical or at 45°.

    >>> is_octilinear(0, 2), is_octilinear(3, -3), is_octilinear(1, 2)
    (True, True, False)
    """
    size = max(abs(dx), abs(dy))
    if size == 0:
        return False
    tol = TOLERANCE * size
    return min(abs(dx), abs(dy), abs(abs(dx) - abs(dy))) <= tol


def _path_is_octilinear(path: np.ndarray) -> bool:
    """Every piece of a polyline (without repeated points) is octilinear; a polyline of
    one point is not."""
    return len(path) > 1 and all(is_octilinear(*step) for step in np.diff(path, axis=0))


def non_octilinear_edges(city: CityMap) -> list[Edge]:
    """The edges with a piece that is neither horizontal, vertical nor at 45° (and the
    edges of length 0)."""
    paths = edge_paths(city)
    return [edge for edge, path in zip(line_edges(city), paths, strict=True)
            if not _path_is_octilinear(path)]  # fmt: skip


def _turn(u: np.ndarray, v: np.ndarray) -> float:
    """The angle (radians, 0..pi) by which direction ``v`` turns away from ``u``."""
    cos = float(u @ v) / (float(np.linalg.norm(u) * np.linalg.norm(v)) or 1.0)
    return math.acos(max(-1.0, min(1.0, cos)))


def route_polyline(city: CityMap, line_id: str) -> np.ndarray:
    """The polyline a line is drawn along: its edges' polylines one after the other
    (array ``(k, 2)``, no point repeated in a row).

    >>> import vvlab
    >>> route_polyline(vvlab.load_map("tutorial"), "C").tolist()
    [[-4.0, 3.0], [-2.0, 1.5], [0.0, 0.0]]
    """
    route = city.line(line_id).stations
    points = np.array([p for a, b in pairwise(route) for p in city.edge_path(a, b)], float)
    return points[np.r_[True, np.any(points[1:] != points[:-1], axis=1)]]


def bends(city: CityMap) -> int:
    """How often a line changes direction, at a station or at a bend of an edge between
    stations (every line counted; a U-turn counts once, a bend point in a straight run
    not at all).

    >>> import vvlab
    >>> bends(vvlab.load_map("tutorial"))
    0
    """
    count = 0
    for line in city.lines:
        steps = np.diff(route_polyline(city, line.id), axis=0)
        count += sum(_turn(u, v) > 1e-6 for u, v in pairwise(steps))
    return count


def min_station_distance(city: CityMap) -> float:
    """The smallest distance between two stations (``inf`` for a single station)."""
    xy = positions(city)
    if len(xy) < 2:
        return math.inf
    gaps = np.linalg.norm(xy[:, None, :] - xy[None, :, :], axis=2)
    np.fill_diagonal(gaps, np.inf)
    return float(gaps.min())


def edge_lengths(city: CityMap) -> np.ndarray:
    """The length of every edge's polyline, in the order of :func:`line_edges`."""
    return np.array([_length(path) for path in edge_paths(city)])


def _length(path: np.ndarray) -> float:
    return float(np.linalg.norm(np.diff(path, axis=0), axis=1).sum())


def point_segment_distance(points: ArrayLike, start: ArrayLike, end: ArrayLike) -> np.ndarray:
    """The distance from each point to the segment ``start``-``end``: arrays of points
    (last axis x, y) broadcast against each other, e.g. stations ``(n, 1, 2)`` against
    segments ``(1, m, 2)`` give an ``(n, m)`` matrix.

    >>> point_segment_distance([[1, 1], [3, 0]], [0, 0], [2, 0]).tolist()
    [1.0, 1.0]
    """
    points, start, end = (np.asarray(v, float) for v in (points, start, end))
    step = end - start
    squared = (step * step).sum(axis=-1)
    along = ((points - start) * step).sum(axis=-1) / np.where(squared > 0, squared, 1.0)
    nearest = start + np.clip(along, 0, 1)[..., None] * step
    return np.linalg.norm(points - nearest, axis=-1)


def _on_segment(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Whether points ``p`` lie on the closed segments a-b (within the tolerance)."""
    scale = np.maximum(np.linalg.norm(b - a, axis=-1), 1e-12)
    return point_segment_distance(p, a, b) <= TOLERANCE * scale


def _cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return (a[..., 0] - o[..., 0]) * (b[..., 1] - o[..., 1]) - (a[..., 1] - o[..., 1]) * (
        b[..., 0] - o[..., 0]
    )


def segments_meet(a: ArrayLike, b: ArrayLike, c: ArrayLike, d: ArrayLike) -> Any:
    """True if the closed segments a-b and c-d have a point in common; for arrays of
    segments (shape ``(n, 2)``), an array of ``n`` answers.

    >>> p = [np.array(v, float) for v in [(0, 0), (2, 2), (0, 2), (2, 0), (3, 3)]]
    >>> segments_meet(p[0], p[1], p[2], p[3]), segments_meet(p[0], p[2], p[3], p[4])
    (True, False)
    """
    a, b, c, d = (np.asarray(v, float) for v in (a, b, c, d))
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    proper = (np.sign(d1) * np.sign(d2) < 0) & (np.sign(d3) * np.sign(d4) < 0)
    meet = proper | _on_segment(a, c, d) | _on_segment(b, c, d)
    meet = meet | _on_segment(c, a, b) | _on_segment(d, a, b)
    return bool(meet) if meet.ndim == 0 else meet


def _leaving(piece: Segments, k: int, station_first: bool) -> np.ndarray:
    """The direction in which piece ``k`` leaves the station at its start (or end)."""
    return piece.end[k] - piece.start[k] if station_first else piece.start[k] - piece.end[k]


def _meeting_pairs(edges: list[Edge], paths: list[np.ndarray]) -> set[tuple[int, int]]:
    """The pairs ``(i, j)``, ``i < j``, of edges whose polylines meet, other than where
    two edges leave a common station in different directions."""
    piece = segments(paths)
    low, high = np.minimum(piece.start, piece.end), np.maximum(piece.start, piece.end)
    slack = TOLERANCE * float(np.abs(high - low).max(initial=0.0)) + 1e-300
    boxes_meet = np.all(
        (low[:, None] <= high[None] + slack) & (low[None] <= high[:, None] + slack), axis=2
    )
    i, j = np.nonzero(np.triu(boxes_meet & (piece.edge[:, None] != piece.edge[None]), 1))
    hit = segments_meet(piece.start[i], piece.end[i], piece.start[j], piece.end[j])
    found = set()
    for k, m in zip(i[hit], j[hit], strict=True):
        e, f = piece.edge[k], piece.edge[m]
        common = set(edges[e]) & set(edges[f])
        if common:
            (station,) = common
            at_e = piece.first[k] if edges[e][0] == station else piece.last[k]
            at_f = piece.first[m] if edges[f][0] == station else piece.last[m]
            if at_e and at_f:  # both leave the station: they meet there; only overlap counts
                u = _leaving(piece, k, edges[e][0] == station)
                v = _leaving(piece, m, edges[f][0] == station)
                if _turn(u, v) >= 1e-9:
                    continue
        found.add((int(min(e, f)), int(max(e, f))))
    return found


def edge_crossings(city: CityMap) -> list[tuple[Edge, Edge]]:
    """The pairs of edges whose polylines cross or touch: two edges with a common
    station count if they leave it in the same direction (run along each other) or
    meet elsewhere.

    >>> import vvlab
    >>> edge_crossings(vvlab.load_map("tutorial"))
    []
    """
    edges = line_edges(city)
    return [(edges[i], edges[j]) for i, j in sorted(_meeting_pairs(edges, edge_paths(city)))]


def station_edge_gaps(city: CityMap) -> np.ndarray:
    """The distance from each station (in map order) to each edge's polyline (in the
    order of :func:`line_edges`); ``inf`` where the station is an end of the edge.

    >>> import vvlab
    >>> station_edge_gaps(vvlab.load_map("tutorial")).min()
    np.float64(1.2)
    """
    edges, paths = line_edges(city), edge_paths(city)
    piece = segments(paths)
    ids = list(city.stations)
    xy = positions(city, ids)
    to_piece = point_segment_distance(xy[:, None], piece.start[None], piece.end[None])
    gaps = np.full((len(ids), len(edges)), np.inf)
    if len(piece.edge):
        np.minimum.at(gaps.T, piece.edge, to_piece.T)
    index = {sid: k for k, sid in enumerate(ids)}
    for e, (a, b) in enumerate(edges):
        gaps[[index[a], index[b]], e] = np.inf
    return gaps


def stations_on_foreign_edges(city: CityMap) -> list[tuple[str, Edge]]:
    """The stations that lie on an edge (its polyline) they are not an end of."""
    edges, ids = line_edges(city), list(city.stations)
    gaps = station_edge_gaps(city)
    on = gaps <= TOLERANCE * np.maximum(edge_lengths(city), 1e-12)
    return [(ids[s], edges[e]) for e, s in np.argwhere(on.T)]


def displacement(city: CityMap, reference: CityMap, statistic: str = "mean") -> float:
    """How far the stations moved from ``reference``: the mean (or with ``statistic=
    "median"`` the median) distance after scaling and shifting ``city`` to fit
    ``reference`` best (least squares, no rotation), in units of the reference's
    median edge length (of the edges' polylines).

    >>> import vvlab
    >>> tutorial = vvlab.load_map("tutorial")
    >>> displacement(tutorial, tutorial), displacement(tutorial, tutorial, "median")
    (0.0, 0.0)
    """
    average = {"mean": np.mean, "median": np.median}.get(statistic)
    if average is None:
        raise ValueError(f'statistic must be "mean" or "median", got {statistic!r}')
    ids = list(reference.stations)
    ref, own = positions(reference, ids), positions(city, ids)
    ref_c, own_c = ref - ref.mean(axis=0), own - own.mean(axis=0)
    scale = float((ref_c * own_c).sum() / max((own_c**2).sum(), 1e-12))
    gaps = np.linalg.norm(ref_c - scale * own_c, axis=1)
    unit = float(np.median(edge_lengths(reference))) or 1.0
    return round(float(average(gaps)) / unit, 12)


def layout_quality(city: CityMap, reference: CityMap | None = None) -> dict[str, Any]:
    """Every figure of how well ``city`` is drawn, in one dict.

    Keys: ``edges``; ``octilinear_share`` (edges with every piece horizontal, vertical
    or at 45°); ``bends`` and ``bends_per_edge``; ``min_station_distance``;
    ``edge_length_ratio`` (longest / shortest edge) and ``edge_length_cv`` (standard
    deviation / mean); ``crossings`` and
    ``stations_on_foreign_edges`` (counts); ``displacement`` and
    ``median_displacement`` from ``reference`` (the mean and the median of
    :func:`displacement`; ``None`` without a reference). Lengths are those of the
    edges' polylines.

    >>> import vvlab
    >>> q = layout_quality(vvlab.load_map("tutorial"))
    >>> q["octilinear_share"], q["bends"], q["min_station_distance"]
    (0.7272727272727273, 0, 1.5)
    """
    lengths = edge_lengths(city)
    edges = line_edges(city)
    turns = bends(city)
    return {
        "edges": len(edges),
        "octilinear_share": 1 - len(non_octilinear_edges(city)) / max(len(edges), 1),
        "bends": turns,
        "bends_per_edge": turns / max(len(edges), 1),
        "min_station_distance": min_station_distance(city),
        "edge_length_ratio": float(lengths.max() / lengths.min()) if len(lengths) else 1.0,
        "edge_length_cv": float(lengths.std() / lengths.mean()) if len(lengths) else 0.0,
        "crossings": len(edge_crossings(city)),
        "stations_on_foreign_edges": len(stations_on_foreign_edges(city)),
        "displacement": None if reference is None else displacement(city, reference),
        "median_displacement": (
            None if reference is None else displacement(city, reference, "median")
        ),
    }
