"""layout_quality on a city whose edges bend (tests/bent_city.py): every figure follows
the edges' polylines, not the straight lines between their stations."""

from __future__ import annotations

import copy

import numpy as np
import pytest
from bent_city import BENT

from vvlab.design.layout_quality import (
    bends,
    displacement,
    edge_crossings,
    edge_lengths,
    layout_quality,
    line_edges,
    non_octilinear_edges,
    segments_meet,
    stations_on_foreign_edges,
)
from vvlab.model import CityMap


def bent(**changes) -> CityMap:
    data = copy.deepcopy(BENT)
    for key, value in changes.items():
        data[key] = value
    return CityMap.from_dict(data)


def test_lengths_follow_the_bends():
    city = bent()
    assert line_edges(city) == [("a", "b"), ("b", "c"), ("c", "e"), ("d", "b")]
    assert edge_lengths(city) == pytest.approx([4, 2 + 2 * np.sqrt(2), 8, 4])


def test_bends_count_turns_at_stations_and_between_them():
    # P: east, down, east, up at Charlie, north, east at the bend before Echo (5);
    # Q: south, then the dip of Bravo - Charlie (3)
    assert bends(bent()) == 8
    q = layout_quality(bent())
    assert q["bends"] == 8 and q["bends_per_edge"] == 2.0


def test_a_bend_point_in_a_straight_run_is_no_bend():
    city = bent(edges=[{"between": ["a", "b"], "via": [[1, 0], [3, 0]]}])
    assert bends(city) == 2  # P turns at Charlie, Q at Bravo


def test_an_edge_is_octilinear_only_if_every_piece_is():
    assert non_octilinear_edges(bent()) == []
    skew = bent(edges=[*BENT["edges"], {"between": ["a", "b"], "via": [[1, 1], [3, 0]]}])
    assert non_octilinear_edges(skew) == [("a", "b")]
    assert layout_quality(skew)["octilinear_share"] == 0.75


def test_crossings_and_stations_on_edges_follow_the_bends():
    # Charlie - Echo bent round through Delta, where it touches Delta - Bravo
    through_delta = [{"between": ["c", "e"], "via": [[8, 4], [4, 4], [4, 6], [12, 6]]}]
    city = bent(edges=through_delta)
    assert stations_on_foreign_edges(city) == [("d", ("c", "e"))]
    assert edge_crossings(city) == [(("c", "e"), ("d", "b"))]
    assert layout_quality(city)["crossings"] == 1


def test_edges_out_of_one_station_meet_where_they_run_along_each_other():
    # Charlie - Echo leaves Charlie towards the dip's last bend, along Bravo - Charlie
    city = bent(edges=[BENT["edges"][0], {"between": ["c", "e"], "via": [[6, -2], [12, -2]]}])
    assert edge_crossings(city) == [(("b", "c"), ("c", "e"))]
    assert edge_crossings(bent()) == []


def test_segments_meet_takes_arrays():
    a, b = np.array([[0, 0], [0, 0]]), np.array([[2, 2], [1, 0]])
    c, d = np.array([[0, 2], [2, 0]]), np.array([[2, 0], [3, 0]])
    assert segments_meet(a, b, c, d).tolist() == [True, False]


def test_displacement_mean_and_median():
    city = bent()
    moved = bent(stations=BENT["stations"] | {"e": {"name": "Echo", "x": 12, "y": 14}})
    mean, median = displacement(moved, city), displacement(moved, city, statistic="median")
    assert mean > 0 and median > 0 and mean != median
    q = layout_quality(moved, reference=city)
    assert (q["displacement"], q["median_displacement"]) == (mean, median)
    with pytest.raises(ValueError, match="statistic"):
        displacement(moved, city, statistic="max")
