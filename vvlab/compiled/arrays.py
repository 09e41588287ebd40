"""A city and a ruleset as the named integer arrays the kernels read (numpy only).

:func:`compile_city` turns a :class:`~vvlab.model.CityMap` and a
:class:`~vvlab.engine.Ruleset` into a :class:`CompiledCity`: a :class:`CityArrays`, a
:class:`DeckArrays` (one entry per card of the deck) and a :class:`CardTypes` (one
entry per distinct card), all ``int64`` arrays in named tuples, which numba passes to
compiled functions like plain tuples (field access costs nothing at run time).

Examples
--------
>>> import vvlab
>>> compiled = compile_city(vvlab.load_map("tutorial"), vvlab.get_ruleset())
>>> compiled.city.indicators.tolist(), compiled.city.bonus_first.tolist()
([2, 2, 1, 1], [5, 5, 3, 2])
>>> CARD_KINDS[int(compiled.deck.kind[0])], int(compiled.deck.value[0])
('number', 3)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

import numpy as np

from vvlab.compiled.parts import Setup, ValueTables
from vvlab.compiled.tables import MAX_BOXES, penalty_weight, reach_table
from vvlab.engine import Card, Ruleset
from vvlab.engine.cards import KINDS
from vvlab.model import CityMap

__all__ = [
    "CARD_KINDS",
    "CardTypes",
    "CityArrays",
    "CompiledCity",
    "DeckArrays",
    "SheetState",
    "compile_city",
]

CARD_KINDS = KINDS
"""The card kinds of :mod:`vvlab.engine.cards`; a kind's code in the arrays is its index."""

NUMBER, EXPRESS, STAR, FREE = range(len(CARD_KINDS))


class CityArrays(NamedTuple):
    """The city: routes, stations, indicator boxes, bonuses and penalties.

    Ragged lists are a flat array and offsets: line ``m``'s route is
    ``line_st[line_off[m]:line_off[m + 1]]``.
    """

    line_off: np.ndarray  # per line + 1: offsets into line_st
    line_st: np.ndarray  # the routes' stations, concatenated
    st_off: np.ndarray  # per station + 1: offsets into st_lines
    st_lines: np.ndarray  # the lines through each station, concatenated
    star_value: np.ndarray  # per station
    indicators: np.ndarray  # per line: indicator boxes
    bonus_first: np.ndarray  # per line
    bonus_later: np.ndarray  # per line
    penalty_by_empty: np.ndarray  # per number of empty stations 0..n
    pos_off: np.ndarray  # per route position + 1: offsets into pos_other
    pos_other: np.ndarray  # the other lines through each route position's station
    single_off: np.ndarray  # per line + 1: offsets into single_st
    single_st: np.ndarray  # each line's stations on no other line, in station order
    transfers: np.ndarray  # the stations on several lines, in station order
    st_pos: np.ndarray  # parallel to st_lines: the station's route position on that line


class DeckArrays(NamedTuple):
    """The ruleset's deck, one entry per card."""

    kind: np.ndarray  # code of CARD_KINDS
    value: np.ndarray
    shuffle: np.ndarray  # 1 if the card shows the shuffle icon
    uses: np.ndarray  # 1 if the card uses an indicator box
    card_type: np.ndarray  # index of the card in CardTypes


class CardTypes(NamedTuple):
    """The distinct cards of the deck."""

    kind: np.ndarray
    value: np.ndarray
    shuffle: np.ndarray
    full_count: np.ndarray  # copies in a full deck


class SheetState(NamedTuple):
    """One player's sheet as the kernels keep it."""

    mark: np.ndarray  # per station: 0 empty, 1 crossed, or the star number
    empty: np.ndarray  # per line: empty stations left
    boxes: np.ndarray  # per line: free indicator boxes
    done: np.ndarray  # per line: turn completed, 0 = not yet


@dataclass(frozen=True)
class CompiledCity:
    """A city and ruleset as the kernels read them, with the bots' value tables."""

    city: CityArrays
    deck: DeckArrays
    types: CardTypes
    distinct: list[Card]
    reach: np.ndarray
    weight: int

    @property
    def setup(self) -> Setup:
        """The arrays as the kernels take them (a :class:`~vvlab.compiled.parts.Setup`)."""
        return Setup(self.city, self.deck, self.types, ValueTables(self.reach, self.weight))


def compile_city(city: CityMap, ruleset: Ruleset) -> CompiledCity:
    """The city's and the ruleset's arrays (see the module docstring).

    Raises ``ValueError`` for a line of more than :data:`~vvlab.compiled.tables.MAX_BOXES`
    indicator boxes (the map format allows at most 6).
    """
    if max(line.indicators for line in city.lines) > MAX_BOXES:
        raise ValueError(f"the fast path handles at most {MAX_BOXES} indicator boxes a line")
    index = {sid: i for i, sid in enumerate(city.stations)}
    line_pos = {line.id: i for i, line in enumerate(city.lines)}
    routes = [[index[s] for s in line.stations] for line in city.lines]
    through = [[line_pos[m] for m in city.lines_through(s)] for s in city.stations]
    deck = ruleset.deck
    distinct = list(dict.fromkeys(deck))
    longest = max(len(r) for r in routes)
    return CompiledCity(
        city_arrays(city, ruleset, routes, through),
        deck_arrays(deck, distinct),
        card_types(deck, distinct),
        distinct,
        padded_reach(deck, longest),
        penalty_weight(ruleset),
    )


def city_arrays(
    city: CityMap, ruleset: Ruleset, routes: list[list[int]], through: list[list[int]]
) -> CityArrays:
    """The :class:`CityArrays` of a city whose routes and lines through each station
    are given as station and line indices."""
    i64 = np.int64
    return CityArrays(
        np.cumsum([0] + [len(r) for r in routes]).astype(i64),
        np.array([s for r in routes for s in r], i64),
        np.cumsum([0] + [len(t) for t in through]).astype(i64),
        np.array([m for t in through for m in t], i64),
        np.array([city.star_value(s) for s in city.stations], i64),
        np.array([line.indicators for line in city.lines], i64),
        np.array([line.bonus_first for line in city.lines], i64),
        np.array([line.bonus_later for line in city.lines], i64),
        np.array([ruleset.penalty(n) for n in range(len(city.stations) + 1)], i64),
        *transfer_partners(routes, through),
        *free_candidates(len(city.lines), through),
        station_positions(routes, through),
    )


def deck_arrays(deck: tuple[Card, ...], distinct: list[Card]) -> DeckArrays:
    """The :class:`DeckArrays` of a deck."""
    i64 = np.int64
    return DeckArrays(
        np.array([CARD_KINDS.index(c.kind) for c in deck], i64),
        np.array([c.value for c in deck], i64),
        np.array([c.shuffle for c in deck], i64),
        np.array([c.uses_indicator for c in deck], i64),
        np.array([distinct.index(c) for c in deck], i64),
    )


def card_types(deck: tuple[Card, ...], distinct: list[Card]) -> CardTypes:
    """The :class:`CardTypes` of a deck."""
    i64 = np.int64
    return CardTypes(
        np.array([CARD_KINDS.index(c.kind) for c in distinct], i64),
        np.array([c.value for c in distinct], i64),
        np.array([c.shuffle for c in distinct], i64),
        np.array([deck.count(c) for c in distinct], i64),
    )


def transfer_partners(
    routes: list[list[int]], through: list[list[int]]
) -> tuple[np.ndarray, np.ndarray]:
    """For each position of each route (routes concatenated), the other lines through
    its station: ``pos_other[pos_off[p]:pos_off[p + 1]]``.

    >>> off, other = transfer_partners([[0, 1], [1, 2]], [[0], [0, 1], [1]])
    >>> off.tolist(), other.tolist()
    ([0, 0, 1, 2, 2], [1, 0])
    """
    other = [[m for m in through[s] if m != line] for line, r in enumerate(routes) for s in r]
    off = np.cumsum([0] + [len(o) for o in other]).astype(np.int64)
    return off, np.array([m for o in other for m in o], np.int64)


def station_positions(routes: list[list[int]], through: list[list[int]]) -> np.ndarray:
    """Parallel to the lines through each station (``st_lines``): the station's
    position in the concatenated routes on that line.

    >>> station_positions([[0, 1], [1, 2]], [[0], [0, 1], [1]]).tolist()
    [0, 1, 2, 3]
    """
    starts = np.cumsum([0] + [len(r) for r in routes])
    return np.array(
        [starts[m] + routes[m].index(s) for s, lines in enumerate(through) for m in lines],
        np.int64,
    )


def free_candidates(
    lines: int, through: list[list[int]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stations a free card's best move is looked for among: per line, its stations
    on no other line in station order (``single_st[single_off[m]:single_off[m + 1]]``),
    and the transfer stations in station order.

    >>> off, single, transfers = free_candidates(2, [[0], [0, 1], [1], [1]])
    >>> off.tolist(), single.tolist(), transfers.tolist()
    ([0, 1, 3], [0, 2, 3], [1])
    """
    single = [[s for s, t in enumerate(through) if t == [m]] for m in range(lines)]
    off = np.cumsum([0] + [len(x) for x in single]).astype(np.int64)
    transfers = [s for s, t in enumerate(through) if len(t) > 1]
    return off, np.array([s for x in single for s in x], np.int64), np.array(transfers, np.int64)


def padded_reach(deck: tuple[Card, ...], longest: int) -> np.ndarray:
    """The reach table (:func:`~vvlab.compiled.tables.reach_table`) with rows added up
    to ``longest`` empty stations, each a copy of the last: what clipping the index
    gives, without clipping in the kernels' inner loop.

    >>> from vvlab import RULESETS
    >>> t = padded_reach(RULESETS["voll-verplant"].deck, 70)
    >>> t.shape, bool((t[70] == t[64]).all())
    ((71, 8), True)
    """
    table = reach_table(deck)
    extra = max(0, longest + 1 - table.shape[0])
    return np.ascontiguousarray(np.pad(table, ((0, extra), (0, 0)), mode="edge"))
