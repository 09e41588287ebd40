"""from_gtfs() is strict: an id listed twice (a route, a trip, a stop) and two stops of
a trip at one stop_sequence are refused by name; a route whose route_type GTFS does not
define is named in a note, never dropped silently; a feed without trips says so.
(Its parameters' checks are tested in test_design_arguments.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from gtfskit import line_of_stops, write_feed, write_table

from vvlab.design import GTFSError, GTFSWarning, from_gtfs

ROUTES = [("1", "A", 1, ""), ("2", "B", 1, "")]
TRIPS = [("1", "0", ["a", "b", "c"]), ("2", "0", ["d", "e", "f"])]


def two_lines(tmp_path: Path) -> Path:
    """Lines A (a-b-c) and B (d-e-f), one trip each (t0, t1)."""
    return write_feed(tmp_path / "feed", line_of_stops("abcdef"), ROUTES, TRIPS)


def append(path: Path, row: str) -> None:
    with path.open("a", encoding="utf-8") as fh:
        fh.write(row + "\n")


@pytest.mark.parametrize(
    ("table", "row", "message"),
    [
        ("routes", "1,A,,1,", "feed: routes.txt: route_id '1' is listed twice"),
        ("stops", "b,B again,50.5,14.5", "feed: stops.txt: stop_id 'b' is listed twice"),
    ],
)
def test_a_route_or_stop_listed_twice_is_refused_by_its_id(tmp_path, table, row, message):
    feed = two_lines(tmp_path)
    append(feed / f"{table}.txt", row)
    with pytest.raises(GTFSError, match=re.escape(message)):
        from_gtfs(feed)


def test_a_trip_id_reused_under_another_route_is_refused_naming_both_routes(tmp_path):
    feed = two_lines(tmp_path)
    append(feed / "trips.txt", "2,all,t0,0,")  # t0 is route 1's
    message = r"feed: trips.txt: trip_id 't0' is listed twice \(route_id '1' and '2'\)"
    with pytest.raises(GTFSError, match=message):
        from_gtfs(feed)
    with pytest.raises(GTFSError, match=message):  # also when route 2 is not imported
        from_gtfs(feed, ["A"])


def test_two_stops_of_a_trip_at_one_stop_sequence_are_refused(tmp_path):
    feed = two_lines(tmp_path)
    append(feed / "stop_times.txt", "t0,08:00:00,08:00:00,d,2")  # b is t0's stop 2
    with pytest.raises(
        GTFSError,
        match=r"feed: stop_times.txt: trip 't0' has two stops at stop_sequence 2 \(it must "
        r"increase along a trip\)",
    ):
        from_gtfs(feed)


def test_a_route_type_gtfs_does_not_define_is_named_in_a_note(tmp_path):
    feed = two_lines(tmp_path)
    text = (feed / "routes.txt").read_text(encoding="utf-8")
    (feed / "routes.txt").write_text(text.replace("2,B,,1,", "2,B,,metro,"), encoding="utf-8")
    append(feed / "routes.txt", "3,C,,42,")
    with pytest.warns(GTFSWarning) as notes:
        city = from_gtfs(feed)
    assert [line.id for line in city.lines] == ["A"]
    assert [str(note.message) for note in notes] == [
        f"{feed}: routes.txt: route 'B' (route_type 'metro'), route 'C' (route_type '42'): "
        "no such route_type in GTFS; left out"
    ]
    with (
        pytest.warns(GTFSWarning, match="no such route_type"),
        pytest.raises(GTFSError, match=r"route 'B' has route_type 'metro', which GTFS does not"),
    ):
        from_gtfs(feed, ["B"])


def test_a_header_only_trips_file_says_there_are_no_trips(tmp_path):
    feed = two_lines(tmp_path)
    write_table(feed / "trips.txt", ["route_id", "service_id", "trip_id"], [])
    with pytest.raises(
        GTFSError, match=r"^\S+feed: trips.txt: no trip of the chosen routes \(A, B\)$"
    ):
        from_gtfs(feed)


def test_trips_without_stop_times_leave_their_route_out_with_a_clear_message(tmp_path):
    feed = two_lines(tmp_path)
    write_table(feed / "stop_times.txt", ["trip_id", "stop_id", "stop_sequence"], [])
    with (
        pytest.warns(GTFSWarning) as notes,
        pytest.raises(GTFSError, match="none of the chosen routes has trips with two stations"),
    ):
        from_gtfs(feed)
    assert [str(note.message).split(": ", 1)[1] for note in notes] == [
        f"route '{route}' has no trips (trips.txt, stop_times.txt); left out" for route in "AB"
    ]
