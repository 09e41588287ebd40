"""Playing one seed block of games and recording it as arrays (the unit of work).

:class:`BlockRecord` is what every way of playing a block returns: the reference engine
here, the compiled fast path elsewhere. Both must give identical records.
"""

from __future__ import annotations

import inspect
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from vvlab.bots.base import Bot, choose_moves
from vvlab.compiled.parts import Outcome
from vvlab.engine import Game, Ruleset
from vvlab.model import CityMap
from vvlab.sim.deal import block_generators, deal_block

BONUS_NONE, BONUS_FIRST, BONUS_LATER = 0, 1, 2


def _with_outcome_fields(cls: type) -> type:
    """``cls`` as a dataclass whose fields are its own, then :class:`Outcome`'s."""
    cls.__annotations__ = {**inspect.get_annotations(cls), **Outcome.__annotations__}
    return dataclass(cls)


@_with_outcome_fields
class BlockRecord:
    """Outcome of ``games`` games of one block, for ``players`` seats: the block's
    number, then the arrays of an :class:`~vvlab.compiled.parts.Outcome` as fields
    (the one definition of them, shared with the compiled kernels, which write them).

    Per (game, seat): ``score``, ``bonus``, ``stars``, ``penalty``, ``empty``,
    ``lines_completed``, ``first_bonuses``. Per game: ``turns``. Per (game, seat, line,
    in map order): ``line_turn`` (turn completed, 0 = never) and ``line_bonus``
    (0 none, 1 first, 2 later). Per (seat, station, in map order): ``station_filled``,
    the number of games in which the station was filled at the end.

    >>> from dataclasses import fields
    >>> rec = BlockRecord.empty_record(block=3, games=2, players=1, lines=4, stations=12)
    >>> [f.name for f in fields(rec)] == ["block", *Outcome._fields]
    True
    >>> rec.score.shape, rec.outcome.line_turn.shape
    ((2, 1), (2, 1, 4))
    """

    block: int

    @property
    def games(self) -> int:
        return int(self.turns.shape[0])

    @classmethod
    def empty_record(
        cls, block: int, games: int, players: int, lines: int, stations: int
    ) -> BlockRecord:
        return cls(block, *Outcome.zeros(games, players, lines, stations))

    @property
    def outcome(self) -> Outcome:
        """The record's arrays (the same arrays, not copies) as an :class:`Outcome`."""
        return Outcome(*(getattr(self, name) for name in Outcome._fields))

    def equals(self, other: BlockRecord) -> bool:
        """Same block, same arrays."""
        return self.block == other.block and all(
            np.array_equal(a, b) for a, b in zip(self.outcome, other.outcome, strict=True)
        )


def record_game(
    rec: BlockRecord, g: int, game: Game, station_index: dict[str, int] | None = None
) -> None:
    """Write a finished game into row ``g`` of a block record."""
    if station_index is None:
        station_index = {sid: i for i, sid in enumerate(game.city.stations)}
    rec.turns[g] = game.turn
    for p, sheet in enumerate(game.sheets):
        s = game.score(p)
        rec.score[g, p], rec.bonus[g, p], rec.stars[g, p] = s.total, s.bonus, s.stars
        rec.penalty[g, p], rec.empty[g, p] = s.penalty, s.empty
        rec.lines_completed[g, p] = len(sheet.completed)
        rec.first_bonuses[g, p] = sum(c.kind == "first" for c in sheet.completed.values())
        for i, line in enumerate(game.city.lines):
            done = sheet.completed.get(line.id)
            if done:
                rec.line_turn[g, p, i] = done.turn
                rec.line_bonus[g, p, i] = BONUS_FIRST if done.kind == "first" else BONUS_LATER
        for sid in sheet.marks:
            rec.station_filled[p, station_index[sid]] += 1


def play_block_reference(
    city: CityMap, ruleset: Ruleset, bots: Sequence[Bot], seed: int, block: int, games: int
) -> BlockRecord:
    """Play the first ``games`` games of a block with the reference engine."""
    players = len(bots)
    cards_rng, rngs = block_generators(seed, block, players)
    orders = deal_block(seed, block, games, ruleset, city.total_indicators, cards_rng)
    rec = BlockRecord.empty_record(block, games, players, len(city.lines), len(city.stations))
    station_index = {sid: i for i, sid in enumerate(city.stations)}
    for g, order in enumerate(orders):
        game = Game(city, players=players, ruleset=ruleset, cards=[ruleset.deck[i] for i in order])
        while not game.is_over:
            game.play(choose_moves(game, bots, rngs))
        record_game(rec, g, game, station_index)
    return rec
