"""Balance proposed, not hand-tuned: :func:`tune` searches each line's indicator boxes
and bonus pair so that every balance target passes with the largest margin.

The search is a guided hill climb over :class:`~vvlab.design.setting.Setting` (first
improvement, most promising change first; see :func:`~vvlab.design.setting.proposals`;
where no single change helps while a target fails, the best few are tried in pairs):
each candidate city is judged by :func:`~vvlab.design.balance.check_balance` on the
same deals (common random numbers: the same ``seed``, so two candidates differ only by
their numbers, not by luck), and scored by its worst margin (plus a tenth of the mean,
to break ties). Why not a general optimiser (optuna, CMA-ES): the space is small and
discrete (1-6 boxes, whole bonuses) and the verdicts say which line to change and in
which direction, so guided moves reach the targets in tens of evaluations where a
black-box sampler needs hundreds; and the walk is deterministic for a seed without
extra care. A strong bot chases high bonuses, so a bonus change moves completion rates:
every candidate is measured, never predicted.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from vvlab.design.balance import DEFAULT_BOTS, check_balance
from vvlab.design.explain import explain
from vvlab.design.report import BalanceReport
from vvlab.design.setting import Proposal, Setting, describe, paired_moves, proposals
from vvlab.design.target_registry import is_tuned
from vvlab.design.targets import BalanceTargets
from vvlab.design.tune_routes import ROUTES, RouteSuggestion, route_suggestions
from vvlab.design.tune_words import change_text
from vvlab.model import CityMap, load_map
from vvlab.sim.params import check_int
from vvlab.sim.run import Cancel, Progress, cancel_check, check_progress

VARY = ("indicators", "bonus")
"""What :func:`tune` may change: a line's indicator boxes and its bonus pair."""
FAIL_WEIGHT = 0.25
"""What one failing target costs in :func:`fitness`, besides its margin."""
IMPROVEMENT = 1e-6
"""The least gain in fitness that counts as better."""


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
    t = report.table
    scored = t[t["target"].map(is_tuned)]
    m = scored["margin"].fillna(-1.0).clip(-1.0, 1.0)
    short = float(m.clip(upper=0.0).sum())
    if short < 0:
        return short - FAIL_WEIGHT * int((m < 0).sum()) - 0.01 + 0.005 * float(m.mean())
    if "thin" in scored:
        m = m.where(~scored["thin"].astype(bool), 0.0)
    return float(m.min() + 0.1 * m.mean())


@dataclass
class TuneResult:
    """What :func:`tune` found.

    ``city`` is the tuned city (only boxes and bonuses differ from the original);
    ``before`` and ``after`` its verdicts on the search's deals; ``changes`` one row per
    line (boxes and bonus before and after); ``history`` one row per evaluation;
    ``stopped`` why the search ended (``"converged"``, ``"max_evaluations"``,
    ``"budget_s"``, ``"cancelled"``) and ``explanation`` what still fails and what
    route edit would help.

    Numbers that pass every target are confirmed on fresh deals (another seed derived
    from ``seed``, twice the games) before they count as a success: ``confirmation`` is
    that verdict (``None`` when nothing passed to confirm) and ``confirmed`` whether it
    held (``None`` when not tried). When it does not hold the search goes on from there
    on the fresh deals (``after`` is then judged on them) and is confirmed again; when
    it still does not hold, ``confirmed`` is False and the first note of
    ``explanation`` says so. :attr:`passed` is the success.

    ``routes`` are the route edits worth making, the best first (only when ``"routes"``
    is in ``vary`` and the tuned numbers still miss a target; never applied to
    ``city``): each a :class:`~vvlab.design.tune_routes.RouteSuggestion` with its
    proposed city, its verdict on the same deals and its explanation.
    """

    city: CityMap
    before: BalanceReport
    after: BalanceReport
    changes: pd.DataFrame
    history: pd.DataFrame
    stopped: str
    explanation: list[str] = field(default_factory=list)
    seed: int = 0
    confirmation: BalanceReport | None = None
    confirmed: bool | None = None
    routes: list[RouteSuggestion] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        """True when every target passes and that held on fresh deals."""
        return bool(self.after.passed and self.confirmed)

    @property
    def stopped_early(self) -> bool:
        """True when a time budget or ``cancel`` ended the search (the result is then
        the best found so far, and another run may differ)."""
        return self.stopped in ("budget_s", "cancelled")

    def summary(self) -> str:
        """A few lines: the verdict before and after, what changed, why it stopped."""
        changed = self.changes[self.changes["changed"]]
        names = {line.id: line.name for line in self.city.lines}
        parts = [change_text(r, names) for r in changed.itertuples()]  # what changed, only
        lines = [
            f"before: {self.before.heading()}",
            f"after:  {self.after.heading()}",
            f"changed: {'; '.join(parts) or 'nothing'}",
            f"stopped: {self.stopped} after {len(self.history)} evaluations",
        ]
        if self.confirmation is not None:
            lines.insert(2, f"fresh deals: {self.confirmation.heading()}")
        routes = [f"route edit: {r.text} — {r.why}" for r in self.routes]
        return "\n".join(lines + self.explanation + routes)

    def __repr__(self) -> str:
        return f"<TuneResult {self.city.id}: {self.after.heading()}>"


class _Search:
    """The hill climb's state: the evaluations made and the stopping rules."""

    def __init__(self, judge: Callable[[Setting], BalanceReport], limits: dict[str, Any]):
        self.judge, self.limits = judge, limits
        self.cache: dict[Setting, tuple[BalanceReport, float]] = {}
        self.rows: list[dict[str, Any]] = []
        self.start = time.monotonic()
        self.stopped = ""

    def on(self, judge: Callable[[Setting], BalanceReport]) -> None:
        """Go on judging with ``judge`` (other deals): what was judged before is
        forgotten, the evaluations made still count."""
        self.judge, self.cache, self.stopped = judge, {}, ""

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

    def evaluate(self, setting: Setting, change: str) -> tuple[BalanceReport, float]:
        if setting not in self.cache:
            report = self.judge(setting)
            score = fitness(report)
            self.cache[setting] = (report, score)
            failing = int((~report.table["passed"]).sum())
            self.rows.append({"evaluation": len(self.rows) + 1, "change": change,
                              "fitness": score, "failing": failing, "accepted": False,
                              "seed": report.seed})  # fmt: skip
            self.limits["progress"](len(self.rows))
        return self.cache[setting]


PAIRED = 6
"""When no single change helps while a target fails, the best this many are tried in
pairs (15 candidates)."""

Step = tuple[Setting, BalanceReport, float]
Tried = tuple[float, Proposal]


def _first_better(
    search: _Search, candidates: Iterable[Proposal], score: float, tried: list[Tried]
) -> Step | None:
    """The first candidate better than ``score`` (its history row marked accepted), or
    ``None``; the others are added to ``tried`` as ``(fitness, proposal)``."""
    for p in candidates:
        if search.stop():
            return None
        report, new_score = search.evaluate(p.setting, p.change)
        if new_score > score + IMPROVEMENT:
            search.rows[-1]["accepted"] = True
            return p.setting, report, new_score
        tried.append((new_score, p))
    return None


def _climb(
    search: _Search, start: Setting, city: CityMap, t: BalanceTargets, vary: tuple[str, ...]
) -> Setting:
    current = start
    report, score = search.evaluate(current, "start")
    while not search.stop():
        tried: list[Tried] = []
        step = _first_better(search, proposals(current, report, city, t, vary), score, tried)
        if step is None and score < 0 and not search.stop():  # a target fails: pairs
            near = [p for _, p in sorted(tried, key=lambda fp: -fp[0])[:PAIRED]]
            step = _first_better(search, paired_moves(current, near, t), score, [])
        if step is None:
            search.stopped = search.stopped or "converged"
        else:
            current, report, score = step
    return current


def tune(
    city: Any,
    targets: BalanceTargets | None = None,
    *,
    vary: Sequence[str] = VARY,
    bots: Sequence[Any] = DEFAULT_BOTS,
    seed: int = 0,
    games: int = 500,
    max_evaluations: int = 300,
    budget_s: float | None = None,
    ruleset: Any = "voll-verplant",
    progress: Progress = True,
    cancel: Cancel = None,
) -> TuneResult:
    """Search indicator boxes and bonuses so that every balance target passes with the
    largest margin; routes, stations, names, colours and coordinates never change (with
    ``"routes"`` in ``vary``, route edits are proposed beside, never made).

    Parameters
    ----------
    city
        A built-in map name, a map file, map data or a ``CityMap``.
    targets
        The balance targets (the defaults when ``None``).
    vary
        What may change: ``"indicators"`` (boxes per line, 1-6) and ``"bonus"`` (first
        in the targets' range, ``0 <= later <= first``); with ``"routes"``, when the
        numbers still miss a target, route edits that help are proposed in
        ``TuneResult.routes`` (a line ending one station earlier or later, leaving a
        shared station, its end moved to another branch: :mod:`vvlab.design.tune_routes`),
        each judged on the same deals as the verdict it improves on.
    bots, seed, games, ruleset
        The skill levels judged, the deals (the same for every candidate) and solo
        games per level and candidate.
    max_evaluations
        Candidate cities judged at most (the same seed and this give the same result).
    budget_s, cancel
        Stop early after this many seconds, or when ``cancel`` (a ``threading.Event``
        or a callable) says so; the result says it stopped early.
    progress
        A progress bar (``True``), none, or ``progress(evaluations, max_evaluations)``.

    Examples
    --------
    >>> result = tune("tutorial", bots=["greedy"], games=200, max_evaluations=6, progress=False)
    >>> len(result.history) <= 6, result.stopped in ("converged", "max_evaluations")
    (True, True)
    >>> routes = [ln.stations for ln in load_map("tutorial").lines]
    >>> [ln.stations for ln in result.city.lines] == routes
    True
    """
    city = load_map(city)
    targets, bots, vary = _checked(targets, bots, vary, max_evaluations, budget_s)
    run = {"bots": bots, "ruleset": ruleset, "progress": False}

    def on_deals(deal_seed: int, deal_games: int) -> Callable[[Setting], BalanceReport]:
        def judge(setting: Setting) -> BalanceReport:
            return check_balance(setting.apply(city), targets, workers=1, seed=deal_seed,
                                 games=deal_games, **run)  # fmt: skip  # cancel: between

        return judge

    with _bar(check_progress(progress), max_evaluations) as tick:
        limits = {"cancelled": cancel_check(cancel), "max_evaluations": max_evaluations,
                  "budget_s": budget_s, "progress": tick}  # fmt: skip
        search = _Search(on_deals(seed, games), limits)
        original = Setting.of(city)
        start = original.clamp(targets)
        first = search.evaluate(start, "start")[0]  # the climb's first step, kept
        before = first if start == original else on_deals(seed, games)(original)
        best = _climb(search, start, city, targets, vary)
        best, confirmation, confirmed = _confirm(search, best, (city, targets, vary),
                                                 on_deals, seed, games)  # fmt: skip
    tuned = best.apply(city)
    after = search.cache[best][0]
    failing = confirmation if confirmation is not None and not confirmed else after
    notes = explain(tuned, failing, vary)
    if confirmed is False:
        notes.insert(0, NOT_CONFIRMED.format(games=failing.games))
    routes = []
    if ROUTES in vary and not failing.passed:  # judged on the deals of the verdict that fails

        def judge(edited: CityMap) -> BalanceReport:
            return check_balance(edited, targets, workers=1, seed=failing.seed,
                                 games=failing.games, **run)  # fmt: skip

        routes = route_suggestions(tuned, failing, judge, cancelled=limits["cancelled"])
    return TuneResult(
        city=tuned,
        before=before,
        after=after,
        changes=pd.DataFrame(describe(city, original, best)),
        history=pd.DataFrame(search.rows),
        stopped=search.stopped,
        explanation=notes,
        seed=seed,
        confirmation=confirmation,
        confirmed=confirmed,
        routes=routes,
    )


CONFIRMATIONS = 2
"""Times :func:`tune` confirms numbers that pass on fresh deals; after a failed
confirmation but the last it searches on from there on the fresh deals."""
CONFIRM_STREAM = 31
"""Mixed into the search's seed for the seeds of the fresh deals (another stream than
the bootstrap's, :data:`vvlab.design.play.BOOTSTRAP_STREAM`)."""
NOT_CONFIRMED = (
    "not confirmed: these numbers passed every target on the games they were tuned on, "
    "but not on {games} fresh games per level; the targets below may fail for players"
)


def confirm_seed(seed: int, attempt: int) -> int:
    """The seed of the fresh deals of confirmation ``attempt`` (1, 2, ...), derived from
    the search's ``seed``: the same seed, the same deals; never the search's.

    >>> confirm_seed(0, 1) == confirm_seed(0, 1) != confirm_seed(0, 2)
    True
    """
    state = np.random.SeedSequence([seed, CONFIRM_STREAM, attempt]).generate_state(1, np.uint64)
    fresh = int(state[0] >> np.uint64(1))
    return fresh if fresh != seed else fresh + 1


def _confirm(
    search: _Search,
    best: Setting,
    problem: tuple[CityMap, BalanceTargets, tuple[str, ...]],
    on_deals: Callable[[int, int], Callable[[Setting], BalanceReport]],
    seed: int,
    games: int,
) -> tuple[Setting, BalanceReport | None, bool | None]:
    """``best`` judged on fresh deals (twice the games) once it passes every target;
    when that fails, the climb goes on from it on those deals while evaluations are
    left, and what it finds is confirmed again. Returns the setting kept, its verdict
    on fresh deals (``None`` when it has none) and whether it held (``None``: nothing
    passed to confirm, or cancelled)."""
    confirmed = None
    for attempt in range(1, CONFIRMATIONS + 1):
        if not search.cache[best][0].passed or search.stopped == "cancelled":
            return best, None, confirmed
        fresh = on_deals(confirm_seed(seed, attempt), 2 * games)
        confirmation = fresh(best)
        if confirmation.passed or attempt == CONFIRMATIONS or search.stopped != "converged":
            return best, confirmation, confirmation.passed
        search.on(fresh)
        search.cache[best] = (confirmation, fitness(confirmation))
        best, confirmed = _climb(search, best, *problem), False
    return best, None, confirmed


def _checked(
    targets: Any, bots: Any, vary: Any, max_evaluations: Any, budget_s: Any
) -> tuple[BalanceTargets, list[Any], tuple[str, ...]]:
    """The arguments of :func:`tune` checked, each error naming its parameter: the
    targets (the defaults for None), the bots (one name alone is a list of one) and
    what may vary."""
    if targets is None:
        targets = BalanceTargets()
    if not isinstance(targets, BalanceTargets):
        raise TypeError(f"targets must be BalanceTargets (or None), got {targets!r}")
    bots = [bots] if isinstance(bots, str) else list(bots)
    vary = (vary,) if isinstance(vary, str) else tuple(vary)
    unknown = sorted(set(vary) - {*VARY, ROUTES})
    if unknown or not vary:
        raise ValueError(f"vary: choose from {[*VARY, ROUTES]}, got {list(vary)}")
    check_int("max_evaluations", max_evaluations, 1)
    if budget_s is not None and not (
        isinstance(budget_s, int | float) and not isinstance(budget_s, bool) and budget_s >= 0
    ):
        raise ValueError(
            f"budget_s must be a number of seconds, 0 or more (or None), got {budget_s!r}"
        )
    return targets, bots, vary


class _bar:
    """``progress`` as a context: a tqdm bar of evaluations, a callable, or nothing."""

    def __init__(self, progress: Progress, total: int):
        self.progress, self.total, self.bar = progress, total, None

    def __enter__(self) -> Callable[[int], None]:
        if callable(self.progress) and not isinstance(self.progress, bool):
            return lambda done: self.progress(done, self.total)  # type: ignore[operator]
        from vvlab.sim.bars import visible

        if not self.progress or not visible():
            return lambda done: None
        from tqdm.auto import tqdm

        self.bar = tqdm(total=self.total, unit="city", desc="tune", dynamic_ncols=True)
        return lambda done: self.bar.update(done - self.bar.n)

    def __exit__(self, *exc: object) -> None:
        if self.bar is not None:
            self.bar.close()
