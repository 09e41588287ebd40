""" "Balance for me" and the verdict of the quick balance in the map editor, driven
headlessly (the search runs in a background thread; ``wait()`` joins it)."""

from __future__ import annotations

import html

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message
from test_editor_wording import designer_words, shown

import vvlab
from vvlab.widgets.editor import tune_bar
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tune_bar, "TUNE_GAMES", 200)
    monkeypatch.setattr(tune_bar, "TUNE_EVALUATIONS", 12)


def bad_berlin() -> MapEditor:
    data = vvlab.load_map("berlin").to_dict()
    for line in data["lines"]:
        line["indicators"], line["bonus"] = 1, [5, 3]
    return MapEditor(data)


def numbers(editor: MapEditor) -> dict[str, tuple]:
    return {ln["id"]: (ln["indicators"], *ln["bonus"]) for ln in editor.controller.lines}


def test_balance_for_me_offers_lines_and_accepts_the_checked_ones_as_one_edit(quick) -> None:
    editor = bad_berlin()
    before = numbers(editor)
    editor.tune_button.click()
    assert editor.tune_button.disabled and not editor.cancel_tune_button.disabled
    assert editor.cancel_tune_button.layout.display is None  # beside the button
    editor.tune_bar.wait(120)
    result = editor.tune_bar.last_tune
    assert result is not None and not editor.tune_button.disabled
    offered = list(editor.tune_bar.line_choices)
    assert offered and set(offered) <= set(before)
    paragraph = shown(editor.tune_status.value)
    assert paragraph.startswith(f"With these {len(offered)} changes, Berlin ")
    assert paragraph.endswith(shown(result.after.summary())) and designer_words(paragraph)
    rows = editor.tune_bar.choices_box.children  # one per changed line, then the details
    assert len(rows) == len(offered) + 1 and "<summary>Details</summary>" in rows[-1].value
    for (lid, box), line_row in zip(editor.tune_bar.line_choices.items(), rows, strict=False):
        name = next(ln.name for ln in result.city.lines if ln.id == lid)
        reason = shown(line_row.children[1].value)
        assert box.description.startswith(f"{name}: ") and line_row.children[0] is box
        assert reason.startswith("— ") and len(reason) > 10 and designer_words(reason)
    assert numbers(editor) == before  # nothing changes until accepted
    stale = editor.tune_bar.stale
    assert stale.layout.display == "none"
    skipped = offered[0]
    editor.tune_bar.line_choices[skipped].value = False
    editor.accept_button.click()
    tuned = {ln.id: (ln.indicators, ln.bonus_first, ln.bonus_later) for ln in result.city.lines}
    after = numbers(editor)
    assert after[skipped] == before[skipped]
    assert all(after[lid] == tuned[lid] for lid in offered[1:])
    assert "balance for me" in message(editor, editor.tune_bar.job.message)
    # a city the paragraph does not describe (one offered line left out): it says so
    assert stale.layout.display is None and "again" in stale.value
    editor.undo_button.click()  # one edit: one undo takes every line back
    assert numbers(editor) == before
    assert message(editor).startswith("undid: balance for me")
    assert stale.layout.display == "none"  # the city searched from, described again
    sid = next(iter(editor.controller.stations))
    editor.controller.station_edits.move(sid, 3.0, 4.0)
    editor.refresh()
    assert stale.layout.display == "none"  # where a station is drawn changes no game


def test_cancel_stops_the_search_and_says_so(quick) -> None:
    editor = bad_berlin()
    before = numbers(editor)
    seen = []

    def tick(done: int, total: int) -> None:
        seen.append(done)
        if done == 2:
            editor.cancel_tune_button.click()

    editor.tune_bar.job.listeners.append(tick)
    editor.tune_button.click()
    editor.tune_bar.wait(120)
    assert seen == [1, 2]  # the search stopped at its next look after the Cancel
    assert editor.tune_bar.last_tune is None and editor.tune_bar.line_choices == {}
    assert message(editor, editor.tune_bar.job.message) == "cancelled balancing: nothing changed"
    assert numbers(editor) == before and not editor.tune_button.disabled


def test_balance_for_me_refuses_a_city_with_problems() -> None:
    editor = MapEditor(controller=MapEditorController())
    editor.tune_button.click()
    assert editor.tune_bar.job.thread is None
    assert "must not be empty" in message(editor, editor.tune_bar.job.message)


def test_quick_balance_shows_the_verdict_on_every_target() -> None:
    editor = MapEditor("berlin")
    editor.balance_games.value = 300
    editor.balance_button.click()
    editor.balance_bar.wait()
    verdict = editor.balance_verdict.value
    report = editor.last_balance.report
    paragraph, details = verdict.split("<details>")
    assert shown(paragraph) == f"Balance: {report.summary()}" and designer_words(paragraph)
    shown_verdicts = sum(details.count(word) for word in ("PASS", "THIN", "FAIL"))
    assert shown_verdicts == len(report.table)


def test_compare_with_a_saved_file_lists_changes_and_verdicts(tmp_path) -> None:
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    editor.save_button.click()
    saved = editor.controller.default_path()
    editor.line_select.value = "A"
    editor.line_indicators.value = 4
    editor.apply_line_button.click()
    editor.compare_path.value = str(saved)
    editor.compare_button.click()
    editor.compare_bar.wait()
    cmp = editor.compare_bar.last_comparison
    assert cmp.structure.values.tolist() == [["boxes", "A", "2", "4"]]
    shown = editor.comparison.value
    assert "<td>boxes</td><td>Amber</td><td>2</td><td>4</td>" in shown and "Verdicts that" in shown
    assert html.escape(cmp.report_b.summary()) in shown and designer_words(shown)
    assert "seed" not in shown and "greedy" not in shown  # the verdicts in a designer's words
    editor.compare_path.value = str(tmp_path / "missing.json")
    editor.compare_button.click()
    editor.compare_bar.wait()
    assert "missing.json" in message(editor, editor.compare_bar.job.message)
    assert editor.comparison.value == ""


def test_the_quick_balance_kernels_load_once_in_the_background() -> None:
    from vvlab.widgets.editor.stats import warm_up

    MapEditor("tutorial")
    timer = warm_up()
    assert timer is warm_up() and timer.daemon  # one per process, never blocks an exit
    timer.join(120)
    assert not timer.is_alive()


def test_print_sheet_writes_beside_the_city_and_asks_before_replacing(tmp_path) -> None:
    pytest.importorskip("reportlab")
    editor = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    editor.print_button.click()
    editor.print_bar.wait()
    sheet = tmp_path / "tutorial-copy-sheet.pdf"
    assert sheet.is_file() and sheet.read_bytes().startswith(b"%PDF")
    assert f"sheet written to {sheet}" in message(editor, editor.print_message)
    before = sheet.read_bytes()
    editor.print_button.click()  # exists: asks first, writes nothing
    assert editor.confirm_print_button.layout.display is None and sheet.read_bytes() == before
    editor.sheet_path.value = str(tmp_path / "tutorial.svg")
    editor.print_button.click()
    editor.print_bar.wait()
    assert 'data-station="central"' in (tmp_path / "tutorial.svg").read_text()
    crowded = MapEditor(controller=MapEditorController.open("berlin", folder=tmp_path))
    crowded.print_button.click()  # too cramped as drawn: the message names the stations
    crowded.print_bar.wait()
    refusal = message(crowded, crowded.print_message)
    assert "Berlin (copy) does not print readably on A4: " in refusal
    assert "Alexanderplatz and Rotes Rathaus are 5 mm apart" in refusal
    assert 'press "Tidy layout"' in refusal and "schematic=True" not in refusal
    assert "--" not in refusal
    assert not (tmp_path / "berlin-copy-sheet.pdf").exists()


def test_quick_balance_figures_are_as_wide_as_their_pane_with_their_legends_inside() -> None:
    from legend_check import legend_fits

    from vvlab.widgets.editor.balance_bar import FIGURE_WIDTH as WIDTH

    editor = MapEditor("berlin")
    editor.balance_games.value = 200
    editor.balance_button.click()
    editor.balance_bar.wait()
    for update in editor.balance_bar.figure_updates:
        fig = update.widget
        assert fig.layout.width == WIDTH and legend_fits(fig)
