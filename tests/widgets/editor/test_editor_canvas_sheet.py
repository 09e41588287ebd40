"""The map editor's canvas drawn like the sheet (issue 29, point 8), measured on the
figure the editor shows: transfers carry their star value, no name lies on a line
(the one being drawn too), every wagon stands clear of its first station, and the
view moves only when the user asks (Fit)."""

from __future__ import annotations

from itertools import pairwise

import numpy as np
import pytest

pytest.importorskip("ipywidgets")

import vvlab
from vvlab.plan.geometry import boxes_overlap, segments_meeting, station_size
from vvlab.plan.names import SCREEN_NAMES, name_options
from vvlab.plan.wagons import wagon_shape
from vvlab.viz import draw_map
from vvlab.viz.plan import BLANK
from vvlab.widgets.editor.canvas import HEIGHT, WIDTH
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.sketch import canvas_frame
from vvlab.widgets.editor.view import MapEditor

CITIES = ("amsterdam", "berlin", "madrid", "paris")
"""The four built-in cities (and the tutorial)."""


def shown(figure, role: str) -> list:
    return [
        t for t in figure.data if t.meta and t.meta.get("role") == role and t.visible is not False
    ]


def view_frame(figure):
    (x0, x1), (y0, y1) = figure.layout.xaxis.range, figure.layout.yaxis.range
    return canvas_frame((x0, y0, x1, y1), WIDTH, HEIGHT)


def drawn_segments(figure, frame) -> np.ndarray:
    """Every straight piece drawn on the canvas in pixels: the lines (with their bends,
    side by side as drawn), the line being drawn, the dotted wagon links."""
    pieces = []
    for trace in shown(figure, "line") + shown(figure, "draft"):
        points = list(zip(trace.x, trace.y, strict=True))
        pieces += [(a, b) for a, b in pairwise(points) if None not in a and None not in b]
    pieces += [((s.x0, s.y0), (s.x1, s.y1)) for s in figure.layout.shapes if s.type == "line"]
    return np.array([[frame.to_px(a), frame.to_px(b)] for a, b in pieces], dtype=float)


def names_on_lines(figure) -> list[str]:
    """The stations whose written name a drawn segment meets."""
    frame = view_frame(figure)
    segments = drawn_segments(figure, frame)
    (names,) = shown(figure, "names")
    return [
        sid
        for sid, box in zip(names.meta["ids"], names.meta["boxes"], strict=True)
        if segments_meeting(segments, np.array([box], dtype=float)).any()
    ]


def star_texts(figure) -> dict[str, str]:
    (stations,) = shown(figure, "stations")
    return dict(zip(stations.meta["ids"], stations.text, strict=True))


def wagons_on_first_stations(figure, city, frame) -> list[str]:
    """The lines whose wagon (its body and boxes at their size in pixels, and as
    placed in map units) touches its first station's marker."""
    touching = []
    for trace in shown(figure, "wagon"):
        line = next(ln for ln in city.lines if ln.id == trace.meta["line"])
        first = city.stations[line.stations[0]]
        x, y = frame.to_px((first.x, first.y))
        r = station_size(len(city.lines_through(first.id))) / 2
        bx, by = frame.to_px((trace.x[0], trace.y[0]))
        shape = wagon_shape(line.indicators)[0]
        wagon = (bx + shape[0], by + shape[1], bx + shape[2], by + shape[3])
        if boxes_overlap(wagon, (x - r, y - r, x + r, y + r), touching=True):
            touching.append(line.id)
    return touching


def ranges(editor: MapEditor) -> tuple:
    layout = editor.figure.layout
    return tuple(layout.xaxis.range), tuple(layout.yaxis.range)


@pytest.mark.parametrize("name", ["tutorial", *CITIES])
def test_a_valid_city_on_the_canvas_is_drawn_like_the_sheet(name: str) -> None:
    """Star values on the transfers, no name on a line, wagons off their stations."""
    editor = MapEditor(name)
    city, figure = editor.controller.city(), editor.figure
    stars = star_texts(figure)
    assert {s: t for s, t in stars.items() if t.strip()} == {
        s: str(city.star_value(s)) for s in city.transfer_stations
    }
    assert names_on_lines(figure) == []
    assert wagons_on_first_stations(figure, city, view_frame(figure)) == []
    assert len(shown(figure, "wagon")) == len(city.lines)


@pytest.mark.parametrize("name", ["tutorial", *CITIES])
def test_the_sheets_wagons_stand_clear_of_their_first_station(name: str) -> None:
    """The same placement on the plan :func:`~vvlab.viz.draw_map` draws."""
    from vvlab.plan.wagons import map_geometry

    city = vvlab.load_map(name)
    figure = draw_map(city)
    frame = map_geometry(city).frame
    assert wagons_on_first_stations(figure, city, frame) == []


def a_draft_with_a_line_through_a_name() -> dict:
    """Station 1 with its own line leaving to the right, where a name goes first; a
    transfer; a lone station (so the city is a draft)."""
    at = {"s1": (0, 0), "s2": (6, 0), "s3": (3, 3), "s4": (3, -3), "s5": (9, 3)}
    return {
        "format": "vvlab-map/1",
        "id": "draft",
        "name": "Draft",
        "stations": {s: {"name": f"Station {s[1]}", "x": x, "y": y} for s, (x, y) in at.items()},
        "lines": [
            {"id": "A", "name": "A", "color": "#DA421E", "indicators": 2, "bonus": [4, 2],
             "stations": ["s1", "s2"]},
            {"id": "B", "name": "B", "color": "#1E6FDA", "indicators": 2, "bonus": [4, 2],
             "stations": ["s3", "s1", "s4"]},
        ],
    }  # fmt: skip


def test_a_draft_shows_star_values_and_keeps_names_off_its_lines() -> None:
    editor = MapEditor(controller=MapEditorController(a_draft_with_a_line_through_a_name()))
    assert editor.controller.city() is None  # Station 5 is on no line
    figure = editor.figure
    frame = view_frame(figure)
    first = name_options("Station 1", frame.to_px((0, 0)), station_size(2) / 2, SCREEN_NAMES)
    segments = drawn_segments(figure, frame)
    where_first = tuple(first.boxes[0])
    assert segments_meeting(segments, np.array([where_first], dtype=float)).any()
    assert star_texts(figure) == {"s1": "4", "s2": BLANK, "s3": BLANK, "s4": BLANK, "s5": BLANK}
    assert names_on_lines(figure) == []
    assert {"s1", "s2", "s3", "s4"} <= set(shown(figure, "names")[0].meta["ids"])


def test_names_keep_off_the_line_being_drawn_and_bent_lines() -> None:
    editor = MapEditor("tutorial")
    controller = editor.controller
    controller.bend_edits.add("castle", "zoo", 0, (2, 1))
    editor.refresh()
    assert names_on_lines(editor.figure) == []
    editor.start_line_button.click()
    route = ["harbour", "zoo", "north", "airport"]
    for sid in route:
        editor.click_station(sid)
        assert names_on_lines(editor.figure) == [], sid
    (draft,) = shown(editor.figure, "draft")
    assert draft.meta["ids"] == route


def test_edits_undo_and_a_restored_draft_never_move_the_view(tmp_path) -> None:
    """A draft restored, stations added (near the edge too), moved and deleted, a line
    drawn, undo and redo: the axes stay as they were; only Fit changes them."""
    first = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    first.controller.station_edits.rename("zoo", "Tierpark")  # kept as a draft
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    start = ranges(editor)
    (x0, x1), (y0, y1) = start
    editor.draft_bar.restore_draft_button.click()
    assert editor.controller.stations["zoo"]["name"] == "Tierpark"
    assert ranges(editor) == start
    editor.mode.value = "add station"
    corners = [(round(x1) - 1, round(y1) - 1), (round(x0) + 1, round(y0) + 1)]
    for x, y in [*corners, (0, 5), (5, 5), (-5, -5)]:
        editor.click_grid(x, y)
        assert ranges(editor) == start, (x, y)
    added = [s for s in editor.controller.stations if s not in first.controller.stations]
    editor.drag_station(added[-1], round(x1) - 1, round(y0) + 1)
    editor.start_line_button.click()
    for sid in added[:2]:
        editor.click_station(sid)
    editor.finish_line_button.click()
    assert ranges(editor) == start
    editor.controller.station_edits.delete(added[2])
    editor.refresh()
    for button in [editor.undo_button] * 4 + [editor.redo_button] * 2:
        button.click()
        assert ranges(editor) == start
    editor.fit_button.click()
    assert ranges(editor) != start


@pytest.mark.parametrize("how", ["open", "generate"])
def test_another_city_opened_is_fitted_in_the_view(how: str) -> None:
    """Opening or generating a city is asking for it: the view fits it, so no station
    of the new city is out of sight (a blank editor's view is far smaller than Paris)."""
    editor = MapEditor(None, autosave=False)
    blank = ranges(editor)
    if how == "open":
        editor.source_select.value = "paris"
        editor.open_button.click()
    else:
        editor.gen_lines.value, editor.gen_stations.value = 5, 60
        editor.generate_button.click()
    (x0, x1), (y0, y1) = ranges(editor)
    assert ranges(editor) != blank
    stations = editor.controller.stations.values()
    assert all(x0 <= s["x"] <= x1 and min(y0, y1) <= s["y"] <= max(y0, y1) for s in stations)
