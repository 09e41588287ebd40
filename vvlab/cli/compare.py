"""``vvlab compare``: two versions of a city, what changed and both balance verdicts."""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.balance_options import add_balance_arguments, balance_options, targets_of
from vvlab.cli.fit import terminal_width


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``compare`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "compare",
        help="compare two versions of a city: changes and balance on the same deals",
        description="List what changed from city A to city B (stations, lines, routes, "
        "boxes, bonuses) and judge both on the same deals; the verdicts that differ are "
        "told. Exit status 0.",
    )
    p.add_argument("a", help="the first city: built-in map name or .json file")
    p.add_argument("b", help="the second city")
    add_balance_arguments(p, games=1000, games_help="solo games per level and city")
    p.set_defaults(run=cmd_compare)


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab compare``."""
    from vvlab.design import compare_maps

    comparison = compare_maps(args.a, args.b, targets_of(args), **balance_options(args))
    out.write(comparison.text(terminal_width()) + "\n")
    return 0
