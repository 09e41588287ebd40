"""Cards, moves, the two built-in decks, penalties, custom rulesets and the shuffle,
checked against docs/rules.md with values worked out by hand."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

import vvlab
from vvlab import RULESETS, Card, Game, Move, Penalty, Ruleset, get_ruleset

N, X = Card.number, Card.express
STAR, FREE = Card.star(), Card.free()


# -- the built-in decks ------------------------------------------------------------------
DECKS = {
    "voll-verplant": {
        N(3): 3,
        N(4): 3,
        N(5): 2,
        N(6, shuffle=True): 1,
        STAR: 2,
        X(2): 1,
        X(3): 1,
        FREE: 1,
    },
    "metro-x": {
        N(3): 3,
        N(4): 3,
        N(5): 2,
        N(6, shuffle=True): 1,
        STAR: 2,
        X(2): 2,
        X(3): 1,
        FREE: 1,
    },
}


@pytest.mark.parametrize(("name", "size"), [("voll-verplant", 14), ("metro-x", 15)])
def test_builtin_deck_composition(name, size):
    deck = RULESETS[name].deck
    assert len(deck) == size
    assert Counter(deck) == DECKS[name]
    assert [c for c in deck if c.shuffle] == [N(6, shuffle=True)]
    assert RULESETS[name].name == name


def test_default_ruleset_is_voll_verplant():
    assert get_ruleset().name == "voll-verplant"
    assert Game("tutorial", seed=1).ruleset is RULESETS["voll-verplant"]
    assert set(RULESETS) == {"voll-verplant", "metro-x"}
    with pytest.raises(ValueError):
        get_ruleset("metrox")


# -- penalties ---------------------------------------------------------------------------
VV_PENALTY = [(0, 0), (1, 0), (2, 1), (3, 1), (4, 2), (7, 3), (20, 10), (35, 17)]
MX_PENALTY = [
    (0, 0),
    (1, 0),
    (4, 0),
    (5, 1),
    (6, 2),
    (7, 3),
    (8, 4),
    (9, 4),
    (10, 5),
    (11, 5),
    (12, 6),
    (13, 6),
    (14, 7),
    (15, 7),
    (16, 8),
    (17, 8),
    (18, 9),
    (19, 9),
    (20, 10),
    (21, 10),
    (35, 10),
    (100, 10),
]


@pytest.mark.parametrize(("empty", "points"), VV_PENALTY)
def test_voll_verplant_penalty_halved_rounded_down(empty, points):
    assert RULESETS["voll-verplant"].penalty(empty) == points


@pytest.mark.parametrize(("empty", "points"), MX_PENALTY)
def test_metro_x_penalty_table(empty, points):
    assert RULESETS["metro-x"].penalty(empty) == points


@pytest.mark.parametrize(
    ("penalty", "table"),
    [
        (Penalty(divisor=3, rounding="up"), [(0, 0), (1, 1), (3, 1), (4, 2), (6, 2), (7, 3)]),
        (Penalty(divisor=1), [(0, 0), (1, 1), (9, 9)]),
        (Penalty(steps=((1, 3), (4, 7))), [(0, 0), (1, 3), (3, 3), (4, 7), (50, 7)]),
    ],
)
def test_custom_penalty(penalty, table):
    assert [penalty(e) for e, _ in table] == [p for _, p in table]


@pytest.mark.parametrize(
    "kwargs",
    [
        {},
        {"divisor": 2, "steps": ((5, 1),)},
        {"divisor": 0},
        {"divisor": 2, "rounding": "half"},
        {"steps": ((5, 1), (5, 2))},
        {"steps": ((6, 2), (5, 1))},
        {"steps": ((5, -1),)},
    ],
)
def test_penalty_errors(kwargs):
    with pytest.raises(ValueError):
        Penalty(**kwargs)


# A real final score: K (2 stations) completed by number 2 (first bonus 4), then a star in
# E's first station (E only: 2 points); the game is over (2 boxes); E has n - 1 empty.
FINAL_ROWS = [  # stations on E, ruleset, penalty
    (2, "voll-verplant", 0),
    (2, "metro-x", 0),
    (4, "voll-verplant", 1),
    (4, "metro-x", 0),
    (6, "voll-verplant", 2),
    (6, "metro-x", 1),
    (8, "voll-verplant", 3),
    (8, "metro-x", 3),
    (9, "voll-verplant", 4),
    (9, "metro-x", 4),
    (14, "voll-verplant", 6),
    (14, "metro-x", 6),
    (21, "voll-verplant", 10),
    (21, "metro-x", 10),
    (26, "voll-verplant", 12),
    (26, "metro-x", 10),
]


@pytest.mark.parametrize(("n", "ruleset", "penalty"), FINAL_ROWS)
def test_penalty_in_final_score(make_city, run, n, ruleset, penalty):
    lines = {"K": ["k1", "k2"], "E": [f"e{i}" for i in range(1, n + 1)]}
    city = make_city(lines, 1, {"K": (4, 2), "E": (3, 1)})
    game, _ = run(city, [N(2), STAR], ["K", "E"], ruleset=ruleset)
    assert game.is_over
    s = game.score(0)
    assert (s.bonus, s.stars, s.empty, s.penalty) == (4, 2, n - 1, penalty)
    assert s.total == 4 + 2 - penalty
    assert game.sheets[0].score(ruleset) == s  # the sheet on its own, by the same rule
    assert game.sheets[0].score(None) == game.sheets[0].score("voll-verplant")


# -- custom rulesets ---------------------------------------------------------------------
HOUSE = Ruleset(
    "house", deck=[N(1)] * 3 + [X(2, shuffle=True)], penalty=Penalty(steps=((1, 3), (4, 7)))
)


def test_custom_ruleset_seeded_game(make_city, play_to_end):
    city = vvlab.load_map(make_city({"K": [f"k{i}" for i in range(1, 7)]}, 2))
    lengths = set()
    for seed in range(30):
        game = Game(city, ruleset=HOUSE, seed=seed)
        assert Counter(game.unseen_cards()) + Counter([game.card]) == Counter(HOUSE.deck)
        play_to_end(game, np.random.default_rng(seed))
        assert all(r.card in HOUSE.deck for r in game.history)
        crossed = sum(r.card.value for r in game.history)  # K fills from its first station
        empty = 6 - crossed
        lengths.add(crossed)
        assert game.score(0).empty == empty
        assert game.score(0).penalty == (7 if empty >= 4 else 3)
    assert lengths <= {2, 3, 4} and len(lengths) > 1


def test_custom_ruleset_penalty_with_scripted_cards(make_city, run):
    game, _ = run(make_city({"K": ["k1", "k2", "k3", "k4", "k5"]}, 1), [N(1)], ["K"], ruleset=HOUSE)
    assert game.is_over and game.score(0).penalty == 7 and game.score(0).total == -7


def test_ruleset_round_trip():
    for rs in [*RULESETS.values(), HOUSE]:
        assert Ruleset.from_dict(rs.to_dict()) == rs


@pytest.mark.parametrize(
    ("deck", "error"),
    [
        ([N(3), N(4), STAR], ValueError),  # no shuffle card
        ([FREE, Card.free(shuffle=True)], ValueError),  # only free cards: never ends
        ([Card.free(shuffle=True)], ValueError),
        ([N(3, shuffle=True), "4"], TypeError),  # not a Card
    ],
)
def test_ruleset_errors(deck, error):
    with pytest.raises(error):
        Ruleset("bad", deck=deck, penalty=Penalty(divisor=2))


# -- the shuffle ---------------------------------------------------------------------------
def passes(game: Game) -> list[list[Card]]:
    """The revealed cards split after every shuffle."""
    out: list[list[Card]] = [[]]
    for rec in game.history:
        out[-1].append(rec.card)
        if rec.shuffled:
            out.append([])
    return out


@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
def test_seeded_shuffle_never_exceeds_deck(make_city, ruleset):
    lines = {f"L{i}": [f"s{i}_{j}" for j in range(4)] for i in range(10)}
    city = vvlab.load_map(make_city(lines, 6))  # 60 indicator boxes: a long game
    deck = Counter(RULESETS[ruleset].deck)
    orders = set()
    for seed in range(40):
        game = Game(city, players=2, ruleset=ruleset, seed=seed)
        rng, current = np.random.default_rng(seed), []
        while not game.is_over:
            current.append(game.card)
            assert game.seen_since_shuffle == tuple(current)
            assert game.unseen_cards() == deck - Counter(current)
            moves = [
                game.legal_moves(p)[int(rng.integers(len(game.legal_moves(p))))] for p in range(2)
            ]
            rec = game.play(moves)
            assert rec.shuffled == rec.card.shuffle
            if rec.shuffled:
                current = []
                assert game.is_over or game.seen_since_shuffle == (game.card,)
        all_passes = passes(game)
        assert len(all_passes) >= 2  # more than 60 turns: at least one shuffle
        for i, cards in enumerate(all_passes):
            assert all(n <= deck[c] for c, n in Counter(cards).items()), (seed, i, cards)
            assert [c.shuffle for c in cards[:-1]] == [False] * (len(cards) - 1)
            if i < len(all_passes) - 1:
                assert cards[-1].shuffle  # the shuffle card ends each finished pass
                orders.add(tuple(cards))
        frees = sum(r.card.kind == "free" for r in game.history)
        assert game.turn == 60 + frees
    assert len(orders) > 10  # passes come in many different orders


def test_same_seed_same_cards():
    runs = []
    for _ in range(2):
        game = Game("tutorial", players=1, seed=123)
        while not game.is_over:
            game.play([game.legal_moves(0)[0]])
        runs.append([r.card for r in game.history])
    assert runs[0] == runs[1]


def test_scripted_shuffle_resets_seen(make_city, run):
    deck = Counter(RULESETS["voll-verplant"].deck)
    city = make_city({"K": ["k1", "k2", "k3"], "L": ["l1", "l2", "l3"]}, 3)
    game, _ = run(city, [N(3), N(6, shuffle=True), STAR, N(4)], [])
    assert game.seen_since_shuffle == (N(3),)
    assert game.unseen_cards() == deck - Counter([N(3)])
    assert game.unseen_cards()[N(3)] == 2 and game.unseen_cards()[STAR] == 2
    assert not game.play([Move(line="K")]).shuffled
    assert game.seen_since_shuffle == (N(3), N(6, shuffle=True))
    assert game.unseen_cards()[N(6, shuffle=True)] == 0
    rec = game.play([Move(line="L")])
    assert rec.shuffled and rec.card == N(6, shuffle=True)
    assert game.card == STAR and game.seen_since_shuffle == (STAR,)
    assert game.unseen_cards() == deck - Counter([STAR])
    assert game.sheets[0].indicators == {"K": ["3"], "L": ["6"]}


# -- cards and moves -----------------------------------------------------------------------
TEXT = [
    (N(3), "3"),
    (N(6, shuffle=True), "6↻"),
    (X(2), "(2)"),
    (X(3), "(3)"),
    (STAR, "★"),
    (FREE, "○"),
    (Card.star(shuffle=True), "★↻"),
]


@pytest.mark.parametrize(("card", "text"), TEXT)
def test_card_text_round_trip(card, text):
    assert str(card) == text
    assert Card.parse(text) == card
    assert Card.from_dict(card.to_dict()) == card
    assert eval(repr(card), {"Card": Card}) == card


@pytest.mark.parametrize(
    ("token", "card"),
    [
        ("6!", N(6, shuffle=True)),
        ("x2", X(2)),
        ("X3", X(3)),
        ("(2)!", X(2, shuffle=True)),
        ("star", STAR),
        ("STAR", STAR),
        ("free", FREE),
        (" 4 ", N(4)),
        ("12", N(12)),
    ],
)
def test_card_parse_other_spellings(token, card):
    assert Card.parse(token) == card


@pytest.mark.parametrize("token", ["", "seven", "3!!", "(2", "-1", "0", "(0)", "x", "star3"])
def test_card_parse_errors(token):
    with pytest.raises(ValueError):
        Card.parse(token)


@pytest.mark.parametrize(
    ("card", "kind", "value", "shuffle", "uses_box"),
    [
        (N(5), "number", 5, False, True),
        (X(2), "express", 2, False, True),
        (N(6, shuffle=True), "number", 6, True, True),
        (STAR, "star", 0, False, True),
        (FREE, "free", 0, False, False),
    ],
)
def test_card_fields(card, kind, value, shuffle, uses_box):
    assert (card.kind, card.value, card.shuffle, card.uses_indicator) == (
        kind,
        value,
        shuffle,
        uses_box,
    )


@pytest.mark.parametrize(
    ("make", "error"),
    [
        (lambda: Card("joker"), ValueError),
        (lambda: N(0), ValueError),
        (lambda: N(-2), ValueError),
        (lambda: N(100), ValueError),
        (lambda: N(True), TypeError),  # a wrong type: a TypeError
        (lambda: N(2.5), TypeError),
        (lambda: X(0), ValueError),
        (lambda: Card("number"), ValueError),
        (lambda: Card("star", 1), ValueError),
        (lambda: Card("free", 3), ValueError),
        (lambda: N(3, shuffle="yes"), TypeError),
    ],
)
def test_card_validation_errors(make, error):
    with pytest.raises(error):
        make()


def test_move_forms_and_validation():
    assert Move(line="A").line == "A" and Move(line="A").station is None
    assert Move(station="s").station == "s" and not Move(station="s").is_pass
    assert Move().is_pass and not Move(line="A").is_pass
    assert Move(line="A") == Move(line="A") != Move(station="A")
    with pytest.raises(ValueError):
        Move(line="A", station="s")
