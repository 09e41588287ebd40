"""Time of the map editor's "Quick balance": solo greedy games on the fast path.

Usage: python benchmarks/editor_balance.py [--games 2000] [--repeat 5] [maps ...]

For each map (built-in names; default every built-in map and a generated city):
the first call (loads the compiled kernels), then ``--repeat`` calls of ``--games``
games, and the figures (score distribution, line completion) on top. Target: under
3 s for 2,000 games after warm-up. A figure, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time

from vvlab.model import builtin_maps
from vvlab.widgets.editor.controller import MapEditorController


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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("maps", nargs="*")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    names = args.maps or [*builtin_maps(), "generated"]
    print(f"{'map':<12} {'first s':>8} {'games s':>8} {'figures s':>9}  ({args.games} games)")
    for name in names:
        if name == "generated":
            ed = MapEditorController.generated(lines=10, stations=80, seed=1)
        else:
            ed = MapEditorController.open(name)
        first, sim, fig = time_map(ed, args.games, args.repeat)
        print(f"{name:<12} {first:8.3f} {sim:8.3f} {fig:9.3f}")


if __name__ == "__main__":
    main()
