"""Layer 6: every notebook's code cells run top to bottom without error."""

import json
from pathlib import Path

import pytest

NOTEBOOKS = sorted((Path(__file__).resolve().parents[1] / "notebooks").glob("*.ipynb"))


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_runs_top_to_bottom(path, monkeypatch):
    monkeypatch.chdir(path.parent)
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    namespace: dict = {"__name__": "__main__"}
    code_cells = [c for c in cells if c["cell_type"] == "code"]
    assert code_cells, f"{path.name} has no code"
    for i, cell in enumerate(code_cells):
        source = "".join(cell["source"])
        exec(compile(source, f"{path.name}[cell {i}]", "exec"), namespace)


def test_there_is_a_notebook_to_open():
    assert NOTEBOOKS
