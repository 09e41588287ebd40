"""The built-in balance targets, each a :class:`~vvlab.design.target_registry.Target`
registered in the report's order. A new target is one more ``register(Target(...))``
here: its bound, measure, allowed range, text and advice.

========================  ==================  ==========================================
target (row name)         bound (field)       what it asks
========================  ==================  ==========================================
``completion``            ``completion``      every line completed in 10-95% of solo games
``harder-pays-more``      ``spearman_max``    Spearman(first bonus, completion rate
                                              with equal bonuses) <= -0.6: harder
                                              lines pay more
``star-share``            ``star_share``      star points are 10-35% of the score
``game-length``           ``turns``           a solo game lasts 20-28 turns on average
``skill-gap``             ``skill_gap_min``   a bot's mean score - ``random``'s >= 15
``bonus-range``           ``bonus_first``     each line's first bonus in 1-10
``bonus-order``           (fixed)             ``first >= later >= 0``
========================  ==================  ==========================================

>>> from vvlab.design.target_registry import find
>>> find("game-length").bound.default, find("bonus-order").on_map
((20.0, 28.0), True)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.design.target_registry import (
    BASELINE,
    Allowed,
    Bound,
    Play,
    Range,
    Rule,
    Target,
    measured_text,
    register,
)
from vvlab.model import CityMap, Line
from vvlab.model.validate import MAX_INDICATORS, MIN_INDICATORS

SHARE = "{name}: shares are between 0 and 1, got {low}..{high}"
"""The error of a share's bound outside 0..1."""


def spearman(x: Sequence[float], y: Sequence[float]) -> float:
    """Spearman's rank correlation (ties get their average rank); NaN when either
    sample is constant or shorter than 2. Pearson's on the average ranks, which is
    Spearman's exactly, so scipy is not needed.

    >>> spearman([1, 2, 3], [30, 20, 10])
    -1.0
    >>> round(spearman([1, 2, 2], [1, 2, 3]), 3)
    0.866
    """
    return float(spearman_rows(x, np.asarray([list(y)], dtype=float))[0])


def spearman_rows(x: Sequence[float], rows: np.ndarray) -> np.ndarray:
    """:func:`spearman` of ``x`` with each row of ``rows`` (one per game resample).

    >>> spearman_rows([1, 2, 3], np.array([[30, 20, 10], [1, 1, 1], [1, 2, 3]])).tolist()
    [-1.0, nan, 1.0]
    """
    rows = np.atleast_2d(np.asarray(rows, dtype=float))
    rx = pd.Series(list(x), dtype=float).rank(method="average").to_numpy()
    ry = pd.DataFrame(rows).rank(axis=1, method="average").to_numpy()
    if len(rx) < 2 or np.ptp(rx) == 0:
        return np.full(len(rows), np.nan)
    dx = rx - rx.mean()
    dy = ry - ry.mean(axis=1, keepdims=True)
    spread = np.sqrt((dy**2).sum(axis=1) * (dx**2).sum())
    with np.errstate(invalid="ignore", divide="ignore"):
        rho = (dy @ dx) / spread
    return np.where(spread > 0, np.clip(rho, -1.0, 1.0), np.nan)


# -- how a bound is judged and written --------------------------------------------------


def in_range(text: str) -> Rule:
    """A range bound ``(low, high)``, written as ``text`` (with ``low`` and ``high``).

    >>> in_range("{low:g}..{high:g} turns")((20.0, 28.0), None)
    Allowed(low=20.0, high=28.0, width=8.0, text='20..28 turns')
    """

    def allowed(bound: Range, line: Line | None) -> Allowed:
        low, high = bound
        return Allowed(low, high, high - low, text.format(low=low, high=high))

    return allowed


def at_most(text: str, floor: float) -> Rule:
    """A number the value may not exceed; margins scale by the range down to ``floor``."""
    return lambda bound, line: Allowed(None, bound, bound - floor, text.format(bound=bound))


def at_least(text: str) -> Rule:
    """A number the value may not fall below; margins scale by the bound itself."""
    return lambda bound, line: Allowed(bound, None, abs(bound), text.format(bound=bound))


def up_to_first(bound: Any, line: Line | None) -> Allowed:
    """The later bonus: 0 up to the line's first bonus."""
    first = line.bonus_first if line is not None else 0
    return Allowed(0, first, max(first, 1), f"0..{first} (first)")


# -- what is said when a target fails ---------------------------------------------------


def city_note(template: str) -> Any:
    """The advice of a city-wide target: ``template`` with the measured value (``{m}``)
    and the bound (``{b}``), after the level."""

    def advice(row: Any, city: CityMap, bound: Any, vary: tuple[str, ...]) -> str:
        m = measured_text(row.target, row.measured)
        return f"{row.level}: " + template.format(m=m, b=row.bound)

    return advice


def line_note(row: Any, city: CityMap, bound: Any, vary: tuple[str, ...]) -> str:
    """Why a line is completed too often or too rarely, and the route edit that helps."""
    line = city.line(row.line)
    rate = measured_text(row.target, row.measured)
    where = f"{row.level}: line {line.id} ({len(line.stations)} stations) is completed in "
    where += f"{rate} of {row.level} games"
    if row.measured > bound[1]:
        limit = f" even with {line.indicators} box" if line.indicators == MIN_INDICATORS else ""
        fix = "lengthen its route (more stations) or end it where it meets fewer lines"
        if "indicators" not in vary:
            fix = "allow tuning its boxes (vary='indicators'), or " + fix
        return f"{where}{limit}, above {row.bound}: {fix}"
    limit = f" even with {line.indicators} boxes" if line.indicators == MAX_INDICATORS else ""
    return f"{where}{limit}, below {row.bound}: shorten its route, or split it into two lines"


# -- how each target is measured --------------------------------------------------------


def completion_rates(play: Play) -> dict[str, np.ndarray]:
    """Each line's share of games that complete it."""
    rates = play.rates()
    return {ln.id: rates[:, k] for k, ln in enumerate(play.city.lines)}


def bonus_order_rho(play: Play) -> dict[str, np.ndarray]:
    """Spearman(first bonus, ease with equal bonuses) over the lines: the bonuses of the
    city against how easy its lines are when no bonus pulls the player
    (:meth:`~vvlab.design.play.Play.ease`), so that harder lines pay more."""
    return {"": spearman_rows([ln.bonus_first for ln in play.city.lines], play.ease())}


def star_share(play: Play) -> dict[str, np.ndarray]:
    """Star points as a share of the mean score (NaN when no game scores)."""
    score, stars = play.mean("score"), play.mean("stars")
    with np.errstate(invalid="ignore", divide="ignore"):
        return {"": np.where(score > 0, stars / score, np.nan)}


def mean_turns(play: Play) -> dict[str, np.ndarray]:
    """The mean number of turns of a game."""
    return {"": play.mean("turns")}


def skill_gap(play: Play) -> dict[str, np.ndarray]:
    """The level's mean score minus ``random``'s (nothing for ``random`` itself)."""
    if play.level == BASELINE or play.baseline is None:
        return {}
    return {"": play.mean("score") - play.mean("score", of="baseline")}


# -- the targets, in the report's order -------------------------------------------------

COMPLETION = register(
    Target(
        "completion",
        "every line is completed in this share of solo games",
        measure=completion_rates,
        allowed=in_range("{low:.0%}..{high:.0%}"),
        bound=Bound("completion", (0.10, 0.95), within=(0, 1), outside=SHARE),
        shown="share",
        advice=line_note,
    )
)
HARDER_PAYS_MORE = register(
    Target(
        "harder-pays-more",
        "Spearman(first bonus, completion rate with equal bonuses): harder lines pay more",
        measure=bonus_order_rho,
        allowed=at_most("<= {bound:+.2f}", floor=-1.0),
        bound=Bound(
            "spearman_max", -0.6, within=(-1, 1), outside="{name} must be in -1..1, got {value}"
        ),
        advice=city_note(
            "first bonuses do not follow difficulty ({m}, wanted {b}): when lines "
            "are about equally hard no bonus order shows it; make line lengths differ more"
        ),
        missing="not measured: the lines all pay the same, or are all completed equally often",
    )
)
STAR_SHARE = register(
    Target(
        "star-share",
        "star points as a share of the mean score",
        measure=star_share,
        allowed=in_range("{low:.0%}..{high:.0%}"),
        bound=Bound("star_share", (0.10, 0.35), within=(0, 1), outside=SHARE),
        shown="share",
        advice=city_note(
            "star points are {m} of the score (wanted {b}): change how many stations "
            "lines share (more transfers: more star points)"
        ),
        missing="not measured: no game scored a point",
    )
)
GAME_LENGTH = register(
    Target(
        "game-length",
        "mean turns of a solo game",
        measure=mean_turns,
        allowed=in_range("{low:g}..{high:g} turns"),
        bound=Bound("turns", (20.0, 28.0)),
        advice=city_note(
            "a game lasts {m} turns (wanted {b}): the lines' 1-6 boxes cannot make "
            "the total fit; add or remove a line"
        ),
    )
)
SKILL_GAP = register(
    Target(
        "skill-gap",
        f"the level's mean score minus {BASELINE}'s",
        measure=skill_gap,
        allowed=at_least(f">= {{bound:g}} vs {BASELINE}"),
        bound=Bound("skill_gap_min", 15.0),
        advice=city_note(
            "good play gains only {m} points over random play (wanted {b}): give "
            "players more choice (more transfers, lines of different lengths)"
        ),
    )
)
BONUS_RANGE = register(
    Target(
        "bonus-range",
        "each line's first bonus",
        measure=lambda play: {ln.id: float(ln.bonus_first) for ln in play.city.lines},
        allowed=in_range("{low:g}..{high:g}"),
        bound=Bound(
            "bonus_first",
            (1.0, 10.0),
            within=(0, float("inf")),
            outside="{name}: a bonus is >= 0, got {low}",
        ),
        shown="whole",
        on_map=True,
        tuned=False,  # every candidate of tune keeps it (Setting.clamp)
    )
)
BONUS_ORDER = register(
    Target(
        "bonus-order",
        "first >= later >= 0",
        measure=lambda play: {ln.id: float(ln.bonus_later) for ln in play.city.lines},
        allowed=up_to_first,
        shown="whole",
        on_map=True,
        tuned=False,  # every candidate of tune keeps it (Setting.clamp)
    )
)
