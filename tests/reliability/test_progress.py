"""One rule for progress bars (:mod:`vvlab.sim.bars`): drawn where someone sees them,
never into a pipe or a log; and ``vvlab report`` is never silent after its games."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

import vvlab
import vvlab.cli.report
from vvlab.cli import main

API = """
import pytest

import vvlab
from vvlab.design import tune
vvlab.simulate("tutorial", bots="greedy", games=600, workers=1)
tune("tutorial", bots=["greedy"], games=50, max_evaluations=2)
print("done")
"""


def test_the_python_api_draws_no_bar_into_a_pipe(tmp_path):
    root = str(Path(vvlab.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=root)
    done = subprocess.run([sys.executable, "-c", API], capture_output=True, text=True,
                          env=env, cwd=tmp_path, timeout=600)  # fmt: skip
    assert done.stdout == "done\n", done.stderr
    assert "|" not in done.stderr and "simulate" not in done.stderr and "tune" not in done.stderr


def test_report_says_what_it_does_after_the_games(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(vvlab.cli.report, "show_progress", lambda args: True)
    out = tmp_path / "r.html"
    argv = ["report", "tutorial", "--games", "20", "--hindsight-games", "2", "--out", str(out)]
    assert main([*argv, "--workers", "1"], out=io.StringIO()) == 0
    err = capsys.readouterr().err
    note = "vvlab report: drawing the figures, the hindsight bound of 2 games…"
    assert err.startswith(note) and err.endswith(" s\n") and err.count("\n") == 1, err
    assert out.exists()


def test_a_jupyter_kernel_still_gets_its_bar():
    manager = pytest.importorskip("jupyter_client.manager")
    root = str(Path(vvlab.__file__).resolve().parents[1])
    kernel, client = manager.start_new_kernel(kernel_name="python3")
    try:
        code = f"import sys; sys.path.insert(0, {root!r})\nfrom vvlab.sim.bars import visible\n"
        msg_id = client.execute(code + "print(visible())")
        said = []
        while True:
            msg = client.get_iopub_msg(timeout=120)
            if msg["parent_header"].get("msg_id") != msg_id:
                continue
            if msg["msg_type"] == "stream":
                said.append(msg["content"]["text"])
            if msg["msg_type"] == "status" and msg["content"]["execution_state"] == "idle":
                break
        assert "".join(said) == "True\n"
    finally:
        kernel.shutdown_kernel(now=True)
