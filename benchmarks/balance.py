"""Balance of the four Voll verplant cities, measured with the simulator.

Usage: python benchmarks/balance.py [--maps amsterdam,berlin,paris,madrid]
       [--games-solo 5000] [--games-four 2000] [--seed 2026] [--workers 1]
       [--readme maps/README.md] [--rollout-games 200]

The strongest PRACTICAL bot is ``lookahead:depth=1``: deeper look-ahead and the rollout
bot play better but are 20-40 times slower, too slow for thousands of games per city.
Every balance target is judged with it, from ``--games-solo`` solo games (seed
``--seed``) and ``--games-four`` four-player games (seed ``--seed + 1``, every seat the
same bot); ``random`` and ``greedy`` play the same solo deals for comparison. Printed
per city: each line (stations, boxes, bonus, solo completion rate, share of four-player
games in which someone took its first bonus), the Spearman correlation between first
bonus and completion rate, the mean score, empty stations, star points and turns per
bot, and PASS or FAIL for every target; then the easier/harder ordering. The exit
status is 1 if any target fails. ``--readme PATH`` also writes the generated
documentation of the maps; ``rollout:samples=16`` is measured only then, on
``--rollout-games`` solo games.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import numpy as np
import pandas as pd

import vvlab
from vvlab.sim.stats import ci95

CITIES = ["amsterdam", "berlin", "paris", "madrid"]
EASY, HARD = ("amsterdam", "berlin"), ("paris", "madrid")
STRONG = "lookahead:depth=1"  # the strongest practical bot
BOTS = ["random", "greedy", STRONG]
ROLLOUT = "rollout:samples=16"
ROOT = Path(__file__).resolve().parents[1]
NOTE_SECTIONS = re.compile(r"lines on the plan|tram lines|simplif|balanc|sources", re.IGNORECASE)


def spearman(x: np.ndarray, y: np.ndarray) -> float:
    """Spearman rank correlation, ties given their average rank.

    Parameters
    ----------
    x, y
        Two samples of the same length.

    Returns
    -------
    float
        The correlation, or NaN when either sample is constant.
    """
    rx = pd.Series(x).rank(method="average")
    ry = pd.Series(y).rank(method="average")
    if rx.nunique() < 2 or ry.nunique() < 2:
        return float("nan")
    try:
        from scipy.stats import spearmanr
    except ImportError:  # pragma: no cover - scipy is optional: Pearson on the ranks
        return float(rx.corr(ry))
    return float(spearmanr(x, y).statistic)


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
) -> dict:
    """Play the balance games of one city.

    Parameters
    ----------
    city
        A built-in map name, a map file or a ``CityMap`` (e.g. a candidate edit).
    games_solo, games_four
        Solo games per bot, and four-player games of the strongest bot.
    seed
        Seed of the solo runs; the four-player run uses ``seed + 1``.
    workers
        Processes per run.
    rollout_games
        Solo games of ``rollout:samples=16`` (0: not measured).

    Returns
    -------
    dict
        ``city``, ``lines`` (a DataFrame, one row per line), ``solo`` (bot -> figures),
        ``four`` (figures of the four-player run) and ``spearman``.
    """
    city = vvlab.load_map(city)
    run = {"seed": seed, "workers": workers, "progress": False}
    solo, strong_lines = {}, None
    for bot in BOTS + ([ROLLOUT] if rollout_games else []):
        games = rollout_games if bot == ROLLOUT else games_solo
        res = vvlab.simulate(city, players=1, bots=[bot], games=games, **run)
        solo[bot] = figures(res)
        if bot == STRONG:
            strong_lines = res.lines
    run["seed"] = seed + 1
    four = vvlab.simulate(city, players=4, bots=[STRONG] * 4, games=games_four, **run)
    took_first = four.lines.assign(first=four.lines["bonus_kind"] == "first")
    first = took_first.groupby(["line", "game"], observed=True)["first"].any()
    first = first.groupby("line", observed=True).mean()
    done = strong_lines.groupby("line", observed=True)["completed"].mean()
    lines = pd.DataFrame(
        [
            {
                "id": ln.id,
                "name": ln.name,
                "stations": len(ln.stations),
                "boxes": ln.indicators,
                "bonus": f"{ln.bonus_first}/{ln.bonus_later}",
                "bonus_first": ln.bonus_first,
                "solo_completion": float(done[ln.id]),
                "four_first_share": float(first[ln.id]),
            }
            for ln in city.lines
        ]
    )
    rho = spearman(lines["bonus_first"].to_numpy(), lines["solo_completion"].to_numpy())
    return {"city": city, "lines": lines, "solo": solo, "four": figures(four), "spearman": rho}


def targets(m: dict) -> list[tuple[str, str, bool]]:
    """The per-city balance targets.

    Parameters
    ----------
    m
        The result of :func:`measure`.

    Returns
    -------
    list of (str, str, bool)
        Each target's wording, the measured value and whether it holds.
    """
    rates, strong = m["lines"]["solo_completion"], m["solo"][STRONG]
    lo, hi = rates.min(), rates.max()
    gap = strong["score"] - m["solo"]["random"]["score"]
    turns = [m["solo"][b]["turns"] for b in BOTS] + [m["four"]["turns"]]
    share, rho = strong["star_share"], m["spearman"]
    t_lo, t_hi = min(turns), max(turns)
    return [
        (
            "every line completed in 10-95% of solo games",
            f"{lo:.1%}..{hi:.1%}",
            lo >= 0.10 and hi <= 0.95,
        ),
        ("Spearman(first bonus, solo completion) <= -0.6", f"{rho:+.2f}", rho <= -0.6),
        ("star points 10-35% of the strongest bot's score", f"{share:.1%}", 0.10 <= share <= 0.35),
        ("strongest bot's mean - random's mean >= 15", f"{gap:+.1f}", gap >= 15),
        ("a game lasts 20-28 turns (mean)", f"{t_lo:.1f}..{t_hi:.1f}", 20 <= t_lo <= t_hi <= 28),
    ]


def ordering(results: dict[str, dict]) -> list[tuple[str, str, bool | None]]:
    """Amsterdam and Berlin easier than Paris and Madrid.

    Easier means both fewer mean empty stations at the end and a higher mean score for
    the same bot. The target is judged with the strongest bot; ``random`` and ``greedy``
    are printed for information. Empty when not all four cities were measured.

    Returns
    -------
    list of (str, str, bool or None)
        Wording, the ordering, and PASS/FAIL (None: information only).
    """
    if not set(EASY + HARD) <= set(results):
        return []
    out = []
    for bot in [STRONG, "random", "greedy"]:
        for key, word, sign in (("score", "mean score", " > "), ("empty", "empty stations", " < ")):
            vals = {c: results[c]["solo"][bot][key] for c in EASY + HARD}
            order = sorted(vals, key=vals.get, reverse=key == "score")
            text = sign.join(f"{c} {vals[c]:.1f}" for c in order)
            ok = set(order[:2]) == set(EASY)
            out.append((f"{word}, {bot} solo", text, ok if bot == STRONG else None))
    return out


def mark(ok: bool | None) -> str:
    """PASS, FAIL or 'info'."""
    return "info" if ok is None else ("PASS" if ok else "FAIL")


def report(m: dict) -> str:
    """The printed figures of one city."""
    city, lines = m["city"], m["lines"]
    out = [f"== {city.id}: {len(city.stations)} stations, {city.total_indicators} boxes"]
    out.append(f"{'line':<5} {'stations':>8} {'boxes':>5} {'bonus':>5} {'solo':>7} {'4p 1st':>7}")
    for r in lines.itertuples():
        out.append(
            f"{r.id:<5} {r.stations:>8} {r.boxes:>5} {r.bonus:>5} "
            f"{r.solo_completion:>7.1%} {r.four_first_share:>7.1%}"
        )
    out.append(f"Spearman(first bonus, solo completion) = {m['spearman']:+.2f}")
    head = ("bot", "games", "score", "empty", "stars", "share", "turns")
    out.append(f"{head[0]:<24} " + " ".join(f"{h:>6}" for h in head[1:]))
    rows = [(f"{b} (solo)", f) for b, f in m["solo"].items()] + [(f"{STRONG} (4p)", m["four"])]
    for name, f in rows:
        out.append(
            f"{name:<24} {f['games']:>6} {f['score']:6.1f} {f['empty']:6.1f} {f['stars']:6.1f} "
            f"{f['star_share']:6.1%} {f['turns']:6.1f}"
        )
    out += [f"  {mark(ok)}  {name}: {value}" for name, value, ok in targets(m)]
    return "\n".join(out)


def note_sections(city_id: str) -> str:
    """The sections of ``maps/notes/<city>.md`` on the lines, simplifications, balancing
    and sources, without their tables (the README has its own), headings demoted."""
    path = ROOT / "maps" / "notes" / f"{city_id}.md"
    if not path.is_file():
        return ""
    keep, out = False, []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            keep = bool(NOTE_SECTIONS.search(line))
            if keep:
                out += ["", f"#### {line[3:].strip()}", ""]
            continue
        if not keep:
            continue
        if not line.lstrip().startswith("|"):
            out.append(line)
        elif out and out[-1].endswith(":"):  # a sentence that introduced the table
            out[-1] = out[-1][:-1] + "."
        elif len(out) > 1 and not out[-1].strip() and out[-2].endswith(":"):
            out[-2] = out[-2][:-1] + "."
    return re.sub(r"\n{3,}", "\n\n", "\n".join(out)).strip()


def city_markdown(m: dict) -> list[str]:
    """The README section of one city."""
    city, lines = m["city"], m["lines"]
    out = [f"## {city.name}", "", city.description, ""]
    out += [
        f"{len(city.lines)} lines, {len(city.stations)} stations, {city.total_indicators} "
        f"indicator boxes, {len(city.transfer_stations)} transfer stations; recommended "
        f"for new players: {'yes' if city.recommended_for_new_players else 'no'}.",
        "",
        "| line | name | route (from the wagon) | stations | boxes | bonus | solo completion "
        "| 4-player first bonus taken |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r, ln in zip(lines.itertuples(), city.lines, strict=True):
        route = f"{city.stations[ln.stations[0]].name} → {city.stations[ln.stations[-1]].name}"
        out.append(
            f"| {r.id} | {r.name} | {route} | {r.stations} | {r.boxes} | {r.bonus} | "
            f"{r.solo_completion:.1%} | {r.four_first_share:.1%} |"
        )
    out += ["", "Transfer stations (star value = 2 x lines):", ""]
    transfers = sorted(city.transfer_stations, key=lambda s: (-city.star_value(s), s))
    out.append(
        "; ".join(
            f"{city.stations[s].name} ({', '.join(city.lines_through(s))}): {city.star_value(s)}"
            for s in transfers
        )
        + "."
    )
    out += ["", "| bot | games | mean score | ± 95% | empty | star points | stars share | turns |"]
    out.append("|---|---|---|---|---|---|---|---|")
    rows = [(f"{b}, solo", f) for b, f in m["solo"].items()] + [(f"{STRONG}, 4 players", m["four"])]
    for name, f in rows:
        out.append(
            f"| {name} | {f['games']} | {f['score']:.1f} | {f['ci95']:.1f} | {f['empty']:.1f} | "
            f"{f['stars']:.1f} | {f['star_share']:.1%} | {f['turns']:.1f} |"
        )
    out += ["", "| target | measured | |", "|---|---|---|"]
    out += [f"| {name} | {value} | {mark(ok)} |" for name, value, ok in targets(m)]
    notes = note_sections(city.id)
    if notes:
        out += ["", f"### Network facts and sources (from `maps/notes/{city.id}.md`)", "", notes]
    return [*out, ""]


INTRO = (
    "The five built-in maps: `tutorial`, a small city for learning the rules (not balanced), "
    "and the four city maps below (Amsterdam, Berlin, Paris, Madrid), balanced with the "
    "simulator. "
)
"""The first words of the generated ``maps/README.md``."""


def readme(results: dict[str, dict], args: argparse.Namespace) -> str:
    """The generated ``maps/README.md``."""
    command = (
        f"python benchmarks/balance.py --games-solo {args.games_solo} --games-four "
        f"{args.games_four} --seed {args.seed} --rollout-games {args.rollout_games} "
        f"--readme maps/README.md"
    )
    out = [
        "# The five built-in maps",
        "",
        "<!-- Generated by benchmarks/balance.py --readme; do not edit by hand. -->",
        "",
        f"{INTRO}Generated by `{command}` (from the repository root, with vvlab installed or "
        f"`PYTHONPATH=.`). Solo games: seed {args.seed} for every bot "
        f"({args.games_solo} games of `random`, `greedy` and `{STRONG}`, "
        f"{args.rollout_games} of `{ROLLOUT}`); four-player games: seed {args.seed + 1}, "
        f"{args.games_four} games, every seat `{STRONG}`. Ruleset `voll-verplant`.",
        "",
        f"`{STRONG}` is the strongest practical bot: `lookahead:depth=2` and `{ROLLOUT}` "
        "play better but are far too slow for thousands of games per city, so every balance "
        "target is judged with it. 'Solo completion' is the share of its solo games in "
        "which the line was complete at the end; '4-player first bonus taken' the share of "
        "four-player games in which someone took the line's first bonus.",
        "",
        "## Summary",
        "",
        f"| city | stations | boxes | random | greedy | {STRONG} | {ROLLOUT} | empty "
        f"({STRONG}) | stars share | turns | Spearman |",
        "|---|---|---|---|---|---|---|---|---|---|---|",
    ]
    for m in results.values():
        s, city = m["solo"], m["city"]
        roll = f"{s[ROLLOUT]['score']:.1f}" if ROLLOUT in s else "-"
        out.append(
            f"| {city.name} | {len(city.stations)} | {city.total_indicators} | "
            f"{s['random']['score']:.1f} | {s['greedy']['score']:.1f} | "
            f"{s[STRONG]['score']:.1f} | {roll} | {s[STRONG]['empty']:.1f} | "
            f"{s[STRONG]['star_share']:.1%} | {s[STRONG]['turns']:.1f} | {m['spearman']:+.2f} |"
        )
    order = ordering(results)
    if order:
        out += ["", "Amsterdam and Berlin against Paris and Madrid (easier first):", ""]
        out += [f"- {mark(ok)} {name}: {value}" for name, value, ok in order]
    out.append("")
    for m in results.values():
        out += city_markdown(m)
    return "\n".join(out).rstrip() + "\n"


def main(argv: list[str] | None = None) -> int:
    """Measure, print, optionally write the README; 1 if any target fails."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maps", default=",".join(CITIES))
    parser.add_argument("--games-solo", type=int, default=5000)
    parser.add_argument("--games-four", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--rollout-games", type=int, default=200)
    parser.add_argument("--readme", help="also write the generated maps README here")
    args = parser.parse_args(argv)
    print(
        f"strongest practical bot: {STRONG}; solo seed {args.seed} ({args.games_solo} games "
        f"per bot), four-player seed {args.seed + 1} ({args.games_four} games)",
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
        )
        results[name] = m
        print(report(m), flush=True)
        failed += [f"{name}: {t}" for t, _, ok in targets(m) if not ok]
    order = ordering(results)
    if order:
        print("== Amsterdam and Berlin easier than Paris and Madrid (easier first)")
        for name, value, ok in order:
            print(f"  {mark(ok)}  {name}: {value}")
        failed += [t for t, _, ok in order if ok is False]
    else:
        print("(the easier/harder ordering needs all four cities)")
    if args.readme:
        Path(args.readme).write_text(readme(results, args), encoding="utf-8")
        print(f"wrote {args.readme}")
    print("ALL TARGETS PASS" if not failed else "FAILED: " + "; ".join(failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
