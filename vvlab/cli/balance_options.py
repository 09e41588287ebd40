"""The arguments of the balance commands (``check``, ``tune``, ``compare``), defined
once: the skill levels, games, seed, ruleset and targets file.

>>> parser = argparse.ArgumentParser()
>>> add_balance_arguments(parser, games=500, games_help="solo games per level")
>>> args = parser.parse_args(["--bots", "greedy", "--seed", "3"])
>>> balance_options(args)
{'bots': ['greedy'], 'games': 500, 'seed': 3, 'ruleset': 'voll-verplant'}
>>> targets_of(args) is None
True
"""

from __future__ import annotations

import argparse
from typing import Any

from vvlab.cli.options import split_bots

LEVELS = "greedy,lookahead:depth=1,expert"
"""The skill levels judged when ``--bots`` is not given (``check_balance``'s default)."""


def add_balance_arguments(parser: argparse.ArgumentParser, games: int, games_help: str) -> None:
    """``--bots`` (the levels), ``--games``, ``--seed``, ``--ruleset``, ``--targets``."""
    parser.add_argument(
        "--bots", default=LEVELS, help=f"the skill levels, comma-separated (default {LEVELS})"
    )
    parser.add_argument("--games", type=int, default=games, help=f"{games_help} (default {games})")
    parser.add_argument(
        "--seed", type=int, default=0, help="seed: the same deals at every level (default 0)"
    )
    parser.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    parser.add_argument("--targets", metavar="FILE", default=None, help="balance targets (JSON)")


def balance_options(args: argparse.Namespace) -> dict[str, Any]:
    """The keyword arguments of ``check_balance``/``tune``/``compare_maps`` from
    :func:`add_balance_arguments`'s arguments (the targets apart: :func:`targets_of`)."""
    return {"bots": split_bots(args.bots), "games": args.games, "seed": args.seed,
            "ruleset": args.ruleset}  # fmt: skip


def targets_of(args: argparse.Namespace) -> Any:
    """The ``--targets`` file read (a ``BalanceTargets``), or ``None`` for the defaults."""
    if not args.targets:
        return None
    from vvlab.design import BalanceTargets

    return BalanceTargets.load(args.targets)
