"""Autosave (issue 29.3): after every edit, valid or not, the editor keeps the city as
a draft in ``vvlab-drafts/<city id>.json`` of its folder; an editor opened on a city
with a newer draft offers to restore it; saving the city removes its draft."""

from __future__ import annotations

import errno
import json
import os
import threading
import time
from pathlib import Path

import pytest

import vvlab.widgets.editor.drafts as drafts
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.drafts import DRAFTS, draft_text
from vvlab.widgets.editor.view import MapEditor


def editor_in(folder: Path, source: object = "tutorial") -> MapEditor:
    return MapEditor(controller=MapEditorController.open(source, folder=folder))


def draft_of(editor: MapEditor) -> Path:
    return editor.controller.autosave.path()


def assert_draft_is_the_data(editor: MapEditor) -> None:
    data = editor.controller.history.data
    path = draft_of(editor)
    assert path.read_bytes() == draft_text(data).encode("utf-8")
    assert json.loads(path.read_bytes()) == data


def test_every_edit_writes_the_draft_valid_or_not(tmp_path: Path) -> None:
    editor = editor_in(tmp_path, None)
    assert not (tmp_path / DRAFTS).exists()  # a city just opened is no draft
    editor.mode.value = "add station"
    editor.click_grid(2, 3)
    assert editor.controller.problems()  # one station: not a valid city, kept anyway
    assert draft_of(editor) == tmp_path / DRAFTS / "new-city.json"
    assert_draft_is_the_data(editor)
    editor.click_grid(6, 3)
    assert_draft_is_the_data(editor)
    editor.draw_bar.start_line_button.click()
    editor.click_station("s1"), editor.click_station("s2")
    editor.draw_bar.finish_line_button.click()
    assert not editor.controller.problems()
    assert_draft_is_the_data(editor)
    assert editor.message.value == ""


def test_undo_and_redo_write_the_draft(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    editor.undo_button.click()
    assert_draft_is_the_data(editor)
    assert editor.controller.stations["zoo"]["name"] == "Zoo"
    editor.redo_button.click()
    assert_draft_is_the_data(editor)
    assert json.loads(draft_of(editor).read_text())["stations"]["zoo"]["name"] == "Tierpark"


def test_an_unchanged_city_writes_nothing(tmp_path: Path, monkeypatch) -> None:
    editor = editor_in(tmp_path)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    writes = []
    monkeypatch.setattr(drafts, "atomic_path", lambda *a, **k: writes.append(a))
    editor.mode.value = "move"  # redraws, no new data
    editor.click_station("zoo")
    editor.refresh()
    assert writes == []


def test_the_draft_folder_is_made_and_never_holds_a_saved_city(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    saved = editor.controller.save()
    before = saved.read_bytes()
    editor.controller.station_edits.move("zoo", 9, 9)
    editor.controller.station_edits.rename("lake", "See")
    assert sorted(p.name for p in (tmp_path / DRAFTS).iterdir()) == [
        ".gitignore",
        "tutorial-copy.json",
    ]
    assert (tmp_path / DRAFTS / ".gitignore").read_text().endswith("\n*\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["tutorial-copy.json", DRAFTS]
    assert saved.read_bytes() == before
    assert_draft_is_the_data(editor)


def test_a_draft_is_never_written_through_a_link(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    saved = editor.controller.save()
    before = saved.read_bytes()
    (tmp_path / DRAFTS).mkdir()
    draft_of(editor).symlink_to(saved)
    editor.controller.station_edits.move("zoo", 9, 9)
    editor.refresh()
    assert saved.read_bytes() == before
    assert "Autosave could not keep a draft" in editor.draft_bar.draft_message.value


def test_a_newer_draft_is_offered_and_restores_exactly(tmp_path: Path) -> None:
    first = editor_in(tmp_path)
    first.controller.station_edits.rename("zoo", "Tierpark")
    first.controller.station_edits.move("lake", 7.5, 2)
    first.controller.station_edits.add(20, 20)  # a station on no line: not valid
    kept = first.controller.history.data
    stamp = time.time() - 3600
    os.utime(draft_of(first), (stamp, stamp))

    second = editor_in(tmp_path)
    assert second.controller.history.data != kept
    bar = second.draft_bar
    hhmm = time.strftime("%H:%M", time.localtime(stamp))
    assert bar.box.layout.display is None
    label = bar.restore_draft_button.description  # the day too, just after midnight
    assert label.startswith("Restore the draft from ") and label.endswith(hhmm)
    assert hhmm in bar.draft_label.value
    bar.restore_draft_button.click()
    assert second.controller.history.data == kept
    assert bar.box.layout.display == "none"
    second.undo_button.click()
    assert second.controller.history.last_step == "restore draft"
    assert second.controller.stations["zoo"]["name"] == "Zoo"


def test_an_older_draft_is_not_offered(tmp_path: Path) -> None:
    first = editor_in(tmp_path)
    first.controller.station_edits.rename("zoo", "Tierpark")
    saved = tmp_path / "tutorial-copy.json"
    MapEditorController.open("tutorial", folder=tmp_path).save()
    stamp = saved.stat().st_mtime - 60
    os.utime(draft_of(first), (stamp, stamp))
    assert editor_in(tmp_path, saved).controller.draft_offer is None
    assert editor_in(tmp_path).controller.draft_offer is None  # its saved file is older

    later = saved.stat().st_mtime + 60
    os.utime(draft_of(first), (later, later))
    assert editor_in(tmp_path, saved).controller.draft_offer is not None


def test_a_draft_of_a_file_elsewhere_is_compared_with_that_file(tmp_path: Path) -> None:
    elsewhere = tmp_path / "cities"
    elsewhere.mkdir()
    path = MapEditorController.open("tutorial", folder=elsewhere).save()
    first = editor_in(tmp_path, path)
    first.controller.station_edits.rename("zoo", "Tierpark")
    stamp = path.stat().st_mtime + 60
    os.utime(draft_of(first), (stamp, stamp))
    second = editor_in(tmp_path, path)
    assert second.controller.draft_offer is not None
    assert second.controller.draft_offer.data == first.controller.history.data


def test_a_draft_equal_to_the_city_is_not_offered(tmp_path: Path) -> None:
    first = editor_in(tmp_path)
    first.controller.station_edits.rename("zoo", "Tierpark")
    first.undo_button.click()  # the draft is the city as opened again
    assert draft_of(first).exists()
    assert editor_in(tmp_path).controller.draft_offer is None


def test_save_removes_the_draft(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    assert draft_of(editor).exists()
    editor.save_button.click()
    assert "saved" in editor.save_message.value
    assert not draft_of(editor).exists()
    assert editor_in(tmp_path).controller.draft_offer is None
    editor.controller.station_edits.rename("zoo", "Zoo")  # the next edit: a draft again
    assert_draft_is_the_data(editor)


def test_save_removes_an_offered_draft(tmp_path: Path) -> None:
    editor_in(tmp_path).controller.station_edits.rename("zoo", "Tierpark")
    second = editor_in(tmp_path)
    assert second.controller.draft_offer is not None
    second.save_button.click()
    assert second.controller.draft_offer is None
    assert not (tmp_path / DRAFTS / "tutorial-copy.json").exists()
    assert second.draft_bar.box.layout.display == "none"


def test_discard_removes_the_draft(tmp_path: Path) -> None:
    editor_in(tmp_path).controller.station_edits.rename("zoo", "Tierpark")
    second = editor_in(tmp_path)
    second.draft_bar.discard_draft_button.click()
    assert second.controller.draft_offer is None
    assert not (tmp_path / DRAFTS / "tutorial-copy.json").exists()
    assert editor_in(tmp_path).controller.draft_offer is None


def test_a_draft_offered_survives_the_next_edit(tmp_path: Path) -> None:
    first = editor_in(tmp_path)
    first.controller.station_edits.rename("zoo", "Tierpark")
    kept = first.controller.history.data
    second = editor_in(tmp_path)
    second.controller.station_edits.rename("lake", "See")  # writes over the draft on disk
    second.draft_bar.restore_draft_button.click()
    assert second.controller.history.data == kept
    assert_draft_is_the_data(second)


def test_a_draft_that_cannot_be_read_is_named_and_kept(tmp_path: Path) -> None:
    (tmp_path / DRAFTS).mkdir()
    broken = tmp_path / DRAFTS / "tutorial-copy.json"
    broken.write_text('{"id": "tutorial-copy", "stations": {', encoding="utf-8")
    editor = editor_in(tmp_path)
    bar = editor.draft_bar
    assert bar.box.layout.display is None
    assert bar.restore_draft_button.layout.display == "none"
    assert "tutorial-copy.json" in bar.draft_label.value
    assert "tutorial-copy.unreadable.json" in bar.draft_label.value
    copy = tmp_path / DRAFTS / "tutorial-copy.unreadable.json"
    assert copy.read_bytes() == broken.read_bytes()
    bar.discard_draft_button.click()  # "Close": the draft stays
    assert broken.exists() and bar.box.layout.display == "none"
    editor.controller.station_edits.rename("zoo", "Tierpark")
    assert copy.read_text(encoding="utf-8").endswith('"stations": {')


def test_a_failing_write_never_breaks_editing(tmp_path: Path, monkeypatch) -> None:
    def full_disk(*args, **kwargs):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    editor = editor_in(tmp_path)
    monkeypatch.setattr(drafts, "atomic_path", full_disk)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    editor.refresh()
    said = editor.draft_bar.draft_message
    assert "Autosave could not keep a draft" in said.value
    assert os.strerror(errno.ENOSPC) in said.value and editor.draft_bar.box.layout.display is None
    editor.mode.value = "move"
    editor.click_station("zoo")
    editor.click_grid(9, 9)  # an edit goes on; the bar still says why there is no draft
    assert editor.controller.stations["zoo"]["x"] == 9
    assert editor.message.value == "" and said.value.count("Autosave") == 1
    editor.undo_button.click()
    assert editor.message.value.count("undid") == 1
    assert "Autosave" not in editor.message.value
    monkeypatch.undo()
    editor.redo_button.click()
    assert_draft_is_the_data(editor)
    assert said.value == "" and editor.draft_bar.box.layout.display == "none"


def test_a_folder_that_cannot_be_made_never_breaks_editing(tmp_path: Path) -> None:
    (tmp_path / DRAFTS).write_text("a file where the drafts' folder goes")
    editor = editor_in(tmp_path)
    editor.mode.value = "move"
    editor.click_station("zoo")
    editor.click_grid(9, 9)
    assert editor.controller.stations["zoo"]["x"] == 9
    assert "Autosave could not keep a draft" in editor.draft_bar.draft_message.value
    assert (tmp_path / DRAFTS).read_text() == "a file where the drafts' folder goes"


@pytest.mark.parametrize("squatter", ["folder", "pipe", "link to a saved city"])
def test_a_folder_pipe_or_link_at_the_draft_path_is_never_written_and_named(
    tmp_path: Path, squatter: str
) -> None:
    """Whatever sits where the draft goes is left as it is, never read (a pipe would
    wait for ever) nor written through; the draft bar says what it is and what to do,
    both while editing and when the city is opened again."""
    editor = editor_in(tmp_path)
    saved = editor.controller.save()
    other = editor_in(tmp_path, "berlin").controller.save()
    before = other.read_bytes()
    path = draft_of(editor)
    path.parent.mkdir(exist_ok=True)
    {"folder": path.mkdir, "pipe": lambda: os.mkfifo(path),
     "link to a saved city": lambda: path.symlink_to(other)}[squatter]()  # fmt: skip
    editor.controller.station_edits.rename("zoo", "Tierpark")
    editor.refresh()
    kind = squatter.replace(" to a saved city", " to another file")
    said = editor.draft_bar.draft_message.value
    assert (
        f"Autosave could not keep a draft: {path.name} in the drafts&#x27; folder is a {kind}"
        in said
    )
    assert "move it away" in said and editor.draft_bar.box.layout.display is None
    assert other.read_bytes() == before and list(path.parent.iterdir()) == [path]
    assert (path.is_dir(), path.is_fifo(), path.is_symlink()) == (
        squatter == "folder",
        squatter == "pipe",
        squatter.startswith("link"),
    )
    again = with_timeout(lambda: editor_in(tmp_path, saved), 60)  # never waits on the pipe
    assert f"is a {kind}, not a draft" in again.draft_bar.draft_label.value
    assert again.draft_bar.restore_draft_button.layout.display == "none"
    assert other.read_bytes() == before and not list(path.parent.glob("*unreadable*"))


def with_timeout(make, seconds: float):
    """``make()`` in a thread; fails the test (never hangs it) after ``seconds``."""
    made: list = []
    thread = threading.Thread(target=lambda: made.append(make()), daemon=True)
    thread.start()
    thread.join(seconds)
    assert made, f"still waiting after {seconds} s"
    return made[0]


def test_a_new_id_moves_the_draft(tmp_path: Path) -> None:
    editor = editor_in(tmp_path)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    old = draft_of(editor)
    editor.controller.set_city(id="ring")
    assert not old.exists()
    assert draft_of(editor) == tmp_path / DRAFTS / "ring.json"
    assert_draft_is_the_data(editor)
    editor.controller.set_city(id="a city?")  # not an id: the draft gets a file name
    assert draft_of(editor).name == "a-city.json"
    assert_draft_is_the_data(editor)


def test_opening_another_city_offers_its_draft(tmp_path: Path) -> None:
    editor_in(tmp_path).controller.station_edits.rename("zoo", "Tierpark")
    editor = editor_in(tmp_path, None)
    assert editor.controller.draft_offer is None
    editor.open_bar.source_select.value = "tutorial"
    editor.open_bar.open_button.click()
    assert editor.controller.draft_offer is not None
    assert editor.draft_bar.box.layout.display is None
    assert not (tmp_path / DRAFTS / "new-city.json").exists()  # opening wrote nothing


def test_the_plain_controller_keeps_no_draft_unless_asked(tmp_path: Path) -> None:
    controller = MapEditorController.open("tutorial", folder=tmp_path)
    controller.station_edits.rename("zoo", "Tierpark")
    assert controller.autosave is None and not (tmp_path / DRAFTS).exists()
    asked = MapEditorController.open("tutorial", folder=tmp_path, autosave=True)
    asked.station_edits.rename("zoo", "Tierpark")
    assert (tmp_path / DRAFTS / "tutorial-copy.json").exists()


def test_an_editor_without_a_folder_keeps_drafts_in_the_working_folder(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    editor = MapEditor()
    editor.mode.value = "add station"
    editor.click_grid(1, 1)
    assert (tmp_path / DRAFTS / "new-city.json").exists()
    assert MapEditor().controller.draft_offer is not None  # a blank city: any draft
