"""Batch simulation: games/s of ``vvlab.simulate`` by number of workers, and the cost of
building the result frames for a large run.

Usage: python benchmarks/simulate.py [MAP] [--games N] [--players P] [--bots SPEC]
       [--workers 1 2 ...] [--frames GAMES]

Prints one row per worker count (reference engine unless --engine), then, with
--frames, the time and peak memory of turning GAMES games of block records into the
``games``, ``lines`` and ``stations`` frames (records synthesised by repeating played
blocks, so no games need to be played). A figure, not a test.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc

import vvlab
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.frames import build_frames
from vvlab.sim.params import prepare_run
from vvlab.sim.worker import ChunkTask, play_block


def throughput(args: argparse.Namespace) -> None:
    print(
        f"{'map':<10} {'players':>7} {'bots':<14} {'workers':>7} {'games':>7} "
        f"{'seconds':>8} {'games/s':>9} {'executor':<12} engine"
    )
    for workers in args.workers:
        start = time.perf_counter()
        res = vvlab.simulate(
            args.map,
            players=args.players,
            bots=args.bots,
            games=args.games,
            workers=workers,
            engine=args.engine,
            progress=False,
        )
        took = time.perf_counter() - start
        ex = res.metadata["execution"]
        print(
            f"{args.map:<10} {args.players:>7} {args.bots:<14} {workers:>7} {args.games:>7} "
            f"{took:>8.2f} {args.games / took:>9.0f} {ex['executor']:<12} {ex['engine']}"
        )


def frames(args: argparse.Namespace) -> None:
    spec = prepare_run(args.map, args.players, args.bots, args.frames, 0, None)
    task = ChunkTask(spec.city.to_dict(), "bench", spec.ruleset.to_dict(), spec.bots, 0, "auto")
    played = [play_block(task, b, BLOCK_SIZE) for b in range(4)]
    blocks = spec.blocks
    records = [
        BlockRecord(**{**vars(played[b % 4]), "block": b})
        if spec.block_games(b) == BLOCK_SIZE
        else play_block(task, b, spec.block_games(b))
        for b in range(blocks)
    ]
    tracemalloc.start()
    start = time.perf_counter()
    games, lines, stations = build_frames(records, spec.city, spec.ruleset, spec.labels, 0)
    took = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    size = sum(f.memory_usage(deep=True).sum() for f in (games, lines, stations))
    print(
        f"\nframes of {args.frames} games x {args.players} players on {args.map}: "
        f"{took:.2f} s, frames {size / 2**20:.0f} MiB ({len(lines)} line rows, "
        f"{lines.memory_usage(deep=True).sum() / len(lines):.1f} bytes each), "
        f"peak while building {peak / 2**20:.0f} MiB"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("map", nargs="?", default="tutorial")
    parser.add_argument("--games", type=int, default=5000)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--bots", default="random")
    parser.add_argument("--engine", default="reference")
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--frames", type=int, default=0, help="games for the frames figure")
    args = parser.parse_args()
    throughput(args)
    if args.frames:
        frames(args)


if __name__ == "__main__":
    main()
