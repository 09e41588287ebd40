"""The shortcuts that make placing names and wagons quick give the same places as
testing everything: the raster of the lines, the test of the other stations' room all
at once, the wagons' obstacles near their station only, the options kept from edit to
edit (the editor's ``memo``)."""

from __future__ import annotations

import numpy as np
import pytest

import vvlab
from vvlab.model.generate import generate_city
from vvlab.plan import names as labels
from vvlab.plan.geometry import inflate, overlap_matrix, segments_meeting, station_points
from vvlab.plan.names import Name, keep_relative
from vvlab.plan.scene import LineRaster, sample_points
from vvlab.plan.wagons import COSTS, map_geometry, wagon_scene
from vvlab.viz.names import placed_names

CITIES = ["paris", "madrid", "berlin"]


def _city(name):
    return vvlab.load_map(name) if name != "generated" else generate_city(10, 80, seed=3)


def test_sample_points_are_linspace_per_segment():
    rng = np.random.default_rng(1)
    for scale in (1, 10, 900):
        segments = rng.random((40, 2, 2)) * scale
        lengths = np.hypot(*(segments[:, 1] - segments[:, 0]).T)
        steps = np.maximum(1, np.ceil(lengths / 0.5)).astype(int)
        t = np.concatenate([np.linspace(0, 1, n + 1) for n in steps])
        which = np.repeat(np.arange(len(segments)), steps + 1)
        plain = segments[which, 0] + t[:, None] * (segments[which, 1] - segments[which, 0])
        assert np.array_equal(sample_points(segments, 0.5), plain)


def test_line_raster_is_the_summed_area_table_of_the_lines_cells():
    segments = np.random.default_rng(2).random((80, 2, 2)) * 600
    raster = LineRaster(segments, clearance=1.5)
    cells = np.floor(sample_points(segments, 0.5) - raster.origin).astype(np.intp)
    grid = np.zeros((raster.table.shape[0] - 1, raster.table.shape[1] - 1), dtype=np.int32)
    grid[cells[:, 1], cells[:, 0]] = 1
    assert np.array_equal(raster.table[1:, 1:], grid.cumsum(axis=0).cumsum(axis=1))
    assert not raster.table[0].any() and not raster.table[:, 0].any()


@pytest.mark.parametrize("name", [*CITIES, "generated"])
def test_testing_the_other_stations_room_at_once_places_the_same_names(name, monkeypatch):
    city = _city(name)
    geo = map_geometry(city, 920, 640)
    fresh = placed_names(city, geo, geo.frame)
    moved = vvlab.CityMap.from_dict(_moved_one_station(city.to_dict()))
    geo_moved = map_geometry(moved, 920, 640)
    before, now = station_points(city, geo.frame), station_points(moved, geo_moved.frame)
    keep = keep_relative(fresh, before, now)
    after_edit = placed_names(moved, geo_moved, geo_moved.frame, keep)
    memo: dict = {}
    with_memo = [placed_names(city, geo, geo.frame, memo=memo) for _ in range(2)]
    monkeypatch.setattr(labels._Namer, "with_room", lambda self, sids: sids)
    assert placed_names(city, geo, geo.frame) == fresh
    assert placed_names(moved, geo_moved, geo_moved.frame, keep) == after_edit
    assert with_memo == [fresh, fresh] and memo


def _moved_one_station(data):
    sid = sorted(data["stations"])[len(data["stations"]) // 2]
    data["stations"][sid]["x"] += 1
    return data


@pytest.mark.parametrize("name", [*CITIES, "generated"])
def test_wagon_costs_near_the_station_are_the_costs_over_the_whole_plan(name):
    city = _city(name)
    geo = map_geometry(city, 920, 640)
    px = {sid: geo.frame.to_px((s.x, s.y)) for sid, s in city.stations.items()}
    scene = wagon_scene(city, px, geo.frame)
    lines = scene.lines
    rng = np.random.default_rng(4)
    for sid in rng.choice(sorted(px), 10, replace=False):
        x, y = px[sid]
        cx, cy = x + rng.normal(0, 60, 150), y + rng.normal(0, 60, 150)
        boxes = np.stack([cx - 20, cy - 8, cx + 20, cy + 8], axis=1)
        grown = inflate(boxes, 2)
        stations = overlap_matrix(grown, scene.obstacles).sum(axis=1)
        segments = segments_meeting(lines.ends, grown).sum(axis=1)
        inside = (boxes[:, 0] >= 0) & (boxes[:, 1] >= 0)
        inside &= (boxes[:, 2] <= geo.frame.width) & (boxes[:, 3] <= geo.frame.height)
        whole = 100 * stations + 8 * segments + 500 * ~inside
        assert np.array_equal(scene.covers(boxes) @ COSTS, whole)
        assert whole.max() >= 100  # the test boxes do meet stations and segments


@pytest.mark.parametrize("name", [*CITIES, "generated"])
def test_an_unchanged_plan_keeps_every_name_and_leader_and_no_leader_crosses_a_name(name):
    city = _city(name)
    geo = map_geometry(city, 700, 520)  # small: crowded, so names are set apart
    fresh = placed_names(city, geo, geo.frame)
    assert placed_names(city, geo, geo.frame, keep=fresh) == fresh
    moved = vvlab.CityMap.from_dict(_moved_one_station(city.to_dict()))
    geo_moved = map_geometry(moved, 700, 520)
    keep = keep_relative(fresh, station_points(city, geo.frame),
                         station_points(moved, geo_moved.frame))  # fmt: skip
    after = placed_names(moved, geo_moved, geo_moved.frame, keep)
    led = {s: n for s, n in after.items() if n.leader is not None}
    assert led or name == "generated"
    for sid, named in led.items():
        ends = np.array([named.leader], dtype=float)
        for other, box in ((s, n.box) for s, n in after.items() if s != sid):
            assert not segments_meeting(ends, np.array([box])).any(), (sid, other)


def test_a_kept_leader_never_crosses_a_kept_name():
    points = {"a": (100.0, 100.0), "b": (300.0, 100.0)}
    lead = Name("Alpha", (150.0, 150.0, 185.0, 162.0), ((104.0, 104.0), (150.0, 150.0)))
    across = Name("Bravo", (110.0, 115.0, 150.0, 127.0))  # b's old name, on a's leader
    placed = labels.place_names(
        {"a": "Alpha", "b": "Bravo"}, points, {"a": 4, "b": 4}, key={"a", "b"},
        bounds=(0, 0, 400, 300), keep={"a": lead, "b": across},
    )  # fmt: skip
    assert placed["a"] == lead  # the first kept stays, with its leader
    ends = np.array([placed["a"].leader], dtype=float)
    assert not segments_meeting(ends, np.array([placed["b"].box])).any()
