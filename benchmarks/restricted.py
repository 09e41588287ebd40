"""Restricted play: what each restriction costs the expert, per map (the README's table).

Usage: python benchmarks/restricted.py [--maps berlin,madrid] [--games 300] [--seed 7]
       [--ruleset voll-verplant] [--bot expert]

Prints one markdown table row per restriction: for each map the cost (unrestricted
minus restricted mean solo score, ± the 95% interval paired by deal), its share of the
unrestricted mean and the share of deals whose score changed; then each map's
unrestricted mean. Runs on one core.
"""

from __future__ import annotations

import argparse

from vvlab.analysis import RESTRICTIONS, restricted_play


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default="berlin,madrid")
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--ruleset", default="voll-verplant")
    parser.add_argument("--bot", default="expert")
    args = parser.parse_args()
    maps = args.maps.split(",")
    tables = {
        city: restricted_play(
            city, bot=args.bot, games=args.games, seed=args.seed, ruleset=args.ruleset
        )
        for city in maps
    }
    print(f"{args.bot}, {args.games} solo games, seed {args.seed}, ruleset {args.ruleset}")
    print("| restriction | " + " | ".join(f"{c}: cost | share | changed" for c in maps) + " |")
    print("|---|" + "---|---|---|" * len(maps))
    for name in RESTRICTIONS:
        cells = []
        for city in maps:
            row = tables[city].loc[name]
            cells += [
                f"{row['cost']:.1f} ± {row['ci95']:.1f}",
                f"{row['cost_share']:.1%}",
                f"{row['changed']:.0%}",
            ]
        print(f"| {name} | " + " | ".join(cells) + " |")
    for city in maps:
        print(f"{city}: unrestricted mean {tables[city]['unrestricted'].iloc[0]:.1f}")


if __name__ == "__main__":
    main()
