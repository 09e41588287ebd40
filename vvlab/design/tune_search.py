"""The hill climb of :func:`~vvlab.design.tune.tune`: each candidate setting judged on
the same deals, scored by :func:`fitness`, the first better one taken.

Most candidates are worse than the numbers they are tried against, and the games of
the levels are most of the cost, so a candidate is judged a level at a time
(:func:`~vvlab.design.balance.check_levels`), the cheapest level first
(:func:`level_cost`: a strong bot takes several times a quick one's time per game),
and no further once even the best the other levels could bring (:func:`fitness_bound`)
cannot beat the current fitness: more rows only add failures, and their margins are at
most 1. The search decides exactly as if every candidate had been judged at every level
(the same walk, the same result): a candidate stopped early is one it would have
rejected, and where the best rejected candidates are paired
(:func:`~vvlab.design.setting.paired_moves`), those whose bound could put them among
the best are judged at every level first.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from vvlab.design.report import BalanceReport
from vvlab.design.setting import Proposal, Setting, paired_moves, proposals
from vvlab.design.target_registry import is_tuned
from vvlab.design.targets import BalanceTargets
from vvlab.model import CityMap

FAIL_WEIGHT = 0.25
"""What one failing target costs in :func:`fitness`, besides its margin."""
IMPROVEMENT = 1e-6
"""The least gain in fitness that counts as better."""
PAIRED = 6
"""When no single change helps while a target fails, the best this many are tried in
pairs (15 candidates)."""
MEAN_WEIGHT = {True: 0.005, False: 0.1}
"""The weight of the mean margin in :func:`fitness`, while some target fails (True)
and once all pass."""

Judge = Callable[[Setting, list[str]], Iterator[BalanceReport]]
"""A setting's verdicts on the search's deals, a level at a time, the given levels
first (:func:`~vvlab.design.balance.check_levels`)."""


def _score(table: Any, mean: float | None = None) -> float:
    """:func:`fitness` of a verdict's ``table``, its mean margin taken as ``mean`` when
    given."""
    scored = table[table["target"].map(is_tuned)]
    m = scored["margin"].fillna(-1.0).clip(-1.0, 1.0)
    short = float(m.clip(upper=0.0).sum())
    if short < 0:
        fails = FAIL_WEIGHT * int((m < 0).sum())
        return (
            short - fails - 0.01 + MEAN_WEIGHT[True] * (float(m.mean()) if mean is None else mean)
        )
    if "thin" in scored:
        m = m.where(~scored["thin"].astype(bool), 0.0)
    return float(m.min() + MEAN_WEIGHT[False] * (m.mean() if mean is None else mean))


def fitness(report: BalanceReport) -> float:
    """How well a city meets its targets, from the margins of the targets it scores
    (those ``tuned`` in the registry; a target not measurable counts as -1; margins
    capped at +-1). While some fail: below 0, a quarter point less per failing target,
    plus the sum of their (negative) margins, so that passing a target counts most and
    every failing one pulls. Once all pass: the worst margin plus a tenth of the mean
    (0 or more), a thin pass (nearer its bound than its uncertainty) counting as 0, so
    that the search moves on to numbers that hold on other deals. The bonus rules are
    not scored: every candidate keeps them.

    >>> from vvlab.design import check_balance
    >>> fitness(check_balance("tutorial", bots=["greedy"], games=200, progress=False)) < 0
    True
    """
    return _score(report.table)


def fitness_bound(report: BalanceReport) -> float:
    """The most :func:`fitness` can reach once rows of other levels are added to
    ``report``: they can only add failing targets or lower the worst margin, and raise
    the mean margin at most to 1.

    >>> from vvlab.design import check_balance
    >>> report = check_balance("tutorial", bots=["greedy"], games=200, progress=False)
    >>> fitness(report) <= fitness_bound(report)
    True
    """
    return _score(report.table, mean=1.0)


@dataclass(frozen=True)
class Judged:
    """A setting's verdict and its fitness; when ``complete`` is False it was judged at
    some levels only (``report`` holds those) and ``score`` is :func:`fitness_bound`."""

    report: BalanceReport
    score: float
    complete: bool = True


class Search:
    """The hill climb's state: the evaluations made and the stopping rules."""

    def __init__(self, judge: Judge, limits: dict[str, Any]):
        self.judge, self.limits = judge, limits
        self.cache: dict[Setting, Judged] = {}
        self.row_of: dict[Setting, int] = {}
        self.rows: list[dict[str, Any]] = []
        self.start = time.monotonic()
        self.stopped = ""

    def on(self, judge: Judge) -> None:
        """Go on judging with ``judge`` (other deals): what was judged before is
        forgotten, the evaluations made still count."""
        self.judge, self.cache, self.row_of, self.stopped = judge, {}, {}, ""

    def stop(self) -> bool:
        """Whether to stop now (and why, in ``stopped``)."""
        if self.limits["cancelled"]():
            self.stopped = "cancelled"
        elif len(self.rows) >= self.limits["max_evaluations"]:
            self.stopped = "max_evaluations"
        budget = self.limits["budget_s"]
        if not self.stopped and budget is not None and time.monotonic() - self.start > budget:
            self.stopped = "budget_s"
        return bool(self.stopped)

    def evaluate(self, setting: Setting, change: str, beat: Judged | None = None) -> Judged:
        """``setting`` judged (a row of the history when it is new), at every level, or
        only until it cannot beat ``beat`` (complete numbers)."""
        known = self.cache.get(setting)
        if known is not None and (known.complete or _cannot_beat(known.score, beat)):
            return known
        judged = self._judge(setting, beat)
        failing = int((~judged.report.table["passed"]).sum())
        row = {"change": change, "fitness": judged.score, "failing": failing, "accepted": False,
               "seed": judged.report.seed, "complete": judged.complete}  # fmt: skip
        if known is None:
            self.row_of[setting] = len(self.rows)
            self.rows.append({"evaluation": len(self.rows) + 1} | row)
            self.limits["progress"](len(self.rows))
        else:  # judged further: its row says what it is now
            self.rows[self.row_of[setting]] |= {
                k: row[k] for k in ("fitness", "failing", "complete")
            }
        self.cache[setting] = judged
        return judged

    def _judge(self, setting: Setting, beat: Judged | None) -> Judged:
        """``setting`` judged a level at a time, the cheapest first (:func:`level_cost`),
        until it cannot beat ``beat`` (the order decides how much is played, never what
        is decided)."""
        levels = [] if beat is None else beat.report.levels
        order = sorted(levels, key=lambda level: (level_cost(level), levels.index(level)))
        for report in self.judge(setting, order):
            if beat is not None and report.levels != beat.report.levels:
                bound = fitness_bound(report)
                if _cannot_beat(bound, beat):
                    return Judged(report, bound, complete=False)
        return Judged(report, fitness(report))


LEVEL_COSTS = (("random", 1), ("greedy", 1), ("expert", 6), ("lookahead", 30), ("rollout", 1600))
"""A solo game's cost per bot, relative to ``greedy``'s, from the compiled games per
second of ``benchmarks/throughput.py`` (greedy 120,000, expert 20,000,
``lookahead:depth=1`` 4,090, ``rollout:samples=16`` 74). A fixed table, not a clock: the
same seed judges the same candidates at the same levels on any machine."""


def level_cost(level: str) -> int:
    """How dear a level's games are (:data:`LEVEL_COSTS`; a bot not listed: dearest).

    >>> sorted(["lookahead:depth=1", "expert", "greedy"], key=level_cost)
    ['greedy', 'expert', 'lookahead:depth=1']
    """
    return next((cost for name, cost in LEVEL_COSTS if level.startswith(name)), 10_000)


def _cannot_beat(bound: float, beat: Judged | None) -> bool:
    """Whether a fitness of at most ``bound`` cannot beat ``beat``'s."""
    return beat is not None and bound <= beat.score + IMPROVEMENT


Step = tuple[Setting, Judged]
Tried = tuple[Judged, Proposal]


def _first_better(
    search: Search, candidates: Iterable[Proposal], current: Judged, tried: list[Tried]
) -> Step | None:
    """The first candidate better than ``current`` (its history row marked accepted), or
    ``None``; the others are added to ``tried``."""
    for p in candidates:
        if search.stop():
            return None
        judged = search.evaluate(p.setting, p.change, beat=current)
        if judged.complete and judged.score > current.score + IMPROVEMENT:
            search.rows[search.row_of[p.setting]]["accepted"] = True
            return p.setting, judged
        tried.append((judged, p))
    return None


def _best_tried(search: Search, tried: list[Tried], count: int) -> list[Proposal]:
    """The ``count`` candidates of ``tried`` with the highest fitness (the first tried
    among equals), those whose bound could put them there judged at every level."""
    ranked = [[judged, k, p] for k, (judged, p) in enumerate(tried)]
    while True:
        ranked.sort(key=lambda jkp: (-jkp[0].score, jkp[1]))
        partial = [entry for entry in ranked[:count] if not entry[0].complete]
        if not partial or search.stop():
            return [p for _, _, p in ranked[:count]]
        partial[0][0] = search.evaluate(partial[0][2].setting, partial[0][2].change)


def climb(
    search: Search, start: Setting, city: CityMap, t: BalanceTargets, vary: tuple[str, ...]
) -> Setting:
    """From ``start``, the first better change at each step until none is better."""
    current = start
    judged = search.evaluate(current, "start")
    while not search.stop():
        tried: list[Tried] = []
        found = proposals(current, judged.report, city, t, vary)
        step = _first_better(search, found, judged, tried)
        if step is None and judged.score < 0 and not search.stop():  # a target fails: pairs
            near = _best_tried(search, tried, PAIRED)
            step = _first_better(search, paired_moves(current, near, t), judged, [])
        if step is None:
            search.stopped = search.stopped or "converged"
        else:
            current, judged = step
    return current
