"""Games per second of one bot on the compiled fast path, block by block, on one core.

Usage: python benchmarks/block_rate.py [--map berlin|all] [--bot greedy] [--seconds 10]

Plays seed blocks of 256 solo games one after another for ``--seconds`` (per map) and
prints the median block's rate and the best rate over 8 consecutive blocks; ``--map all``
does this for every built-in map. On a machine whose
speed drifts (a shared VM), the median and the best window bracket what
``throughput.py``'s single 2-second figure may show. A figure, not a test.
"""

from __future__ import annotations

import argparse
import time

import numpy as np

import vvlab
from vvlab.compiled import compile_city
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.fast import play_block_fast


def block_times(city, ruleset, bot: str, seconds: float) -> np.ndarray:
    """Seconds per block, for as many blocks as fit in ``seconds``."""
    compiled = compile_city(city, ruleset)
    play_block_fast(city, ruleset, [bot], 1, 0, 4, compiled=compiled)  # compile / warm up
    times, start, block = [], time.perf_counter(), 0
    while time.perf_counter() - start < seconds:
        t = time.perf_counter()
        play_block_fast(city, ruleset, [bot], 1, block, BLOCK_SIZE, compiled=compiled)
        times.append(time.perf_counter() - t)
        block += 1
    return np.array(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="berlin", help="a map name or path, or 'all'")
    parser.add_argument("--bot", default="greedy")
    parser.add_argument("--seconds", type=float, default=10.0)
    args = parser.parse_args()
    names = vvlab.builtin_maps() if args.map == "all" else [args.map]
    for name in names:
        city = vvlab.load_map(name)
        times = block_times(city, vvlab.get_ruleset(), args.bot, args.seconds)
        window = np.convolve(times, np.ones(8) / 8, mode="valid") if len(times) >= 8 else times
        print(
            f"{args.bot} solo on {city.id} ({len(city.stations)} stations, "
            f"{len(city.lines)} lines), one core: "
            f"median block {BLOCK_SIZE / np.median(times):,.0f} games/s, "
            f"best 8-block window {BLOCK_SIZE / window.min():,.0f} games/s "
            f"({len(times)} blocks)"
        )


if __name__ == "__main__":
    main()
