"""The tables behind a sheet's value, in plain numpy (nothing is compiled here).

``reach[r, b]`` (0..1000) is the chance that ``b`` more cards played on a line cross
``r`` more stations, ignoring blocking, for a ruleset's deck (a number or express card
crosses its value, a star card one station). ``penalty_weight`` is the mean penalty per
empty station over 0-20 empty stations. Both are in integer milli-points so that the
reference bots (:mod:`vvlab.bots.value`) and the kernels (:mod:`vvlab.compiled.kernels`)
compute exactly the same numbers.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np

from vvlab.engine import Card, Ruleset

__all__ = ["MAX_BOXES", "MAX_STATIONS", "penalty_weight", "reach_table"]

MAX_STATIONS = 64
"""The most empty stations the reach table covers; longer lines read its last row."""

MAX_BOXES = 7
"""The most indicator boxes the reach table covers (a line has at most 6)."""


@lru_cache(maxsize=32)
def reach_table(deck: tuple[Card, ...]) -> np.ndarray:
    """``reach[r, b]``: chance in milli (int) that ``b`` line cards cross ``r`` stations.

    >>> from vvlab import RULESETS
    >>> t = reach_table(RULESETS["voll-verplant"].deck)
    >>> t.shape
    (65, 8)
    >>> int(t[0, 0]), int(t[1, 0]), int(t[3, 1]), int(t[6, 1]) < int(t[6, 2])
    (1000, 0, 769, True)
    """
    steps = [1 if c.kind == "star" else c.value for c in deck if c.uses_indicator]
    dist = np.bincount(steps) / len(steps)  # crossings of one card
    table = np.zeros((MAX_STATIONS + 1, MAX_BOXES + 1))
    total = np.zeros(MAX_STATIONS + 1)  # P(sum of b cards == s), clipped at the top
    total[0] = 1.0
    for b in range(MAX_BOXES + 1):
        at_least = np.cumsum(total[::-1])[::-1]  # P(sum >= s)
        table[:, b] = at_least
        nxt = np.convolve(total, dist)
        nxt[MAX_STATIONS] += nxt[MAX_STATIONS + 1 :].sum()
        total = nxt[: MAX_STATIONS + 1]
    return np.rint(table * 1000).astype(np.int64)


def penalty_weight(ruleset: Ruleset) -> int:
    """Mean penalty per empty station over 0-20 empty, in milli-points.

    >>> from vvlab import RULESETS
    >>> penalty_weight(RULESETS["voll-verplant"]), penalty_weight(RULESETS["metro-x"])
    (500, 500)
    """
    return round(1000 * ruleset.penalty(20) / 20)
