"""Replaying one game of a simulation run with the reference engine, to look at it."""

from __future__ import annotations

from typing import Any

from vvlab.bots import choose_moves, make_bot
from vvlab.engine import Game, Ruleset
from vvlab.sim.deal import BLOCK_SIZE, block_generators, deal_block
from vvlab.sim.params import check_int, prepare_run


def replay_game(
    city: Any,
    game: int,
    players: int | None = None,
    bots: Any = None,
    seed: int | None = None,
    ruleset: Any = None,
) -> Game:
    """Game number ``game`` of a run, replayed: the finished :class:`~vvlab.Game`, with
    its sheets, history and ``transcript()``.

    ``city`` is what :func:`vvlab.simulate` took, or a ``SimulationResult`` (then the
    other parameters default to the run's; user bots must be passed again). The games
    before it in its seed block are played too, as the bots' generators run through
    the block.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=300, seed=4, workers=1,
    ...                      progress=False)
    >>> game = replay_game(res, 270)
    >>> [game.score(p).total for p in range(2)] == res.games.query("game == 270")[
    ...     "score"].tolist()
    True
    """
    meta = getattr(city, "metadata", None)
    if meta is not None:
        city = meta["map"]
        players = meta["players"] if players is None else players
        bots = [b["spec"] for b in meta["bots"]] if bots is None else bots
        seed = meta["seed"] if seed is None else seed
        ruleset = Ruleset.from_dict(meta["ruleset"]) if ruleset is None else ruleset
    game = check_int("game", game, 0)
    spec = prepare_run(city, players or 1, bots, game + 1, seed or 0, ruleset)
    block, index = divmod(game, BLOCK_SIZE)
    cards_rng, rngs = block_generators(spec.seed, block, spec.players)
    total = spec.city.total_indicators
    orders = deal_block(spec.seed, block, index + 1, spec.ruleset, total, cards_rng)
    seats = [make_bot(b) for b in spec.bots]
    for order in orders:
        played = Game(
            spec.city, spec.players, spec.ruleset, cards=[spec.ruleset.deck[i] for i in order]
        )
        while not played.is_over:
            played.play(choose_moves(played, seats, rngs))
    return played
