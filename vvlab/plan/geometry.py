"""Geometry of the plan: boxes, segments, frames and lines side by side.

Map units are the stations' ``x``/``y``; a :class:`Frame` turns them into pixels of a
figure, so that what is measured in pixels (a wagon, the gap between lines) can be
placed in map units.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap

Point = tuple[float, float]
Box = tuple[float, float, float, float]
"""An axis-aligned rectangle ``(x0, y0, x1, y1)`` with ``x0 <= x1`` and ``y0 <= y1``."""


def inflate(box: Box | np.ndarray, by: float) -> Box | np.ndarray:
    """``box`` (or an array of boxes, rows ``x0, y0, x1, y1``) grown by ``by`` on every side.

    >>> inflate((0, 0, 1, 1), 1), inflate(np.array([[0, 0, 1, 1]]), 0.5).tolist()
    ((-1, -1, 2, 2), [[-0.5, -0.5, 1.5, 1.5]])
    """
    if isinstance(box, np.ndarray):
        return box + np.array([-by, -by, by, by])
    return (box[0] - by, box[1] - by, box[2] + by, box[3] + by)


def shifted(box: Box, by: Point) -> Box:
    """``box`` moved by ``by``.

    >>> shifted((0, 0, 1, 2), (3, 4))
    (3, 4, 4, 6)
    """
    return (box[0] + by[0], box[1] + by[1], box[2] + by[0], box[3] + by[1])


def overlap_matrix(a: np.ndarray, b: np.ndarray, touching: bool = False) -> np.ndarray:
    """The overlap test of boxes: ``[i, j]`` is true when box ``a[i]`` and box ``b[j]``
    (rows ``x0, y0, x1, y1``) share more than an edge, or with ``touching`` a point.

    >>> a = np.array([[0, 0, 2, 2], [0, 0, 1, 1]])
    >>> b = np.array([[1, 0, 2, 1]])
    >>> overlap_matrix(a, b).tolist(), overlap_matrix(a, b, touching=True).tolist()
    ([[True], [False]], [[True], [True]])
    """
    a, b = a[:, None, :], b[None, :, :]
    before = np.less_equal if touching else np.less
    x = before(a[..., 0], b[..., 2]) & before(b[..., 0], a[..., 2])
    return x & before(a[..., 1], b[..., 3]) & before(b[..., 1], a[..., 3])


def overlaps_any(boxes: np.ndarray, others: np.ndarray, touching: bool = False) -> np.ndarray:
    """Which ``boxes`` overlap any of ``others`` (:func:`overlap_matrix`).

    >>> overlaps_any(np.array([[0, 0, 1, 1], [5, 5, 6, 6]]), np.array([[1, 0, 2, 1]]), True)
    array([ True, False])
    """
    return overlap_matrix(boxes, others, touching).any(axis=1)


def extent(boxes: np.ndarray) -> np.ndarray:
    """The box around all ``boxes`` (rows ``x0, y0, x1, y1``; at least one).

    >>> extent(np.array([[0, 1, 2, 3], [-1, 2, 1, 5]])).tolist()
    [-1, 1, 2, 5]
    """
    return np.concatenate([boxes[:, :2].min(axis=0), boxes[:, 2:].max(axis=0)])


def segment_boxes(segments: np.ndarray, pad: float = 0.0) -> np.ndarray:
    """The bounding box of each segment (shape ``(n, 2, 2)``), grown by ``pad``.

    >>> segment_boxes(np.array([[[2.0, 0.0], [0.0, 1.0]]]), 0.5).tolist()
    [[-0.5, -0.5, 2.5, 1.5]]
    """
    low, high = segments.min(axis=1) - pad, segments.max(axis=1) + pad
    return np.concatenate([low, high], axis=1).reshape(-1, 4)


def boxes_overlap(a: Box, b: Box, touching: bool = False) -> bool:
    """:func:`overlap_matrix` of two boxes.

    >>> boxes_overlap((0, 0, 2, 2), (1, 1, 3, 3)), boxes_overlap((0, 0, 1, 1), (1, 0, 2, 1))
    (True, False)
    """
    return bool(overlap_matrix(np.array([a], float), np.array([b], float), touching)[0, 0])


WIDTH, HEIGHT = 960, 700
"""A figure's size in pixels unless asked otherwise: the width fits JupyterLab's output
area (968 px in a 1400×900 window beside the file browser), legend included."""
MARGIN = {"l": 10, "r": 165, "t": 56, "b": 10}
"""Figure margins in pixels; the right one holds the legend of lines (entries of at most
:data:`vvlab.viz.plan.LEGEND_CHARS` characters)."""
PAD = 48
"""Pixels kept free around the stations for the wagons."""
LINE_WIDTH = 3.5
LINE_GAP = 4.5
"""Pixels between the centre lines of two lines drawn side by side."""


def station_size(lines_through: int) -> float:
    """Marker diameter in pixels of a station with this many lines through it.

    >>> [station_size(n) for n in (1, 2, 3, 4)]
    [8, 13, 16, 19]
    """
    return 8 if lines_through <= 1 else 7 + 3 * lines_through


@dataclass(frozen=True)
class Frame:
    """Map units to pixels: pixel ``(0, 0)`` is the lower left of the plot area.

    >>> f = Frame(x0=-10.0, y0=-5.0, unit=0.5, width=40, height=20)
    >>> f.to_px((0.0, 0.0)), f.to_map((20.0, 10.0))
    ((20.0, 10.0), (0.0, 0.0))
    >>> f.x_range, f.y_range
    ((-10.0, 10.0), (-5.0, 5.0))
    """

    x0: float
    y0: float
    unit: float  # map units per pixel
    width: float  # of the plot area, pixels
    height: float

    def to_px(self, p: Point) -> Point:
        return ((p[0] - self.x0) / self.unit, (p[1] - self.y0) / self.unit)

    def to_map(self, p: Point) -> Point:
        return (self.x0 + p[0] * self.unit, self.y0 + p[1] * self.unit)

    @property
    def x_range(self) -> tuple[float, float]:
        return (self.x0, self.x0 + self.width * self.unit)

    @property
    def y_range(self) -> tuple[float, float]:
        return (self.y0, self.y0 + self.height * self.unit)


def plot_frame(
    points: Sequence[Point], width: int = WIDTH, height: int = HEIGHT, pad: float = PAD
) -> Frame:
    """The frame that fits ``points`` centred in the plot area, ``pad`` pixels free
    around them, with the same scale on both axes.

    >>> f = plot_frame([(0, 0), (100, 50)], width=300, height=200, pad=0)
    >>> f.unit, f.x_range, f.y_range  # 125 x 134 pixels of plot area
    (0.8, (0.0, 100.0), (-28.6, 78.6))
    """
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    plot_w = width - MARGIN["l"] - MARGIN["r"]
    plot_h = height - MARGIN["t"] - MARGIN["b"]
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    unit = max(span_x / (plot_w - 2 * pad), span_y / (plot_h - 2 * pad), 1e-9)
    cx, cy = (max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2
    return Frame(cx - plot_w * unit / 2, cy - plot_h * unit / 2, unit, plot_w, plot_h)


def station_points(city: CityMap, frame: Frame) -> dict[str, Point]:
    """Each station's point in pixels of ``frame``."""
    return {s: frame.to_px((st.x, st.y)) for s, st in city.stations.items()}


def marker_radii(city: CityMap) -> dict[str, float]:
    """Each station marker's radius in pixels (:func:`station_size`)."""
    return {s: station_size(len(city.lines_through(s))) / 2 for s in city.stations}


# -- lines side by side ---------------------------------------------------------------
def segment_lines(city: CityMap) -> dict[frozenset[str], tuple[str, ...]]:
    """The lines running along each segment (pair of consecutive stations), in map order.

    >>> import vvlab
    >>> segment_lines(vvlab.load_map("tutorial"))[frozenset({"central", "park"})]
    ('B',)
    """
    return {seg: tuple(line for line, _, _ in runs) for seg, runs in _runs(city).items()}


def _runs(city: CityMap) -> dict[frozenset[str], list[tuple[str, str, str]]]:
    """Each segment's ``(line, a, b)``, ``a`` and ``b`` in route order, in map order."""
    out: dict[frozenset[str], list[tuple[str, str, str]]] = {}
    for line in city.lines:
        for a, b in pairwise(line.stations):
            out.setdefault(frozenset((a, b)), []).append((line.id, a, b))
    return out


def direction(p: Point, q: Point) -> Point:
    """The unit vector from ``p`` to ``q`` (zero when they coincide).

    >>> direction((1, 1), (4, 5)), direction((0, 0), (0, 0))
    ((0.6, 0.8), (0.0, 0.0))
    """
    dx, dy = q[0] - p[0], q[1] - p[1]
    length = math.hypot(dx, dy)
    if length == 0:
        return (0.0, 0.0)
    return (dx / length, dy / length)


def unit_normal(p: Point, q: Point) -> Point:
    """The unit vector 90° to the left of the direction from ``p`` to ``q``.

    >>> unit_normal((0, 0), (2, 0)), unit_normal((0, 0), (0, 0))
    ((0.0, 1.0), (0.0, 0.0))
    """
    dx, dy = direction(p, q)
    return (-dy + 0.0, dx)


def segment_offsets(city: CityMap, gap: float) -> dict[tuple[str, str, str], Point]:
    """The perpendicular shift of each line on each of its segments, in map units, by
    ``(line, a, b)`` in route order: the lines on a segment ``gap`` apart, centred, in
    map order, sides taken from its first line's direction. P and Q share b-c:

    >>> import vvlab
    >>> at = lambda x, y: {"name": "S", "x": x, "y": y}
    >>> city = vvlab.load_map({
    ...     "format": "vvlab-map/1", "id": "two", "name": "Two",
    ...     "stations": {"a": at(0, 0), "b": at(2, 0), "c": at(4, 0), "d": at(2, 2)},
    ...     "lines": [
    ...         {"id": "P", "name": "P", "color": "#FF0000", "indicators": 1,
    ...          "bonus": [2, 1], "stations": ["a", "b", "c"]},
    ...         {"id": "Q", "name": "Q", "color": "#0000FF", "indicators": 1,
    ...          "bonus": [2, 1], "stations": ["d", "b", "c"]}]})
    >>> off = segment_offsets(city, gap=1.0)
    >>> off["P", "b", "c"], off["Q", "b", "c"], off["P", "a", "b"]
    ((0.0, -0.5), (0.0, 0.5), (0.0, 0.0))
    >>> line_path(city, "Q", off)
    [(2.0, 2.0), (2.0, 0.0), (2.0, 0.5), (4.0, 0.5)]
    """
    pos = {sid: (s.x, s.y) for sid, s in city.stations.items()}
    out: dict[tuple[str, str, str], Point] = {}
    for runs in _runs(city).values():
        _, a, b = runs[0]
        nx, ny = unit_normal(pos[a], pos[b])
        for i, run in enumerate(runs):
            shift = (i - (len(runs) - 1) / 2) * gap
            out[run] = (nx * shift + 0.0, ny * shift + 0.0)
    return out


def line_path(
    city: CityMap, line_id: str, offsets: dict[tuple[str, str, str], Point]
) -> list[Point]:
    """The polyline of a line through its stations and bends, each segment shifted by
    its offset (:func:`segment_offsets`, bends alike: :func:`offset_polyline`).

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> line_path(city, "C", segment_offsets(city, gap=0.5))
    [(-4.0, 3.0), (-2.0, 1.5), (0.0, 0.0)]
    """
    route = city.line(line_id).stations
    pos = {sid: (float(city.stations[sid].x), float(city.stations[sid].y)) for sid in route}
    path: list[Point] = []
    for a, b in pairwise(route):
        dx, dy = offsets.get((line_id, a, b), (0.0, 0.0))
        bends = city.edge_path(a, b)
        if len(bends) > 2:  # the shift's length, to the left of a -> b or right of it
            nx, ny = unit_normal(pos[a], pos[b])
            piece = offset_polyline([(float(x), float(y)) for x, y in bends], dx * nx + dy * ny)
        else:
            piece = [(pos[sid][0] + dx, pos[sid][1] + dy) for sid in (a, b)]
        for point in piece:
            if not path or path[-1] != point:
                path.append(point)
    return path


MITRE_LIMIT = 3.0
"""The longest a corner of a shifted polyline may reach, in shifts: a sharper turn is
cut short there (a corner of 90° reaches 1.41 shifts, one of 135° 2.6)."""


def offset_polyline(points: list[Point], shift: float) -> list[Point]:
    """``points`` moved ``shift`` to the left of their direction (right when negative),
    each corner to where the moved segments meet.

    >>> offset_polyline([(0.0, 0.0), (2.0, 0.0), (2.0, 2.0)], 0.5)
    [(0.0, 0.5), (1.5, 0.5), (1.5, 2.0)]
    """
    if shift == 0 or len(points) < 2:
        return list(points)
    normals = [unit_normal(p, q) for p, q in pairwise(points)]
    ends = [normals[0], *(_mitre(m, n) for m, n in pairwise(normals)), normals[-1]]
    moved = zip(points, ends, strict=True)
    return [(x + shift * nx + 0.0, y + shift * ny + 0.0) for (x, y), (nx, ny) in moved]


def _mitre(m: Point, n: Point) -> Point:
    """The corner between segments of unit normals ``m`` and ``n`` for a shift of 1."""
    sx, sy = m[0] + n[0], m[1] + n[1]
    along = (sx * m[0] + sy * m[1]) or 1.0  # the sum's share of each normal: cos²
    scale = min(1.0 / along, MITRE_LIMIT / max(math.hypot(sx, sy), 1e-12))
    return (sx * scale, sy * scale)


def plan_points(city: CityMap) -> list[Point]:
    """Every point the plan's lines pass: stations, then bends.

    >>> import vvlab
    >>> len(plan_points(vvlab.load_map("tutorial")))
    12
    """
    points = [(s.x, s.y) for s in city.stations.values()]
    return points + [point for edge in city.edges for point in edge.via]


def segments_meeting(segments: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """The hit test of segments and boxes: ``[i, j]`` is true when box ``boxes[i]``
    (rows ``x0, y0, x1, y1``) meets segment ``segments[j]`` (shape ``(n, 2, 2)``).

    >>> segments = np.array([[[-1, 0.5], [2, 0.5]], [[5, 5], [6, 6]]])
    >>> segments_meeting(segments, np.array([[0, 0, 1, 1]])).tolist()
    [[True, False]]
    """
    meets = overlap_matrix(boxes, segment_boxes(segments), touching=True)
    i, j = np.nonzero(meets)  # only where the box meets the segment's box: clipped
    t0, t1 = clip_segments(segments[j, 0], segments[j, 1], tuple(boxes[i].T))
    meets[i, j] = t0 <= t1
    return meets


def clip_segments(p: np.ndarray, q: np.ndarray, box: Box) -> tuple[np.ndarray, np.ndarray]:
    """Where each segment ``p[i] -> q[i]`` runs inside the rectangle (or rectangle
    ``i``, each of ``box`` an array), as fractions ``t0 <= t1`` of its length
    (``t0 > t1``: it misses); Liang-Barsky.

    >>> t0, t1 = clip_segments(np.array([[0.0, 5.0]]), np.array([[20.0, 5.0]]), (5, 0, 10, 10))
    >>> t0.tolist(), t1.tolist()
    ([0.25], [0.5])
    """
    t0, t1 = np.zeros(len(p)), np.ones(len(p))
    for axis, (lo, hi) in enumerate(((box[0], box[2]), (box[1], box[3]))):
        start, d = p[:, axis], q[:, axis] - p[:, axis]
        parallel = d == 0
        inside = (lo <= start) & (start <= hi)
        with np.errstate(divide="ignore", invalid="ignore"):
            a, b = (lo - start) / d, (hi - start) / d
        low = np.where(parallel, np.where(inside, -np.inf, np.inf), np.minimum(a, b))
        high = np.where(parallel, np.where(inside, np.inf, -np.inf), np.maximum(a, b))
        t0, t1 = np.maximum(t0, low), np.minimum(t1, high)
    return t0, t1
