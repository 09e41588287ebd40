"""Time of the map editor's "Quick balance" and of the editor's start-up.

Usage: python benchmarks/editor_balance.py [--games 2000] [--repeat 5] [--startup 3] [maps ...]

For each map (built-in names; default every built-in map and a generated city):
the first call (loads the compiled kernels), then ``--repeat`` calls of ``--games``
games, and the figures (score distribution, line completion) on top; then the round
trip of the editor's button (``MapEditor.balance_bar``: simulation, summary and both
figures updated), first and median of the later clicks, with the kB the last click
sends to the browser and the widgets it makes. Last, the start-up of
``MapEditor("berlin")`` in ``--startup`` fresh processes: import, construction and
first display (``_repr_mimebundle_``). Targets: a round trip <= 1 s, a widget shown
<= 2 s after its cell runs (Python time; the browser adds its drawing). A figure, not
a test.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from vvlab.model import builtin_maps
from vvlab.widgets.editor.controller import MapEditorController

STARTUP = """
import time
start = time.perf_counter()
from vvlab.widgets.editor.view import MapEditor
imported = time.perf_counter()
editor = MapEditor("berlin")
built = time.perf_counter()
editor._repr_mimebundle_()
shown = time.perf_counter()
print(imported - start, built - imported, shown - built)
"""


def time_map(ed: MapEditorController, games: int, repeat: int) -> tuple[float, float, float]:
    """Seconds of the first call, then the median simulation and figure times."""
    start = time.perf_counter()
    ed.quick_balance(games=20, seed=0)
    first = time.perf_counter() - start
    sims, figures = [], []
    for seed in range(repeat):
        qb = ed.quick_balance(games=games, seed=seed)
        sims.append(qb.seconds)
        start = time.perf_counter()
        qb.score_figure(), qb.lines_figure()
        figures.append(time.perf_counter() - start)
    return first, statistics.median(sims), statistics.median(figures)


class Sent:
    """Counts what the widgets would send to the browser: bytes of messages (JSON and
    binary buffers) and widgets created."""

    def __init__(self) -> None:
        import ipywidgets.widgets.widget as widget

        self.widget, self.bytes = widget, 0
        original = widget.Widget._send

        def send(w: object, msg: dict, buffers: list | None = None) -> None:
            self.bytes += len(json.dumps(msg, default=str))
            self.bytes += sum(memoryview(b).nbytes for b in buffers or [])
            original(w, msg, buffers)

        widget.Widget._send = send  # type: ignore[method-assign]

    def widgets(self) -> int:
        """Widgets alive now."""
        return len(self.widget._instances)


def round_trip(
    ed: MapEditorController, games: int, repeat: int, sent: Sent
) -> tuple[float, float, int, int]:
    """Seconds from the "Quick balance" click to the summary and figures updated (the
    first click, figure widgets made, and the median of ``repeat`` later ones); the
    kB sent and widgets made by the last click."""
    from vvlab.widgets.editor.view import MapEditor

    editor = MapEditor(controller=ed)
    bar = editor.balance_bar
    bar.balance_games.value = games
    times = []
    kb = made = 0
    for seed in range(repeat + 1):
        bar.balance_seed.value = seed
        before, widgets = sent.bytes, sent.widgets()
        start = time.perf_counter()
        bar.balance_button.click()
        bar.wait()  # the games run in the background
        times.append(time.perf_counter() - start)
        kb, made = (sent.bytes - before) // 1000, sent.widgets() - widgets
    return times[0], statistics.median(times[1:]), kb, made


def startup(runs: int) -> list[tuple[float, float, float]]:
    """Import, build and first-display seconds of ``MapEditor("berlin")``, each in a
    fresh Python process."""
    root = str(Path(__file__).resolve().parents[1])
    path = [p for p in (os.environ.get("PYTHONPATH"), root) if p]  # a given path first
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    out = []
    for _ in range(runs):
        done = subprocess.run(
            [sys.executable, "-c", STARTUP], capture_output=True, text=True, env=env, check=True
        )
        a, b, c = (float(v) for v in done.stdout.split())
        out.append((a, b, c))
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("maps", nargs="*")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--startup", type=int, default=3)
    args = parser.parse_args()
    names = args.maps or [*builtin_maps(), "generated"]
    sent = Sent()
    head = f"{'map':<12} {'first s':>8} {'games s':>8} {'figures s':>9}"
    print(f"{head} {'click 1 s':>9} {'click s':>8} {'kB':>5} {'new w':>5}  ({args.games} games)")
    for name in names:
        if name == "generated":
            ed = MapEditorController.generated(lines=10, stations=80, seed=1)
        else:
            ed = MapEditorController.open(name)
        first, sim, fig = time_map(ed, args.games, args.repeat)
        click1, click, kb, made = round_trip(ed, args.games, args.repeat, sent)
        times = f"{first:8.3f} {sim:8.3f} {fig:9.3f} {click1:9.3f} {click:8.3f}"
        print(f"{name:<12} {times} {kb:5d} {made:5d}")
    if args.startup:
        print('\nMapEditor("berlin") start-up in a fresh process (s)')
        print(f"{'import':>8} {'build':>8} {'display':>8} {'total':>8}")
        for a, b, c in startup(args.startup):
            print(f"{a:8.2f} {b:8.2f} {c:8.2f} {a + b + c:8.2f}")


if __name__ == "__main__":
    main()
