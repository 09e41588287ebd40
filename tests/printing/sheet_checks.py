"""Checks of a printed sheet that read only its output: the SVG's marked boxes and
the page's shapes, independent of how the layout placed them."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from itertools import combinations

import numpy as np

from vvlab.plan.geometry import segments_meeting
from vvlab.printing import MIN_BOX
from vvlab.printing.fonts import text_width
from vvlab.printing.page import Page, Polyline, Rect, Text
from vvlab.printing.plan import LINE_WIDTH

SVG = "{http://www.w3.org/2000/svg}"
TOLERANCE = 1e-6


def overlap(a, b) -> bool:
    return (
        a[0] < b[2] - TOLERANCE
        and b[0] < a[2] - TOLERANCE
        and (a[1] < b[3] - TOLERANCE and b[1] < a[3] - TOLERANCE)
    )


def svg_boxes(svg_text: str):
    """The SVG's size and its marked rectangles: station boxes by station id,
    indicator boxes by (line, k)."""
    root = ET.fromstring(svg_text)
    stations, indicators = {}, {}
    for rect in root.iter(f"{SVG}rect"):
        x, y = float(rect.get("x")), float(rect.get("y"))
        box = (x, y, x + float(rect.get("width")), y + float(rect.get("height")))
        if rect.get("data-station") is not None:
            assert rect.get("data-station") not in stations, "a station box twice"
            stations[rect.get("data-station")] = box
        if rect.get("data-line") is not None:
            key = (rect.get("data-line"), int(rect.get("data-box")))
            assert key not in indicators, "an indicator box twice"
            indicators[key] = box
    return root, stations, indicators


def check_svg(svg_text: str, city) -> None:
    """Millimetre units; one station box per station and one indicator box per box,
    each at least MIN_BOX; no two station boxes overlap."""
    root, stations, indicators = svg_boxes(svg_text)
    width, height = root.get("width"), root.get("height")
    assert width.endswith("mm") and height.endswith("mm")
    assert root.get("viewBox") == f"0 0 {width[:-2]} {height[:-2]}"
    assert set(stations) == set(city.stations)
    expected = {(line.id, k) for line in city.lines for k in range(1, line.indicators + 1)}
    assert set(indicators) == expected
    for box in [*stations.values(), *indicators.values()]:
        assert box[2] - box[0] >= MIN_BOX and box[3] - box[1] >= MIN_BOX
    for (a, p), (b, q) in combinations(stations.items(), 2):
        assert not overlap(p, q), f"station boxes {a} and {b} overlap"


def _text_box(text: Text):
    w = text_width(text.text, text.size, text.bold)
    x0 = {"start": text.x, "middle": text.x - w / 2, "end": text.x - w}[text.anchor]
    return (x0, text.y - 0.75 * text.size, x0 + w, text.y + 0.2 * text.size)


def plan_items(page: Page, plan_right: float, plan_top: float):
    """The rectangles and the free-standing texts (names) of the plan area."""
    inside = lambda box: box[0] < plan_right and box[1] > plan_top  # noqa: E731
    rects = [s for s in page.shapes if isinstance(s, Rect) and inside(s.box)]
    tags = [r.box for r in rects if "station" not in r.data]  # a line's id in its frame
    texts = []
    for s in page.shapes:
        if isinstance(s, Text) and inside(_text_box(s)):
            box = _text_box(s)
            centre = ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2)
            if not any(r[0] <= centre[0] <= r[2] and r[1] <= centre[1] <= r[3] for r in tags):
                texts.append(box)
    return [r.box for r in rects], texts


def check_no_overlaps(page: Page, plan_right: float, plan_top: float) -> None:
    """No two boxes, tags or names of the plan overlap."""
    rects, texts = plan_items(page, plan_right, plan_top)
    for a, b in combinations(rects + texts, 2):
        assert not overlap(a, b), f"{a} and {b} overlap"


def check_boxes_on_own_lines(page: Page, city) -> None:
    """No station box covers a line that does not stop at its station (lines found by
    their colour and width in the drawing)."""
    by_color = {}
    for line in city.lines:
        by_color.setdefault(line.color.upper(), set()).add(line.id)
    stations = {s.data["station"]: s.box for s in page.rects("station")}
    for shape in page.shapes:
        if not (isinstance(shape, Polyline) and shape.width == LINE_WIDTH):
            continue
        ids = by_color[shape.stroke.upper()]
        points = np.array(shape.points, dtype=float)
        for sid, box in stations.items():
            if ids & set(city.lines_through(sid)):
                continue
            assert not segments_meeting(
                np.stack([points[:-1], points[1:]], axis=1), np.array([box])
            ).any(), f"the box of {sid} covers line {sorted(ids)}"
