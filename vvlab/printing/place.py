"""Finding free room on the plan for tags and names: nothing placed may overlap a box
or a label placed before it, nor leave the plan's area.

>>> room = Room((0, 0, 100, 100), segments=[("A", (0, 50), (100, 50))])
>>> room.take((10, 10, 20, 20))
>>> room.is_free((15, 15, 25, 25)), room.is_free((30, 10, 40, 20))
(False, True)
>>> room.is_free((30, 45, 40, 55)), room.is_free((30, 45, 40, 55), may_cross={"A"})
(False, True)
>>> room.lines_crossed((30, 45, 40, 55))
{'A'}
>>> room.is_free((95, 10, 105, 20))
False
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

import numpy as np

from vvlab.plan.geometry import Box, boxes_overlap, inflate, segments_hitting_box

__all__ = ["Room"]

Segment = tuple[str, tuple[float, float], tuple[float, float]]
"""A piece of a line on the page: the line's id and the two ends, in mm."""


class Room:
    """The free room of an area: the boxes taken so far and the lines' segments (mm)."""

    def __init__(self, area: Box, segments: Sequence[Segment] = (), gap: float = 0.6):
        self.area = area
        self.gap = gap
        self.taken: list[Box] = []
        self._lines = np.array([line for line, _, _ in segments], dtype=object)
        ends = np.array([(p, q) for _, p, q in segments], dtype=float).reshape(-1, 2, 2)
        self._p, self._q = ends[:, 0], ends[:, 1]

    def take(self, box: Box) -> None:
        self.taken.append(box)

    def inside(self, box: Box) -> bool:
        a = self.area
        return a[0] <= box[0] and a[1] <= box[1] and box[2] <= a[2] and box[3] <= a[3]

    def lines_crossed(self, box: Box) -> set[str]:
        """The ids of the lines that run through ``box``."""
        if not len(self._lines):
            return set()
        return set(self._lines[segments_hitting_box(self._p, self._q, box)])

    def is_free(self, box: Box, may_cross: frozenset[str] | set[str] = frozenset()) -> bool:
        """Inside the area, ``gap`` mm away from every box taken, and crossing no line
        but those in ``may_cross``."""
        if not self.inside(box):
            return False
        grown = inflate(box, self.gap)
        if any(boxes_overlap(grown, other) for other in self.taken):
            return False
        return self.lines_crossed(box) <= set(may_cross)

    def first_free(self, candidates: Iterable[Box], may_cross: frozenset[str] = frozenset()):
        """The first free candidate, now taken (``None`` when none is free)."""
        for box in candidates:
            if self.is_free(box, may_cross):
                self.take(box)
                return box
        return None
