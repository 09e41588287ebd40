"""``vvlab check``: judge a city's balance against its targets at every skill level.

Kept out of :mod:`vvlab.design` so that importing the command line stays cheap.
"""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.balance_options import add_balance_arguments, balance_options, targets_of
from vvlab.cli.options import add_progress_argument, show_progress


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
    add_balance_arguments(p, games=2000, games_help="solo games per level")
    add_progress_argument(p)
    p.set_defaults(run=cmd_check)


def cmd_check(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab check``: print the report; 1 when a target fails, else 0."""
    from vvlab.design import check_balance

    report = check_balance(
        args.map, targets_of(args), progress=show_progress(args), **balance_options(args)
    )
    out.write(report.text() + "\n")
    return 0 if report.passed else 1
