"""Labels placed one after another, none covering another: :class:`LabelScene` holds
what is taken and tests many candidate boxes at once, in any unit. Lines to avoid are
a :class:`LineRaster` (the screen: one cost however many lines) or a :class:`LineSet`
(paper: exact, per named line, so that a tag may lie on its own line).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Collection, Sequence
from typing import Any, NamedTuple

import numpy as np

from vvlab.plan.geometry import (
    Box,
    Point,
    extent,
    inflate,
    overlap_matrix,
    overlaps_any,
    segment_boxes,
    segments_meeting,
)

Segment = tuple[Point, Point]
"""A straight piece of line: its two end points."""
NamedSegment = tuple[str, Point, Point]
"""A straight piece of a named line: the line's id and the two end points."""


def _near_mask(boxes: np.ndarray, around: np.ndarray) -> np.ndarray:
    """Which ``boxes`` (``(m, 4)``) meet the box ``around``."""
    return overlaps_any(boxes, around[None, :], touching=True)


def _near(boxes: np.ndarray, around: np.ndarray) -> np.ndarray:
    """The ``boxes`` that meet the box ``around`` (the others cannot matter)."""
    return boxes[_near_mask(boxes, around)]


class LineRaster:
    """Segments drawn onto cells of one unit, as a summed-area table: :meth:`hits`
    tells for many boxes at once whether they come within ``clearance`` of a line (a
    cell counts when the line may touch it, so a box found clear is clear).

    >>> raster = LineRaster(np.array([[[0.0, 5.0], [9.0, 5.0]]]), clearance=0.5)
    >>> raster.hits(np.array([[2, 5.6, 4, 6], [2, 1, 4, 2], [20, 4, 24, 6]])).tolist()
    [True, False, False]
    """

    def __init__(self, segments: np.ndarray, clearance: float):
        ends = segments.reshape(-1, 2)
        self.origin = np.floor(ends.min(axis=0)) - 1
        size = (np.ceil(ends.max(axis=0)) + 1 - self.origin + 1).astype(int)
        self.table = np.zeros((size[1] + 1, size[0] + 1), dtype=np.int32)
        inner = self.table[1:, 1:]  # the lines' cells, then their sums in place
        cells = np.floor(sample_points(segments, 0.5) - self.origin).astype(np.intp)
        inner[cells[:, 1], cells[:, 0]] = 1
        np.cumsum(inner, axis=0, out=inner)  # in place: a quarter of the time of
        np.cumsum(inner, axis=1, out=inner)  # summing into new arrays (a 900 px plan)
        self.limits = np.array([size[0], size[1], size[0], size[1]], dtype=float)
        self.shift = np.concatenate([self.origin + clearance, self.origin - clearance])

    def hits(self, boxes: np.ndarray) -> np.ndarray:
        """Which boxes (rows ``x0, y0, x1, y1``) come within the clearance of a line."""
        shifted = boxes - self.shift
        cells = np.concatenate([np.floor(shifted[:, :2]), np.ceil(shifted[:, 2:])], axis=1)
        cells = np.maximum(np.minimum(cells, self.limits), 0).astype(np.intp)
        x0, y0, x1, y1 = cells.T
        t = self.table
        return (t[y1, x1] - t[y0, x1] - t[y1, x0] + t[y0, x0]) > 0


def line_raster(segments: Sequence[Segment], clearance: float = 0.0) -> LineRaster | None:
    """``segments`` as a :class:`LineRaster` (``None`` without any)."""
    drawn = np.array(segments, dtype=float).reshape(-1, 2, 2)
    return LineRaster(drawn, clearance) if len(drawn) else None


class LineSet:
    """Segments of named lines, tested exactly (clipped): which lines a box crosses,
    and whether it crosses any but those allowed (on paper a line's tag may lie on its
    own line; the screen's names use the coarser, faster :class:`LineRaster`).

    >>> lines = LineSet([("A", (0, 5), (9, 5)), ("B", (5, 0), (5, 9))])
    >>> lines.crossed((0, 4, 2, 6)), lines.crossed((4, 4, 6, 6)) == {"A", "B"}
    ({'A'}, True)
    >>> lines.hits(np.array([[0, 4, 2, 6], [4, 4, 6, 6]]), allowed={"A"}).tolist()
    [False, True]
    """

    def __init__(self, segments: Sequence[NamedSegment]):
        self.ids = np.array([line for line, _, _ in segments], dtype=object)
        self.ends = np.array([(p, q) for _, p, q in segments], dtype=float).reshape(-1, 2, 2)
        self.p, self.q = self.ends[:, 0], self.ends[:, 1]
        self.spans = segment_boxes(self.ends)

    def crossing(self, boxes: np.ndarray) -> np.ndarray:
        """``[i, j]``: box ``i`` meets segment ``j`` (only segments near the boxes clipped)."""
        out = np.zeros((len(boxes), len(self.ids)), dtype=bool)
        if not out.size:
            return out
        near = _near_mask(self.spans, extent(boxes))
        if near.any():
            out[:, near] = segments_meeting(self.ends[near], boxes)
        return out

    def hits(self, boxes: np.ndarray, allowed: Collection[str] = frozenset()) -> np.ndarray:
        """Which boxes cross a line not in ``allowed``."""
        crossing = self.crossing(boxes)
        if allowed:
            crossing = crossing[:, ~np.isin(self.ids, list(allowed))]
        return crossing.any(axis=1)

    def crossed(self, box: Box) -> set[str]:
        """The ids of the lines that run through ``box``."""
        return set(self.ids[self.crossing(np.array([box], dtype=float))[0]])


def sample_points(segments: np.ndarray, step: float) -> np.ndarray:
    """Points along each segment (``(n, 2, 2)``) at most ``step`` apart, ends included.

    >>> sample_points(np.array([[[0.0, 0.0], [2.0, 0.0]]]), 1.0).tolist()
    [[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]
    """
    lengths = np.hypot(*(segments[:, 1] - segments[:, 0]).T)
    steps = np.maximum(1, np.ceil(lengths / step)).astype(int)
    counts = steps + 1
    which = np.repeat(np.arange(len(segments)), counts)
    first = np.cumsum(counts) - counts
    # np.linspace(0, 1, n + 1) of every segment at once, to the same floats
    t = (np.arange(len(which)) - first[which]) * (1.0 / steps)[which]
    t[first + steps] = 1.0
    return segments[which, 0] + t[:, None] * (segments[which, 1] - segments[which, 0])


class LabelScene:
    """Labels placed one after the other, each clear of the boxes and leaders taken and
    the ``obstacles`` (by ``gap``), inside ``bounds``, off the ``lines`` where possible.

    >>> scene = LabelScene(obstacles=[(0, 0, 1, 1)], lines=line_raster([((0, 5), (9, 5))]))
    >>> scene.choose([(0.5, 0, 2, 1), (2, 4, 4, 6), (2, 1, 4, 2)])
    2
    >>> scene.choose([(2, 1, 4, 2), (2, 4, 4, 6)]) is None, scene.choose([(2, 4, 4, 6)], True)
    (True, 0)

    On paper: boxes kept 0.5 apart, a tag allowed on its own line A but not on B:

    >>> paper = LabelScene(gap=0.5, lines=LineSet([("A", (0, 5), (9, 5)), ("B", (5, 0), (5, 9))]))
    >>> paper.take((0, 0, 1, 1))
    >>> paper.choose([(1.2, 0, 2, 1), (4, 4, 6, 6), (0, 4, 2, 6)], {"A"})
    2
    """

    def __init__(
        self,
        obstacles: Sequence[Box] = (),
        *,
        bounds: Box | None = None,
        gap: float = 0.0,
        lines: LineRaster | LineSet | None = None,
    ):
        self.taken: list[Box] = []
        self.leaders: list[Segment] = []
        self.obstacles = np.array(obstacles, dtype=float).reshape(-1, 4)
        self.gap, self.lines = gap, lines
        self.bounds = None if bounds is None else np.array(bounds, dtype=float)
        self._taken_array: np.ndarray | None = None
        self._leader_set: LineSet | None = None

    def test(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per candidate box: free (of boxes, obstacles, leaders, inside the bounds) and
        clear (free and off the lines)."""
        grown = inflate(candidates, self.gap) if self.gap else candidates
        around = extent(grown)
        free = ~overlaps_any(grown, _near(self._taken(), around))
        free &= ~overlaps_any(grown, _near(self.obstacles, around)) & self._inside(candidates)
        if self.leaders and free.any():
            free[free] = ~self._leader_lines().crossing(candidates[free]).any(axis=1)
        clear = free & ~self.lines.hits(candidates) if self.lines is not None else free
        return free, clear

    def covers(self, candidates: np.ndarray) -> np.ndarray:
        """Per candidate box how many obstacles, boxes taken and segments of a
        :class:`LineSet` it comes within the gap of, and 1 where it leaves the bounds:
        where something that must go somewhere (a wagon) costs least."""
        grown = inflate(candidates, self.gap)
        around = extent(grown)
        obstacles = overlap_matrix(grown, _near(self.obstacles, around)).sum(axis=1)
        taken = overlap_matrix(grown, _near(self._taken(), around)).sum(axis=1)
        lines = self.lines.crossing(grown).sum(axis=1)
        return np.stack([obstacles, taken, lines, ~self._inside(candidates)], axis=1)

    def _inside(self, candidates: np.ndarray) -> np.ndarray:
        """Which candidate boxes lie inside the bounds (all, without bounds)."""
        if self.bounds is None:
            return np.ones(len(candidates), dtype=bool)
        inside = (candidates[:, :2] >= self.bounds[:2]).all(axis=1)
        return inside & (candidates[:, 2:] <= self.bounds[2:]).all(axis=1)

    def _leader_lines(self) -> LineSet:
        """The leaders taken (kept until they change)."""
        if self._leader_set is None:
            self._leader_set = LineSet([("", p, q) for p, q in self.leaders])
        return self._leader_set

    def _taken(self) -> np.ndarray:
        """The boxes taken, as an array (kept until the next take or drop)."""
        if self._taken_array is None:
            self._taken_array = np.array(self.taken, dtype=float).reshape(-1, 4)
        return self._taken_array

    def choose(
        self,
        boxes: Sequence[Box] | np.ndarray,
        may_cross: bool | Collection[str] = False,
        leaders: Sequence[Segment] | np.ndarray | None = None,
    ) -> int | None:
        """Take the first of ``boxes`` that is clear, or with ``may_cross`` the first
        free one (crossing only the lines of a :class:`LineSet` it names, if any);
        ``None`` if none. With ``leaders`` (one segment per box) a box is taken only when
        its leader meets no box taken, and then keeps later labels off it too."""
        if not len(boxes):
            return None
        candidates = np.asarray(boxes, dtype=float).reshape(-1, 4)
        free, clear = self.test(candidates)
        lines = np.asarray(leaders if leaders is not None else (), dtype=float).reshape(-1, 2, 2)
        if leaders is not None:
            blocked = self.blocked(lines)
            free, clear = free & ~blocked, clear & ~blocked
        pick = clear if clear.any() or not may_cross else free
        if pick is free and not isinstance(may_cross, bool | np.bool_):
            pick = free & ~self.lines.hits(candidates, may_cross)
        if not pick.any():
            return None
        k = int(np.argmax(pick))
        box = tuple(float(v) for v in candidates[k])
        self.take(box, None if leaders is None else as_segment(lines[k]))
        return k

    def blocked(self, leaders: Sequence[Segment] | np.ndarray) -> np.ndarray:
        """Per leader (a segment): whether it meets a box taken."""
        lines = np.asarray(leaders, dtype=float).reshape(-1, 2, 2)
        return segments_meeting(lines, self._taken()).any(axis=0)

    def take(self, box: Box, leader: Any = None) -> None:
        """Keep later labels clear of ``box`` (and its ``leader``, if any)."""
        self.taken.append(tuple(box))
        self._taken_array = None
        if leader is not None:
            self.leaders.append(leader)
            self._leader_set = None

    def drop(self, box: Box, leader: Any = None) -> None:
        """Free the place of a label taken before (to try it elsewhere)."""
        self.taken.remove(tuple(box))
        self._taken_array = None
        if leader is not None:
            self.leaders.remove(leader)
            self._leader_set = None


class Spots(NamedTuple):
    """Candidate places around a point: the ``turn`` from the direction wanted (0 to 2),
    the distance tried (``ring``) and the ``centres`` (``(n, 2)``) of the boxes there."""

    turn: np.ndarray
    ring: np.ndarray
    centres: np.ndarray


def spots_around(
    point: Point, half: Point, outward: Point, gaps: Sequence[float], turns: int, square: bool
) -> Spots:
    """Places for a box of half sides ``half`` around ``point``, in ``turns`` directions
    counterclockwise from the east, at each of ``gaps``: with ``square`` that far along
    the axis nearer its direction (beside a box on paper), else its nearest corner.

    >>> spots = spots_around((0, 0), (2, 1), (1, 0), [3], 4, square=True)
    >>> spots.turn.round(6).tolist(), spots.ring.tolist(), spots.centres[:2].round(6).tolist()
    ([0.0, 1.0, 2.0, 1.0], [0, 0, 0, 0], [[5.0, 0.0], [0.0, 4.0]])
    >>> spots = spots_around((0, 0), (2, 1), (0, 1), [3, 5], 4, square=False)
    >>> spots.turn[1], spots.ring[1], spots.centres[1].tolist()
    (np.float64(1.0), np.int64(1), [7.0, 0.0])
    """
    along = np.repeat(_directions(turns), len(gaps), axis=0)  # each direction, every gap
    gap = np.tile(np.asarray(gaps, dtype=float), turns)
    dx, dy = np.abs(along[:, 0]), np.abs(along[:, 1])
    if square:
        reach = (gap + np.maximum(half[0] * dx, half[1] * dy)) / np.maximum(dx, dy)
    else:
        reach = half[0] * dx + half[1] * dy + gap
    turn = 1 - (along[:, 0] * outward[0] + along[:, 1] * outward[1])
    centres = np.asarray(point, dtype=float) + along * reach[:, None]
    return Spots(turn, np.tile(np.arange(len(gaps)), turns), centres)


@functools.cache
def _directions(turns: int) -> np.ndarray:
    """``turns`` unit vectors counterclockwise from the east, rows ``(cos, sin)``."""
    angles = [2 * math.pi * k / turns for k in range(turns)]
    return np.array([(math.cos(a), math.sin(a)) for a in angles])


def as_segment(ends: np.ndarray) -> Segment:
    """A segment from an array of its two end points, in plain floats.

    >>> as_segment(np.array([[0, 1], [2, 3]]))
    ((0.0, 1.0), (2.0, 3.0))
    """
    return ((float(ends[0, 0]), float(ends[0, 1])), (float(ends[1, 0]), float(ends[1, 1])))
