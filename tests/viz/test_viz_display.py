"""Notebook display through IPython formatters; plotly stays out of ``import vvlab``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

import vvlab
from vvlab.viz import disable_notebook_display, enable_notebook_display
from vvlab.viz.display import PLOTLY_MIME, _formatter

formatters = pytest.importorskip("IPython.core.formatters")
ROOT = Path(vvlab.__file__).resolve().parents[1]


def python(code: str, **env: str) -> str:
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        env={**os.environ, **env},
    )
    return done.stdout.strip()


@pytest.fixture
def shell():
    shell = SimpleNamespace(display_formatter=formatters.DisplayFormatter())
    assert enable_notebook_display(shell) is True
    return shell


def roles(figure_json: dict) -> list[str]:
    return [t["meta"]["role"] for t in figure_json["data"] if "meta" in t]


def test_city_map_shows_the_plan(shell, tutorial):
    data, _ = shell.display_formatter.format(tutorial)
    assert data["text/plain"] == tutorial.describe()  # the text view stays as fallback
    figure = data[PLOTLY_MIME]
    lines = [t for t in figure["data"] if t["meta"]["role"] == "line"]
    assert [t["line"]["color"] for t in lines] == [ln.color for ln in tutorial.lines]
    assert roles(figure).count("stations") == 1


def test_game_shows_every_sheet(shell, scripted_game):
    data, _ = shell.display_formatter.format(scripted_game)
    figure = data[PLOTLY_MIME]
    assert {t["xaxis"] for t in figure["data"]} == {"x", "x2"}
    assert roles(figure).count("crossed") == 2
    solo = vvlab.Game("tutorial", seed=1)
    data, _ = shell.display_formatter.format(solo)
    assert "player 1" in data[PLOTLY_MIME]["layout"]["title"]["text"]


def test_result_shows_the_score_distribution(shell, two_player):
    data, _ = shell.display_formatter.format(two_player)
    means = [t for t in data[PLOTLY_MIME]["data"] if t["meta"]["role"] == "mean"]
    expected = two_player.games.groupby("bot", observed=True)["score"].mean()
    assert {t["meta"]["group"]: t["x"][0] for t in means} == pytest.approx(expected.to_dict())


def test_disable_goes_back_to_text(shell, tutorial):
    assert disable_notebook_display(shell) is True
    data, _ = shell.display_formatter.format(tutorial)
    assert list(data) == ["text/plain"]


def test_a_failing_figure_keeps_the_text_view(capsys):
    def broken(obj):
        raise RuntimeError("boom")

    assert _formatter(broken)(object()) is None
    assert "no figure for object: boom" in capsys.readouterr().err


def test_outside_ipython_nothing_happens():
    assert enable_notebook_display() is False
    out = python("import sys, vvlab.viz; print('IPython' in sys.modules)")
    assert out == "False"


def test_import_vvlab_viz_enables_display_in_ipython(tmp_path):
    code = (
        "from IPython.core.interactiveshell import InteractiveShell\n"
        "shell = InteractiveShell.instance()\n"
        "import vvlab, vvlab.viz\n"
        "data, _ = shell.display_formatter.format(vvlab.load_map('tutorial'))\n"
        f"print({PLOTLY_MIME!r} in data, data['text/plain'].startswith('Tutorial'))"
    )
    assert python(code, IPYTHONDIR=str(tmp_path)) == "True True"


def test_import_vvlab_never_imports_plotly():
    code = (
        "import sys, vvlab, vvlab.cli\n"
        "city = vvlab.load_map('tutorial')\n"
        "game = vvlab.Game(city, players=2, seed=1)\n"
        "game.play([game.legal_moves(p)[0] for p in range(2)])\n"
        "repr(city); game.transcript()\n"
        "print([m for m in ('plotly', 'IPython', 'vvlab.viz') if m in sys.modules])"
    )
    assert python(code) == "[]"
