"""Where a station's name may go, as candidate boxes, best first: beside its marker
(:func:`name_options`) or apart with a leader (:func:`leader_options`).
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from vvlab.plan.geometry import Box, Point
from vvlab.plan.scene import Segment, as_segment
from vvlab.plan.text import SCREEN, TextMeasure


class NameStyle(NamedTuple):
    """The units and rules of a placement of names (:data:`SCREEN_NAMES` in pixels,
    printing's in mm): font ``size`` and the last resort's ``small`` one, ``leading``
    (line height in sizes), the ``gap`` from a marker, the extra distances tried
    (``rings``), how far a name set apart may go (``reach``), the ``margin`` around
    markers, the ``space`` around names, the ``crowd`` reach (the most crowded are
    named first), the text ``measure``, a key station's ``attempts`` in turn
    (``(kind, small, may_cross)``, kind ``"near"`` or ``"far"``, apart with a leader;
    another station makes the first only) and whether leaders keep off the markers
    (``clear_leaders``: on paper, where a station's box would hide one).
    """

    size: float = 10
    small: float = 8
    leading: float = 1.25
    gap: float = 3
    rings: tuple[float, ...] = (0, 6, 14)
    reach: tuple[float, ...] = (26, 40, 58, 80, 110, 150)
    margin: float = 1
    space: float = 0
    crowd: float = 60
    measure: TextMeasure = SCREEN
    attempts: tuple[tuple[str, bool, bool], ...] = (
        ("near", False, False),
        ("near", False, True),
        ("far", False, True),
        ("near", True, True),
        ("far", True, True),
    )
    clear_leaders: bool = False

    @property
    def may_cross(self) -> bool:
        """Whether a name may ever lie over a line (one of the ``attempts`` allows it).

        >>> SCREEN_NAMES.may_cross, CANVAS_NAMES.may_cross
        (True, False)
        """
        return any(cross for *_, cross in self.attempts)


SCREEN_NAMES = NameStyle()
"""Station names on screen, in pixels (y up)."""
CANVAS_NAMES = SCREEN_NAMES._replace(
    attempts=tuple((kind, small, False) for kind in ("near", "far") for small in (False, True))
)
"""Station names on the map editor's canvas: never over a line (a designer must see
every line whole); beside the station, set apart with a leader, then smaller."""


class Name(NamedTuple):
    """A station name as placed: the ``text`` (two lines joined by ``<br>`` where that
    fits better), its ``box``, the ``leader`` of a name set apart, the font ``size``."""

    text: str
    box: Box
    leader: Segment | None = None
    size: float = SCREEN_NAMES.size


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
    name: str, style: NameStyle, small: bool
) -> tuple[list[str], np.ndarray, np.ndarray, float]:
    """The ways to write ``name`` (one line, then two), their widths and heights, the size."""
    size = style.small if small else style.size
    texts = [t for t in (name, wrapped(name)) if t is not None]
    widths = np.array([style.measure.width(t, size) for t in texts])
    heights = np.array([size * style.leading * (1 + t.count("<br>")) for t in texts])
    return texts, widths, heights, size


def name_options(
    name: str, point: Point, radius: float, style: NameStyle = SCREEN_NAMES, small: bool = False
) -> Options:
    """Where the name of a station (marker ``radius`` at ``point``) may go, best first:
    for each distance in the ``style``'s rings, 20 places around the station on one
    line, then on two (:func:`wrapped`); in the ``small`` size if asked.

    >>> options = name_options("Charles de Gaulle", (0, 0), 4)
    >>> len(options.boxes), options.name(0).text, options.name(0).box
    (120, 'Charles de Gaulle', (7.0, -6.25, 92.1, 6.25))
    """
    texts, widths, heights, size = _texts(name, style, small)
    rings = radius + style.gap + np.array(style.rings, dtype=float)
    gaps = np.repeat(rings, len(texts))[:, None]
    which = np.tile(np.arange(len(texts)), len(style.rings))
    w, h = widths[which][:, None], heights[which][:, None]
    cx = point[0] + _G_X * gaps + _D_X * gaps * 0.75 + _W_X * w  # corners: 0.75 as far
    cy = point[1] + _G_Y * gaps + _D_Y * gaps * 0.75 + _H_Y * h
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=-1).reshape(-1, 4)
    return Options(texts, np.repeat(which, len(_G_X)), boxes, None, size)


_TURNS = np.round([(math.cos(k * math.pi / 8), math.sin(k * math.pi / 8)) for k in range(16)], 12)


def leader_options(
    name: str, point: Point, radius: float, style: NameStyle = SCREEN_NAMES, small: bool = False
) -> Options:
    """Places for a name set apart from its crowded station, best first: the nearest
    of the ``style``'s reach first, in 16 directions, on one line then on two; each
    box touches the end of its leader (from just outside the marker) with the side or
    corner facing the station.

    >>> options = leader_options("Gare du Nord", (0, 0), 4)
    >>> len(options.boxes), options.name(0).box, options.name(0).leader
    (192, (26.0, -6.25, 89.5, 6.25), ((7.5, 0.0), (26.0, 0.0)))
    """
    texts, widths, heights, size = _texts(name, style, small)
    n, reaches = len(texts), len(style.reach)
    reach = np.repeat(np.array(style.reach, dtype=float), 16 * n)
    turn = np.tile(np.repeat(_TURNS, n, axis=0), (reaches, 1))
    which = np.tile(np.arange(n), 16 * reaches)
    w, h = widths[which], heights[which]
    anchor = np.array(point) + turn * reach[:, None]
    start = np.array(point) + turn * (radius + style.margin) * 1.5
    x0 = anchor[:, 0] - np.where(turn[:, 0] > 0.38, 0, np.where(turn[:, 0] < -0.38, w, w / 2))
    y0 = anchor[:, 1] - np.where(turn[:, 1] > 0.38, 0, np.where(turn[:, 1] < -0.38, h, h / 2))
    boxes = np.stack([x0, y0, x0 + w, y0 + h], axis=-1)
    return Options(texts, which, boxes, np.stack([start, anchor], axis=1), size)
