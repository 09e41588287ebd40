"""Notebooks stay without outputs in git: the nbstripout filter is tracked and works."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_gitattributes_names_the_nbstripout_filter_for_notebooks():
    lines = (ROOT / ".gitattributes").read_text(encoding="utf-8").splitlines()
    assert "*.ipynb filter=nbstripout" in [line.strip() for line in lines]


def test_make_lab_installs_the_filter():
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "nbstripout --install --attributes .gitattributes" in makefile


def test_nbstripout_leaves_no_outputs(tmp_path: Path):
    pytest.importorskip("nbstripout")
    cell = {
        "cell_type": "code",
        "execution_count": 3,
        "metadata": {},
        "source": ["1 + 1"],
        "outputs": [
            {
                "output_type": "execute_result",
                "execution_count": 3,
                "metadata": {},
                "data": {"text/plain": ["2"]},
            },
        ],
    }
    nb = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
    path = tmp_path / "run.ipynb"
    path.write_text(json.dumps(nb), encoding="utf-8")
    subprocess.run([sys.executable, "-m", "nbstripout", str(path)], check=True, timeout=60)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    assert cells[0]["outputs"] == [] and cells[0]["execution_count"] is None


def test_tracked_notebooks_have_no_outputs():
    for path in sorted((ROOT / "notebooks").glob("*.ipynb")):
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            assert not cell.get("outputs") and not cell.get("execution_count"), path.name


def test_make_lab_allows_root_only_as_root():
    if shutil.which("make") is None:
        pytest.skip("no make")
    dry = subprocess.run(
        ["make", "-n", "lab", "VENV=.venv-that-is-not-made"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    ).stdout
    lab = next(line for line in dry.splitlines() if "jupyter lab" in line)
    assert ("--allow-root" in lab) == (os.geteuid() == 0)
