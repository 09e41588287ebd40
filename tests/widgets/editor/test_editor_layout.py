"""The editor's GTFS import and schematic layout, driven headlessly."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message

from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor

FEED = Path(__file__).resolve().parents[3] / "data" / "gtfs" / "prague"


def test_import_gtfs_replaces_the_city_undoably_and_asks_over_edits(tmp_path: Path) -> None:
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    editor.gtfs_path.value = str(FEED)
    editor.import_gtfs_button.click()  # nothing edited yet: at once
    c = editor.controller
    assert sorted(ln["id"] for ln in c.lines) == ["A", "B", "C"]  # no tram by default
    assert {"mustek", "muzeum", "florenc"} <= set(c.stations) and c.problems() == []
    assert "imported" in message(editor)
    editor.undo_button.click()
    assert sorted(c.stations) == sorted(MapEditorController.open("tutorial").stations)
    c.rename_station("zoo", "Tierpark")  # an edit: the import asks first
    editor.gtfs_routes.value = "A, C"
    editor.import_gtfs_button.click()
    assert editor.confirm_import_button.layout.display is None and "zoo" in c.stations
    editor.confirm_import_button.click()
    assert sorted(ln["id"] for ln in c.lines) == ["A", "C"]


def test_a_bad_feed_is_a_message_and_changes_nothing(tmp_path: Path) -> None:
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    before = editor.controller.data
    editor.gtfs_path.value = str(tmp_path / "nowhere.zip")
    editor.import_gtfs_button.click()
    assert "nowhere.zip" in message(editor) and editor.controller.data == before
    editor.gtfs_path.value = ""
    editor.import_gtfs_button.click()
    assert "give the GTFS feed" in message(editor)
