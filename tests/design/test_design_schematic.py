"""schematic(): a metro map that keeps every hard rule (layout_violations) on every
built-in city, every GTFS feed in data/gtfs and generated cities; lines bend between
stations; crossings of the geography stay, none is added; the same city gives the same
layout, stopped by work; faults are reported, not hidden. layout_quality(): the figures
on hand-made maps."""

from __future__ import annotations

import math
import warnings
from pathlib import Path

import pytest
from bent_city import BENT
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from layouts import builtin_result

import vvlab
from vvlab.design import (
    SchematicResult,
    SchematicWarning,
    from_gtfs,
    layout_quality,
    layout_violations,
    schematic,
    schematic_layout,
)
from vvlab.design.layout_quality import line_edges
from vvlab.design.octilinear import route_network
from vvlab.design.schematic import neighbour_counts
from vvlab.design.schematic_network import city_network
from vvlab.model import CityMap
from vvlab.model.generate import generate_city

FEEDS = sorted(p for p in (Path(__file__).parents[2] / "data" / "gtfs").iterdir() if p.is_dir())


def without_geometry(city: CityMap) -> dict:
    data = city.to_dict()
    for station in data["stations"].values():
        del station["x"], station["y"]
    data.pop("edges", None)
    data["format"] = "vvlab-map/1"
    return data


def check_layout(before: CityMap, result: SchematicResult, grid: float | None = 1.0) -> None:
    """Every promise of schematic() that a clean layout keeps."""
    after = result.city
    assert without_geometry(after) == without_geometry(before)
    assert result.ok and result.status == "CLEAN", [v.text for v in result.violations]
    assert layout_violations(after, before) == []
    points = [(s.x, s.y) for s in after.stations.values()]
    points += [p for a, b in line_edges(after) for p in after.edge_path(a, b)]
    for x, y in points if grid else []:
        assert math.isclose(x / grid, round(x / grid)) and math.isclose(y / grid, round(y / grid))
    quality = layout_quality(after)
    assert quality["octilinear_share"] == 1.0
    assert quality["min_station_distance"] >= 2 * (grid or 0) - 1e-9
    assert quality["stations_on_foreign_edges"] == 0


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_builtin_cities_are_laid_out_cleanly(name):
    result = builtin_result(name)
    check_layout(vvlab.load_map(name), result)
    assert result.stopped_by == "done" and result.bends == result.quality["bends"]
    assert result.quality["bends_per_edge"] < 1.5


@pytest.mark.parametrize("feed", FEEDS, ids=lambda p: p.name)
def test_every_feed_in_data_is_laid_out_cleanly(feed):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        city = from_gtfs(feed)
    check_layout(city, schematic_layout(city))


def octilinear_drawable(city: CityMap) -> bool:
    """No station has more neighbours than a grid point has directions."""
    return max(neighbour_counts(city).values()) <= 8


@settings(
    max_examples=5, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow]
)
@given(seed=st.integers(0, 10_000), lines=st.integers(2, 10))
def test_generated_cities_are_laid_out_cleanly(seed, lines):
    city = generate_city(lines=lines, stations=8 * lines, seed=seed)
    assume(octilinear_drawable(city))
    check_layout(city, schematic_layout(city))


def test_lines_bend_between_stations_and_keep_their_geographic_crossings():
    data = square(
        {"a": (0, 0), "b": (6, 1), "c": (3, 4), "d": (3.5, -3), "e": (9, 5)},
        [["a", "b", "e"], ["c", "d"]],
    )  # c-d crosses a-b with no station in common: the layout keeps that one crossing
    result = schematic_layout(data)
    check_layout(data, result)
    assert layout_quality(result.city)["crossings"] == layout_quality(data)["crossings"] == 1
    bent = CityMap.from_dict(BENT)
    check_layout(bent, schematic_layout(bent))


def test_the_same_city_gives_the_same_layout_stopped_by_work():
    city = generate_city(lines=6, stations=50, seed=3)
    first = schematic_layout(city)
    assert schematic_layout(city, time_limit_s=10_000).city == first.city
    small = schematic_layout(city, work_limit=200)
    assert small.stopped_by == "work" and small.work <= 200 + 6000
    assert schematic_layout(city, work_limit=200).city == small.city


def test_the_grid_unit_scales_the_layout():
    tutorial = vvlab.load_map("tutorial")
    result = schematic_layout(tutorial, grid=2.5)
    check_layout(tutorial, result, grid=2.5)
    unit = builtin_result("tutorial").city.stations
    for sid, station in result.city.stations.items():
        assert (station.x, station.y) == (2.5 * unit[sid].x, 2.5 * unit[sid].y)


def test_fixed_stations_stay_exactly_where_they_are():
    tutorial = vvlab.load_map("tutorial")
    result = schematic_layout(tutorial, fixed={"zoo", "central"})
    check_layout(tutorial, result, grid=None)  # a unit that divides their distances
    for sid in ("zoo", "central"):
        assert result.city.stations[sid] == tutorial.stations[sid]


def test_nothing_fixed_is_the_layout_as_before():
    tutorial = vvlab.load_map("tutorial")
    plain = schematic_layout(tutorial).city
    assert schematic_layout(tutorial, fixed=frozenset()).city == plain


def test_fixed_stations_without_a_layout_are_named():
    data = vvlab.load_map("tutorial").to_dict()
    data["stations"]["castle"] |= {"x": 1, "y": 0}  # one unit from Central: no room
    with pytest.raises(ValueError, match="keeps Castle, Central where they are"):
        schematic_layout(CityMap.from_dict(data), fixed={"castle", "central"})
    with pytest.raises(ValueError, match="no station 'nowhere'"):
        schematic_layout(CityMap.from_dict(data), fixed={"nowhere"})


def test_a_designer_can_pin_stations_of_a_laid_out_city_and_lay_it_out_again():
    laid_out = builtin_result("berlin").city  # on the layout's grid, as after "Tidy layout"
    pins = {"alexanderplatz", "zoologischer-garten", "hermannplatz"}
    result = schematic_layout(laid_out, fixed=pins)
    assert result.violations == []
    assert all(result.city.stations[sid] == laid_out.stations[sid] for sid in pins)
    one = schematic_layout(vvlab.load_map("berlin"), fixed={"alexanderplatz"})
    assert one.violations == []
    assert (
        one.city.stations["alexanderplatz"] == vvlab.load_map("berlin").stations["alexanderplatz"]
    )


def test_pins_off_a_common_grid_are_named():
    berlin = vvlab.load_map("berlin")  # drawn freely: coordinates to a tenth
    with pytest.raises(ValueError, match="Alexanderplatz, Rudow are not on a common grid"):
        schematic_layout(berlin, fixed={"alexanderplatz", "rudow"})


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
    result = schematic_layout(city)
    assert not result.ok and result.status == "FAULTS"
    assert {v.rule for v in result.violations} & {"octilinear", "crossing"}
    assert without_geometry(result.city) == without_geometry(city)
    assert route_network(city_network(city)).failed  # the ninth arm finds no port
    with pytest.warns(SchematicWarning, match="Star breaks .* Hub has 9 neighbours"):
        schematic(city)


def test_eight_directions_fit():
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        check_layout(star(8), schematic_layout(star(8)))


def test_limits_must_be_positive():
    with pytest.raises(ValueError, match="positive"):
        schematic(vvlab.load_map("tutorial"), grid=0)
    with pytest.raises(ValueError, match="positive"):
        schematic(vvlab.load_map("tutorial"), work_limit=0)


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
        city = schematic(vvlab.load_map("tutorial"))
        out = {"stations": len(city.stations)}
    """
    assert run_blocked(UI, body) == {"stations": 12, "loaded": []}
