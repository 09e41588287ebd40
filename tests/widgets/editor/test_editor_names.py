"""Station names on the map editor's canvas, placed for the pixels it shows: for a
valid city (the plan's names) and for a draft with problems (the sketch's)."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

from names_check import MAPS, check_names, city_markers, key_stations, marker_boxes, wagon_boxes

import vvlab
from vvlab.plan.wagons import map_geometry
from vvlab.widgets.editor.canvas import plan_figure
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.sketch import canvas_frame, station_radii

WIDTH, HEIGHT = 920, 640
"""The canvas the names are measured on: a wide notebook's. The editor's own canvas is
smaller (it fits one screen with its controls): at a fit it names fewer of a large
city's stations, and the rest once zoomed in."""
OTHERS_NAMED = 0.3
"""Least share of the other stations named on the canvas (measured: 0.35 to 0.48 on
the built-in cities)."""


def by_role(fig, role):
    (found,) = [t for t in fig.data if t.meta["role"] == role]
    return found


def view_frame(fig):
    box = (fig.layout.xaxis.range[0], fig.layout.yaxis.range[0])
    box += (fig.layout.xaxis.range[1], fig.layout.yaxis.range[1])
    return canvas_frame(box, WIDTH, HEIGHT)


@pytest.mark.parametrize("name", MAPS)
def test_canvas_names_every_key_station(name):
    ed = MapEditorController.open(name)
    city = vvlab.load_map(name)
    fig = plan_figure(ed, WIDTH, HEIGHT)
    frame = view_frame(fig)
    geo = map_geometry(city, WIDTH, HEIGHT, frame)  # laid out for the view shown
    key = key_stations(city)
    others = [s for s in city.stations if s not in key]
    blocked = city_markers(city, frame) + wagon_boxes(geo, frame)
    share = check_names(by_role(fig, "names"), key, others, frame, blocked)
    assert share >= (1.0 if name == "tutorial" else OTHERS_NAMED)


@pytest.mark.parametrize("name", ["tutorial", "paris"])
def test_a_draft_names_its_stations_apart_instead_of_piling_them_up(name):
    ed = MapEditorController.open(name)
    ed.station_edits.add(*_free_spot(ed))  # on no line: the city has a problem now
    fig = plan_figure(ed, WIDTH, HEIGHT)
    assert fig.layout.title.text.endswith("draft: see the problems")
    frame = view_frame(fig)
    stations = ed.stations
    routes = [line["stations"] for line in ed.lines]
    transfers = {s for s in stations if sum(s in r for r in routes) > 1}
    key = transfers | {s for r in routes for s in (r[0], r[-1])}
    others = [s for s in stations if s not in key]
    points = {s: frame.to_px((st["x"], st["y"])) for s, st in stations.items()}
    radii = station_radii(ed.history.data, stations)
    assert radii[next(iter(transfers))] > min(radii.values())  # sized as on the plan
    blocked = marker_boxes(points, radii)
    share = check_names(by_role(fig, "names"), key, others, frame, blocked)
    assert share >= (0.9 if name == "tutorial" else OTHERS_NAMED)
    markers = by_role(fig, "stations")
    assert markers.mode == "markers+text" and len(markers.customdata) == len(stations)
    written = [t.replace("<br>", " ") for t in by_role(fig, "names").text]
    names = by_role(fig, "names").meta["ids"]
    assert written == [stations[s].get("name") or s for s in names]


def _free_spot(ed):
    taken = {(s["x"], s["y"]) for s in ed.stations.values()}
    xs = [s["x"] for s in ed.stations.values()]
    ys = [s["y"] for s in ed.stations.values()]
    spot = (max(xs) + 2 * ed.station_edits.grid_step, max(ys))
    assert spot not in taken
    return spot


def test_an_edit_keeps_the_names_it_does_not_disturb_where_they_were() -> None:
    """After moving one station, names far from it keep their places (beside their
    stations): the editor tries each name where it was first."""
    import plotly.graph_objects as go

    from vvlab.widgets.editor.painter import CanvasPainter

    ed = MapEditorController.open("paris")
    painter = CanvasPainter(go.Figure(), lambda *args: None, WIDTH, HEIGHT)
    painter.paint(ed, None)
    names = next(t for t in painter.figure.data if t.meta.get("role") == "names")
    before = dict(zip(names.meta["ids"], zip(names.x, names.y, strict=True), strict=True))
    moved = sorted(ed.stations)[5]
    st = ed.stations[moved]
    ed.station_edits.move(moved, st["x"] + 1, st["y"])
    painter.paint(ed, None)
    names = next(t for t in painter.figure.data if t.meta.get("role") == "names")
    after = dict(zip(names.meta["ids"], zip(names.x, names.y, strict=True), strict=True))
    kept = [s for s in before if s != moved and after.get(s) == before[s]]
    assert len(kept) >= 0.9 * (len(before) - 1), (len(kept), len(before))


@pytest.mark.parametrize("name", ["paris", "tutorial"])
def test_a_drafts_traces_are_the_json_plotly_would_make_of_them(name):
    """The editor builds a draft's traces as plain dicts and sends them unchecked
    (:func:`~vvlab.widgets.figure_update.send_update`): each must be exactly what
    plotly makes of it, or the browser would draw something else than the figure."""
    import plotly.graph_objects as go

    from vvlab.widgets.editor.sketch import sketch_traces

    data = vvlab.load_map(name).to_dict()
    data["lines"][0]["color"] = "not a colour"  # a draft: drawn grey
    data["stations"]["extra"] = {"x": 0.5, "y": 0.5, "name": "Ünder Construction"}
    frame = canvas_frame((-1.0, -1.0, 12.0, 10.0), WIDTH, HEIGHT)
    specs = sketch_traces(data, frame)
    assert {s["meta"]["role"] for s in specs} == {"line", "leaders", "stations", "names"}
    for spec in specs:
        assert go.Scatter(spec).to_plotly_json() == spec, spec["meta"]
