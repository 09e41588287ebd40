"""``vvlab tune``: propose indicator boxes and bonuses that meet the balance targets,
and write the tuned city to a new file."""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.balance_options import add_balance_arguments, balance_options, targets_of
from vvlab.cli.fit import fit, terminal_width
from vvlab.cli.options import add_progress_argument, seconds, show_progress


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``tune`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "tune",
        help="tune a city's boxes and bonuses to its balance targets; write it to --out",
        description="Search each line's indicator boxes and bonus so that every balance "
        "target passes at every bot, and write the tuned city (routes, stations and "
        "coordinates unchanged). Exit status 1 when a target still fails, or when the "
        "numbers that pass do not hold on fresh deals; the city is "
        "written anyway, with what still fails and why.",
    )
    p.add_argument("map", help="built-in map name or .json file")
    p.add_argument("--out", required=True, help="the tuned city's .json file")
    add_balance_arguments(p, games=500, games_help="solo games per level and candidate")
    p.add_argument("--max-evaluations", type=int, default=300, help="candidates judged at most")
    p.add_argument("--budget-s", type=seconds, default=None, help="stop after this many seconds")
    p.add_argument(
        "--routes",
        action="store_true",
        help="also suggest route changes where the numbers cannot meet a target (printed "
        "with their reasons; the written city keeps its routes)",
    )
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    add_progress_argument(p)
    p.set_defaults(run=cmd_tune)


def cmd_tune(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab tune``: refuse an existing ``--out`` first, search, write, print."""
    from vvlab.design import tune
    from vvlab.model.files import check_target
    from vvlab.model.io import save_map

    check_target(args.out, args.force)  # before the search
    result = tune(
        args.map,
        targets_of(args),
        vary=("indicators", "bonus", "routes") if args.routes else ("indicators", "bonus"),
        max_evaluations=args.max_evaluations,
        budget_s=args.budget_s,
        progress=show_progress(args),
        **balance_options(args),
    )
    save_map(result.city, args.out, overwrite=args.force)
    out.write(fit(result.summary(), terminal_width()) + "\n")
    out.write(f"tuned city written to {args.out}\n")
    return 0 if result.passed else 1
