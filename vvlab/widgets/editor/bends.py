"""Bend edits of the map editor: add, move and remove the bends of an edge, and find
the edge under a point of the canvas.

An edge joins two stations that follow each other on some line, and every line
between them shares its bends (see :mod:`vvlab.model.edges`). :class:`BendEdits`
changes the map-level ``edges`` list one undo step at a time; the map's ``format``
follows it: ``vvlab-map/2`` while some edge bends, ``vvlab-map/1`` (a file older
versions read) once none does. Bends snap to the grid, as stations do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise

import numpy as np

from vvlab.model.edges import FORMAT_BENDS, MAX_BENDS, edge_key
from vvlab.model.validate import FORMAT
from vvlab.plan.geometry import clip_segments
from vvlab.widgets.editor.history import EditError, EditHistory, MapData, placed

Point = tuple[float, float]


@dataclass(frozen=True)
class EdgeHit:
    """A point on the edge from station ``a`` to ``b``: after its bend ``at - 1`` and
    before bend ``at`` (``at`` is where :meth:`BendEdits.add` inserts a bend there),
    ``distance`` from the point asked about."""

    a: str
    b: str
    at: int
    distance: float


def station_name(data: MapData, sid: str) -> str:
    """What the editor calls a station: its name, else its id.

    >>> station_name({"stations": {"s1": {"name": "Zoo"}, "s2": {}}}, "s1")
    'Zoo'
    """
    return str(data["stations"].get(sid, {}).get("name") or sid)


def oriented_bends(data: MapData, a: str, b: str) -> list[Point]:
    """The bends of the edge between ``a`` and ``b`` in the order met from ``a``
    (empty for a straight edge).

    >>> data = {"edges": [{"between": ["b", "a"], "via": [[1, 0], [2, 0]]}]}
    >>> oriented_bends(data, "a", "b"), oriented_bends(data, "a", "c")
    ([(2, 0), (1, 0)], [])
    """
    for edge in data.get("edges") or ():
        if edge_key(*edge["between"]) == edge_key(a, b):
            via = [tuple(p) for p in edge["via"]]
            return via if edge["between"][0] == a else via[::-1]
    return []


def set_bends(data: MapData, a: str, b: str, via: list[Point]) -> None:
    """Give the edge between ``a`` and ``b`` the bends ``via`` (from ``a``), in place:
    an empty ``via`` leaves the edge out; the format follows (``vvlab-map/2`` while some
    edge bends).

    >>> data = {"format": "vvlab-map/1"}
    >>> set_bends(data, "a", "b", [(1, 2)]); data
    {'format': 'vvlab-map/2', 'edges': [{'between': ['a', 'b'], 'via': [[1, 2]]}]}
    >>> set_bends(data, "b", "a", []); data
    {'format': 'vvlab-map/1'}
    """
    edges = [e for e in data.get("edges") or () if edge_key(*e["between"]) != edge_key(a, b)]
    if via:
        edges.append({"between": [a, b], "via": [list(p) for p in via]})
    if edges:
        data["edges"], data["format"] = edges, FORMAT_BENDS
    else:
        data.pop("edges", None)
        data["format"] = FORMAT


def straighten_all(data: MapData) -> None:
    """Take every bend out of the map data, in place (the format goes back to
    ``vvlab-map/1``): a new layout of the stations leaves none where it belongs.

    >>> data = {"format": "vvlab-map/2", "edges": [{"between": ["a", "b"], "via": [[1, 2]]}]}
    >>> straighten_all(data); data
    {'format': 'vvlab-map/1'}
    """
    data.pop("edges", None)
    data["format"] = FORMAT


def edge_paths(data: MapData) -> dict[tuple[str, str], list[Point]]:
    """Each edge of the map data (consecutive stations of a line, first way met) and
    its polyline through its bends; edges with a station not placed are left out.

    >>> data = {"stations": {"a": {"x": 0, "y": 0}, "b": {"x": 4, "y": 0}},
    ...         "lines": [{"stations": ["a", "b", "a"]}],
    ...         "edges": [{"between": ["b", "a"], "via": [[2, 1]]}]}
    >>> edge_paths(data)
    {('a', 'b'): [(0, 0), (2, 1), (4, 0)]}
    """
    stations, paths = data["stations"], {}
    seen: set[frozenset[str]] = set()
    for line in data.get("lines") or ():
        for a, b in pairwise(line.get("stations") or ()):
            ends = [stations.get(a, {}), stations.get(b, {})]
            if edge_key(a, b) in seen or a == b or not all(placed(s) for s in ends):
                continue
            seen.add(edge_key(a, b))
            ends_xy = [(s["x"], s["y"]) for s in ends]
            paths[a, b] = [ends_xy[0], *oriented_bends(data, a, b), ends_xy[1]]
    return paths


class BendEdits:
    """The bends of the map data in ``history``, edited one undo step at a time.

    Parameters
    ----------
    history
        Holds the map data; every edit goes through it.
    snap
        Puts a point on the grid (the station edits' ``snap``).

    Examples
    --------
    >>> data = {"format": "vvlab-map/1", "lines": [{"stations": ["a", "b"]}],
    ...         "stations": {"a": {"name": "Alpha", "x": 0, "y": 0},
    ...                      "b": {"name": "Bravo", "x": 4, "y": 0}}}
    >>> bends = BendEdits(EditHistory(data), lambda x, y: (round(x), round(y)))
    >>> bends.add("a", "b", 0, (2.2, 0.9))
    >>> bends.history.data["edges"], bends.history.data["format"]
    ([{'between': ['a', 'b'], 'via': [[2, 1]]}], 'vvlab-map/2')
    >>> bends.hit(1, 0.45, tolerance=0.2)
    EdgeHit(a='a', b='b', at=0, distance=0.05)
    >>> bends.remove("b", "a", 0); bends.history.data["format"]
    'vvlab-map/1'
    >>> bends.history.undo(), bends.history.last_step
    (True, 'remove a bend between Bravo and Alpha')
    """

    def __init__(self, history: EditHistory, snap: Callable[[float, float], Point]):
        self.history = history
        self.snap = snap

    def bends(self, a: str, b: str) -> list[Point]:
        """The bends of the edge between ``a`` and ``b``, in the order met from ``a``."""
        return oriented_bends(self.history.data, a, b)

    def add(self, a: str, b: str, at: int, point: Point) -> None:
        """Insert a bend at ``point`` (snapped to the grid) into the edge from ``a`` to
        ``b``, before its bend ``at`` (``0``: next to ``a``)."""
        via = self._edge(a, b)
        if len(via) >= MAX_BENDS:
            raise EditError(f"the edge {self._between(a, b)} has {MAX_BENDS} bends, the most")
        if not 0 <= at <= len(via):
            raise EditError(f"the edge {self._between(a, b)} has no place {at} for a bend")
        via.insert(at, self.snap(*point))
        self._write(a, b, via, f"add a bend {self._between(a, b)}")

    def move(self, a: str, b: str, index: int, point: Point) -> None:
        """Move the bend ``index`` (counted from ``a``) to ``point``, snapped."""
        via = self._edge(a, b)
        self._require_bend(a, b, via, index)
        via[index] = self.snap(*point)
        self._write(a, b, via, f"move a bend {self._between(a, b)}")

    def remove(self, a: str, b: str, index: int) -> None:
        """Remove the bend ``index`` (counted from ``a``); the edge's last bend gone,
        it is straight."""
        via = self._edge(a, b)
        self._require_bend(a, b, via, index)
        del via[index]
        self._write(a, b, via, f"remove a bend {self._between(a, b)}")

    def straighten(self, a: str, b: str) -> None:
        """Remove every bend of the edge between ``a`` and ``b``."""
        if not self._edge(a, b):
            raise EditError(f"the edge {self._between(a, b)} is straight already")
        self._write(a, b, [], f"straighten the edge {self._between(a, b)}")

    def hit(self, x: float, y: float, tolerance: float) -> EdgeHit | None:
        """The edge passing nearest to ``(x, y)``, within ``tolerance`` along each axis
        (a square around the point), and where along it; ``None`` when none does."""
        pieces = [
            (a, b, at, p, q)
            for (a, b), path in edge_paths(self.history.data).items()
            for at, (p, q) in enumerate(pairwise(path))
        ]
        if not pieces:
            return None
        starts = np.array([piece[3] for piece in pieces], dtype=float)
        ends = np.array([piece[4] for piece in pieces], dtype=float)
        box = (x - tolerance, y - tolerance, x + tolerance, y + tolerance)
        t0, t1 = clip_segments(starts, ends, box)
        inside = t0 <= t1  # a miss may have infinite fractions
        along = np.where(inside, (np.where(inside, t0, 0) + np.where(inside, t1, 0)) / 2, 0)
        middle = starts + along[:, None] * (ends - starts)
        distance = np.where(inside, np.hypot(*(middle - (x, y)).T), np.inf)
        best = int(np.argmin(distance))
        if not np.isfinite(distance[best]):
            return None
        a, b, at = pieces[best][:3]
        return EdgeHit(a, b, at, round(float(distance[best]), 9))

    def handles(self) -> list[tuple[str, str, int, Point]]:
        """Every bend of the map as ``(a, b, index, point)``, for the canvas.

        >>> data = {"stations": {}, "edges": [{"between": ["a", "b"], "via": [[1, 2]]}]}
        >>> BendEdits(EditHistory(data), lambda x, y: (x, y)).handles()
        [('a', 'b', 0, (1, 2))]
        """
        return [
            (*edge["between"], index, tuple(point))
            for edge in self.history.data.get("edges") or ()
            for index, point in enumerate(edge["via"])
        ]

    # -- checks -------------------------------------------------------------------------
    def _between(self, a: str, b: str) -> str:
        data = self.history.data
        return f"between {station_name(data, a)} and {station_name(data, b)}"

    def _edge(self, a: str, b: str) -> list[Point]:
        """The bends from ``a``; ``EditError`` unless the stations follow each other."""
        data = self.history.data
        for sid in (a, b):
            if sid not in data["stations"]:
                raise EditError(f"no station {sid!r}")
        if (a, b) not in edge_paths(data) and (b, a) not in edge_paths(data):
            names = f"{station_name(data, a)} and {station_name(data, b)}"
            raise EditError(f"{names} do not follow each other on any line: no edge to bend")
        return self.bends(a, b)

    def _require_bend(self, a: str, b: str, via: list[Point], index: int) -> None:
        if not 0 <= index < len(via):
            raise EditError(f"the edge {self._between(a, b)} has no bend {index + 1}")

    def _write(self, a: str, b: str, via: list[Point], label: str) -> None:
        self.history.edit(lambda data: set_bends(data, a, b, via), label)
