"""Replaying games of a simulation run with the reference engine, to look at them."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from vvlab.bots import choose_moves, make_bot
from vvlab.engine import Game, Ruleset
from vvlab.sim.deal import BLOCK_SIZE, block_generators, deal_block
from vvlab.sim.params import RunSpec, check_int, prepare_run


def run_spec(
    city: Any, games: int, players: int | None, bots: Any, seed: int | None, ruleset: Any
) -> RunSpec:
    """The checked run of ``games`` games; a ``SimulationResult`` as ``city`` gives
    the defaults of the other parameters (user bots must be passed again)."""
    meta = getattr(city, "metadata", None)
    if meta is not None:
        city = meta["map"]
        players = meta["players"] if players is None else players
        bots = [b["spec"] for b in meta["bots"]] if bots is None else bots
        seed = meta["seed"] if seed is None else seed
        ruleset = Ruleset.from_dict(meta["ruleset"]) if ruleset is None else ruleset
    return prepare_run(city, players or 1, bots, games, seed or 0, ruleset)


def block_games(spec: RunSpec, block: int, games: int) -> Iterator[Game]:
    """The first ``games`` games of seed block ``block``, each played to the end, in
    order (the bots' generators run through the block, as in a simulation)."""
    cards_rng, rngs = block_generators(spec.seed, block, spec.players)
    total = spec.city.total_indicators
    orders = deal_block(spec.seed, block, games, spec.ruleset, total, cards_rng)
    seats = [make_bot(b) for b in spec.bots]
    deck = spec.ruleset.deck
    for order in orders:
        played = Game(spec.city, spec.players, spec.ruleset, cards=[deck[i] for i in order])
        while not played.is_over:
            played.play(choose_moves(played, seats, rngs))
        yield played


def replay_games(
    city: Any,
    games: int,
    players: int | None = None,
    bots: Any = None,
    seed: int | None = None,
    ruleset: Any = None,
) -> Iterator[tuple[int, Game]]:
    """The first ``games`` games of a run, replayed block by block, each once:
    ``(game, finished Game)`` pairs in game order.

    ``city`` is what :func:`vvlab.simulate` took, or a ``SimulationResult`` (then the
    other parameters default to the run's; user bots must be passed again).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=5, seed=4, workers=1,
    ...                      progress=False)
    >>> scores = [(g, game.score(1).total) for g, game in replay_games(res, 3)]
    >>> scores == list(res.games.query("player == 1 and game < 3")[["game", "score"]]
    ...                .itertuples(index=False, name=None))
    True
    """
    spec = run_spec(city, games, players, bots, seed, ruleset)
    for block in range(-(-spec.games // BLOCK_SIZE)):
        count = min(BLOCK_SIZE, spec.games - block * BLOCK_SIZE)
        for index, played in enumerate(block_games(spec, block, count)):
            yield block * BLOCK_SIZE + index, played


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
    the block (see :func:`replay_games` for many games).

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
    game = check_int("game", game, 0)
    spec = run_spec(city, game + 1, players, bots, seed, ruleset)
    block, index = divmod(game, BLOCK_SIZE)
    *_, played = block_games(spec, block, index + 1)
    return played
