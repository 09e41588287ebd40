"""The quick balance redraws its figures in place, sending only what changed; the
editor starts without plotly's slowest optional import."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")

from vvlab.widgets.editor.view import MapEditor

REPO = Path(__file__).resolve().parents[3]


def without_uid(trace: dict) -> dict:
    return {k: v for k, v in trace.items() if k != "uid"}


def test_a_second_balance_updates_the_same_figures() -> None:
    editor = MapEditor("tutorial")
    bar = editor.balance_bar
    bar.balance_games.value = 60
    bar.balance_button.click()
    bar.wait()
    widgets = list(bar.balance_figures.children)
    assert len(widgets) == 2
    bar.balance_seed.value = 1
    bar.balance_button.click()
    bar.wait()
    assert list(bar.balance_figures.children) == widgets  # the same widgets, in place
    assert bar.job.message.value == "", bar.job.message.value
    assert any(update.last_sent for update in bar.figure_updates), "nothing was updated"
    fresh_figures = (bar.last_balance.score_figure(), bar.last_balance.lines_figure())
    for update, fresh in zip(bar.figure_updates, fresh_figures, strict=True):
        assert "data" not in update.last_sent  # no trace rebuilt
        assert all(p.startswith(("data[", "layout.")) for p in update.last_sent)
        got = [without_uid(t.to_plotly_json()) for t in update.widget.data]
        want = [without_uid(t.to_plotly_json()) for t in fresh.data]
        assert got == want
        assert update.widget.layout.title.text == fresh.layout.title.text


def test_same_balance_again_sends_nothing() -> None:
    editor = MapEditor("tutorial")
    bar = editor.balance_bar
    bar.balance_games.value = 40
    bar.balance_button.click()
    bar.wait()
    bar.balance_button.click()
    bar.wait()
    assert [update.last_sent for update in bar.figure_updates] == [[], []]


def test_a_refused_balance_keeps_the_last_figures() -> None:
    editor = MapEditor("tutorial")
    bar = editor.balance_bar
    bar.balance_games.value = 40
    bar.balance_button.click()
    bar.wait()
    widgets = list(bar.balance_figures.children)
    editor.controller.station_edits.add(30, 30)  # a station on no line: a problem
    bar.balance_button.click()
    assert "running" not in bar.balance_summary.value
    assert list(bar.balance_figures.children) == widgets


def test_the_editor_starts_without_compiling_iri_grammars() -> None:
    pytest.importorskip("rfc3987_syntax")
    code = (
        "import sys\n"
        "from vvlab.widgets.editor.view import MapEditor\n"
        "MapEditor('tutorial')._repr_mimebundle_()\n"
        "assert 'rfc3987_syntax' not in sys.modules, 'rfc3987_syntax was imported'\n"
        "import jsonschema, nbformat, rfc3987_syntax\n"  # all still importable
        "print('ok')\n"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, cwd=REPO
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"
