"""Station names on the plan (draw_map) and the play widget's map: every transfer
station and terminus named, names apart from each other, the stations and the
wagons, and a good share of the other stations named where there is room."""

from __future__ import annotations

import pytest
from names_check import MAPS, check_names, city_markers, key_stations, trace, wagon_boxes

import vvlab
from vvlab.plan.geometry import HEIGHT, WIDTH
from vvlab.plan.wagons import map_geometry
from vvlab.viz import draw_map

OTHERS_NAMED = {(WIDTH, HEIGHT): 0.4}
"""Least share of the other stations named, by figure size (measured: 0.47 to 0.61
on the built-in cities at 1000x700)."""


@pytest.fixture(scope="module", params=MAPS)
def city(request):
    return vvlab.load_map(request.param)


def test_draw_map_names_every_key_station_apart_from_everything(city):
    fig = draw_map(city)
    frame = map_geometry(city).frame
    key = key_stations(city)
    others = [s for s in city.stations if s not in key]
    geo = map_geometry(city)
    blocked = city_markers(city, frame) + wagon_boxes(geo, frame)
    share = check_names(trace(fig, "names"), key, others, frame, blocked)
    assert share >= (1.0 if city.id == "tutorial" else OTHERS_NAMED[WIDTH, HEIGHT])


def test_names_are_the_station_names_not_ids(city):
    names = trace(draw_map(city), "names")
    written = [text.replace("<br>", " ") for text in names.text]
    assert written == [city.stations[s].name for s in names.meta["ids"]]
    if city.id == "tutorial":
        assert "Central" in written and "central" not in written


def test_every_station_keeps_its_name_on_hover(city):
    stations = trace(draw_map(city), "stations")
    assert [row[0] for row in stations.customdata] == [s.name for s in city.stations.values()]
    assert "%{customdata[0]}" in stations.hovertemplate


def test_names_can_be_left_out():
    fig = draw_map(vvlab.load_map("tutorial"), names=False)
    assert not [t for t in fig.data if t.meta["role"] in ("names", "leaders")]


def test_leaders_lie_under_the_stations_and_join_a_name_to_its_station():
    city = vvlab.load_map("paris")
    fig = draw_map(city, width=700, height=520)
    roles = [t.meta["role"] for t in fig.data]
    assert roles.index("leaders") < roles.index("wagon") < roles.index("stations")
    leaders = trace(fig, "leaders")
    pieces = [(x, y) for x, y in zip(leaders.x, leaders.y, strict=True) if x is not None]
    assert pieces, "Paris at 700x520 is crowded: some names are set apart"
    stations = [(s.x, s.y) for s in city.stations.values()]
    for (x0, y0), (x1, y1) in zip(pieces[::2], pieces[1::2], strict=True):
        nearest = min(stations, key=lambda p: (p[0] - x0) ** 2 + (p[1] - y0) ** 2)
        assert abs(nearest[0] - x0) + abs(nearest[1] - y0) < abs(x1 - x0) + abs(y1 - y0)


def test_a_kept_name_whose_leader_meets_a_name_taken_is_placed_again():
    """A name kept from before stays only where :func:`place_names` would put it: its
    leader meets no box taken (here a name fixed by an edit), as a new leader would."""
    from vvlab.plan.name_options import Name
    from vvlab.plan.names import place_names

    points = {"a": (50.0, 50.0), "b": (90.0, 50.0)}
    fixed = {"b": Name("Bb", (70.0, 20.0, 84.0, 30.0))}
    across = Name("Aa", (90.0, 10.0, 104.0, 20.0), leader=((52.0, 48.0), (90.0, 15.0)))
    args = {"key": {"a"}, "bounds": (0, 0, 200, 100), "fixed": fixed}
    placed = place_names({"a": "Aa"}, {"a": points["a"]}, {"a": 4}, keep={"a": across}, **args)
    assert "a" in placed and placed["a"] != across
    elsewhere = {"b": Name("Bb", (20.0, 70.0, 34.0, 80.0))}  # off a's leader: a's kept
    kept = place_names({"a": "Aa"}, {"a": points["a"]}, {"a": 4}, keep={"a": across},
                       **(args | {"fixed": elsewhere}))  # fmt: skip
    assert kept["a"] == across


def test_only_a_name_in_the_way_of_a_place_is_moved_to_make_room():
    """make_room moves a name aside only when its box or leader comes within the gap
    of a place the station's name may take, or such a place's leader meets it."""
    import numpy as np

    from vvlab.plan.name_options import Name
    from vvlab.plan.names import _in_the_way

    boxes = np.array([[10.0, 10.0, 30.0, 20.0]])
    leaders = np.array([[[0.0, 0.0], [10.0, 10.0]]])
    room = (boxes, leaders)
    assert _in_the_way(Name("x", (28.0, 18.0, 40.0, 25.0)), room, gap=0.0)  # overlaps
    assert _in_the_way(Name("x", (31.0, 10.0, 40.0, 20.0)), room, gap=2.0)  # within the gap
    assert not _in_the_way(Name("x", (31.0, 10.0, 40.0, 20.0)), room, gap=0.0)
    assert _in_the_way(Name("x", (2.0, 3.0, 6.0, 4.0)), room, gap=0.0)  # on the leader
    crossing = Name("x", (60.0, 60.0, 70.0, 70.0), leader=((20.0, 0.0), (20.0, 40.0)))
    assert _in_the_way(crossing, room, gap=0.0)  # its leader crosses the place
    assert not _in_the_way(crossing._replace(leader=None), room, gap=0.0)
    assert not _in_the_way(crossing._replace(leader=None), (boxes, None), gap=5.0)
