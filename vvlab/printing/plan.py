"""The plan on a printed sheet: the city's own coordinates scaled to an area of the
page, a station box for every station, the lines in their colours and their ids.

Every station box is at least :data:`MIN_BOX` mm wide, a box grows with the lines
that run side by side into it (along one segment), a transfer station's box has a heavy
frame, and each line carries its id at
both ends (a filled tag where its wagon starts, an outlined one at its terminus) and
on long stretches, so the sheet reads in black and white. Station names go beside
their boxes or, where the plan is crowded, apart with a leader (the screen's name
placer, in mm). When the coordinates put station boxes on top of each other, or a box
on a line that does not stop there, :func:`layout_plan` raises
:class:`SheetLayoutError` naming them instead of drawing an unreadable plan.

>>> import vvlab
>>> plan = layout_plan(vvlab.load_map("tutorial"), (0.0, 0.0, 190.0, 180.0))
>>> len(plan.boxes), round(plan.scale, 2), plan.names_left_out
(12, 19.94, ())
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from itertools import pairwise
from typing import TYPE_CHECKING

import numpy as np

from vvlab.model.colors import text_color
from vvlab.plan.geometry import (
    Box,
    direction,
    inflate,
    line_path,
    overlap_matrix,
    plan_points,
    segment_lines,
    segment_offsets,
)
from vvlab.plan.scene import LabelScene, LineSet, NamedSegment, spots_around
from vvlab.printing.fonts import PAPER
from vvlab.printing.names import PLACE_GAP, plan_names
from vvlab.printing.page import INK, Polyline, Rect, Shape, Text

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap

__all__ = ["MIN_BOX", "PlanLayout", "SheetLayoutError", "box_sides", "layout_plan"]

MIN_BOX = 6.0
"""The smallest box a player writes in (an X or a two-digit star value), in mm."""
STATION_BOX = 6.5
BOX_GAP = 1.0
"""Free mm between two station boxes."""
LINE_WIDTH, LINE_GAP = 1.1, 1.5
"""A line's width and the distance between lines drawn side by side, in mm."""
TAG_SIZE = 3.0
"""Font size (mm) of the line ids on the plan."""
LONG_STRETCH = 45.0
"""A segment longer than this (mm) carries its line's id in the middle too."""
SHOWN_PAIRS = 8
"""How many crowded pairs the error message names."""
LAY_OUT = "{schematic}"
"""Where a message says how to ask for the schematic layout first: each caller says
it its own way (:meth:`SheetLayoutError.told`); ``str(err)`` says it as Python does."""
PYTHON_LAY_OUT = "schematic=True"
"""How a Python caller asks for the layout first (``write_sheet(..., schematic=True)``)."""
ADVICE = (
    f"Print it with {LAY_OUT} to lay the city out first, move these stations apart in the "
    "map editor, or use larger paper."
)
SCHEMATIC_ADVICE = (
    "It was laid out schematically already: move these stations apart in the map editor, "
    "or use larger paper."
)


class SheetLayoutError(ValueError):
    """The plan cannot be printed readably: ``pairs`` of stations whose boxes overlap
    (ids and their distance in mm), ``covers`` (station, line) where a station's box
    would cover a line that does not stop there, and ``unplaced`` line ids with no room
    for their tags."""

    def __init__(self, message: str, pairs=(), covers=(), unplaced=()):
        super().__init__(message.replace(LAY_OUT, PYTHON_LAY_OUT))
        self.template = message
        self.pairs = tuple(pairs)
        self.covers = tuple(covers)
        self.unplaced = tuple(unplaced)

    def told(self, lay_out: str) -> str:
        """The message with the caller's way of asking for the schematic layout first
        (the command line: ``"--schematic"``; the editor: its checkbox).

        >>> err = SheetLayoutError(f"too cramped: print it with {LAY_OUT}")
        >>> str(err), err.told("--schematic")
        ('too cramped: print it with schematic=True', 'too cramped: print it with --schematic')
        """
        return self.template.replace(LAY_OUT, lay_out)


@dataclass(frozen=True)
class Fit:
    """Map units to page mm: the map point ``centre`` goes to the page point ``at``
    (the map's north up), ``scale`` mm per map unit."""

    scale: float
    centre: tuple[float, float]
    at: tuple[float, float]

    def to_mm(self, x: float, y: float) -> tuple[float, float]:
        return (
            self.at[0] + (x - self.centre[0]) * self.scale,
            self.at[1] - (y - self.centre[1]) * self.scale,
        )


@dataclass(frozen=True)
class PlanLayout:
    """The plan's shapes in drawing order, the station boxes by station id, the scale
    (mm per map unit) and the stations whose names found no room."""

    shapes: tuple[Shape, ...]
    boxes: dict[str, Box]
    scale: float
    names_left_out: tuple[str, ...]


def box_side(side_by_side: int) -> float:
    """The side in mm of a station box that this many lines run into side by side:
    wide enough for them, never under :data:`STATION_BOX`.

    >>> [box_side(n) for n in (1, 3, 6)]
    [6.5, 6.5, 10.6]
    """
    return round(max(STATION_BOX, (side_by_side - 1) * LINE_GAP + LINE_WIDTH + 2.0), 3)


def box_sides(city: CityMap) -> dict[str, float]:
    """The side of each station's box: lines drawn side by side only where they share
    a segment, so a box is as wide as the largest bundle of lines on one of its segments
    (lines that meet there from different directions need no more room).

    >>> import vvlab
    >>> set(box_sides(vvlab.load_map("tutorial")).values())
    {6.5}
    """
    bundle = dict.fromkeys(city.stations, 1)
    for segment, lines in segment_lines(city).items():
        for sid in segment:
            bundle[sid] = max(bundle[sid], len(lines))
    return {sid: box_side(count) for sid, count in bundle.items()}


def fit_area(city: CityMap, area: Box, pad: float) -> Fit:
    """The largest scale that puts every station and bend ``pad`` mm inside ``area``."""
    xs, ys = zip(*plan_points(city), strict=True)
    span_x, span_y = max(xs) - min(xs), max(ys) - min(ys)
    room_x, room_y = area[2] - area[0] - 2 * pad, area[3] - area[1] - 2 * pad
    scale = min(room_x / max(span_x, 1e-9), room_y / max(span_y, 1e-9))
    centre = ((max(xs) + min(xs)) / 2, (max(ys) + min(ys)) / 2)
    return Fit(scale, centre, ((area[0] + area[2]) / 2, (area[1] + area[3]) / 2))


def _station_boxes(city: CityMap, fit: Fit) -> dict[str, Box]:
    boxes = {}
    sides = box_sides(city)
    for sid, s in city.stations.items():
        x, y = fit.to_mm(s.x, s.y)
        half = sides[sid] / 2
        boxes[sid] = (x - half, y - half, x + half, y + half)
    return boxes


def _paths(city: CityMap, fit: Fit) -> dict[str, list[tuple[float, float]]]:
    """Each line's polyline in mm, lines sharing a segment side by side."""
    offsets = segment_offsets(city, LINE_GAP / fit.scale)
    return {
        line.id: [fit.to_mm(x, y) for x, y in line_path(city, line.id, offsets)]
        for line in city.lines
    }


def _segments(paths: dict[str, list[tuple[float, float]]]) -> list[NamedSegment]:
    return [(line, p, q) for line, path in paths.items() for p, q in pairwise(path)]


def crowded_pairs(boxes: dict[str, Box]) -> list[tuple[str, str, float]]:
    """Pairs of stations whose boxes come closer than :data:`BOX_GAP`, with the
    distance of their centres in mm, closest first."""
    ids, grown = list(boxes), inflate(np.array(list(boxes.values())).reshape(-1, 4), BOX_GAP / 2)
    out = []
    for i, j in zip(*np.nonzero(np.triu(overlap_matrix(grown, grown), 1)), strict=True):
        p, q = boxes[ids[i]], boxes[ids[j]]
        dx = (p[0] + p[2] - q[0] - q[2]) / 2
        dy = (p[1] + p[3] - q[1] - q[3]) / 2
        out.append((ids[i], ids[j], round(math.hypot(dx, dy), 1)))
    return sorted(out, key=lambda pair: pair[2])


def covered_lines(city: CityMap, boxes: dict[str, Box], lines: LineSet) -> list[tuple[str, str]]:
    """(station, line) where the station's box covers a line that does not stop there."""
    out = []
    for sid, box in boxes.items():
        for line in sorted(lines.crossed(box) - set(city.lines_through(sid))):
            out.append((sid, line))
    return out


def _check(
    city: CityMap, boxes: dict[str, Box], lines: LineSet, fit: Fit, where: str, advice: str
) -> None:
    pairs, covers = crowded_pairs(boxes), covered_lines(city, boxes, lines)
    if not pairs and not covers:
        return
    problems = [f"{a} / {b} ({d} mm apart)" for a, b, d in pairs[:SHOWN_PAIRS]]
    problems += [f"the box of {s} covers line {line}" for s, line in covers[:SHOWN_PAIRS]]
    more = len(pairs) + len(covers) - len(problems)
    listed = "; ".join(problems) + (f"; and {more} more" if more > 0 else "")
    message = (
        f"{city.name} does not fit {where} with {STATION_BOX} mm station boxes at the scale "
        f"of its own coordinates ({fit.scale:.2f} mm per map unit): {len(pairs)} pairs of "
        f"stations too close, {len(covers)} boxes on lines that do not stop there: {listed}. "
        f"{advice}"
    )
    raise SheetLayoutError(message, pairs, covers)


TAG_REACH = (0.8, 2.5, 5.0, 8.0, 12.0, 17.0, 23.0)
"""Free mm between a station's box and its line's tag, tried in turn (on a compact
schematic layout the nearest spots are often taken; a leader joins a tag that stands
off)."""


def _around(box: Box, w: float, h: float, outward: tuple[float, float]) -> list[Box]:
    """Boxes of ``w`` × ``h`` mm around ``box``, nearest first, then in the
    directions closest to ``outward`` first."""
    centre, half = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), (box[2] - box[0]) / 2
    spots = spots_around(centre, (w / 2, h / 2), outward, [half + e for e in TAG_REACH], 16, True)
    x, y = spots.centres[np.argsort(spots.ring * 3 + spots.turn, kind="stable")].T
    return [
        tuple(box) for box in np.stack([x - w / 2, y - h / 2, x + w / 2, y + h / 2], 1).tolist()
    ]


def _tag(line_id: str, color: str, box: Box, filled: bool) -> list[Shape]:
    """A line's id in a rounded box: filled in the line's colour where the wagon starts,
    outlined in it at the terminus and along the way."""
    x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
    fill = color if filled else "#FFFFFF"
    ink = text_color(color) if filled else INK
    frame = Rect(*box[:2], box[2] - box[0], box[3] - box[1], color, fill, 0.5, radius=1.0)
    return [frame, Text(x, y + TAG_SIZE * 0.36, line_id, TAG_SIZE, "middle", True, ink)]


def _tag_size(line_id: str) -> tuple[float, float]:
    return PAPER.width(line_id, TAG_SIZE, bold=True) + 2.2, TAG_SIZE + 1.6


def _end_tags(city: CityMap, boxes, paths, scene: LabelScene) -> tuple[list[Shape], list[str]]:
    """Tags at both ends of every line, with a leader when one had to stand off."""
    shapes: list[Shape] = []
    unplaced = []
    for line in city.lines:
        w, h = _tag_size(line.id)
        path = paths[line.id]
        for end, (inner, outer), filled in (
            (line.stations[0], (path[1], path[0]), True),
            (line.stations[-1], (path[-2], path[-1]), False),
        ):
            spots = _around(boxes[end], w, h, direction(inner, outer))
            k = scene.choose(spots, {line.id})  # off the lines, else on its own only
            if k is None:
                unplaced.append(line.id)
                continue
            box = spots[k]
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            station = ((boxes[end][0] + boxes[end][2]) / 2, (boxes[end][1] + boxes[end][3]) / 2)
            shapes.insert(0, Polyline((station, centre), line.color, 0.4))
            shapes += _tag(line.id, line.color, box, filled)
    return shapes, unplaced


def _stretch_tags(city: CityMap, paths, scene: LabelScene) -> list[Shape]:
    """A tag in the middle of every long segment, where it covers nothing else."""
    shapes: list[Shape] = []
    for line in city.lines:
        w, h = _tag_size(line.id)
        for p, q in pairwise(paths[line.id]):
            if math.dist(p, q) < LONG_STRETCH:
                continue
            x, y = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            box = (x - w / 2, y - h / 2, x + w / 2, y + h / 2)
            if scene.choose([box], {line.id}) is not None:
                shapes += _tag(line.id, line.color, box, filled=False)
    return shapes


def _line_shapes(city: CityMap, paths) -> list[Shape]:
    casing = [Polyline(tuple(paths[li.id]), "#FFFFFF", LINE_WIDTH + 0.5) for li in city.lines]
    lines = [Polyline(tuple(paths[li.id]), li.color, LINE_WIDTH) for li in city.lines]
    return casing + lines


def _box_shapes(city: CityMap, boxes: dict[str, Box]) -> list[Shape]:
    shapes: list[Shape] = []
    for sid, (x0, y0, x1, y1) in boxes.items():
        shared = len(city.lines_through(sid)) > 1
        frame = 0.7 if shared else 0.35
        shapes.append(Rect(x0, y0, x1 - x0, y1 - y0, INK, "#FFFFFF", frame, 0.6, {"station": sid}))
    return shapes


def layout_plan(
    city: CityMap, area: Box, where: str = "this page", advice: str = ADVICE
) -> PlanLayout:
    """Lay ``city`` out in ``area`` (mm) at the largest scale that fits; ``where`` names
    the paper in error messages, ``advice`` says what to do about crowding. Raises
    :class:`SheetLayoutError` when station boxes would overlap or cover lines, or a
    line's ends find no room for their tags."""
    pad = max(box_sides(city).values()) / 2 + 7.0
    fit = fit_area(city, area, pad)
    boxes = _station_boxes(city, fit)
    paths = _paths(city, fit)
    lines = LineSet(_segments(paths))
    _check(city, boxes, lines, fit, where, advice)
    scene = LabelScene(bounds=area, gap=PLACE_GAP, lines=lines)
    for box in boxes.values():
        scene.take(box)
    tags, unplaced = _end_tags(city, boxes, paths, scene)
    if unplaced:
        message = (
            f"{city.name}: no room {where} for the ids of lines {', '.join(unplaced)} at their "
            f"ends; print it with {LAY_OUT} or move their end stations in the map editor"
        )
        raise SheetLayoutError(message, unplaced=unplaced)
    stretch = _stretch_tags(city, paths, scene)
    names, left_out = plan_names(city, boxes, _segments(paths), scene.taken, area)
    leaders = [s for s in (*tags, *names) if isinstance(s, Polyline)]
    rest = [s for s in tags if not isinstance(s, Polyline)]
    names = [s for s in names if not isinstance(s, Polyline)]
    shapes = (*_line_shapes(city, paths), *leaders, *_box_shapes(city, boxes), *stretch, *rest)
    return PlanLayout((*shapes, *names), boxes, fit.scale, tuple(left_out))
