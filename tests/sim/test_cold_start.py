"""The first run after an install: it compiles only what it plays, once per kernel and
argument types, and says so while it compiles.

Each test runs a fresh process on an empty numba cache (``NUMBA_CACHE_DIR`` in a
temporary folder), as a new user's first run is; the time it takes is not asserted
(``benchmarks/cold_start.py`` prints it).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

from vvlab.compiled.notice import NOTE

NOTE_START = NOTE.split("(")[0]  # "vvlab: compiling the simulator, first run after an install "


def run_cold(args: list[str], cache: Path, **kwargs) -> subprocess.CompletedProcess:
    """``python args...`` with numba caching in ``cache`` (empty the first time)."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "COLUMNS": "80"}
    return subprocess.run(
        [sys.executable, *args], capture_output=True, text=True, env=env, timeout=600, **kwargs
    )


def test_the_first_cli_run_says_it_compiles_and_the_second_is_silent(tmp_path):
    command = ["-m", "vvlab", "simulate", "tutorial", "--games", "200", "--bots", "greedy"]
    cache = tmp_path / "numba"
    first = run_cold([*command, "--out", str(tmp_path / "a")], cache)
    assert first.returncode == 0, first.stderr
    notes = [line for line in first.stderr.splitlines() if line.startswith(NOTE_START)]
    assert len(notes) == 1, first.stderr  # one line, finished with the time it took
    assert re.fullmatch(re.escape(NOTE_START) + r"\(about \d+ s\)… \d+ s", notes[0]), notes
    assert len(notes[0]) <= 80
    second = run_cold([*command, "--out", str(tmp_path / "b")], cache)
    assert second.returncode == 0, second.stderr
    assert NOTE_START not in second.stderr  # loaded from the cache in well under 2 s


SIGNATURES = """
import json, sys
import vvlab
from numba.core.registry import CPUDispatcher
from vvlab.compiled import kernels
from vvlab.sim.fast import play_block_fast

city, ruleset = vvlab.load_map("tutorial"), vvlab.get_ruleset()
compiled = {}
for bots in json.loads(sys.argv[1]):
    play_block_fast(city, ruleset, bots, seed=0, block=0, games=2)
    compiled[",".join(bots)] = {
        name: len(f.signatures) for name, f in vars(kernels).items()
        if isinstance(f, CPUDispatcher) and f.signatures
    }
print(json.dumps(compiled))
"""


def test_a_block_compiles_only_its_bots_and_each_kernel_once(tmp_path):
    plays = [["greedy"], ["random", "greedy"], ["lookahead:depth=1", "greedy"]]
    done = run_cold(["-c", SIGNATURES, json.dumps(plays)], tmp_path / "numba")
    assert done.returncode == 0, done.stderr
    compiled = json.loads(done.stdout)
    greedy = compiled["greedy"]
    assert "greedy_choice" in greedy and "random_choice" in greedy
    assert not {"_expert", "_lookahead", "_rollout", "_continuation"} & set(greedy)
    assert compiled["random,greedy"] == greedy  # the same game loop: nothing new
    last = compiled["lookahead:depth=1,greedy"]
    assert "_lookahead" in last and not {"_expert", "_rollout"} & set(last)
    assert last["_play_block"] == 2  # one game loop per set of bots that need scratch space
    once = {name: n for name, n in last.items() if name != "_play_block"}
    assert set(once.values()) == {1}, once  # never again for a constant's value


QUICK_BALANCE = """
import json
from vvlab.widgets.editor.view import MapEditor

bar = MapEditor("tutorial").balance_bar
seen = []
bar.balance_summary.observe(lambda change: seen.append(change["new"]), names="value")
bar.balance_games.value = 20
bar.balance_button.click()
bar.wait()
print(json.dumps({"seen": seen, "last": bar.balance_summary.value}))
"""


def test_the_editor_says_it_compiles_in_its_status_line(tmp_path):
    """The quick balance waits for the kernels on a first run: its status line says so
    while it waits, then shows the result."""
    done = run_cold(["-c", QUICK_BALANCE], tmp_path / "numba")
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    notes = [text for text in shown["seen"] if NOTE_START in text]
    assert notes, shown["seen"]
    assert any(re.search(r"… \d+ s<", text) for text in notes)
    assert "20 solo games played" in shown["last"]  # the result replaced the note
    assert NOTE_START not in done.stderr  # shown where the user looks, not in the log
