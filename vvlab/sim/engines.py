"""Which implementation plays the blocks: the reference engine or a compiled twin.

Every block player has the signature of
:func:`~vvlab.sim.blocks.play_block_reference` ``(city, ruleset, bots, seed, block,
games) -> BlockRecord`` and must return identical records for the same arguments. The
compiled fast path plugs in here: :func:`block_player` is the only place that chooses.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from vvlab.engine import Ruleset
from vvlab.model import CityMap
from vvlab.sim.blocks import BlockRecord, play_block_reference

ENGINES = ("auto", "reference", "fast")
"""``engine=`` values: ``"auto"`` takes the fast path when every bot has one."""

BlockPlayer = Callable[[CityMap, Ruleset, Sequence[Any], int, int, int], BlockRecord]


def bot_label(bot: Any) -> str:
    """A bot's spec string (``"lookahead:depth=2"``), or its name for a user bot.

    >>> from vvlab.bots import make_bot
    >>> bot_label("random"), bot_label(make_bot("random"))
    ('random', 'random')
    """
    if isinstance(bot, str):
        return bot
    for attr in ("spec", "name", "__name__"):
        if getattr(bot, attr, None):
            return str(getattr(bot, attr))
    return type(bot).__name__


def check_engine(engine: str) -> str:
    """``engine`` itself if it is one of :data:`ENGINES`, else a ``ValueError``.

    >>> check_engine("numba")
    Traceback (most recent call last):
    ...
    ValueError: unknown engine 'numba'; engines: auto, reference, fast
    """
    if engine not in ENGINES:
        raise ValueError(f"unknown engine {engine!r}; engines: {', '.join(ENGINES)}")
    return engine


def block_player(bots: Sequence[Any], engine: str = "auto") -> BlockPlayer:
    """The function that plays blocks for these bots with this ``engine``.

    ``"reference"`` always gives :func:`~vvlab.sim.blocks.play_block_reference`;
    ``"auto"`` gives the fast path when every bot has one, else the reference;
    ``"fast"`` insists on the fast path (``ValueError`` when a bot has none).

    >>> block_player(["random"], "reference").__name__
    'play_block_reference'
    >>> block_player(["greedy", "random"]).__name__
    'play_block_fast_cached'
    >>> def mine(view, rng):
    ...     return view.legal_moves[0]
    >>> block_player([mine], "fast")
    Traceback (most recent call last):
    ...
    ValueError: no fast path for bots mine...
    """
    check_engine(engine)
    if engine == "reference":
        return play_block_reference
    from vvlab.sim.fast import NO_KERNEL, has_fast_path, play_block_fast_cached

    if has_fast_path(bots):
        return play_block_fast_cached
    if engine == "fast":
        labels = ", ".join(bot_label(b) for b in bots)
        raise ValueError(
            f"no fast path for bots {labels}: {NO_KERNEL}; use engine='reference' or 'auto'"
        )
    return play_block_reference


def engine_name(player: BlockPlayer) -> str:
    """``"reference"`` or ``"fast"``: what :func:`block_player` chose, for the metadata."""
    return "reference" if player is play_block_reference else "fast"
