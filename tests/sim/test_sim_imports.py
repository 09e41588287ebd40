"""``import vvlab`` stays light: model and engine users never pay for pandas or the UI."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import vvlab

HEAVY = ("pandas", "pyarrow", "plotly", "ipywidgets", "tqdm", "dask", "distributed")


def python(code: str) -> str:
    root = Path(vvlab.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, check=True
    )
    return done.stdout.strip()


def test_import_vvlab_and_load_a_map_without_pandas():
    code = (
        "import sys, vvlab, vvlab.cli, vvlab.sim; vvlab.load_map('tutorial'); "
        f"print([m for m in {HEAVY!r} if m in sys.modules])"
    )
    assert python(code) == "[]"


def test_simulate_is_there_on_first_use():
    code = "import sys, vvlab; print(vvlab.simulate.__module__, 'pandas' in sys.modules)"
    assert python(code) == "vvlab.sim.run True"
    assert "simulate" in dir(vvlab) and "SimulationResult" in vvlab.__all__
