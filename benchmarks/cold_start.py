"""CPU seconds of the first runs after an install, on an empty numba cache.

Usage: python benchmarks/cold_start.py [--map tutorial] [--games 200]
       [--bots "greedy;expert;lookahead:depth=1;rollout:samples=16"]

Each figure is the user + system CPU time of a fresh process (and any it starts),
read from ``getrusage(RUSAGE_CHILDREN)``, with ``NUMBA_CACHE_DIR`` pointing at a new
temporary folder, so that numba compiles everything that run needs:

- per bot, ``vvlab simulate MAP --games N --bots BOT`` alone on its own empty cache:
  the cost of that bot's kernels (with the game loop and the greedy bot, which every
  block has);
- greedy, then the expert, on one cache: what a new user pays for the first greedy
  and the first expert run together (targets: at most 20 CPU-seconds for the greedy
  run, 30 for both);
- the same run once more on the warm cache (loading, no compiling);
- ``vvlab warm`` on an empty cache, what ``make lab`` and ``make test`` pay once.

A figure, not a test: CPU time does not depend much on other load, wall time does.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time


def cpu_of(args: list[str], cache: str) -> tuple[float, float]:
    """(CPU seconds, wall seconds) of ``python args...`` with numba caching in ``cache``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    clock = time.perf_counter()
    subprocess.run(
        [sys.executable, *args],
        env={**os.environ, "NUMBA_CACHE_DIR": cache},
        check=True,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    wall = time.perf_counter() - clock
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="tutorial")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="greedy;expert;lookahead:depth=1;rollout:samples=16")
    args = parser.parse_args()

    with tempfile.TemporaryDirectory(prefix="vvlab-cold-") as root:
        counter = iter(range(1_000_000))

        def simulate(bot: str, cache: str) -> tuple[float, float]:
            out = os.path.join(root, f"run-{next(counter)}")
            command = ["-m", "vvlab", "simulate", args.map, "--games", str(args.games)]
            return cpu_of([*command, "--bots", bot, "--out", out, "--no-progress"], cache)

        def fresh() -> str:
            return tempfile.mkdtemp(prefix="numba-", dir=root)

        print(f"map {args.map}, {args.games} solo games per run; CPU s = user + sys, all processes")
        print(f"{'run':<44} {'CPU s':>7} {'wall s':>7}")
        for bot in args.bots.split(";"):
            cpu, wall = simulate(bot, fresh())
            print(f"{'cold: ' + bot:<44} {cpu:>7.1f} {wall:>7.1f}")
        shared = fresh()
        greedy, wall_g = simulate("greedy", shared)
        expert, wall_e = simulate("expert", shared)
        print(f"{'cold: greedy, then expert (one cache)':<44} {greedy:>7.1f} {wall_g:>7.1f}")
        print(f"{'  then expert':<44} {expert:>7.1f} {wall_e:>7.1f}")
        print(f"{'  total (targets: greedy <= 20, both <= 30)':<44} {greedy + expert:>7.1f}")
        cpu, wall = simulate("greedy", shared)
        print(f"{'warm: greedy again':<44} {cpu:>7.1f} {wall:>7.1f}")
        cpu, wall = cpu_of(["-m", "vvlab", "warm"], fresh())
        print(f"{'cold: vvlab warm (every kernel)':<44} {cpu:>7.1f} {wall:>7.1f}")


if __name__ == "__main__":
    main()
