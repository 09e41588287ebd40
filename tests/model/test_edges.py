"""Edges that bend between stations: the ``vvlab-map/2`` format, ``CityMap.edges`` and
``CityMap.edge_path``, and maps without bends written exactly as before."""

from __future__ import annotations

import json

import pytest
from validation_cases import VALID_DIR

import vvlab
from vvlab.model import MapError
from vvlab.model.citymap import CityMap
from vvlab.model.edges import Edge
from vvlab.model.io import map_json, maps_dir

BENDS = VALID_DIR / "bends.json"


@pytest.fixture
def bent() -> CityMap:
    return vvlab.load_map(BENDS)


def test_a_straight_edge_is_its_two_stations(bent):
    assert bent.edge_path("b", "c") == [(1, 1), (2, 0)]
    assert bent.edge_path("c", "b") == [(2, 0), (1, 1)]


def test_a_bent_edge_runs_through_its_bends_either_way(bent):
    assert bent.edge_path("d", "b") == [(3, 1), (2.5, 1.5), (1.5, 1.5), (1, 1)]
    assert bent.edge_path("b", "d") == [(1, 1), (1.5, 1.5), (2.5, 1.5), (3, 1)]
    assert bent.edge_path("a", "b") == [(0, 0), (0, 1), (1, 1)]


def test_only_consecutive_stations_have_an_edge(bent):
    with pytest.raises(KeyError, match="'a' and 'e' do not follow each other"):
        bent.edge_path("a", "e")
    with pytest.raises(KeyError):
        bent.edge_path("a", "nowhere")


def test_bends_round_trip_and_keep_the_format(bent):
    data = bent.to_dict()
    assert data["format"] == "vvlab-map/2"
    assert data["edges"] == json.loads(BENDS.read_text())["edges"]
    again = vvlab.load_map(json.loads(map_json(bent)))
    assert again == bent and again.edges == bent.edges


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_maps_without_bends_are_written_back_byte_for_byte(name, tmp_path):
    text = (maps_dir() / f"{name}.json").read_text(encoding="utf-8")
    city = vvlab.load_map(name)
    assert city.edges == () and "edges" not in city.to_dict()
    out = tmp_path / f"{name}.json"
    city.save(out)
    assert out.read_text(encoding="utf-8") == text


def test_a_format_2_file_without_bends_is_written_as_format_1(bent):
    data = {**bent.to_dict(), "edges": []}
    assert vvlab.load_map(data).to_dict()["format"] == "vvlab-map/1"


def test_a_map_built_from_its_parts_checks_its_edges(bent):
    parts = {"id": "x", "name": "X", "stations": bent.stations, "lines": bent.lines}
    city = CityMap(**parts, edges=[Edge(("c", "d"), ((2.5, 0.0),))])
    assert city.edge_path("d", "c") == [(3, 1), (2.5, 0.0), (2, 0)]
    with pytest.raises(MapError, match=r"edges\[0\]\.between: \"a\" and \"e\" do not follow"):
        CityMap(**parts, edges=[Edge(("a", "e"), ((1.0, 1.0),))])


def test_bends_do_not_change_the_network(bent):
    straight = vvlab.load_map(
        {k: v for k, v in bent.to_dict().items() if k != "edges"} | {"format": "vvlab-map/1"}
    )
    assert sorted(bent.graph.edges(keys=True)) == sorted(straight.graph.edges(keys=True))
