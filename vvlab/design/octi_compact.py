"""Make a routed layout smaller: remove the grid rows and columns that hold nothing but
lines passing straight across them.

A row can go when no vertex and no bend lies on it, every path crosses it straight (no
path runs along it or crosses it diagonally) and no two stations on either side of it
would come closer than two grid units. Everything beyond it moves one unit closer, so
every segment stays horizontal, vertical or diagonal, nothing crosses that did not
before, and no path comes nearer to a station than one unit. Metro maps are drawn this
tight: the printed sheet needs as few grid units across as the network allows.

>>> from vvlab.design.octilinear import Routing
>>> routing = Routing(points={0: (0, 0), 1: (0, 4)}, paths={0: [(0, y) for y in range(5)]})
>>> compact(routing, stations=2).points
{0: (0, 0), 1: (0, 2)}
"""

from __future__ import annotations

from vvlab.design.octilinear import Routing

__all__ = ["compact"]

Point = tuple[int, int]


def compact(routing: Routing, stations: int) -> Routing:
    """``routing`` with every removable row and column removed (in place; also
    returned). Vertices ``0 .. stations - 1`` are stations, the rest crossing points."""
    changed = True
    while changed:
        changed = False
        for axis in (1, 0):
            values = [p[axis] for p in routing.points.values()]
            for k in range(max(values, default=0) - 1, min(values, default=0), -1):
                if _removable(routing, stations, axis, k):
                    _remove(routing, axis, k)
                    changed = True
    return routing


def _removable(routing: Routing, stations: int, axis: int, k: int) -> bool:
    if any(p[axis] == k for p in routing.points.values()):
        return False
    other = 1 - axis
    for path in routing.paths.values():
        for before, here, after in zip(path, path[1:], path[2:], strict=False):
            if here[axis] == k and not before[other] == here[other] == after[other]:
                return False
    below = [p[other] for v, p in routing.points.items() if v < stations and p[axis] == k - 1]
    above = [p[other] for v, p in routing.points.items() if v < stations and p[axis] == k + 1]
    return not any(abs(a - b) <= 1 for a in below for b in above)


def _remove(routing: Routing, axis: int, k: int) -> None:
    def shifted(p: Point) -> Point:
        if p[axis] <= k:
            return p
        return (p[0] - 1, p[1]) if axis == 0 else (p[0], p[1] - 1)

    routing.points = {v: shifted(p) for v, p in routing.points.items()}
    routing.paths = {
        piece: [shifted(p) for p in path if p[axis] != k] for piece, path in routing.paths.items()
    }
