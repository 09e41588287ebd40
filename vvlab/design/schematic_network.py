"""The network that :func:`vvlab.design.schematic` lays out, built from a city.

Its *vertices* are the stations and a point at each place where two edges cross in the
geography (the layout must keep those crossings and add none, so it draws them through
a vertex, as Nöllenburg & Wolff and LOOM planarise). Its *pieces* are the parts of the
city's edges between consecutive vertices: the units the layout routes through the
grid. For every vertex it knows the geographic position, the pieces around it in
counterclockwise order of the direction they leave it (the order the layout keeps), and
which pairs of pieces a line runs through (where a turn is a bend). Edges are read as
drawn, bends included (:meth:`vvlab.model.CityMap.edge_path`).

Examples
--------
>>> import vvlab
>>> network = city_network(vvlab.load_map("tutorial"))
>>> len(network.ids), len(network.pieces), network.crossings
(12, 11, 0)
>>> [network.other_end(p, 2) for p in network.rotation[2]]  # around "central"
[3, 6, 10, 1, 7]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import combinations, pairwise

import numpy as np

from vvlab.design.layout_quality import line_edges
from vvlab.model import CityMap

__all__ = ["Network", "city_network"]

Point = tuple[float, float]


@dataclass
class Network:
    """Stations (vertices ``0 .. len(ids) - 1``) and crossing points (the vertices
    after them), the pieces between them and what the geography fixes about them.

    ``xy[v]`` is vertex v's geographic position; ``pieces[p]`` a pair of vertices and
    ``lines[p]`` how many lines run along piece p; ``chains[e]`` the vertices along
    edge e of ``edges`` (the city's edges, :func:`line_edges` order) from its first
    station to its second; ``leave[v][p]`` the angle (radians) at which piece p leaves
    vertex v; ``rotation[v]`` the pieces at v in counterclockwise order of that angle;
    ``passes[v]`` the pairs of pieces at v that some line runs through.
    """

    ids: list[str]
    xy: np.ndarray
    edges: list[tuple[str, str]]
    pieces: list[tuple[int, int]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    chains: list[list[int]] = field(default_factory=list)
    leave: list[dict[int, float]] = field(default_factory=list)
    rotation: list[list[int]] = field(default_factory=list)
    passes: list[list[tuple[int, int]]] = field(default_factory=list)

    @property
    def crossings(self) -> int:
        """How many crossing points the geography has."""
        return len(self.xy) - len(self.ids)

    def other_end(self, piece: int, vertex: int) -> int:
        """The vertex at the other end of ``piece`` from ``vertex``."""
        a, b = self.pieces[piece]
        return b if vertex == a else a

    def median_length(self) -> float:
        """The median geographic length of the city's edges (1.0 without edges)."""
        if not self.chains:
            return 1.0
        lengths = [
            sum(float(np.linalg.norm(self.xy[v] - self.xy[u])) for u, v in pairwise(chain))
            for chain in self.chains
        ]
        return float(np.median(lengths)) or 1.0


def city_network(city: CityMap) -> Network:
    """The network of ``city``: its stations, edges and geographic crossings."""
    ids = list(city.stations)
    index = {sid: k for k, sid in enumerate(ids)}
    edges = line_edges(city)
    paths = [np.array(city.edge_path(a, b), dtype=float) for a, b in edges]
    along, points = _crossing_points(paths, [(index[a], index[b]) for a, b in edges])
    station_xy = [[float(city.stations[s].x), float(city.stations[s].y)] for s in ids]
    network = Network(ids=ids, xy=np.array(station_xy + points).reshape(-1, 2), edges=edges)
    network.leave = [{} for _ in network.xy]
    network.passes = [[] for _ in network.xy]
    for e, (a, b) in enumerate(edges):
        stops = [(0, index[a]), *((seg, len(ids) + c) for seg, c in along.get(e, []))]
        _add_chain(network, paths[e], [*stops, (len(paths[e]) - 2, index[b])])
    _count_lines(network, city, index)
    network.rotation = [
        sorted(leave, key=lambda p, angles=leave: (angles[p], p)) for leave in network.leave
    ]
    return network


def _add_chain(network: Network, path: np.ndarray, stops: list[tuple[int, int]]) -> None:
    """An edge as pieces between its ``stops`` (the segment of ``path`` each lies on,
    and its vertex), with the angles the pieces leave them at; the edge's lines pass
    straight through its crossing vertices."""
    network.chains.append([v for _, v in stops])
    for (seg_u, u), (seg_v, v) in pairwise(stops):
        piece = len(network.pieces)
        network.pieces.append((u, v))
        network.lines.append(0)
        network.leave[u][piece] = _angle(path[seg_u + 1] - path[seg_u])
        network.leave[v][piece] = _angle(path[seg_v] - path[seg_v + 1])
        if u != stops[0][1]:
            network.passes[u].append((piece - 1, piece))


def _angle(step: np.ndarray) -> float:
    return math.atan2(step[1], step[0]) % (2 * math.pi)


def _count_lines(network: Network, city: CityMap, index: dict[str, int]) -> None:
    """The lines along each piece, and the pairs of pieces a line runs through at a
    station."""
    first = [0]
    for chain in network.chains:
        first.append(first[-1] + len(chain) - 1)
    edge_of = {frozenset(edge): e for e, edge in enumerate(network.edges)}

    def end_piece(a: str, b: str, at: str) -> int:
        e = edge_of[frozenset((a, b))]
        return first[e] if network.chains[e][0] == index[at] else first[e + 1] - 1

    through: set[tuple[int, int, int]] = set()
    for line in city.lines:
        for a, b in pairwise(line.stations):
            e = edge_of[frozenset((a, b))]
            for piece in range(first[e], first[e + 1]):
                network.lines[piece] += 1
        for a, b, c in zip(line.stations, line.stations[1:], line.stations[2:], strict=False):
            p, q = end_piece(a, b, b), end_piece(b, c, b)
            through.add((index[b], min(p, q), max(p, q)))
    for v, p, q in sorted(through):
        network.passes[v].append((p, q))


def _crossing_points(
    paths: list[np.ndarray], ends: list[tuple[int, int]]
) -> tuple[dict[int, list[tuple[int, int]]], list[Point]]:
    """The proper crossings of the edge polylines (edges with a common station never
    count): for each crossed edge, (segment, crossing number) in order along it; and
    the crossing points by number."""
    boxes = [(p.min(axis=0), p.max(axis=0)) for p in paths]
    along: dict[int, list[tuple[float, int, int]]] = {}
    points: list[Point] = []
    for e, f in combinations(range(len(paths)), 2):
        if set(ends[e]) & set(ends[f]) or not _boxes_meet(boxes[e], boxes[f]):
            continue
        for i, j, t, u, point in _polyline_crossings(paths[e], paths[f]):
            along.setdefault(e, []).append((i + t, i, len(points)))
            along.setdefault(f, []).append((j + u, j, len(points)))
            points.append(point)
    ordered = {e: [(seg, c) for _, seg, c in sorted(hits)] for e, hits in along.items()}
    return ordered, points


def _boxes_meet(a: tuple[np.ndarray, np.ndarray], b: tuple[np.ndarray, np.ndarray]) -> bool:
    return bool((a[0] <= b[1]).all() and (b[0] <= a[1]).all())


def _polyline_crossings(p: np.ndarray, q: np.ndarray):
    """(segment of p, segment of q, t, u, point) of every proper crossing."""
    for i, j in np.ndindex(len(p) - 1, len(q) - 1):
        hit = _crossing(p[i], p[i + 1], q[j], q[j + 1])
        if hit is not None:
            yield (i, j, *hit)


def _crossing(a: np.ndarray, b: np.ndarray, c: np.ndarray, d: np.ndarray):
    """Where segments a-b and c-d cross properly: (t along a-b, u along c-d, point)."""
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
