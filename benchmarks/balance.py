"""Balance of the four Voll verplant cities: the verdicts of ``vvlab.design`` at every
skill level, and the figures behind them.

Usage: python benchmarks/balance.py [--maps amsterdam,berlin,paris,madrid]
       [--levels greedy,lookahead:depth=1,expert] [--games-solo 5000] [--games-four 2000]
       [--seed 2026] [--workers 1] [--readme maps/README.md] [--rollout-games 200]

Every default target of ``vvlab.design.BalanceTargets`` (``docs/balance.md``) is judged
at every level of ``--levels`` (``check_balance``'s defaults, weakest first; ``expert`` is
the strongest practical bot: it plays about as well as ``rollout:samples=16``, several
hundred times faster, and faster than ``lookahead:depth=1``) from
``--games-solo`` solo games on seed ``--seed``, ``random`` playing the same deals (the
skill gap's base): ``check_balance``'s verdict, judged on the games played here
(``vvlab.design.balance.judge``) so that each deal is played once. For information:
``--games-four`` four-player games of the strongest (last) level on seed ``--seed + 1``
(who took each first bonus) and, with ``--readme PATH`` (which also writes the generated
maps README), ``rollout:samples=16`` on ``--rollout-games`` solo games. Then the
ordering: Amsterdam and Berlin have a higher mean score and fewer empty stations than
Paris and Madrid at the strongest level. The exit status is 1 if any target or the
ordering fails.
"""

from __future__ import annotations

import argparse
import sys

import pandas as pd
from balance_readme import compact, mark, readme  # benchmarks/: on sys.path when run

import vvlab
from vvlab.design.balance import BASELINE, DEFAULT_BOTS, judge
from vvlab.model.files import atomic_write
from vvlab.sim.stats import ci95

CITIES = ["amsterdam", "berlin", "paris", "madrid"]
EASY, HARD = ("amsterdam", "berlin"), ("paris", "madrid")
ROLLOUT = "rollout:samples=16"


def figures(res: vvlab.SimulationResult) -> dict[str, float]:
    """Mean score (with its 95% CI), empty stations, stars, star share and turns."""
    g = res.games
    score, stars = float(g["score"].mean()), float(g["stars"].mean())
    return {
        "games": res.games["game"].nunique(),
        "score": score,
        "ci95": float(ci95(g["score"].std(ddof=1), len(g))),
        "empty": float(g["empty"].mean()),
        "stars": stars,
        "star_share": stars / score if score > 0 else float("nan"),
        "turns": float(g["turns"].mean()),
    }


def measure(
    city: vvlab.CityMap | str,
    games_solo: int = 5000,
    games_four: int = 2000,
    seed: int = 2026,
    workers: int = 1,
    rollout_games: int = 0,
    levels: tuple[str, ...] = DEFAULT_BOTS,
) -> dict:
    """Play the balance games of one city and judge it.

    Parameters
    ----------
    city
        A built-in map name, a map file or a ``CityMap`` (e.g. a candidate edit).
    games_solo, games_four
        Solo games per bot, and four-player games of the strongest (last) level.
    seed
        Seed of the solo runs; the four-player run uses ``seed + 1``.
    workers
        Processes per run.
    rollout_games
        Solo games of ``rollout:samples=16`` (0: not measured).
    levels
        The skill levels judged (bot specs), weakest first.

    Returns
    -------
    dict
        ``city``, ``lines`` (a DataFrame, one row per line), ``solo`` (bot -> figures),
        ``four`` (figures of the four-player run), ``report`` (the
        :class:`~vvlab.design.BalanceReport`) and ``strong`` (the strongest level).
    """
    city = vvlab.load_map(city)
    run = {"seed": seed, "workers": workers, "progress": False}
    runs = {}
    for bot in dict.fromkeys([BASELINE, *levels]):
        runs[bot] = vvlab.simulate(city, players=1, bots=[bot], games=games_solo, **run)
    solo = {bot: figures(res) for bot, res in runs.items()}
    if rollout_games:
        res = vvlab.simulate(city, players=1, bots=[ROLLOUT], games=rollout_games, **run)
        solo[ROLLOUT] = figures(res)
    report = judge(city, None, runs, list(levels), games=games_solo, seed=seed)
    strong = report.levels[-1]
    run["seed"] = seed + 1
    four = vvlab.simulate(city, players=4, bots=[strong] * 4, games=games_four, **run)
    took = four.lines.assign(first=four.lines["bonus_kind"] == "first")
    first = took.groupby(["line", "game"], observed=True)["first"].any()
    first = first.groupby("line", observed=True).mean()
    table = report.table[report.table["target"] == "completion"]
    done = table.pivot(index="line", columns="level", values="measured")
    lines = pd.DataFrame(
        [
            {
                "id": ln.id,
                "name": ln.name,
                "stations": len(ln.stations),
                "boxes": ln.indicators,
                "bonus": f"{ln.bonus_first}/{ln.bonus_later}",
                **{level: float(done.loc[ln.id, level]) for level in report.levels},
                "four_first_share": float(first[ln.id]),
            }
            for ln in city.lines
        ]
    )
    return {"city": city, "lines": lines, "solo": solo, "four": figures(four),
            "report": report, "strong": strong}  # fmt: skip


def ordering(results: dict[str, dict]) -> list[tuple[str, str, bool | None]]:
    """Amsterdam and Berlin easier than Paris and Madrid.

    Easier means both fewer mean empty stations at the end and a higher mean score for
    the same bot. The target is judged at the strongest level; the other bots are
    printed for information. Empty when not all four cities were measured.

    Returns
    -------
    list of (str, str, bool or None)
        Wording, the ordering, and PASS/FAIL (None: information only).
    """
    if not set(EASY + HARD) <= set(results):
        return []
    strong = results[EASY[0]]["strong"]
    bots = [strong] + [b for b in results[EASY[0]]["solo"] if b not in (strong, ROLLOUT)]
    out = []
    for bot in bots:
        for key, word, sign in (("score", "mean score", " > "), ("empty", "empty stations", " < ")):
            vals = {c: results[c]["solo"][bot][key] for c in EASY + HARD}
            order = sorted(vals, key=vals.get, reverse=key == "score")
            text = sign.join(f"{c} {vals[c]:.1f}" for c in order)
            ok = set(order[:2]) == set(EASY)
            out.append((f"{word}, {bot} solo", text, ok if bot == strong else None))
    return out


def failures(name: str, m: dict) -> list[str]:
    """The failing targets of one city, one phrase each."""
    return [
        f"{name}: {r['level']} {r['target']} {r['line']}".rstrip()
        for r in compact(m["report"])
        if not r["passed"]
    ]


def report(m: dict) -> str:
    """The printed figures and verdicts of one city."""
    city, lines, levels = m["city"], m["lines"], m["report"].levels
    out = [f"== {city.id}: {len(city.stations)} stations, {city.total_indicators} boxes"]
    out.append(
        f"{'line':<5} {'stations':>8} {'boxes':>5} {'bonus':>5} "
        + " ".join(f"{level[:9]:>9}" for level in levels)
        + f" {'4p 1st':>7}"
    )
    for r in lines.to_dict("records"):
        rates = " ".join(f"{r[level]:>9.1%}" for level in levels)
        out.append(
            f"{r['id']:<5} {r['stations']:>8} {r['boxes']:>5} {r['bonus']:>5} {rates} "
            f"{r['four_first_share']:>7.1%}"
        )
    head = ("bot", "games", "score", "empty", "stars", "share", "turns")
    out.append(f"{head[0]:<24} " + " ".join(f"{h:>6}" for h in head[1:]))
    rows = [(f"{b} (solo)", f) for b, f in m["solo"].items()]
    for name, f in [*rows, (f"{m['strong']} (4p)", m["four"])]:
        out.append(
            f"{name:<24} {f['games']:>6} {f['score']:6.1f} {f['empty']:6.1f} {f['stars']:6.1f} "
            f"{f['star_share']:6.1%} {f['turns']:6.1f}"
        )
    out.append(m["report"].heading())
    for r in compact(m["report"]):
        out.append(
            f"  {mark(r['passed'])}  {r['level'] or '(any)':<17} {r['target']:<16} "
            f"{r['measured']:>13} ({r['bound']}; margin {r['margin']:+.2f}) {r['line']}".rstrip()
        )
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Measure, judge, print, optionally write the README; 1 if any target fails."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default=",".join(CITIES))
    parser.add_argument("--levels", default=",".join(DEFAULT_BOTS))
    parser.add_argument("--games-solo", type=int, default=5000)
    parser.add_argument("--games-four", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rollout-games", type=int, default=200)
    parser.add_argument("--readme", help="also write the generated maps README here")
    args = parser.parse_args(argv)
    levels = tuple(args.levels.split(","))
    print(
        f"levels: {', '.join(levels)}; solo seed {args.seed} ({args.games_solo} games per "
        f"bot), four-player seed {args.seed + 1} ({args.games_four} games)",
        flush=True,
    )
    results, failed = {}, []
    for name in args.maps.split(","):
        m = measure(
            name,
            games_solo=args.games_solo,
            games_four=args.games_four,
            seed=args.seed,
            workers=args.workers,
            rollout_games=args.rollout_games if args.readme else 0,
            levels=levels,
        )
        results[name] = m
        print(report(m), flush=True)
        failed += failures(name, m)
    order = ordering(results)
    if order:
        print("== Amsterdam and Berlin easier than Paris and Madrid (easier first)")
        for name, value, ok in order:
            print(f"  {mark(ok)}  {name}: {value}")
        failed += [t for t, _, ok in order if ok is False]
    else:
        print("(the easier/harder ordering needs all four cities)")
    if args.readme:
        atomic_write(args.readme, readme(results, args, order, ROLLOUT), overwrite=True)
        print(f"wrote {args.readme}")
    print("ALL TARGETS PASS" if not failed else "FAILED: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
