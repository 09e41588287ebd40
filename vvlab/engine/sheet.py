"""A player's sheet: crossed stations, star numbers, indicator boxes, completed lines."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Union

from vvlab.engine.cards import Card
from vvlab.engine.rulesets import Ruleset, get_ruleset
from vvlab.model.citymap import CityMap

Mark = Union[str, int]  # noqa: UP007 (a runtime alias, Python 3.10)
"""What a station holds: ``"X"`` (crossed) or the star number written in it."""
CROSS = "X"


@dataclass(frozen=True)
class Completion:
    """A line this player completed: on which turn, which bonus and its points."""

    line: str
    turn: int
    kind: str  # "first" or "later"
    points: int


@dataclass(frozen=True)
class Score:
    """A player's score; ``penalty`` is the positive number of points lost.

    Examples
    --------
    >>> s = Score(bonus=9, stars=6, penalty=2, empty=4)
    >>> s.total
    13
    """

    bonus: int
    stars: int
    penalty: int
    empty: int

    @property
    def total(self) -> int:
        """``bonus + stars - penalty``."""
        return self.bonus + self.stars - self.penalty

    def __str__(self) -> str:
        return (
            f"bonus {self.bonus} + stars {self.stars} - penalty {self.penalty} "
            f"({self.empty} empty) = {self.total}"
        )


class Sheet:
    """One player's sheet for a city.

    ``marks`` maps filled station ids to ``"X"`` or a star number; ``indicators`` maps
    each line id to the entries written in its wagon (card faces, e.g. ``"3"``, ``"★"``);
    ``completed`` maps line ids to their :class:`Completion`; ``crossed_out`` holds the
    lines whose first bonus this player struck out because someone else took it.
    """

    def __init__(self, city: CityMap):
        self.city = city
        self.marks: dict[str, Mark] = {}
        self.indicators: dict[str, list[str]] = {line.id: [] for line in city.lines}
        self.completed: dict[str, Completion] = {}
        self.crossed_out: set[str] = set()

    # -- queries ------------------------------------------------------------------------
    def is_filled(self, station: str) -> bool:
        """True once the station is crossed or holds a star number."""
        return station in self.marks

    def first_empty(self, line: str) -> int | None:
        """Index on the line's route of its first empty station (``None`` when full)."""
        for i, sid in enumerate(self.city.line(line).stations):
            if sid not in self.marks:
                return i
        return None

    def is_complete(self, line: str) -> bool:
        """True when every station on the line is filled."""
        return all(sid in self.marks for sid in self.city.line(line).stations)

    def free_indicators(self, line: str) -> int:
        """Indicator boxes still free on the line's wagon."""
        return self.city.line(line).indicators - len(self.indicators[line])

    @property
    def indicators_filled(self) -> int:
        """Indicator boxes filled on the whole sheet."""
        return sum(len(v) for v in self.indicators.values())

    def empty_stations(self) -> list[str]:
        """Empty stations in map order."""
        return [sid for sid in self.city.stations if sid not in self.marks]

    @property
    def star_points(self) -> int:
        """Sum of the star numbers written."""
        return sum(m for m in self.marks.values() if not isinstance(m, str))

    @property
    def bonus_points(self) -> int:
        """Sum of the line bonuses taken."""
        return sum(c.points for c in self.completed.values())

    def score(self, ruleset: Ruleset | None = None) -> Score:
        """The sheet's score now, the penalty by ``ruleset``'s rule for the stations
        still empty (the default ruleset when ``None``).

        >>> import vvlab
        >>> str(vvlab.Sheet(vvlab.load_map("tutorial")).score())
        'bonus 0 + stars 0 - penalty 6 (12 empty) = -6'
        """
        empty = len(self.city.stations) - len(self.marks)
        penalty = get_ruleset(ruleset).penalty(empty)
        return Score(self.bonus_points, self.star_points, penalty, empty)

    # -- the move mechanics -------------------------------------------------------------
    def stations_reached(self, line: str, card: Card) -> list[str]:
        """Stations a number, express or star card would fill on ``line``, in order.

        Nothing changes; see :meth:`apply_line`. A number card stops at a filled
        station, an express card skips filled stations, a star card takes the first
        empty station; none goes past the terminus.
        """
        route = self.city.line(line).stations
        start = self.first_empty(line)
        if start is None:
            return []
        if card.kind == "star":
            return [route[start]]
        reached: list[str] = []
        for sid in route[start:]:
            if len(reached) == card.value:
                break
            if sid in self.marks:
                if card.kind == "number":
                    break
                continue
            reached.append(sid)
        return reached

    def apply_line(self, line: str, card: Card) -> list[str]:
        """Write the card in a free indicator box of ``line`` and fill its stations.

        Returns the stations filled (possibly none). The caller checks legality.
        """
        reached = self.stations_reached(line, card)
        mark: Mark = self.city.star_value(reached[0]) if card.kind == "star" and reached else CROSS
        for sid in reached:
            self.marks[sid] = mark
        self.indicators[line].append(card.face)
        return reached

    def apply_station(self, station: str) -> list[str]:
        """Cross one empty station (free card)."""
        self.marks[station] = CROSS
        return [station]

    def copy(self) -> Sheet:
        """An independent copy (for look-ahead and tests)."""
        new = Sheet.__new__(Sheet)
        new.city = self.city
        new.marks = dict(self.marks)
        new.indicators = {k: list(v) for k, v in self.indicators.items()}
        new.completed = dict(self.completed)
        new.crossed_out = set(self.crossed_out)
        return new

    def state(self) -> dict:
        """Everything on the sheet as plain data (equal sheets give equal states)."""
        return {
            "marks": dict(sorted(self.marks.items())),
            "indicators": {k: list(v) for k, v in self.indicators.items()},
            "completed": {k: (c.turn, c.kind, c.points) for k, c in self.completed.items()},
            "crossed_out": sorted(self.crossed_out),
        }

    def __repr__(self) -> str:
        return (
            f"<Sheet {self.city.id}: {len(self.marks)}/{len(self.city.stations)} filled, "
            f"{self.indicators_filled}/{self.city.total_indicators} indicator boxes>"
        )
