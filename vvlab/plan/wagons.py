"""Where each line's wagon goes (next to its first station, in pixels of the figure,
scored by what it would cover), and the whole layout of a plan: :func:`map_geometry`.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from vvlab.plan.geometry import (
    HEIGHT,
    LINE_GAP,
    WIDTH,
    Box,
    Frame,
    Point,
    direction,
    inflate,
    line_path,
    marker_radii,
    plan_points,
    plot_frame,
    segment_offsets,
    shifted,
    station_points,
)
from vvlab.plan.scene import LabelScene, LineSet, spots_around

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap

BODY, BOX, BOX_STEP, TEXT_H = 24, 14, 16, 14
"""Wagon sizes in pixels: the body square (line id), an indicator box and the step
between boxes, the height of the bonus text above them."""


@dataclass(frozen=True)
class Wagon:
    """Where a line's wagon goes, in map units: the body (with the line id), the
    indicator boxes left to right, the bonus text, and the whole wagon's ``bbox``."""

    line: str
    station: str
    body: Point
    boxes: tuple[Point, ...]
    bonus: Point
    bbox: Box


def wagon_shape(indicators: int) -> tuple[Box, list[Point], Point]:
    """A wagon in pixels relative to the body centre: bounding box, box centres, text.

    >>> box, boxes, text = wagon_shape(2)
    >>> box, boxes, text
    ((-12.0, -12.0, 47.0, 27.0), [(24.0, 0.0), (40.0, 0.0)], (17.5, 20.0))
    """
    first = BODY / 2 + 5 + BOX / 2
    boxes = [(first + i * BOX_STEP, 0.0) for i in range(indicators)]
    right = boxes[-1][0] + BOX / 2 if boxes else BODY / 2
    top = BODY / 2 + TEXT_H + 1
    text = ((right - BODY / 2) / 2, BODY / 2 + TEXT_H / 2 + 1)
    return (-BODY / 2, -BODY / 2, right, top), boxes, text


COSTS = np.array([100, 1000, 8, 500])
"""What a wagon pays for covering a station, a wagon placed before, a segment, and for
leaving the plot area (:meth:`~vvlab.plan.scene.LabelScene.covers`)."""
REACH = (0, 8, 18, 30, 44, 60, 80)
"""Pixels a wagon may stand further off its station than next to it, tried in turn."""


def wagon_scene(city: CityMap, px: dict[str, Point], frame: Frame) -> LabelScene:
    """What a wagon should not cover, in pixels: the station markers (obstacles, 2 px
    around them), the lines' segments (2 px), the wagons placed (3 px: taken 1 px
    wider) and the plot area (the bounds)."""
    radii = marker_radii(city)
    markers = [inflate((x, y, x, y), radii[s]) for s, (x, y) in px.items()]
    segments = [
        (line.id, frame.to_px(p), frame.to_px(q))
        for line in city.lines
        for a, b in pairwise(line.stations)
        for p, q in pairwise(city.edge_path(a, b))
    ]
    bounds = (0.0, 0.0, frame.width, frame.height)
    return LabelScene(markers, bounds=bounds, gap=2, lines=LineSet(segments))


def _best_body(scene: LabelScene, station: Point, outward: Point, shape: Box, radius: float):
    """The body centre (pixels) around a station of least turn, distance and cost."""
    half = ((shape[2] - shape[0]) / 2, (shape[3] - shape[1]) / 2)
    mid = ((shape[0] + shape[2]) / 2, (shape[1] + shape[3]) / 2)
    spots = spots_around(station, half, outward, [radius + 4 + e for e in REACH], 24, False)
    prefs = 4 * spots.turn + np.array(REACH)[spots.ring] / 6
    bodies = spots.centres - mid
    boxes = np.array(shape) + np.hstack([bodies, bodies])
    best = bodies[int(np.argmin(prefs + scene.covers(boxes) @ COSTS))]
    return (float(best[0]), float(best[1]))


def place_wagons(city: CityMap, frame: Frame) -> list[Wagon]:
    """A place for each line's wagon next to its first station, in map order: the spot
    nearest to the direction away from its route that covers least (:data:`COSTS`).

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> wagons = place_wagons(city, plot_frame([(s.x, s.y) for s in city.stations.values()]))
    >>> [(w.line, w.station, len(w.boxes)) for w in wagons]
    [('A', 'harbour', 2), ('B', 'north', 2), ('C', 'airport', 1), ('D', 'lake', 1)]
    """
    px, radii = station_points(city, frame), marker_radii(city)
    scene = wagon_scene(city, px, frame)
    wagons = []
    for line in city.lines:
        first = line.stations[0]
        leaving = city.edge_path(first, line.stations[1])[1]  # the second station, or a bend
        outward = direction(frame.to_px(leaving), px[first])
        shape, boxes, text = wagon_shape(line.indicators)
        body = _best_body(scene, px[first], outward, shape, radii[first])
        box = shifted(shape, body)
        scene.take(inflate(box, 1))
        wagons.append(
            Wagon(
                line=line.id,
                station=first,
                body=frame.to_map(body),
                boxes=tuple(frame.to_map((body[0] + x, body[1] + y)) for x, y in boxes),
                bonus=frame.to_map((body[0] + text[0], body[1] + text[1])),
                bbox=frame.to_map(box[:2]) + frame.to_map(box[2:]),
            )
        )
    return wagons


@dataclass(frozen=True)
class MapGeometry:
    """Everything placed on the plan: the frame, each line's polyline (keyed by line
    id) with lines sharing a segment side by side, and each line's wagon."""

    frame: Frame
    paths: dict[str, list[Point]]
    wagons: dict[str, Wagon]


def map_geometry(
    city: CityMap, width: int = WIDTH, height: int = HEIGHT, frame: Frame | None = None
) -> MapGeometry:
    """Lay out ``city`` for a figure of ``width`` × ``height`` pixels showing the whole
    plan, or for the pixels of ``frame`` (the part the map editor shows): wagons and
    gaps between lines are sized in pixels, to keep clear of stations at that scale.

    >>> import vvlab
    >>> geo = map_geometry(vvlab.load_map("tutorial"))
    >>> geo.paths["A"]
    [(-4.0, 0.0), (-2.0, 0.0), (0.0, 0.0), (2.0, 0.0), (4.0, 0.0)]
    >>> sorted(geo.wagons) == ["A", "B", "C", "D"]
    True
    """
    frame = frame or plot_frame(plan_points(city), width, height)
    offsets = segment_offsets(city, LINE_GAP * frame.unit)
    paths = {line.id: line_path(city, line.id, offsets) for line in city.lines}
    wagons = {w.line: w for w in place_wagons(city, frame)}
    return MapGeometry(frame, paths, wagons)
