"""from_gtfs() with shapes.txt: an edge bends where its line's shape does, a straight
shape leaves it straight, lines sharing a pair share one geometry, and a shape that
cannot be used leaves its line straight with a warning, never an exception."""

from __future__ import annotations

import math
import warnings
from itertools import pairwise

import numpy as np
import pytest
from gtfskit import copied, line_of_stops, write_feed, write_shapes, write_table

import vvlab
from vvlab.design import GTFSWarning, from_gtfs
from vvlab.model.edges import MAX_BENDS
from vvlab.model.validate import validate_map_data

# Stops a, b, c 1 km apart eastwards at 50° N; the track from a to b swings north
# through CORNER (about 550 m north of the midpoint), b to c runs straight.
CORNER = (50.005, 14.007)
BENT = [(50.0, 14.0), (50.001, 14.0014), CORNER, (50.001, 14.0126), (50.0, 14.014),
        (50.0, 14.021), (50.0, 14.028)]  # fmt: skip
STRAIGHT = [(50.0, 14.0), (50.0002, 14.007), (50.0, 14.014), (49.9998, 14.021), (50.0, 14.028)]


def feed(tmp_path, shapes, shape_ids, trips=None, routes=None, stops=None):
    trips = trips or [("m", "0", list("abc"))]
    routes = routes or [("m", "M", 1, "")]
    folder = write_feed(tmp_path / "city", stops or line_of_stops("abc"), routes, trips, shape_ids)
    return write_shapes(folder, shapes) if shapes is not None else folder


def quiet(path):
    """The city of ``path``, failing on any warning."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return from_gtfs(path)


def corner_xy() -> tuple[float, float]:
    """CORNER in map coordinates: a and c, 0.028° of longitude apart, lie at x = -50 and
    50, so a degree of latitude is 100 / (0.028 cos 50°) units."""
    per_degree = 100 / (0.028 * math.cos(math.radians(50.0)))
    return -25.0, (CORNER[0] - 50.0) * per_degree


def passes_near(path, point, within: float) -> bool:
    """True when the polyline ``path`` comes within ``within`` of ``point``."""
    p = np.array(point)
    for a, b in pairwise(path):
        a, b = np.array(a, dtype=float), np.array(b, dtype=float)
        t = np.clip((p - a) @ (b - a) / ((b - a) @ (b - a)), 0, 1)
        if np.hypot(*(a + t * (b - a) - p)) <= within:
            return True
    return False


def test_a_bent_shape_bends_its_edge_and_a_straight_piece_stays_straight(tmp_path) -> None:
    city = quiet(feed(tmp_path, {"s1": BENT}, ["s1"]))
    assert [edge.between for edge in city.edges] == [("a", "b")]
    path = city.edge_path("a", "b")
    assert passes_near(path, corner_xy(), within=1.0)
    assert all(isinstance(c, float) and round(c, 1) == c for p in path for c in p)
    assert city.edge_path("b", "c") == [(0.0, 0.0), (50.0, 0.0)]
    data = city.to_dict()
    assert data["format"] == "vvlab-map/2" and validate_map_data(data) == []
    city.save(tmp_path / "city.json")
    assert vvlab.load_map(tmp_path / "city.json") == city


def test_a_nearly_straight_shape_gives_no_edges(tmp_path) -> None:
    city = quiet(feed(tmp_path, {"s1": STRAIGHT}, ["s1"]))
    assert city.edges == () and city.to_dict()["format"] == "vvlab-map/1"


def test_without_shapes_or_shape_ids_the_map_has_no_edges(tmp_path) -> None:
    assert quiet(feed(tmp_path / "1", None, ["s1"])).edges == ()  # no shapes.txt
    city = quiet(feed(tmp_path / "2", {"s1": BENT}, None))  # no shape_id in trips.txt
    assert city.edges == () and "edges" not in city.to_dict()


def test_a_shape_run_the_other_way_bends_the_same_edge(tmp_path) -> None:
    trips = [("m", "0", list("abc")), ("m", "1", list("cba"))]
    city = quiet(feed(tmp_path, {"back": BENT[::-1]}, ["", "back"], trips=trips))
    assert [edge.between for edge in city.edges] == [("a", "b")]
    assert passes_near(city.edge_path("a", "b"), corner_xy(), within=1.0)


def test_rows_in_any_order_read_in_shape_pt_sequence_order(tmp_path) -> None:
    folder = feed(tmp_path, None, ["s1"])
    rows = [["s1", str(lat), str(lon), str(10 * (n + 1))] for n, (lat, lon) in enumerate(BENT)]
    write_table(folder / "shapes.txt", ["shape_id", "shape_pt_lat", "shape_pt_lon",
                                        "shape_pt_sequence"], rows[::-1])  # fmt: skip
    assert quiet(folder).edges == quiet(feed(tmp_path / "sorted", {"s1": BENT}, ["s1"])).edges


def test_lines_sharing_a_pair_share_the_first_shaped_lines_geometry(tmp_path) -> None:
    south = [(lat if lat == 50.0 else 100 - lat, lon) for lat, lon in BENT]
    routes = [("m", "M", 1, ""), ("n", "N", 1, ""), ("o", "O", 1, "")]
    trips = [("m", "0", list("ab")), ("n", "0", list("abc")), ("o", "0", list("abc"))]
    city = quiet(feed(tmp_path, {"north": BENT, "south": south}, ["", "north", "south"],
                      trips=trips, routes=routes))  # fmt: skip
    assert [edge.between for edge in city.edges] == [("a", "b")]  # from line N, not O
    assert all(y > 0 for _, y in city.edges[0].via)


def test_an_edge_keeps_at_most_max_bends_points(tmp_path) -> None:
    zigzag = [(50.0 + 0.002 * (k % 2), 14.0 + 0.014 * k / 100) for k in range(101)]
    city = quiet(feed(tmp_path, {"z": zigzag}, ["z"], trips=[("m", "0", ["a", "b"])]))
    assert 1 <= len(city.edges[0].via) <= MAX_BENDS


BROKEN = {
    "unknown shape_id": ({"other": BENT}, "no such shape_id"),
    "single point": ({"s1": BENT[:1]}, "a single point"),
    "a point no number": (
        {"s1": [*BENT[:2], ("north", 14.0), *BENT[3:]]},
        "a shape_pt_lat or shape_pt_lon that is no number",
    ),
    "no place on earth": (
        {"s1": [*BENT[:2], (95.0, 14.0), *BENT[3:]]},
        "a point at no place on earth",
    ),
    "far from the stations": (
        {"s1": [(lat + 0.01, lon) for lat, lon in BENT]},
        "station A lies 1112 m from it",
    ),
}


@pytest.mark.parametrize("case", BROKEN)
def test_a_shape_that_cannot_be_used_leaves_its_line_straight_with_a_warning(
    case, tmp_path
) -> None:
    shapes, reason = BROKEN[case]
    routes = [("m", "M", 1, ""), ("n", "N", 1, "")]
    stops = {**line_of_stops("abc"), **line_of_stops("xy", lat=50.05)}
    trips = [("m", "0", list("abc")), ("n", "0", list("xy"))]
    north = [(lat + 0.05, lon) for lat, lon in BENT[:5]]
    with pytest.warns(GTFSWarning) as caught:
        city = from_gtfs(feed(tmp_path, {**shapes, "n1": north}, ["s1", "n1"], trips=trips,
                              routes=routes, stops=stops))  # fmt: skip
    assert [str(w.message) for w in caught] == [
        f"{tmp_path / 'city'}: shapes.txt: shape 's1' (line M): {reason}; the line's edges "
        "are left straight"
    ]
    assert [edge.between for edge in city.edges] == [("x", "y")]  # line N keeps its bends


@pytest.mark.parametrize(
    ("sequence", "reason"),
    [(["1", "2", "2"], "shape_pt_sequence 2 given twice"), (["1", "x", "3"], "no whole number")],
)
def test_a_bad_shape_pt_sequence_leaves_the_line_straight(sequence, reason, tmp_path) -> None:
    folder = feed(tmp_path, None, ["s1"])
    rows = [
        ["s1", str(lat), str(lon), seq] for (lat, lon), seq in zip(BENT, sequence, strict=False)
    ]
    write_table(folder / "shapes.txt", ["shape_id", "shape_pt_lat", "shape_pt_lon",
                                        "shape_pt_sequence"], rows)  # fmt: skip
    with pytest.warns(GTFSWarning, match=reason):
        assert from_gtfs(folder).edges == ()


def test_an_unreadable_shapes_file_leaves_every_edge_straight(tmp_path) -> None:
    folder = feed(tmp_path, None, ["s1"])
    (folder / "shapes.txt").write_text("shape_id,shape_pt_lat\ns1,50\n", encoding="utf-8")
    with pytest.warns(GTFSWarning) as caught:
        assert from_gtfs(folder).edges == ()
    assert [str(w.message) for w in caught] == [
        f"{folder}: shapes.txt: no column shape_pt_lon, shape_pt_sequence; every edge is left "
        "straight"
    ]


def test_with_max_stations_an_edge_follows_the_track_through_dropped_stations(tmp_path) -> None:
    with pytest.warns(GTFSWarning, match="line M: 1 of 3 stations dropped"):
        city = from_gtfs(feed(tmp_path, {"s1": BENT}, ["s1"]), max_stations=2)
    assert [edge.between for edge in city.edges] == [("a", "c")]
    assert passes_near(city.edge_path("a", "c"), corner_xy(), within=1.0)


def test_prague_with_shapes_through_its_platforms_bends_only_the_detour(tmp_path) -> None:
    """The Prague fixture has no shapes.txt: give each trip a shape through its
    platforms in order (so the track is straight up to the platforms' offsets) and
    send line A's track 400 m south between Muzeum and Náměstí Míru."""
    import pandas as pd

    folder = copied(tmp_path, "prague")
    stops = pd.read_csv(folder / "stops.txt", dtype=str).set_index("stop_id")
    times = pd.read_csv(folder / "stop_times.txt", dtype=str)
    times = times.assign(order=times["stop_sequence"].astype(int)).sort_values(["trip_id", "order"])
    trips = pd.read_csv(folder / "trips.txt", dtype=str)
    trips["shape_id"] = "shape-" + trips["trip_id"]
    trips.to_csv(folder / "trips.txt", index=False)
    shapes = {}
    for trip, visits in times.groupby("trip_id"):
        points = [(float(stops.at[s, "stop_lat"]), float(stops.at[s, "stop_lon"]))
                  for s in visits["stop_id"]]  # fmt: skip
        if trip.startswith("A-0"):
            k = list(visits["stop_id"]).index("P:muzeum:A")
            (lat0, lon0), (lat1, lon1) = points[k], points[k + 1]
            points.insert(k + 1, ((lat0 + lat1) / 2 - 0.0036, (lon0 + lon1) / 2))
        shapes[f"shape-{trip}"] = points
    write_shapes(folder, shapes)
    city = quiet(folder)
    assert [edge.between for edge in city.edges] == [("muzeum", "namesti-miru")]
    muzeum, miru = city.stations["muzeum"], city.stations["namesti-miru"]
    ((x, y),) = city.edges[0].via
    assert min(muzeum.x, miru.x) < x < max(muzeum.x, miru.x) and y < min(muzeum.y, miru.y) - 2
