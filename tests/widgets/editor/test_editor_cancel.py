"""Every long action of the map editor shows its progress in its own bar and stops
within a step of its work when Cancel is pressed (issue 29, point 5): the GTFS import,
the tidy layout, printing with the schematic layout first, the comparison. Cancel is
pressed after a given number of progress reports (by work, never by time); a report
after it would show the work went on. The city stays as it was, and the bar says so."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message
from test_editor_screen import cancel_at, editor_in

from vvlab.model.steps import Cancelled
from vvlab.widgets.job import Job

FEED = Path(__file__).resolve().parents[3] / "data" / "gtfs" / "prague"


def shown_at_each_step(job: Job) -> list[tuple[int, int, str]]:
    """The job's bar (value, max) and message text at each report of progress."""
    shown: list[tuple[int, int, str]] = []

    def listener(done: int, total: int) -> None:
        text = re.sub("<[^>]+>", "", job.message.value)
        shown.append((job.progress.value, job.progress.max, text))

    job.listeners.append(listener)
    return shown


def assert_stopped(job: Job, seen: list[int], step: int) -> None:
    """The job's work has ended, with no report of progress after the Cancel."""
    job.wait(120)
    assert job.thread is not None and not job.thread.is_alive()
    assert len(seen) == step, f"the work went on after the Cancel: {len(seen)} reports"
    assert not job.running and job.cancel_button.layout.display == "none"


def test_cancel_stops_the_tidy_layout_within_a_piece_of_its_search(tmp_path: Path) -> None:
    editor = editor_in(tmp_path, "berlin")  # a search of thousands of pieces routed
    bar, before = editor.layout_bar, editor.controller.data
    shown = shown_at_each_step(bar.job)
    seen = cancel_at(bar.job, 5)
    editor.tidy_button.click()
    assert_stopped(bar.job, seen, 5)
    value, top, text = shown[3]
    assert 0 < value < top and seen == sorted(seen)
    assert re.fullmatch(r"laying the city out: \d+ %… \d+ s \(Cancel stops it\)", text)
    assert editor.controller.data == before and not editor.controller.can_undo
    assert message(editor, bar.layout_status) == "cancelled laying the city out: nothing changed"


def test_cancel_stops_printing_in_its_schematic_layout_and_writes_nothing(
    tmp_path: Path,
) -> None:
    editor = editor_in(tmp_path, "berlin")
    bar = editor.print_bar
    bar.sheet_schematic.value = True
    shown = shown_at_each_step(bar.job)
    seen = cancel_at(bar.job, 4)
    bar.print_button.click()
    assert_stopped(bar.job, seen, 4)
    assert seen[0] == 0 and shown[2][0] > 0  # the layout's own steps, in the print's bar
    assert re.fullmatch(r"printing the sheet: \d+ %… \d+ s \(Cancel stops it\)", shown[2][2])
    assert not list(tmp_path.glob("*sheet*"))
    assert message(editor, bar.print_message) == "cancelled printing the sheet: nothing changed"


def test_cancel_stops_the_gtfs_import_and_keeps_the_city(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    bar, before = editor.layout_bar, editor.controller.data
    editor.gtfs_path.value = str(FEED)
    shown = shown_at_each_step(bar.import_job)
    seen = cancel_at(bar.import_job, 2)
    editor.import_gtfs_button.click()
    assert_stopped(bar.import_job, seen, 2)
    assert seen == [1, 2] and shown[0][:2] == (1, 4)  # feed opened, routes chosen
    assert re.fullmatch(r"importing the feed: 25 %… \d+ s \(Cancel stops it\)", shown[0][2])
    assert editor.controller.data == before and not editor.controller.can_undo
    said = message(editor, bar.import_message)
    assert said == "cancelled importing the feed: nothing changed"
    assert not editor.import_gtfs_button.disabled


def test_the_import_stops_between_the_parts_of_a_long_table() -> None:
    from vvlab.design import from_gtfs

    seen: list[int] = []
    looks: list[int] = []

    def cancel() -> bool:
        looks.append(len(looks) + 1)
        return len(looks) == 3  # the third look: in the first part of trips.txt

    with pytest.raises(Cancelled, match="the import cancelled"):
        from_gtfs(FEED, progress=lambda done, total: seen.append(done), cancel=cancel)
    assert seen == [1, 2] and looks == [1, 2, 3]


def test_cancel_stops_the_comparison_at_its_next_block_of_games(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    bar = editor.compare_bar
    bar.compare_path.value = "tutorial"
    shown = shown_at_each_step(bar.job)
    seen = cancel_at(bar.job, 1)
    bar.compare_button.click()
    assert_stopped(bar.job, seen, 1)
    value, top, text = shown[0]
    assert 0 < value < top and re.fullmatch(rf"comparing: {value} of {top}… \d+ s.*", text)
    assert bar.last_comparison is None and bar.comparison.value == ""
    assert message(editor, bar.job.message) == "cancelled comparing: nothing changed"


def test_a_finished_import_tells_every_step_then_replaces_the_city(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    bar = editor.layout_bar
    editor.gtfs_path.value = str(FEED)
    shown = shown_at_each_step(bar.import_job)
    editor.import_gtfs_button.click()
    bar.wait(120)
    assert [value for value, _, _ in shown] == [1, 2, 3, 4]
    assert sorted(ln["id"] for ln in editor.controller.lines) == ["A", "B", "C"]
    assert message(editor, bar.import_message).startswith("imported ")
    assert bar.import_job.progress.layout.display == "none"
