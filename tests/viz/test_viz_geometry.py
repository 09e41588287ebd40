"""The pure geometry: frames, lines side by side, wagon placement."""

from __future__ import annotations

import math
from itertools import pairwise

import numpy as np
import pytest

import vvlab
from vvlab.plan.geometry import (
    LINE_GAP,
    boxes_overlap,
    inflate,
    line_path,
    plot_frame,
    segment_lines,
    segment_offsets,
    station_size,
)
from vvlab.plan.wagons import map_geometry, wagon_shape

G = 0.5  # the gap used with the corridor map


def test_frame_round_trip_and_equal_scale():
    frame = plot_frame([(-10, -5), (30, 15)], width=600, height=400, pad=20)
    assert frame.to_map(frame.to_px((3.25, -1.5))) == pytest.approx((3.25, -1.5))
    (x0, x1), (y0, y1) = frame.x_range, frame.y_range
    assert (x1 - x0) / frame.width == pytest.approx((y1 - y0) / frame.height)  # same scale
    # the points fit with the padding, centred
    assert x0 <= -10 - 20 * frame.unit + 1e-9 and x1 >= 30 + 20 * frame.unit - 1e-9
    assert (x0 + x1) / 2 == pytest.approx(10) and (y0 + y1) / 2 == pytest.approx(5)


def test_station_size_grows_with_lines_through():
    sizes = [station_size(n) for n in range(1, 7)]
    assert sizes == sorted(sizes) and len(set(sizes)) == len(sizes)


def test_segment_lines_in_map_order(corridor):
    lines = segment_lines(corridor)
    assert lines[frozenset("ab")] == ("P", "R")
    assert lines[frozenset("bc")] == ("P", "Q", "R")
    assert lines[frozenset("cd")] == ("P",)


def test_offsets_by_hand(corridor):
    off = segment_offsets(corridor, gap=G)
    # a-b: P (east) and R (west) share it; the side is measured from P's direction
    assert off["P", "a", "b"] == (0.0, -0.25) and off["R", "b", "a"] == (0.0, 0.25)
    # b-c: three lines, the middle one stays on the segment
    assert off["P", "b", "c"] == (0.0, -0.5)
    assert off["Q", "b", "c"] == (0.0, 0.0)
    assert off["R", "c", "b"] == (0.0, 0.5)
    assert off["P", "c", "d"] == (0.0, 0.0) and off["S", "d", "f"] == (0.0, 0.0)


def test_paths_by_hand(corridor):
    off = segment_offsets(corridor, gap=G)
    assert line_path(corridor, "P", off) == [
        (0, -0.25),
        (4, -0.25),
        (4, -0.5),
        (8, -0.5),
        (8, 0),
        (12, 3),
    ]
    assert line_path(corridor, "Q", off) == [(4, 4), (4, 0), (8, 0)]
    assert line_path(corridor, "R", off) == [(8, 0.5), (4, 0.5), (4, 0.25), (0, 0.25)]
    assert line_path(corridor, "S", off) == [(12, 3), (16, 3)]


def test_offsets_only_on_shared_segments(builtin):
    """On every built-in map: a segment used by one line is not shifted; the lines on
    a shared segment are shifted across it, a gap apart, centred on it."""
    off = segment_offsets(builtin, gap=1.0)
    pos = {s: np.array([st.x, st.y], float) for s, st in builtin.stations.items()}
    for seg, ids in segment_lines(builtin).items():
        shifts = []
        for line_id in ids:
            route = builtin.line(line_id).stations
            a, b = next((a, b) for a, b in pairwise(route) if {a, b} == set(seg))
            v = np.array(off[line_id, a, b])
            along = pos[b] - pos[a]
            assert abs(v @ along) < 1e-9 * (1 + np.linalg.norm(along))  # perpendicular
            shifts.append(float(np.linalg.norm(v)))
        if len(ids) == 1:
            assert shifts == [0.0]
        else:
            expected = sorted(abs(i - (len(ids) - 1) / 2) for i in range(len(ids)))
            assert sorted(shifts) == pytest.approx(expected)
            vectors = {tuple(np.round(off[k], 9)) for k in off if k[0] in ids and set(k[1:]) == seg}
            assert len(vectors) == len(ids)  # every line on its own track


def test_unshared_lines_run_through_their_stations(builtin):
    geo = map_geometry(builtin)
    shared = {seg for seg, ids in segment_lines(builtin).items() if len(ids) > 1}
    for line in builtin.lines:
        if any(frozenset(p) in shared for p in pairwise(line.stations)):
            continue
        expected = [
            (float(builtin.stations[s].x), float(builtin.stations[s].y)) for s in line.stations
        ]
        assert geo.paths[line.id] == expected


def test_map_geometry_uses_the_pixel_gap(corridor):
    geo = map_geometry(corridor)
    gap = LINE_GAP * geo.frame.unit
    assert geo.paths["P"][0] == pytest.approx((0, -gap / 2))


def test_wagon_shape_has_one_box_per_indicator():
    for n in range(1, 7):
        box, boxes, text = wagon_shape(n)
        assert len(boxes) == n
        assert all(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in [*boxes, text])


def test_wagons_cover_no_station_and_no_other_wagon(builtin):
    """Every built-in map at the default size: each wagon (body, boxes and bonus text) keeps
    clear of every station marker and of every other wagon, and stays in the plot."""
    geo = map_geometry(builtin)
    frame = geo.frame
    for wagon in geo.wagons.values():
        for sid, s in builtin.stations.items():
            radius = station_size(len(builtin.lines_through(sid))) / 2 * frame.unit
            x0, y0, x1, y1 = inflate(wagon.bbox, radius)
            covered = x0 <= s.x <= x1 and y0 <= s.y <= y1
            assert not covered, f"{builtin.id}: wagon {wagon.line} covers station {sid}"
            assert (wagon.body[0], wagon.body[1]) != (s.x, s.y)
        for other in geo.wagons.values():
            if other.line != wagon.line:
                assert not boxes_overlap(wagon.bbox, other.bbox)
        (x0, x1), (y0, y1) = frame.x_range, frame.y_range
        assert x0 <= wagon.bbox[0] and wagon.bbox[2] <= x1
        assert y0 <= wagon.bbox[1] and wagon.bbox[3] <= y1


def test_wagons_sit_next_to_their_first_station(builtin):
    geo = map_geometry(builtin)
    span = max(geo.frame.width, geo.frame.height) * geo.frame.unit
    for line in builtin.lines:
        wagon = geo.wagons[line.id]
        first = builtin.stations[line.stations[0]]
        assert wagon.station == line.stations[0] and len(wagon.boxes) == line.indicators
        assert math.dist(wagon.body, (first.x, first.y)) < 0.2 * span


@pytest.mark.parametrize("name", ["tutorial", "paris", "madrid"])
def test_wagon_spot_costs_scored_at_once_equal_one_by_one(name):
    """The wagons' scene (``LabelScene.covers``) scores many boxes in one step; each
    must cost what the rule says for it alone: 100 a station, 8 a segment, 1000 a
    wagon, 500 outside."""
    from vvlab.plan.geometry import segments_meeting
    from vvlab.plan.wagons import COSTS, wagon_scene

    city = vvlab.load_map(name)
    frame = plot_frame([(s.x, s.y) for s in city.stations.values()])
    px = {sid: frame.to_px((s.x, s.y)) for sid, s in city.stations.items()}
    scene = wagon_scene(city, px, frame)
    wagon = (300.0, 200.0, 360.0, 240.0)
    scene.take(inflate(wagon, 1))
    rng = np.random.default_rng(7)
    x0, y0 = rng.uniform(-50, frame.width, 60), rng.uniform(-50, frame.height, 60)
    boxes = [(a, b, a + 60, b + 40) for a, b in zip(x0, y0, strict=True)]
    radii = [station_size(len(city.lines_through(s))) / 2 for s in px]

    def one(box):
        stations = sum(
            abs(p[0] - box[0] - 30) < 30 + r + 2 and abs(p[1] - box[1] - 20) < 20 + r + 2
            for p, r in zip(px.values(), radii, strict=True)
        )
        segments = int(segments_meeting(scene.lines.ends, np.array([inflate(box, 2)])).sum())
        wagons = boxes_overlap(inflate(box, 3), wagon)
        outside = not (box[0] >= 0 and box[1] >= 0 and box[2] <= frame.width)
        outside = outside or box[3] > frame.height
        return 100 * stations + 8 * segments + 1000 * wagons + 500 * outside

    assert (scene.covers(np.array(boxes)) @ COSTS).tolist() == [one(b) for b in boxes]
