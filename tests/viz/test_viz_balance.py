"""bonus_vs_completion: the line labels of notebook 04's scatter never stack."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pandas as pd
import pytest
from legend_check import legend_fits

from vvlab.plan.geometry import boxes_overlap
from vvlab.plan.text import SCREEN
from vvlab.viz import bonus_vs_completion
from vvlab.viz.balance import LABEL_SIZE, MARKER_SIZE, to_pixels


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
    """Each label's box in pixels, estimated from its text (one or two lines), centred
    on its point (a text trace without markers, ``middle center``)."""
    (labels,) = [t for t in fig.data if t.meta["role"] == "labels"]
    assert labels.mode == "text" and labels.textposition == "middle center"
    boxes = []
    for x, y, text in zip(labels.x, labels.y, labels.text, strict=True):
        px, py = to_pixels(fig, x, y)
        w, h = SCREEN.width(text, LABEL_SIZE), LABEL_SIZE * 1.3 * (1 + text.count("<br>"))
        boxes.append((px - w / 2, py - h / 2, px + w / 2, py + h / 2))
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
    fig = bonus_vs_completion(lines)
    (labels,) = [t for t in fig.data if t.meta["role"] == "labels"]
    assert sorted(labels.text) == ["11, U9, L1", "U2"]
    for (x, y), box in zip([(1.0, 6.0), (0.5, 9.0)], label_boxes(fig), strict=True):
        px, py = to_pixels(fig, x, y)  # beside its own point
        assert box[0] - 20 <= px <= box[2] + 20 and box[1] - 20 <= py <= box[3] + 20


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
    named = [name for text in labels.text for name in text.replace("<br>", " ").split(", ")]
    assert not Counter(named) - Counter(crowded["line"])  # no line named twice
    hovered = [row[0] for t in fig.data if t.meta["role"] == "lines" for row in t.customdata]
    assert sorted(hovered) == sorted(crowded["line"])
    assert legend_fits(fig)
    assert {t.name for t in fig.data if t.meta["role"] == "verdict"} == set(crowded.verdict)
