"""The compiled fast path: whole blocks of games for the random and greedy bots.

It is a twin of the reference engine: ``play_block_fast`` returns the same
:class:`~vvlab.sim.blocks.BlockRecord` as ``play_block_reference`` for the same seed,
block and bots (``tests/sim/test_fast.py`` checks this over thousands of games).
Compilation (numba) happens once and is cached on disk.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from vvlab.bots.base import Bot, make_bot
from vvlab.bots.greedy import GreedyBot
from vvlab.bots.lookahead import LookaheadBot
from vvlab.bots.rollout import RolloutBot
from vvlab.bots.simple import RandomBot
from vvlab.bots.value import MAX_BOXES, penalty_weight, reach_table
from vvlab.engine import Ruleset
from vvlab.model import CityMap
from vvlab.sim import kernels
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import block_seeds, deal_game, fallback_seed, row_length

_KIND = {
    "number": kernels.NUMBER,
    "express": kernels.EXPRESS,
    "star": kernels.STAR,
    "free": kernels.FREE,
}


def fast_bot_kind(bot: Bot | str) -> tuple[int, int] | None:
    """The kernel's (code, parameter) for a bot, or ``None`` if it has no fast path."""
    if isinstance(bot, str):
        return _fast_kind_of_spec(bot)
    return _fast_kind(bot)


@lru_cache(maxsize=256)
def _fast_kind_of_spec(spec: str) -> tuple[int, int] | None:
    return _fast_kind(spec)


def _fast_kind(bot: Bot | str) -> tuple[int, int] | None:
    try:
        bot = make_bot(bot)
    except (ValueError, TypeError):
        return None
    if type(bot) is RandomBot:
        return kernels.RANDOM_BOT, 0
    if type(bot) is GreedyBot:
        return kernels.GREEDY_BOT, 0
    if type(bot) is LookaheadBot:
        return kernels.LOOKAHEAD_BOT, bot.depth
    if type(bot) is RolloutBot:
        return kernels.ROLLOUT_BOT, bot.samples
    return None


def has_fast_path(bots: Sequence[Bot | str]) -> bool:
    """True when every bot can be played by the compiled kernels."""
    return all(fast_bot_kind(b) is not None for b in bots)


@dataclass(frozen=True)
class CompiledCity:
    """A city and ruleset as the integer arrays the kernels read."""

    city: tuple[np.ndarray, ...]
    deck: tuple[np.ndarray, ...]
    types: tuple[np.ndarray, ...]
    distinct: list
    reach: np.ndarray
    weight: int


def compile_city(city: CityMap, ruleset: Ruleset) -> CompiledCity:
    """Integer arrays: routes, lines through each station, star values, boxes, bonuses,
    the penalty for each number of empty stations, and the deck."""
    index = {sid: i for i, sid in enumerate(city.stations)}
    line_pos = {line.id: i for i, line in enumerate(city.lines)}
    routes = [[index[s] for s in line.stations] for line in city.lines]
    through = [[line_pos[m] for m in city.lines_through(s)] for s in city.stations]
    i64 = np.int64
    arrays = (
        np.cumsum([0] + [len(r) for r in routes]).astype(i64),
        np.array([s for r in routes for s in r], i64),
        np.cumsum([0] + [len(t) for t in through]).astype(i64),
        np.array([m for t in through for m in t], i64),
        np.array([city.star_value(s) for s in city.stations], i64),
        np.array([line.indicators for line in city.lines], i64),
        np.array([line.bonus_first for line in city.lines], i64),
        np.array([line.bonus_later for line in city.lines], i64),
        np.array([ruleset.penalty(n) for n in range(len(city.stations) + 1)], i64),
        *transfer_partners(routes, through),
        *free_candidates(len(city.lines), through),
    )
    deck = ruleset.deck
    distinct = list(dict.fromkeys(deck))
    deck_arrays = (
        np.array([_KIND[c.kind] for c in deck], i64),
        np.array([c.value for c in deck], i64),
        np.array([c.shuffle for c in deck], i64),
        np.array([c.uses_indicator for c in deck], i64),
        np.array([distinct.index(c) for c in deck], i64),
    )
    types = (
        np.array([_KIND[c.kind] for c in distinct], i64),
        np.array([c.value for c in distinct], i64),
        np.array([c.shuffle for c in distinct], i64),
        np.array([deck.count(c) for c in distinct], i64),
    )
    longest = max(len(r) for r in routes)
    if max(line.indicators for line in city.lines) > MAX_BOXES:
        raise ValueError(f"the fast path handles at most {MAX_BOXES} indicator boxes a line")
    return CompiledCity(
        arrays, deck_arrays, types, distinct, padded_reach(deck, longest), penalty_weight(ruleset)
    )


def transfer_partners(
    routes: list[list[int]], through: list[list[int]]
) -> tuple[np.ndarray, np.ndarray]:
    """For each position of each route (routes concatenated), the other lines through
    its station: ``pos_other[pos_off[p]:pos_off[p + 1]]``.

    >>> off, other = transfer_partners([[0, 1], [1, 2]], [[0], [0, 1], [1]])
    >>> off.tolist(), other.tolist()
    ([0, 0, 1, 2, 2], [1, 0])
    """
    other = [[m for m in through[s] if m != line] for line, r in enumerate(routes) for s in r]
    off = np.cumsum([0] + [len(o) for o in other]).astype(np.int64)
    return off, np.array([m for o in other for m in o], np.int64)


def free_candidates(
    lines: int, through: list[list[int]]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The stations a free card's best move is looked for among: per line, its stations
    on no other line in station order (``single_st[single_off[m]:single_off[m + 1]]``),
    and the transfer stations in station order.

    >>> off, single, transfers = free_candidates(2, [[0], [0, 1], [1], [1]])
    >>> off.tolist(), single.tolist(), transfers.tolist()
    ([0, 1, 3], [0, 2, 3], [1])
    """
    single = [[s for s, t in enumerate(through) if t == [m]] for m in range(lines)]
    off = np.cumsum([0] + [len(x) for x in single]).astype(np.int64)
    transfers = [s for s, t in enumerate(through) if len(t) > 1]
    return off, np.array([s for x in single for s in x], np.int64), np.array(transfers, np.int64)


def padded_reach(deck: tuple, longest: int) -> np.ndarray:
    """The reach table (:func:`vvlab.bots.value.reach_table`) with rows added up to
    ``longest`` empty stations, each a copy of the last: what clipping the index gives,
    without clipping in the kernels' inner loop.

    >>> from vvlab import RULESETS
    >>> t = padded_reach(RULESETS["voll-verplant"].deck, 70)
    >>> t.shape, bool((t[70] == t[64]).all())
    ((71, 8), True)
    """
    table = reach_table(deck)
    extra = max(0, longest + 1 - table.shape[0])
    return np.ascontiguousarray(np.pad(table, ((0, extra), (0, 0)), mode="edge"))


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
    codes = [fast_bot_kind(b) for b in bots]
    if any(c is None for c in codes):
        raise ValueError(
            f"no fast path for bots {list(bots)}: random, greedy, lookahead and rollout have one"
        )
    kinds = [c[0] for c in codes]  # type: ignore[index]
    params = np.array([c[1] for c in codes], np.int64)  # type: ignore[index]
    cc = compiled or compile_city(city, ruleset)
    players = len(bots)
    cards_rng, bot_seqs = block_seeds(seed, block, players)
    orders, lengths = deal_block_fast(
        seed, block, games, ruleset, city.total_indicators, cards_rng, cc.deck[3], cc.deck[2]
    )
    total_turns = int(lengths.sum())
    bot_u = np.zeros((players, max(total_turns, 1)))
    for p, kind in enumerate(kinds):
        if kind in (kernels.RANDOM_BOT, kernels.ROLLOUT_BOT):
            bot_u[p, :total_turns] = np.random.default_rng(bot_seqs[p]).random(total_turns)
    rec = BlockRecord.empty_record(block, games, players, len(city.lines), len(city.stations))
    kernels.play_games(
        cc.city,
        cc.deck,
        cc.types,
        orders,
        lengths,
        np.array(kinds, np.int64),
        params,
        bot_u,
        cc.reach,
        cc.weight,
        rec.score,
        rec.bonus,
        rec.stars,
        rec.penalty,
        rec.empty,
        rec.lines_completed,
        rec.first_bonuses,
        rec.turns,
        rec.line_turn,
        rec.line_bonus,
        rec.station_filled,
    )  # the kernel writes the record's arrays in place
    return rec


_LAST: list = []  # [(city, ruleset, compiled)]: the last compiled pair, kept alive


def play_block_fast_cached(
    city: CityMap, ruleset: Ruleset, bots: Sequence[Bot | str], seed: int, block: int, games: int
) -> BlockRecord:
    """:func:`play_block_fast` compiling the city's arrays once for a run of blocks."""
    if not _LAST or _LAST[0][0] is not city or _LAST[0][1] is not ruleset:
        _LAST[:] = [(city, ruleset, compile_city(city, ruleset))]
    return play_block_fast(city, ruleset, bots, seed, block, games, compiled=_LAST[0][2])
