"""Throughput of every bot, reference engine vs compiled fast path, and the peak memory
of a large run.

Usage: python benchmarks/throughput.py [--map berlin] [--seconds 2]
       [--big 1000000] [--big-bot greedy] [--workers 2] [--bots greedy;expert]

For each bot and for 1 and 4 players (all seats the same bot) it plays one block at a
time on one core until ``--seconds`` have passed and prints games/s for both paths and
the speed-up. Then it runs ``vvlab.simulate`` for ``--big`` solo games (0 to skip) and
prints the wall time and the peak resident memory (parent and workers). Targets (one
core, ~80 stations): greedy solo >= 100,000 games/s and >= 50x the reference;
lookahead:depth=1 >= 2,000 games/s; expert >= 10% of greedy's solo games/s (printed
as "of greedy"). A figure, not a test.
"""

from __future__ import annotations

import argparse
import resource
import time

import vvlab
from vvlab.bots import make_bot
from vvlab.compiled import compile_city
from vvlab.sim.blocks import play_block_reference
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.fast import play_block_fast

BOTS = [
    "random",
    "greedy",
    "expert",
    "lookahead:depth=1",
    "lookahead:depth=2",
    "rollout:samples=16",
]


def rate(play, seconds: float, games: int) -> float:
    """Games per second of ``play(block, games)`` over at least ``seconds``."""
    play(0, 4)  # compile / warm up
    start, played, block = time.perf_counter(), 0, 0
    while time.perf_counter() - start < seconds:
        play(block, games)
        played, block = played + games, block + 1
    return played / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="berlin")
    parser.add_argument("--seconds", type=float, default=2.0)
    parser.add_argument("--big", type=int, default=1_000_000)
    parser.add_argument("--big-bot", default="greedy")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--bots", default=";".join(BOTS), help="separated by ';'")
    args = parser.parse_args()
    city, ruleset = vvlab.load_map(args.map), vvlab.get_ruleset()
    cc = compile_city(city, ruleset)
    print(f"map {city.id}: {len(city.stations)} stations, {len(city.lines)} lines; one core")
    print(
        f"{'bot':<20} {'players':>7} {'reference g/s':>14} {'fast g/s':>10} {'speed-up':>9}"
        f" {'of greedy':>9}"
    )
    greedy = {}  # players -> greedy's fast games/s
    for spec in args.bots.split(";"):
        for players in (1, 4):
            specs = [spec] * players
            bots = [make_bot(spec) for _ in specs]
            small = 1 if spec.startswith(("lookahead:depth=2", "rollout")) else 8
            ref = rate(
                lambda b, n, bots=bots: play_block_reference(city, ruleset, bots, 1, b, n),
                args.seconds,
                small,
            )
            fast = rate(
                lambda b, n, s=specs: play_block_fast(city, ruleset, s, 1, b, n, compiled=cc),
                args.seconds,
                BLOCK_SIZE if small > 1 else 16,
            )
            if spec == "greedy":
                greedy[players] = fast
            share = f"{fast / greedy[players]:9.1%}" if players in greedy else f"{'':>9}"
            print(
                f"{spec:<20} {players:>7} {ref:14.1f} {fast:10.0f} {fast / ref:9.0f}x {share}",
                flush=True,
            )
    if args.big:
        start = time.perf_counter()
        res = vvlab.simulate(
            city, bots=[args.big_bot], games=args.big, seed=1, workers=args.workers, progress=False
        )
        secs = time.perf_counter() - start
        peak = (
            resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
            + resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
        ) / 1024
        print(
            f"simulate {args.big:,} games of {args.big_bot} ({res.metadata['execution']['workers']}"
            f" workers): {secs:.1f} s, {args.big / secs:,.0f} games/s, peak memory "
            f"{peak:,.0f} MiB (parent + largest worker)"
        )


if __name__ == "__main__":
    main()
