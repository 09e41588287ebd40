"""An automatic octilinear schematic layout of a city, as on a metro map:
:func:`schematic` gives the city with new station coordinates and bends;
:func:`schematic_layout` also reports how it went (a :class:`SchematicResult`).

Every drawn segment is horizontal, vertical or diagonal, and lines may bend between
stations. The hard rules (:func:`vvlab.design.layout_rules.layout_violations`): no
station within 0.2 median edges of an edge it is not an end of, no two stations closer
than half a median edge, no crossing the geography does not have, the lines leave each
station in their geographic order, routes unchanged. Within them the layout has few
bends, even edges, stays close to the geography and compact.

It routes the city's edges through an octilinear grid, one after another, as cheapest
paths with costs for bends and for moving a station from its place (after LOOM's
octilinear layout; :mod:`vvlab.design.octilinear`). Crossings of the geography are kept
as crossings. The grid is tried at a few scales (grid units per median edge) until a
layout keeps every hard rule.

Determinism: the search stops after a fixed amount of *work* (``work_limit`` search
steps), never by the clock, so the same city gives the same layout on any machine.
``time_limit_s`` is only a safety net: a layout stopped by it instead may differ from
run to run (:attr:`SchematicResult.stopped_by` says which limit ended the search).

If no layout keeps every rule within the limits, the result is the best one found
with its faults listed in :attr:`SchematicResult.violations`; :func:`schematic` then
warns with :class:`SchematicWarning` rather than failing silently.

Examples
--------
>>> import vvlab
>>> from vvlab.design import schematic_layout
>>> result = schematic_layout(vvlab.load_map("tutorial"))
>>> result.violations, result.quality["octilinear_share"]
([], 1.0)
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
    line_edges,
    non_octilinear_edges,
    stations_on_foreign_edges,
)
from vvlab.design.layout_rules import Violation, layout_violations
from vvlab.design.octi_compact import compact
from vvlab.design.octi_place import laid_out as place_routing
from vvlab.design.octi_place import pin_grid
from vvlab.design.octilinear import Routing, default_homes, route_network
from vvlab.design.schematic_network import city_network
from vvlab.model import CityMap
from vvlab.model.steps import Cancel, Report, Steps

__all__ = [
    "SchematicResult",
    "SchematicWarning",
    "neighbour_counts",
    "schematic",
    "schematic_layout",
]

TRIES = (
    (2.0, 0.65, 0.0),
    (1.5, 0.65, 0.0),
    (2.0, 0.5, 0.0),
    (1.5, 0.65, 1.0),
    (2.0, 0.65, 1.0),
    (2.5, 0.65, 1.0),
    (2.5, 0.5, 1.0),
    (2.0, 1.0, 0.0),
    (3.0, 0.65, 0.0),
    (3.0, 1.0, 0.0),
)
"""The ways to read the geography tried in turn, as (grid units per median edge, power,
square) of :func:`vvlab.design.octilinear.default_homes`: drawn in towards the middle at
two units per edge (stations are two units apart), then tighter, squarer, looser and
as it is; the first layout that keeps every rule and fits :data:`FRAME` is taken."""
FRAME = (38, 42)
"""Grid units across and up that a layout fits in to print on A4 and on Letter
(landscape) with 6.5 mm station boxes: 19 by 21 station spacings
(``tests/printing/test_printing_corpus.py`` checks it against the sheets). Of layouts
that keep every rule but none fits, the smallest is taken."""
WORK = 4_000_000
"""The default work limit: search steps over all tries."""


class SchematicWarning(UserWarning):
    """The schematic layout breaks a hard rule (an edge not octilinear, a crossing, a
    station on or near another edge, ...)."""


@dataclass
class SchematicResult:
    """A schematic layout and how it went.

    ``city`` has the new coordinates and bends (ids, names and lines unchanged);
    ``violations`` the hard rules it breaks (empty when the layout succeeded);
    ``non_octilinear`` the edges (station id pairs) that are not octilinear;
    ``crossings`` the pairs of edges that meet although they do not in the geography;
    ``stations_on_edges`` (station, edge) pairs; ``bends`` the number of bends;
    ``quality`` the figures of :func:`vvlab.design.layout_quality.layout_quality`
    against the input; ``status`` ``"CLEAN"`` or ``"FAULTS"``; ``rounds`` how many
    scales were tried; ``stopped_by`` ``"done"``, ``"work"`` or ``"time"``; ``work``
    the search steps taken; ``seconds`` the wall time.
    """

    city: CityMap
    violations: list[Violation]
    non_octilinear: list[tuple[str, str]]
    crossings: list[tuple[tuple[str, str], tuple[str, str]]]
    stations_on_edges: list[tuple[str, tuple[str, str]]]
    bends: int
    quality: dict[str, Any]
    status: str
    rounds: int
    stopped_by: str
    work: int
    seconds: float

    @property
    def ok(self) -> bool:
        """True if the layout keeps every hard rule."""
        return not self.violations


def schematic_layout(
    city: CityMap,
    *,
    grid: float = 1.0,
    time_limit_s: float = 60,
    work_limit: int | None = None,
    seed: int = 0,
    fixed: Collection[str] = frozenset(),
    progress: Report | None = None,
    cancel: Cancel = None,
) -> SchematicResult:
    """Lay ``city`` out octilinearly and report how it went.

    Parameters
    ----------
    city : CityMap
        The city; its coordinates and bends are read as geography (only directions and
        nearness matter, not the scale).
    grid : float
        The grid unit: stations and bends lie on multiples of it, stations at least two
        units apart.
    time_limit_s : float
        Wall-time safety net for the whole search, in seconds.
    work_limit : int, optional
        Search steps over all tries (default :data:`WORK`). The same city, limit and
        seed give the same layout as long as the work limit, not the time, ends it.
    seed : int
        Which of :data:`TRIES` to start from (they are tried in turn from
        ``TRIES[seed % len(TRIES)]``).
    fixed : collection of str
        Ids of stations to keep exactly where they are. One pinned station: the layout
        is made as without, round it, at about the city's scale. Several: the grid's
        unit and origin are chosen so that every pinned station lies on a grid point
        (a whole fraction of the largest length dividing their offsets), and ``grid``
        is not used; stations drawn freely rather than on a grid (coordinates to a
        tenth, say) have no such unit, and a ``ValueError`` says so.
    progress, cancel
        ``progress(done, total)`` hears of the pieces of the network routed over
        every try (``total``: pieces times tries; a layout done early jumps to the
        end); ``cancel`` (as :func:`vvlab.simulate`'s) is looked at after each piece
        (:class:`~vvlab.model.steps.Steps`).

    Returns
    -------
    SchematicResult

    Raises
    ------
    ValueError
        If ``grid`` or a limit is not positive, a ``fixed`` station is unknown, the
        ``fixed`` stations are not on a common grid, or no layout keeps them where
        they are (they are named).
    Cancelled
        When ``cancel`` asked to stop.

    See Also
    --------
    schematic : the laid-out city alone, with a warning if the layout is not clean.
    vvlab.design.layout_rules.layout_violations : the hard rules.
    """
    if not grid > 0 or not time_limit_s > 0 or (work_limit is not None and not work_limit > 0):
        raise ValueError("grid, time_limit_s and work_limit must be positive")
    start = time.perf_counter()
    network = city_network(city)
    pinned = _station_indices(city, fixed)
    budget = WORK if work_limit is None else int(work_limit)
    tries: list = [TRIES[(seed + k) % len(TRIES)] for k in range(len(TRIES))]
    if len(pinned) > 1:
        unit, origin = pin_grid(city, network, pinned)
        tries = [(unit / k, origin) for k in (1, 2, 3)]
    best, rounds, stopped_by, work = None, 0, "done", 0
    told = _TryProgress(Steps(progress, cancel, "the layout"), len(tries), len(network.pieces))
    for scale in tries:
        if len(pinned) > 1:
            unit, origin = scale
            homes = (network.xy - origin) / unit
        elif pinned:  # one pin: the layout as without, round it and at the city's scale
            origin = network.xy[next(iter(pinned))]
            unit = network.median_length() / scale[0]
            homes = default_homes(network, *scale, centre=origin)
        else:
            unit, origin, homes = grid, None, default_homes(network, *scale)
        routing = route_network(network, homes, pinned=pinned, work=budget - work, step=told.piece)
        if not pinned and not routing.failed:
            compact(routing, len(network.ids))
        work += routing.work
        rounds += 1
        told.next_try()
        laid_out = place_routing(city, network, routing, (unit, origin), frozenset(fixed))
        faults = layout_violations(laid_out, city)
        score = (len(faults), max(1.0, _overflow(routing, len(network.ids))))
        if best is None or score < best[0]:
            best = (score, laid_out, faults, routing)
        if score == (0, 1.0):
            break
        if work >= budget or time.perf_counter() - start > time_limit_s:
            stopped_by = "work" if work >= budget else "time"
            break
    _, laid_out, faults, routing = best
    told.done()
    if pinned and routing.failed:
        raise ValueError(_pinned_text(city, fixed))
    return _result(city, laid_out, faults, (rounds, stopped_by, work), time.perf_counter() - start)


class _TryProgress:
    """The search's progress as pieces routed: ``tries`` tries of ``pieces`` each (a
    try routing again from its start counts on from the most it had routed)."""

    def __init__(self, steps: Steps, tries: int, pieces: int):
        self.steps, self.pieces, self.total = steps, max(pieces, 1), tries * max(pieces, 1)
        self.tried, self.routed = 0, 0

    def piece(self, routed: int) -> None:
        """``routed`` pieces of this try's attempt are routed."""
        self.routed = min(max(self.routed, routed), self.pieces)
        self.steps(self.tried * self.pieces + self.routed, self.total)

    def next_try(self) -> None:
        """A try has ended (its layout is judged next)."""
        self.tried, self.routed = self.tried + 1, 0
        self.steps(self.tried * self.pieces, self.total)

    def done(self) -> None:
        """The search has ended."""
        if self.steps.progress is not None:
            self.steps.progress(self.total, self.total)


def _overflow(routing: Routing, stations: int) -> float:
    """How far the stations overrun :data:`FRAME` (below 1: they fit)."""
    points = np.array([routing.points[v] for v in range(stations)]).reshape(-1, 2)
    if not len(points):
        return 0.0
    span = points.max(axis=0) - points.min(axis=0)
    return float(max(span[0] / FRAME[0], span[1] / FRAME[1]))


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


def _result(
    city: CityMap, laid_out: CityMap, faults: list[Violation], run: tuple, seconds: float
) -> SchematicResult:
    before = {frozenset(map(frozenset, pair)) for pair in edge_crossings(city)}
    crossings = [
        pair for pair in edge_crossings(laid_out) if frozenset(map(frozenset, pair)) not in before
    ]
    quality = layout_quality(laid_out, reference=city)
    rounds, stopped_by, work = run
    return SchematicResult(
        city=laid_out,
        violations=faults,
        non_octilinear=non_octilinear_edges(laid_out),
        crossings=crossings,
        stations_on_edges=stations_on_foreign_edges(laid_out),
        bends=quality["bends"],
        quality=quality,
        status="FAULTS" if faults else "CLEAN",
        rounds=rounds,
        stopped_by=stopped_by,
        work=work,
        seconds=seconds,
    )


def schematic(
    city: CityMap,
    *,
    grid: float = 1.0,
    time_limit_s: float = 60,
    work_limit: int | None = None,
    seed: int = 0,
    fixed: Collection[str] = frozenset(),
    progress: Report | None = None,
    cancel: Cancel = None,
) -> CityMap:
    """``city`` with octilinear station coordinates and bends; nothing else changes.

    The parameters are those of :func:`schematic_layout`. If the layout breaks a hard
    rule, the best one found is returned with a :class:`SchematicWarning` naming the
    faults; call :func:`schematic_layout` to get them as data.

    Examples
    --------
    >>> import vvlab
    >>> tutorial = vvlab.load_map("tutorial")
    >>> laid_out = schematic(tutorial)
    >>> laid_out.lines == tutorial.lines
    True
    >>> schematic(tutorial, fixed={"zoo"}).stations["zoo"] == tutorial.stations["zoo"]
    True
    """
    limits = {"grid": grid, "time_limit_s": time_limit_s, "work_limit": work_limit}
    result = schematic_layout(
        city, **limits, seed=seed, fixed=fixed, progress=progress, cancel=cancel
    )
    if not result.ok:
        warnings.warn(_fault_text(result), SchematicWarning, stacklevel=2)
    return result.city


def _fault_text(result: SchematicResult) -> str:
    shown = "; ".join(v.text for v in result.violations[:5])
    more = len(result.violations) - 5
    tail = f" (and {more} more)" if more > 0 else ""
    crowded = [
        f"{result.city.stations[sid].name} has {count} neighbours, and a station can be left "
        "in only 8 directions"
        for sid, count in neighbour_counts(result.city).items()
        if count > 8
    ]
    why = "".join(f". {text}" for text in crowded)
    return (
        f"the schematic layout of {result.city.name} breaks {len(result.violations)} rules: "
        f"{shown}{tail}{why}"
    )


def neighbour_counts(city: CityMap) -> dict[str, int]:
    """How many stations each station is next to on some line: a layout can keep its
    rules only where none has more than 8 (the directions of a grid point).

    >>> import vvlab
    >>> max(neighbour_counts(vvlab.load_map("tutorial")).values())
    5
    """
    count = dict.fromkeys(city.stations, 0)
    for a, b in line_edges(city):
        count[a] += 1
        count[b] += 1
    return count
