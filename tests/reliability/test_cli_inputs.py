"""Careless command lines get one clear line and a non-zero exit, never a traceback or
a hang, and one bad argument does not stop the others from being checked."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import vvlab

ROOT = Path(vvlab.__file__).resolve().parents[1]


def vvlab_cli(*argv: str, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "vvlab", *argv],
        capture_output=True, text=True, cwd=ROOT, timeout=timeout,
    )  # fmt: skip


def test_validate_a_fifo_does_not_hang(tmp_path):
    fifo = tmp_path / "city.json"
    os.mkfifo(fifo)
    done = vvlab_cli("validate", str(fifo), "tutorial", timeout=30)
    assert done.returncode == 1
    assert "not a regular file" in done.stdout
    assert "ok   tutorial" in done.stdout


def test_validate_a_name_too_long_goes_on_with_the_other_files():
    done = vvlab_cli("validate", "a" * 300, "b" * 300 + ".json", "tutorial")
    assert done.returncode == 1 and "Traceback" not in done.stderr
    assert "at most 64 characters" in done.stdout
    assert "File name too long" in done.stdout
    assert done.stdout.rstrip().endswith("ok   tutorial: 4 lines, 12 stations")


def test_empty_bots_is_an_error_not_random():
    done = vvlab_cli("simulate", "tutorial", "--games", "5", "--bots", "", "--no-progress")
    assert done.returncode == 2
    assert done.stderr.strip() == (
        "vvlab simulate: --bots names no bot: give one spec (e.g. greedy) or one per player"
    )


def test_negative_hindsight_games_is_refused(tmp_path):
    out = tmp_path / "r.html"
    done = vvlab_cli("report", "tutorial", "--hindsight-games", "-1", "--out", str(out))
    assert done.returncode == 2
    assert "--hindsight-games must be 0 or more, got -1" in done.stderr
    assert not out.exists()


def test_escape_sequences_in_names_never_reach_the_terminal(tmp_path):
    evil = vvlab.load_map("tutorial").to_dict()
    evil["name"] = "Evil\x1b[31m red"
    evil["stations"]["central"]["name"] = "Central\x1b]0;title\x07"
    evil["description"] = "two lines\nand a\ttab are fine"
    path = tmp_path / "evil.json"
    path.write_text(json.dumps(evil))
    done = vvlab_cli("show", str(path))
    assert done.returncode == 1
    assert "\x1b" not in done.stdout + done.stderr and "\x07" not in done.stderr
    assert "name: must not hold control characters" in done.stderr
    assert "stations.central.name: must not hold control characters" in done.stderr
    assert "description" not in done.stderr


def test_notes_are_one_line_not_a_python_warning(tmp_path):
    done = vvlab_cli("simulate", "tutorial", "--games", "600", "--workers", "1000",
                     "--no-progress", "--out", str(tmp_path / "run"))  # fmt: skip
    assert done.returncode == 0
    notes = [line for line in done.stderr.splitlines() if line]
    assert len(notes) == 1 and notes[0].startswith("vvlab simulate: note: workers=1000 lowered")
    assert "UserWarning" not in done.stderr
