"""The random bot."""

from __future__ import annotations

import numpy as np

from vvlab.bots.base import BotBase, register
from vvlab.compiled.spec import KernelSpec
from vvlab.engine import Move
from vvlab.engine.view import PlayerView


@register
class RandomBot(BotBase):
    """Uniform over the legal moves. Draws exactly one ``rng.random()`` per turn, so
    its choices can be reproduced from a pre-drawn stream (the compiled fast path).

    >>> import numpy as np, vvlab
    >>> view = vvlab.Game("tutorial", seed=1).view(0)
    >>> RandomBot().choose(view, np.random.default_rng(0))
    Move(line='C')
    """

    name = "random"

    def kernel_spec(self) -> KernelSpec:
        """The compiled twin of :meth:`choose` (same moves from the same uniforms)."""
        return KernelSpec("random")

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        legal = view.legal_moves
        return legal[int(rng.random() * len(legal))]
