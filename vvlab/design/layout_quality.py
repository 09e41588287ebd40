"""How well a city is drawn: octilinear edges, bends, spacing, crossings, edge lengths
and the distance from a reference drawing (the geography).

:func:`layout_quality` gathers every figure in one dict; the helpers it uses are public
so that tests and :mod:`vvlab.design.schematic` check the same things. An *edge* is a
pair of stations next to each other on at least one line (counted once however many
lines run along it); a *bend* is a change of direction of a line at a station.

Examples
--------
>>> import vvlab
>>> figures = layout_quality(vvlab.load_map("tutorial"))
>>> figures["edges"], figures["crossings"], figures["stations_on_foreign_edges"]
(11, 0, 0)
"""

from __future__ import annotations

import math
from itertools import combinations, pairwise
from typing import Any

import numpy as np

from vvlab.model import CityMap

__all__ = [
    "bends",
    "displacement",
    "edge_crossings",
    "edge_lengths",
    "is_octilinear",
    "layout_quality",
    "line_edges",
    "min_station_distance",
    "non_octilinear_edges",
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


def _xy(city: CityMap, station: str) -> np.ndarray:
    s = city.stations[station]
    return np.array([float(s.x), float(s.y)])


def _vector(city: CityMap, a: str, b: str) -> np.ndarray:
    return _xy(city, b) - _xy(city, a)


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


def non_octilinear_edges(city: CityMap) -> list[Edge]:
    """The edges that are neither horizontal, vertical nor at 45°."""
    return [(a, b) for a, b in line_edges(city) if not is_octilinear(*_vector(city, a, b))]


def _turn(u: np.ndarray, v: np.ndarray) -> float:
    """The angle (radians, 0..pi) by which direction ``v`` turns away from ``u``."""
    cos = float(u @ v) / (float(np.linalg.norm(u) * np.linalg.norm(v)) or 1.0)
    return math.acos(max(-1.0, min(1.0, cos)))


def bends(city: CityMap) -> int:
    """How often a line changes direction at a station (every line counted).

    >>> import vvlab
    >>> bends(vvlab.load_map("tutorial"))
    0
    """
    count = 0
    for line in city.lines:
        for a, b, c in zip(line.stations, line.stations[1:], line.stations[2:], strict=False):
            count += _turn(_vector(city, a, b), _vector(city, b, c)) > 1e-6
    return count


def min_station_distance(city: CityMap) -> float:
    """The smallest distance between two stations (``inf`` for a single station)."""
    xy = np.array([[float(s.x), float(s.y)] for s in city.stations.values()])
    if len(xy) < 2:
        return math.inf
    gaps = np.linalg.norm(xy[:, None, :] - xy[None, :, :], axis=2)
    np.fill_diagonal(gaps, np.inf)
    return float(gaps.min())


def edge_lengths(city: CityMap) -> np.ndarray:
    """The length of every edge, in the order of :func:`line_edges`."""
    return np.array([float(np.linalg.norm(_vector(city, a, b))) for a, b in line_edges(city)])


def _cross(o: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    return float((a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]))


def _on_segment(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> bool:
    """True if point ``p`` lies on the closed segment a-b."""
    scale = max(float(np.linalg.norm(b - a)), 1e-12)
    if abs(_cross(a, b, p)) > TOLERANCE * scale * scale:
        return False
    slack = TOLERANCE * scale
    inside_x = min(a[0], b[0]) - slack <= p[0] <= max(a[0], b[0]) + slack
    return bool(inside_x and min(a[1], b[1]) - slack <= p[1] <= max(a[1], b[1]) + slack)


def segments_meet(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> bool:
    """True if the closed segments a-b and c-d have a point in common.

    >>> p = [np.array(v, float) for v in [(0, 0), (2, 2), (0, 2), (2, 0), (3, 3)]]
    >>> segments_meet(p[0], p[1], p[2], p[3]), segments_meet(p[0], p[2], p[3], p[4])
    (True, False)
    """
    d1, d2 = _cross(c, d, a), _cross(c, d, b)
    d3, d4 = _cross(a, b, c), _cross(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    return (
        _on_segment(a, c, d) or _on_segment(b, c, d) or _on_segment(c, a, b) or _on_segment(d, a, b)
    )


def _overlap_at_shared_end(city: CityMap, e: Edge, f: Edge) -> bool:
    """Two edges with a common station run along each other (leave it the same way)."""
    (common,) = set(e) & set(f)
    u = _vector(city, common, e[0] if e[1] == common else e[1])
    v = _vector(city, common, f[0] if f[1] == common else f[1])
    return _turn(u, v) < 1e-9


def edge_crossings(city: CityMap) -> list[tuple[Edge, Edge]]:
    """The pairs of edges that cross or touch (other than at a common station, where
    only edges running along each other count).

    >>> import vvlab
    >>> edge_crossings(vvlab.load_map("tutorial"))
    []
    """
    found = []
    for e, f in combinations(line_edges(city), 2):
        if set(e) & set(f):
            if _overlap_at_shared_end(city, e, f):
                found.append((e, f))
        elif segments_meet(*(_xy(city, s) for s in (*e, *f))):
            found.append((e, f))
    return found


def stations_on_foreign_edges(city: CityMap) -> list[tuple[str, Edge]]:
    """The stations that lie on an edge they are not an end of."""
    found = []
    for a, b in line_edges(city):
        pa, pb = _xy(city, a), _xy(city, b)
        for sid in city.stations:
            if sid not in (a, b) and _on_segment(_xy(city, sid), pa, pb):
                found.append((sid, (a, b)))
    return found


def displacement(city: CityMap, reference: CityMap) -> float:
    """How far the stations moved from ``reference``: the mean distance after scaling
    and shifting ``city`` to fit ``reference`` best (least squares, no rotation), in
    units of the reference's median edge length.

    >>> import vvlab
    >>> tutorial = vvlab.load_map("tutorial")
    >>> displacement(tutorial, tutorial)
    0.0
    """
    ids = list(reference.stations)
    ref = np.array([_xy(reference, s) for s in ids])
    own = np.array([_xy(city, s) for s in ids])
    ref_c, own_c = ref - ref.mean(axis=0), own - own.mean(axis=0)
    scale = float((ref_c * own_c).sum() / max((own_c**2).sum(), 1e-12))
    gaps = np.linalg.norm(ref_c - scale * own_c, axis=1)
    unit = float(np.median(edge_lengths(reference))) or 1.0
    return round(float(gaps.mean()) / unit, 12)


def layout_quality(city: CityMap, reference: CityMap | None = None) -> dict[str, Any]:
    """Every figure of how well ``city`` is drawn, in one dict.

    Keys: ``edges``; ``octilinear_share`` (edges horizontal, vertical or at 45°);
    ``bends``; ``min_station_distance``; ``edge_length_ratio`` (longest / shortest
    edge) and ``edge_length_cv`` (standard deviation / mean); ``crossings`` and
    ``stations_on_foreign_edges`` (counts); ``displacement`` from ``reference`` (see
    :func:`displacement`; ``None`` without a reference).

    >>> import vvlab
    >>> q = layout_quality(vvlab.load_map("tutorial"))
    >>> q["octilinear_share"], q["bends"], q["min_station_distance"]
    (0.7272727272727273, 0, 1.5)
    """
    lengths = edge_lengths(city)
    edges = line_edges(city)
    return {
        "edges": len(edges),
        "octilinear_share": 1 - len(non_octilinear_edges(city)) / max(len(edges), 1),
        "bends": bends(city),
        "min_station_distance": min_station_distance(city),
        "edge_length_ratio": float(lengths.max() / lengths.min()) if len(lengths) else 1.0,
        "edge_length_cv": float(lengths.std() / lengths.mean()) if len(lengths) else 0.0,
        "crossings": len(edge_crossings(city)),
        "stations_on_foreign_edges": len(stations_on_foreign_edges(city)),
        "displacement": None if reference is None else displacement(city, reference),
    }
