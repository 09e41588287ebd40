"""The named parts of the kernels' parameters (numpy only): what a block is played with,
what a seat sees when it decides, and the :class:`Outcome` the kernels write.

The kernels take these named tuples instead of long rows of arrays, so that no kernel
takes more than ten parameters. numba passes a named tuple to a compiled function as
its fields, one by one, so grouping costs nothing at run time.

- :class:`ValueTables`: what a sheet's value is computed from (``tables``);
- :class:`Setup`: what stays fixed through a block (``setup``): the city, the deck,
  its card types and the value tables;
- :class:`SeatView`: what a seat reads when it decides (``view``): its sheet, each
  line's bonus still to be had, and the cards the next one can be;
- :class:`Seats`: who plays each seat of a block (``seats``);
- :class:`Deals`: the block's card orders (``deals``);
- :class:`Outcome`: the block's results as arrays, which the kernels write and
  :class:`~vvlab.sim.blocks.BlockRecord` holds (the one definition of its arrays).

Examples
--------
>>> import vvlab
>>> from vvlab.compiled import compile_city
>>> setup = compile_city(vvlab.load_map("tutorial"), vvlab.get_ruleset()).setup
>>> setup.tables.weight, setup.city.indicators.tolist()
(500, [2, 2, 1, 1])
>>> out = Outcome.zeros(games=3, players=2, lines=4, stations=12)
>>> out.score.shape, out.turns.shape, out.line_bonus.dtype.name, out.station_filled.shape
((3, 2), (3,), 'int8', (2, 12))
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

import numpy as np

if TYPE_CHECKING:  # arrays.py builds a Setup from its own arrays
    from vvlab.compiled.arrays import CardTypes, CityArrays, DeckArrays, SheetState

__all__ = ["Deals", "Outcome", "SeatView", "Seats", "Setup", "ValueTables"]


class ValueTables(NamedTuple):
    """What a sheet's value (milli-points) is computed from
    (:mod:`vvlab.compiled.tables`)."""

    reach: np.ndarray  # per empty stations and boxes: the chance (milli) to complete a line
    weight: int  # milli-points per station filled: the penalty it saves


class Setup(NamedTuple):
    """What stays fixed through a block: the city, the deck and the value tables."""

    city: CityArrays
    deck: DeckArrays
    types: CardTypes
    tables: ValueTables


class SeatView(NamedTuple):
    """What a seat reads when it decides (the kernels' twin of a
    :class:`~vvlab.engine.view.PlayerView`)."""

    sheet: SheetState
    avail: np.ndarray  # per line: the bonus still to be had (first, or later)
    unseen: np.ndarray  # per card type: the cards the next card can be


class Seats(NamedTuple):
    """Who plays each seat of a block, one entry (row) per seat."""

    kernel: np.ndarray  # the bot's kernel code (KernelSpec.code)
    argument: np.ndarray  # its argument (KernelSpec.argument)
    uniforms: np.ndarray  # its pre-drawn uniforms, one per turn of the block (random, rollout)


class Deals(NamedTuple):
    """The cards of a block's games."""

    orders: np.ndarray  # per game: the deck's card indices in the order dealt
    lengths: np.ndarray  # per game: the cards dealt (its turns)


OUTCOME_DTYPES = {
    "score": np.int32,
    "bonus": np.int32,
    "stars": np.int32,
    "penalty": np.int32,
    "empty": np.int32,
    "lines_completed": np.int32,
    "first_bonuses": np.int32,
    "turns": np.int32,
    "line_turn": np.int16,
    "line_bonus": np.int8,
    "station_filled": np.int32,
}
"""The dtype of each of :class:`Outcome`'s arrays."""


class Outcome(NamedTuple):
    """The results of a block's games as arrays; seats, lines and stations in map order.

    The kernels write it in place; :class:`~vvlab.sim.blocks.BlockRecord` holds its
    arrays, with the block's number.
    """

    score: np.ndarray  # per (game, seat)
    bonus: np.ndarray  # per (game, seat)
    stars: np.ndarray  # per (game, seat)
    penalty: np.ndarray  # per (game, seat)
    empty: np.ndarray  # per (game, seat): empty stations at the end
    lines_completed: np.ndarray  # per (game, seat)
    first_bonuses: np.ndarray  # per (game, seat)
    turns: np.ndarray  # per game
    line_turn: np.ndarray  # per (game, seat, line): turn completed, 0 = never
    line_bonus: np.ndarray  # per (game, seat, line): 0 none, 1 first, 2 later
    station_filled: np.ndarray  # per (seat, station): games in which it was filled at the end

    @classmethod
    def zeros(cls, games: int, players: int, lines: int, stations: int) -> Outcome:
        """An outcome of zeros for ``games`` games of ``players`` seats."""
        shapes = {"turns": (games,), "station_filled": (players, stations)}
        shapes |= dict.fromkeys(("line_turn", "line_bonus"), (games, players, lines))
        return cls(
            *(np.zeros(shapes.get(name, (games, players)), OUTCOME_DTYPES[name])
              for name in cls._fields)
        )  # fmt: skip
