"""``vvlab check``: judge a city's balance against its targets at every skill level.

Kept out of :mod:`vvlab.design` so that importing the command line stays cheap.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.options import add_progress_argument, show_progress, split_bots

CHECK_BOTS = "greedy,lookahead:depth=1"
"""The skill levels ``vvlab check`` judges when ``--bots`` is not given."""


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``check`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "check",
        help="judge a city's balance targets at every bot; exit status 1 if one fails",
        description="Play solo games at every skill level (bot) on the same deals and "
        "print every balance target with PASS or FAIL; the exit status is 1 when a "
        "target fails.",
    )
    p.add_argument("map", help="built-in map name or .json file")
    p.add_argument(
        "--bots",
        default=CHECK_BOTS,
        help=f"the skill levels, comma-separated (default {CHECK_BOTS})",
    )
    p.add_argument("--games", type=int, default=2000, help="solo games per level (default 2000)")
    p.add_argument(
        "--seed", type=int, default=0, help="seed: the same deals at every level (default 0)"
    )
    p.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    p.add_argument("--targets", metavar="FILE", default=None, help="balance targets (JSON)")
    add_progress_argument(p)
    p.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab check``: print the report; 1 when a target fails, else 0."""
    from vvlab.design import BalanceTargets, check_balance

    targets = BalanceTargets.load(args.targets) if args.targets else None
    report = check_balance(
        args.map,
        targets,
        bots=split_bots(args.bots),
        games=args.games,
        seed=args.seed,
        ruleset=args.ruleset,
        progress=show_progress(args),
    )
    out.write(report.text() + "\n")
    return 0 if report.passed else 1
