"""Bots: always legal moves on every map and seat count; the strength order; specs."""

import numpy as np
import pytest

import vvlab
from vvlab.bots import BotError, make_bot, parse_spec, play_game

MIX = [
    "random",
    "greedy",
    "lookahead:depth=1",
    "rollout:samples=2",
    "expert",
    "lookahead:depth=0",
    "greedy",
]


@pytest.mark.parametrize("name", vvlab.builtin_maps())
@pytest.mark.parametrize("players", [1, 3, 6])
def test_every_bot_plays_legal_moves_to_the_end(name, players):
    """The reference engine checks every move (choose_moves raises BotError otherwise)."""
    for seed in range(2):
        bots = [MIX[(seed + p) % len(MIX)] for p in range(players)]
        game = play_game(vvlab.Game(name, players=players, seed=seed), bots, seed=seed)
        assert game.is_over and game.turn >= game.city.total_indicators


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_strength_order_on_fixed_seeds(name):
    """Mean solo score: random < greedy < lookahead <= rollout, lookahead < expert
    (fixed seeds)."""

    def mean(bot, games):
        res = vvlab.simulate(name, bots=[bot], games=games, seed=99, workers=1, progress=False)
        return res.games["score"].mean()

    random, greedy = mean("random", 500), mean("greedy", 500)
    lookahead, rollout = mean("lookahead", 200), mean("rollout", 60)
    assert random < greedy < lookahead <= rollout, (random, greedy, lookahead, rollout)
    assert lookahead < mean("expert", 500), (lookahead, name)


def test_bot_specs_and_errors():
    assert parse_spec(" rollout : samples = 8 ") == ("rollout", {"samples": 8})
    assert make_bot("lookahead:depth=2").spec == "lookahead:depth=2"
    assert make_bot("rollout").samples == 16 and make_bot("lookahead").depth == 1
    with pytest.raises(ValueError, match="has no parameter width; its parameters: depth"):
        make_bot("lookahead:width=3")
    with pytest.raises(ValueError, match="its parameters: none"):
        make_bot("random:x=1")
    with pytest.raises(ValueError, match="depth must be a whole number from 0 to 4"):
        make_bot("lookahead:depth=9")
    with pytest.raises(ValueError, match="key=value"):
        make_bot("lookahead:deep")
    with pytest.raises(TypeError, match="a bot is a name"):
        make_bot(42)


def test_a_user_bot_in_a_few_lines():
    def cautious(view, rng):
        """Prefer the line that fills fewest stations (a silly but legal strategy)."""
        if view.card.kind == "free":
            return view.legal_moves[0]
        return min(
            view.legal_moves, key=lambda m: len(view.sheet.stations_reached(m.line, view.card))
        )

    game = play_game(vvlab.Game("berlin", seed=3), [cautious], seed=3)
    assert game.is_over and make_bot(cautious).name == "cautious"


def test_an_illegal_move_names_the_bot_turn_and_move():
    def cheater(view, rng):
        return vvlab.Move(line="U4")

    with pytest.raises(BotError, match=r"bot 'cheater' \(player 0\).*turn 1: Move\(line='U4'\)"):
        play_game(vvlab.Game("berlin", seed=1), [cheater])


def test_the_view_shows_public_information_only():
    game = vvlab.Game("tutorial", players=3, seed=5)
    view = game.view(1)
    assert view.player == 1 and view.card == game.card
    assert view.seen_since_shuffle == game.seen_since_shuffle
    assert view.sheet is game.sheets[1] and len(view.others) == 2
    assert sum(view.unseen.values()) == len(game.ruleset.deck) - (0 if game.card.shuffle else 1)
    assert view.indicators_left == game.city.total_indicators


def test_same_seed_same_bot_game():
    a = play_game(vvlab.Game("paris", players=2, seed=4), ["rollout:samples=3", "random"], seed=4)
    b = play_game(vvlab.Game("paris", players=2, seed=4), ["rollout:samples=3", "random"], seed=4)
    assert a.state() == b.state()
    assert np.isfinite(a.score(0).total)


def test_deterministic_bots_in_every_seat_mirror_each_other():
    # greedy makes no random choice: the same deal gives every seat the same sheet, so
    # every first bonus is shared and every game is a tie (why notebook 04 mixes bots)
    res = vvlab.simulate("berlin", players=3, bots=["greedy"] * 3, games=40, seed=5,
                         workers=1, progress=False)  # fmt: skip
    by_game = res.games.pivot(index="game", columns="player", values="score")
    assert (by_game.nunique(axis=1) == 1).all()
    assert (res.games["rank"] == 1).all()
    mixed = vvlab.simulate("berlin", players=2, bots=["greedy", "random"], games=40, seed=5,
                           workers=1, progress=False)  # fmt: skip
    assert (mixed.games["rank"] == 2).any()
