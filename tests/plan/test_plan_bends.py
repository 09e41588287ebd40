"""Lines drawn through the bends of their edges (``vvlab-map/2``), on screen and paper,
side by side where they share an edge."""

from __future__ import annotations

import math
from itertools import pairwise

import pytest
from bent_city import BENT

import vvlab
from vvlab.plan.geometry import (
    LINE_GAP,
    line_path,
    offset_polyline,
    plan_points,
    segment_offsets,
)
from vvlab.plan.wagons import map_geometry


@pytest.fixture(scope="module")
def bent():
    return vvlab.load_map(BENT)


def _distance_to_line(point, p, q) -> float:
    """Signed distance of ``point`` from the line through ``p`` and ``q`` (left > 0)."""
    dx, dy = q[0] - p[0], q[1] - p[1]
    return (dx * (point[1] - p[1]) - dy * (point[0] - p[0])) / math.hypot(dx, dy)


@pytest.mark.parametrize("shift", [0.5, -0.3])
def test_a_shifted_polyline_runs_parallel_at_the_shift(shift):
    points = [(0.0, 0.0), (2.0, 0.0), (3.0, 1.0), (3.0, 4.0), (1.0, 6.0)]
    moved = offset_polyline(points, shift)
    assert len(moved) == len(points)
    for (p, q), (mp, mq) in zip(pairwise(points), pairwise(moved), strict=True):
        assert _distance_to_line(mp, p, q) == pytest.approx(shift)
        assert _distance_to_line(mq, p, q) == pytest.approx(shift)


def test_a_line_follows_the_bends_of_its_edges(bent):
    path = line_path(bent, "P", segment_offsets(bent, gap=0.0))
    assert path == [(0, 0), (4, 0), (5, -1), (7, -1), (8, 0), (8, 4), (12, 4)]


def test_lines_sharing_a_bent_edge_run_side_by_side_along_it(bent):
    gap = 0.4
    offsets = segment_offsets(bent, gap)
    base = bent.edge_path("b", "c")
    sides = []
    for line_id in ("P", "Q"):
        path = line_path(bent, line_id, offsets)
        after_b = path.index((4.0, 0.0)) + 1
        piece = path[after_b : after_b + len(base)]
        for (p, q), (mp, mq) in zip(pairwise(base), pairwise(piece), strict=True):
            side = _distance_to_line(mp, p, q)
            assert _distance_to_line(mq, p, q) == pytest.approx(side)
            assert abs(side) == pytest.approx(gap / 2)
        sides.append(side)
    assert sides[0] == pytest.approx(-sides[1])  # one on each side, gap apart


def test_the_figure_holds_and_draws_the_bends(bent):
    geo = map_geometry(bent)
    x0, x1 = geo.frame.x_range
    y0, y1 = geo.frame.y_range
    assert all(x0 <= x <= x1 and y0 <= y <= y1 for x, y in plan_points(bent))
    from vvlab.viz import draw_map

    fig = draw_map(bent)
    (trace,) = [t for t in fig.data if t.meta == {"role": "line", "line": "P"}]
    assert len(trace.x) == 9 and min(trace.y) < -0.9  # through both bends below b-c


def test_a_wagon_leaves_its_station_away_from_the_first_bend():
    data = {**BENT, "edges": [{"between": ["d", "b"], "via": [[2, 4], [2, 2]]}]}
    city = vvlab.load_map(data)
    wagon = map_geometry(city).wagons["Q"]
    assert wagon.body[0] > 4  # the line leaves d westwards: the wagon goes east


def test_straight_maps_draw_as_before():
    city = vvlab.load_map("tutorial")
    offsets = segment_offsets(city, LINE_GAP)
    assert line_path(city, "A", offsets) == [(float(x), 0.0) for x in (-4, -2, 0, 2, 4)]
