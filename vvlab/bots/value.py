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
empty station over 0–20 empty stations, in milli-points. Both tables come from
:mod:`vvlab.compiled.tables`, shared with the compiled kernels.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from vvlab.compiled.tables import MAX_BOXES, MAX_STATIONS, penalty_weight, reach_table
from vvlab.engine import Ruleset, Sheet
from vvlab.model import CityMap


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
