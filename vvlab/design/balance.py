"""Verdicts on a city's balance: :func:`check_balance` judges every registered target
(:mod:`vvlab.design.target_registry`: each says how it is measured and judged) against
its bound in :class:`~vvlab.design.targets.BalanceTargets` at every skill level (bot)
and returns a :class:`~vvlab.design.report.BalanceReport`.

A city balanced for one kind of player can be broken for another (a strong bot
completes lines a weak one never does), so each target is judged per bot; the skill gap
is measured from ``random`` to each level. Every level plays the same deals (the same
``seed``), so the levels differ only by how they play.
"""

from __future__ import annotations

import inspect
from collections.abc import Iterator, Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.bots.base import bot_label
from vvlab.design.builtin_targets import spearman
from vvlab.design.play import Play
from vvlab.design.report import BalanceReport
from vvlab.design.target_registry import BASELINE, Target, all_targets
from vvlab.design.targets import BalanceTargets
from vvlab.model import CityMap, load_map
from vvlab.sim import SimulationResult, simulate
from vvlab.sim.run import Cancel, Progress
from vvlab.sim.stats import Z95

__all__ = [
    "BASELINE",
    "DEFAULT_BOTS",
    "check_balance",
    "check_levels",
    "judge",
    "judge_result",
    "margin",
    "spearman",
    "thin",
]

DEFAULT_BOTS = ("greedy", "lookahead:depth=1", "expert")
"""The levels judged by default, weakest first: a quick player, a careful one and the
strongest fast bot (``expert``, about ``rollout:samples=16``'s strength)."""


def margin(value: float, low: float | None, high: float | None, width: float) -> float:
    """How far ``value`` is inside its bounds: the distance to the nearest bound over
    ``width`` (the allowed range's width, or a scale for a one-sided bound); negative
    outside, NaN when ``value`` is NaN. Margins of different targets compare.

    >>> margin(0.5, 0.25, 1.0, 0.75), margin(1.25, 0.25, 1.0, 0.75), margin(20, 15, None, 10)
    (0.3333333333333333, -0.3333333333333333, 0.5)
    """
    if value != value:  # NaN: not measurable, so not passed
        return float("nan")
    gaps = [value - low] if low is not None else []
    gaps += [high - value] if high is not None else []
    return float(min(gaps) / (width if width > 0 else 1.0))


def _verdicts(target: Target, play: Play, targets: BalanceTargets) -> list[dict[str, Any]]:
    """The rows of one target on ``play``: its measured values against its bound, each
    with its uncertainty (from the play's resampled rows) and whether a pass is thin."""
    bound = target.bound_in(targets)
    rows = []
    for line, values in target.measure(play).items():
        allowed = target.allowed(bound, play.city.line(line) if line else None)
        value, spread = _estimate(values)
        m = margin(value, allowed.low, allowed.high, allowed.width)
        width = allowed.width if allowed.width > 0 else 1.0
        rows.append(
            {
                "level": play.level,
                "target": target.name,
                "line": line,
                "measured": value,
                "bound": allowed.text,
                "passed": bool(m >= 0),
                "margin": m,
                "spread": spread,
                "thin": bool(m >= 0) and thin(value, spread, allowed.low, allowed.high),
                "margin_low": m - spread / width,
            }
        )
    return rows


def _estimate(values: Any) -> tuple[float, float]:
    """The measured value (the first row) and the half-width of its 95% interval, from
    the spread of the resampled rows (0 for a single value)."""
    values = np.atleast_1d(np.asarray(values, dtype=float))
    resampled = values[1:][~np.isnan(values[1:])]
    spread = Z95 * float(resampled.std(ddof=1)) if len(resampled) > 1 else 0.0
    return float(values[0]), spread


def thin(value: float, spread: float, low: float | None, high: float | None) -> bool:
    """Whether a value is nearer a bound than its uncertainty (``spread``): a pass
    another set of deals may well turn into a fail.

    >>> thin(0.12, 0.03, 0.10, 0.95), thin(0.12, 0.01, 0.10, 0.95), thin(3, 0, None, 3)
    (True, False, False)
    """
    return any(b is not None and abs(value - b) < spread for b in (low, high))


def _map_rows(city: CityMap, targets: BalanceTargets) -> list[dict[str, Any]]:
    """The rules judged from the map alone (``level`` empty: the same at every level),
    line by line (city-wide ones first)."""
    play = Play(city)
    rows = [r for t in all_targets() if t.on_map for r in _verdicts(t, play, targets)]
    order = {"": -1} | {ln.id: k for k, ln in enumerate(city.lines)}
    return sorted(rows, key=lambda row: order[row["line"]])


def _level_rows(play: Play, targets: BalanceTargets) -> list[dict[str, Any]]:
    """The targets measured from a level's games, target by target."""
    return [r for t in all_targets() if not t.on_map for r in _verdicts(t, play, targets)]


def check_balance(
    city: Any,
    targets: BalanceTargets | None = None,
    *,
    bots: Sequence[Any] = DEFAULT_BOTS,
    games: int = 2000,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    progress: Progress = True,
    cancel: Cancel = None,
    workers: int | None = None,
    equal_bonus: tuple[int, int] | None = None,
) -> BalanceReport:
    """Judge ``city`` against ``targets`` (the defaults when ``None``) at every level
    in ``bots``, from ``games`` solo games per level on the same deals.

    Parameters
    ----------
    city
        A built-in map name, a map file, map data or a ``CityMap``.
    targets
        The balance targets (:class:`~vvlab.design.targets.BalanceTargets`).
    bots
        The skill levels, as bot specs (``"greedy"``, ``"lookahead:depth=1"``,
        ``"expert"``...; default :data:`DEFAULT_BOTS`).
        ``random`` is played too, for the skill gap.
    games, seed, ruleset
        Solo games per level, the seed (the same deals at every level) and the ruleset.
    progress, cancel, workers
        As for :func:`vvlab.simulate`, per level.
    equal_bonus
        The ``(first, later)`` bonus every line gets when its difficulty is measured
        (harder-pays-more); default the city's median first and later bonus.

    Examples
    --------
    >>> report = check_balance("tutorial", bots=["greedy"], games=300, progress=False)
    >>> report.table.columns.tolist()[:7]
    ['level', 'target', 'line', 'measured', 'bound', 'passed', 'margin']
    >>> report.table.columns.tolist()[7:]  # the uncertainty (see BalanceReport)
    ['spread', 'thin', 'margin_low']
    >>> sorted(set(report.table["level"]))  # '': the bonus rules, the same at every level
    ['', 'greedy']
    >>> report.passed  # the tutorial is quick: its games are short
    False
    >>> "game-length" in set(report.failures()["target"])
    True
    """
    *_, report = check_levels(city, targets, bots=bots, games=games, seed=seed, ruleset=ruleset,
                              progress=progress, cancel=cancel, workers=workers,
                              equal_bonus=equal_bonus)  # fmt: skip
    return report


def check_levels(
    city: Any, targets: BalanceTargets | None = None, *, order: Sequence[str] = (), **options: Any
) -> Iterator[BalanceReport]:
    """:func:`check_balance` a level at a time: after ``random``'s games and each
    level's, the verdict on the levels played so far (their rows in the order of
    ``bots``, whatever the order played). The last is :func:`check_balance`'s verdict; a
    caller that has seen enough stops there (:func:`~vvlab.design.tune.tune` stops
    judging a candidate once it cannot beat the numbers it has). ``options`` are
    :func:`check_balance`'s keywords (its defaults when left out); ``order`` the levels
    (bot labels) to play first.

    >>> steps = check_levels("tutorial", bots=["greedy", "expert"], order=["expert"],
    ...                      games=100, progress=False)
    >>> [report.levels for report in steps]
    [['expert'], ['greedy', 'expert']]
    """
    city, targets, o = load_map(city), targets or BalanceTargets(), _options(options)
    bot_of: dict[str, Any] = {}
    for bot in o["bots"]:
        bot_of.setdefault(bot_label(bot), bot)
    if not bot_of:
        raise ValueError("bots: give at least one skill level, e.g. ['greedy']")
    if set(order) - set(bot_of):
        raise ValueError(f"order: levels of bots only ({list(bot_of)}), got {list(order)}")
    replay = {k: o[k] for k in ("cancel", "workers")}
    run = {k: o[k] for k in ("games", "seed", "ruleset", "progress")} | replay
    results = {BASELINE: simulate(city, players=1, bots=[BASELINE], **run)}
    rows, parts = _map_rows(city, targets), {}
    for level in dict.fromkeys([*order, *bot_of]):
        if level not in results:
            results[level] = simulate(city, players=1, bots=[bot_of[level]], **run)
        parts[level] = _level_part(city, targets, level, results, seed=o["seed"],
                                   bot=bot_of[level], equal_bonus=o["equal_bonus"],
                                   run=replay)  # fmt: skip
        done = [lv for lv in bot_of if lv in parts]
        yield _report(city, targets, rows, [parts[lv] for lv in done], done, games=o["games"],
                      seed=o["seed"], ruleset=o["ruleset"])  # fmt: skip


def _options(options: dict[str, Any]) -> dict[str, Any]:
    """:func:`check_balance`'s keywords: ``options``, its defaults for those left out."""
    keywords = {
        name: p.default
        for name, p in inspect.signature(check_balance).parameters.items()
        if p.kind is p.KEYWORD_ONLY
    }
    unknown = sorted(set(options) - set(keywords))
    if unknown:
        raise TypeError(f"check_levels() got an unexpected keyword argument {unknown[0]!r}")
    return keywords | options


def judge(
    city: CityMap,
    targets: BalanceTargets | None,
    results: dict[str, SimulationResult],
    levels: Sequence[str] | None = None,
    *,
    games: int,
    seed: int,
    ruleset: Any = "voll-verplant",
    bots: dict[str, Any] | None = None,
    equal_bonus: tuple[int, int] | None = None,
    run: dict[str, Any] | None = None,
) -> BalanceReport:
    """The verdict on simulations already played: ``results`` maps each level (a bot
    label) to its solo games and must hold ``random``'s (:data:`BASELINE`, the skill
    gap's base); ``levels`` are those judged (default: every other one).
    :func:`check_balance` plays and calls this; the editor's quick balance calls it
    with the games it played. Each level's games are also replayed with equal bonuses
    (:mod:`vvlab.design.play`; ``bots`` maps a level to its bot object when its label
    cannot rebuild it, ``run`` holds ``workers`` and ``cancel`` for those games), and
    resampled from ``seed`` for each verdict's uncertainty.

    >>> import vvlab
    >>> runs = {b: vvlab.simulate("tutorial", bots=[b], games=200, progress=False)
    ...         for b in ("random", "greedy")}
    >>> judge(vvlab.load_map("tutorial"), None, runs, games=200, seed=0).levels
    ['greedy']
    """
    targets = targets or BalanceTargets()
    if levels is None:
        levels = [level for level in results if level != BASELINE] or [BASELINE]
    levels, bot_of = list(levels), bots or {}
    parts = [
        _level_part(city, targets, level, results, seed=seed, bot=bot_of.get(level),
                    equal_bonus=equal_bonus, run=run or {})
        for level in levels
    ]  # fmt: skip
    return _report(city, targets, _map_rows(city, targets), parts, levels, games=games,
                   seed=seed, ruleset=ruleset)  # fmt: skip


Part = tuple[list[dict[str, Any]], pd.DataFrame]
"""A level's verdict rows and its lines' difficulty."""


def _level_part(
    city: CityMap,
    targets: BalanceTargets,
    level: str,
    results: dict[str, SimulationResult],
    *,
    seed: int,
    bot: Any,
    equal_bonus: tuple[int, int] | None,
    run: dict[str, Any],
) -> Part:
    """One level judged on its games (``results[level]``, ``random``'s for the skill gap);
    its equal-bonus games are played with ``run`` (``workers``, ``cancel``...)."""
    play = Play(city, level, results[level], results[BASELINE], bot=bot, bonus=equal_bonus,
                run=dict(run)).resampled(seed)  # fmt: skip
    return _level_rows(play, targets), play.difficulty()


def _report(
    city: CityMap,
    targets: BalanceTargets,
    map_rows: list[dict[str, Any]],
    parts: list[Part],
    levels: list[str],
    *,
    games: int,
    seed: int,
    ruleset: Any,
) -> BalanceReport:
    """The verdict of the map's rows and each level's ``parts`` (in ``levels``' order)."""
    rows = map_rows + [row for level_rows, _ in parts for row in level_rows]
    difficulty = [level_difficulty for _, level_difficulty in parts]
    return BalanceReport(
        pd.DataFrame(rows, columns=BalanceReport.COLUMNS),
        city=city.id,
        levels=levels,
        games=games,
        seed=seed,
        ruleset=str(getattr(ruleset, "name", ruleset)),
        targets=targets,
        names={"": city.name} | {ln.id: ln.name for ln in city.lines},
        difficulty=pd.concat(difficulty, ignore_index=True) if difficulty else None,
    )


def judge_result(
    result: SimulationResult, baseline: SimulationResult | None = None
) -> BalanceReport | None:
    """The verdict on one solo run at its bot (``None`` for a game of several players
    or seats: the targets are solo measures). ``random``'s games for the skill gap are
    ``baseline`` when given (the same deals), else played here on the run's seed.

    >>> import vvlab
    >>> solo = vvlab.simulate("tutorial", 1, ["greedy"], games=30, seed=4, progress=False)
    >>> judge_result(solo).levels
    ['greedy']
    """
    if result.players != 1 or len(set(result.bots)) != 1:
        return None
    level, games = result.bots[0], int(result.metadata["games"])
    runs = {level: result}
    if level != BASELINE:
        runs[BASELINE] = baseline or simulate(
            result.city, bots=[BASELINE], games=games, seed=result.seed,
            ruleset=result.ruleset, progress=False,
        )  # fmt: skip
    return judge(result.city, None, runs, [level], games=games, seed=result.seed,
                 ruleset=result.ruleset)  # fmt: skip
