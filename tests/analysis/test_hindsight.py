"""hindsight_bound: known optima on hand-built maps, brute force, replay, bots, beam."""

from __future__ import annotations

import copy

import numpy as np
import pytest

import vvlab
from vvlab import Card, Game, Move
from vvlab.analysis import deal_cards, hindsight_bound, hindsight_scores

N, X = Card.number, Card.express


def make_map(lines: list[tuple[str, int, list[int], str]]) -> vvlab.CityMap:
    """Lines as (id, indicators, bonus, stations as letters)."""
    stations = sorted({s for *_, route in lines for s in route})
    return vvlab.load_map(
        {
            "format": "vvlab-map/1",
            "id": "hand",
            "name": "Hand",
            "stations": {
                s: {"name": s.upper(), "x": i, "y": i % 3} for i, s in enumerate(stations)
            },
            "lines": [
                {
                    "id": lid,
                    "name": lid,
                    "color": "#336699",
                    "indicators": n,
                    "bonus": bonus,
                    "stations": list(route),
                }
                for lid, n, bonus, route in lines
            ],
        }
    )


def replay(city, cards, moves, ruleset="voll-verplant") -> Game:
    game = Game(city, players=1, ruleset=ruleset, cards=list(cards))
    for move in moves:
        game.play([move])
    assert game.is_over
    return game


def brute_force(city, cards, ruleset="voll-verplant") -> int:
    """The best total over every legal move sequence, with the reference engine."""

    def best(game: Game) -> int:
        if game.is_over:
            return game.score(0).total
        results = []
        for move in game.legal_moves(0):
            child = copy.deepcopy(game)
            child.play([move])
            results.append(best(child))
        return max(results)

    return best(Game(city, players=1, ruleset=ruleset, cards=list(cards)))


def test_worked_example_of_the_rules():
    city = make_map([("R", 2, [4, 2], "abcde"), ("G", 1, [3, 1], "fcg")])
    best = hindsight_bound(city, [N(2), N(3), N(3)])
    assert (best.score, best.exact) == (7, True)
    assert best.moves == (Move(line="R"), Move(line="G"), Move(line="R"))
    assert best.breakdown == vvlab.Score(bonus=7, stars=0, penalty=0, empty=0)


def test_star_on_the_other_line_lets_the_transfer_complete_both():
    # R = a b c (5/2), G = d c (2/1); c is shared. Star then 3:
    # star on R writes 2 in a, then G gets d c: 2 + 2 = 4 (b empty, penalty 0);
    # star on G writes 2 in d, then R crosses a b c, completing R and G: 2 + 5 + 2 = 9.
    city = make_map([("R", 1, [5, 2], "abc"), ("G", 1, [2, 1], "dc")])
    best = hindsight_bound(city, [Card.star(), N(3)])
    assert best.score == 9
    assert best.moves == (Move(line="G"), Move(line="R"))
    assert best.breakdown == vvlab.Score(bonus=7, stars=2, penalty=0, empty=0)


def test_express_skips_and_free_card_fills_the_gap():
    # R = a b c d (6/3, 2 boxes), G = e b (1/0). Express 2 on R after G filled b:
    # a, (b skipped), c; then the free card crosses d: R complete.
    city = make_map([("R", 2, [6, 3], "abcd"), ("G", 1, [1, 0], "eb")])
    cards = [N(2), X(2), Card.free(), N(1)]
    best = hindsight_bound(city, cards)
    assert best.score == brute_force(city, cards) == 7
    game = replay(city, best.cards, best.moves)
    assert game.score(0) == best.breakdown


@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
def test_exact_equals_brute_force_on_random_orders(ruleset):
    city = make_map([("R", 2, [5, 3], "abcde"), ("G", 1, [3, 1], "fcg"), ("B", 1, [2, 1], "hae")])
    deck = vvlab.get_ruleset(ruleset).deck
    rng = np.random.default_rng(11)
    for _ in range(6):
        cards = [deck[i] for i in rng.permutation(len(deck))]
        best = hindsight_bound(city, cards, ruleset)
        assert best.exact
        assert best.score == brute_force(city, best.cards, ruleset)
        assert replay(city, best.cards, best.moves, ruleset).score(0) == best.breakdown


def test_moves_replay_on_tutorial_deals_and_beat_every_bot():
    games, seed = 6, 9
    bounds = hindsight_scores("tutorial", games, seed)
    assert bounds["exact"].all()
    for cards, bound in zip(deal_cards("tutorial", games, seed), bounds["hindsight"], strict=True):
        best = hindsight_bound("tutorial", cards)
        assert best.score == bound
        assert replay("tutorial", cards, best.moves).score(0).total == best.score
    for bot in ["random", "greedy", "lookahead:depth=1", "rollout:samples=4"]:
        res = vvlab.simulate("tutorial", 1, [bot], games, seed, workers=1, progress=False)
        scores = res.games.sort_values("game")["score"].to_numpy()
        assert (bounds["hindsight"].to_numpy() >= scores).all(), bot


def test_wide_beam_equals_exact_on_the_tutorial_map():
    for cards in deal_cards("tutorial", 5, seed=2):
        exact = hindsight_bound("tutorial", cards)
        beam = hindsight_bound("tutorial", cards, beam=10**6, exact_limit=0)
        assert (exact.exact, beam.exact) == (True, False)
        assert beam.score == exact.score
        assert replay("tutorial", cards, beam.moves).score(0) == beam.breakdown


def test_beam_on_a_big_map_is_a_replayable_lower_bound():
    cards = deal_cards("berlin", 1, seed=1)[0]
    best = hindsight_bound("berlin", cards, beam=32)
    assert not best.exact and best.beam == 32
    assert "lower bound" in repr(best)
    assert replay("berlin", cards, best.moves).score(0) == best.breakdown
    assert best.score > 40  # far above a random player


def test_extra_cards_are_ignored_and_too_few_are_an_error():
    city = make_map([("R", 2, [4, 2], "abcde"), ("G", 1, [3, 1], "fcg")])
    best = hindsight_bound(city, [N(2), N(3), N(3), N(6), N(6)])
    assert len(best.cards) == len(best.moves) == 3
    with pytest.raises(ValueError, match="fill only 2 of 3 indicator boxes"):
        hindsight_bound(city, [N(2), Card.free(), N(3)])


def test_free_card_on_a_full_sheet_passes():
    city = make_map([("R", 2, [4, 2], "ab")])
    best = hindsight_bound(city, [N(2), Card.free(), N(1)])
    assert best.moves == (Move(line="R"), Move(), Move(line="R"))
    assert best.score == 4


def test_result_is_frozen():
    best = hindsight_bound("tutorial", [N(5)] * 6)
    with pytest.raises(AttributeError):
        best.score = 0  # type: ignore[misc]
    assert isinstance(best.moves, tuple) and best.exact
