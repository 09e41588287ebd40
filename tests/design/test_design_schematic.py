"""schematic(): octilinear edges, stations a grid unit apart, routes unchanged, no
station on a foreign edge, no more crossings than the geography, on every built-in city
and on generated ones; the same city gives the same layout; faults are reported, not
hidden; the missing extra is named. layout_quality(): the figures on hand-made maps."""

from __future__ import annotations

import math
import sys
import warnings

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from layouts import WORK as LAYOUT_WORK
from layouts import builtin_result

import vvlab
from vvlab.design import (
    SchematicResult,
    SchematicWarning,
    layout_quality,
    schematic,
    schematic_layout,
)
from vvlab.design.layout_quality import edge_crossings, is_octilinear, line_edges
from vvlab.model import CityMap
from vvlab.model.generate import generate_city

WORK = 6.0  # deterministic seconds: small, so that the suite stays quick
NET = 3600.0
"""The wall-clock safety net of these layouts: far beyond the work, so that they stop by
work on a loaded machine too (stopped by time, a layout would depend on the load)."""


def laid_out(name: str) -> SchematicResult:
    """The layout of a built-in city as ``vvlab sheet --schematic`` makes it, computed
    once per process for these tests and the printing tests (``layouts.py``)."""
    return builtin_result(name)


def without_coordinates(city: CityMap) -> dict:
    data = city.to_dict()
    for station in data["stations"].values():
        del station["x"], station["y"]
    return data


def check_layout(before: CityMap, result: SchematicResult, grid: float = 1.0) -> None:
    """Every promise of schematic() that a clean layout keeps."""
    after = result.city
    assert without_coordinates(after) == without_coordinates(before)
    assert result.ok, result
    for a, b in line_edges(after):
        sa, sb = after.stations[a], after.stations[b]
        assert is_octilinear(sb.x - sa.x, sb.y - sa.y), (a, b)
    for s in after.stations.values():
        assert math.isclose(s.x / grid, round(s.x / grid)), s
        assert math.isclose(s.y / grid, round(s.y / grid)), s
    quality = layout_quality(after)
    assert quality["octilinear_share"] == 1.0
    assert quality["min_station_distance"] >= grid - 1e-9
    assert quality["stations_on_foreign_edges"] == 0
    assert quality["crossings"] <= len(edge_crossings(before))


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_builtin_cities_are_laid_out_cleanly(name):
    result = laid_out(name)
    check_layout(vvlab.load_map(name), result)
    assert result.non_octilinear == result.crossings == result.stations_on_edges == []
    assert result.bends == result.quality["bends"]
    assert result.bends <= layout_quality(vvlab.load_map(name))["bends"]


@settings(
    max_examples=4, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), lines=st.integers(2, 4))
def test_generated_cities_are_laid_out_cleanly(seed, lines):
    city = generate_city(lines=lines, stations=8 * lines, seed=seed)
    check_layout(city, schematic_layout(city, work_limit=1.0, time_limit_s=NET))


def test_the_same_city_gives_the_same_layout():
    city = generate_city(lines=4, stations=30, seed=3)
    first = schematic(city, work_limit=1.0, seed=5)
    assert schematic(city, work_limit=1.0, seed=5) == first
    assert laid_out("tutorial").city == schematic(
        vvlab.load_map("tutorial"), work_limit=LAYOUT_WORK, time_limit_s=NET
    )


def test_the_grid_unit_scales_the_layout():
    tutorial = vvlab.load_map("tutorial")
    result = schematic_layout(tutorial, grid=2.5, work_limit=WORK)
    check_layout(tutorial, result, grid=2.5)
    unit = laid_out("tutorial").city.stations
    for sid, station in result.city.stations.items():
        assert (station.x, station.y) == (2.5 * unit[sid].x, 2.5 * unit[sid].y)


def test_fixed_stations_stay_exactly_where_they_are():
    tutorial = vvlab.load_map("tutorial")
    result = schematic_layout(tutorial, fixed={"zoo", "central"}, work_limit=WORK)
    check_layout(tutorial, result)
    for sid in ("zoo", "central"):
        assert result.city.stations[sid] == tutorial.stations[sid]


def test_nothing_fixed_is_the_layout_as_before():
    tutorial = vvlab.load_map("tutorial")
    plain = schematic_layout(tutorial, work_limit=LAYOUT_WORK, time_limit_s=NET)
    assert (
        schematic_layout(tutorial, fixed=frozenset(), work_limit=LAYOUT_WORK, time_limit_s=NET).city
        == plain.city
        == laid_out("tutorial").city
    )


def test_fixed_stations_without_a_layout_are_named():
    data = vvlab.load_map("tutorial").to_dict()
    data["stations"]["castle"] |= {"x": 2, "y": 1}  # Central to Castle: not octilinear
    with pytest.raises(ValueError, match="keeps Castle, Central where they are"):
        schematic_layout(CityMap.from_dict(data), fixed={"castle", "central"}, work_limit=1.0)
    with pytest.raises(ValueError, match="no station 'nowhere'"):
        schematic_layout(CityMap.from_dict(data), fixed={"nowhere"}, work_limit=1.0)


def star(arms: int) -> CityMap:
    """A station with ``arms`` lines of two stations leaving it in every direction."""
    stations = {"hub": {"name": "Hub", "x": 0, "y": 0}}
    lines = []
    for k in range(arms):
        angle = 2 * math.pi * k / arms
        sid = f"end{k}"
        stations[sid] = {"name": sid, "x": round(4 * math.cos(angle), 3),
                         "y": round(4 * math.sin(angle), 3)}  # fmt: skip
        lines.append({"id": f"L{k}", "name": f"L{k}", "color": "#000000", "indicators": 1,
                      "bonus": [2, 1], "stations": ["hub", sid]})  # fmt: skip
    return CityMap.from_dict({"format": "vvlab-map/1", "id": "star", "name": "Star",
                              "stations": stations, "lines": lines})  # fmt: skip


def test_an_impossible_layout_is_reported_not_hidden():
    city = star(9)  # nine edges cannot leave a station in eight directions
    result = schematic_layout(city, work_limit=1.0)
    assert not result.ok and result.status == "FALLBACK"
    assert result.non_octilinear and result.quality["octilinear_share"] < 1
    assert without_coordinates(result.city) == without_coordinates(city)
    assert result.quality["min_station_distance"] >= 1
    with pytest.warns(SchematicWarning, match="not octilinear"):
        schematic(city, work_limit=1.0)


def test_eight_directions_fit():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_layout(star(8), schematic_layout(star(8), work_limit=1.0))


def test_limits_must_be_positive():
    with pytest.raises(ValueError, match="positive"):
        schematic(vvlab.load_map("tutorial"), grid=0)


def test_the_missing_extra_is_named(monkeypatch):
    monkeypatch.setitem(sys.modules, "ortools.sat.python.cp_model", None)
    with pytest.raises(ImportError, match=r"vvlab\[design\]"):
        schematic(vvlab.load_map("tutorial"))


def square(points: dict[str, tuple[float, float]], routes: list[list[str]]) -> CityMap:
    stations = {s: {"name": s, "x": x, "y": y} for s, (x, y) in points.items()}
    lines = [{"id": f"L{k}", "name": f"L{k}", "color": "#000000", "indicators": 1,
              "bonus": [2, 1], "stations": r} for k, r in enumerate(routes)]  # fmt: skip
    return CityMap.from_dict({"format": "vvlab-map/1", "id": "t", "name": "T",
                              "stations": stations, "lines": lines})  # fmt: skip


def test_layout_quality_figures():
    city = square(
        {"a": (0, 0), "b": (2, 0), "c": (2, 2), "d": (0, 1), "e": (1, -1), "f": (1, 3)},
        [["a", "b", "c", "d"], ["e", "f"]],
    )
    q = layout_quality(city)
    assert q["edges"] == 4
    assert q["octilinear_share"] == 0.75  # c-d is not
    assert q["bends"] == 2
    assert q["min_station_distance"] == 1.0
    assert q["crossings"] == 2  # e-f crosses a-b and c-d
    assert q["stations_on_foreign_edges"] == 0
    assert q["edge_length_ratio"] == 2.0  # e-f against a-b
    assert q["displacement"] is None
    assert layout_quality(city, reference=city)["displacement"] == 0.0


def test_a_station_on_a_foreign_edge_is_counted():
    city = square({"a": (0, 0), "b": (2, 0), "m": (1, 0), "n": (1, 2)}, [["a", "b"], ["m", "n"]])
    assert layout_quality(city)["stations_on_foreign_edges"] == 1
    assert layout_quality(city)["crossings"] == 1  # they touch at m


def test_the_layout_works_without_the_ui_stack():
    from test_layers import UI, run_blocked

    body = """
        import vvlab
        from vvlab.design import schematic
        city = schematic(vvlab.load_map("tutorial"), work_limit=1.0)
        out = {"stations": len(city.stations)}
    """
    assert run_blocked(UI, body) == {"stations": 12, "loaded": []}
