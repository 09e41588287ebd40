"""The ``vvlab report`` command (registered by :mod:`vvlab.cli`).

Kept out of :mod:`vvlab.viz` so that importing it is cheap: pandas, plotly and the
simulator load only when it runs.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any, TextIO


def add_report_parser(sub: Any) -> None:
    """Add the ``report`` subcommand to the ``vvlab`` parser's subparsers."""
    p = sub.add_parser(
        "report",
        help="simulate a city and write a self-contained HTML report",
        description="Simulate a city and write one HTML page with the plan, figures, "
        "tables, the hindsight gap and the run's metadata (works offline).",
    )
    p.add_argument("map", help="built-in map name or .json file")
    p.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    p.add_argument("--players", type=int, default=1, help="players per game, 1-6")
    p.add_argument(
        "--bots", default=None, help="one bot per player or one for all, as for simulate"
    )
    p.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    p.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    p.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")
    p.add_argument(
        "--hindsight-games",
        type=int,
        default=10,
        help="solo runs: games whose hindsight bound is computed (0 skips; default 10)",
    )
    p.add_argument("--out", default="report.html", help="the HTML file (default report.html)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")


def cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab report``: simulate, build the page, write it atomically."""
    from vvlab.bots import BotError
    from vvlab.sim.cli import run_failed, split_bots
    from vvlab.sim.errors import SimulationError, SimulationInterrupted
    from vvlab.viz.report import write_report

    try:
        path = write_report(
            args.out,
            args.map,
            games=args.games,
            players=args.players,
            bots=split_bots(args.bots) if args.bots else None,
            seed=args.seed,
            ruleset=args.ruleset,
            workers=args.workers,
            progress=not args.no_progress and sys.stderr.isatty(),
            hindsight_games=args.hindsight_games,
        )
    except (SimulationInterrupted, SimulationError, BotError) as err:
        return run_failed("report", err)
    out.write(f"report written to {path}\n")
    return 0
