"""bonus_vs_completion: the line labels of notebook 04's scatter never stack."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pandas as pd
import pytest

from vvlab.plan.geometry import boxes_overlap
from vvlab.plan.text import SCREEN
from vvlab.viz import bonus_vs_completion
from vvlab.viz.balance import LABEL_SIZE, MARKER_SIZE, to_pixels
from vvlab.viz.layout import legend_fits


@pytest.fixture(scope="module")
def crowded() -> pd.DataFrame:
    """Four cities' lines on a coarse grid of rates and bonuses, as 04's sample runs
    give them: many lines share a point, more sit next to one another."""
    rng = random.Random(4)
    rows = [
        {
            "city": city,
            "line": f"{prefix}{n}",
            "line_rate": rng.choice([0.9, 0.93, 0.95, 0.98, 1.0]),
            "bonus_first": rng.choice([5, 6, 7, 8]),
            "verdict": rng.choice(["in line", "over-rewarded", "under-rewarded"]),
        }
        for city, prefix in (("amsterdam", ""), ("berlin", "U"), ("madrid", "L"), ("paris", ""))
        for n in range(1, 11)
    ]
    return pd.DataFrame(rows)


def label_boxes(fig) -> list[tuple[float, float, float, float]]:
    """Each label's box in pixels, estimated from its text and its text position, set
    off from its point as plotly does: by a marker's radius / 0.8 + 1, or not at all
    in a trace without markers."""
    (labels,) = [t for t in fig.data if t.meta["role"] == "labels"]
    gap = labels.marker.size / 2 / 0.8 + 1 if "markers" in labels.mode else 0
    boxes = []
    for x, y, text, position in zip(
        labels.x, labels.y, labels.text, labels.textposition, strict=True
    ):
        px, py = to_pixels(fig, x, y)
        w, h = SCREEN.width(text, LABEL_SIZE), LABEL_SIZE * 1.3
        vertical, horizontal = position.split()
        cx = {"left": px - gap - w / 2, "right": px + gap + w / 2}.get(horizontal, px)
        cy = {"top": py + gap + h / 2, "bottom": py - gap - h / 2}.get(vertical, py)
        boxes.append((cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2))
    return boxes


def test_lines_at_one_point_share_one_label():
    """The issue's case: 11, U9 and L1 at one point stacked into '11U9L1'."""
    lines = pd.DataFrame(
        {
            "city": ["amsterdam", "berlin", "madrid", "berlin"],
            "line": ["11", "U9", "L1", "U2"],
            "line_rate": [1.0, 1.0, 1.0, 0.5],
            "bonus_first": [6, 6, 6, 9],
        }
    )
    (labels,) = [t for t in bonus_vs_completion(lines).data if t.meta["role"] == "labels"]
    assert sorted(zip(labels.x, labels.y, labels.text, strict=True)) == [
        (0.5, 9.0, "U2"),
        (1.0, 6.0, "11, U9, L1"),
    ]


def test_labels_apart_from_each_other_and_the_markers(crowded):
    fig = bonus_vs_completion(crowded)
    boxes = label_boxes(fig)
    points = set(zip(crowded.line_rate, crowded.bonus_first, strict=True))
    assert len(boxes) >= len(points) / 2
    for a, b in itertools.combinations(boxes, 2):
        assert not boxes_overlap(a, b), (a, b)
    half = MARKER_SIZE / 2
    for rate, bonus in zip(crowded.line_rate, crowded.bonus_first, strict=True):
        x, y = to_pixels(fig, rate, bonus)
        marker = (x - half, y - half, x + half, y + half)
        assert not any(boxes_overlap(marker, box) for box in boxes)


def test_every_line_labelled_once_or_on_hover(crowded):
    fig = bonus_vs_completion(crowded)
    (labels,) = [t for t in fig.data if t.meta["role"] == "labels"]
    named = [name for text in labels.text for name in text.split(", ")]
    assert not Counter(named) - Counter(crowded["line"])  # no line named twice
    hovered = [row[0] for t in fig.data if t.meta["role"] == "lines" for row in t.customdata]
    assert sorted(hovered) == sorted(crowded["line"])
    assert legend_fits(fig)
    assert {t.name for t in fig.data if t.meta["role"] == "verdict"} == set(crowded.verdict)
