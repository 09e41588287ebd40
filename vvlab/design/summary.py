"""A balance verdict in a board-game designer's words: :func:`summary` turns a
:class:`~vvlab.design.report.BalanceReport` into a short paragraph (what is wrong, for
whom, what would help); :mod:`vvlab.design.tune_words` says why "Balance for me"
changed a line. The editor, the HTML report and ``vvlab check`` only lay these words
out.

The skill levels are named as players (``greedy``: new players, ``lookahead``:
practised players, ``expert``: strong players) and folded into one sentence per
finding: a target that fails for a line (or the city) at several levels is one
sentence, never one per level. Lines go by their names (the report's ``names``);
numbers are said as a designer would ("almost every game", "in 1 of 8 games").

How a target is told is :data:`TOLD`, by target name; a target registered without an
entry there is told from its registry entry (its ``about``, its value and its bound).

Where a verdict carries its sampling uncertainty, the table may have a boolean column
``thin`` (a pass within chance): :func:`summary` then says which passes are thin
(:func:`thin_passes`), so a report that gains the column needs no change here.

>>> import pandas as pd
>>> from vvlab.design.report import BalanceReport
>>> rows = [{"level": lv, "target": "completion", "line": "U9", "measured": m,
...          "bound": "10%..95%", "passed": m <= 0.95, "margin": 0.95 - m}
...         for lv, m in (("greedy", 0.33), ("lookahead:depth=1", 0.9), ("expert", 0.99))]
>>> report = BalanceReport(pd.DataFrame(rows), "berlin", ["greedy", "lookahead:depth=1",
...                        "expert"], 300, 0, "voll-verplant", names={"": "Berlin"})
>>> print(summary(report))  # doctest: +NORMALIZE_WHITESPACE
Berlin misses 1 balance target, for strong players. Strong players complete line U9
almost every game (99%), so it is no challenge for them (at most 95% is wanted):
fewer boxes, a smaller first bonus or a longer route would make it harder.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from vvlab.design.target_registry import find, measured_text
from vvlab.design.words import (
    and_list,
    bound_words,
    capital,
    how_often,
    how_often_between,
    level_words,
    players_of,
    range_ends,
)

if TYPE_CHECKING:
    from vvlab.design.report import BalanceReport

__all__ = ["SHOWN_FINDINGS", "TOLD", "Finding", "failing", "findings", "summary", "thin_passes"]

SHOWN_FINDINGS = 3
"""Findings the paragraph tells; the rest are counted ("and 2 more: see the details")."""


class Finding:
    """The failing rows of one target for one line (or the city) across levels,
    weakest level first, with the report they come from; lines that fail a target
    alike (the same way at the same levels) are one finding."""

    def __init__(self, report: BalanceReport, rows: list[Any]):
        self.report, self.rows = report, rows
        self.target, self.line = rows[0].target, rows[0].line
        order = {lv: k for k, lv in enumerate(report.levels)}
        self.rows.sort(key=lambda r: order.get(r.level, -1))
        self.lines = list(dict.fromkeys(r.line for r in rows))

    @property
    def worst(self) -> float:
        margins = [r.margin for r in self.rows if r.margin == r.margin]
        return min(margins) if margins else float("-inf")

    @property
    def levels(self) -> list[str]:
        return list(dict.fromkeys(r.level for r in self.rows if r.level))

    def players(self, levels: Sequence[str] | None = None) -> str:
        """The players of ``levels`` (default: this finding's) in words; every level
        of the report is "players of every level"."""
        levels = self.levels if levels is None else list(levels)
        if len(levels) > 1 and set(levels) == set(self.report.levels):
            return "players of every level"
        return players_of(levels)

    def each(self, shown: Callable[[float], str]) -> str:
        """The values for their players, the same value said once: ``6.4 turns for
        players of every level``, ``1 point for new players and 2 for strong players``."""
        by_value: dict[str, list[str]] = {}
        for r in self.rows:
            by_value.setdefault(shown(r.measured), []).append(r.level)
        return and_list([f"{value} for {self.players(lv)}" for value, lv in by_value.items()])

    @property
    def line_name(self) -> str:
        names = [self.report.names.get(line, line) for line in self.lines]
        return f"line {names[0]}" if len(names) == 1 else f"lines {and_list(names)}"

    @property
    def alike(self) -> tuple[Any, ...]:
        """What makes two findings one: the same target failed the same way at the
        same levels (a line that fails both ways stays alone)."""
        if self.target != "completion":
            return (self.target, self.line)
        often = {r.measured > 0.5 for r in self.rows}
        if len(often) > 1:
            return (self.target, self.line)
        return (self.target, often.pop(), tuple(self.levels))

    def text(self) -> str:
        if all(r.measured != r.measured for r in self.rows):
            who = f" for {players_of(self.levels)}" if self.levels else ""
            entry = find(self.target)
            what = entry.about if entry else self.target
            return f"{capital(what)}{who}: {measured_text(self.target, float('nan'))}."
        told = TOLD.get(self.target, _told_generally)
        return told(self)


def _told_generally(f: Finding) -> str:
    """A target without words of its own: what it asks, its values and its bound."""
    entry = find(f.target)
    what = entry.about if entry else f.target
    where = f" of {f.line_name}" if f.line else ""
    values = [
        measured_text(r.target, r.measured) + (f" for {level_words(r.level)}" if r.level else "")
        for r in f.rows
    ]
    wanted = bound_words(f.rows[0].bound)
    return f"{capital(what)}{where} is {and_list(values)}, where {wanted} is wanted."


def _told_completion(f: Finding) -> str:
    if len(f.lines) > 1:
        return _told_lines(f)
    ranked = sorted(f.rows, key=lambda r: -r.measured)
    clauses = [f"{level_words(r.level)} {how_often(r.measured)}" for r in ranked]
    first = ranked[0]
    clauses[0] = f"{level_words(first.level)} complete {f.line_name} {how_often(first.measured)}"
    often = [r.measured > 0.5 for r in ranked]
    low_bound, high_bound = range_ends(first.bound)
    if all(often):
        return (
            f"{capital(', '.join(clauses))}, so it is no challenge for them (at most {high_bound} "
            "is wanted): fewer boxes, a smaller first bonus or a longer route would make it "
            "harder."
        )
    if not any(often):
        return (
            f"{capital(', '.join(clauses))}, so it is out of reach (at least {low_bound} is "
            "wanted): more boxes, a larger first bonus or a shorter route (or two lines "
            "instead of one) would help."
        )
    return (
        f"{capital('; '.join(clauses))}: it is certain for some players and out of reach for "
        "others; a route of middling length with a middling bonus would suit both."
    )


def _told_lines(f: Finding) -> str:
    """Several lines completed too often (or too rarely) by the same players."""
    rates = [r.measured for r in f.rows]
    said = f"{capital(f.players())} complete {f.line_name} "
    said += how_often_between(min(rates), max(rates))
    low_bound, high_bound = range_ends(f.rows[0].bound)
    if min(rates) > 0.5:
        return (
            f"{said}, so these are no challenge for them (at most {high_bound} is wanted): "
            "fewer boxes, smaller first bonuses or longer routes would make them harder."
        )
    return (
        f"{said}, so these are out of reach (at least {low_bound} is wanted): more boxes, "
        "larger first bonuses or shorter routes would help."
    )


def _first_bonuses(report: BalanceReport) -> dict[str, float]:
    t = report.table
    rows = t[t["target"] == "bonus-range"]
    return dict(zip(rows["line"], rows["measured"], strict=True))


def _rates(report: BalanceReport, level: str) -> dict[str, float]:
    t = report.table
    rows = t[(t["target"] == "completion") & (t["level"] == level)]
    return dict(zip(rows["line"], rows["measured"], strict=True))


def _example(f: Finding, level: str) -> str:
    """The two lines that show best that a line paying more is not harder: the one
    that pays more and is completed more often, by the widest gap; ``""`` when the
    report does not hold what it needs."""
    bonus, rate = _first_bonuses(f.report), _rates(f.report, level)
    pairs = [
        (rate[a] - rate[b], a, b)
        for a in rate
        for b in rate
        if a in bonus and b in bonus and bonus[a] > bonus[b] and rate[a] > rate[b]
    ]
    if not pairs:
        return ""
    _, a, b = max(pairs)
    name = f.report.names
    return (
        f": line {name.get(a, a)} pays {bonus[a]:g} and is completed {how_often(rate[a])}, "
        f"while line {name.get(b, b)} pays {bonus[b]:g} and is completed {how_often(rate[b])}"
    )


def _told_order(f: Finding) -> str:
    worst = max(f.rows, key=lambda r: r.measured)
    rho = worst.measured
    if rho >= 0.2:
        said = "the lines that pay more are the easier ones"
    elif rho > -0.2:
        said = "what a line pays has little to do with how hard it is"
    else:
        said = "the lines that pay more are only loosely the harder ones"
    example = _example(f, worst.level)
    return (
        f"For {f.players()} {said}{example}; raise the first bonus of the lines "
        "completed least, lower it on those completed most, or make line lengths differ more."
    )


def _told_share(f: Finding) -> str:
    values = [f.each("{:.0%} of the score".format)]
    low = f.rows[0].margin < 0 and f.rows[0].measured < 0.2
    size = "only " if low else ""
    fix = "more transfers (stations lines share)" if low else "fewer transfers (shared stations)"
    wanted = bound_words(f.rows[0].bound)
    return f"Star points are {size}{and_list(values)} ({wanted} is wanted): {fix}."


def _told_length(f: Finding) -> str:
    values = [f.each("{:.1f} turns".format)]
    short = f.rows[0].measured < 24
    fix = "give the lines more boxes" if short else "give the lines fewer boxes"
    wanted = bound_words(f.rows[0].bound)
    return (
        f"A game lasts {and_list(values)} (a game of {wanted} is wanted): {fix} "
        "(a game lasts one turn per box), or add or remove a line."
    )


def _told_gap(f: Finding) -> str:
    values = [f.each(_points)]
    wanted = bound_words(f.rows[0].bound).removesuffix(" more than random play")
    return (
        f"Good play gains too little over random play: only {and_list(values)} ({wanted} more "
        "is wanted): give players more choice (more transfers, lines of different lengths)."
    )


def _points(value: float) -> str:
    return "1 point" if round(value) == 1 else f"{value:.0f} points"


def _told_bonus(f: Finding) -> str:
    value = f.rows[0].measured
    if f.target == "bonus-range":
        wanted = bound_words(f.rows[0].bound)
        return f"The first bonus of {f.line_name}, {value:g}, is outside {wanted}."
    return f"The later bonus of {f.line_name}, {value:g}, must be 0 to its first bonus."


TOLD: dict[str, Callable[[Finding], str]] = {
    "completion": _told_completion,
    "harder-pays-more": _told_order,
    "star-share": _told_share,
    "game-length": _told_length,
    "skill-gap": _told_gap,
    "bonus-range": _told_bonus,
    "bonus-order": _told_bonus,
}
"""The sentence of each built-in target's finding, by target name."""


def failing(report: BalanceReport) -> list[Finding]:
    """One :class:`Finding` per failing target and line, across levels."""
    groups: dict[tuple[str, str], list[Any]] = {}
    for row in report.failures().itertuples(index=False):
        groups.setdefault((row.target, row.line), []).append(row)
    return [Finding(report, rows) for rows in groups.values()]


def findings(report: BalanceReport) -> list[Finding]:
    """The report's failures, one :class:`Finding` per target and line across levels
    (lines failing alike together), the worst first."""
    alike: dict[tuple[Any, ...], list[Any]] = {}
    for f in sorted(failing(report), key=lambda f: f.worst):
        alike.setdefault(f.alike, []).extend(f.rows)
    return sorted((Finding(report, rows) for rows in alike.values()), key=lambda f: f.worst)


def thin_passes(report: BalanceReport) -> list[Any]:
    """The passing rows whose pass is within chance: those with a true ``thin`` column
    (none while the report has no such column)."""
    t = report.table
    if "thin" not in t.columns:
        return []
    return list(t[t["passed"] & t["thin"].eq(True)].itertuples(index=False))


def _city(report: BalanceReport) -> str:
    return report.names.get("", "") or report.city


def _passing(report: BalanceReport) -> str:
    levels = players_of(report.levels) if report.levels else "every player"
    said = f"{_city(report)} passes every balance target for {levels}"
    said += f" ({report.games:,} games each)."
    thin = thin_passes(report)
    if thin:
        names = and_list(
            sorted({(find(r.target).about if find(r.target) else r.target) for r in thin})
        )
        said += f" Some passes are narrow, within chance: {names}; more games would tell."
    return said


def summary(report: BalanceReport, shown: int = SHOWN_FINDINGS) -> str:
    """The verdict of ``report`` as one short paragraph: whether the city passes, and
    for each failure (the worst ``shown``) what is wrong, for which players and what
    would help. :meth:`BalanceReport.summary <vvlab.design.report.BalanceReport.summary>`
    calls this.

    >>> import pandas as pd
    >>> from vvlab.design.report import BalanceReport
    >>> ok = {"level": "greedy", "target": "game-length", "line": "", "measured": 24.0,
    ...       "bound": "20..28 turns", "passed": True, "margin": 0.5}
    >>> summary(BalanceReport(pd.DataFrame([ok]), "x", ["greedy"], 300, 0, "voll-verplant",
    ...                       names={"": "Tiny Town"}))
    'Tiny Town passes every balance target for new players (300 games each).'
    """
    found = findings(report)
    if not found:
        return _passing(report)
    levels = sorted({lv for f in found for lv in f.levels}, key=report.levels.index)
    whom = f", for {players_of(levels)}" if levels else ""
    if len(levels) > 1 and len(levels) == len(report.levels):
        whom = ", for players of every level"
    missed = len(failing(report))
    count = f"{missed} balance target" + ("s" if missed != 1 else "")
    sentences = [f"{_city(report)} misses {count}{whom}."]
    sentences += [f.text() for f in found[:shown]]
    if len(found) > shown:
        sentences.append(f"And {len(found) - shown} more: see the details.")
    return " ".join(sentences)
