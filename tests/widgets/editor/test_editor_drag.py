"""Dragging stations on the editor's canvas, driven headlessly: the messages the page's
script sends on release (see ``vvlab/widgets/editor/drag.py``) reach the editor."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message

from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor


@pytest.fixture
def editor() -> MapEditor:
    return MapEditor("tutorial")


def test_a_dropped_station_moves_snapped_selected_and_named(editor: MapEditor) -> None:
    zoo = editor.controller.stations["zoo"]
    before = (zoo["x"], zoo["y"])
    editor.mode.value = "add station"  # dragging works in any mode
    editor.drag.receive({"event": "move", "sid": "zoo", "x": 9.0, "y": -3.0})
    zoo = editor.controller.stations["zoo"]
    assert (zoo["x"], zoo["y"]) == (9, -3)
    assert editor.selected == "zoo"
    assert editor.station_name.value == zoo["name"]
    assert sorted(editor.controller.stations) == sorted(
        MapEditorController.open("tutorial").stations
    )
    shown = next(t for t in editor.figure.data if t.meta["role"] == "stations")
    k = list(shown.meta["ids"]).index("zoo")
    assert (shown.x[k], shown.y[k]) == (9, -3)
    editor.undo_button.click()
    assert (
        editor.controller.stations["zoo"]["x"],
        editor.controller.stations["zoo"]["y"],
    ) == before
    assert message(editor).startswith("undid: move station")


def test_a_drop_on_another_station_is_refused_in_the_status_area(editor: MapEditor) -> None:
    park = editor.controller.stations["park"]
    editor.drag.receive({"event": "move", "sid": "zoo", "x": park["x"], "y": park["y"]})
    assert message(editor), "no message for a refused drop"
    assert (editor.controller.stations["zoo"]["x"], editor.controller.stations["zoo"]["y"]) != (
        park["x"],
        park["y"],
    )
    assert not editor.controller.can_undo  # nothing was done


def test_a_press_without_a_move_is_a_click(editor: MapEditor) -> None:
    editor.drag.receive({"event": "click", "sid": "lake"})
    assert editor.selected == "lake"
    editor.mode.value = "draw line"
    editor.drag.receive({"event": "click", "sid": "zoo"})
    editor.drag.receive({"event": "click", "sid": "lake"})
    assert editor.controller.line_edits.draft == ["zoo", "lake"]


def test_the_script_finds_the_canvas_and_snaps_to_its_grid(editor: MapEditor) -> None:
    assert editor.drag.target in editor.figure._dom_classes
    assert editor.drag in editor.children[2].children[0].children  # beside the canvas
    other = MapEditor(controller=MapEditorController(grid_step=0.5))
    assert other.drag.grid_step == 0.5 and other.drag.target != editor.drag.target


def test_redrawing_never_changes_the_data_it_reads_without_copying(editor: MapEditor) -> None:
    import json

    for data in (editor.controller.history.data, MapEditorController().history.data):
        editor.controller.history.replace(data)
        shown = editor.controller.history.data
        before = json.dumps(shown, sort_keys=True)
        editor.refresh()
        editor.painter.fit()
        editor.refresh()
        editor.balance_games.value = 50
        editor.balance_button.click()  # a draft refuses; a city plays
        assert json.dumps(shown, sort_keys=True) == before


def bend_handles(editor: MapEditor) -> list:
    shown = [t for t in editor.figure.data if t.meta and t.meta.get("role") == "bends"]
    return [] if not shown or shown[0].visible is False else list(shown[0].meta["bends"])


def test_a_line_dragged_in_move_mode_gets_a_bend_that_moves_and_goes(editor: MapEditor) -> None:
    assert bend_handles(editor) == []
    editor.mode.value = "move"
    # pressed on the line between Castle (2, 0) and Zoo (4, 0), dropped at (3, 2)
    editor.drag.receive(
        {"event": "add-bend", "from": [3.1, 0.04], "tolerance": 0.2, "x": 3.0, "y": 2.0}
    )
    assert editor.controller.bend_edits.bends("castle", "zoo") == [(3, 2)]
    assert bend_handles(editor) == [["castle", "zoo", 0]]
    handles = next(t for t in editor.figure.data if t.meta["role"] == "bends")
    assert (handles.x, handles.y) == ((3,), (2,))
    line = next(t for t in editor.figure.data if t.meta.get("line") == "A")
    assert 2 in line.y, "the line is not drawn through its bend"
    editor.drag.receive({"event": "move-bend", "bend": ["castle", "zoo", 0], "x": 3, "y": -1})
    assert editor.controller.bend_edits.bends("zoo", "castle") == [(3, -1)]
    editor.drag.receive({"event": "remove-bend", "bend": ["castle", "zoo", 0]})
    assert editor.controller.data["format"] == "vvlab-map/1"
    editor.undo_button.click()
    assert message(editor) == "undid: remove a bend between Castle and Zoo"
    editor.mode.value = "select"  # the handles show in "move" mode only
    assert bend_handles(editor) == []


def test_a_press_beside_every_line_is_said_plainly(editor: MapEditor) -> None:
    editor.mode.value = "move"
    editor.drag.receive({"event": "add-bend", "from": [3, 2], "tolerance": 0.2, "x": 3, "y": 3})
    assert "press on a line" in message(editor)
    editor.drag.receive({"event": "move-bend", "bend": ["castle", "zoo", 0], "x": 3, "y": -1})
    assert message(editor) == "the edge between Castle and Zoo has no bend 1"
    for bad in (["castle", "zoo", "0"], ["castle", 0]):  # malformed: ignored
        editor.drag.receive({"event": "remove-bend", "bend": bad})
    assert not editor.controller.can_undo


def test_pinned_stations_stay_put_when_the_layout_is_tidied(editor: MapEditor) -> None:
    editor.click_station("zoo")
    editor.station_bar.pin_button.click()
    assert editor.controller.pinned_stations() == {"zoo"}
    assert editor.station_bar.pin_button.description == "Unpin"
    zoo = dict(editor.controller.stations["zoo"])
    editor.controller.bend_edits.add("lake", "park", 0, (3, -2))
    editor.layout_bar.keep_pinned.value = True
    editor.layout_bar.tidy_button.click()
    editor.layout_bar.wait(120)
    assert "laid out" in editor.layout_bar.layout_status.value
    assert editor.controller.stations["zoo"] == zoo
    assert "edges" not in editor.controller.data  # the layout is straight
    assert editor.controller.data["format"] == "vvlab-map/1"
    editor.undo_button.click()
    assert editor.controller.bend_edits.bends("lake", "park") == [(3, -2)]


def test_each_canvas_has_a_class_of_its_own_in_every_kernel() -> None:
    """Two notebooks run two kernels: a counter per kernel gave both editors the same
    class, and the script of one found the other's canvas and took its clicks."""
    import subprocess
    import sys

    from vvlab.widgets.editor.drag import StationDrag

    script = (
        "from vvlab.widgets.editor.drag import StationDrag\n"
        "print(StationDrag(lambda *a: None, print).target)"
    )
    kernels = {
        subprocess.run(
            [sys.executable, "-c", script], capture_output=True, text=True, check=True
        ).stdout.strip()
        for _ in range(2)
    }
    here = {StationDrag(lambda *a: None, print).target for _ in range(2)}
    assert len(kernels | here) == 4 and all(t.startswith("vvlab-canvas-") for t in kernels)
