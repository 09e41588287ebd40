"""CityMap: queries, the networkx graph, loading by name/path/dict, saving, round trips."""

import json
import math
import os
import subprocess
import sys
import zipfile
from pathlib import Path

import networkx as nx
import pytest
from hypothesis import given, settings
from strategies import city_dicts

import vvlab
from vvlab import MapError, load_map
from vvlab.model.io import map_json, maps_dir

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def city():
    return load_map("tutorial")


def two_line_dict():
    """Lines P and Q share the segment b-c, so the graph has parallel edges."""
    st = {s: {"name": s.upper(), "x": i, "y": 0} for i, s in enumerate("abcde")}
    return {
        "format": "vvlab-map/1",
        "id": "pair",
        "name": "Pair",
        "stations": st,
        "lines": [
            {
                "id": "P",
                "name": "P",
                "color": "#FF0000",
                "indicators": 2,
                "bonus": [4, 2],
                "stations": ["a", "b", "c", "d"],
            },
            {
                "id": "Q",
                "name": "Q",
                "color": "#0000FF",
                "indicators": 1,
                "bonus": [3, 1],
                "stations": ["e", "c", "b"],
            },
        ],
    }


def test_tutorial_is_a_small_teaching_map(city):
    assert [ln.id for ln in city.lines] == ["A", "B", "C", "D"]
    assert len(city.stations) == 12
    assert city.transfer_stations == ("central", "park")
    assert city.lines_through("central") == ("A", "B", "C")
    assert city.lines_through("park") == ("B", "D")
    assert city.lines_through("zoo") == ("A",)
    assert [city.star_value(s) for s in ("zoo", "park", "central")] == [2, 4, 6]
    line = city.line("A")
    assert (line.name, line.color, line.indicators, line.bonus) == ("Amber", "#E8A317", 2, (5, 3))
    assert line.stations[0] == "harbour"  # routes start at the wagon
    assert city.total_indicators == 6


def test_unknown_line_and_station_name_what_exists(city):
    with pytest.raises(KeyError, match="lines: A, B, C, D"):
        city.line("Z")
    with pytest.raises(KeyError, match="no station 'nowhere'"):
        city.lines_through("nowhere")


def test_graph_nodes_edges_and_keys():
    city = load_map(two_line_dict())
    g = city.graph
    assert isinstance(g, nx.MultiGraph)
    assert g.nodes["c"] == {"name": "C", "pos": (2, 0), "lines": ("P", "Q")}
    assert g.number_of_edges() == 3 + 2
    assert sorted(g["b"]["c"]) == ["P", "Q"]  # parallel edges keyed by line id
    assert g.edges["b", "c", "Q"]["color"] == "#0000FF"
    assert city.graph is g  # built once


def test_graph_degree_matches_lines_through(city):
    for sid in city.stations:
        ends = sum(1 for ln in city.lines if sid in (ln.stations[0], ln.stations[-1]))
        assert city.graph.degree(sid) == 2 * len(city.lines_through(sid)) - ends


def test_file_round_trip_is_exact(city, tmp_path):
    text = (maps_dir() / "tutorial.json").read_text(encoding="utf-8")
    assert map_json(city) == text
    assert city.to_dict() == json.loads(text)
    out = tmp_path / "copy.json"
    city.save(out)
    assert out.read_text(encoding="utf-8") == text
    assert load_map(out) == city
    assert load_map(str(out)) == city


@settings(max_examples=50, deadline=None)
@given(data=city_dicts())
def test_dict_round_trip_on_random_maps(data):
    city = load_map(data)
    full = city.to_dict()
    assert {k: full[k] for k in data} == data
    assert load_map(json.loads(map_json(city))).to_dict() == full


def test_save_is_atomic(city, tmp_path, monkeypatch):
    out = tmp_path / "city.json"
    out.write_text("original", encoding="utf-8")

    def crash(src, dst):
        raise OSError("disk full")

    monkeypatch.setattr(os, "replace", crash)
    with pytest.raises(OSError, match="disk full"):
        city.save(out)
    assert out.read_text(encoding="utf-8") == "original"
    assert list(tmp_path.iterdir()) == [out]  # no temporary file left behind


def test_edit_a_map_through_its_dict(city):
    data = city.to_dict()
    data["lines"][3]["bonus"] = [4, 2]
    data["stations"]["lake"]["name"] = "Big Lake"
    edited = load_map(data)
    assert edited.line("D").bonus == (4, 2) and edited.stations["lake"].name == "Big Lake"
    assert edited != city and load_map("tutorial") == city


@pytest.mark.parametrize("name", ["../tutorial", "..", "a/b", "/no/such/dir/x", "tu torial"])
def test_names_that_would_leave_maps_dir_are_refused(name):
    with pytest.raises(MapError, match="would resolve outside maps/") as info:
        load_map(name)
    assert info.value.problems[0].path == ""


def test_unknown_builtin_name_lists_the_known_ones():
    with pytest.raises(MapError, match=r'no built-in map "atlantis" \(built-in maps: .*tutorial'):
        load_map("atlantis")


def test_load_map_type_errors():
    with pytest.raises(TypeError, match="name, a path or a dict"):
        load_map(42)


def test_builtin_maps_all_load():
    assert "tutorial" in vvlab.builtin_maps()
    for name in vvlab.builtin_maps():
        assert load_map(name).id == name


def test_maps_ship_inside_the_wheel(tmp_path):
    """A plain (non-editable) install finds the built-in maps and the schema."""
    wheels = tmp_path / "wheels"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--no-deps",
            "--no-build-isolation",
            "-q",
            "-w",
            str(wheels),
            str(ROOT),
        ],
        check=True,
    )
    (wheel,) = wheels.glob("vvlab-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert "vvlab/maps/tutorial.json" in names and "vvlab/model/map.schema.json" in names
    target = tmp_path / "site"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "install",
            "--no-deps",
            "-q",
            "--target",
            str(target),
            str(wheel),
        ],
        check=True,
    )
    code = (
        "import vvlab, pathlib; c = vvlab.load_map('tutorial'); "
        "print(pathlib.Path(vvlab.__file__).parent, len(c.stations))"
    )
    env = dict(os.environ, PYTHONPATH=str(target))
    out = subprocess.run(
        [sys.executable, "-c", code],
        cwd=tmp_path,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    ).stdout.split()
    assert out == [str(target / "vvlab"), "12"]


def test_generate_city_is_plausible_and_says_when_it_cannot():
    from vvlab.model.generate import generate_city

    city = generate_city(lines=8, stations=70, seed=4)
    assert len(city.lines) == 8 and city.transfer_stations
    assert all(6 <= len(line.stations) <= 20 for line in city.lines)
    assert generate_city(lines=8, stations=70, seed=4) == city
    with pytest.raises(ValueError, match="give more stations"):
        generate_city(lines=1, stations=6, seed=0)


@pytest.mark.parametrize(("lines", "stations"), [(10, 80), (4, 30), (2, 16)])
def test_no_two_generated_stations_overlap(lines, stations):
    # The random cloud put two stations of generate_city(10, 80, seed=6) on one point and
    # pairs a fifth of a unit apart in most cities; they are now about a corridor's
    # width (size / 45) apart at least, with only the rounding to 0.1 taken off.
    import numpy as np

    from vvlab.model.generate import generate_city

    width = 10 * math.sqrt(stations) / 45
    for seed in range(12):
        city = generate_city(lines, stations, seed=seed)
        points = np.array([[s.x, s.y] for s in city.stations.values()])
        gaps = np.linalg.norm(points[:, None] - points[None], axis=2)
        gaps[np.diag_indices(len(points))] = np.inf
        assert gaps.min() >= width - 0.15, (lines, stations, seed)
