"""Station names on the plan: every station's name where there is room, placed so
that no two names overlap each other, a station or a wagon, and cross no line where
that can be helped (:func:`~vvlab.viz.layout.place_labels`, in pixels).

Transfer stations and termini are what a player looks for first, so they choose
their places first and always get a name: when every place beside such a station is
crossed by a line, its name lies over the line rather than being left out. The other
stations follow in line order and are named only where a free place is left. Every
station keeps its name on hover (the stations trace), named here or not.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from itertools import pairwise
from typing import TYPE_CHECKING, NamedTuple

import plotly.graph_objects as go

from vvlab.viz.geometry import LINE_WIDTH, Frame, Point, station_size
from vvlab.viz.layout import Box, choose_boxes, text_width
from vvlab.viz.plan import FONT, INK
from vvlab.viz.wagons import wagon_shape

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap
    from vvlab.viz.wagons import MapGeometry

NAME_SIZE = 10
"""Font size of station names, pixels."""
NAME_HEIGHT = NAME_SIZE * 1.25
"""Height of a name's box: the font size and some leading."""
NAME_GAP = 3
"""Pixels between a station's marker and its name."""
Segment = tuple[Point, Point]


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


def named_stations(city: CityMap) -> list[str]:
    """Every station of ``city`` in the order its name is placed: transfers (the most
    lines first), termini, then the other stations in line order.

    >>> import vvlab
    >>> named_stations(vvlab.load_map("tutorial"))[:2]
    ['central', 'park']
    """
    return rank_stations([line.stations for line in city.lines], list(city.stations))


class Name(NamedTuple):
    """A station name as placed: the ``text`` written (the name, on two lines joined
    by ``<br>`` when that fits better) and its ``box`` in pixels."""

    text: str
    box: Box


RINGS = (0, 6, 14)
"""Extra pixels between a station and its name, tried in turn: a name close to its
station first, a little farther only when there is no room close by."""


def wrapped(name: str) -> str | None:
    """``name`` on two lines, broken at the space nearest its middle (``None`` for a
    single word): a narrower box that fits between stations more often.

    >>> wrapped("Charles de Gaulle"), wrapped("Zoo")
    ('Charles<br>de Gaulle', None)
    """
    spaces = [i for i, ch in enumerate(name) if ch == " "]
    if not spaces:
        return None
    cut = min(spaces, key=lambda i: abs(2 * i - len(name)))
    return f"{name[:cut]}<br>{name[cut + 1 :]}"


def _around(x: float, y: float, w: float, h: float, gap: float) -> list[Box]:
    """Boxes of size ``w`` × ``h`` beside the point, ``gap`` away: right, left, top,
    bottom, the four corners, then slid along each side."""
    d = gap * 0.75  # a corner box's corner is as far from the point as a side box
    centres = [
        (x + gap + w / 2, y),
        (x - gap - w / 2, y),
        (x, y + gap + h / 2),
        (x, y - gap - h / 2),
        (x + d + w / 2, y + d + h / 2),
        (x + d + w / 2, y - d - h / 2),
        (x - d - w / 2, y + d + h / 2),
        (x - d - w / 2, y - d - h / 2),
    ]
    for side in (1, -1):
        cx = x + side * (gap + w / 2)
        centres += [(cx, y + h / 2), (cx, y - h / 2)]
    for side in (1, -1):
        cy = y + side * (gap + h / 2)
        centres += [(x + w / 4, cy), (x - w / 4, cy), (x + w / 2, cy), (x - w / 2, cy)]
    return [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2) for cx, cy in centres]


def name_options(name: str, point: Point, radius: float) -> list[Name]:
    """Where the name of a station (marker ``radius`` at ``point``) may go, best first:
    for each distance in :data:`RINGS`, every place around the station on one line,
    then on two (:func:`wrapped`).

    >>> options = name_options("Charles de Gaulle", (0, 0), 4)
    >>> len(options), options[0]
    (120, Name(text='Charles de Gaulle', box=(7.0, -6.25, 112.4, 6.25)))
    """
    texts = [t for t in (name, wrapped(name)) if t is not None]
    options = []
    for extra in RINGS:
        for text in texts:
            w = text_width(text, NAME_SIZE)
            h = NAME_HEIGHT * (1 + text.count("<br>"))
            boxes = _around(*point, w, h, radius + NAME_GAP + extra)
            options += [Name(text, box) for box in boxes]
    return options


def place_names(
    names: dict[str, str],
    points: dict[str, Point],
    radii: dict[str, float],
    *,
    key: set[str],
    lines: Sequence[Segment] = (),
    obstacles: Sequence[Box] = (),
    bounds: Box,
) -> dict[str, Name]:
    """Each name placed, by station id, in the order of ``names``: beside its station's
    marker (``points`` and ``radii`` in pixels, y up; every marker is an obstacle),
    apart from the other names and ``obstacles``, inside ``bounds``, off ``lines``
    where possible; ``key`` stations may lie on a line rather than go unnamed
    (:func:`~vvlab.viz.layout.choose_boxes` among :func:`name_options`).

    >>> points = {"a": (50.0, 50.0), "b": (90.0, 50.0)}
    >>> placed = place_names({"a": "Aa", "b": "Bb"}, points, {"a": 4, "b": 4}, key={"a"},
    ...                      lines=[((50, 50), (90, 50))], bounds=(0, 0, 200, 100))
    >>> {s: [round(v) for v in name.box] for s, name in placed.items()}  # off the line a-b
    {'a': [31, 44, 43, 56], 'b': [97, 44, 109, 56]}
    """
    ids = list(names)
    markers = [
        (x - radii[s] - 1, y - radii[s] - 1, x + radii[s] + 1, y + radii[s] + 1)
        for s, (x, y) in points.items()
    ]
    options = [name_options(names[s], points[s], radii[s]) for s in ids]
    chosen = choose_boxes(
        [[option.box for option in choices] for choices in options],
        obstacles=[*markers, *obstacles],
        bounds=bounds,
        segments=lines,
        clearance=LINE_WIDTH / 2,
        may_cross=[s in key for s in ids],
    )
    return {s: opts[k] for s, opts, k in zip(ids, options, chosen, strict=True) if k is not None}


def px_box(frame: Frame, box: Box) -> Box:
    """A box in map units as pixels of ``frame``.

    >>> px_box(Frame(0, 0, 0.5, 100, 100), (1, 1, 2, 3))
    (2.0, 2.0, 4.0, 6.0)
    """
    x0, y0 = frame.to_px((box[0], box[1]))
    x1, y1 = frame.to_px((box[2], box[3]))
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def wagon_boxes(geo: MapGeometry, frame: Frame) -> list[Box]:
    """Pixels of ``frame`` covered by the wagons: each wagon's box as placed, and its
    size in pixels around its body (the markers keep their size when ``frame`` is
    zoomed out from ``geo.frame``, as in the editor's view).

    >>> import vvlab
    >>> from vvlab.viz.wagons import map_geometry
    >>> geo = map_geometry(vvlab.load_map("tutorial"))
    >>> boxes = wagon_boxes(geo, geo.frame)
    >>> len(boxes), [abs(round(a - b, 6)) for a, b in zip(boxes[0], boxes[1])]
    (8, [0.0, 0.0, 0.0, 0.0])
    """
    boxes = []
    for wagon in geo.wagons.values():
        x, y = frame.to_px(wagon.body)
        shape = wagon_shape(len(wagon.boxes))[0]
        around = (x + shape[0], y + shape[1], x + shape[2], y + shape[3])
        boxes += [px_box(frame, wagon.bbox), around]
    return boxes


def plan_segments(city: CityMap, geo: MapGeometry, frame: Frame) -> list[Segment]:
    """Every drawn straight piece in pixels of ``frame``: the lines (side by side as
    drawn) and the links from each wagon to its first station."""
    pieces = [pair for path in geo.paths.values() for pair in pairwise(path)]
    pieces += [
        (
            (
                city.stations[city.line(w.line).stations[0]].x,
                city.stations[city.line(w.line).stations[0]].y,
            ),
            w.body,
        )
        for w in geo.wagons.values()
    ]
    return [(frame.to_px(a), frame.to_px(b)) for a, b in pieces]


def placed_names(city: CityMap, geo: MapGeometry, frame: Frame | None = None) -> dict[str, Name]:
    """Each station name shown, by station id in :func:`named_stations` order, with its
    box in pixels of ``frame`` (the plot area the figure shows, by default
    ``geo.frame``; y up).

    >>> import vvlab
    >>> from vvlab.viz.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> placed = placed_names(city, map_geometry(city))
    >>> len(placed) == len(city.stations), placed["central"].text
    (True, 'Central')
    """
    frame = frame or geo.frame
    order = named_stations(city)
    routes = [line.stations for line in city.lines]
    return place_names(
        {s: city.stations[s].name for s in order},
        {s: frame.to_px((st.x, st.y)) for s, st in city.stations.items()},
        {s: station_size(len(city.lines_through(s))) / 2 for s in city.stations},
        key=set(key_stations(routes, list(city.stations))),
        lines=plan_segments(city, geo, frame),
        obstacles=wagon_boxes(geo, frame),
        bounds=(0.0, 0.0, frame.width, frame.height),
    )


def name_boxes(city: CityMap, geo: MapGeometry, frame: Frame | None = None) -> dict[str, Box]:
    """The box of each name of :func:`placed_names`, by station id.

    >>> import vvlab
    >>> from vvlab.viz.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> list(name_boxes(city, map_geometry(city)))[:2]
    ['central', 'park']
    """
    return {s: name.box for s, name in placed_names(city, geo, frame).items()}


def names_trace(
    names: dict[str, Name], frame: Frame, axes: tuple[str, str] = ("x", "y")
) -> go.Scatter:
    """A text trace writing each name centred in its box (pixels of ``frame``);
    ``meta`` holds the station ``ids`` and pixel ``boxes`` (``role`` ``"names"``).
    No hover: the station under a name has it.

    >>> trace = names_trace({"a": Name("Alpha", (0, 0, 40, 12))}, Frame(0, 0, 0.5, 90, 90))
    >>> list(trace.text), list(trace.x), trace.meta["ids"]
    (['Alpha'], [10.0], ['a'])
    """
    boxes = [name.box for name in names.values()]
    centres = [frame.to_map(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) for b in boxes]
    return go.Scatter(
        x=[c[0] for c in centres],
        y=[c[1] for c in centres],
        xaxis=axes[0],
        yaxis=axes[1],
        mode="text",
        text=[name.text for name in names.values()],
        textposition="middle center",
        textfont={"size": NAME_SIZE, "color": INK, "family": FONT},
        hoverinfo="skip",
        showlegend=False,
        name="station names",
        meta={"role": "names", "ids": list(names), "boxes": boxes},
    )


def station_names(
    city: CityMap,
    geo: MapGeometry,
    axes: tuple[str, str] = ("x", "y"),
    frame: Frame | None = None,
) -> go.Scatter:
    """The names of :func:`placed_names` as a text trace (:func:`names_trace`), placed
    for ``frame`` (the pixels the figure shows; by default ``geo.frame``).

    >>> import vvlab
    >>> from vvlab.viz.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> trace = station_names(city, map_geometry(city))
    >>> trace.text[:2], trace.meta["ids"][:2]
    (('Central', 'Park'), ['central', 'park'])
    """
    frame = frame or geo.frame
    return names_trace(placed_names(city, geo, frame), frame, axes)
