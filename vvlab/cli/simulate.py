"""``vvlab simulate``: play many games with bots and write the results to a folder.

Importing this module is cheap: pandas, the bots and Dask load only when it runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any, TextIO

from vvlab.cli.options import (
    add_progress_argument,
    add_run_arguments,
    seconds,
    show_progress,
    split_bots,
)
from vvlab.sim.engines import ENGINES
from vvlab.sim.errors import SimulationInterrupted

BOTS_HELP = (
    "one bot per player or one for all, comma-separated: greedy,random; "
    "parameters after a colon: lookahead:depth=2 or rollout:samples=8"
)


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``simulate`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "simulate",
        help="play many games with bots; results as parquet and a summary table",
        description="Play many games with bots, print a summary and write the results "
        "(parquet) to a folder: --out, or else a new folder under data/ in the current "
        "folder, named after the run (e.g. data/berlin-1p-1000g-seed0.parquet).",
    )
    add_run_arguments(p, BOTS_HELP)
    p.add_argument("--scheduler", metavar="ADDR", help="Dask scheduler, e.g. tcp://host:8786")
    p.add_argument(
        "--scheduler-timeout",
        type=seconds,
        default=10.0,
        metavar="S",
        help="seconds to wait for the scheduler (default 10)",
    )
    p.add_argument("--chunk-blocks", type=int, default=None, help="256-game blocks per task")
    p.add_argument("--engine", choices=ENGINES, default="auto")
    p.add_argument(
        "--out",
        default=None,
        help="result folder (default: data/MAP-PLAYERSp-GAMESg-seedSEED.parquet, "
        "made in the current folder)",
    )
    p.add_argument("--resume", action="store_true", help="finish an interrupted run in --out")
    add_progress_argument(p)
    p.set_defaults(run=cmd_simulate)
    warm = sub.add_parser(
        "warm",
        help="compile the simulator's kernels once after an install (then seconds are saved)",
        description="Compile the compiled simulator's kernels now, or load them from the "
        "disk cache, so that the first run, notebook cell or test does not wait for them. "
        "`make lab` and `make test` run it after they install.",
    )
    warm.add_argument(
        "--bots",
        default=None,
        help="the bots whose kernels to compile, comma-separated (default: "
        "greedy, expert, lookahead:depth=1, rollout:samples=2, which cover every kernel)",
    )
    warm.set_defaults(run=cmd_warm)


def default_out(map_id: str, players: int, games: int, seed: int) -> Path:
    """``data/<map>-<players>p-<games>g-seed<seed>.parquet``.

    >>> default_out("berlin", 2, 10000, 1).as_posix()
    'data/berlin-2p-10000g-seed1.parquet'
    """
    return Path("data") / f"{map_id}-{players}p-{games}g-seed{seed}.parquet"


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab simulate``; print the summary and where the results are.

    Ctrl-C, SIGTERM and SIGHUP stop it with :class:`SimulationInterrupted` (the message
    says what was kept and how to resume), also before the first game."""
    try:
        result, folder = _simulate(args)
    except KeyboardInterrupt as err:
        if isinstance(err, SimulationInterrupted):
            raise
        raise SimulationInterrupted("simulation interrupted before any game was played") from None
    out.write(f"{result!r}\n")
    chosen = "" if args.out else " (the default folder; choose one with --out)"
    out.write(f"results in {folder}/{chosen}\n(games, lines, stations .parquet; metadata.json)\n")
    return 0


def cmd_warm(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab warm``: compile (or load) the kernels, and say how long it took."""
    import time

    from vvlab.cli.fit import fit_line
    from vvlab.sim.fast import WARM_BOTS, warm

    clock = time.perf_counter()
    warmed = warm(split_bots(args.bots) or WARM_BOTS)
    seconds = time.perf_counter() - clock
    out.write(fit_line(f"kernels ready for {', '.join(warmed)} ({seconds:.1f} s)") + "\n")
    return 0


def _simulate(args: argparse.Namespace) -> tuple[Any, Path]:
    """The run of ``vvlab simulate`` and its folder."""
    from vvlab.model import load_map
    from vvlab.sim.executors import connect_scheduler
    from vvlab.sim.run import simulate

    city = load_map(args.map)
    folder = (
        Path(args.out) if args.out else default_out(city.id, args.players, args.games, args.seed)
    )
    client = connect_scheduler(args.scheduler, args.scheduler_timeout) if args.scheduler else None
    try:
        result = simulate(
            city,
            players=args.players,
            bots=split_bots(args.bots),
            games=args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            client=client,
            progress=show_progress(args),
            chunk_blocks=args.chunk_blocks,
            engine=args.engine,
            out=folder,
            resume=args.resume,
        )
    finally:
        if client is not None:
            client.close()
    return result, folder
