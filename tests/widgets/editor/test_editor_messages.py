"""What the map editor tells the designer: a message area beside the canvas that
grows with its message, undo and redo
naming what they did, the station name box, the confirm before Generate replaces
edits, the default save folder."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from test_editor import message

from vvlab.model.generate import generate_city
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor


def test_the_message_beside_the_canvas_takes_the_drawing_s_messages_in_full() -> None:
    editor = MapEditor("tutorial")
    assert editor.message in editor.mode_panel.children  # beside the canvas
    assert editor.message.layout.height is None  # as tall as its text: never cut
    assert editor.message.layout.overflow == "visible"
    editor.line_bar.line_select.value = None
    editor.apply_line_button.click()
    assert "pick a line first" in message(editor)
    editor.rename_button.click()
    assert "select a station first" in message(editor)
    editor.undo_button.click()  # nothing edited yet
    assert "nothing to undo" in message(editor)


def test_quick_balance_of_an_invalid_city_leaves_no_running() -> None:
    editor = MapEditor()
    editor.balance_button.click()
    assert "running" not in editor.balance_summary.value
    assert "problem" in message(editor, editor.balance_bar.job.message)
    assert not editor.balance_bar.job.running


def test_undo_and_redo_say_what_they_did() -> None:
    editor = MapEditor("tutorial")
    editor.click_station("zoo")
    editor.mode.value = "move"
    editor.click_grid(9, 9)
    editor.undo_button.click()
    assert message(editor) == "undid: move station Zoo"
    editor.redo_button.click()
    assert message(editor) == "redid: move station Zoo"
    editor.draw_bar.start_line_button.click()
    editor.click_station("zoo")
    editor.click_station("lake")
    editor.undo_button.click()
    assert message(editor) == "undid: stop lake of the line being drawn"
    editor.cancel_line_button.click()
    editor.reverse_button.click()
    editor.undo_button.click()
    assert message(editor).startswith("undid: reverse line ")


def test_the_name_box_shows_the_selected_station() -> None:
    editor = MapEditor("tutorial")
    editor.click_station("zoo")
    assert editor.station_name.value == "Zoo"
    editor.mode.value = "add station"
    editor.click_grid(9, 9)  # the new station is selected
    assert editor.station_name.value == editor.controller.stations[editor.selected]["name"]
    editor.click_station("lake")
    assert editor.station_name.value == "Lake"
    editor.delete_station_button.click()
    assert editor.selected is None and editor.station_name.value == ""


def test_generate_asks_before_replacing_edits_and_undo_restores() -> None:
    editor = MapEditor("tutorial")
    editor.controller.station_edits.rename("zoo", "Tierpark")
    edited = editor.controller.data
    editor.gen_lines.value, editor.gen_stations.value, editor.gen_seed.value = 5, 40, 3
    editor.generate_button.click()
    assert editor.controller.data == edited
    assert editor.confirm_generate_button.layout.display is None
    assert "Replace the city" in message(editor, editor.open_message)
    editor.confirm_generate_button.click()
    assert editor.controller.data == generate_city(lines=5, stations=40, seed=3).to_dict()
    assert editor.confirm_generate_button.layout.display == "none"
    editor.undo_button.click()
    assert editor.controller.data == edited


def test_generate_over_an_unedited_city_needs_no_confirm() -> None:
    editor = MapEditor("tutorial")
    editor.generate_button.click()
    assert editor.controller.data["id"] != "tutorial-copy"
    assert editor.confirm_generate_button.layout.display == "none"


def test_an_ignored_confirm_goes_away_with_the_next_action() -> None:
    editor = MapEditor("tutorial")
    editor.controller.station_edits.rename("zoo", "Tierpark")
    editor.generate_button.click()
    editor.click_station("lake")
    assert editor.confirm_generate_button.layout.display == "none"


def test_default_save_folder_is_the_working_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    ed = MapEditorController.open("tutorial")
    assert ed.default_path() == tmp_path / "tutorial-copy.json"
    assert ed.save() == tmp_path / "tutorial-copy.json"
    assert not ed.modified
