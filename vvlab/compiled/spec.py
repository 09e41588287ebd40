"""What a compiled bot asks of the kernels: :class:`KernelSpec` (no numba needed here).

A bot that can decide inside the compiled kernels says so with a method
``kernel_spec() -> KernelSpec``: which kernel plays its seat, with which parameter.
The simulator asks every bot (``vvlab.sim.fast``) instead of knowing the bot classes,
so a new compiled bot needs a kernel and a ``kernel_spec``, nothing else.

Examples
--------
>>> KernelSpec("lookahead", 2)
KernelSpec(kernel='lookahead', param=2)
>>> KernelSpec("lookahead", 2).code, KernelSpec("rollout", 16).draws_uniform
(2, True)
>>> KernelSpec("minimax")
Traceback (most recent call last):
...
ValueError: unknown kernel 'minimax'; kernels: random, greedy, lookahead, rollout
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["KERNELS", "MAX_DEPTH", "KernelSpec"]

KERNELS = ("random", "greedy", "lookahead", "rollout")
"""The bot kernels; a kernel's code in the compiled arrays is its index here."""

RANDOM_BOT, GREEDY_BOT, LOOKAHEAD_BOT, ROLLOUT_BOT = range(len(KERNELS))

MAX_DEPTH = 4
"""The deepest look-ahead the kernels' scratch space holds."""

MAX_SAMPLES = 4096
"""The most rollouts per move."""

_PARAM_RANGE = {"random": (0, 0), "greedy": (0, 0), "lookahead": (0, MAX_DEPTH)}
_PARAM_RANGE["rollout"] = (1, MAX_SAMPLES)


@dataclass(frozen=True)
class KernelSpec:
    """A kernel of :mod:`vvlab.compiled.kernels` and its parameter.

    ``param`` is the look-ahead depth (0 to :data:`MAX_DEPTH`) or the rollout samples
    (1 to :data:`MAX_SAMPLES`); the random and greedy kernels take none (0).
    """

    kernel: str
    param: int = 0

    def __post_init__(self) -> None:
        if self.kernel not in KERNELS:
            raise ValueError(f"unknown kernel {self.kernel!r}; kernels: {', '.join(KERNELS)}")
        low, high = _PARAM_RANGE[self.kernel]
        if not isinstance(self.param, int) or not low <= self.param <= high:
            raise ValueError(
                f"kernel {self.kernel!r} takes a parameter from {low} to {high}, got {self.param!r}"
            )

    @property
    def code(self) -> int:
        """The kernel's code in the compiled arrays."""
        return KERNELS.index(self.kernel)

    @property
    def draws_uniform(self) -> bool:
        """True if the bot draws one ``rng.random()`` every turn (random, rollout)."""
        return self.kernel in ("random", "rollout")
