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
ValueError: unknown kernel 'minimax'; kernels: random, greedy, lookahead, rollout, expert

The expert's kernel reads a row of weights (:data:`EXPERT_WEIGHTS` names them), one set
per ruleset name:

>>> spec = KernelSpec("expert", weights=(("metro-x", (1.0,) * len(EXPERT_WEIGHTS)),))
>>> spec.weights_for("voll-verplant")[:2]
(1.0, 1.0)

The expert can be kept from a mechanic (:data:`RESTRICTIONS`); its kernel reads the
restriction's code:

>>> KernelSpec("expert", restrict="no-race").argument
3
>>> KernelSpec("expert", restrict="no-stars")
Traceback (most recent call last):
...
ValueError: unknown restriction 'no-stars'; restrictions: no-transfer-stars, ...
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType

__all__ = [
    "COMPILE_SECONDS",
    "EXPERT_WEIGHTS",
    "KERNELS",
    "MAX_DEPTH",
    "RESTRICTIONS",
    "KernelSpec",
    "restriction_code",
]

KERNELS = ("random", "greedy", "lookahead", "rollout", "expert")
"""The bot kernels; a kernel's code in the compiled arrays is its index here."""

RANDOM_BOT, GREEDY_BOT, LOOKAHEAD_BOT, ROLLOUT_BOT, EXPERT_BOT = range(len(KERNELS))

EXPERT_WEIGHTS = (
    "bonus",  # multiplier of a line's bonus to be had times its chance of completion
    "bonus_late",  # added to that multiplier in proportion to the game's progress
    "gap",  # empty stations added to a line's count per extra run of empty stations
    "transfer",  # empty stations taken off a line's count per empty transfer station
    "empty",  # points per empty station
    "empty_late",  # added to that in proportion to the game's progress
    "star_potential",  # points per star value at a line's first empty station (boxes left)
    "race",  # share of the first bonus lost to the best rival's chance of completion
    "leftover",  # points per station a line's boxes are not expected to fill
    "step",  # stations an indicator box is expected to fill
    "boxes",  # indicator boxes added to a line's count when reading its chance
    "excess_runs",  # empty stations added per run of empty stations beyond the boxes left
    "shape",  # the chance p becomes p + shape * p * (p - 1)
    "shared",  # empty stations taken off a line's count per station other lines should fill
    "own_runs",  # empty stations added per run of the line's own stations beyond its boxes
    "chain",  # share of a line's empty transfers counted when reading its chance to fill one
)
"""The names of the expert's weights, in the order of its kernel's weights row."""

(W_BONUS, W_BONUS_LATE, W_GAP, W_TRANSFER, W_EMPTY, W_EMPTY_LATE, W_STAR, W_RACE, W_LEFTOVER,
 W_STEP, W_BOXES, W_EXCESS, W_SHAPE, W_SHARED, W_OWN,
 W_CHAIN) = range(len(EXPERT_WEIGHTS))  # fmt: skip

RESTRICTIONS = MappingProxyType(
    {
        "no-transfer-stars": "a star card never writes its value in a transfer station",
        "no-express-skips": "an express card is played only where it skips no filled station",
        "no-race": "first bonuses are valued as the later ones",
        "no-free-transfers": "a free card never fills a transfer station",
    }
)
"""The expert's restrictions (Jaffe et al., restricted play) and what each forbids. When
no legal move satisfies a restriction, the restricted expert plays its best move. A
restriction's code in the kernels is its position here plus one (0: unrestricted)."""

(NO_RESTRICTION, NO_TRANSFER_STARS, NO_EXPRESS_SKIPS, NO_RACE,
 NO_FREE_TRANSFERS) = range(len(RESTRICTIONS) + 1)  # fmt: skip


def restriction_code(name: str | None) -> int:
    """The kernels' code of a restriction (0 for ``None`` or ``""``: unrestricted).

    >>> restriction_code("no-transfer-stars"), restriction_code(None)
    (1, 0)
    """
    if not name:
        return NO_RESTRICTION
    if name not in RESTRICTIONS:
        raise ValueError(f"unknown restriction {name!r}; restrictions: {', '.join(RESTRICTIONS)}")
    return list(RESTRICTIONS).index(name) + 1


COMPILE_SECONDS = {"play": 8.0, "lookahead": 6.0, "rollout": 4.0, "expert": 7.0}
"""About how long compiling takes on one core after an install, in seconds, for the
note shown meanwhile (:mod:`vvlab.compiled.notice`): the game loop with random and
greedy (``"play"``), and what each other kernel adds, in a block or on its own in the
reference engine (``benchmarks/cold_start.py`` measures them)."""

MAX_DEPTH = 4
"""The deepest look-ahead the kernels' scratch space holds."""

MAX_SAMPLES = 4096
"""The most rollouts per move."""

_PARAM_RANGE = {"random": (0, 0), "greedy": (0, 0), "lookahead": (0, MAX_DEPTH), "expert": (0, 0)}
_PARAM_RANGE["rollout"] = (1, MAX_SAMPLES)


@dataclass(frozen=True)
class KernelSpec:
    """A kernel of :mod:`vvlab.compiled.kernels` and its parameter.

    ``param`` is the look-ahead depth (0 to :data:`MAX_DEPTH`) or the rollout samples
    (1 to :data:`MAX_SAMPLES`); the other kernels take none (0). ``weights`` are the
    expert's, as pairs ``(ruleset name, weights)`` (see :meth:`weights_for`), and
    ``restrict`` its restriction (one of :data:`RESTRICTIONS`, or ``""``: none).
    """

    kernel: str
    param: int = 0
    weights: tuple[tuple[str, tuple[float, ...]], ...] = field(default=(), repr=False)
    restrict: str = ""

    def __post_init__(self) -> None:
        if self.kernel not in KERNELS:
            raise ValueError(f"unknown kernel {self.kernel!r}; kernels: {', '.join(KERNELS)}")
        low, high = _PARAM_RANGE[self.kernel]
        if not isinstance(self.param, int) or not low <= self.param <= high:
            raise ValueError(
                f"kernel {self.kernel!r} takes a parameter from {low} to {high}, got {self.param!r}"
            )
        if self.restrict and self.kernel != "expert":
            raise ValueError(f"kernel {self.kernel!r} takes no restriction; the expert does")
        restriction_code(self.restrict)

    def __repr__(self) -> str:
        restrict = f", restrict={self.restrict!r}" if self.restrict else ""
        return f"KernelSpec(kernel={self.kernel!r}, param={self.param!r}{restrict})"

    @property
    def argument(self) -> int:
        """The integer the kernel reads for its seat: the look-ahead depth, the rollout
        samples, or the expert's restriction code (see :func:`restriction_code`)."""
        return restriction_code(self.restrict) if self.kernel == "expert" else self.param

    @property
    def code(self) -> int:
        """The kernel's code in the compiled arrays."""
        return KERNELS.index(self.kernel)

    @property
    def draws_uniform(self) -> bool:
        """True if the bot draws one ``rng.random()`` every turn (random, rollout)."""
        return self.kernel in ("random", "rollout")

    def weights_for(self, ruleset: str) -> tuple[float, ...]:
        """The weights row for a ruleset name: its own, else the first set given
        (empty when there is none)."""
        for name, row in self.weights:
            if name == ruleset:
                return row
        return self.weights[0][1] if self.weights else ()
