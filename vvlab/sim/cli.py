"""The ``vvlab simulate`` command (registered by :mod:`vvlab.cli`).

Importing this module is cheap: pandas, the bots and Dask load only when it runs.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any, TextIO

ENGINE_CHOICES = ("auto", "reference", "fast")  # = vvlab.sim.engines.ENGINES, kept import-free


def add_simulate_parser(sub: Any) -> None:
    """Add the ``simulate`` subcommand to the ``vvlab`` parser's subparsers."""
    p = sub.add_parser(
        "simulate",
        help="play many games with bots; results as parquet and a summary table",
        description="Play many games with bots and write the results (parquet) to a folder.",
    )
    p.add_argument("map", help="built-in map name or .json file")
    p.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--players", type=int, default=1, help="players per game, 1-6")
    p.add_argument(
        "--bots",
        default=None,
        help="one bot per player or one for all, comma-separated: greedy,random; "
        "parameters after a colon: lookahead:depth=2,samples=8 (default random)",
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument("--scheduler", metavar="ADDR", help="Dask scheduler, e.g. tcp://host:8786")
    p.add_argument(
        "--scheduler-timeout",
        type=float,
        default=10.0,
        metavar="S",
        help="seconds to wait for the scheduler (default 10)",
    )
    p.add_argument("--chunk-blocks", type=int, default=None, help="256-game blocks per task")
    p.add_argument("--engine", choices=ENGINE_CHOICES, default="auto")
    p.add_argument(
        "--out",
        default=None,
        help="result folder (default data/<map>-<players>p-<games>g-seed<seed>.parquet)",
    )
    p.add_argument("--resume", action="store_true", help="finish an interrupted run in --out")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def split_bots(text: str) -> list[str]:
    """Bot specs from ``--bots``: a part with ``=`` but no ``:`` is one more parameter
    of the bot before it.

    >>> split_bots("greedy, lookahead:depth=2,samples=8,random")
    ['greedy', 'lookahead:depth=2,samples=8', 'random']
    """
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    return specs


def default_out(map_id: str, players: int, games: int, seed: int) -> Path:
    """``data/<map>-<players>p-<games>g-seed<seed>.parquet``.

    >>> default_out("berlin", 2, 10000, 1).as_posix()
    'data/berlin-2p-10000g-seed1.parquet'
    """
    return Path("data") / f"{map_id}-{players}p-{games}g-seed{seed}.parquet"


def run_failed(command: str, err: BaseException) -> int:
    """Say on stderr why ``vvlab COMMAND`` stopped and return its exit code: 130 for an
    interrupted run, 2 for an output folder it may not use or a missing optional extra,
    1 for any other error of the run (bad parameters, a failing bot or worker).

    >>> from vvlab.sim.errors import SimulationInterrupted
    >>> run_failed("simulate", SimulationInterrupted("stopped")), run_failed("report", ValueError())
    (130, 1)
    """
    from vvlab.sim.errors import SimulationInterrupted

    if isinstance(err, SimulationInterrupted):
        sys.stderr.write(f"\nvvlab {command}: {err}\n")
        return 130
    sys.stderr.write(f"vvlab {command}: {err}\n")
    return 2 if isinstance(err, (FileExistsError, ImportError)) else 1


def cmd_simulate(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab simulate``; print the summary and where the results are."""
    from vvlab.bots import BotError
    from vvlab.model import load_map
    from vvlab.sim.errors import SimulationError, SimulationInterrupted
    from vvlab.sim.executors import connect_scheduler
    from vvlab.sim.run import simulate

    city = load_map(args.map)
    folder = (
        Path(args.out) if args.out else default_out(city.id, args.players, args.games, args.seed)
    )
    client = None
    try:
        if args.scheduler:
            client = connect_scheduler(args.scheduler, args.scheduler_timeout)
        result = simulate(
            city,
            players=args.players,
            bots=split_bots(args.bots) if args.bots else None,
            games=args.games,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            client=client,
            progress=not args.no_progress and sys.stderr.isatty(),
            chunk_blocks=args.chunk_blocks,
            engine=args.engine,
            out=folder,
            resume=args.resume,
        )
    except (SimulationInterrupted, SimulationError, BotError, FileExistsError, ImportError) as err:
        return run_failed("simulate", err)
    finally:
        if client is not None:
            client.close()
    out.write(f"{result!r}\n")
    out.write(f"results in {folder}/ (games, lines, stations .parquet; metadata.json)\n")
    return 0
