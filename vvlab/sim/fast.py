"""The compiled fast path: whole blocks of games for the bots that have a kernel.

It is a twin of the reference engine: ``play_block_fast`` returns the same
:class:`~vvlab.sim.blocks.BlockRecord` as ``play_block_reference`` for the same seed,
block and bots (``tests/sim/test_fast.py`` checks this over thousands of games). Each
bot says which kernel plays its seat (``bot.kernel_spec()``, see
:mod:`vvlab.compiled.spec`); the kernels live in :mod:`vvlab.compiled.kernels`,
compiled once and cached on disk.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from vvlab.bots.base import Bot, make_bot
from vvlab.compiled import CompiledCity, Deals, KernelSpec, Outcome, Seats, compile_city, kernels
from vvlab.compiled.spec import EXPERT_WEIGHTS
from vvlab.engine import Ruleset
from vvlab.model import CityMap
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import block_seeds, deal_game, fallback_seed, row_length


def kernel_spec_of(bot: Bot | str) -> KernelSpec | None:
    """The kernel that plays a bot in the fast path, or ``None`` if it has none.

    A bot has one when it answers ``kernel_spec()`` (see :mod:`vvlab.compiled.spec`).
    A subclass that overrides ``choose`` but not ``kernel_spec`` plays differently from
    the kernel it inherits, so it has none.

    >>> kernel_spec_of("lookahead:depth=2")
    KernelSpec(kernel='lookahead', param=2)
    >>> from vvlab.bots import GreedyBot
    >>> class Contrarian(GreedyBot):
    ...     def choose(self, view, rng):
    ...         return view.legal_moves[-1]
    >>> kernel_spec_of(Contrarian()) is None, kernel_spec_of(lambda view, rng: None)
    (True, None)
    """
    if isinstance(bot, str):
        return _kernel_spec_of_name(bot)
    return _kernel_spec(bot)


@lru_cache(maxsize=256)
def _kernel_spec_of_name(spec: str) -> KernelSpec | None:
    return _kernel_spec(spec)


def _kernel_spec(bot: Bot | str) -> KernelSpec | None:
    try:
        bot = make_bot(bot)
    except (ValueError, TypeError):
        return None
    if not hasattr(bot, "kernel_spec") or _overrides_choose(type(bot)):
        return None
    try:
        return bot.kernel_spec()
    except NotImplementedError:
        return None


def _overrides_choose(cls: type) -> bool:
    """True when ``choose`` is defined below the class that gives ``kernel_spec``."""
    choose, spec = _defined_in(cls, "choose"), _defined_in(cls, "kernel_spec")
    return choose is not spec and issubclass(choose, spec)


def _defined_in(cls: type, name: str) -> type:
    """The class of ``cls``'s MRO whose body defines ``name``."""
    return next((c for c in cls.__mro__ if name in vars(c)), object)


def has_fast_path(bots: Sequence[Bot | str]) -> bool:
    """True when every bot can be played by the compiled kernels."""
    return all(kernel_spec_of(b) is not None for b in bots)


def deal_block_fast(
    seed: int,
    block: int,
    games: int,
    ruleset: Ruleset,
    total_indicators: int,
    cards_rng: np.random.Generator,
    uses: np.ndarray,
    shuffle: np.ndarray,
) -> tuple[np.ndarray, np.ndarray]:
    """Card orders of a block as a (games, max_length) array and the lengths; the same
    orders as :func:`vvlab.sim.deal.deal_block`."""
    row = row_length(total_indicators, ruleset.deck)
    uniforms = cards_rng.random((games, row))
    orders = np.zeros((games, row), np.int64)
    lengths = np.zeros(games, np.int64)
    start = 0
    while start < games:
        bad = kernels.deal_orders(
            uniforms[start:], uses, shuffle, total_indicators, orders[start:], lengths[start:]
        )
        if bad < 0:
            break
        g = start + bad  # this row ran out: deal it like the reference, with its fallback
        order = deal_game(
            uniforms[g], ruleset.deck, total_indicators, fallback_seed(seed, block, g)
        )
        if len(order) > orders.shape[1]:
            orders = np.pad(orders, ((0, 0), (0, len(order) - orders.shape[1])))
        orders[g, : len(order)] = order
        lengths[g] = len(order)
        start = g + 1
    return orders, lengths


NO_KERNEL = "random, greedy, lookahead, rollout and expert have one (a bot's kernel_spec())"


def play_block_fast(
    city: CityMap,
    ruleset: Ruleset,
    bots: Sequence[Bot | str],
    seed: int,
    block: int,
    games: int,
    compiled: CompiledCity | None = None,
) -> BlockRecord:
    """Play the first ``games`` games of a block with the compiled kernels."""
    specs = [kernel_spec_of(b) for b in bots]
    if any(s is None for s in specs):
        raise ValueError(f"no fast path for bots {list(bots)}: {NO_KERNEL}")
    arrays = compiled or compile_city(city, ruleset)
    players = len(bots)
    cards_rng, bot_seqs = block_seeds(seed, block, players)
    orders, lengths = deal_block_fast(
        seed,
        block,
        games,
        ruleset,
        city.total_indicators,
        cards_rng,
        arrays.deck.uses,
        arrays.deck.shuffle,
    )
    total_turns = int(lengths.sum())
    bot_u = np.zeros((players, max(total_turns, 1)))
    for p, spec in enumerate(specs):
        if spec.draws_uniform:  # type: ignore[union-attr]
            bot_u[p, :total_turns] = np.random.default_rng(bot_seqs[p]).random(total_turns)
    weights = np.zeros((players, len(EXPERT_WEIGHTS)))
    for p, spec in enumerate(specs):
        row = spec.weights_for(ruleset.name)  # type: ignore[union-attr]
        weights[p, : len(row)] = row
    codes = np.array([s.code for s in specs], np.int64)  # type: ignore[union-attr]
    arguments = np.array([s.argument for s in specs], np.int64)  # type: ignore[union-attr]
    outcome = Outcome.zeros(games, players, len(city.lines), len(city.stations))
    kernels.play_games(
        arrays.setup,
        Deals(orders, lengths),
        Seats(codes, arguments, bot_u),
        kernels.kit_for(arrays.city, arrays.types, arrays.reach, codes, weights),
        outcome,
    )  # the kernels write the outcome's arrays in place
    return BlockRecord(block, *outcome)


_LAST: list = []  # [(city, ruleset, compiled)]: the last compiled pair, kept alive


def play_block_fast_cached(
    city: CityMap, ruleset: Ruleset, bots: Sequence[Bot | str], seed: int, block: int, games: int
) -> BlockRecord:
    """:func:`play_block_fast` compiling the city's arrays once for a run of blocks."""
    if not _LAST or _LAST[0][0] is not city or _LAST[0][1] is not ruleset:
        _LAST[:] = [(city, ruleset, compile_city(city, ruleset))]
    return play_block_fast(city, ruleset, bots, seed, block, games, compiled=_LAST[0][2])


WARM_BOTS = ("greedy", "expert", "lookahead:depth=1", "rollout:samples=2")
"""What ``vvlab warm`` compiles: each kernel alone in a block (random and greedy share
one), and each one's move in the reference engine."""


def warm(bots: Sequence[str] = WARM_BOTS, city: CityMap | str = "tutorial") -> list[str]:
    """Compile the kernels of ``bots`` now, or load them from numba's disk cache, so
    that later runs start at once: the fast path's block for each bot, and its move in
    the reference engine (the play widget's bots). After an install this takes about
    half a minute, with a note on standard error (see :mod:`vvlab.compiled.notice`);
    then well under a second. Returns the bots warmed.

    >>> warm(["greedy"])
    ['greedy']
    """
    from vvlab.engine import Game, get_ruleset
    from vvlab.model import load_map

    city = load_map(city) if isinstance(city, str) else city
    ruleset = get_ruleset()
    for spec in bots:
        play_block_fast(city, ruleset, [spec], seed=0, block=0, games=1)
        bot, game = make_bot(spec), Game(city, players=1, ruleset=ruleset, seed=0)
        if hasattr(bot, "decide"):  # a compiled bot: its reference move runs the kernel
            bot.choose(game.view(0), np.random.default_rng(0))
    return list(bots)


def warm_for(city: CityMap, ruleset: Ruleset, bots: Sequence[Bot | str]) -> None:
    """Compile (or load) the block kernels these bots play with, in this process, with
    one game: before a pool of worker processes starts, so that they find the kernels
    in the disk cache instead of each compiling them at once, silently. Nothing when
    they are ready in this process already (every later run)."""
    if not kernels.is_ready([kernel_spec_of(b).code for b in bots]):  # type: ignore[union-attr]
        play_block_fast(city, ruleset, bots, seed=0, block=0, games=1)
