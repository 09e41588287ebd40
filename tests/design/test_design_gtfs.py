"""from_gtfs(): the lines of the Prague fixture in order along their full-length
patterns, transfers shared, colours, ids and names; zip and folder alike; route
selection; max_stations; branches and circles; every bad input's message."""

from __future__ import annotations

import re
import warnings

import pytest
from gtfskit import PRAGUE, copied, line_of_stops, write_feed, write_table, zipped

import vvlab
from vvlab.design import GTFSError, GTFSWarning, from_gtfs
from vvlab.model.validate import validate_map_data

LINE_A = ["dejvicka", "hradcanska", "malostranska", "staromestska", "mustek", "muzeum",
          "namesti-miru", "jiriho-z-podebrad", "flora"]  # fmt: skip
LINE_B = ["andel", "karlovo-namesti", "narodni-trida", "mustek", "namesti-republiky",
          "florenc", "krizikova", "invalidovna"]  # fmt: skip
LINE_C = ["nadrazi-holesovice", "vltavska", "florenc", "hlavni-nadrazi", "muzeum",
          "i-p-pavlova", "vysehrad", "prazskeho-povstani", "pankrac"]  # fmt: skip


@pytest.fixture(scope="module")
def prague():
    return from_gtfs(PRAGUE, id="prague", name="Praha")


def test_each_metro_route_is_a_line_along_its_full_length_pattern(prague) -> None:
    assert [line.id for line in prague.lines] == ["A", "B", "C"]  # tram 22 left out
    stations = {line.id: list(line.stations) for line in prague.lines}
    assert stations == {"A": LINE_A, "B": LINE_B, "C": LINE_C}  # C: not its short turn
    assert prague.lines[0].name == "Nemocnice Motol - Depo Hostivař"


def test_platforms_merge_and_transfers_are_shared(prague) -> None:
    assert set(prague.transfer_stations) == {"mustek", "muzeum", "florenc"}
    assert prague.lines_through("mustek") == ("A", "B")
    assert prague.lines_through("florenc") == ("B", "C")
    assert len(prague.stations) == len({*LINE_A, *LINE_B, *LINE_C})


def test_colours_ids_and_names(prague) -> None:
    assert [line.color for line in prague.lines] == ["#00A562", "#F8B322", "#CF003D"]
    assert prague.stations["mustek"].name == "Můstek"
    assert prague.stations["i-p-pavlova"].name == "I. P. Pavlova"
    assert prague.stations["nadrazi-holesovice"].name == "Nádraží Holešovice"
    assert all(re.fullmatch(r"[a-z0-9-]+", sid) for sid in prague.stations)


def test_coordinates_are_north_up_and_span_about_a_hundred(prague) -> None:
    at = prague.stations
    assert at["nadrazi-holesovice"].y > at["mustek"].y > at["pankrac"].y
    assert at["dejvicka"].x < at["mustek"].x < at["flora"].x
    xs = [s.x for s in at.values()]
    ys = [s.y for s in at.values()]
    assert max(max(xs) - min(xs), max(ys) - min(ys)) == pytest.approx(100, abs=0.2)


def test_boxes_and_bonuses_are_first_guesses(prague) -> None:
    from vvlab.model.generate import default_scoring

    for line in prague.lines:
        assert (line.indicators, list(line.bonus)) == default_scoring(len(line.stations))


def test_zip_and_folder_give_the_same_city(prague, tmp_path) -> None:
    for archive in (zipped(PRAGUE, tmp_path / "a.zip"), zipped(PRAGUE, tmp_path / "b.zip", "p")):
        city = from_gtfs(archive, id="prague", name="Praha")
        assert city.stations == prague.stations
        assert city.lines == prague.lines


def test_the_city_validates_and_round_trips(prague, tmp_path) -> None:
    assert validate_map_data(prague.to_dict()) == []
    assert prague.edges == () and prague.to_dict()["format"] == "vvlab-map/1"  # no shapes
    prague.save(tmp_path / "prague.json")
    assert vvlab.load_map(tmp_path / "prague.json") == prague


def test_default_id_and_name_come_from_the_feed_and_the_agency_goes_into_the_description(
    tmp_path,
) -> None:
    city = from_gtfs(PRAGUE)
    assert (city.id, city.name) == ("prague", "Prague")
    assert city.description.startswith(
        "Drafted from the GTFS feed prague of Dopravní podnik hl. m. Prahy: lines A, B, C."
    )
    archive = from_gtfs(zipped(PRAGUE, tmp_path / "new_york-gtfs.zip"))
    assert (archive.id, archive.name) == ("new-york-gtfs", "New York")
    folder = from_gtfs(copied(tmp_path, "VBB_berlin"))
    assert (folder.id, folder.name) == ("vbb-berlin", "VBB Berlin")
    assert "of Dopravní podnik hl. m. Prahy" in folder.description
    named = from_gtfs(PRAGUE, name="Praha")
    assert (named.id, named.name) == ("prague", "Praha")
    (tmp_path / "VBB_berlin" / "agency.txt").unlink()
    assert " of " not in from_gtfs(tmp_path / "VBB_berlin").description


def test_routes_pick_by_short_name_or_id_in_their_order() -> None:
    city = from_gtfs(PRAGUE, ["C", "L991"])
    assert [line.id for line in city.lines] == ["C", "A"]
    assert city.transfer_stations == ("muzeum",)
    assert [line.id for line in from_gtfs(PRAGUE, "B").lines] == ["B"]


def test_route_types_take_trams_in_and_merge_stops_by_name() -> None:
    city = from_gtfs(PRAGUE, route_types=(1, 0))
    tram = city.lines[3]
    assert tram.id == "22" and tram.stations[0] == "malostranska"
    assert city.lines_through("narodni-trida") == ("B", "22")
    assert city.lines_through("i-p-pavlova") == ("C", "22")
    assert re.fullmatch(r"#[0-9A-F]{6}", tram.color)
    assert tram.color not in {line.color for line in city.lines[:3]}
    assert [line.id for line in from_gtfs(PRAGUE, route_types=[0]).lines] == ["22"]


def test_max_stations_keeps_termini_and_transfers_and_reports_drops(prague) -> None:
    with pytest.warns(GTFSWarning) as caught:
        city = from_gtfs(PRAGUE, id="prague", name="Praha", max_stations=5)
    notes = [str(w.message) for w in caught]
    assert len(notes) == 3
    assert notes[2].startswith("line C: 4 of 9 stations dropped (max_stations=5): Vltavská")
    for short, full in zip(city.lines, prague.lines, strict=True):
        assert len(short.stations) == 5
        assert {full.stations[0], full.stations[-1]} <= set(short.stations)
        kept = [s for s in full.stations if s in short.stations]
        assert list(short.stations) == kept  # order kept
    assert set(city.transfer_stations) == {"mustek", "muzeum", "florenc"}
    assert list(city.lines[2].stations) == ["nadrazi-holesovice", "florenc", "muzeum",
                                            "vysehrad", "pankrac"]  # fmt: skip


def test_max_stations_below_the_termini_and_transfers_keeps_them_and_says_so() -> None:
    with pytest.warns(GTFSWarning) as caught:
        city = from_gtfs(PRAGUE, max_stations=2)
    assert str(caught[0].message).endswith("; 4 termini and transfers kept, more than 2")
    assert city.lines[0].stations == ("dejvicka", "mustek", "muzeum", "flora")


def test_no_warning_when_lines_are_short_enough() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        from_gtfs(PRAGUE, max_stations=9)


# -- made-up feeds: branches, circles, stops without parents ---------------------------


def test_a_branching_route_is_a_line_per_branch(tmp_path) -> None:
    stops = line_of_stops("abcde")
    trips = [("m1", "0", list("abcd"))] * 3 + [("m1", "0", list("abce"))] * 2
    trips += [("m1", "0", list("bc"))] * 6 + [("m1", "1", list("dcba"))] * 3
    feed = write_feed(tmp_path / "f", stops, [("m1", "M1", 401, "")], trips)
    city = from_gtfs(feed)
    assert [(line.id, line.stations) for line in city.lines] == [
        ("M1a", ("a", "b", "c", "d")),
        ("M1b", ("a", "b", "c", "e")),
    ]
    assert city.lines[0].color == city.lines[1].color
    assert city.lines[1].name == "M1: A – E"


def test_a_circular_route_is_cut_at_its_first_stop(tmp_path) -> None:
    stops = line_of_stops("abcd")
    trips = [("r", "0", list("abcda"))] * 2 + [("r", "0", list("cdabc"))]
    trips += [("r", "1", list("adcba"))]
    city = from_gtfs(write_feed(tmp_path / "f", stops, [("r", "", 1, "123456")], trips))
    assert [(line.id, line.stations, line.color) for line in city.lines] == [
        ("r", ("a", "b", "c", "d"), "#123456")
    ]


def test_without_direction_ids_the_way_back_is_no_branch(tmp_path) -> None:
    trips = [("u", "", list("abc")), ("u", "", list("cba")), ("u", "", list("cba"))]
    city = from_gtfs(write_feed(tmp_path / "f", line_of_stops("abc"), [("u", "U", 1, "")], trips))
    assert [(line.id, line.stations) for line in city.lines] == [("U", ("c", "b", "a"))]


def test_stops_without_parents_merge_by_name_within_a_few_hundred_metres(tmp_path) -> None:
    stops = {
        "c1": ("Central", 50.0, 14.0),
        "c2": ("central", 50.0018, 14.0),  # 200 m north
        "c3": ("Central", 50.05, 14.0),  # 5.5 km north
        "w": ("West", 50.0, 13.98),
        "e": ("East", 50.0, 14.02),
        "n": ("North", 50.05, 14.02),
    }
    trips = [("1", "0", ["w", "c1", "e"]), ("2", "0", ["c2", "c3", "n"])]
    routes = [("1", "U1", 1, ""), ("2", "U2", 1, "")]
    city = from_gtfs(write_feed(tmp_path / "f", stops, routes, trips))
    assert [line.stations for line in city.lines] == [
        ("west", "central", "east"),
        ("central", "central-2", "north"),
    ]
    assert city.lines[0].color != city.lines[1].color


# -- bad input ---------------------------------------------------------------------------


def without(tmp_path, name: str):
    feed = copied(tmp_path)
    (feed / name).unlink()
    return feed


def replaced(tmp_path, name: str, text: str):
    feed = copied(tmp_path)
    (feed / name).write_text(text, encoding="utf-8")
    return feed


def text_file(path):
    write_table(path, ["stop_id"], [["a"]])
    return path


def with_empty_route(tmp_path):
    feed = copied(tmp_path)
    with (feed / "routes.txt").open("a", encoding="utf-8") as fh:
        fh.write("L994,DPP,D,Pankrác - Depo Písnice,1,1AAF9F,FFFFFF\n")
    return feed


BAD = {
    "missing": (lambda tmp: tmp / "nowhere.zip", "nowhere.zip: no such file or folder"),
    "not a zip": (
        lambda tmp: text_file(tmp / "stops.txt"),
        "stops.txt: not a zip file or a folder",
    ),
    "no stops.txt": (lambda tmp: without(tmp, "stops.txt"), "feed: no stops.txt in the feed"),
    "no stop_times.txt": (
        lambda tmp: zipped(without(tmp, "stop_times.txt"), tmp / "f.zip"),
        "f.zip: no stop_times.txt in the feed",
    ),
    "malformed": (
        lambda tmp: replaced(tmp, "trips.txt", 'route_id,trip_id\nL991,"A-0-1\n'),
        "feed: trips.txt: not a readable CSV file",
    ),
    "empty": (lambda tmp: replaced(tmp, "routes.txt", ""), "feed: routes.txt: the file is empty"),
    "no column": (
        lambda tmp: replaced(tmp, "stops.txt", "stop_id,stop_name\nx,X\n"),
        "feed: stops.txt: no column stop_lat, stop_lon",
    ),
}


@pytest.mark.parametrize("case", BAD)
def test_bad_feeds_say_which_file(case, tmp_path) -> None:
    make, message = BAD[case]
    with pytest.raises(GTFSError, match=re.escape(message)):
        from_gtfs(make(tmp_path))


def test_an_unknown_route_is_named_with_the_known_ones() -> None:
    with pytest.raises(GTFSError, match=r"no route 'X' \(.*\); routes of route_types 1: A, B, C$"):
        from_gtfs(PRAGUE, ["A", "X"])
    with pytest.raises(GTFSError, match=r"route '22' has route_type 0, not among route_types 1"):
        from_gtfs(PRAGUE, ["22"])


def test_a_route_without_trips_fails_when_named_and_is_left_out_by_type(tmp_path) -> None:
    feed = with_empty_route(tmp_path)
    with pytest.raises(GTFSError, match=r"feed: route 'D' has no trips"):
        from_gtfs(feed, ["A", "D"])
    with pytest.warns(GTFSWarning, match=r"route 'D' has no trips .*; left out"):
        city = from_gtfs(feed)
    assert [line.id for line in city.lines] == ["A", "B", "C"]


def test_bad_rows_and_arguments(tmp_path) -> None:
    feed = copied(tmp_path)
    text = (feed / "stop_times.txt").read_text(encoding="utf-8")
    (feed / "stop_times.txt").write_text(text.replace("P:mustek:B,4", "P:mustek:B,four"))
    with pytest.raises(
        GTFSError, match=r"stop_times.txt: trip 'B-0-1' has a stop_sequence .*'four'"
    ):
        from_gtfs(feed)
    (feed / "stop_times.txt").write_text(text.replace("P:mustek:B", "P:nowhere"))
    with pytest.raises(GTFSError, match=r"stops.txt: no stop 'P:nowhere', which stop_times.txt"):
        from_gtfs(feed)
    with pytest.raises(GTFSError, match=r"no route of route_types 3 \(route types in the feed"):
        from_gtfs(PRAGUE, route_types=[3])
    with pytest.raises(ValueError, match="max_stations must be a whole number >= 2"):
        from_gtfs(PRAGUE, max_stations=1)
