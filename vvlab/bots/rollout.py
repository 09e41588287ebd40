"""The rollout bot: Monte Carlo continuations with the greedy bot."""

from __future__ import annotations

from vvlab.bots.base import register
from vvlab.bots.compiled import CompiledBot
from vvlab.compiled.spec import MAX_SAMPLES, KernelSpec
from vvlab.engine.view import PlayerView


@register
class RolloutBot(CompiledBot):
    """Scores every legal move by ``samples`` simulated continuations to the end of the
    game, played by the greedy bot, over card orders drawn from the cards not seen since
    the last shuffle (so they agree with everything seen); every move is tried on the
    same card orders. The final points (bonuses, stars, penalty) decide. Draws one
    ``rng.random()`` per turn, from which the card orders are hashed. Runs compiled.

    >>> import numpy as np, vvlab
    >>> game = vvlab.Game("tutorial", cards=[vvlab.Card.number(3)])
    >>> RolloutBot(samples=8).choose(game.view(0), np.random.default_rng(0))
    Move(line='B')
    """

    name = "rollout"

    def __init__(self, samples: int = 16) -> None:
        if (
            not isinstance(samples, int)
            or isinstance(samples, bool)
            or not 1 <= samples <= MAX_SAMPLES
        ):
            raise ValueError(
                f"rollout samples must be a whole number from 1 to {MAX_SAMPLES}, got {samples!r}"
            )
        super().__init__(samples=samples)
        self.samples = samples

    def kernel_spec(self) -> KernelSpec:
        return KernelSpec("rollout", self.samples)

    def decide(self, kind: int, view: PlayerView, u: float, arrays: tuple) -> tuple[int, int]:
        from vvlab.compiled.kernels import rollout_choice

        line, station, _ = rollout_choice(self.samples, kind, arrays[0], u, *arrays[1:])
        return line, station
