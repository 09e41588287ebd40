"""A routing on the octilinear grid placed back onto the city: where grid point
(0, 0) lies and how long a grid unit is (:func:`pin_grid`: pinned stations keep their
places exactly), and the city with its stations at the routed points and its edges
bent along the routed paths (:func:`laid_out`). Part of :mod:`vvlab.design.schematic`.
"""

from __future__ import annotations

import math
from collections.abc import Collection
from fractions import Fraction
from itertools import pairwise

import numpy as np

from vvlab.design.octilinear import Routing
from vvlab.design.schematic_network import Network
from vvlab.model import CityMap
from vvlab.model.edges import MAX_BENDS

__all__ = ["laid_out", "pin_grid"]


def pin_grid(city: CityMap, network: Network, pinned: frozenset[int]) -> tuple[float, np.ndarray]:
    """The grid unit and origin on which every pinned station lies: the origin at the
    first pinned station, the unit a whole fraction of the largest unit that divides
    every offset of the others from it, about 0.4 median edges (edges of about 2.5
    units); ``ValueError`` naming the stations when that unit would be under an eighth
    of a median edge (they are not on a common grid: drawn freely, not in the editor)."""
    points = network.xy[sorted(pinned)]
    origin, median = points[0], network.median_length()
    common = _common_unit((points - origin).ravel())
    if common is None:
        return median / 2.5, origin
    unit = common / max(1, round(common / (median / 2.5)))
    if unit < median / 8:
        names = ", ".join(sorted(city.stations[network.ids[v]].name for v in pinned))
        raise ValueError(
            f"the pinned stations {names} are not on a common grid, so no octilinear layout "
            "keeps them exactly where they are: unpin all but one, or move them onto the "
            "editor's grid"
        )
    return unit, origin


def _common_unit(offsets: np.ndarray) -> float | None:
    """The largest length of which every offset is a whole multiple (read to a
    thousandth), or None when they are all 0.

    >>> _common_unit(np.array([3.0, -4.5, 0.0])), _common_unit(np.zeros(2))
    (1.5, None)
    """
    parts = [Fraction(float(x)).limit_denominator(1000) for x in offsets if abs(x) > 1e-9]
    if not parts:
        return None
    denominator = math.lcm(*(f.denominator for f in parts))
    return math.gcd(*(int(f * denominator) for f in parts)) / denominator


def laid_out(
    city: CityMap,
    network: Network,
    routing: Routing,
    scale: tuple[float, np.ndarray | None],
    fixed: Collection[str],
) -> CityMap:
    """The city with its stations at the routed grid points and its edges along the
    routed paths. ``scale`` is the grid unit and where grid point (0, 0) lies; without
    an origin the layout is centred on (0, 0). ``fixed`` stations keep their
    coordinates exactly."""
    unit, origin = scale
    stations = len(network.ids)
    points = np.array([routing.points[v] for v in range(stations)]).reshape(-1, 2)
    centre = np.rint(points.mean(axis=0)).astype(int) if origin is None else np.zeros(2, int)

    def place(x: int, y: int) -> tuple[float, float]:
        steps = (int(x) - int(centre[0]), int(y) - int(centre[1]))
        if origin is None:
            return _coordinate(steps[0], unit), _coordinate(steps[1], unit)
        return tuple(round(float(o + k * unit), 9) for o, k in zip(origin, steps, strict=True))

    data = city.to_dict()
    for v, sid in enumerate(network.ids):
        if sid not in fixed:
            x, y = place(*points[v])
            data["stations"][sid] |= {"x": x, "y": y}
    edges = []
    for (a, b), chain in zip(network.edges, network.chains, strict=True):
        via = _bends(_chain_points(network, routing, chain))
        if 0 < len(via) <= MAX_BENDS:
            edges.append({"between": [a, b], "via": [list(place(*p)) for p in via]})
    data.pop("edges", None)
    if edges:
        data["edges"], data["format"] = edges, "vvlab-map/2"
    return CityMap.from_dict(data)


def _chain_points(network: Network, routing: Routing, chain: list[int]) -> list[tuple[int, int]]:
    """The grid points along an edge (its vertices and the routed paths between)."""
    points = [routing.points[chain[0]]]
    for u, v in pairwise(chain):
        piece = next(p for p in sorted(network.leave[u]) if network.pieces[p] == (u, v))
        path = routing.paths.get(piece, [routing.points[u], routing.points[v]])
        points += [tuple(p) for p in path[1:]]
    return points


def _bends(points: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The points of a polyline where it changes direction (not its ends)."""
    kept = []
    for before, here, after in zip(points, points[1:], points[2:], strict=False):
        u = (here[0] - before[0], here[1] - before[1])
        w = (after[0] - here[0], after[1] - here[1])
        if u[0] * w[1] - u[1] * w[0] != 0 or u[0] * w[0] + u[1] * w[1] <= 0:
            kept.append(here)
    return kept


def _coordinate(steps: int, grid: float) -> float | int:
    value = round(int(steps) * grid, 9)
    return int(value) if isinstance(grid, int) or float(grid).is_integer() else value
