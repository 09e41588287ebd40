"""The hill climb of :func:`~vvlab.design.tune.tune`: each candidate setting judged on
the same deals, scored by :func:`fitness`, the first better one taken.

Most candidates are worse than the numbers they are tried against, and the games of
the levels are most of the cost, so a candidate is judged a level at a time
(:func:`~vvlab.design.balance.check_levels`) and no further once the levels played
say it cannot beat the current fitness (:func:`fitness_bound`: more rows only add
failures or lower the worst margin). The quick levels go first, then the level where
the current numbers are worst (:func:`judging_order`: a candidate no better there is
stopped after it), then the others by cost (:func:`level_cost`). The search decides
exactly as if every candidate had been judged at every level (the same walk, the same
result): a candidate stopped early is one it would have rejected, and where the best
rejected candidates are paired (:func:`~vvlab.design.setting.paired_moves`), those
whose bound could put them among the best are judged at every level first.
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
LOW_FLOOR = -0.2
"""The least a passing verdict's worst ``margin_low`` counts in :func:`fitness`: every
target passing scores above any verdict with a target failing."""

Judge = Callable[[Setting, list[str]], Iterator[BalanceReport]]
"""A setting's verdicts on the search's deals, a level at a time, the given levels
first (:func:`~vvlab.design.balance.check_levels`)."""


def fitness(report: BalanceReport) -> float:
    """How well a city meets its targets, from the targets it scores (those ``tuned``
    in the registry; a target not measurable counts as failing by 1; margins capped at
    +-1). While some fail: below 0, a quarter point less per failing target, plus the
    sum of their (negative) margins, so that passing a target counts most and every
    failing one pulls. Once all pass: the worst ``margin_low`` (the margin at the
    unfavourable end of its 95% interval, at least :data:`LOW_FLOOR`), so that the
    search moves on to numbers that pass by more than their uncertainty, which hold on
    other deals; a thin pass scores below 0. The bonus rules are not scored: every
    candidate keeps them.

    Why no mean margin as a tie-break: a mean over every row is only known once every
    level is played, so no candidate could be rejected before; and its gains were
    mostly the deals' noise (steps of a thousandth), which the search then chased.
    Without it a verdict only worsens as levels are added, so a candidate is judged no
    further once the levels played say it is no better (:func:`fitness_bound`).

    >>> from vvlab.design import check_balance
    >>> fitness(check_balance("tutorial", bots=["greedy"], games=200, progress=False)) < 0
    True
    """
    scored, low = _scored(report.table)
    m = scored["margin"].fillna(-1.0).clip(-1.0, 1.0)
    short = float(m.clip(upper=0.0).sum())
    if short < 0:
        return short - FAIL_WEIGHT * int((m < 0).sum()) - 0.01
    if scored.empty:
        return 1.0
    return float(low.clip(LOW_FLOOR, 1.0).min())


def _scored(table: Any) -> tuple[Any, Any]:
    """The rows of a verdict's ``table`` that :func:`fitness` scores, and each one's
    ``margin_low`` (its ``margin`` in a table without one; not measurable: -1)."""
    scored = table[table["target"].map(is_tuned)]
    low = scored["margin_low"] if "margin_low" in scored else scored["margin"]
    return scored, low.fillna(-1.0)


def fitness_bound(report: BalanceReport) -> float:
    """The most :func:`fitness` can reach once rows of other levels are added to
    ``report``: its own fitness, as other rows can only add failing targets or lower
    the worst margin.

    >>> from vvlab.design import check_balance
    >>> report = check_balance("tutorial", bots=["greedy"], games=200, progress=False)
    >>> fitness(report) <= fitness_bound(report)
    True
    """
    return fitness(report)


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
        """``setting`` judged a level at a time (:func:`judging_order`) until it cannot
        beat ``beat`` (the order decides how much is played, never what is decided)."""
        for report in self.judge(setting, [] if beat is None else judging_order(beat.report)):
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


def judging_order(report: BalanceReport) -> list[str]:
    """The order in which a candidate's levels are played when it is tried against
    ``report``: those as quick as ``greedy`` first, then the level of ``report``'s
    worst scored row (where a candidate no better stops), then the others by
    :func:`level_cost`. It decides how much is played, never what is decided.

    >>> import pandas as pd
    >>> from vvlab.design.report import BalanceReport
    >>> rows = pd.DataFrame({"level": ["greedy", "lookahead:depth=1", "expert"],
    ...                      "target": "completion", "margin_low": [0.3, -0.1, 0.2]})
    >>> levels = ["greedy", "lookahead:depth=1", "expert"]
    >>> judging_order(BalanceReport(rows, "c", levels, 100, 0, "voll-verplant"))
    ['greedy', 'lookahead:depth=1', 'expert']
    """
    levels = report.levels
    scored, low = _scored(report.table)
    at_level = scored["level"].isin(levels).to_numpy()  # the bonus rules have none
    low, at = low.to_numpy()[at_level], scored["level"].to_numpy()[at_level]
    worst = at[int(low.argmin())] if len(at) else None

    def key(level: str) -> tuple[int, int, int]:
        cost = level_cost(level)
        return (0 if cost <= 1 else 1 if level == worst else 2), cost, levels.index(level)

    return sorted(levels, key=key)


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
        if step is None and not judged.report.passed and not search.stop():  # a fail: pairs
            near = _best_tried(search, tried, PAIRED)
            step = _first_better(search, paired_moves(current, near, t), judged, [])
        if step is None:
            search.stopped = search.stopped or "converged"
        else:
            current, judged = step
    return current
