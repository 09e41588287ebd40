"""The generated ``maps/README.md`` of ``benchmarks/balance.py``: per city its lines,
figures per bot and the balance verdict in a few rows (:func:`compact`), with the
network facts of ``maps/notes/<city>.md``."""

from __future__ import annotations

import argparse
import re
from pathlib import Path

import pandas as pd

from vvlab.design import BalanceReport
from vvlab.design.balance import BASELINE
from vvlab.design.explain import explain
from vvlab.design.report import measured_text

ROOT = Path(__file__).resolve().parents[1]
NOTE_SECTIONS = re.compile(r"lines on the plan|tram lines|simplif|balanc|sources", re.IGNORECASE)
PER_LINE = ("completion", "bonus-range", "bonus-order")
"""Targets judged per line: one summary row each in the compact verdict."""


def _summary_row(level: str, target: str, rows: pd.DataFrame) -> dict:
    """One row for a per-line target: min..max of the measured values, the worst
    margin, and the failing lines (or how many lines)."""
    low, high = (measured_text(target, v) for v in (rows["measured"].min(), rows["measured"].max()))
    failed = rows[~rows["passed"]]
    where = (
        ", ".join(f"{r.line} {measured_text(target, r.measured)}" for r in failed.itertuples())
        if len(failed)
        else f"all {len(rows)} lines"
    )
    bound = rows["bound"].iloc[0] if rows["bound"].nunique() == 1 else "0..first"
    return {"level": level, "target": target, "line": where,
            "measured": low if low == high else f"{low}..{high}", "bound": bound,
            "passed": bool(failed.empty), "margin": float(rows["margin"].min())}  # fmt: skip


def compact(report: BalanceReport) -> list[dict]:
    """The verdict in a few rows: the bonus rules (every line), then per level the
    completion of every line (one row) and the city-wide targets.

    Returns
    -------
    list of dict
        ``level`` (``(any)`` for the bonus rules), ``target``, ``line`` (which lines, or
        the failing ones with their values), ``measured`` (as text), ``bound``,
        ``passed`` and ``margin`` (the worst of the rows summarised).
    """
    t, out = report.table, []
    for level in ["", *report.levels]:
        rows = t[t["level"] == level]
        for target in dict.fromkeys(rows["target"]):
            sub = rows[rows["target"] == target]
            if target in PER_LINE:
                out.append(_summary_row(level or "(any)", target, sub))
                continue
            r = sub.iloc[0]
            out.append({"level": level, "target": target, "line": "",
                        "measured": measured_text(target, r["measured"]), "bound": r["bound"],
                        "passed": bool(r["passed"]), "margin": float(r["margin"])})  # fmt: skip
    return out


def mark(ok: bool | None) -> str:
    """PASS, FAIL or 'info'."""
    return "info" if ok is None else ("PASS" if ok else "FAIL")


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


def verdict_markdown(m: dict) -> list[str]:
    """The verdict table of one city, and why a failing target fails."""
    rep = m["report"]
    out = [f"Balance targets ({rep.heading()}):", ""]
    out += [
        "| | level | target | lines | measured | bound | margin |",
        "|---|---|---|---|---|---|---|",
    ]
    out += [
        f"| {mark(r['passed'])} | {r['level'] or '(any)'} | {r['target']} | {r['line']} | "
        f"{r['measured']} | {r['bound']} | {r['margin']:+.2f} |"
        for r in compact(rep)
    ]
    notes = explain(m["city"], rep, ("indicators", "bonus"))
    if notes:
        out += ["", "Why the failing targets fail, and what would help:", ""]
        out += [f"- {note}" for note in notes]
    return out


def city_markdown(m: dict) -> list[str]:
    """The README section of one city."""
    city, lines, levels = m["city"], m["lines"], m["report"].levels
    out = [f"## {city.name}", "", city.description, ""]
    out += [
        f"{len(city.lines)} lines, {len(city.stations)} stations, {city.total_indicators} "
        f"indicator boxes, {len(city.transfer_stations)} transfer stations; recommended "
        f"for new players: {'yes' if city.recommended_for_new_players else 'no'}.",
        "",
        "| line | name | route (from the wagon) | stations | boxes | bonus | "
        + " | ".join(f"solo completion, {level}" for level in levels)
        + f" | 4-player first bonus taken ({m['strong']}) |",
        "|---|---|---|---|---|---|" + "---|" * (len(levels) + 1),
    ]
    for r, ln in zip(lines.to_dict("records"), city.lines, strict=True):
        route = f"{city.stations[ln.stations[0]].name} → {city.stations[ln.stations[-1]].name}"
        rates = " | ".join(f"{r[level]:.1%}" for level in levels)
        out.append(
            f"| {r['id']} | {r['name']} | {route} | {r['stations']} | {r['boxes']} | "
            f"{r['bonus']} | {rates} | {r['four_first_share']:.1%} |"
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
    rows = [(f"{b}, solo", f) for b, f in m["solo"].items()]
    for name, f in [*rows, (f"{m['strong']}, 4 players", m["four"])]:
        out.append(
            f"| {name} | {f['games']} | {f['score']:.1f} | {f['ci95']:.1f} | {f['empty']:.1f} | "
            f"{f['stars']:.1f} | {f['star_share']:.1%} | {f['turns']:.1f} |"
        )
    out += ["", *verdict_markdown(m)]
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


LAYOUTS = [
    "## Layouts: geographic, not schematic",
    "",
    "The four cities keep their geographic layouts. `vvlab.design.schematic` lays each out "
    "octilinearly (`python benchmarks/schematic.py`): every segment horizontal, vertical or "
    "diagonal (against 0-3% now) with about half the bends, no new crossings, and compactly "
    "(15-17 grid units a side), so that its sheet prints on A4 and Letter with 6.5 mm "
    "station boxes, which the geographic layout does not. But it is not clearly better on "
    "the other figures: its segment lengths vary a little more (coefficient of variation "
    "0.47-0.75 against 0.44-0.67) and it moves stations 0.8-1.5 median segments from where "
    "they are. So the maps stay recognisable as the cities; the schematic version of any "
    'city is one call (`vvlab.design.schematic(city)`), the map editor\'s "Tidy layout" or '
    "`vvlab sheet CITY --schematic` away.",
]
"""The choice of layout for the built-in cities, with the figures it rests on."""

STRONG_PLAYERS = [
    "## Balance for strong players: every city passes at the expert level",
    "",
    "Judged with the `expert` bot (about as strong as `rollout:samples=16`), the four "
    "cities pass every target at every level, also on 5,000 games of deals they were not "
    "tuned on (`tests/design/test_design_cities.py`, seed 20261206). Strong players used "
    "to complete some lines in nearly every game whatever they paid, and with equal "
    "bonuses the levels disagreed about which lines are hard. On Paris new bonuses did "
    "it: line 2, which strong players completed in 98% of games, now pays 5 "
    "(`maps/notes/paris.md`). Amsterdam and Berlin needed route changes, true to the real "
    "networks: on Amsterdam metro 54, whose seven stations were all shared, gave way to "
    "tram 14, which has stations of its own (`maps/notes/amsterdam.md`); on Berlin U5, U6 "
    "and U8 got a real stop back each, U6 ends at Tempelhof and U9 leaves out Amrumer "
    "Straße (`maps/notes/berlin.md`). The last column of the summary gives each "
    "city's thinnest margin.",
]
"""How the cities came to pass at the strongest level."""


def _verdict_cell(rep: BalanceReport) -> str:
    """PASS or FAIL, and the smallest margin of a measured target (the bonus rules are
    fixed numbers, not measured: a first bonus at the top of its range has margin 0)."""
    failed = rep.failures()
    if len(failed):
        return f"FAIL ({len(failed)} of {len(rep.table)})"
    measured = rep.table[rep.table["level"] != ""]
    worst = measured.loc[measured["margin"].idxmin()]
    return f"PASS (worst measured margin {worst['margin']:+.2f}, {worst['target']})"


def summary(results: dict[str, dict]) -> list[str]:
    """The summary table: mean score per bot, the strongest level's figures, verdict."""
    first = next(iter(results.values()))
    bots, strong = list(first["solo"]), first["strong"]
    out = [
        "| city | stations | boxes | " + " | ".join(bots) + f" | empty ({strong}) | turns "
        "| balance targets |",
        "|---|---|---|" + "---|" * len(bots) + "---|---|---|",
    ]
    for m in results.values():
        s, city = m["solo"], m["city"]
        scores = " | ".join(f"{s[b]['score']:.1f}" if b in s else "-" for b in bots)
        out.append(
            f"| {city.name} | {len(city.stations)} | {city.total_indicators} | {scores} | "
            f"{s[strong]['empty']:.1f} | {s[strong]['turns']:.1f} | {_verdict_cell(m['report'])} |"
        )
    return out


def readme(
    results: dict[str, dict], args: argparse.Namespace, order: list[tuple], rollout: str
) -> str:
    """The generated ``maps/README.md``: ``results`` of ``balance.measure`` per city,
    the command line ``args``, the easier/harder ``order`` (``balance.ordering``) and the
    rollout bot measured for information."""
    command = (
        f"python benchmarks/balance.py --games-solo {args.games_solo} --games-four "
        f"{args.games_four} --seed {args.seed} --rollout-games {args.rollout_games} "
        f"--readme maps/README.md"
    )
    levels = ", ".join(f"`{level}`" for level in args.levels.split(","))
    strong = next(iter(results.values()))["strong"]
    out = [
        "# The five built-in maps",
        "",
        "<!-- Generated by benchmarks/balance.py --readme; do not edit by hand. -->",
        "",
        f"{INTRO}Generated by `{command}` (from the repository root, with vvlab installed or "
        f"`PYTHONPATH=.`). Solo games: seed {args.seed} for every bot "
        f"({args.games_solo} games of `{BASELINE}` and of each level, "
        f"{args.rollout_games} of `{rollout}`); four-player games: seed {args.seed + 1}, "
        f"{args.games_four} games, every seat `{strong}`. Ruleset `voll-verplant`.",
        "",
        "Every balance target of `vvlab.design` (the default `BalanceTargets`, see "
        f"`docs/balance.md`) is judged at each skill level, {levels}, as "
        f"`check_balance(city, games={args.games_solo}, seed={args.seed})` does; the bonus "
        "rules hold at every level ('(any)'). The margin is the distance to the nearest "
        "bound over the width of the allowed range (negative: the target fails). "
        f"`{strong}` is the strongest level judged; `{rollout}` (measured here on fewer "
        "games, for information) plays about as well as `expert` but several hundred times "
        "slower, too slow for thousands of games per city. 'Solo "
        "completion' is the share of a level's solo games in which the line was complete "
        "at the end; '4-player first bonus taken' the share of four-player games in which "
        "someone took the line's first bonus.",
        "",
        "## Summary",
        "",
        *summary(results),
    ]
    if order:
        out += ["", "Amsterdam and Berlin against Paris and Madrid (easier first):", ""]
        out += [f"- {mark(ok)} {name}: {value}" for name, value, ok in order]
    out += ["", *STRONG_PLAYERS, "", *LAYOUTS, ""]
    for m in results.values():
        out += city_markdown(m)
    return "\n".join(out).rstrip() + "\n"
