"""Station names on the play widget's map, at its size."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from names_check import MAPS, check_names, city_markers, key_stations, trace, wagon_boxes

import vvlab
from vvlab.plan.wagons import map_geometry
from vvlab.widgets.play.sheet_map import SheetMap
from vvlab.widgets.play.view import MAP_SIZE

OTHERS_NAMED = 0.1
"""Least share of the other stations named at the play map's size (measured: 0.13 to
0.25 on the built-in cities at 700x520, where the names of transfers and termini
take most of the room)."""


@pytest.mark.parametrize("name", MAPS)
def test_play_map_names_every_key_station(name):
    city = vvlab.load_map(name)
    sheet_map = SheetMap(city, lambda line: None, lambda station: None, *MAP_SIZE)
    geo = map_geometry(city, *MAP_SIZE)
    key = key_stations(city)
    others = [s for s in city.stations if s not in key]
    blocked = city_markers(city, geo.frame) + wagon_boxes(geo, geo.frame)
    share = check_names(trace(sheet_map.figure, "names"), key, others, geo.frame, blocked)
    assert share >= (1.0 if name == "tutorial" else OTHERS_NAMED)
    stations = sheet_map.trace("stations")
    assert [row[0] for row in stations.customdata] == [s.name for s in city.stations.values()]
