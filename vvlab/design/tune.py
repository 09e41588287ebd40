"""Balance proposed, not hand-tuned: :func:`tune` searches each line's indicator boxes
and bonus pair so that every balance target passes with the largest margin.

The search is a guided hill climb over :class:`~vvlab.design.setting.Setting` (first
improvement, most promising change first; see :func:`~vvlab.design.setting.proposals`;
where no single change helps while a target fails, the best few are tried in pairs):
each candidate city is judged by :func:`~vvlab.design.balance.check_balance` on the
same deals (common random numbers: the same ``seed``, so two candidates differ only by
their numbers, not by luck), and scored by its failing targets, or once all pass by its
worst margin less its uncertainty (:func:`~vvlab.design.tune_search.fitness`). A
candidate is judged a level at a time and no further once it cannot
beat the numbers it is tried against (:mod:`vvlab.design.tune_search`): the same walk
for a fraction of the games. Why not a general optimiser (optuna, CMA-ES): the space
is small and discrete (1-6 boxes, whole bonuses) and the verdicts say which line to
change and in which direction, so guided moves reach the targets in tens of
evaluations where a black-box sampler needs hundreds; and the walk is deterministic
for a seed without extra care. A strong bot chases high bonuses, so a bonus change
moves completion rates: every candidate is measured, never predicted.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
import pandas as pd

from vvlab.design.balance import DEFAULT_BOTS, check_balance, check_levels
from vvlab.design.explain import explain
from vvlab.design.report import BalanceReport
from vvlab.design.setting import Setting, describe
from vvlab.design.targets import BalanceTargets
from vvlab.design.tune_routes import ROUTES, RouteSuggestion, route_suggestions
from vvlab.design.tune_search import Judge, Search, climb, fitness  # noqa: F401 (tune.fitness)
from vvlab.design.tune_words import change_text
from vvlab.model import CityMap, load_map
from vvlab.sim.params import check_int
from vvlab.sim.run import Cancel, Progress, cancel_check, check_progress

VARY = ("indicators", "bonus")
"""What :func:`tune` may change: a line's indicator boxes and its bonus pair."""


@dataclass
class TuneResult:
    """What :func:`tune` found.

    ``city`` is the tuned city (only boxes and bonuses differ from the original);
    ``before`` and ``after`` its verdicts on the search's deals; ``changes`` one row per
    line (boxes and bonus before and after); ``history`` one row per evaluation (where
    ``complete`` is False the candidate was judged at some levels only, as it could not
    beat the numbers it was tried against, and its ``fitness`` is the most it could
    reach); ``stopped`` why the search ended (``"converged"``, ``"max_evaluations"``,
    ``"budget_s"``, ``"cancelled"``) and ``explanation`` what still fails and what
    route edit would help.

    Numbers that pass every target are confirmed on fresh deals (another seed derived
    from ``seed``, twice the games) before they count as a success: ``confirmation`` is
    that verdict (``None`` when nothing passed to confirm) and ``confirmed`` whether it
    held (``None`` when not tried). When it does not hold the search goes on from there
    on the first ``games`` of the fresh deals (``after`` is then judged on them) and is
    confirmed again on other fresh deals; when
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

    def on_deals(deal_seed: int, deal_games: int) -> Judge:
        def judge(setting: Setting, order: list[str]) -> Iterator[BalanceReport]:
            # one process (a candidate's games are too few to share); cancel: between
            return check_levels(setting.apply(city), targets, order=order, workers=1,
                                seed=deal_seed, games=deal_games, **run)  # fmt: skip

        return judge

    with _bar(check_progress(progress), max_evaluations) as tick:
        limits = {"cancelled": cancel_check(cancel), "max_evaluations": max_evaluations,
                  "budget_s": budget_s, "progress": tick}  # fmt: skip
        search = Search(on_deals(seed, games), limits)
        original = Setting.of(city)
        start = original.clamp(targets)
        first = search.evaluate(start, "start").report  # the climb's first step, kept
        before = first if start == original else _complete(on_deals(seed, games), original)
        best = climb(search, start, city, targets, vary)
        best, confirmation, confirmed = _confirm(search, best, (city, targets, vary),
                                                 on_deals, seed, games)  # fmt: skip
    tuned = best.apply(city)
    after = search.cache[best].report
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
    search: Search,
    best: Setting,
    problem: tuple[CityMap, BalanceTargets, tuple[str, ...]],
    on_deals: Callable[[int, int], Judge],
    seed: int,
    games: int,
) -> tuple[Setting, BalanceReport | None, bool | None]:
    """``best`` judged on fresh deals (twice the games) once it passes every target;
    when that fails, the climb goes on from it on the first ``games`` of those deals
    (as many games as the first climb: a candidate costs no more) while evaluations
    are left, and what it finds is confirmed again on further fresh deals. Returns the
    setting kept, its verdict on fresh deals (``None`` when it has none) and whether it
    held (``None``: nothing passed to confirm, or cancelled)."""
    confirmed = None
    for attempt in range(1, CONFIRMATIONS + 1):
        if not search.cache[best].report.passed or search.stopped == "cancelled":
            return best, None, confirmed
        fresh = confirm_seed(seed, attempt)
        confirmation = _complete(on_deals(fresh, 2 * games), best)
        if confirmation.passed or attempt == CONFIRMATIONS or search.stopped != "converged":
            return best, confirmation, confirmation.passed
        search.on(on_deals(fresh, games))  # the first ``games`` of those deals
        best, confirmed = climb(search, best, *problem), False
    return best, None, confirmed


def _complete(judge: Judge, setting: Setting) -> BalanceReport:
    """The verdict on ``setting`` at every level."""
    *_, report = judge(setting, [])
    return report


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
