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
    editor.layout_bar.wait(120)
    c = editor.controller
    assert sorted(ln["id"] for ln in c.lines) == ["A", "B", "C"]  # no tram by default
    assert {"mustek", "muzeum", "florenc"} <= set(c.stations) and c.problems() == []
    assert "imported" in message(editor, editor.import_message)
    editor.undo_button.click()
    assert sorted(c.stations) == sorted(MapEditorController.open("tutorial").stations)
    c.station_edits.rename("zoo", "Tierpark")  # an edit: the import asks first
    editor.gtfs_routes.value = "A, C"
    editor.import_gtfs_button.click()
    assert editor.confirm_import_button.layout.display is None and "zoo" in c.stations
    editor.confirm_import_button.click()
    editor.layout_bar.wait(120)
    assert sorted(ln["id"] for ln in c.lines) == ["A", "C"]


def test_a_bad_feed_is_a_message_and_changes_nothing(tmp_path: Path) -> None:
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    before = editor.controller.data
    editor.gtfs_path.value = str(tmp_path / "nowhere.zip")
    editor.import_gtfs_button.click()
    editor.layout_bar.wait(120)
    assert "nowhere.zip" in message(editor, editor.import_message)
    assert editor.controller.data == before
    editor.gtfs_path.value = ""
    editor.import_gtfs_button.click()
    assert "give the GTFS feed" in message(editor, editor.import_message)


def test_tidy_layout_moves_the_stations_in_one_undoable_edit(tmp_path: Path) -> None:
    from vvlab.design import layout_quality

    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    before = editor.controller.data
    editor.tidy_button.click()
    editor.layout_bar.wait(120)
    c = editor.controller
    assert "stations laid out" in editor.layout_status.value
    assert c.data["lines"] == before["lines"] and c.data["stations"] != before["stations"]
    assert layout_quality(c.city())["octilinear_share"] == 1.0
    assert {s: st["name"] for s, st in c.data["stations"].items()} == {
        s: st["name"] for s, st in before["stations"].items()
    }
    editor.undo_button.click()
    assert c.data == before and message(editor).startswith("undid: tidy layout")


def test_tidy_layout_is_the_layout_the_sheet_prints_bends_included(tmp_path: Path) -> None:
    from vvlab.design import schematic

    editor = MapEditor(controller=MapEditorController.open("berlin", folder=tmp_path))
    printed = schematic(editor.controller.city())
    editor.tidy_button.click()
    editor.layout_bar.wait(120)
    laid_out = editor.controller.city()
    assert printed.edges and laid_out.edges == printed.edges
    assert laid_out.stations == printed.stations


def test_tidy_layout_refuses_a_city_with_problems() -> None:
    editor = MapEditor(controller=MapEditorController())
    editor.tidy_button.click()
    assert not editor.layout_bar.running and editor.layout_bar.job.thread is None
    assert "must not be empty" in message(editor, editor.layout_status)
