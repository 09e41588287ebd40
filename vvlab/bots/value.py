"""The value of a sheet: what the greedy and look-ahead bots maximise.

All in integer milli-points, so that the compiled fast path computes exactly the same
numbers. For a sheet::

    V = 1000 * (bonuses taken + star points)
        + sum over incomplete lines of  bonus_available * reach[empty, boxes_left]
        - penalty_weight * empty stations

``reach[r, b]`` (0..1000) is the chance that ``b`` more cards played on a line cross
``r`` more stations, ignoring blocking, for the ruleset's deck (a number or express
card crosses its value, a star one station). ``bonus_available`` is the first bonus
unless someone took it (then the later one). ``penalty_weight`` is the mean penalty per
empty station over 0–20 empty stations, in milli-points.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from vvlab.engine import Card, Ruleset, Sheet
from vvlab.model import CityMap

MAX_STATIONS = 64  # longest line the reach table covers; longer lines are clipped
MAX_BOXES = 7


@lru_cache(maxsize=32)
def reach_table(deck: tuple[Card, ...]) -> np.ndarray:
    """``reach[r, b]``: chance in milli (int) that ``b`` line cards cross ``r`` stations.

    >>> from vvlab import RULESETS
    >>> t = reach_table(RULESETS["voll-verplant"].deck)
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
    """Mean penalty per empty station over 0–20 empty, in milli-points.

    >>> from vvlab import RULESETS
    >>> penalty_weight(RULESETS["voll-verplant"]), penalty_weight(RULESETS["metro-x"])
    (500, 500)
    """
    return round(1000 * ruleset.penalty(20) / 20)


@dataclass(frozen=True)
class Valuer:
    """Evaluates sheets of one city under one ruleset (tables built once)."""

    city: CityMap
    reach: np.ndarray
    weight: int

    @classmethod
    def build(cls, city: CityMap, ruleset: Ruleset) -> Valuer:
        return cls(city, reach_table(ruleset.deck), penalty_weight(ruleset))

    def line_value(self, sheet: Sheet, line_id: str, first_gone: bool) -> int:
        """Milli-points an incomplete line is expected to bring."""
        line = self.city.line(line_id)
        empty = sum(1 for s in line.stations if s not in sheet.marks)
        boxes = min(line.indicators - len(sheet.indicators[line_id]), MAX_BOXES)
        bonus = line.bonus_later if first_gone else line.bonus_first
        return bonus * int(self.reach[min(empty, MAX_STATIONS), boxes])

    def value(self, sheet: Sheet, first_taken: frozenset[str] | set[str]) -> int:
        """``V`` of the module docstring, in milli-points."""
        total = 1000 * (sheet.bonus_points + sheet.star_points)
        for line in self.city.lines:
            if line.id not in sheet.completed:
                gone = line.id in first_taken or line.id in sheet.crossed_out
                total += self.line_value(sheet, line.id, gone)
        empty = len(self.city.stations) - len(sheet.marks)
        return total - self.weight * empty
