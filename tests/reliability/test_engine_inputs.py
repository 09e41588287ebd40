"""The engine's public entry points refuse bad arguments with a clear TypeError or
ValueError that says what is expected, before anything deep inside trips over them;
illegal moves stay ``IllegalMove``."""

from __future__ import annotations

import re

import numpy as np
import pytest

import vvlab
from vvlab import Card, Game, IllegalMove, Move
from vvlab.engine.errors import RulesetError
from vvlab.engine.game import MAX_PLAYERS, MAX_SEED

SEED_TEXT = r"a seed is a whole number from 0 to 2\*\*63 - 1 \(vvlab.engine.game.MAX_SEED\)"


# -- seeds -------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1.5, 1.0, "7", True, [7], b"7"])
def test_a_seed_of_the_wrong_type_is_a_type_error(seed):
    with pytest.raises(TypeError, match=SEED_TEXT + " or a numpy Generator, got "):
        Game("tutorial", seed=seed)


@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**100])
def test_a_seed_out_of_range_is_a_value_error(seed):
    with pytest.raises(ValueError, match=SEED_TEXT + f".*got {seed}$"):
        Game("tutorial", seed=seed)


def test_the_message_shows_the_bad_seed():
    with pytest.raises(TypeError) as info:
        Game("tutorial", seed=1.5)
    assert str(info.value).endswith("or a numpy Generator, got 1.5")


@pytest.mark.parametrize("seed", [0, 7, MAX_SEED, np.int64(7), np.uint64(MAX_SEED)])
def test_whole_seeds_of_any_integer_type_work(seed):
    game = Game("tutorial", seed=seed)
    assert type(game.seed) is int and game.seed == int(seed)
    assert [c for c in game._order] == [c for c in Game("tutorial", seed=int(seed))._order]


def test_a_generator_is_a_seed_too():
    game = Game("tutorial", seed=np.random.default_rng(3))
    assert game.seed is None and game.card is not None


# -- players, ruleset, cards ----------------------------------------------------------


@pytest.mark.parametrize("players", [2.0, "2", True, None])
def test_players_of_the_wrong_type(players):
    with pytest.raises(TypeError, match=f"players must be a whole number from 1 to {MAX_PLAYERS}"):
        Game("tutorial", players=players)


@pytest.mark.parametrize("players", [0, 7, -1])
def test_players_out_of_range(players):
    with pytest.raises(ValueError, match=f"from 1 to {MAX_PLAYERS}, got {players}"):
        Game("tutorial", players=players)


def test_numpy_player_counts_work():
    assert Game("tutorial", players=np.int64(3), seed=1).players == 3


@pytest.mark.parametrize("cards", [5, "3 4 5", [3, 4], [Card.number(3), "4"]])
def test_scripted_cards_must_be_cards(cards):
    with pytest.raises(TypeError, match="cards= is a list of Card objects"):
        Game("tutorial", cards=cards)


@pytest.mark.parametrize("ruleset", [3, 2.5, ["voll-verplant"]])
def test_a_ruleset_of_the_wrong_type(ruleset):
    with pytest.raises(TypeError, match=r"a ruleset is a built-in name, a \.json file"):
        Game("tutorial", ruleset=ruleset)


# -- moves -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"line": ["A"]}, r"Move\(line=...\) takes a line id \(a string\), got \['A'\]"),
        ({"station": 3}, r"Move\(station=...\) takes a station id \(a string\), got 3"),
        ({"line": Move(line="A")}, r"takes a line id \(a string\), got Move\(line='A'\)"),
    ],
)
def test_a_move_names_lines_and_stations_by_id(kwargs, message):
    with pytest.raises(TypeError, match=message):
        Move(**kwargs)


@pytest.mark.parametrize("moves", [None, 5, "A", {"line": "A"}, (m for m in [Move(line="A")])])
def test_play_needs_a_list_of_moves(moves):
    game = Game("tutorial", seed=1)
    before = game.state()
    with pytest.raises(TypeError, match="play takes a list of Move objects, one per player"):
        game.play(moves)
    assert game.state() == before


def test_illegal_moves_are_still_illegal_moves():
    game = Game("tutorial", players=2, seed=1)
    with pytest.raises(IllegalMove, match="not a Move"):
        game.play(["A", Move(line="A")])
    with pytest.raises(IllegalMove, match="expected 2 moves"):
        game.play([Move(line="A")])
    with pytest.raises(IllegalMove, match="no line 'Z'"):
        game.play([Move(line="Z"), Move(line="A")])
    assert game.turn == 0


@pytest.mark.parametrize("player", ["0", 0.0, None, True])
def test_a_player_is_a_seat_number(player):
    game = Game("tutorial", players=2, seed=1)
    with pytest.raises(TypeError, match="a player is a seat number from 0 to 1"):
        game.legal_moves(player)
    with pytest.raises(TypeError, match="a player is a seat number"):
        game.score(player)


def test_a_seat_out_of_range_is_still_an_index_error():
    with pytest.raises(IndexError, match="seats are 0 to 1"):
        Game("tutorial", players=2, seed=1).view(2)


# -- cards -------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("make", "error", "message"),
    [
        (lambda: Card.number(2**40), ValueError, "from 1 to 99, got 1099511627776"),
        (lambda: Card.number(0), ValueError, "from 1 to 99, got 0"),
        (lambda: Card.express(100), ValueError, "from 1 to 99, got 100"),
        (lambda: Card.number(2.5), TypeError, "a number card's value is a whole number"),
        (lambda: Card.number("3"), TypeError, "a number card's value is a whole number"),
        (lambda: Card.number(True), TypeError, "a number card's value is a whole number"),
        (lambda: Card.number(3, shuffle="yes"), TypeError, "shuffle is True or False, got 'yes'"),
        (lambda: Card.star(shuffle=1), TypeError, "shuffle is True or False, got 1"),
        (lambda: Card("star", 2), ValueError, "a star card has no value"),
        (lambda: Card(["number"], 2), ValueError, "unknown card kind"),
    ],
)
def test_bad_cards(make, error, message):
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()


def test_numpy_values_make_the_same_card():
    card = Card.number(np.int64(3), shuffle=np.True_)
    assert card == Card.number(3, shuffle=True) and type(card.value) is int
    assert hash(card) == hash(Card.number(3, shuffle=True))


@pytest.mark.parametrize("token", ["100", "(0)", "x" + "9" * 5000, "0"])
def test_parsed_values_out_of_range(token):
    with pytest.raises(ValueError, match="from 1 to 99"):
        Card.parse(token)


@pytest.mark.parametrize("token", [3, None, ["3"]])
def test_parse_takes_text(token):
    with pytest.raises(TypeError, match="a card's text form is a string"):
        Card.parse(token)


@pytest.mark.parametrize(
    "data", [None, [], {"kind": "number"}, {"kind": "number", "value": "3"}, {"value": 3}]
)
def test_card_from_bad_data(data):
    with pytest.raises(ValueError, match="not a card"):
        Card.from_dict(data)


def test_penalty_of_a_bad_count():
    penalty = vvlab.get_ruleset().penalty
    with pytest.raises(ValueError, match="empty stations are a whole number >= 0, got -1"):
        penalty(-1)
    with pytest.raises(TypeError, match=r"got 2\.5"):
        penalty(2.5)


# -- game records ------------------------------------------------------------------------


def a_record() -> dict:
    game = Game("tutorial", players=2, seed=3)
    for _ in range(3):
        game.play([game.legal_moves(0)[0], game.legal_moves(1)[-1]])
    return game.to_record()


def test_a_record_replays():
    record = a_record()
    assert Game.from_record(record).state() == Game.from_record(dict(record)).state()
    unseeded = {**record, "seed": None}
    assert Game.from_record(unseeded).turn == 3


@pytest.mark.parametrize(
    ("change", "error", "message"),
    [
        (lambda r: ["not", "a", "record"], TypeError, "a game record is a dict"),
        (
            lambda r: {k: v for k, v in r.items() if k != "moves"},
            ValueError,
            "needs the keys moves",
        ),
        (lambda r: {**r, "moves": r["moves"][:2]}, ValueError, "3 cards, 2 turns of moves"),
        (lambda r: {**r, "moves": 5}, ValueError, "its moves a list of lists"),
        (lambda r: {**r, "moves": [["A", "B"]] * 3}, ValueError, "a recorded move is {}"),
        (lambda r: {**r, "cards": [{"kind": "joker"}] * 3}, ValueError, "not a card"),
        (lambda r: {**r, "ruleset": {**r["ruleset"], "deck": []}}, RulesetError, "deck: must have"),
    ],
    ids=["list", "no-moves", "short", "moves-int", "move-str", "card", "ruleset"],
)
def test_a_malformed_record_says_what_is_wrong(change, error, message):
    with pytest.raises(error, match=re.escape(message)):
        Game.from_record(change(a_record()))
