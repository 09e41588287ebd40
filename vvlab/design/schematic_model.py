"""The mixed-integer model behind :func:`vvlab.design.schematic`, solved with OR-Tools
CP-SAT (Nöllenburg & Wolff, "Drawing and labeling high-quality metro maps by
mixed-integer programming", IEEE TVCG 2011, simplified).

Every station gets integer grid coordinates. Every edge gets one of the 8 octilinear
directions, chosen among the 3 closest to its geographic direction (the *sectors*);
the chosen direction fixes which coordinates of its two ends are equal and which one is
larger, by at least one grid unit. The directions around a station keep the
geographic cyclic order. Pairs of stations and edges that must not meet are kept apart
by one of 8 separating lines (axis-parallel or diagonal), each a boolean; since a
network has too many such pairs, only geographically near pairs start in the model and
:mod:`vvlab.design.schematic` adds the pairs a solution violates (lazy constraints).

The objective weighs bends (0 straight, 1 per 45° of turn), edges off their closest
sector, the total edge length and the longest edge (even lengths), the distance from
the geography, and the larger side of the bounding box (a compact layout prints with
larger station boxes; the larger side, not the sum, keeps it about square like a
sheet's plan area).

The solver runs in one thread with a fixed seed and a deterministic work limit
(``max_deterministic_time``), so the same input gives the same layout.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

OCTILINEAR = ((1, 0), (1, 1), (0, 1), (-1, 1), (-1, 0), (-1, -1), (0, -1), (1, -1))
"""The 8 directions, counterclockwise from east: direction d is ``OCTILINEAR[d]``."""
AXES = ((1, 0), (0, 1), (1, 1), (1, -1))
"""The normals of the separating lines: x, y, x + y and x - y."""
WEIGHTS = {"bend": 3, "sector": 2, "length": 1, "longest": 3, "moved": 1, "span": 20}
"""Objective weights (bends are what a schematic map is judged by first; the span, the
larger side of the bounding box, keeps the layout compact enough to print)."""


@dataclass
class Network:
    """The stations and edges to lay out, with what the geography fixes about them.

    ``xy`` are the geographic positions (n x 2); ``edges`` pairs of station indices;
    ``sectors[e]`` the geographic direction of edge e in eighths of a turn (a float in
    [0, 8)); ``turns`` the (u, v, w, lines) of consecutive edges of lines;
    ``rotation[v]`` the neighbours of v counterclockwise; ``straight`` the (u, x, w)
    where an edge passes straight through x, a crossing point of two edges (stations
    come first, crossing points after them: Nöllenburg & Wolff planarise this way).
    """

    xy: np.ndarray
    edges: list[tuple[int, int]]
    turns: list[tuple[int, int, int, int]]
    rotation: list[list[int]]
    straight: list[tuple[int, int, int]] = field(default_factory=list)
    sectors: np.ndarray = field(init=False)

    def __post_init__(self) -> None:
        steps = np.array([self.xy[b] - self.xy[a] for a, b in self.edges]).reshape(-1, 2)
        angles = np.arctan2(steps[:, 1], steps[:, 0])
        self.sectors = np.mod(angles / (np.pi / 4), 8.0)

    def edge_index(self) -> dict[tuple[int, int], int]:
        """Edge number by (a, b), both ways round."""
        index = {pair: e for e, pair in enumerate(self.edges)}
        return index | {(b, a): e for (a, b), e in index.items()}


def candidate_directions(sector: float, spread: int = 1) -> list[tuple[int, int]]:
    """The directions within ``spread`` eighths of a turn of the one nearest to a
    geographic direction, each with its cost (its distance from the nearest).

    >>> candidate_directions(0.2)
    [(0, 0), (7, 1), (1, 1)]
    >>> candidate_directions(7.9, spread=2)
    [(0, 0), (7, 1), (1, 1), (6, 2), (2, 2)]
    """
    best = round(float(sector)) % 8
    options = [(best, 0)]
    for step in range(1, spread + 1):
        options += [((best - step) % 8, step), ((best + step) % 8, step)]
    return options


def bend_cost(d1: int, d2: int) -> int:
    """Eighths of a turn between two directions: 0 straight on, 1 for 45°, ...

    >>> bend_cost(0, 1), bend_cost(7, 1), bend_cost(2, 6)
    (1, 2, 4)
    """
    diff = (d2 - d1) % 8
    return min(diff, 8 - diff)


class LayoutModel:
    """The CP-SAT model of one network: station v on a grid point at most ``reach``
    units from ``home[v]`` along each axis (its geographic place on the grid), and
    exactly there when ``fixed`` holds it.

    Build it, add separation pairs (:meth:`separate_edges`, :meth:`separate_station_edge`,
    :meth:`separate_stations`) and :meth:`solve`.
    """

    def __init__(
        self,
        network: Network,
        home: np.ndarray,
        reach: int,
        spread: int = 1,
        fixed: frozenset[int] = frozenset(),
    ):
        from ortools.sat.python import cp_model

        self.cp_model = cp_model
        self.network = network
        self.model = cp_model.CpModel()
        home = np.asarray(home, dtype=int)
        self.x = [
            self.model.new_int_var(int(hx) - reach, int(hx) + reach, f"x{v}")
            for v, hx in enumerate(home[:, 0])
        ]
        self.y = [
            self.model.new_int_var(int(hy) - reach, int(hy) + reach, f"y{v}")
            for v, hy in enumerate(home[:, 1])
        ]
        for v in sorted(fixed):  # a station the designer keeps stays at its home
            self.model.add(self.x[v] == int(home[v, 0]))
            self.model.add(self.y[v] == int(home[v, 1]))
        self.size = int(home.max() - home.min()) + 2 * reach + 1
        self.home = home
        self.choice: list[dict[int, object]] = []
        self.lengths = []
        self.costs = {key: [] for key in WEIGHTS}
        self._projections: dict[tuple[int, int], tuple[object, object]] = {}
        self._separated: set[tuple] = set()
        self.spread = spread
        self.work_done = 0.0
        for e, (a, b) in enumerate(network.edges):
            self._add_edge(e, a, b)
        for v, around in enumerate(network.rotation):
            self._keep_rotation(v, around)
        for u, v, w, count in network.turns:
            self._add_turn(u, v, w, count)
        for u, v, w in network.straight:
            self._keep_straight(u, v, w)
        self._objective_terms()

    # -- coordinates -----------------------------------------------------------------
    def along(self, v: int, axis: tuple[int, int]):
        """Station v's coordinate along ``axis`` (x, y, x + y or x - y)."""
        return axis[0] * self.x[v] + axis[1] * self.y[v]

    def _add_edge(self, e: int, a: int, b: int) -> None:
        model = self.model
        options = {}
        for d, cost in candidate_directions(self.network.sectors[e], self.spread):
            chosen = model.new_bool_var(f"e{e}d{d}")
            dx, dy = OCTILINEAR[d]
            step_x, step_y = self.x[b] - self.x[a], self.y[b] - self.y[a]
            if dx == 0:
                model.add(step_x == 0).only_enforce_if(chosen)
            if dy == 0:
                model.add(step_y == 0).only_enforce_if(chosen)
            if dx and dy:
                model.add(dy * step_x == dx * step_y).only_enforce_if(chosen)
            lead_x, lead_y = (dx * step_x, dy * step_y)
            model.add((lead_x if dx else lead_y) >= 1).only_enforce_if(chosen)
            options[d] = chosen
            if cost:
                self.costs["sector"].append(cost * chosen)
        model.add_exactly_one(options.values())
        self.choice.append(options)
        length = model.new_int_var(1, self.size, f"len{e}")
        for step in (self.x[b] - self.x[a], self.y[b] - self.y[a]):
            model.add(length >= step)
            model.add(length >= -step)
        self.lengths.append(length)

    def direction(self, e: int, start: int):
        """The direction of edge e leaving station ``start``, as a linear expression."""
        a, _ = self.network.edges[e]
        flip = 0 if start == a else 4
        return sum(((d + flip) % 8) * chosen for d, chosen in self.choice[e].items())

    def _directions_from(self, e: int, start: int) -> dict[int, object]:
        a, _ = self.network.edges[e]
        flip = 0 if start == a else 4
        return {(d + flip) % 8: chosen for d, chosen in self.choice[e].items()}

    def _keep_rotation(self, v: int, around: list[int]) -> None:
        """Edges leave v in the geographic counterclockwise order: the direction grows
        from one neighbour to the next except at exactly one wrap-around."""
        if len(around) < 2:
            return
        index = self.network.edge_index()
        dirs = [self.direction(index[v, u], v) for u in around]
        wraps = [self.model.new_bool_var(f"wrap{v}_{i}") for i in range(len(dirs))]
        for i, wrap in enumerate(wraps):
            self.model.add(dirs[(i + 1) % len(dirs)] >= dirs[i] + 1 - 8 * wrap)
        self.model.add_exactly_one(wraps)

    def _keep_straight(self, u: int, v: int, w: int) -> None:
        index = self.network.edge_index()
        into = self._directions_from(index[u, v], u)
        out = self._directions_from(index[v, w], v)
        for d in sorted(set(into) | set(out)):
            if d not in into or d not in out:
                self.model.add_bool_or([~(into.get(d) or out.get(d))])
            else:
                self.model.add(into[d] == out[d])

    def _add_turn(self, u: int, v: int, w: int, count: int) -> None:
        index = self.network.edge_index()
        into = self._directions_from(index[u, v], u)
        out = self._directions_from(index[v, w], v)
        bend = self.model.new_int_var(0, 4, f"bend{u}_{v}_{w}")
        for d1, first in into.items():
            for d2, second in out.items():
                cost = bend_cost(d1, d2)
                if cost:
                    self.model.add(bend >= cost * (first + second - 1))
        self.costs["bend"].append(count * bend)

    def _objective_terms(self) -> None:
        self.costs["length"] = list(self.lengths)
        longest = self.model.new_int_var(1, self.size, "longest")
        for length in self.lengths:
            self.model.add(longest >= length)
        self.costs["longest"] = [longest]
        self.costs["span"] = [self._span()]
        for v, (hx, hy) in enumerate(self.home):
            for coordinate, place in ((self.x[v], int(hx)), (self.y[v], int(hy))):
                moved = self.model.new_int_var(0, self.size, f"moved{v}")
                self.model.add(moved >= coordinate - place)
                self.model.add(moved >= place - coordinate)
                self.costs["moved"].append(moved)
        self.model.minimize(sum(WEIGHTS[k] * sum(terms) for k, terms in self.costs.items()))

    def _span(self):
        """The larger side of the layout's bounding box, in grid units."""
        span = self.model.new_int_var(0, self.size, "span")
        for axis, coordinates in (("x", self.x), ("y", self.y)):
            low = self.model.new_int_var(-self.size, 2 * self.size, f"low_{axis}")
            high = self.model.new_int_var(-self.size, 2 * self.size, f"high_{axis}")
            self.model.add_min_equality(low, coordinates)
            self.model.add_max_equality(high, coordinates)
            self.model.add(span >= high - low)
        return span

    # -- separation (lazy) -----------------------------------------------------------
    def _projection(self, e: int, axis: tuple[int, int]):
        """Variables below and above both ends of edge e along ``axis``."""
        key = (e, AXES.index(axis))
        if key not in self._projections:
            a, b = self.network.edges[e]
            low = self.model.new_int_var(-2 * self.size, 2 * self.size, f"lo{key}")
            high = self.model.new_int_var(-2 * self.size, 2 * self.size, f"hi{key}")
            for end in (a, b):
                self.model.add(low <= self.along(end, axis))
                self.model.add(high >= self.along(end, axis))
            self._projections[key] = (low, high)
        return self._projections[key]

    def _apart(self, key: tuple, spans: list[tuple[object, object]]) -> bool:
        """Keep two spans (low, high per axis) apart by one grid unit along one axis,
        either way round. Returns False if this pair is in the model already."""
        if key in self._separated:
            return False
        self._separated.add(key)
        sides = []
        for (low1, high1), (low2, high2) in spans:
            for lower_high, upper_low in ((high1, low2), (high2, low1)):
                side = self.model.new_bool_var(f"sep{len(self._separated)}_{len(sides)}")
                self.model.add(upper_low >= lower_high + 1).only_enforce_if(side)
                sides.append(side)
        self.model.add_bool_or(sides)
        return True

    def separate_edges(self, e: int, f: int) -> bool:
        """Keep edges e and f (no common station) from meeting."""
        key = ("ee", min(e, f), max(e, f))
        spans = [(self._projection(e, axis), self._projection(f, axis)) for axis in AXES]
        return self._apart(key, spans)

    def separate_station_edge(self, v: int, e: int) -> bool:
        """Keep station v off edge e."""
        spans = []
        for axis in AXES:
            here = self.along(v, axis)
            spans.append(((here, here), self._projection(e, axis)))
        return self._apart(("ve", v, e), spans)

    def separate_stations(self, u: int, v: int) -> bool:
        """Keep stations u and v on different grid points."""
        spans = []
        for axis in AXES[:2]:
            pu, pv = self.along(u, axis), self.along(v, axis)
            spans.append(((pu, pu), (pv, pv)))
        return self._apart(("vv", min(u, v), max(u, v)), spans)

    # -- solving ---------------------------------------------------------------------
    def hint(self, points: np.ndarray) -> None:
        """Start the search from these grid points (a previous solution)."""
        self.model.clear_hints()
        for v, (px, py) in enumerate(points):
            self.model.add_hint(self.x[v], int(px))
            self.model.add_hint(self.y[v], int(py))

    def solve(
        self, work: float, seconds: float, seed: int, first: bool = False
    ) -> tuple[np.ndarray | None, str]:
        """Solve within ``work`` deterministic seconds (and ``seconds`` of wall time as a
        safety net); with ``first``, stop at the first layout found. Returns the grid
        points (None if none found) and the status name; :attr:`work_done` is the work
        it took (less than ``work`` when it proved the optimum or that there is none)."""
        solver = self.cp_model.CpSolver()
        params = solver.parameters
        params.num_workers = 1
        params.random_seed = seed
        params.linearization_level = 0
        params.max_deterministic_time = max(work, 0.01)
        params.max_time_in_seconds = max(seconds, 0.01)
        params.stop_after_first_solution = first
        status = solver.solve(self.model)
        self.work_done = min(float(solver.deterministic_time), params.max_deterministic_time)
        name = solver.status_name(status)
        if status not in (self.cp_model.OPTIMAL, self.cp_model.FEASIBLE):
            return None, name
        points = np.array(
            [[solver.value(px), solver.value(py)] for px, py in zip(self.x, self.y, strict=True)]
        )
        return points, name
