"""Seeding and dealing for batch simulation.

Games are grouped in fixed **seed blocks** of :data:`BLOCK_SIZE` games. Block ``b`` of a
run with seed ``s`` draws everything from ``numpy.random.SeedSequence(s).spawn(...)[b]``
(built directly as ``SeedSequence(s, spawn_key=(b,))``): one generator deals the cards,
one generator per seat feeds that seat's bot. Work is split into whole blocks, so a
result is the same for any number of workers, any chunk size, serial, a process pool or
a Dask cluster; and the first games of a run do not depend on how many games it has.

Dealing: game ``g`` of a block reads row ``g`` of a ``(games, row_length)`` matrix of
uniforms. Each card is drawn from the cards not yet revealed since the last shuffle
(index ``floor(u * remaining)``); a card with the shuffle icon puts every card back.
Dealing stops once the game is decided: every indicator box would be filled. A row that
runs out (only possible with unusual decks) continues from a generator seeded by
``(seed, block, game)``.
"""

from __future__ import annotations

import numpy as np

from vvlab.engine import Card, Ruleset

BLOCK_SIZE = 256
"""Games per seed block: the unit of seeding and of work."""


def block_seed_sequence(seed: int, block: int) -> np.random.SeedSequence:
    """The seed sequence of one block: child ``block`` of ``SeedSequence(seed)``.

    >>> a = block_seed_sequence(7, 3).generate_state(2)
    >>> b = np.random.SeedSequence(7).spawn(4)[3].generate_state(2)
    >>> bool((a == b).all())
    True
    """
    return np.random.SeedSequence(seed, spawn_key=(block,))


def block_seeds(
    seed: int, block: int, players: int
) -> tuple[np.random.Generator, list[np.random.SeedSequence]]:
    """The card generator and, per seat, the seed sequence of its bot's generator (for
    callers that build a bot's generator only if the bot draws)."""
    cards, *bots = block_seed_sequence(seed, block).spawn(1 + players)
    return np.random.default_rng(cards), bots


def block_generators(
    seed: int, block: int, players: int
) -> tuple[np.random.Generator, list[np.random.Generator]]:
    """The card generator and one bot generator per seat for a block."""
    cards_rng, bots = block_seeds(seed, block, players)
    return cards_rng, [np.random.default_rng(b) for b in bots]


def row_length(total_indicators: int, deck: tuple[Card, ...]) -> int:
    """Uniforms per game in the dealing matrix (enough for almost every game)."""
    free = sum(not c.uses_indicator for c in deck)
    return total_indicators * (1 + free) + 8


def deal_game(
    uniforms: np.ndarray,
    deck: tuple[Card, ...],
    total_indicators: int,
    fallback: np.random.SeedSequence,
) -> list[int]:
    """Indices into ``deck`` of one game's cards, in the order they are revealed."""
    order: list[int] = []
    pool = list(range(len(deck)))
    filled, k = 0, 0
    extra: np.random.Generator | None = None
    while filled < total_indicators:
        if k < len(uniforms):
            u = float(uniforms[k])
        else:
            extra = extra or np.random.default_rng(fallback)
            u = float(extra.random())
        k += 1
        index = pool.pop(int(u * len(pool)))
        order.append(index)
        card = deck[index]
        filled += card.uses_indicator
        if card.shuffle:
            pool = list(range(len(deck)))
    return order


def fallback_seed(seed: int, block: int, game: int) -> np.random.SeedSequence:
    """Seeds the continuation of game ``game`` of a block if its row of uniforms runs
    out (only possible with unusual decks)."""
    return np.random.SeedSequence(seed, spawn_key=(block, game, 1))


def deal_block(
    seed: int,
    block: int,
    games: int,
    ruleset: Ruleset,
    total_indicators: int,
    cards_rng: np.random.Generator,
) -> list[list[int]]:
    """The card orders (deck indices) of the first ``games`` games of a block."""
    deck = ruleset.deck
    uniforms = cards_rng.random((games, row_length(total_indicators, deck)))
    return [
        deal_game(uniforms[g], deck, total_indicators, fallback_seed(seed, block, g))
        for g in range(games)
    ]
