"""Block rates of two commits, alternated: is a change as fast as what it replaces?

Usage: python benchmarks/compare_commits.py OLD [NEW] [--rounds 3] [--seconds 4]
       [--bots greedy,lookahead:depth=1] [--map all]

Checks out OLD and NEW (default ``HEAD``) in temporary git worktrees and runs each
one's own ``benchmarks/block_rate.py`` in turn, ``--rounds`` times (old, new, old, new,
...), so that a machine whose speed drifts slows both alike. Prints, per map and bot,
the median block rates of every round and the ratio of the medians (new / old). A
figure, not a test.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from collections import defaultdict
from pathlib import Path

LINE = re.compile(r"(?P<bot>\S+) solo on (?P<map>\S+) .*median block (?P<rate>[\d,]+) games/s")


def worktree(rev: str, root: Path, into: Path) -> Path:
    """A detached worktree of ``rev`` in ``into``."""
    subprocess.run(["git", "-C", str(root), "worktree", "add", "-q", "--detach", str(into), rev],
                   check=True)  # fmt: skip
    return into


def block_rates(tree: Path, bot: str, seconds: float, city: str) -> dict[str, int]:
    """Median block rate per map of one ``block_rate.py`` run in ``tree``."""
    done = subprocess.run(
        [sys.executable, "benchmarks/block_rate.py", "--map", city, "--bot", bot,
         "--seconds", str(seconds)],
        cwd=tree, env={**os.environ, "PYTHONPATH": str(tree)},
        capture_output=True, text=True, check=True,
    )  # fmt: skip
    return {m["map"]: int(m["rate"].replace(",", "")) for m in LINE.finditer(done.stdout)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("old")
    parser.add_argument("new", nargs="?", default="HEAD")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=4.0)
    parser.add_argument("--bots", default="greedy,lookahead:depth=1")
    parser.add_argument("--map", default="all")
    args = parser.parse_args()
    root = Path(__file__).resolve().parents[1]
    rates: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    with tempfile.TemporaryDirectory(prefix="vvlab-compare-") as tmp:
        trees = {label: worktree(rev, root, Path(tmp) / label)
                 for label, rev in (("old", args.old), ("new", args.new))}  # fmt: skip
        try:
            for round_ in range(args.rounds):
                for label, tree in trees.items():
                    for bot in args.bots.split(","):
                        for city, rate in block_rates(tree, bot, args.seconds, args.map).items():
                            rates[(city, bot, label)].append(rate)
                print(f"round {round_ + 1} of {args.rounds} done", file=sys.stderr)
        finally:
            for tree in trees.values():
                subprocess.run(["git", "-C", str(root), "worktree", "remove", "--force",
                                str(tree)], check=False)  # fmt: skip
    report(rates, args.old, args.new)


def report(rates: dict[tuple[str, str, str], list[int]], old: str, new: str) -> None:
    print(f"median block rate, games/s on one core: old = {old}, new = {new}")
    print(f"{'map':10} {'bot':18} {'old':>26} {'new':>26} {'new/old':>7}")
    for city, bot in sorted({(c, b) for c, b, _ in rates}):
        before, after = rates[(city, bot, "old")], rates[(city, bot, "new")]
        ratio = statistics.median(after) / statistics.median(before)
        print(f"{city:10} {bot:18} {_runs(before):>26} {_runs(after):>26} {ratio:7.3f}")


def _runs(values: list[int]) -> str:
    return " ".join(f"{v:,}" for v in values)


if __name__ == "__main__":
    main()
