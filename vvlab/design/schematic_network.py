"""The network that :func:`vvlab.design.schematic` lays out, built from a city: station
and edge numbers, geographic directions, the cyclic order of the edges around each
station, a vertex at each crossing of two edges in the geography (Nöllenburg & Wolff
planarise the same way), the pairs near enough to start in the model, and the pairs a
layout lets meet.

Examples
--------
>>> import vvlab
>>> ids, network = city_network(vvlab.load_map("tutorial"))
>>> len(ids), len(network.edges), network.rotation[ids.index("central")]
(12, 11, [3, 6, 10, 1, 7])
"""

from __future__ import annotations

import math
from collections.abc import Collection
from itertools import combinations, pairwise

import numpy as np

from vvlab.design.layout_quality import line_edges, segments_meet
from vvlab.design.schematic_model import Network
from vvlab.model import CityMap

__all__ = [
    "city_network",
    "grid_homes",
    "near_pairs",
    "proper_crossings",
    "touching_pairs",
    "violations",
]

NEAR = 2.0
"""Pairs closer than this many median edge lengths in the geography start in the model;
the others are added only when a solution lets them meet."""
UNIT = 1
"""Grid units per median edge length of the geography (where stations start from)."""

Pairs = dict[str, list[tuple[int, int]]]
"""Pairs to keep apart: ``"ee"`` edge-edge, ``"ve"`` station-edge, ``"vv"`` station-station."""


def city_network(
    city: CityMap, planarise: bool | Collection[int] = True
) -> tuple[list[str], Network]:
    """The city's stations, edges, turns and rotations by index; with ``planarise``, a
    vertex at each proper crossing of two edges in the geography, or at those crossings
    whose numbers it holds (see :func:`proper_crossings`); the vertices are numbered
    after the stations and the edges pass straight through them."""
    ids = list(city.stations)
    index = {sid: k for k, sid in enumerate(ids)}
    plain = [(index[a], index[b]) for a, b in line_edges(city)]
    points = [tuple(p) for p in _unfolded(city, ids, plain)]
    chains, crossings = _planarised(np.array(points), plain, planarise)
    xy = np.array(points + crossings)
    edges, straight, path = _chain_edges(plain, chains, len(points))
    turns: dict[tuple[int, int, int], int] = {}
    for line in city.lines:
        route = [index[s] for s in line.stations]
        for u, v, w in zip(route, route[1:], route[2:], strict=False):
            before, after = path[u, v][-2], path[v, w][1]
            key = (min(before, after), v, max(before, after))
            turns[key] = turns.get(key, 0) + 1
    neighbours: list[set[int]] = [set() for _ in xy]
    for a, b in edges:
        neighbours[a].add(b)
        neighbours[b].add(a)
    rotation = [
        sorted(near, key=lambda u, v=v: (_angle(xy[v], xy[u]), u))
        for v, near in enumerate(neighbours)
    ]
    network = Network(
        xy=xy, edges=edges, turns=[(*k, c) for k, c in turns.items()], rotation=rotation
    )
    network.straight = straight
    return ids, network


def _unfolded(city: CityMap, ids: list[str], edges: list[tuple[int, int]]) -> np.ndarray:
    """The station positions, each moved by a millionth of the median edge length in
    its own direction (golden-angle steps): three stations in a row become a thin
    triangle, so the order of the edges around a station is never a tie."""
    xy = np.array([[float(city.stations[s].x), float(city.stations[s].y)] for s in ids])
    unit = float(np.median([np.linalg.norm(xy[b] - xy[a]) for a, b in edges])) if edges else 1.0
    turns = np.arange(len(ids)) * math.pi * (3 - math.sqrt(5))
    return xy + 1e-6 * (unit or 1.0) * np.column_stack([np.cos(turns), np.sin(turns)])


def proper_crossings(city: CityMap) -> int:
    """How many pairs of edges cross properly (not at a station) in the geography."""
    ids = list(city.stations)
    index = {sid: k for k, sid in enumerate(ids)}
    plain = [(index[a], index[b]) for a, b in line_edges(city)]
    return len(_planarised(_unfolded(city, ids, plain), plain, True)[1])


def _planarised(xy: np.ndarray, edges: list[tuple[int, int]], keep: bool | Collection[int]):
    """The proper crossings of the edges (all, none or the numbers in ``keep``): for each
    crossed edge its crossing numbers in order along it, and the crossing points."""
    along: dict[int, list[tuple[float, int]]] = {}
    points: list[tuple[float, float]] = []
    number = -1
    for e, f in combinations(range(len(edges)), 2):
        if set(edges[e]) & set(edges[f]) or keep is False:
            continue
        where = _crossing(*(xy[s] for s in (*edges[e], *edges[f])))
        number += where is not None
        if where is not None and (keep is True or number in keep):
            along.setdefault(e, []).append((where[0], len(points)))
            along.setdefault(f, []).append((where[1], len(points)))
            points.append(where[2])
    return {e: [c for _, c in sorted(hits)] for e, hits in along.items()}, points


def _crossing(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray):
    """Where segments a-b and c-d cross properly: (t along a-b, t along c-d, point)."""
    r, q = b - a, d - c
    denominator = r[0] * q[1] - r[1] * q[0]
    if abs(denominator) < 1e-12:
        return None
    t = ((c - a)[0] * q[1] - (c - a)[1] * q[0]) / denominator
    u = ((c - a)[0] * r[1] - (c - a)[1] * r[0]) / denominator
    if not (1e-9 < t < 1 - 1e-9 and 1e-9 < u < 1 - 1e-9):
        return None
    point = a + t * r
    return float(t), float(u), (float(point[0]), float(point[1]))


def _chain_edges(plain: list[tuple[int, int]], chains: dict[int, list[int]], stations: int):
    """Split the crossed edges at their crossing vertices (numbered after the stations).

    Returns the edges, the (u, x, w) straight passages and each station pair's path."""
    edges, straight, path = [], [], {}
    for e, (a, b) in enumerate(plain):
        walk = [a, *(stations + c for c in chains.get(e, [])), b]
        edges += list(pairwise(walk))
        straight += [(u, x, w) for u, x, w in zip(walk, walk[1:], walk[2:], strict=False)]
        path[a, b], path[b, a] = walk, walk[::-1]
    return edges, straight, path


def _angle(start: np.ndarray, end: np.ndarray) -> float:
    step = end - start
    return math.atan2(step[1], step[0]) % (2 * math.pi)


def _segment_gap(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray) -> float:
    """The distance between segments a-b and c-d."""
    if segments_meet(a, b, c, d):
        return 0.0
    return min(_point_gap(a, c, d), _point_gap(b, c, d), _point_gap(c, a, b), _point_gap(d, a, b))


def _point_gap(p: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    ab = b - a
    t = 0.0 if not ab.any() else float(np.clip((p - a) @ ab / (ab @ ab), 0, 1))
    return float(np.linalg.norm(p - (a + t * ab)))


def near_pairs(network: Network, exempt: set[tuple[int, int]]) -> Pairs:
    """The station and edge pairs that are near in the geography."""
    xy, edges = network.xy, network.edges
    unit = float(np.median([np.linalg.norm(xy[b] - xy[a]) for a, b in edges])) or 1.0
    reach = NEAR * unit
    pairs: Pairs = {"ee": [], "ve": [], "vv": []}
    for e, f in combinations(range(len(edges)), 2):
        ends = (*edges[e], *edges[f])
        apart = len(set(ends)) == 4 and (e, f) not in exempt
        if apart and _segment_gap(*(xy[s] for s in ends)) < reach:
            pairs["ee"].append((e, f))
    for v in range(len(xy)):
        for e, (a, b) in enumerate(edges):
            if v not in (a, b) and _point_gap(xy[v], xy[a], xy[b]) < reach:
                pairs["ve"].append((v, e))
    for u, v in combinations(range(len(xy)), 2):
        if np.linalg.norm(xy[u] - xy[v]) < reach:
            pairs["vv"].append((u, v))
    return pairs


def violations(points: np.ndarray, network: Network, exempt: set[tuple[int, int]]) -> Pairs:
    """The pairs that meet in a layout: stations on one point, stations on edges,
    edges crossing (other than the ``exempt`` pairs, which cross in the geography)."""
    pts = points.astype(float)
    edges = network.edges
    found: Pairs = {"ee": [], "ve": [], "vv": []}
    seen: dict[tuple[int, int], int] = {}
    for v, point in enumerate(points):
        key = (int(point[0]), int(point[1]))
        if key in seen:
            found["vv"].append((seen[key], v))
        seen.setdefault(key, v)
    for v in range(len(pts)):
        for e, (a, b) in enumerate(edges):
            if v not in (a, b) and _point_gap(pts[v], pts[a], pts[b]) == 0:
                found["ve"].append((v, e))
    for e, f in combinations(range(len(edges)), 2):
        ends = (*edges[e], *edges[f])
        if len(set(ends)) == 4 and (e, f) not in exempt and segments_meet(*(pts[s] for s in ends)):
            found["ee"].append((e, f))
    return found


def touching_pairs(network: Network) -> set[tuple[int, int]]:
    """The edge pairs that touch in the geography (left free to touch)."""
    xy, edges = network.xy, network.edges
    return {
        (e, f)
        for e, f in combinations(range(len(edges)), 2)
        if len(set(edges[e]) | set(edges[f])) == 4
        and segments_meet(*(xy[s] for s in (*edges[e], *edges[f])))
    }


def grid_homes(network: Network) -> np.ndarray:
    """The geography on the grid: scaled so that the median edge is UNIT grid units."""
    xy = network.xy - network.xy.min(axis=0)
    unit = float(np.median([np.linalg.norm(xy[b] - xy[a]) for a, b in network.edges])) or 1.0
    return np.rint(UNIT * xy / unit).astype(int)
