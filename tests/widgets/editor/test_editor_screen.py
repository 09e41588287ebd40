"""The map editor on one screen (issue 29, points 4 and 5), driven headlessly: the
canvas beside the current mode's controls, the rest in tabs; each message beside the
control that caused it; every long action with progress and a Cancel that leaves the
city as it was."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message

from vvlab.widgets.editor.canvas import HEIGHT, WIDTH
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MAX_WIDTH, MODE_BARS, MODES, MapEditor
from vvlab.widgets.job import Job

BARS = ("station_bar", "draw_bar", "line_bar")


def editor_in(folder: Path, city: str = "tutorial") -> MapEditor:
    return MapEditor(controller=MapEditorController.open(city, folder=folder))


def test_the_canvas_has_room_and_the_editor_fits_a_1400_wide_lab() -> None:
    editor = MapEditor("tutorial")
    assert WIDTH >= 400 and 300 <= HEIGHT <= 520
    assert editor.figure.layout.width == WIDTH and editor.figure.layout.height == HEIGHT
    assert editor.layout.max_width == f"{MAX_WIDTH}px" and MAX_WIDTH <= 1100
    assert editor.mode_panel.layout.height == f"{HEIGHT}px"  # beside the canvas, as tall
    assert list(editor.children) == [
        editor.draft_bar.box,
        editor.mode_bar.box,
        editor.children[2],
        editor.tabs,
    ]
    assert list(editor.children[2].children)[1] is editor.mode_panel


@pytest.mark.parametrize("mode", MODES)
def test_beside_the_canvas_are_the_controls_of_the_mode(mode: str) -> None:
    editor = MapEditor("tutorial")
    editor.mode.value = mode
    shown = {bar for bar in BARS if getattr(editor, bar).box.layout.display is None}
    assert shown == set(MODE_BARS[mode])
    hidden = {bar for bar in BARS if getattr(editor, bar).box.layout.display == "none"}
    assert hidden == set(BARS) - shown
    assert editor.mode_hint.value  # what a click does, above the controls


def test_draw_line_mode_shows_finish_line_name_boxes_and_bonuses() -> None:
    editor = MapEditor("tutorial")
    editor.draw_bar.start_line_button.click()
    assert editor.mode.value == "draw line"
    panel = editor.mode_panel.children
    assert editor.draw_bar.box in panel and editor.line_bar.box in panel
    for control in (editor.finish_line_button, editor.line_name, editor.line_indicators):
        assert control.layout.display != "none"
    assert {"bonus_first", "bonus_later"} <= set(vars(editor.line_bar))


def test_the_rest_is_in_tabs_and_the_problems_tab_counts_them() -> None:
    editor = MapEditor("tutorial")
    panes = {
        title: pane for title, pane in zip(editor.tabs.titles, editor.tabs.children, strict=True)
    }
    assert list(panes) == [
        "Problems",
        "City & files",
        "Print",
        "Layout",
        "Quick balance",
        "Balance for me",
        "Compare",
    ]
    assert editor.save_bar.box in panes["City & files"].children
    assert editor.print_bar.box in panes["Print"].children
    assert all(pane.layout.max_height and pane.layout.overflow == "auto" for pane in panes.values())
    editor.controller.station_edits.add(30, 30)  # on no line: a problem
    assert editor.tabs.titles[0] == "Problems (1)"
    editor.undo_button.click()
    assert editor.tabs.titles[0] == "Problems"


def test_a_refused_print_is_said_in_full_in_the_print_tab(tmp_path: Path) -> None:
    editor = editor_in(tmp_path, "berlin")
    editor.print_button.click()
    editor.print_bar.wait(60)
    refusal = message(editor, editor.print_message)
    assert refusal.startswith("Berlin (copy) does not print readably on A4: ")
    assert refusal.endswith("or use larger paper.")  # whole, not cut
    assert editor.print_message in editor.print_bar.box.children  # under its button
    assert editor.print_message.layout.height is None
    assert message(editor) == ""  # not in the message beside the canvas
    assert not list(tmp_path.glob("*.pdf"))


@pytest.mark.parametrize(
    ("press", "area", "said"),
    [
        ("save_button", "save_message", "problem"),
        ("open_file_button", "open_message", "no such file"),
        ("tidy_button", "layout_status", "problem"),
        ("import_gtfs_button", "import_message", "give the gtfs feed"),
        ("balance_button", "balance_bar.job.message", "problem"),
        ("tune_button", "tune_bar.job.message", "problem"),
        ("compare_button", "compare_bar.job.message", "give the saved city"),
    ],
)
def test_each_message_is_beside_the_control_that_caused_it(
    tmp_path: Path, press: str, area: str, said: str
) -> None:
    editor = MapEditor(controller=MapEditorController(folder=tmp_path))  # blank: problems
    editor.open_path.value = str(tmp_path / "nowhere.json")
    getattr(editor, press).click()
    shown = editor
    for part in area.split("."):
        shown = getattr(shown, part)
    assert said in message(editor, shown).lower()
    assert message(editor) == ""


def cancel_at(job: Job, step: int) -> list[int]:
    """Press the job's Cancel at its ``step``-th report of progress (counted by work,
    never by time); the reports seen."""
    seen: list[int] = []

    def listener(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == step:
            job.cancel_button.click()

    job.listeners.append(listener)
    return seen


def test_cancel_stops_the_quick_balance_and_shows_nothing_of_it() -> None:
    editor = MapEditor("tutorial")
    bar = editor.balance_bar
    bar.balance_games.value = 256 * 4  # four blocks of games for each bot
    running: list[bool] = []  # seen at the first step, in the job's thread, by work
    bar.job.listeners.append(lambda done, total: running.append(bar.job.running))
    seen = cancel_at(bar.job, 1)
    bar.balance_button.click()
    bar.wait(120)
    assert running[0], "the job was not running (its Cancel not enabled) at its first step"
    assert seen == [256]  # the games stopped at the next block after the Cancel
    assert bar.last_balance is None and bar.balance_figures.children == ()
    assert message(editor, bar.job.message) == "cancelled playing the games: nothing changed"
    assert not bar.balance_button.disabled and bar.job.cancel_button.layout.display == "none"


def test_cancel_of_a_print_writes_no_file(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    seen = cancel_at(editor.print_bar.job, 1)
    editor.print_button.click()
    editor.print_bar.wait(60)
    assert seen == [0]  # stopped after laying the sheet out: nothing drawn, nothing written
    assert not list(tmp_path.glob("*sheet*"))
    assert message(editor, editor.print_message) == "cancelled printing the sheet: nothing changed"


def test_cancel_of_a_tidy_layout_leaves_the_city_as_it_was(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    before = editor.controller.data
    cancel_at(editor.layout_bar.job, 1)
    editor.tidy_button.click()
    editor.layout_bar.wait(120)
    assert editor.controller.data == before and not editor.controller.can_undo
    assert "cancelled laying the city out: nothing changed" in editor.layout_status.value


def test_a_long_action_shows_its_progress_then_its_result(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    bar = editor.balance_bar
    bar.balance_games.value = 300
    shown: list[tuple[int, int]] = []
    bar.job.listeners.append(
        lambda done, total: shown.append((bar.job.progress.value, bar.job.progress.max))
    )
    bar.balance_button.click()
    bar.wait(120)
    assert shown[0] == (256, 600) and shown[-1] == (600, 600)  # both bots' games
    assert "300 solo games played" in bar.balance_summary.value
    assert bar.job.progress.layout.display == "none"  # gone once done


def row_of(box, widget):
    """The row of controls in ``box`` that holds ``widget``."""
    for child in getattr(box, "children", ()):
        if widget in getattr(child, "children", ()):
            return child
        found = row_of(child, widget)
        if found is not None:
            return found
    return None


def test_every_long_action_runs_through_the_one_job_helper() -> None:
    editor = MapEditor("tutorial")
    bars = (editor.print_bar, editor.layout_bar, editor.balance_bar)
    bars += (editor.tune_bar, editor.compare_bar)
    for bar in bars:
        assert isinstance(bar.job, Job)
        beside = row_of(bar.box, bar.job.start_button)
        assert beside is not None and bar.job.cancel_button in beside.children
        assert bar.job.progress in beside.children
