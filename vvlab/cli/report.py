"""``vvlab report``: simulate a city and write a self-contained HTML report.

Kept out of :mod:`vvlab.viz` so that importing it is cheap: pandas, plotly and the
simulator load only when it runs.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

from vvlab.cli.options import add_progress_argument, add_run_arguments, show_progress, split_bots
from vvlab.sim.errors import SimulationInterrupted


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``report`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "report",
        help="simulate a city and write a self-contained HTML report",
        description="Simulate a city and write one HTML page with the plan, figures, "
        "tables, the hindsight gap and the run's metadata (works offline).",
    )
    add_run_arguments(p, "one bot per player or one for all, as for simulate")
    p.add_argument(
        "--hindsight-games",
        type=int,
        default=10,
        help="solo runs: games whose hindsight bound is computed (0 skips; default 10)",
    )
    p.add_argument("--out", default="report.html", help="the HTML file (default report.html)")
    p.add_argument("--force", action="store_true", help="replace the --out file if it exists")
    add_progress_argument(p)
    p.set_defaults(run=cmd_report)


def cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab report``: simulate, build the page, write it atomically. An existing
    ``--out`` file is refused before anything is played unless ``--force`` is given."""
    if args.hindsight_games < 0:
        raise ValueError(f"--hindsight-games must be 0 or more, got {args.hindsight_games}")
    try:
        path = _write(args)
    except KeyboardInterrupt:
        raise SimulationInterrupted(
            f"report interrupted: nothing was written to {args.out}"
        ) from None
    out.write(f"report written to {path}\n")
    return 0


def _write(args: argparse.Namespace) -> Path:
    from vvlab.viz.report import write_report

    return write_report(
        args.out,
        args.map,
        games=args.games,
        players=args.players,
        bots=split_bots(args.bots),
        seed=args.seed,
        ruleset=args.ruleset,
        workers=args.workers,
        progress=show_progress(args),
        hindsight_games=args.hindsight_games,
        overwrite=args.force,
    )
