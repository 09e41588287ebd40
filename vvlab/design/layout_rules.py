"""The hard rules of a schematic layout, checked against the geography it was made
from: :func:`layout_violations` lists every breach as a :class:`Violation`.

The rules, with ``M`` the median length of the layout's edges (their polylines):

1. ``octilinear``: every piece of every edge is horizontal, vertical or at 45°;
2. ``near-edge``: no station lies within ``NEAR_EDGE × M`` of an edge it is not an end of;
3. ``close``: no two stations are closer than ``CLOSE × M``;
4. ``crossing``: no two edges meet (cross, touch or run along each other) unless they
   do in the geography too (:func:`~vvlab.design.layout_quality.edge_crossings`);
5. ``order``: the edges leave each station in the same cyclic order as in the
   geography (:func:`edge_order`; edges leaving the geography in exactly the same
   direction may come in either order);
6. ``routes``: the station ids, the line ids and each line's stations are unchanged.

Distances are compared with a relative tolerance (:data:`TOLERANCE`), so that a layout
on a grid that puts a station exactly ``CLOSE × M`` from another passes.

Examples
--------
>>> import vvlab
>>> tutorial = vvlab.load_map("tutorial")
>>> for violation in layout_violations(tutorial, tutorial)[:2]:
...     print(violation)
octilinear: the edge Airport – Mill is not octilinear (a piece at 143.1°)
octilinear: the edge Mill – Central is not octilinear (a piece at 143.1°)
>>> edge_order(tutorial, "central")
['castle', 'university', 'mill', 'market', 'park']
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass

import numpy as np

from vvlab.design.layout_quality import (
    TOLERANCE,
    edge_crossings,
    edge_lengths,
    edge_paths,
    is_octilinear,
    line_edges,
    positions,
    station_edge_gaps,
)
from vvlab.model import CityMap

__all__ = [
    "CLOSE",
    "NEAR_EDGE",
    "RULES",
    "Violation",
    "edge_order",
    "layout_violations",
    "same_cyclic_order",
]

NEAR_EDGE = 0.2
"""No station nearer than this many median edge lengths to an edge not its own."""
CLOSE = 0.5
"""No two stations nearer than this many median edge lengths."""
RULES = ("octilinear", "near-edge", "close", "crossing", "order", "routes")
"""The rules, in the order :func:`layout_violations` reports them."""
SAME_DIRECTION = 1e-9
"""Two edges leaving a station at angles this close (radians) leave it the same way."""


@dataclass(frozen=True)
class Violation:
    """A breach of one of the :data:`RULES`: ``where`` holds the ids of the stations
    involved (for an edge, its two ends), ``text`` says it in one line with the
    stations' names."""

    rule: str
    where: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.text}"


def _leaving_angle(city: CityMap, station: str, other: str) -> float:
    """The angle (0 east, counter-clockwise, in ``[0, 2π)``) of the first piece of the
    edge's polyline from ``station`` to ``other`` (0 for an edge of length 0)."""
    (x0, y0), *rest = city.edge_path(station, other)
    dx, dy = next(((x - x0, y - y0) for x, y in rest if (x, y) != (x0, y0)), (0.0, 0.0))
    return math.atan2(dy, dx) % math.tau


def _leaving_angles(city: CityMap, station: str) -> list[tuple[float, str]]:
    """``(angle, neighbour)`` for each edge of ``station``, sorted."""
    neighbours = set(city.graph.neighbors(station))
    return sorted((_leaving_angle(city, station, other), other) for other in neighbours)


def edge_order(city: CityMap, station: str) -> list[str]:
    """The neighbours of ``station`` in counter-clockwise order of the direction in
    which their edge's polyline leaves it, starting from east (angle 0); ties by id.

    >>> import vvlab
    >>> edge_order(vvlab.load_map("tutorial"), "market")
    ['central', 'harbour']
    """
    if station not in city.stations:
        raise KeyError(f"no station {station!r} in {city.id}")
    return [other for _, other in _leaving_angles(city, station)]


def _ties(angles: list[tuple[float, str]]) -> list[frozenset[str]]:
    """The groups of neighbours whose edges leave in the same direction (sorted
    ``angles``; a group may wrap round from just under 2π to 0)."""
    groups: list[list[str]] = []
    previous = None
    for angle, other in angles:
        if previous is not None and angle - previous <= SAME_DIRECTION:
            groups[-1].append(other)
        else:
            groups.append([other])
        previous = angle
    if len(groups) > 1 and angles[0][0] + math.tau - angles[-1][0] <= SAME_DIRECTION:
        groups[0] += groups.pop()
    return [frozenset(group) for group in groups if len(group) > 1]


def same_cyclic_order(
    a: Sequence[str], b: Sequence[str], ties: Collection[Collection[str]] = ()
) -> bool:
    """True if ``b`` is ``a`` rotated, where the items of each group in ``ties`` (each
    group together in ``a``, cyclically) may come in any order among themselves.

    >>> same_cyclic_order(["n", "w", "s"], ["s", "n", "w"]), same_cyclic_order("nws", "nsw")
    (True, False)
    >>> same_cyclic_order("nws", "nsw", ties=[{"w", "s"}])
    True
    """
    if sorted(a) != sorted(b):
        return False
    group = {item: frozenset(tie) for tie in ties for item in tie}
    first = [group.get(item, item) for item in a]
    second = [group.get(item, item) for item in b]
    return not first or any(second == first[k:] + first[:k] for k in range(len(first)))


def layout_violations(city: CityMap, geography: CityMap) -> list[Violation]:
    """Every breach of the :data:`RULES` by the layout ``city`` of ``geography``: by
    rule, then in map order (of the stations, edges and lines).

    Parameters
    ----------
    city : CityMap
        The layout.
    geography : CityMap
        The city it was made from (its edge polylines are the geography's, bends too).

    Returns
    -------
    list of Violation
        Empty for a layout that keeps every rule.

    Examples
    --------
    >>> import vvlab
    >>> berlin = vvlab.load_map("berlin")
    >>> {v.rule for v in layout_violations(berlin, berlin)} & {"crossing", "order", "routes"}
    set()
    """
    unit = float(np.median(edge_lengths(city))) if city.lines else 0.0
    return [
        *_octilinear(city),
        *_near_edge(city, unit),
        *_close(city, unit),
        *_crossing(city, geography),
        *_order(city, geography),
        *_routes(city, geography),
    ]


def _name(city: CityMap, station: str) -> str:
    return city.stations[station].name


def _edge_text(city: CityMap, edge: tuple[str, str]) -> str:
    return f"{_name(city, edge[0])} – {_name(city, edge[1])}"


def _octilinear(city: CityMap) -> list[Violation]:
    found = []
    for edge, path in zip(line_edges(city), edge_paths(city), strict=True):
        steps = np.diff(path, axis=0)
        wrong = [step for step in steps if not is_octilinear(*step)]
        if len(steps) == 0:
            text = f"the edge {_edge_text(city, edge)} has length 0"
            found.append(Violation("octilinear", edge, text))
        elif wrong:
            angle = math.degrees(math.atan2(wrong[0][1], wrong[0][0])) % 180
            text = f"the edge {_edge_text(city, edge)} is not octilinear (a piece at {angle:.1f}°)"
            found.append(Violation("octilinear", edge, text))
    return found


def _limit(share: float, unit: float) -> float:
    """Distances below this break a rule of ``share`` median edges."""
    return share * unit * (1 - TOLERANCE)


def _near_edge(city: CityMap, unit: float) -> list[Violation]:
    ids, edges = list(city.stations), line_edges(city)
    gaps = station_edge_gaps(city)
    found = []
    near = gaps < _limit(NEAR_EDGE, unit)
    for e, s in np.argwhere(near.T):
        text = f"{_name(city, ids[s])} lies {gaps[s, e] / unit:.2g} median edges from the edge "
        text += _edge_text(city, edges[e])
        found.append(Violation("near-edge", (ids[s], *edges[e]), text))
    return found


def _close(city: CityMap, unit: float) -> list[Violation]:
    ids, xy = list(city.stations), positions(city)
    gaps = np.linalg.norm(xy[:, None] - xy[None], axis=2)
    found = []
    for s, t in np.argwhere(np.triu(gaps < _limit(CLOSE, unit), 1)):
        names = f"{_name(city, ids[s])} and {_name(city, ids[t])}"
        text = f"{names} are {gaps[s, t] / unit:.2g} median edges apart"
        found.append(Violation("close", (ids[s], ids[t]), text))
    return found


def _crossing(city: CityMap, geography: CityMap) -> list[Violation]:
    def key(pair: tuple[tuple[str, str], tuple[str, str]]) -> frozenset:
        return frozenset(map(frozenset, pair))

    allowed = {key(pair) for pair in edge_crossings(geography)}
    found = []
    for e, f in edge_crossings(city):
        if key((e, f)) not in allowed:
            text = f"the edges {_edge_text(city, e)} and {_edge_text(city, f)} meet"
            found.append(Violation("crossing", (*e, *f), text + " (not in the geography)"))
    return found


def _order(city: CityMap, geography: CityMap) -> list[Violation]:
    found = []
    for station in city.stations:
        if station not in geography.stations or city.graph.degree(station) < 3:
            continue
        geographic = _leaving_angles(geography, station)
        own, theirs = edge_order(city, station), [other for _, other in geographic]
        if sorted(own) != sorted(theirs):  # routes tells of other edges
            continue
        if not same_cyclic_order(theirs, own, _ties(geographic)):
            names = [", ".join(_name(city, o) for o in order) for order in (own, theirs)]
            text = (
                f"the edges leave {_name(city, station)} towards {names[0]} (counter-"
                f"clockwise), in the geography towards {names[1]}"
            )
            found.append(Violation("order", (station,), text))
    return found


def _routes(city: CityMap, geography: CityMap) -> list[Violation]:
    found = []
    for sid in geography.stations.keys() - city.stations.keys():
        text = f"the station {_name(geography, sid)} ({sid}) is missing"
        found.append(Violation("routes", (sid,), text))
    for sid in city.stations.keys() - geography.stations.keys():
        text = f"the station {_name(city, sid)} ({sid}) is not in the geography"
        found.append(Violation("routes", (sid,), text))
    found.sort(key=lambda v: v.where)
    theirs = {line.id: line.stations for line in geography.lines}
    own = {line.id: line.stations for line in city.lines}
    for line_id in theirs.keys() - own.keys():
        found.append(Violation("routes", theirs[line_id], f"the line {line_id} is missing"))
    for line in city.lines:
        if line.id not in theirs:
            text = f"the line {line.id} is not in the geography"
            found.append(Violation("routes", line.stations, text))
        elif line.stations != theirs[line.id]:
            found.append(_changed_route(city, geography, line.id))
    return found


def _changed_route(city: CityMap, geography: CityMap, line_id: str) -> Violation:
    """The first stop where a line's route differs from the geography's."""
    own, theirs = city.line(line_id).stations, geography.line(line_id).stations
    stop = next(
        (k for k, (a, b) in enumerate(zip(own, theirs, strict=False)) if a != b),
        min(len(own), len(theirs)),
    )
    if stop == min(len(own), len(theirs)):
        text = f"the line {line_id} has {len(own)} stops, {len(theirs)} in the geography"
        return Violation("routes", (*own[stop:], *theirs[stop:]), text)
    a, b = own[stop], theirs[stop]
    text = f"the line {line_id} has {_name(city, a)} as stop {stop + 1}, "
    text += f"the geography {_name(geography, b)}"
    return Violation("routes", (a, b), text)
