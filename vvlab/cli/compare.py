"""``vvlab compare``: two versions of a city, what changed and both balance verdicts."""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.check import CHECK_BOTS
from vvlab.cli.options import split_bots


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``compare`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "compare",
        help="compare two versions of a city: changes and balance on the same deals",
        description="List what changed from city A to city B (stations, lines, routes, "
        "boxes, bonuses) and judge both on the same deals; the verdicts that differ are "
        "printed. Exit status 0.",
    )
    p.add_argument("a", help="the first city: built-in map name or .json file")
    p.add_argument("b", help="the second city")
    p.add_argument("--bots", default=CHECK_BOTS, help=f"the skill levels (default {CHECK_BOTS})")
    p.add_argument("--games", type=int, default=1000, help="solo games per level and city")
    p.add_argument("--seed", type=int, default=0, help="seed: the same deals for both")
    p.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    p.set_defaults(run=cmd_compare)


def cmd_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab compare``."""
    from vvlab.design import compare_maps

    comparison = compare_maps(
        args.a, args.b, bots=split_bots(args.bots), games=args.games, seed=args.seed,
        ruleset=args.ruleset,
    )  # fmt: skip
    out.write(comparison.text() + "\n")
    return 0
