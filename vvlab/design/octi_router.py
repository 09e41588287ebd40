"""The router of :mod:`vvlab.design.octilinear`: the grid, the network and what is
placed so far; the cheapest path of one piece (A*), the ports kept in the geographic
order, the last free ports kept for a vertex's own pieces.

>>> import vvlab
>>> from vvlab.design.octilinear import default_homes
>>> from vvlab.design.schematic_network import city_network
>>> network = city_network(vvlab.load_map("tutorial"))
>>> router = Router(network, default_homes(network, 3.0), (), Costs(), 2)
>>> router.settle(0), router.search(0, 0, 1, 10_000) is not None
(True, True)
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from vvlab.design.octi_grid import FREE, OctiGrid, turn
from vvlab.design.schematic_network import Network

__all__ = ["COSTS", "MARGIN", "REACH", "SEARCH", "WIDE_BUNDLE", "Costs", "Router", "moves_table"]

MARGIN = 4
"""Free grid units around the geography."""
SEARCH = 6000
"""The most search steps one piece may take (a piece that finds no path in that many
usually has none: the search has run through the whole free grid around it)."""
REACH = 2
"""A vertex settles within this many grid units (per axis) of its home, or twice as far
if nothing there is free."""


@dataclass(frozen=True)
class Costs:
    """The prices of the routing: ``step`` (straight, diagonal) per grid step; ``turn``
    by the change of direction in eighths (1-4; 4, going back, is never allowed);
    ``move`` per grid unit a vertex settles away from home; ``geo`` per eighth a piece
    leaves a vertex away from its geographic direction; ``crowd`` per node a path takes
    next to the home of a station not yet placed; ``reserve`` for a port that another
    piece of the vertex, still to come, heads for."""

    step: tuple[float, float] = (1.0, 1.5)
    turn: tuple[float, float, float, float, float] = (0.0, 1.5, 4.0, 12.0, math.inf)
    move: float = 1.0
    geo: float = 0.5
    crowd: float = 1.0
    reserve: float = 1.0


WIDE_BUNDLE = 4
"""Lines side by side into a station from which its box on the printed sheet grows
beyond 6.5 mm (``vvlab.printing.plan.box_side``): such a station keeps other stations a
grid unit further away."""

COSTS = Costs()
"""The default prices."""


class Router:
    """The grid, the network and what is placed so far."""

    def __init__(
        self,
        network: Network,
        homes: np.ndarray,
        pinned: Collection[int],
        costs: Costs,
        spacing: int,
    ) -> None:
        self.network, self.costs, self.pinned = network, costs, frozenset(pinned)
        low = np.floor(homes.min(axis=0)) - MARGIN if len(homes) else np.zeros(2)
        self.homes = homes - low
        size = np.ceil(self.homes.max(axis=0)).astype(int) + MARGIN + 1 if len(homes) else (1, 1)
        self.low = low.astype(int)
        self.grid = OctiGrid(int(size[0]), int(size[1]), spacing)
        self.at = [FREE] * len(homes)
        self.ports: list[dict[int, int]] = [{} for _ in homes]
        """Per vertex: piece -> the direction it leaves in."""
        self.position = [{p: k for k, p in enumerate(r)} for r in network.rotation]
        self.near = [0.0] * len(self.grid.owner)
        for v in range(len(network.ids)):
            self._crowd(v, costs.crowd)
        self.work = 0
        self.moves = moves_table(self.grid, costs)
        self.tight: dict[int, set[int]] = {}
        self.kept: dict[int, list[int]] = {}
        self.spacing = [
            spacing + (max((network.lines[p] for p in r), default=0) >= WIDE_BUNDLE)
            for r in network.rotation
        ]
        """Per vertex: how far other stations keep from it (a unit more round a station
        that many lines run into side by side: its box on the sheet is wider)."""

    def _crowd(self, v: int, amount: float) -> None:
        """Make the nodes around station v's home dearer to pass (or not any more)."""
        x, y = np.rint(self.homes[v]).astype(int)
        for px in range(x - 1, x + 2):
            for py in range(y - 1, y + 2):
                if 0 <= px < self.grid.width - 2 and 0 <= py < self.grid.height - 2:
                    self.near[self.grid.node(px, py)] += amount

    def is_station(self, v: int) -> bool:
        return v < len(self.network.ids)

    def candidates(self, v: int) -> dict[int, float]:
        """The nodes vertex v may settle on, with the cost of moving there."""
        home = self.homes[v]
        if v in self.pinned:
            node = self.grid.node(*np.rint(home).astype(int))
            return {node: 0.0} if self._settles(v, node) else {}
        for reach in (REACH, 2 * REACH):
            x0, y0 = np.rint(home).astype(int)
            found = {}
            for x in range(x0 - reach, x0 + reach + 1):
                for y in range(y0 - reach, y0 + reach + 1):
                    if 0 <= x < self.grid.width - 2 and 0 <= y < self.grid.height - 2:
                        node = self.grid.node(x, y)
                        if self._settles(v, node):
                            found[node] = self.costs.move * math.dist((x, y), home)
            if found:
                return found
        return {}

    def _settles(self, v: int, node: int) -> bool:
        grid = self.grid
        free = (
            grid.free_for_station(node, self.spacing[v])
            if self.is_station(v)
            else grid.passable(node)
        )
        return free and grid.free_ports(node) >= len(self.network.rotation[v])

    def place(self, v: int, node: int) -> None:
        self.at[v] = node
        self.grid.place(node, v, self.is_station(v), self.spacing[v])
        if self.is_station(v):
            self._crowd(v, -self.costs.crowd)
        self._guard([node])

    def port_ok(self, v: int, piece: int, d: int) -> bool:
        """True if ``piece`` may leave vertex v in direction d: the port is free and the
        pieces around v stay in their geographic order with room for those to come."""
        ports = self.ports[v]
        if d in ports.values():
            return False
        if not ports:
            return True
        pos = self.position[v]
        items = sorted([(dd, pos[q]) for q, dd in ports.items()] + [(d, pos[piece])])
        order = [r for _, r in items]
        if sum(order[i] > order[(i + 1) % len(order)] for i in range(len(order))) > 1:
            return False
        node, count = self.at[v], len(pos)
        for (d1, r1), (d2, r2) in zip(items, items[1:] + items[:1], strict=True):
            room = sum(
                self.grid.owner[node + self.grid.offset[dd % 8]] == FREE
                and self.grid.diagonal_free(node, dd % 8)
                for dd in range(d1 + 1, d1 + 1 + (d2 - d1 - 1) % 8)
            )
            if (r2 - r1 - 1) % count > room:
                return False
        return True

    def port_cost(self, v: int, piece: int, d: int) -> float:
        """The cost of ``piece`` leaving vertex v in direction d: away from its
        geographic direction, and bends of the lines it continues there."""
        leave = self.network.leave[v]
        eighths = leave[piece] / (math.pi / 4)
        cost = self.costs.geo * abs((d - eighths + 4) % 8 - 4)
        for other, angle in leave.items():  # the port another piece to come heads for
            if other != piece and other not in self.ports[v]:
                cost += self.costs.reserve * (round(angle / (math.pi / 4)) % 8 == d)
        for p, q in self.network.passes[v]:
            other = q if p == piece else p if q == piece else None
            if other is not None and other in self.ports[v]:
                cost += self.costs.turn[turn(d, (self.ports[v][other] + 4) % 8)]
        return cost

    def search(self, piece: int, start: int, end: int, budget: int):
        """The cheapest path of ``piece`` from vertex ``start`` (placed) to ``end``:
        (its nodes, its cost), or None. A* over (node, direction of arrival); the
        heuristic is the Chebyshev distance to the goal (less the reach of a vertex not
        yet placed), which never overestimates: a step costs at least 1."""
        grid = self.grid
        goals = {self.at[end]: 0.0} if self.at[end] != FREE else self.candidates(end)
        if not goals:
            return None
        width, owner, vertex, near = grid.width, grid.owner, grid.vertex, self.near
        tight, ends = self.tight, {start, end}
        used, allowed = grid.diagonal_used, grid.diagonal_allowed
        goal = self.at[end] if self.at[end] != FREE else grid.node(*np.rint(self.homes[end]))
        gx, gy = goal % width, goal // width
        slack = 0 if self.at[end] != FREE else 2 * REACH
        heap: list = []
        best: dict[int, float] = {}
        parent: dict[int, int] = {}
        goal_base = len(owner) * 8

        def arrive(target: int, d: int, g: float, came: int) -> None:
            port = (d + 4) % 8
            if self.at[end] == FREE or self.port_ok(end, piece, port):
                key = goal_base + target * 8 + d
                g += goals[target] + self.port_cost(end, piece, port)
                if g < best.get(key, math.inf):
                    best[key], parent[key] = g, came
                    heapq.heappush(heap, (g, g, key))

        def relax(node: int, key: int, g: float, moves) -> None:
            for d, step, cost, shift, kind in moves:
                target = node + step
                if shift is not None and (
                    used[node + shift] or not allowed[node + shift] >> kind & 1
                ):
                    continue
                if target in goals:
                    arrive(target, d, g + cost, key)
                elif (
                    owner[target] == FREE
                    and vertex[target] == FREE
                    and (target not in tight or tight[target] <= ends)
                ):
                    cost_there, next_key = g + cost + near[target], target * 8 + d
                    if cost_there < best.get(next_key, math.inf):
                        best[next_key], parent[next_key] = cost_there, key
                        h = max(abs(target % width - gx), abs(target // width - gy)) - slack
                        heapq.heappush(heap, (cost_there + max(h, 0), cost_there, next_key))

        origin = self.at[start]
        for d in range(8):
            if self.port_ok(start, piece, d):
                relax(origin, -1, self.port_cost(start, piece, d), [self.moves[8][d]])
        budget = min(budget, self.work + SEARCH)
        while heap and self.work < budget:
            _, g, key = heapq.heappop(heap)
            self.work += 1
            if g > best.get(key, math.inf):
                continue
            if key >= goal_base:
                return self._path(key - goal_base, parent, origin), g
            relax(key // 8, key, g, self.moves[key % 8])
        return None

    def _path(self, key: int, parent: dict[int, int], origin: int) -> list[int]:
        nodes = [key // 8]
        came = parent[key + len(self.grid.owner) * 8]
        while came != -1:
            nodes.append(came // 8)
            came = parent[came]
        return [origin, *reversed(nodes)]

    def commit(self, piece: int, start: int, end: int, nodes: list[int]) -> None:
        if self.at[end] == FREE:
            self.place(end, nodes[-1])
        self.grid.take(nodes, piece)
        offset = self.grid.offset
        self.ports[start][piece] = offset.index(nodes[1] - nodes[0])
        self.ports[end][piece] = offset.index(nodes[-2] - nodes[-1])
        self._guard(nodes)

    def _guard(self, around: list[int]) -> None:
        """Keep the last free ports of each placed vertex for its own pieces: where a
        gap between the ports taken (in the geographic order) has no more free ports
        than pieces still to come into it, other paths may not pass the neighbours
        there (``tight``: node -> the vertices it is kept for). Only the vertices next
        to the nodes ``around`` (just taken) can have changed."""
        grid, near = self.grid, set()
        for node in around:
            for step in (0, *grid.offset):
                if grid.vertex[node + step] != FREE:
                    near.add(grid.vertex[node + step])
        for v in sorted(near):
            for m in self.kept.pop(v, ()):
                self.tight[m].discard(v)
                if not self.tight[m]:
                    del self.tight[m]
            if len(self.ports[v]) < len(self.network.rotation[v]):
                kept = [m for room, need in self._gaps(v) if len(room) <= need for m in room]
                for m in kept:
                    self.tight.setdefault(m, set()).add(v)
                self.kept[v] = kept

    def _gaps(self, v: int) -> list[tuple[list[int], int]]:
        """For each gap between the ports vertex v has taken: the free neighbour nodes
        in it and how many of v's pieces still to come belong there."""
        grid, node, pos = self.grid, self.at[v], self.position[v]
        items = sorted((d, pos[q]) for q, d in self.ports[v].items())
        gaps = []
        for (d1, r1), (d2, r2) in zip(items, items[1:] + items[:1], strict=True):
            span = (d2 - d1 - 1) % 8 if len(items) > 1 else 7
            room = [
                node + grid.offset[dd % 8]
                for dd in range(d1 + 1, d1 + 1 + span)
                if grid.passable(node + grid.offset[dd % 8]) and grid.diagonal_free(node, dd % 8)
            ]
            need = (r2 - r1 - 1) % len(pos) if len(items) > 1 else len(pos) - 1
            gaps.append((room, need))
        return gaps

    def settle(self, v: int) -> bool:
        """Place vertex v on its cheapest candidate node (False if there is none)."""
        found = self.candidates(v)
        if found:
            self.place(v, min(found, key=lambda node: (found[node], node)))
        return bool(found)


def moves_table(grid: OctiGrid, costs: Costs) -> list[list[tuple]]:
    """Per direction of arrival (8: none, the first step), the steps onwards: (direction,
    node offset, turn and step cost, the offset of the cell a diagonal crosses or None,
    which of its diagonals)."""
    table = []
    for d_in in range(9):
        moves = []
        for d in range(8):
            bend = 0 if d_in == 8 else turn(d_in, d)
            if bend < 4:
                shift, kind = grid.diagonal_cell(d)
                moves.append((d, grid.offset[d], costs.turn[bend] + costs.step[d % 2], shift, kind))
        table.append(moves)
    return table
