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
    assert editor.drag in editor.children[4].children[0].children  # beside the canvas
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
