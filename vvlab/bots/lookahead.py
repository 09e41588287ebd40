"""The look-ahead bot: expectimax over the coming cards with exact card counting."""

from __future__ import annotations

from vvlab.bots.base import register
from vvlab.bots.compiled import CompiledBot
from vvlab.compiled.spec import MAX_DEPTH, KernelSpec
from vvlab.engine.view import PlayerView


@register
class LookaheadBot(CompiledBot):
    """Expectimax over the next ``depth`` cards: each move is worth its immediate change
    of the sheet value plus the expected value of the best replies to the coming cards,
    whose distribution is the multiset of cards not seen since the last shuffle (any
    card after a shuffle). ``depth=0`` plays like ``greedy``. Runs compiled (numba).

    >>> import numpy as np, vvlab
    >>> game = vvlab.Game("tutorial", cards=[vvlab.Card.number(3)])
    >>> LookaheadBot(depth=1).choose(game.view(0), np.random.default_rng(0))
    Move(line='C')
    """

    name = "lookahead"

    def __init__(self, depth: int = 1) -> None:
        if not isinstance(depth, int) or isinstance(depth, bool) or not 0 <= depth <= MAX_DEPTH:
            raise ValueError(
                f"lookahead depth must be a whole number from 0 to {MAX_DEPTH}, got {depth!r}"
            )
        super().__init__(depth=depth)
        self.depth = depth

    def kernel_spec(self) -> KernelSpec:
        return KernelSpec("lookahead", self.depth)

    def decide(self, kind: int, view: PlayerView, u: float, arrays: tuple) -> tuple[int, int]:
        from vvlab.compiled.kernels import lookahead_choice

        line, station, _ = lookahead_choice(self.depth, kind, *arrays)
        return line, station
