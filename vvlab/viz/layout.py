"""Text sizes, legends that fit, and label placement without overlaps.

Plotly lays out text in the browser, so a figure cannot ask how wide a label will be.
These helpers estimate it from the character count and the font size (a generous
average glyph width), which is enough to keep legends inside the figure and labels
apart.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

import numpy as np

from vvlab.viz.geometry import segments_hitting_box

CHAR_WIDTH = 0.62
"""Average glyph width as a share of the font size (generous for sans-serif text)."""
LEGEND_SYMBOL = 40
"""Pixels of a legend item besides its text: the symbol and the gaps."""

Box = tuple[float, float, float, float]
"""An axis-aligned rectangle ``(x0, y0, x1, y1)``."""

_TAGS = re.compile(r"<[^>]*>")


def plain_text(text: str) -> str:
    """``text`` without HTML tags, as plotly shows it (``<br>`` ends a line).

    >>> plain_text("<span style='color:red'>■</span> A<br>Line A")
    '■ A\\nLine A'
    """
    return _TAGS.sub("", re.sub(r"<br\s*/?>", "\n", text))


def text_width(text: str, size: float = 12) -> float:
    """Estimated width in pixels of ``text`` (its longest line) at ``size`` px.

    >>> text_width("amsterdam", 12)
    66.96
    >>> text_width("ab<br>abcd", 10) == text_width("abcd", 10)
    True
    """
    lines = plain_text(text).split("\n")
    return round(max(len(line) for line in lines) * size * CHAR_WIDTH, 2)


def legend_entries(fig: Any) -> list[str]:
    """The texts a figure's legend shows: its title and each trace name in the legend.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="a"), go.Bar(name="b", showlegend=False)])
    >>> legend_entries(fig)
    ['a']
    """
    names = []
    for trace in fig.data:
        if trace.showlegend is False or not trace.name:
            continue
        if trace.showlegend is None and len(fig.data) == 1:
            continue  # plotly hides the legend of a single trace
        names.append(str(trace.name))
    return list(dict.fromkeys(names))


def legend_fits(fig: Any, size: float = 12) -> bool:
    """Whether ``fig``'s legend fits inside the figure, by estimated text widths.

    A vertical legend at the right (the plotly default, ``x`` >= 1) must fit in the
    right margin; a horizontal legend must fit its longest entry within the width.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="x" * 40), go.Bar(name="y")])
    >>> fig.update_layout(width=600, margin={"r": 80}).layout.width
    600
    >>> legend_fits(fig)
    False
    >>> legend_fits(fig.update_layout(legend={"orientation": "h", "y": -0.14}))
    True
    """
    entries = legend_entries(fig)
    if not entries or fig.layout.showlegend is False:
        return True
    legend = fig.layout.legend
    font = legend.font.size if legend.font and legend.font.size else size
    need = max(text_width(e, font) for e in entries) + LEGEND_SYMBOL
    if legend.title and legend.title.text:
        need = max(need, text_width(legend.title.text, font))
    width = fig.layout.width or 700
    if legend.orientation == "h":
        return need <= width
    margin = fig.layout.margin.r if fig.layout.margin.r is not None else 80
    x = legend.x if legend.x is not None else 1.02
    margins = (fig.layout.margin.l or 80) + margin
    spare = margin - (x - 1) * (width - margins) if x >= 1 else width
    return need <= spare


def fit_legend(fig: Any, size: float = 12) -> Any:
    """Widen the right margin of ``fig`` so that its vertical legend fits; returns it.

    >>> import plotly.graph_objects as go
    >>> fig = go.Figure([go.Bar(name="x" * 40), go.Bar(name="y")]).update_layout(width=600)
    >>> legend_fits(fit_legend(fig))
    True
    """
    entries = legend_entries(fig)
    if not entries:
        return fig
    legend = fig.layout.legend
    title = legend.title.text if legend.title and legend.title.text else ""
    width = fig.layout.width or 700
    need = max(right_margin(entries, size), text_width(title, size) + 10)
    fig.update_layout(
        margin={"r": int(need + 0.03 * width)},
        legend={"x": 1.02, "xanchor": "left", "orientation": "v"},
    )
    return fig


def right_margin(entries: Sequence[str], size: float = 12, least: int = 80) -> int:
    """A right margin in pixels wide enough for a vertical legend of ``entries``.

    >>> right_margin(["lookahead:depth=2,samples=8"])
    242
    """
    widest = max((text_width(e, size) for e in entries), default=0)
    return max(least, int(widest + LEGEND_SYMBOL + 0.5) + 1)


def overlaps(a: Box, b: Box) -> bool:
    """Whether two boxes overlap (touching edges do not).

    >>> overlaps((0, 0, 2, 2), (1, 1, 3, 3)), overlaps((0, 0, 1, 1), (1, 0, 2, 1))
    (True, False)
    """
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


POSITIONS = (
    "right",
    "left",
    "top",
    "bottom",
    "top right",
    "bottom right",
    "top left",
    "bottom left",
)
"""Candidate label positions around a point, in order of preference."""


def _box(x: float, y: float, w: float, h: float, position: str, gap: float) -> Box:
    cx = {"right": x + gap + w / 2, "left": x - gap - w / 2}
    cy = {"top": y + gap + h / 2, "bottom": y - gap - h / 2}
    mx = next((cx[p] for p in cx if p in position), x)
    my = next((cy[p] for p in cy if p in position), y)
    return (mx - w / 2, my - h / 2, mx + w / 2, my + h / 2)


def _hitting(candidates: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Which candidate boxes (shape ``(k, 4)``) overlap any of ``others`` (``(m, 4)``)."""
    c, o = candidates[:, None, :], others[None, :, :]
    hit = (c[..., 0] < o[..., 2]) & (o[..., 0] < c[..., 2])
    return (hit & (c[..., 1] < o[..., 3]) & (o[..., 1] < c[..., 3])).any(axis=1)


def _crossing(candidates: np.ndarray, segments: np.ndarray, clearance: float) -> np.ndarray:
    """Which candidate boxes (grown by ``clearance``) meet any of ``segments``
    (shape ``(n, 2, 2)``)."""
    if not len(segments):
        return np.zeros(len(candidates), dtype=bool)
    grown = candidates + np.array([-clearance, -clearance, clearance, clearance])
    return segments_hitting_box(segments[:, 0], segments[:, 1], _columns(grown)).any(axis=1)


def _near_mask(boxes: np.ndarray, around: np.ndarray) -> np.ndarray:
    """Which ``boxes`` (``(m, 4)``) meet the box ``around``."""
    return (
        (boxes[:, 0] <= around[2])
        & (around[0] <= boxes[:, 2])
        & (boxes[:, 1] <= around[3])
        & (around[1] <= boxes[:, 3])
    )


def _near(boxes: np.ndarray, around: np.ndarray) -> np.ndarray:
    """The ``boxes`` that meet the box ``around`` (the others cannot matter)."""
    return boxes[_near_mask(boxes, around)]


def _meeting(leaders: np.ndarray, boxes: np.ndarray) -> np.ndarray:
    """Which ``leaders`` (segments, shape ``(k, 2, 2)``) meet any of ``boxes``."""
    if not len(boxes) or not len(leaders):
        return np.zeros(len(leaders), dtype=bool)
    return segments_hitting_box(leaders[:, 0], leaders[:, 1], _columns(boxes)).any(axis=0)


class LabelScene:
    """Labels placed one after the other, each clear of those before it.

    Holds what a label must keep clear of, as arrays: the boxes taken so far, the
    ``obstacles`` (never covered), ``bounds`` (never left), the ``segments`` (lines:
    avoided where possible, ``clearance`` away) and the leaders taken (lines from a
    label to its point, never covered by a label).

    >>> scene = LabelScene(obstacles=[(0, 0, 1, 1)], segments=[((0, 5), (9, 5))])
    >>> scene.choose([(0.5, 0, 2, 1), (2, 4, 4, 6), (2, 1, 4, 2)])
    2
    >>> scene.choose([(2, 1, 4, 2), (2, 4, 4, 6)]) is None, scene.choose([(2, 4, 4, 6)], True)
    (True, 0)
    """

    def __init__(
        self,
        obstacles: Sequence[Box] = (),
        segments: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
        *,
        clearance: float = 0.0,
        bounds: Box | None = None,
    ):
        self.taken: list[Box] = []
        self.leaders: list[tuple[tuple[float, float], tuple[float, float]]] = []
        self.obstacles = np.array(obstacles, dtype=float).reshape(-1, 4)
        self.segments = np.array(segments, dtype=float).reshape(-1, 2, 2)
        ends = self.segments
        self.spans = np.concatenate([ends.min(axis=1), ends.max(axis=1)], axis=1)
        self.clearance, self.bounds = clearance, bounds

    def test(self, candidates: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per candidate box (rows of ``(x0, y0, x1, y1)``): free (no box taken, no
        obstacle, no leader, inside the bounds) and clear (free and off the segments)."""
        around = np.concatenate([candidates[:, :2].min(axis=0), candidates[:, 2:].max(axis=0)])
        taken = np.array(self.taken, dtype=float).reshape(-1, 4)
        free = ~_hitting(candidates, _near(taken, around))
        free &= ~_hitting(candidates, _near(self.obstacles, around))
        if self.leaders:
            free &= ~_crossing(candidates, np.array(self.leaders, dtype=float), 0.0)
        if self.bounds is not None:
            b = self.bounds
            free &= (candidates[:, 0] >= b[0]) & (candidates[:, 1] >= b[1])
            free &= (candidates[:, 2] <= b[2]) & (candidates[:, 3] <= b[3])
        grown = around + np.array([-1, -1, 1, 1]) * (self.clearance + 1e-9)
        near = self.segments[_near_mask(self.spans, grown)]
        return free, free & ~_crossing(candidates, near, self.clearance)

    def choose(
        self,
        boxes: Sequence[Box],
        may_cross: bool = False,
        leaders: Sequence[tuple[tuple[float, float], tuple[float, float]]] | None = None,
    ) -> int | None:
        """Take the first of ``boxes`` that is clear, or with ``may_cross`` the first
        that is free; ``None`` when there is none. With ``leaders`` (one segment per
        box, from the label to its point) a box is taken only when its leader meets
        no box taken (it may pass under an obstacle: draw leaders below the markers);
        the leader is then kept clear of later labels."""
        if not len(boxes):
            return None
        candidates = np.array(boxes, dtype=float).reshape(-1, 4)
        free, clear = self.test(candidates)
        if leaders is not None:
            lines = np.array(leaders, dtype=float).reshape(-1, 2, 2)
            taken = np.array(self.taken, dtype=float).reshape(-1, 4)
            blocked = _meeting(lines, taken)
            free, clear = free & ~blocked, clear & ~blocked
        pick = clear if clear.any() or not may_cross else free
        if not pick.any():
            return None
        k = int(np.argmax(pick))
        self.take(boxes[k], None if leaders is None else leaders[k])
        return k

    def take(self, box: Box, leader: Any = None) -> None:
        """Keep later labels clear of ``box`` (and its ``leader``, if any)."""
        self.taken.append(tuple(box))
        if leader is not None:
            self.leaders.append(leader)

    def drop(self, box: Box, leader: Any = None) -> None:
        """Free the place of a label taken before (to try it elsewhere)."""
        self.taken.remove(tuple(box))
        if leader is not None:
            self.leaders.remove(leader)


def _columns(boxes: np.ndarray) -> tuple[np.ndarray, ...]:
    return tuple(boxes[:, i : i + 1] for i in range(4))


def choose_boxes(
    options: Sequence[Sequence[Box]],
    *,
    obstacles: Sequence[Box] = (),
    bounds: Box | None = None,
    segments: Sequence[tuple[tuple[float, float], tuple[float, float]]] = (),
    clearance: float = 0.0,
    may_cross: Sequence[bool] | None = None,
) -> list[int | None]:
    """Greedy choice of one box per label among its ``options`` so that no two chosen
    boxes overlap; returns the index of each label's choice, or ``None``.

    Labels are handled in the given order (put the important ones first). Label
    ``i`` takes the first of ``options[i]`` (best first) that overlaps no box chosen
    before it and no obstacle, lies inside ``bounds`` and meets none of ``segments``
    (each a pair of end points, kept ``clearance`` away). With ``may_cross[i]`` it
    rather takes the first option meeting a segment than none: a label that must be
    shown may lie on a line, never on another label or an obstacle.

    >>> boxes = [[(0, 0, 2, 1), (0, 1, 2, 2)], [(1, 0, 3, 1), (1, 1, 3, 2)]]
    >>> choose_boxes(boxes)
    [0, 1]
    >>> choose_boxes(boxes, segments=[((0, 0.5), (4, 0.5))])
    [1, None]
    >>> choose_boxes(boxes, segments=[((0, 0.5), (4, 0.5))], may_cross=[False, True])
    [1, 0]
    """
    scene = LabelScene(obstacles, segments, clearance=clearance, bounds=bounds)
    allowed = may_cross if may_cross is not None else [False] * len(options)
    return [scene.choose(boxes, may) for boxes, may in zip(options, allowed, strict=True)]


def place_labels(
    points: Sequence[tuple[float, float]],
    sizes: Sequence[tuple[float, float]],
    *,
    gap: float = 4.0,
    obstacles: Sequence[Box] = (),
    bounds: Box | None = None,
    positions: Sequence[str] = POSITIONS,
) -> list[tuple[str, Box] | None]:
    """Greedy placement of one label per point so that no two labels overlap.

    Each label (``sizes[i]`` = width, height, in the same units as the points, y up)
    tries ``positions`` around its point in order and takes the first whose box hits
    no label placed before it, no obstacle (e.g. the markers) and stays inside
    ``bounds``. A label with no free position gets ``None``: show it on hover only.
    Points are handled in the given order, so put the important ones first
    (:func:`choose_boxes` does the choosing; it can also keep labels off lines).

    Returns, per point, ``(position, box)`` or ``None``; ``position`` is a plotly
    ``textposition`` word pair such as ``"top right"``.

    >>> [p for p, box in place_labels([(0, 0), (1, 0), (0, 0.5)], [(4, 1)] * 3)]
    ['right', 'left', 'top']
    >>> place_labels([(0, 0), (0, 0)], [(4, 1), (4, 1)], positions=("right",))
    [('right', (4.0, -0.5, 8.0, 0.5)), None]
    """
    options = [
        [_box(x, y, w, h, position, gap) for position in positions]
        for (x, y), (w, h) in zip(points, sizes, strict=True)
    ]
    chosen = choose_boxes(options, obstacles=obstacles, bounds=bounds)
    return [
        None if k is None else (positions[k], boxes[k])
        for k, boxes in zip(chosen, options, strict=True)
    ]
