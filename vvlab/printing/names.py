"""Station names on a printed plan, in millimetres: the screen's name placer with
paper's sizes and distances (:data:`NAMES`), names written as they are (markup in a
name is text) and a long name broken onto lines first, so that it finds room.

>>> import vvlab
>>> from vvlab.printing.plan import layout_plan
>>> plan = layout_plan(vvlab.load_map("tutorial"), (0.0, 0.0, 190.0, 180.0))
>>> plan.names_left_out
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from vvlab.model.markup import LINE_BREAK, lines_of, literal
from vvlab.plan.geometry import Box
from vvlab.plan.names import Name, NameStyle, place_names
from vvlab.plan.scene import LineSet, NamedSegment
from vvlab.printing.fit import fit
from vvlab.printing.fonts import PAPER
from vvlab.printing.page import Polyline, Shape, Text

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap

__all__ = ["NAMES", "PLACE_GAP", "name_markup", "plan_names"]

PLACE_GAP = 0.6
"""Free mm kept around every station box, tag and name placed."""
NAMES = NameStyle(
    size=2.2,
    small=1.6,
    leading=1.1,
    gap=PLACE_GAP + 0.05,  # a hair over the space kept: rounding never rules out the nearest
    rings=(0, 1.5, 3.0, 5.0),
    reach=(9, 12, 16, 21, 27, 35),
    margin=0,
    space=PLACE_GAP,
    crowd=15,
    measure=PAPER,
    attempts=tuple((kind, small, cross) for cross in (False, True) for small in (False, True)
                   for kind in ("near", "far")),
    clear_leaders=True,
)  # fmt: skip
"""Station names on paper, in mm: beside their box, else set apart with a leader, else
smaller; over a line only where nothing else is left."""
LONG_NAME = 32.0
"""The widest a station's name is written on one line (mm); a longer one is broken."""
LONG_NAME_LINES = 3
"""The most lines a long name is broken into."""


def plan_names(
    city: CityMap,
    boxes: dict[str, Box],
    segments: list[NamedSegment],
    taken: Sequence[Box],
    area: Box,
) -> tuple[list[Shape], list[str]]:
    """Station names beside their ``boxes`` or set apart with a leader (the placer of
    the screen's names, :func:`~vvlab.plan.names.place_names`, on the page turned y
    up), off the lines' ``segments``, clear of the boxes and tags ``taken``, inside
    ``area`` (all mm, y down); transfer stations first. Returns the names' shapes and
    the stations left without one."""
    up = lambda box: (box[0], -box[3], box[2], -box[1])  # noqa: E731  (y down <-> y up)
    order = sorted(city.stations, key=lambda sid: -len(city.lines_through(sid)))
    centres = {s: ((b[0] + b[2]) / 2, -(b[1] + b[3]) / 2) for s, b in boxes.items()}
    flipped = LineSet([(li, (p[0], -p[1]), (q[0], -q[1])) for li, p, q in segments])
    placed = place_names(
        {s: name_markup(city.stations[s].name) for s in order}, centres,
        {s: (b[2] - b[0]) / 2 for s, b in boxes.items()}, key=set(order), lines=flipped,
        obstacles=[up(box) for box in taken], bounds=up(area), style=NAMES,
    )  # fmt: skip
    shapes: list[Shape] = []
    for sid, name in placed.items():
        shapes += _name_shapes(name._replace(box=up(name.box)), centres[sid][0])
    return shapes, [s for s in order if s not in placed]


def name_markup(name: str) -> str:
    """A station's name as the placer takes it: as written (:func:`literal`: its
    ``<`` and ``&`` are text), and a name wider than :data:`LONG_NAME` broken into
    lines of at most that width (:func:`~vvlab.printing.fit.fit`: the last of
    :data:`LONG_NAME_LINES` cut short with an ellipsis), so that it finds room.

    >>> name_markup("Gare <Nord>")
    'Gare &lt;Nord&gt;'
    >>> name_markup("Flughafen Berlin Brandenburg Willy Brandt Terminal 1 und 2")
    'Flughafen Berlin<br>Brandenburg Willy Brandt<br>Terminal 1 und 2'
    """
    if PAPER.width(literal(name), NAMES.size) <= LONG_NAME:
        return literal(name)
    lines = fit(name, LONG_NAME, (NAMES.size,), LONG_NAME_LINES).lines
    return LINE_BREAK.join(literal(line) for line in lines)


def _name_shapes(name: Name, x: float) -> list[Shape]:
    """A name's lines of text in its box (mm, y down), aligned towards its station at
    ``x``, and its leader (y up, as placed) if it has one."""
    x0, top, x1, _ = name.box
    anchor = "start" if x0 >= x else "end" if x1 <= x else "middle"
    at = {"start": x0, "end": x1, "middle": (x0 + x1) / 2}[anchor]
    step = name.size * NAMES.leading
    shapes: list[Shape] = [
        Text(at, top + (k + 1) * step - name.size * 0.28, line, name.size, anchor, fill="#333333")
        for k, line in enumerate(lines_of(name.text))
    ]
    if name.leader is not None:
        (a, b), (c, d) = name.leader
        shapes.insert(0, Polyline(((a, -b), (c, -d)), "#333333", 0.25))
    return shapes
