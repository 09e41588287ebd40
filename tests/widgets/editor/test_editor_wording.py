"""Names, not ids (issue 29.6): every message, list and problem the map editor shows
names stations and lines as the designer does, in a designer's words (no paths of the
map file, no command-line options or Python arguments)."""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor

NOT_FOR_A_DESIGNER = ("--", "=True", "n/a", "stations.", "lines[", "edges[")


def shown(value: str) -> str:
    return html.unescape(re.sub("<[^>]+>", "", value))


def designer_words(text: str) -> bool:
    return not any(word in text for word in NOT_FOR_A_DESIGNER)


def test_a_problem_about_a_station_shows_its_name() -> None:
    editor = MapEditor("tutorial")
    editor.mode.value = "add station"
    editor.click_grid(30, 30)
    sid = editor.selected
    editor.station_bar.station_name.value = "Lighthouse"
    editor.station_bar.rename_button.click()
    problems = shown(editor.problems_panel.value)
    assert "Lighthouse: station is on no line" in problems and sid not in problems
    editor.balance_button.click()  # refused: the message names the station too
    text = shown(editor.balance_bar.job.message.value)
    assert text == "the city has 1 problem (see Problems): Lighthouse: station is on no line"


def test_a_problem_of_a_line_shows_its_name() -> None:
    editor = MapEditor("tutorial")
    editor.line_bar.select("C")
    editor.line_indicators.value = 9
    editor.apply_line_button.click()
    problems = shown(editor.problems_panel.value)
    assert "line Crimson, boxes: must be between 1 and 6, got 9" in problems
    assert designer_words(problems)


def test_line_edits_name_the_line_and_its_stations() -> None:
    editor = MapEditor("tutorial")
    editor.line_bar.select("A")
    editor.click_station("market")
    editor.extend_end_button.click()
    assert shown(editor.message.value) == "Market is on line Amber already"
    editor.reverse_button.click()
    editor.undo_button.click()
    assert shown(editor.message.value) == "undid: reverse line Amber"


def test_drawing_a_line_names_its_stations() -> None:
    editor = MapEditor("tutorial")
    editor.start_line_button.click()
    editor.click_station("zoo")
    editor.click_station("lake")
    assert editor.draw_bar.draft_label.value == "drawing: Zoo → Lake"
    assert editor.station_bar.station_label.value == "station <b>Lake</b>"
    editor.click_station("zoo")
    assert shown(editor.message.value) == "Zoo is already on this line"


def test_print_sheet_asks_in_the_editor_s_words(tmp_path: Path) -> None:
    pytest.importorskip("reportlab")
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    editor.print_button.click()
    editor.print_bar.wait()
    editor.print_button.click()  # the sheet exists: the editor asks
    text = shown(editor.print_message.value)
    assert (
        text
        == 'tutorial-copy-sheet.pdf exists: press "Overwrite tutorial-copy-sheet.pdf" to replace it'
    )
    assert designer_words(text)


def test_a_file_that_is_not_there_is_named() -> None:
    editor = MapEditor()
    editor.open_path.value = "nowhere.json"
    editor.open_file_button.click()
    assert "nowhere.json" in shown(editor.open_message.value)
