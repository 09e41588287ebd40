"""Station names on the plan, placed by :mod:`vvlab.plan.names` in pixels of the figure
shown: transfer stations and termini (what a player looks for first) always, the other
stations in line order where a place is left (every name shows on hover anyway).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from vvlab.model.markup import literal
from vvlab.plan.geometry import Box, Frame, Point, marker_radii, shifted
from vvlab.plan.names import SCREEN_NAMES, Name, NameStyle
from vvlab.plan.relabel import Naming, place_naming
from vvlab.plan.scene import Segment
from vvlab.plan.wagons import wagon_shape
from vvlab.viz.plan import FONT, INK

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap
    from vvlab.plan.wagons import MapGeometry

LEADER_COLOR = "#8A8A8A"
"""Thin grey leader lines from a station to its name set apart."""


def key_stations(routes: Sequence[Sequence[str]], stations: Sequence[str]) -> list[str]:
    """The transfer stations (the most lines first, then in ``stations`` order) and
    then the termini of each route: the stations whose names are always shown.

    >>> key_stations([["a", "b", "c"], ["d", "b"]], ["a", "b", "c", "d"])
    ['b', 'a', 'c', 'd']
    """
    through = Counter(s for route in routes for s in set(route))
    transfers = sorted((s for s in stations if through[s] > 1), key=lambda s: -through[s])
    ends = [s for route in routes if route for s in (route[0], route[-1])]
    return list(dict.fromkeys([*transfers, *ends]))


def rank_stations(routes: Sequence[Sequence[str]], stations: Sequence[str]) -> list[str]:
    """Every station, in the order names are placed: :func:`key_stations`, then the
    others along each route, then any station on no route.

    >>> rank_stations([["a", "b", "c"], ["d", "b"]], ["a", "b", "c", "d", "e"])
    ['b', 'a', 'c', 'd', 'e']
    """
    along = [s for route in routes for s in route]
    return list(dict.fromkeys([*key_stations(routes, stations), *along, *stations]))


def wagon_boxes(geo: MapGeometry, frame: Frame) -> list[Box]:
    """Pixels of ``frame`` covered by the wagons: each wagon's box as placed, and its
    size in pixels around its body (markers keep their size in a zoomed ``frame``).

    >>> import vvlab
    >>> from vvlab.plan.wagons import map_geometry
    >>> geo = map_geometry(vvlab.load_map("tutorial"))
    >>> len(wagon_boxes(geo, geo.frame))
    8
    """
    boxes = []
    for wagon in geo.wagons.values():
        shape = wagon_shape(len(wagon.boxes))[0]
        as_placed = frame.to_px(wagon.bbox[:2]) + frame.to_px(wagon.bbox[2:])
        boxes += [as_placed, shifted(shape, frame.to_px(wagon.body))]
    return boxes


def plan_segments(city: CityMap, geo: MapGeometry) -> list[Segment]:
    """Every drawn straight piece in map units: the lines (side by side as drawn) and
    the links from each wagon to its first station."""
    pieces = [pair for path in geo.paths.values() for pair in pairwise(path)]
    stations = city.stations
    return pieces + [
        ((stations[w.station].x, stations[w.station].y), w.body) for w in geo.wagons.values()
    ]


def placed_names(
    city: CityMap,
    geo: MapGeometry,
    frame: Frame | None = None,
    keep: dict[str, Name] | None = None,
    memo: dict | None = None,
) -> dict[str, Name]:
    """Each station name shown (:func:`plan_naming` placed), by station id, its box in
    pixels of ``frame``; ``keep`` and ``memo`` as in :func:`~vvlab.plan.names.place_names`.

    >>> import vvlab
    >>> from vvlab.plan.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> placed = placed_names(city, map_geometry(city))
    >>> len(placed) == len(city.stations), placed["central"].text
    (True, 'Central')
    """
    return place_naming(plan_naming(city, geo, frame), keep, memo)


def plan_naming(
    city: CityMap,
    geo: MapGeometry,
    frame: Frame | None = None,
    style: NameStyle = SCREEN_NAMES,
    drawing: Sequence[Segment] = (),
) -> Naming:
    """What :func:`placed_names` places the names from, in pixels of ``frame`` (by
    default ``geo.frame``): transfers and termini as key stations, the lines as drawn
    (and ``drawing``, the line the map editor draws, in map units), wagons as obstacles.

    >>> import vvlab
    >>> from vvlab.plan.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> naming = plan_naming(city, map_geometry(city))
    >>> len(naming.names) == len(city.stations), len(naming.obstacles) == 2 * len(city.lines)
    (True, True)
    """
    frame = frame or geo.frame
    return naming(
        {s: st.name for s, st in city.stations.items()},
        {s: (st.x, st.y) for s, st in city.stations.items()},
        marker_radii(city),
        [line.stations for line in city.lines],
        frame,
        lines=[*plan_segments(city, geo), *drawing],
        obstacles=wagon_boxes(geo, frame),
        style=style,
    )


def naming(
    names: dict[str, str],
    points: dict[str, Point],
    radii: dict[str, float],
    routes: Sequence[Sequence[str]],
    frame: Frame,
    *,
    lines: Sequence[Segment] = (),
    obstacles: Sequence[Box] = (),
    style: NameStyle = SCREEN_NAMES,
) -> Naming:
    """The :class:`~vvlab.plan.relabel.Naming` of stations in pixels of ``frame``, from
    their ``names`` (plain text), ``points`` and the ``lines`` drawn in map units, the
    markers' ``radii`` and the ``obstacles`` in pixels: the stations in the order of
    :func:`rank_stations` along ``routes``, the transfers and termini as key stations
    (the one builder of a plan's and a draft's names).

    >>> n = naming({"a": "A & B", "b": "B"}, {"a": (0, 0), "b": (2, 0)}, {"a": 4, "b": 4},
    ...            [["b", "a"]], Frame(-1, -1, 0.1, 40, 20), lines=[((0, 0), (2, 0))])
    >>> n.names, n.points["b"], n.lines, sorted(n.key)
    ({'b': 'B', 'a': 'A &amp; B'}, (30.0, 10.0), (((10.0, 10.0), (30.0, 10.0)),), ['a', 'b'])
    """
    return Naming(
        names={s: literal(names[s]) for s in rank_stations(routes, list(names))},
        points={s: frame.to_px(p) for s, p in points.items()},
        radii=radii,
        key=frozenset(key_stations(routes, list(names))),
        lines=tuple(px_segments(lines, frame)),
        obstacles=tuple(obstacles),
        bounds=(0.0, 0.0, frame.width, frame.height),
        style=style,
    )


def px_segments(segments: Sequence[Segment], frame: Frame) -> list[Segment]:
    """Segments in map units as pixels of ``frame``.

    >>> px_segments([((1, 1), (2, 3))], Frame(0, 0, 0.5, 100, 100))
    [((2.0, 2.0), (4.0, 6.0))]
    """
    return [(frame.to_px(a), frame.to_px(b)) for a, b in segments]


def names_spec(
    names: dict[str, Name], frame: Frame, axes: tuple[str, str] = ("x", "y")
) -> dict[str, Any]:
    """A text trace as plotly JSON, unchecked (the map editor redraws it on every edit):
    each name centred in its box (pixels of ``frame``); ``meta``: ``ids``, ``boxes``.

    >>> spec = names_spec({"a": Name("Alpha", (0, 0, 40, 12))}, Frame(0, 0, 0.5, 90, 90))
    >>> spec["text"], spec["x"], spec["meta"]["ids"]
    (['Alpha'], [10.0], ['a'])
    >>> go.Scatter(spec).to_plotly_json() == spec
    True
    """
    boxes = [name.box for name in names.values()]
    centres = [frame.to_map(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) for b in boxes]
    return {
        **_spec("names", "station names", axes, ids=list(names), boxes=boxes),
        "mode": "text",
        "text": [name.text for name in names.values()],
        "textfont": {"color": INK, "family": FONT, "size": [n.size for n in names.values()]},
        "textposition": "middle center",
        "x": [c[0] for c in centres],
        "y": [c[1] for c in centres],
    }


def _spec(role: str, name: str, axes: tuple[str, str], **meta: Any) -> dict[str, Any]:
    """What the names' and the leaders' traces share: no hover, no legend entry."""
    return {
        "hoverinfo": "skip",
        "meta": {"role": role, **meta},
        "name": name,
        "showlegend": False,
        "xaxis": axes[0],
        "yaxis": axes[1],
        "type": "scatter",
    }


def leaders_spec(
    names: dict[str, Name], frame: Frame, axes: tuple[str, str] = ("x", "y")
) -> dict[str, Any]:
    """The leader lines of the names set apart, as plotly JSON as :func:`names_spec`.

    >>> name = Name("Alpha", (0, 0, 40, 12), ((0, 0), (2, 2)))
    >>> spec = leaders_spec({"a": name}, Frame(0, 0, 0.5, 90, 90))
    >>> spec["x"], go.Scatter(spec).to_plotly_json() == spec
    ([0.0, 1.0, None], True)
    """
    xs: list[float | None] = []
    ys: list[float | None] = []
    for name in names.values():
        if name.leader is not None:
            (x0, y0), (x1, y1) = (frame.to_map(p) for p in name.leader)
            xs += [x0, x1, None]
            ys += [y0, y1, None]
    return {
        **_spec("leaders", "name leaders", axes),
        "line": {"color": LEADER_COLOR, "width": 0.8},
        "mode": "lines",
        "x": xs,
        "y": ys,
    }


def station_names(
    city: CityMap,
    geo: MapGeometry,
    axes: tuple[str, str] = ("x", "y"),
    frame: Frame | None = None,
    placed: dict[str, Name] | None = None,
) -> list[go.Scatter]:
    """The traces of the leaders (:func:`leaders_spec`) and the text (:func:`names_spec`)
    of the names :func:`placed_names` places for ``frame`` (or of ``placed``).

    >>> import vvlab
    >>> from vvlab.plan.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> leaders, names = station_names(city, map_geometry(city))
    >>> names.text[:2], names.meta["ids"][:2], leaders.meta["role"]
    (('Central', 'Park'), ['central', 'park'], 'leaders')
    """
    frame = frame or geo.frame
    placed = placed if placed is not None else placed_names(city, geo, frame)
    return [
        go.Scatter(leaders_spec(placed, frame, axes)),
        go.Scatter(names_spec(placed, frame, axes)),
    ]
