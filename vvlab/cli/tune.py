"""``vvlab tune``: propose indicator boxes and bonuses that meet the balance targets,
and write the tuned city to a new file."""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.check import CHECK_BOTS
from vvlab.cli.options import add_progress_argument, show_progress, split_bots


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``tune`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "tune",
        help="tune a city's boxes and bonuses to its balance targets; write it to --out",
        description="Search each line's indicator boxes and bonus so that every balance "
        "target passes at every bot, and write the tuned city (routes, stations and "
        "coordinates unchanged). Exit status 1 when a target still fails; the city is "
        "written anyway, with what still fails and why.",
    )
    p.add_argument("map", help="built-in map name or .json file")
    p.add_argument("--out", required=True, help="the tuned city's .json file")
    p.add_argument("--targets", metavar="FILE", default=None, help="balance targets (JSON)")
    p.add_argument("--bots", default=CHECK_BOTS, help=f"the skill levels (default {CHECK_BOTS})")
    p.add_argument("--seed", type=int, default=0, help="seed: the deals of every candidate")
    p.add_argument("--games", type=int, default=500, help="solo games per level and candidate")
    p.add_argument("--max-evaluations", type=int, default=200, help="candidates judged at most")
    p.add_argument("--budget-s", type=float, default=None, help="stop after this many seconds")
    p.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    add_progress_argument(p)
    p.set_defaults(run=cmd_tune)


def cmd_tune(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab tune``: refuse an existing ``--out`` first, search, write, print."""
    from vvlab.design import BalanceTargets, tune
    from vvlab.model.files import check_target
    from vvlab.model.io import save_map

    check_target(args.out, args.force)  # before the search
    targets = BalanceTargets.load(args.targets) if args.targets else None
    result = tune(
        args.map,
        targets,
        bots=split_bots(args.bots),
        seed=args.seed,
        games=args.games,
        max_evaluations=args.max_evaluations,
        budget_s=args.budget_s,
        ruleset=args.ruleset,
        progress=show_progress(args),
    )
    save_map(result.city, args.out, overwrite=args.force)
    out.write(result.summary() + "\n")
    out.write(f"tuned city written to {args.out}\n")
    return 0 if result.after.passed else 1
