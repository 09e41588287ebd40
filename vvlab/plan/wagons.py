"""Where each line's wagon goes (next to its first station, covering nothing), and
the whole layout of a plan: :func:`map_geometry`.

Sizes are in pixels of the target figure (see :class:`~vvlab.plan.geometry.Frame`);
the placement is a small search over spots around the station, scored by what the
wagon would cover. Pure functions, no plotly.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
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
    overlap_matrix,
    plan_points,
    plot_frame,
    segment_offsets,
    segments_hitting_box,
    station_size,
)

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


def points_in_box(points: np.ndarray, radii: np.ndarray, box: Box) -> np.ndarray:
    """Which discs (centres ``points`` of shape ``(n, 2)``, ``radii``) touch the
    rectangle, counting each disc by its bounding square.

    >>> points_in_box(np.array([[0, 0], [5, 5]]), np.array([1, 1]), (1, -1, 2, 1)).tolist()
    [True, False]
    """
    x, y = points[:, 0], points[:, 1]
    return (
        (x + radii >= box[0])
        & (x - radii <= box[2])
        & (y + radii >= box[1])
        & (y - radii <= box[3])
    )


def _shift(box: Box, by: Point) -> Box:
    return (box[0] + by[0], box[1] + by[1], box[2] + by[0], box[3] + by[1])


def _candidates(
    station: Point, outward: Point, shape: Box, radius: float
) -> Iterator[tuple[float, Point]]:
    """Body centres (pixels) around a station with their preference (lower is better)."""
    hw, hh = (shape[2] - shape[0]) / 2, (shape[3] - shape[1]) / 2
    mid = ((shape[0] + shape[2]) / 2, (shape[1] + shape[3]) / 2)
    for k in range(24):
        angle = 2 * math.pi * k / 24
        d = (math.cos(angle), math.sin(angle))
        turn = 1 - (d[0] * outward[0] + d[1] * outward[1])
        for extra in (0, 8, 18, 30, 44, 60, 80):
            reach = hw * abs(d[0]) + hh * abs(d[1]) + radius + 4 + extra
            centre = (station[0] + d[0] * reach, station[1] + d[1] * reach)
            yield 4 * turn + extra / 6, (centre[0] - mid[0], centre[1] - mid[1])


Columns = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]
"""Many boxes at once: ``(x0, y0, x1, y1)``, each a column of shape ``(m, 1)``."""


class _Obstacles:
    """What a wagon should not cover, in pixels: stations, segments, other wagons."""

    def __init__(self, city: CityMap, px: dict[str, Point], frame: Frame):
        self.points = np.array(list(px.values()), dtype=float)
        self.radii = np.array([station_size(len(city.lines_through(s))) / 2 for s in px])
        ends = [
            (frame.to_px(p), frame.to_px(q))
            for line in city.lines
            for a, b in pairwise(line.stations)
            for p, q in pairwise(city.edge_path(a, b))
        ]
        self.p = np.array([e[0] for e in ends], dtype=float)
        self.q = np.array([e[1] for e in ends], dtype=float).reshape(-1, 2)
        self.p = self.p.reshape(-1, 2)
        self.spans = np.minimum(self.p, self.q), np.maximum(self.p, self.q)
        self.area = (0.0, 0.0, frame.width, frame.height)
        self.wagons: list[Box] = []

    def costs(self, boxes: Columns) -> np.ndarray:
        """The cost of covering each box, shape ``(m,)``: 100 a station, 8 a segment,
        1000 a wagon placed before, 500 for leaving the plot area. Only the stations
        and segments near the boxes are tested (the others cannot count)."""
        grown = inflate(boxes, 2)
        around = (grown[0].min(), grown[1].min(), grown[2].max(), grown[3].max())
        near = points_in_box(self.points, self.radii, around)
        stations = points_in_box(self.points[near], self.radii[near] + 2, boxes).sum(axis=1)
        low, high = self.spans
        near = (high[:, 0] >= around[0]) & (low[:, 0] <= around[2])
        near &= (high[:, 1] >= around[1]) & (low[:, 1] <= around[3])
        segments = segments_hitting_box(self.p[near], self.q[near], grown).sum(axis=1)
        placed = np.array(self.wagons, dtype=float).reshape(-1, 4)
        wagons = overlap_matrix(np.hstack(inflate(boxes, 3)), placed).sum(axis=1)
        a = self.area
        inside = (boxes[0] >= a[0]) & (boxes[1] >= a[1]) & (boxes[2] <= a[2]) & (boxes[3] <= a[3])
        return 100 * stations + 8 * segments + 1000 * wagons + 500 * ~inside[:, 0]


def _best_body(obstacles: _Obstacles, station: Point, outward: Point, shape: Box, radius: float):
    """The body centre with the lowest preference plus cost (every spot scored at once)."""
    spots = list(_candidates(station, outward, shape, radius))
    prefs = np.array([pref for pref, _ in spots])
    cx = np.array([[c[0]] for _, c in spots])
    cy = np.array([[c[1]] for _, c in spots])
    columns = (shape[0] + cx, shape[1] + cy, shape[2] + cx, shape[3] + cy)
    return spots[int(np.argmin(prefs + obstacles.costs(columns)))][1]


def place_wagons(city: CityMap, frame: Frame) -> list[Wagon]:
    """A place for each line's wagon next to its first station, in map order.

    Each wagon takes the free spot nearest to the direction pointing away from its
    route: one that covers no station, crosses as few segments as possible, overlaps
    no wagon placed before it and stays inside the plot area.

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> wagons = place_wagons(city, plot_frame([(s.x, s.y) for s in city.stations.values()]))
    >>> [(w.line, w.station, len(w.boxes)) for w in wagons]
    [('A', 'harbour', 2), ('B', 'north', 2), ('C', 'airport', 1), ('D', 'lake', 1)]
    """
    px = {sid: frame.to_px((s.x, s.y)) for sid, s in city.stations.items()}
    obstacles = _Obstacles(city, px, frame)
    wagons = []
    for line in city.lines:
        first = line.stations[0]
        leaving = city.edge_path(first, line.stations[1])[1]  # the second station, or a bend
        outward = direction(frame.to_px(leaving), px[first])
        shape, boxes, text = wagon_shape(line.indicators)
        radius = station_size(len(city.lines_through(first))) / 2
        body = _best_body(obstacles, px[first], outward, shape, radius)
        box = _shift(shape, body)
        obstacles.wagons.append(box)
        corners = frame.to_map((box[0], box[1])), frame.to_map((box[2], box[3]))
        wagons.append(
            Wagon(
                line=line.id,
                station=first,
                body=frame.to_map(body),
                boxes=tuple(frame.to_map((body[0] + x, body[1] + y)) for x, y in boxes),
                bonus=frame.to_map((body[0] + text[0], body[1] + text[1])),
                bbox=(corners[0][0], corners[0][1], corners[1][0], corners[1][1]),
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


def map_geometry(city: CityMap, width: int = WIDTH, height: int = HEIGHT) -> MapGeometry:
    """Lay out ``city`` for a figure of ``width`` × ``height`` pixels.

    >>> import vvlab
    >>> geo = map_geometry(vvlab.load_map("tutorial"))
    >>> geo.paths["A"]
    [(-4.0, 0.0), (-2.0, 0.0), (0.0, 0.0), (2.0, 0.0), (4.0, 0.0)]
    >>> sorted(geo.wagons) == ["A", "B", "C", "D"]
    True
    """
    frame = plot_frame(plan_points(city), width, height)
    offsets = segment_offsets(city, LINE_GAP * frame.unit)
    paths = {line.id: line_path(city, line.id, offsets) for line in city.lines}
    wagons = {w.line: w for w in place_wagons(city, frame)}
    return MapGeometry(frame, paths, wagons)
