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


@pytest.mark.parametrize("style", ["screen", "canvas", "paper"])
@pytest.mark.parametrize("seed", [1, 2, 3])
def test_make_room_tries_exactly_the_names_whose_move_frees_a_place(style, seed):
    """:meth:`_Namer._freeing` names a placed name exactly when taking it away lets the
    key station be named (so make_room skips only moves that cannot help), on crowds
    of random stations and lines in each style (paper: a gap, markers taken)."""
    import numpy as np

    from vvlab.plan.geometry import inflate
    from vvlab.plan.names import CANVAS_NAMES, SCREEN_NAMES, _Namer
    from vvlab.plan.scene import LabelScene, line_raster
    from vvlab.printing.names import NAMES

    rng = np.random.default_rng(seed)
    named = {"screen": SCREEN_NAMES, "canvas": CANVAS_NAMES, "paper": NAMES}[style]
    scale = named.size / SCREEN_NAMES.size
    xy = rng.integers(0, 12, size=(45, 2)) * 16 * scale + 20 * scale
    points = {f"s{k}": (float(x), float(y)) for k, (x, y) in enumerate(xy.tolist())}
    ends = rng.integers(0, 45, size=(8, 2))
    lines = [(points[f"s{a}"], points[f"s{b}"]) for a, b in ends.tolist() if a != b]
    stations = {s: (f"Station {s}", p, 4.0 * scale) for s, p in points.items()}
    markers = [inflate((x, y, x, y), 4.0 * scale + named.margin) for x, y in points.values()]
    scene = LabelScene([] if named.clear_leaders else markers, bounds=(0, 0, 240 * scale,
                       240 * scale), gap=named.space, lines=line_raster(lines))  # fmt: skip
    for box in markers if named.clear_leaders else ():
        scene.take(box)
    namer = _Namer(scene, stations, {}, {}, named, set())
    missing = [s for s in points if not namer.place(s, key=True)]
    assert missing, "the test needs key stations left without a name"
    checked = 0
    for sid in missing:
        freeing = namer._freeing(sid)
        assert freeing is not None, "no place of a station left out is open"
        for other in list(namer.placed):
            theirs = namer.placed.pop(other)
            scene.drop(theirs.box, theirs.leader)
            frees = namer.place(sid, key=True)
            if frees:
                mine = namer.placed.pop(sid)
                scene.drop(mine.box, mine.leader)
            scene.take(theirs.box, theirs.leader)
            namer.placed[other] = theirs
            assert frees == (other in freeing), (sid, other)
            checked += frees
    assert checked, "the test needs a name whose move frees a place"
