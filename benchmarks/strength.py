"""Strength of the built-in bots: mean solo score per map, with spread and 95% CI.

Usage: python benchmarks/strength.py [--maps berlin,paris] [--games 2000]
       [--bots random;greedy;lookahead:depth=1;rollout:samples=16;expert]
       [--ruleset voll-verplant] [--seed 2026] [--workers N]
       [--generated 101,102] [--versus rollout:samples=16] [--same-games]

Costly bots play fewer games (``--games`` divided by the factor in SLOW) unless
``--same-games``. ``--generated`` adds generated cities (``generate_city(10, 80, seed)``,
none of them the expert's training cities) to the maps. ``--versus BOT`` adds a column:
each bot's mean over BOT's on the same map (same seed, so the same deals when both play
the same number of games). Prints one table per ruleset; the README quotes it.

The expert's check of issue 18 (300 solo games, seed 7, both rulesets)::

    python benchmarks/strength.py --bots "expert;rollout:samples=16" --games 300 --seed 7 \
        --same-games --versus rollout:samples=16 --generated 101,102 --workers 1
"""

from __future__ import annotations

import argparse
import time

import vvlab
from vvlab.model.generate import generate_city
from vvlab.sim.stats import ci95

DEFAULT_BOTS = "random;greedy;lookahead:depth=1;lookahead:depth=2;rollout:samples=16;expert"
SLOW = {"lookahead:depth=1": 4, "lookahead:depth=2": 40, "rollout": 20}


def games_for(bot: str, games: int) -> int:
    """Fewer games for the slow bots (at least 100)."""
    for prefix, factor in SLOW.items():
        if bot.startswith(prefix):
            return max(100, games // factor)
    return games


def measure(
    city: str | vvlab.CityMap, bot: str, games: int, seed: int, ruleset: str, workers: int
) -> dict:
    """Play ``games`` solo games and summarise the scores."""
    start = time.perf_counter()
    res = vvlab.simulate(
        city,
        players=1,
        bots=[bot],
        games=games,
        seed=seed,
        ruleset=ruleset,
        workers=workers,
        progress=False,
    )
    seconds = time.perf_counter() - start
    score = res.games["score"].to_numpy(dtype=float)
    return {
        "map": getattr(city, "id", city),
        "bot": bot,
        "mean": score.mean(),
        "std": score.std(ddof=1),
        "ci95": ci95(score.std(ddof=1), len(score)),
        "games": len(score),
        "stars": res.games["stars"].mean(),
        "empty": res.games["empty"].mean(),
        "seconds": seconds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default=",".join(vvlab.builtin_maps()))
    parser.add_argument("--bots", default=DEFAULT_BOTS, help="separated by ';'")
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--ruleset", default="voll-verplant")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--generated", default="", help="seeds of generated cities")
    parser.add_argument("--versus", default="", help="a bot of --bots to compare with")
    parser.add_argument("--same-games", action="store_true", help="every bot plays --games")
    args = parser.parse_args()
    cities: list = args.maps.split(",") if args.maps else []
    for seed in filter(None, args.generated.split(",")):
        cities.append(generate_city(10, 80, int(seed), id=f"gen{seed}"))
    print(f"ruleset {args.ruleset}, seed {args.seed}, solo games")
    print(
        f"{'map':<10} {'bot':<20} {'mean':>6} {'std':>5} {'±95%':>5} {'games':>6} "
        f"{'stars':>6} {'empty':>6} {'seconds':>8}" + (f" {'vs':>6}" if args.versus else "")
    )
    for city in cities:
        rows = {}
        for bot in args.bots.split(";"):
            games = args.games if args.same_games else games_for(bot, args.games)
            rows[bot] = measure(city, bot, games, args.seed, args.ruleset, args.workers)
        for r in rows.values():
            versus = f" {r['mean'] / rows[args.versus]['mean']:6.3f}" if args.versus else ""
            print(
                f"{r['map']:<10} {r['bot']:<20} {r['mean']:6.2f} {r['std']:5.2f} "
                f"{r['ci95']:5.2f} {r['games']:6d} {r['stars']:6.2f} {r['empty']:6.2f} "
                f"{r['seconds']:8.1f}{versus}",
                flush=True,
            )


if __name__ == "__main__":
    main()
