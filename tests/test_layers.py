"""The layers of docs/architecture.md hold at run time, not only in the import graph
(``lint-imports`` checks that): the lower layers import and work with the UI stack
blocked, and the model and engine with numba and pandas blocked."""

from __future__ import annotations

import json
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import vvlab

BLOCKER = textwrap.dedent(
    """
    import json, sys

    class Block:
        def find_spec(self, name, path=None, target=None):
            if name.partition(".")[0] in BLOCKED:
                raise ImportError(f"{name} is blocked for this test")
            return None

    sys.meta_path.insert(0, Block())
    """
)

UI = ("plotly", "ipywidgets", "IPython", "anywidget", "jupyterlab")
COMPILED = ("numba", "pandas", "pyarrow", *UI)


def run_blocked(blocked: tuple[str, ...], body: str) -> dict:
    """Run ``body`` in a fresh interpreter with ``blocked`` packages unimportable; it
    prints one JSON object, returned here with the blocked packages that loaded."""
    code = (
        f"BLOCKED = {blocked!r}\n"
        + BLOCKER
        + textwrap.dedent(body)
        + textwrap.dedent(
            """
        out["loaded"] = sorted({m.partition(".")[0] for m in sys.modules} & set(BLOCKED))
        print(json.dumps(out))
        """
        )
    )
    root = Path(vvlab.__file__).resolve().parents[1]
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=600
    )
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_the_blocker_blocks():
    out = run_blocked(UI, "import importlib.util\nout = {}\ntry:\n    import plotly\n"
                          "except ImportError:\n    out['refused'] = True\n")  # fmt: skip
    assert out == {"refused": True, "loaded": []}


@pytest.mark.parametrize(
    "layer",
    ["model", "engine", "compiled", "bots", "sim", "analysis", "design", "plan", "printing"],
)
def test_lower_layers_import_without_the_ui_stack(layer):
    out = run_blocked(UI, f"import vvlab.{layer}\nout = {{}}\n")
    assert out["loaded"] == []


def test_bots_and_simulation_work_without_the_ui_stack():
    body = """
        import vvlab
        from vvlab.bots import play_game
        game = play_game(vvlab.Game("tutorial", seed=3), ["lookahead:depth=1"], seed=3)
        res = vvlab.simulate("tutorial", bots=["greedy"], games=300, workers=1, progress=False)
        from vvlab.design import check_balance
        report = check_balance("tutorial", bots=["greedy"], games=300, progress=False)
        out = {"over": game.is_over, "games": len(res.games),
               "summary": int(res.summary().loc[(0, "greedy", "score"), "games"]),
               "levels": report.levels}
    """
    out = run_blocked(UI, body)
    assert out == {"over": True, "games": 300, "summary": 300, "levels": ["greedy"], "loaded": []}


def test_model_and_engine_work_without_numba_or_pandas():
    body = """
        import vvlab, vvlab.model, vvlab.engine, vvlab.compiled
        from vvlab.compiled import compile_city, reach_table
        city = vvlab.load_map("berlin")
        game = vvlab.Game(city, players=2, seed=5)
        while not game.is_over:
            game.play([game.legal_moves(p)[0] for p in range(2)])
        arrays = compile_city(city, game.ruleset)
        out = {"total": game.score(0).total == sum(
                   [game.score(0).bonus, game.score(0).stars, -game.score(0).penalty]),
               "lines": len(arrays.city.indicators),
               "reach": int(reach_table(game.ruleset.deck)[0, 0])}
    """
    out = run_blocked(COMPILED, body)
    assert out == {"total": True, "lines": 9, "reach": 1000, "loaded": []}


def test_figures_and_widgets_do_not_load_scipy_until_a_p_value_is_asked_for():
    out = run_blocked((), """
        import vvlab.viz, vvlab.widgets.editor.controller, vvlab.analysis
        import numpy as np
        before = "scipy" in sys.modules
        p = vvlab.analysis.tables.welch_p(np.array([0.0, 1.0, 2.0]), np.array([1.0, 2.0, 4.0]), 1.0)
        out = {"before": before, "after": "scipy" in sys.modules, "p": 0 < p < 1}
    """)  # fmt: skip
    assert out == {"before": False, "after": True, "p": True, "loaded": []}
