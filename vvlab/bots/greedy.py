"""The greedy bot: the move with the best immediate change of the sheet's value."""

from __future__ import annotations

import numpy as np

from vvlab.bots.base import BotBase, register
from vvlab.bots.value import Valuer
from vvlab.compiled.spec import KernelSpec
from vvlab.engine import Card, Move, Sheet
from vvlab.engine.view import PlayerView


def after_move(sheet: Sheet, card: Card, move: Move) -> Sheet:
    """A copy of ``sheet`` with ``move`` played (bonuses are not scored here)."""
    new = sheet.copy()
    if move.line is not None:
        new.apply_line(move.line, card)
    elif move.station is not None:
        new.apply_station(move.station)
    return new


class ValuerCache:
    """One :class:`Valuer` per (city, ruleset), built on first use."""

    def __init__(self) -> None:
        self._valuer: Valuer | None = None
        self._ruleset = None

    def get(self, view: PlayerView) -> Valuer:
        v = self._valuer
        if v is None or v.city is not view.city or self._ruleset is not view.ruleset:
            self._valuer, self._ruleset = Valuer.build(view.city, view.ruleset), view.ruleset
        return self._valuer  # type: ignore[return-value]


@register
class GreedyBot(BotBase):
    """Plays the legal move that maximises the sheet value of :mod:`vvlab.bots.value`
    right after the move (bonuses, stars, penalty, chances to complete each line).
    Deterministic: ties go to the first move in map order.

    >>> import numpy as np, vvlab
    >>> game = vvlab.Game("tutorial", cards=[vvlab.Card.number(3)])
    >>> GreedyBot().choose(game.view(0), np.random.default_rng(0))
    Move(line='C')
    """

    name = "greedy"

    def __init__(self) -> None:
        super().__init__()
        self._valuers = ValuerCache()

    def kernel_spec(self) -> KernelSpec:
        """The compiled twin of :meth:`choose` (same moves)."""
        return KernelSpec("greedy")

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        valuer = self._valuers.get(view)
        best, best_value = view.legal_moves[0], None
        for move in view.legal_moves:
            value = valuer.value(after_move(view.sheet, view.card, move), view.first_taken)
            if best_value is None or value > best_value:
                best, best_value = move, value
        return best
