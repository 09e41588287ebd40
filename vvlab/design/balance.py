"""Verdicts on a city's balance: :func:`check_balance` judges every target of
:class:`~vvlab.design.targets.BalanceTargets` at every skill level (bot) and returns a
:class:`~vvlab.design.report.BalanceReport`.

A city balanced for one kind of player can be broken for another (a strong bot
completes lines a weak one never does), so each target is judged per bot; the skill gap
is measured from ``random`` to each level. Every level plays the same deals (the same
``seed``), so the levels differ only by how they play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.bots.base import bot_label
from vvlab.design.report import BalanceReport
from vvlab.design.targets import BalanceTargets
from vvlab.model import CityMap, load_map
from vvlab.sim import SimulationResult, simulate
from vvlab.sim.run import Cancel, Progress

BASELINE = "random"
"""The level the skill gap is measured from."""
DEFAULT_BOTS = ("greedy", "lookahead:depth=1", "expert")
"""The levels judged by default, weakest first: a quick player, a careful one and the
strongest fast bot (``expert``, about ``rollout:samples=16``'s strength)."""


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their average rank); NaN when either
    sample is constant or shorter than 2. Pearson's on the average ranks, which is
    Spearman's exactly, so scipy is not needed.

    >>> spearman([1, 2, 3], [30, 20, 10])
    -1.0
    >>> round(spearman([1, 2, 2], [1, 2, 3]), 3)
    0.866
    """
    rx = pd.Series(list(x), dtype=float).rank(method="average")
    ry = pd.Series(list(y), dtype=float).rank(method="average")
    if len(rx) < 2 or rx.nunique() < 2 or ry.nunique() < 2:
        return float("nan")
    return float(np.corrcoef(rx, ry)[0, 1])


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


class _Rows:
    """The report's rows as they are judged."""

    def __init__(self) -> None:
        self.rows: list[dict[str, Any]] = []

    def add(
        self, level: str, target: str, line: str, value: float, bounds: tuple, bound: str
    ) -> None:
        """One verdict; ``bounds`` is ``(low, high, width)``."""
        m = margin(float(value), *bounds)
        self.rows.append(
            {
                "level": level,
                "target": target,
                "line": line,
                "measured": float(value),
                "bound": bound,
                "passed": bool(m >= 0),
                "margin": m,
            }
        )


def _pct(r: tuple[float, float]) -> str:
    return f"{r[0]:.0%}..{r[1]:.0%}"


def _static_rows(out: _Rows, city: CityMap, t: BalanceTargets) -> None:
    """The bonus rules, the same at every level (``level`` empty)."""
    low, high = t.bonus_first
    for line in city.lines:
        out.add(
            "",
            "bonus-range",
            line.id,
            line.bonus_first,
            (low, high, high - low),
            f"{low:g}..{high:g}",
        )
        first = line.bonus_first
        out.add(
            "",
            "bonus-order",
            line.id,
            line.bonus_later,
            (0, first, max(first, 1)),
            f"0..{first} (first)",
        )


def _level_rows(
    out: _Rows,
    city: CityMap,
    level: str,
    res: SimulationResult,
    base: SimulationResult,
    t: BalanceTargets,
) -> None:
    games, lines = res.games, res.lines
    done = lines.groupby("line", observed=True)["completed"].mean()
    low, high = t.completion
    for line in city.lines:
        out.add(
            level,
            "completion",
            line.id,
            done.get(line.id, 0.0),
            (low, high, high - low),
            _pct(t.completion),
        )
    rates = [float(done.get(ln.id, 0.0)) for ln in city.lines]
    rho = spearman([ln.bonus_first for ln in city.lines], rates)
    top = t.spearman_max
    out.add(level, "harder-pays-more", "", rho, (None, top, top + 1), f"<= {top:+.2f}")
    score, stars = float(games["score"].mean()), float(games["stars"].mean())
    share = stars / score if score > 0 else float("nan")
    low, high = t.star_share
    out.add(level, "star-share", "", share, (low, high, high - low), _pct(t.star_share))
    low, high = t.turns
    out.add(
        level,
        "game-length",
        "",
        games["turns"].mean(),
        (low, high, high - low),
        f"{low:g}..{high:g} turns",
    )
    if level != BASELINE:
        gap = score - float(base.games["score"].mean())
        least = t.skill_gap_min
        out.add(
            level, "skill-gap", "", gap, (least, None, abs(least)), f">= {least:g} vs {BASELINE}"
        )


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

    Examples
    --------
    >>> report = check_balance("tutorial", bots=["greedy"], games=300, progress=False)
    >>> report.table.columns.tolist()
    ['level', 'target', 'line', 'measured', 'bound', 'passed', 'margin']
    >>> sorted(set(report.table["level"]))  # '': the bonus rules, the same at every level
    ['', 'greedy']
    >>> report.passed  # the tutorial is quick: its games are short
    False
    >>> "game-length" in set(report.failures()["target"])
    True
    """
    city = load_map(city)
    targets = targets or BalanceTargets()
    levels = [bot_label(b) for b in bots]
    if not levels:
        raise ValueError("bots: give at least one skill level, e.g. ['greedy']")
    run = {"games": games, "seed": seed, "ruleset": ruleset, "progress": progress}
    run |= {"cancel": cancel, "workers": workers}
    results = {BASELINE: simulate(city, players=1, bots=[BASELINE], **run)}
    for bot, level in zip(bots, levels, strict=True):
        if level not in results:
            results[level] = simulate(city, players=1, bots=[bot], **run)
    levels = list(dict.fromkeys(levels))
    return judge(city, targets, results, levels, games=games, seed=seed, ruleset=ruleset)


def judge(
    city: CityMap,
    targets: BalanceTargets | None,
    results: dict[str, SimulationResult],
    levels: Sequence[str] | None = None,
    *,
    games: int,
    seed: int,
    ruleset: Any = "voll-verplant",
) -> BalanceReport:
    """The verdict on simulations already played: ``results`` maps each level (a bot
    label) to its solo games and must hold ``random``'s (:data:`BASELINE`, the skill
    gap's base); ``levels`` are those judged (default: every other one).
    :func:`check_balance` plays and calls this; the editor's quick balance calls it
    with the games it played.

    >>> import vvlab
    >>> runs = {b: vvlab.simulate("tutorial", bots=[b], games=200, progress=False)
    ...         for b in ("random", "greedy")}
    >>> judge(vvlab.load_map("tutorial"), None, runs, games=200, seed=0).levels
    ['greedy']
    """
    targets = targets or BalanceTargets()
    if levels is None:
        levels = [level for level in results if level != BASELINE] or [BASELINE]
    levels = list(levels)
    out = _Rows()
    _static_rows(out, city, targets)
    for level in levels:
        _level_rows(out, city, level, results[level], results[BASELINE], targets)
    return BalanceReport(
        pd.DataFrame(out.rows, columns=BalanceReport.COLUMNS),
        city=city.id,
        levels=levels,
        games=games,
        seed=seed,
        ruleset=str(getattr(ruleset, "name", ruleset)),
        targets=targets,
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
