"""An automatic octilinear schematic layout of a city: :func:`schematic` gives the city
with new station coordinates only; :func:`schematic_layout` also reports how it went
(a :class:`SchematicResult`).

Every edge between consecutive stations of a line becomes horizontal, vertical or
diagonal; lines bend only at stations (bends drawn for the old positions are dropped). Stations sit
on grid points (at least ``grid`` apart), no station lies on an edge it is not an end
of, the lines leave each station in their geographic order, every edge keeps close to
its geographic direction (one of the 3 nearest octilinear ones) and no two edges cross
unless they cross in the geography. Within that, the layout has few bends and short,
even edges. The model is Nöllenburg & Wolff's mixed-integer program, solved with
OR-Tools CP-SAT (:mod:`vvlab.design.schematic_model`); install it with
``pip install 'vvlab[design]'``.

Determinism: the solver runs in one thread with a fixed ``seed`` and stops after a
fixed amount of *work* (``work_limit``, CP-SAT's deterministic time), so the same city
gives the same layout on any machine. ``time_limit_s`` is only a safety net: a layout
stopped by it instead may differ from run to run (:attr:`SchematicResult.stopped_by`
says which limit ended the search).

If no octilinear layout is found within the limits, the result is the best one found
(or the geography snapped to the grid) with its faults listed in
:attr:`SchematicResult.non_octilinear`, ``crossings`` and ``stations_on_edges``;
:func:`schematic` then warns with :class:`SchematicWarning` rather than failing
silently.

Examples
--------
>>> import vvlab
>>> from vvlab.design import schematic_layout
>>> result = schematic_layout(vvlab.load_map("tutorial"), work_limit=5)
>>> result.non_octilinear, result.crossings, result.quality["octilinear_share"]
([], [], 1.0)
>>> result.city.lines == vvlab.load_map("tutorial").lines
True
"""

from __future__ import annotations

import time
import warnings
from collections.abc import Collection
from dataclasses import dataclass
from typing import Any

import numpy as np

from vvlab.design.layout_quality import (
    edge_crossings,
    layout_quality,
    non_octilinear_edges,
    stations_on_foreign_edges,
)
from vvlab.design.schematic_model import LayoutModel, Network
from vvlab.design.schematic_network import (
    city_network,
    grid_homes,
    near_pairs,
    proper_crossings,
    touching_pairs,
    violations,
)
from vvlab.model import CityMap, Station

__all__ = ["SchematicResult", "SchematicWarning", "schematic", "schematic_layout"]

MISSING_EXTRA = (
    "the schematic layout needs OR-Tools: pip install 'vvlab[design]' (or ortools>=9.10)"
)
MAX_ROUNDS = 8
"""At most this many solves: each adds the pairs the last layout let meet."""
REACH = 3
"""A station stays within this many grid units (per axis) of its geographic place."""
CHECK_WORK = 0.5
"""Work for the check that a crossing can be passed straight (first layout found)."""


class SchematicWarning(UserWarning):
    """The schematic layout is not clean: some edges are not octilinear, or cross."""


@dataclass(frozen=True)
class _Pins:
    """The stations (by index) a layout keeps where they are, on its grid of unit
    ``grid``: with some, the layout keeps the city's own scale (homes are the station
    coordinates in grid units) so that they can stay; without, the geography is scaled
    to the grid (:func:`grid_homes`)."""

    indices: frozenset[int] = frozenset()
    grid: float = 1.0

    def homes(self, network: Network) -> np.ndarray:
        if not self.indices:
            return grid_homes(network)
        return np.rint(network.xy / self.grid).astype(int)

    def model(self, network: Network) -> LayoutModel:
        return LayoutModel(network, self.homes(network), REACH, fixed=self.indices)


@dataclass
class SchematicResult:
    """A schematic layout and how it went.

    ``city`` has the new coordinates (ids, names and lines unchanged);
    ``non_octilinear`` the edges (station id pairs) that are not octilinear (empty when
    the layout succeeded); ``crossings`` the pairs of edges that meet although they do
    not in the geography; ``stations_on_edges`` (station, edge) pairs; ``bends`` the
    number of bends; ``quality`` the figures of
    :func:`vvlab.design.layout_quality.layout_quality` against the input; ``status``
    the solver's last status (``OPTIMAL``, ``FEASIBLE``, ... or ``FALLBACK`` when no
    layout was found and the geography was snapped to the grid); ``rounds`` how often
    the model was solved; ``stopped_by`` ``"work"``, ``"time"`` or ``"done"``;
    ``seconds`` the wall time.
    """

    city: CityMap
    non_octilinear: list[tuple[str, str]]
    crossings: list[tuple[tuple[str, str], tuple[str, str]]]
    stations_on_edges: list[tuple[str, tuple[str, str]]]
    bends: int
    quality: dict[str, Any]
    status: str
    rounds: int
    stopped_by: str
    seconds: float

    @property
    def ok(self) -> bool:
        """True if the layout is octilinear and adds no crossing."""
        return not (self.non_octilinear or self.crossings or self.stations_on_edges)


def _add_pairs(model: LayoutModel, pairs: dict[str, list[tuple[int, int]]]) -> int:
    added = sum(model.separate_edges(e, f) for e, f in pairs["ee"])
    added += sum(model.separate_station_edge(v, e) for v, e in pairs["ve"])
    return added + sum(model.separate_stations(u, v) for u, v in pairs["vv"])


def _solve(
    network: Network, exempt: set, work: float, seconds: float, seed: int, pins: _Pins
) -> dict[str, Any]:
    """Solve, add the pairs the solution violates, solve again (at most MAX_ROUNDS)."""
    model = pins.model(network)
    model.hint(pins.homes(network))
    _add_pairs(model, near_pairs(network, exempt))
    start = time.perf_counter()
    best, fewest, status, rounds, stopped_by = None, 0, "UNKNOWN", 0, "work"
    work_left = work
    while rounds < MAX_ROUNDS and work_left > 0:
        rounds += 1
        share = work_left if rounds == MAX_ROUNDS else work_left * (0.7 if rounds == 1 else 0.5)
        wall_left = seconds - (time.perf_counter() - start)
        if wall_left <= 0:
            stopped_by = "time"
            break
        round_start = time.perf_counter()
        points, status = model.solve(share, wall_left, seed)
        work_left -= model.work_done
        if points is None:
            if time.perf_counter() - round_start >= wall_left * 0.99:
                stopped_by = "time"
            if status == "INFEASIBLE" or stopped_by == "time":
                break
            continue
        meeting = violations(points, network, exempt)
        faults = sum(map(len, meeting.values()))
        if best is None or faults < fewest:
            best, fewest = points, faults
        if not _add_pairs(model, meeting):
            stopped_by = "done"
            break
        model.hint(points)
    return {"points": best, "status": status, "rounds": rounds, "stopped_by": stopped_by,
            "work_left": work_left}  # fmt: skip


def _snapped(network: Network, pins: _Pins) -> np.ndarray:
    """The geography on the grid (the homes), each station on its own point (the
    nearest free one)."""
    taken: dict[tuple[int, int], None] = {}
    for px, py in pins.homes(network).tolist():
        ring, spot = 0, (px, py)
        while spot in taken:
            ring += 1
            steps = range(-ring, ring + 1)
            around = [(px + dx, py + dy) for dx in steps for dy in steps]
            spot = next((p for p in around if p not in taken), spot)
        taken[spot] = None
    return np.array(list(taken))


def _laid_out(
    city: CityMap, ids: list[str], points: np.ndarray, grid: float, fixed: Collection[str]
) -> CityMap:
    """The city with station k at grid point ``points[k]`` (centred on the origin, or
    where it was with ``fixed`` stations, which keep their coordinates exactly)."""
    centre = np.zeros(2, int) if fixed else np.rint(points.mean(axis=0)).astype(int)
    stations = {}
    for sid, (px, py) in zip(ids, points - centre, strict=True):
        old = city.stations[sid]
        if sid in fixed:
            stations[sid] = old
        else:
            stations[sid] = Station(sid, old.name, _coordinate(px, grid), _coordinate(py, grid))
    data = city.to_dict()
    for sid, s in stations.items():
        data["stations"][sid] |= {"x": s.x, "y": s.y}
    data.pop("edges", None)  # bends drawn for the old positions: the layout is straight
    return CityMap.from_dict(data)


def _coordinate(steps: int, grid: float) -> float | int:
    value = round(int(steps) * grid, 9)
    return int(value) if isinstance(grid, int) else value


def schematic_layout(
    city: CityMap,
    *,
    grid: float = 1.0,
    time_limit_s: float = 60,
    work_limit: float | None = None,
    seed: int = 0,
    fixed: Collection[str] = frozenset(),
) -> SchematicResult:
    """Lay ``city`` out octilinearly and report how it went.

    Parameters
    ----------
    city : CityMap
        The city; its coordinates are read as geography (only directions and
        nearness matter, not the scale).
    grid : float
        The grid unit: stations lie on multiples of it, at least one unit apart.
    time_limit_s : float
        Wall-time safety net for the whole search, in seconds.
    work_limit : float, optional
        The solver's deterministic work limit (CP-SAT deterministic seconds, summed
        over the rounds); the default is ``time_limit_s / 4``, which one core gets through
        well within ``time_limit_s``. The same city, limits
        and seed give the same layout as long as the work limit ends the search.
    seed : int
        The solver's random seed.
    fixed : collection of str
        Ids of stations to keep where they are (exactly; the solver places them at
        their coordinates rounded to the grid). With any, the layout keeps the city's
        scale: coordinates are read in grid units, not as geography to be scaled.

    Returns
    -------
    SchematicResult

    Raises
    ------
    ImportError
        If OR-Tools is not installed (``pip install 'vvlab[design]'``).
    ValueError
        If ``grid`` or a limit is not positive, a ``fixed`` station is unknown, or no
        octilinear layout keeps the ``fixed`` stations where they are (they are named).

    See Also
    --------
    schematic : the laid-out city alone, with a warning if the layout is not clean.
    vvlab.design.layout_quality.layout_quality : the figures in ``quality``.
    """
    if not grid > 0 or not time_limit_s > 0 or (work_limit is not None and not work_limit > 0):
        raise ValueError("grid, time_limit_s and work_limit must be positive")
    try:
        import ortools.sat.python.cp_model  # noqa: F401
    except ImportError as error:
        raise ImportError(MISSING_EXTRA) from error
    start = time.perf_counter()
    work = time_limit_s / 4 if work_limit is None else work_limit
    ids = list(city.stations)
    pins = _Pins(_station_indices(city, fixed), grid)
    run = _attempts(city, work, time_limit_s, seed, pins)
    points = None if run is None else run["points"]
    if points is None and pins.indices and run["status"] == "INFEASIBLE":
        raise ValueError(_pinned_text(city, fixed))
    if points is None:
        _, network = city_network(city, planarise=False)
        points = _snapped(network, pins) if network.edges else np.zeros((len(ids), 2), int)
    laid_out = _laid_out(city, ids, points[: len(ids)], grid, frozenset(fixed))
    return _result(city, laid_out, run, time.perf_counter() - start)


def _station_indices(city: CityMap, fixed: Collection[str]) -> frozenset[int]:
    """The indices (in the city's order) of the ``fixed`` stations; ``ValueError``
    naming an unknown one."""
    index = {sid: k for k, sid in enumerate(city.stations)}
    unknown = sorted(set(fixed) - index.keys())
    if unknown:
        raise ValueError(f"fixed: no station {unknown[0]!r} in {city.id}")
    return frozenset(index[sid] for sid in fixed)


def _pinned_text(city: CityMap, fixed: Collection[str]) -> str:
    names = ", ".join(sorted(city.stations[sid].name for sid in fixed))
    return f"no octilinear layout keeps {names} where they are: move or unpin some of them"


def _passable(city: CityMap, seed: int, pins: _Pins) -> set[int]:
    """The geographic crossings the layout can pass straight through: tried one by one,
    each kept if the network without separation pairs still has a layout (a fan of
    edges from a station across a nearby line, say, cannot pass in eight directions)."""
    kept: set[int] = set()
    for number in range(proper_crossings(city)):
        _, network = city_network(city, planarise=kept | {number})
        model = pins.model(network)
        if model.solve(CHECK_WORK, CHECK_WORK * 20, seed, first=True)[0] is not None:
            kept.add(number)
    return kept


def _attempts(
    city: CityMap, work: float, seconds: float, seed: int, pins: _Pins
) -> dict[str, Any] | None:
    """Solve the network with a vertex at each geographic crossing it can pass straight
    (the other crossing edges are free to cross); if that finds no clean layout, solve it
    again with all crossing edges free, with the work left over. Returns the better run
    (None for a city without edges)."""
    start, best = time.perf_counter(), None
    for planarise in (_passable(city, seed, pins), False):
        _, network = city_network(city, planarise=planarise)
        if not network.edges or (not planarise and best and best["plain"]):
            break
        seconds_left = seconds - (time.perf_counter() - start)
        run = _solve(network, touching_pairs(network), work, seconds_left, seed, pins)
        run["plain"] = len(network.xy) == len(city.stations)
        if best is None or (best["points"] is None and run["points"] is not None):
            best = run
        work = run["work_left"]
        if run["stopped_by"] != "work" or work <= 0:
            break
    return best


def _result(city: CityMap, laid_out: CityMap, run: dict | None, seconds: float) -> SchematicResult:
    before = {frozenset(map(frozenset, pair)) for pair in edge_crossings(city)}
    crossings = [
        pair for pair in edge_crossings(laid_out) if frozenset(map(frozenset, pair)) not in before
    ]
    quality = layout_quality(laid_out, reference=city)
    found = run is not None and run["points"] is not None
    return SchematicResult(
        city=laid_out,
        non_octilinear=non_octilinear_edges(laid_out),
        crossings=crossings,
        stations_on_edges=stations_on_foreign_edges(laid_out),
        bends=quality["bends"],
        quality=quality,
        status=run["status"] if found else "FALLBACK",
        rounds=0 if run is None else run["rounds"],
        stopped_by="done" if run is None else run["stopped_by"],
        seconds=seconds,
    )


def schematic(
    city: CityMap,
    *,
    grid: float = 1.0,
    time_limit_s: float = 60,
    work_limit: float | None = None,
    seed: int = 0,
    fixed: Collection[str] = frozenset(),
) -> CityMap:
    """``city`` with octilinear station coordinates; nothing else changes.

    The parameters are those of :func:`schematic_layout`. If the layout is not clean
    (an edge not octilinear, or a crossing the geography does not have), the best one
    found is returned with a :class:`SchematicWarning` naming the faults; call
    :func:`schematic_layout` to get them as data.

    Examples
    --------
    >>> import vvlab
    >>> tutorial = vvlab.load_map("tutorial")
    >>> laid_out = schematic(tutorial, work_limit=5)
    >>> laid_out.stations["central"], laid_out.lines == tutorial.lines
    (Station(id='central', name='Central', x=0.0, y=0.0), True)
    >>> schematic(tutorial, work_limit=5, fixed={"zoo"}).stations["zoo"] == tutorial.stations["zoo"]
    True
    """
    result = schematic_layout(
        city, grid=grid, time_limit_s=time_limit_s, work_limit=work_limit, seed=seed, fixed=fixed
    )
    if not result.ok:
        warnings.warn(_fault_text(result), SchematicWarning, stacklevel=2)
    return result.city


def _fault_text(result: SchematicResult) -> str:
    parts = []
    if result.non_octilinear:
        edges = ", ".join(f"{a}-{b}" for a, b in result.non_octilinear[:10])
        parts.append(f"{len(result.non_octilinear)} edges not octilinear ({edges})")
    if result.crossings:
        parts.append(f"{len(result.crossings)} new edge crossings")
    if result.stations_on_edges:
        parts.append(f"{len(result.stations_on_edges)} stations on other edges")
    return f"schematic layout of {result.city.id} ({result.status}): " + "; ".join(parts)
