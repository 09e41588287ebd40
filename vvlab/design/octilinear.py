"""Route a network through an octilinear grid, piece by piece (after LOOM's octilinear
layout: Bast, Brosi & Storandt, "Metro Maps on Octilinear Grid Graphs", EuroVis 2020).

The pieces of the network (:mod:`vvlab.design.schematic_network`) are routed one at a
time, as cheapest paths (A* search) through an :class:`~vvlab.design.octi_grid.OctiGrid`:
a step costs its length, a turn costs by its angle, leaving a vertex away from the
piece's geographic direction costs a little, and a line bending at a station costs as a
turn. A vertex not yet placed may settle on any free grid point near its geographic
home, at a cost per unit it moves. Each path takes its nodes and diagonals, so no later
path crosses or touches it; at each vertex a piece may only use a port that keeps the
geographic order of the pieces around it and leaves room for the pieces still to come.
If a piece finds no path, the routing starts again with that piece first.

Everything is deterministic: ties break by number, and the search stops after a
number of steps (``work``), never by the clock.

>>> import vvlab
>>> from vvlab.design.schematic_network import city_network
>>> routing = route_network(city_network(vvlab.load_map("tutorial")), cells=3.0)
>>> routing.failed, len(routing.paths)
([], 11)
"""

from __future__ import annotations

import heapq
from collections.abc import Callable, Collection
from dataclasses import dataclass, field
from itertools import pairwise

import numpy as np

from vvlab.design.octi_grid import DIRS, FREE
from vvlab.design.octi_router import COSTS, Costs, Router
from vvlab.design.schematic_network import Network

__all__ = ["Costs", "Routing", "default_homes", "piece_order", "route_network"]


@dataclass
class Routing:
    """The outcome: ``points[v]`` the grid point of vertex v; ``paths[p]`` the grid
    points of piece p from its first vertex to its second (missing if it failed);
    ``failed`` the pieces that found no path (or were not tried after one); ``cost``
    the total; ``work`` the search steps taken."""

    points: dict[int, tuple[int, int]] = field(default_factory=dict)
    paths: dict[int, list[tuple[int, int]]] = field(default_factory=dict)
    failed: list[int] = field(default_factory=list)
    cost: float = 0.0
    work: int = 0


def piece_order(network: Network, first: list[int]) -> list[int]:
    """The order to route the pieces in: ``first`` first, then outwards from the placed
    vertices (starting at the busiest station), the pieces with more lines and busier
    far ends first."""
    degree = [len(r) for r in network.rotation]
    order, done = list(first), set(first)
    heap: list[tuple[int, int, int]] = []

    def reach(v: int) -> None:
        if v not in seen:
            seen.add(v)
            for p in network.rotation[v]:
                if p not in done:
                    far = network.other_end(p, v)
                    heapq.heappush(heap, (-network.lines[p], -degree[far], p))

    seen: set[int] = set()
    for p in first:
        for v in network.pieces[p]:
            reach(v)
    by_degree = sorted(range(len(degree)), key=lambda v: (-degree[v], v))
    while len(order) < len(network.pieces):
        if not heap:
            reach(next(v for v in by_degree if v not in seen))
            continue
        p = heapq.heappop(heap)[2]
        if p not in done:
            order.append(p)
            done.add(p)
            for v in network.pieces[p]:
                reach(v)
    return order


def default_homes(
    network: Network,
    cells: float,
    power: float = 1.0,
    square: float = 0.0,
    centre: np.ndarray | None = None,
) -> np.ndarray:
    """The geography scaled so that the median edge is ``cells`` grid units long; with
    ``power`` below 1, drawn in towards the middle first (distance from the centre
    raised to ``power``), as metro maps enlarge the centre and shrink the outskirts;
    with ``square`` above 0, its longer side shortened and the shorter one lengthened
    (by the ratio of the sides to the power ``square / 2``: 1 makes it square), as metro
    maps fit their sheet. ``centre`` (default: the median station) stays at (0, 0)."""
    middle = np.median(network.xy[: len(network.ids)], axis=0) if centre is None else centre
    xy = network.xy - middle
    unit = network.median_length()
    radius = np.hypot(xy[:, 0], xy[:, 1]) / unit
    xy = xy / unit * np.where(radius > 0, np.maximum(radius, 1e-12) ** (power - 1), 1.0)[:, None]
    if square and len(xy) > 1:
        width, height = np.ptp(xy, axis=0) + 1e-9
        ratio = (width / height) ** (square / 2)
        xy = xy * np.array([1 / ratio, ratio])
    lengths = [
        np.linalg.norm(xy[b] - xy[a]) for chain in network.chains for a, b in pairwise(chain)
    ]
    return xy * (cells / (float(np.median(lengths)) if lengths else 1.0))


def route_network(
    network: Network,
    homes: np.ndarray | None = None,
    *,
    cells: float = 3.0,
    pinned: Collection[int] = frozenset(),
    costs: Costs = COSTS,
    spacing: int = 2,
    work: int = 2_000_000,
    restarts: int = 24,
    step: Callable[[int], None] | None = None,
) -> Routing:
    """Route every piece of ``network`` through an octilinear grid.

    ``homes`` are the vertices' geographic positions in grid units (by default the
    geography scaled to ``cells`` units per median edge); ``pinned`` vertices settle
    exactly at their (rounded) homes; stations stay ``spacing`` units apart. When a
    piece finds no path, the routing restarts with it first, at most ``restarts``
    times; then the pieces that still find none are listed in ``failed``. The search
    stops after ``work`` steps in all. ``step(k)`` is called after the k-th piece of
    an attempt is routed (it may raise to stop the routing there).
    """
    homes = default_homes(network, cells) if homes is None else homes
    first: list[int] = []
    taken = 0
    for attempt in range(restarts + 1):
        router = Router(network, homes, pinned, costs, spacing)
        router.work = taken
        order = piece_order(network, first)
        routing = _route_all(router, order, attempt < restarts, work, step)
        taken = router.work
        stuck = [p for p in routing.failed if _routable(network, p)][:1]
        if not stuck or attempt == restarts or taken >= work:
            break
        first = [stuck[-1], *(p for p in first if p != stuck[-1])]
    routing.work = taken
    return routing


def _routable(network: Network, piece: int) -> bool:
    """False if an end of ``piece`` has more pieces than a grid node has directions."""
    return all(len(network.rotation[v]) <= len(DIRS) for v in network.pieces[piece])


def _route_all(
    router: Router, order: list[int], stop: bool, work: int, step: Callable[[int], None] | None
) -> Routing:
    """Route the pieces in ``order`` (stop at the first that fails, if ``stop``),
    telling ``step`` how many were routed after each."""
    network, routing = router.network, Routing()
    for k, p in enumerate(order):
        if step is not None and k:
            step(k)
        a, b = network.pieces[p]
        if router.at[a] == FREE and router.at[b] == FREE and not router.settle(a):
            routing.failed.append(p)
        start, end = (a, b) if router.at[a] != FREE else (b, a)
        found = None if routing.failed[-1:] == [p] else router.search(p, start, end, work)
        if found is None:
            if p not in routing.failed:
                routing.failed.append(p)
            if stop and _routable(network, p):
                routing.failed += order[k + 1 :]  # not tried
                break
            continue
        nodes, cost = found
        router.commit(p, start, end, nodes)
        routing.cost += cost
        points = [router.grid.point(node) for node in nodes]
        routing.paths[p] = points if start == a else points[::-1]
    for v in range(len(router.at)):
        if router.at[v] == FREE and not router.settle(v):
            router.at[v] = router.grid.node(*np.rint(router.homes[v]).astype(int))
    shift = router.low
    routing.points = {
        v: tuple(int(c) for c in np.add(router.grid.point(n), shift))
        for v, n in enumerate(router.at)
    }
    routing.paths = {
        p: [(x + int(shift[0]), y + int(shift[1])) for x, y in path]
        for p, path in routing.paths.items()
    }
    return routing
