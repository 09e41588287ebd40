"""Checks shared by the tests of station names on the plan, the play map and the
editor's canvas: what a reader sees, measured in the pixels of the figure shown."""

from __future__ import annotations

import itertools
from typing import Any

from vvlab.plan.geometry import Frame, boxes_overlap, station_size
from vvlab.plan.wagons import MapGeometry, wagon_shape

MAPS = ("tutorial", "amsterdam", "berlin", "paris", "madrid")


def key_stations(city: Any) -> set[str]:
    """Transfer stations and termini, worked out here from the map alone."""
    transfers = {s for s in city.stations if len(city.lines_through(s)) > 1}
    return transfers | {s for line in city.lines for s in (line.stations[0], line.stations[-1])}


def trace(fig: Any, role: str) -> Any:
    (found,) = [t for t in fig.data if t.meta and t.meta.get("role") == role]
    return found


def marker_boxes(points: dict[str, tuple[float, float]], radius: dict[str, float]) -> list:
    return [
        (x - radius[s], y - radius[s], x + radius[s], y + radius[s]) for s, (x, y) in points.items()
    ]


def wagon_boxes(geo: MapGeometry, frame: Frame) -> list:
    """Each wagon as placed (map units to pixels) and at its size in pixels around
    its body (markers keep their size in pixels when the view is zoomed)."""
    boxes = []
    for wagon in geo.wagons.values():
        (x0, y0), (x1, y1) = frame.to_px(wagon.bbox[:2]), frame.to_px(wagon.bbox[2:])
        bx, by = frame.to_px(wagon.body)
        shape = wagon_shape(len(wagon.boxes))[0]
        boxes += [(x0, y0, x1, y1), (bx + shape[0], by + shape[1], bx + shape[2], by + shape[3])]
    return boxes


def city_markers(city: Any, frame: Frame) -> list:
    points = {s: frame.to_px((st.x, st.y)) for s, st in city.stations.items()}
    radius = {s: station_size(len(city.lines_through(s))) / 2 for s in city.stations}
    return marker_boxes(points, radius)


def check_names(names: Any, key: set[str], others: list[str], frame: Frame, blocked: list) -> float:
    """Every key station named, no two names overlapping, none on a marker or wagon
    (``blocked``), all inside the plot area; returns the share of ``others`` named."""
    shown = list(names.meta["ids"])
    boxes = [tuple(b) for b in names.meta["boxes"]]
    assert len(shown) == len(set(shown)) == len(boxes) == len(names.text)
    assert key <= set(shown), f"key stations without a name: {sorted(key - set(shown))}"
    for a, b in itertools.combinations(boxes, 2):
        assert not boxes_overlap(a, b), (a, b)
    for box, sid in zip(boxes, shown, strict=True):
        hit = [o for o in blocked if boxes_overlap(box, o)]
        assert not hit, f"the name of {sid} covers {hit}"
        assert box[0] >= 0 and box[1] >= 0, box
        assert box[2] <= frame.width and box[3] <= frame.height, box
    return sum(s in shown for s in others) / max(1, len(others))
