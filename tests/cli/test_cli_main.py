"""The ``vvlab`` command as a whole: one parser, ``python -m vvlab``, cheap to start."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import vvlab
from vvlab.cli import build_parser, main
from vvlab.engine.game import MAX_PLAYERS
from vvlab.sim.engines import ENGINES


def python(*args: str, env: dict[str, str] | None = None) -> str:
    root = Path(vvlab.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, cwd=root, check=True, env=env
    )
    return done.stdout


def test_one_parser_knows_every_command():
    sub = next(a for a in build_parser()._actions if a.dest == "command")
    assert list(sub.choices) == [
        "maps",
        "show",
        "validate",
        "play",
        "simulate",
        "warm",
        "report",
        "check",
        "tune",
        "compare",
        "import-gtfs",
        "sheet",
        "cards",
    ]
    for name, parser in sub.choices.items():
        assert parser.get_default("run").__name__ == f"cmd_{name.replace('-', '_')}"


def test_engine_choices_are_the_simulators():
    args = build_parser().parse_args(["simulate", "tutorial", "--engine", ENGINES[-1]])
    assert args.engine == ENGINES[-1]
    with pytest.raises(SystemExit) as stop:
        build_parser().parse_args(["simulate", "tutorial", "--engine", "warp"])
    assert stop.value.code == 2


@pytest.mark.parametrize("command", ["play", "simulate", "report"])
def test_help_names_the_player_limit(command, capsys):
    with pytest.raises(SystemExit):
        main([command, "--help"])
    assert f"1-{MAX_PLAYERS}" in capsys.readouterr().out


def test_python_m_vvlab_runs_the_command_and_fits_80_columns():
    import os

    env = {**os.environ, "COLUMNS": "80"}
    assert python("-m", "vvlab", "validate", "tutorial") == "ok   tutorial: 4 lines, 12 stations\n"
    for command in ("", "maps", "show", "validate", "play", "simulate", "report", "sheet", "cards"):
        text = python("-m", "vvlab", *command.split(), "--help", env=env)
        assert max(len(line) for line in text.splitlines()) <= 80, command


def test_building_the_parser_loads_no_heavy_module():
    heavy = ("pandas", "pyarrow", "plotly", "ipywidgets", "tqdm", "dask", "distributed")
    code = (
        "import sys; from vvlab.cli import build_parser; build_parser(); "
        f"print([m for m in {heavy!r} if m in sys.modules])"
    )
    assert python("-c", code) == "[]\n"
