"""Where a station's name may go: beside its station's marker (:func:`name_options`,
on one line or broken onto two), or set apart with a leader line
(:func:`leader_options`), each as an array of candidate boxes, best first;
:mod:`vvlab.plan.names` places them.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from vvlab.plan.geometry import Box, Point
from vvlab.plan.scene import Segment, as_segment
from vvlab.plan.text import SCREEN, TextMeasure

NAME_SIZE = 10
"""Font size of station names, pixels."""
SMALL_SIZE = 8
"""Font size of a key station's name in a spot too crowded for :data:`NAME_SIZE`
(the last resort before leaving the name out)."""
LEADING = 1.25
"""Height of a line of text as a share of its font size."""
NAME_GAP = 3
"""Pixels between a station's marker and its name."""


class Name(NamedTuple):
    """A station name as placed: the ``text`` written (the name, on two lines joined
    by ``<br>`` when that fits better), its ``box`` in pixels and, for a name set
    apart from its station, the ``leader`` line drawn from the station to it."""

    text: str
    box: Box
    leader: Segment | None = None
    size: float = NAME_SIZE


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


class Options(NamedTuple):
    """A station's candidate places for its name, best first, as arrays: ``boxes``
    (``(k, 4)``), which of ``texts`` each writes (``which``), the ``leaders`` of names
    set apart (``(k, 2, 2)``, or ``None``), all at font ``size``."""

    texts: list[str]
    which: np.ndarray
    boxes: np.ndarray
    leaders: np.ndarray | None
    size: float

    def name(self, k: int) -> Name:
        """Option ``k`` as a :class:`Name`."""
        box = tuple(float(v) for v in self.boxes[k])
        leader = None if self.leaders is None else as_segment(self.leaders[k])
        return Name(self.texts[self.which[k]], box, leader, self.size)


# Places around a point, as centre = point + G * gap + D * corner + W * width + H * height:
# right, left, top, bottom, the four corners, then slid along each side.
_G_X = np.array([1, -1, 0, 0, 0, 0, 0, 0, 1, 1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0])
_D_X = np.array([0, 0, 0, 0, 1, 1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
_W_X = np.array([2, -2, 0, 0, 2, 2, -2, -2, 2, 2, -2, -2, 1, -1, 2, -2, 1, -1, 2, -2]) / 4
_G_Y = np.array([0, 0, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, -1, -1, -1, -1])
_D_Y = np.array([0, 0, 0, 0, 1, -1, 1, -1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0])
_H_Y = np.array([0, 0, 1, -1, 1, -1, 1, -1, 1, -1, 1, -1, 1, 1, 1, 1, -1, -1, -1, -1]) / 2


def _texts(
    name: str, size: float, measure: TextMeasure
) -> tuple[list[str], np.ndarray, np.ndarray]:
    """The ways to write ``name`` (one line, then two) with their widths and heights."""
    texts = [t for t in (name, wrapped(name)) if t is not None]
    widths = np.array([measure.width(t, size) for t in texts])
    heights = np.array([size * LEADING * (1 + t.count("<br>")) for t in texts])
    return texts, widths, heights


def name_options(
    name: str,
    point: Point,
    radius: float,
    size: float = NAME_SIZE,
    measure: TextMeasure = SCREEN,
) -> Options:
    """Where the name of a station (marker ``radius`` at ``point``) may go, best first:
    for each distance in :data:`RINGS`, 20 places around the station on one line, then
    on two (:func:`wrapped`); widths by ``measure`` (the screen's, in pixels, unless
    given).

    >>> options = name_options("Charles de Gaulle", (0, 0), 4)
    >>> len(options.boxes), options.name(0).text, options.name(0).box
    (120, 'Charles de Gaulle', (7.0, -6.25, 92.1, 6.25))
    """
    texts, widths, heights = _texts(name, size, measure)
    gaps = np.repeat(radius + NAME_GAP + np.array(RINGS, dtype=float), len(texts))[:, None]
    which = np.tile(np.arange(len(texts)), len(RINGS))
    w, h = widths[which][:, None], heights[which][:, None]
    cx = point[0] + _G_X * gaps + _D_X * gaps * 0.75 + _W_X * w  # corners: 0.75 as far
    cy = point[1] + _G_Y * gaps + _D_Y * gaps * 0.75 + _H_Y * h
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=-1).reshape(-1, 4)
    return Options(texts, np.repeat(which, len(_G_X)), boxes, None, size)


LEADER_REACH = (26, 40, 58, 80, 110, 150)
"""Pixels from a station to a name set apart (with a leader), tried in turn."""
_TURNS = np.round([(math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16)], 12)


def leader_options(
    name: str,
    point: Point,
    radius: float,
    size: float = NAME_SIZE,
    measure: TextMeasure = SCREEN,
) -> Options:
    """Places for a name set apart from its crowded station, best first: the nearest
    of :data:`LEADER_REACH` first, in 16 directions, on one line then on two; each box
    touches the end of its leader (from just outside the marker) with the side or
    corner facing the station.

    >>> options = leader_options("Gare du Nord", (0, 0), 4)
    >>> len(options.boxes), options.name(0).box, options.name(0).leader
    (192, (26.0, -6.25, 89.5, 6.25), ((7.5, 0.0), (26.0, 0.0)))
    """
    texts, widths, heights = _texts(name, size, measure)
    n = len(texts)
    reach = np.repeat(np.array(LEADER_REACH, dtype=float), 16 * n)
    turn = np.tile(np.repeat(_TURNS, n, axis=0), (len(LEADER_REACH), 1))
    which = np.tile(np.arange(n), 16 * len(LEADER_REACH))
    w, h = widths[which], heights[which]
    anchor = np.array(point) + turn * reach[:, None]
    start = np.array(point) + turn * (radius + 1) * 1.5
    x0 = anchor[:, 0] - np.where(turn[:, 0] > 0.38, 0, np.where(turn[:, 0] < -0.38, w, w / 2))
    y0 = anchor[:, 1] - np.where(turn[:, 1] > 0.38, 0, np.where(turn[:, 1] < -0.38, h, h / 2))
    boxes = np.stack([x0, y0, x0 + w, y0 + h], axis=-1)
    return Options(texts, which, boxes, np.stack([start, anchor], axis=1), size)
