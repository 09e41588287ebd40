"""Rule scenarios from docs/rules.md as scripted tables: card kinds, blocking and skipping,
shared stations, bonuses and ties, the worked example, legal and illegal moves, the end.

Every expected value is worked out by hand from docs/rules.md.
"""

from __future__ import annotations

import numpy as np
import pytest

import vvlab
from vvlab import Card, Game, GameError, IllegalMove, Move

N, X = Card.number, Card.express
STAR, FREE = Card.star(), Card.free()


def face(card: Card) -> str:
    """What docs/rules.md says goes in the indicator box: n, (n) for express, a star."""
    return {"number": str(card.value), "express": f"({card.value})", "star": "★"}[card.kind]


# -- card kinds, blocking, skipping, stars -------------------------------------------------
# hub is on B, C, D (star 6); pair is on B and C (star 4); the a-stations only on A (star 2).
MECH = {
    "A": ["a1", "a2", "a3", "a4", "a5"],
    "B": ["b1", "hub", "pair", "b2"],
    "C": ["c1", "hub", "pair"],
    "D": ["hub", "d1"],
}
MECH_IND = {"A": 3, "B": 3, "C": 2, "D": 1}
MECH_BONUS = {"A": (5, 3), "B": (4, 2), "C": (3, 1), "D": (2, 1)}

A5 = ["a1", "a2", "a3", "a4", "a5"]
CARD_ROWS = [
    # id, stations filled beforehand (free cards), card, line, filled in order, mark
    ("number-from-first-empty", [], N(3), "A", ["a1", "a2", "a3"], "X"),
    ("number-stops-at-terminus", [], N(6), "A", A5, "X"),
    ("number-exact-to-terminus", [], N(5), "A", A5, "X"),
    ("number-blocked-rest-lost", ["a3"], N(5), "A", ["a1", "a2"], "X"),
    ("number-after-filled-ones", ["a1", "a2"], N(2), "A", ["a3", "a4"], "X"),
    ("number-first-empty-then-blocked", ["a1", "a3"], N(3), "A", ["a2"], "X"),
    ("number-blocked-at-shared", ["hub"], N(3), "B", ["b1"], "X"),
    ("number-through-shared-to-terminus", [], N(4), "D", ["hub", "d1"], "X"),
    ("express-skips-one", ["a2"], X(2), "A", ["a1", "a3"], "X"),
    ("express-skips-several", ["a2", "a4"], X(3), "A", ["a1", "a3", "a5"], "X"),
    ("express-skips-then-terminus", ["a1", "a3", "a4"], X(3), "A", ["a2", "a5"], "X"),
    ("express-after-filled-ones", ["a1", "a2"], X(2), "A", ["a3", "a4"], "X"),
    ("express-skips-shared", ["hub"], X(2), "C", ["c1", "pair"], "X"),
    ("express-skips-two-shared-to-terminus", ["hub", "pair"], X(3), "B", ["b1", "b2"], "X"),
    ("star-one-line-station", [], STAR, "A", ["a1"], 2),
    ("star-after-filled-ones", ["a1", "a2"], STAR, "A", ["a3"], 2),
    ("star-first-empty-not-next", ["a1", "a3"], STAR, "A", ["a2"], 2),
    ("star-two-line-station", ["c1", "hub"], STAR, "C", ["pair"], 4),
    ("star-three-line-station", [], STAR, "D", ["hub"], 6),
    ("star-three-line-station-via-b", ["b1"], STAR, "B", ["hub"], 6),
    ("star-terminus", ["b1", "hub", "pair"], STAR, "B", ["b2"], 2),
    ("number-on-complete-line", ["hub", "d1"], N(3), "D", [], None),
    ("express-on-complete-line", ["hub", "d1"], X(2), "D", [], None),
    ("star-on-complete-line", ["hub", "d1"], STAR, "D", [], None),
]


@pytest.mark.parametrize(
    ("prefill", "card", "line", "filled", "mark"),
    [r[1:] for r in CARD_ROWS],
    ids=[r[0] for r in CARD_ROWS],
)
def test_line_card(make_city, run, prefill, card, line, filled, mark):
    city = make_city(MECH, MECH_IND, MECH_BONUS)
    game, records = run(city, [FREE] * len(prefill) + [card], ["@" + s for s in prefill] + [line])
    sheet = game.sheets[0]
    assert sheet.indicators_filled == 1  # free cards used no box; this card used one
    assert records[-1].filled == (tuple(filled),)
    assert sheet.marks == {**{s: "X" for s in prefill}, **{s: mark for s in filled}}
    assert sheet.indicators == {ln: [face(card)] if ln == line else [] for ln in MECH}
    assert game.score(0).stars == (mark * len(filled) if isinstance(mark, int) else 0)
    assert game.turn == len(prefill) + 1


@pytest.mark.parametrize("station", ["a3", "hub", "pair", "d1", "b2"])
def test_free_card_crosses_any_empty_station_without_indicator(make_city, run, station):
    game, (rec,) = run(make_city(MECH, MECH_IND), [FREE, N(1)], ["@" + station])
    assert rec.filled == ((station,),)
    assert game.sheets[0].marks == {station: "X"}
    assert game.sheets[0].indicators == {ln: [] for ln in MECH}
    assert game.score(0).stars == 0 and game.turn == 1 and game.card == N(1)


def test_shared_station_filled_for_every_line(make_city, run):
    city = make_city(MECH, MECH_IND, MECH_BONUS)
    game, recs = run(city, [N(2), N(3), X(2), STAR], ["D", "B", "C", "B"])
    assert [r.filled[0] for r in recs] == [("hub", "d1"), ("b1",), ("c1", "pair"), ("b2",)]
    assert [r.bonuses[0] for r in recs] == [
        (vvlab.engine.BonusTaken("D", "first", 2),),
        (),
        (vvlab.engine.BonusTaken("C", "first", 3),),
        (vvlab.engine.BonusTaken("B", "first", 4),),
    ]
    assert game.sheets[0].marks == {
        "hub": "X",
        "d1": "X",
        "b1": "X",
        "c1": "X",
        "pair": "X",
        "b2": 2,
    }
    s = game.score(0)
    assert (s.bonus, s.stars, s.empty, s.penalty, s.total) == (9, 2, 5, 2, 9)


# -- line completion and bonuses --------------------------------------------------------
KL = {"K": ["k1", "k2"], "L": ["l1", "l2", "l3"]}
KL_BONUS = {"K": (5, 2), "L": (3, 1)}
BONUS_ROWS = [
    # id, lines, indicators, players, cards, turns,
    # bonuses per turn ("line:kind:points" per player), crossed_out per player at the end
    ("free-completes-line", KL, 1, 1, [N(1), FREE], ["K", "@k2"], [[""], ["K:first:5"]], [set()]),
    (
        "completed-through-other-line",
        {"H": ["h1", "h2", "h3"], "V": ["v1", "h2"]},
        1,
        1,
        [FREE, N(2)],
        ["@v1", "H"],
        [[""], ["V:first:6"]],
        [set()],
    ),
    (
        "two-lines-one-move",
        {"H": ["h1", "h2"], "V": ["v1", "h2"]},
        1,
        1,
        [FREE, N(2)],
        ["@v1", "H"],
        [[""], ["H:first:5 V:first:6"]],
        [set()],
    ),
    (
        "two-lines-one-move-all-shared",
        {"H": ["h1", "h2"], "V": ["h2", "h1"]},
        1,
        1,
        [N(2)],
        ["H"],
        [["H:first:5 V:first:6"]],
        [set()],
    ),
    (
        "solo-always-first",
        KL,
        2,
        1,
        [N(2), N(3), N(1)],
        ["K", "L", "K"],
        [["K:first:5"], ["L:first:3"], [""]],
        [set()],
    ),
    (
        "first-later-and-tie",
        KL,
        {"K": 2, "L": 3},
        2,
        [N(2), N(2), N(1)],
        [("K", "L"), ("L", "K"), ("L", "L")],
        [["K:first:5", ""], ["", "K:later:2"], ["L:first:3", "L:first:3"]],
        [set(), {"K"}],
    ),
    (
        "three-way-tie-fourth-later",
        KL,
        2,
        4,
        [N(2), N(2)],
        [("K", "K", "K", "L"), ("L", "L", "L", "K")],
        [["K:first:5"] * 3 + [""], ["", "", "", "K:later:2"]],
        [set(), set(), set(), {"K"}],
    ),
    (
        "free-completes-first-number-later",
        KL,
        2,
        2,
        [N(1), FREE, N(1)],
        [("K", "K"), ("@k2", "@l1"), ("L", "K")],
        [["", ""], ["K:first:5", ""], ["", "K:later:2"]],
        [set(), {"K"}],
    ),
    (
        "tie-by-different-lines",
        {"H": ["h1", "h2"], "V": ["v1", "h2"]},
        1,
        2,
        [FREE, N(2)],
        [("@h1", "@h1"), ("H", "V")],
        [["", ""], ["H:first:5", "H:first:5 V:first:6"]],
        [{"V"}, set()],
    ),
    (
        "later-for-two-players",
        KL,
        2,
        3,
        [N(2), N(2)],
        [("K", "L", "L"), ("L", "K", "K")],
        [["K:first:5", "", ""], ["", "K:later:2", "K:later:2"]],
        [set(), {"K"}, {"K"}],
    ),
    ("six-players-tie", KL, 1, 6, [N(3)], [("L",) * 6], [["L:first:3"] * 6], [set()] * 6),
]
BONUS_EXTRA = {"H": (5, 1), "V": (6, 2)}


def parse_bonuses(text: str) -> set[tuple[str, str, int]]:
    return {(ln, kind, int(pts)) for ln, kind, pts in (b.split(":") for b in text.split())}


@pytest.mark.parametrize(
    ("lines", "indicators", "players", "cards", "turns", "bonuses", "crossed"),
    [r[1:] for r in BONUS_ROWS],
    ids=[r[0] for r in BONUS_ROWS],
)
def test_bonuses(make_city, run, lines, indicators, players, cards, turns, bonuses, crossed):
    city = make_city(lines, indicators, {**KL_BONUS, **BONUS_EXTRA})
    game, records = run(city, cards, turns, players)
    assert len(records) == len(bonuses)
    for rec, expected in zip(records, bonuses, strict=True):
        got = [{(b.line, b.kind, b.points) for b in per} for per in rec.bonuses]
        assert got == [parse_bonuses(e) for e in expected], f"turn {rec.turn}"
    for p in range(players):
        taken = [parse_bonuses(t[p]) for t in bonuses]
        sheet = game.sheets[p]
        assert sheet.crossed_out == crossed[p]
        assert {(c.line, c.turn, c.kind, c.points) for c in sheet.completed.values()} == {
            (ln, turn, kind, pts) for turn, got in enumerate(taken, 1) for ln, kind, pts in got
        }
        assert game.score(p).bonus == sum(pts for got in taken for _, _, pts in got)


def test_first_taken_records_turn(make_city, run):
    game, _ = run(make_city(KL, 2, KL_BONUS), [N(2), N(2)], [("K", "L"), ("L", "K")], 2)
    assert game.first_taken == {"K": 1}


# -- the worked example of docs/rules.md ("A tiny city") ----------------------------------
WORKED = {"R": ["a", "b", "c", "d", "e"], "G": ["f", "c", "g"]}
WORKED_IND, WORKED_BONUS = {"R": 2, "G": 1}, {"R": (4, 2), "G": (3, 1)}


def test_worked_example(make_city):
    city = vvlab.load_map(make_city(WORKED, WORKED_IND, WORKED_BONUS))
    assert city.star_value("c") == 4
    game = Game(city, players=1, ruleset="voll-verplant", cards=[N(2), N(3), N(3)])
    recs = [game.play([Move(line=ln)]) for ln in ("R", "G", "R")]
    assert [r.filled[0] for r in recs] == [("a", "b"), ("f", "c", "g"), ("d", "e")]
    assert [[(b.line, b.kind, b.points) for b in r.bonuses[0]] for r in recs] == [
        [],
        [("G", "first", 3)],
        [("R", "first", 4)],
    ]
    assert game.is_over and game.turn == 3 and game.card is None
    s = game.score(0)
    assert (s.bonus, s.stars, s.empty, s.penalty, s.total) == (7, 0, 0, 0, 7)


def test_worked_example_variant_r_before_g(make_city, run):
    game, recs = run(
        make_city(WORKED, WORKED_IND, WORKED_BONUS), [N(2), N(3), N(3)], ["R", "R", "G"]
    )
    # R crosses c, d, e; then G's number 3 crosses f and stops at the filled c.
    assert [r.filled[0] for r in recs] == [("a", "b"), ("c", "d", "e"), ("f",)]
    assert [[b.line for b in r.bonuses[0]] for r in recs] == [[], ["R"], []]
    s = game.score(0)
    assert game.is_over and (s.bonus, s.stars, s.empty, s.penalty, s.total) == (4, 0, 1, 0, 4)


# -- legal moves -------------------------------------------------------------------------
KLM = {"K": ["k1", "k2"], "L": ["l1", "l2", "l3"], "M": ["m1", "m2"]}
KLM_IND = {"K": 1, "L": 2, "M": 1}


@pytest.mark.parametrize("card", [N(3), X(2), STAR])
def test_legal_moves_lines_with_free_box_including_complete(make_city, run, card):
    # K: box used and complete; M: complete through free cards but its box is free.
    game, _ = run(make_city(KLM, KLM_IND), [N(2), FREE, FREE, card], ["K", "@m1", "@m2"])
    assert game.legal_moves(0) == [Move(line="L"), Move(line="M")]
    rec = game.play([Move(line="M")])
    assert rec.filled == ((),) and rec.bonuses == ((),)
    assert game.sheets[0].indicators["M"] == [face(card)]


def test_legal_moves_free_card_every_empty_station(make_city, run):
    game, _ = run(make_city(KLM, KLM_IND), [N(2), FREE], ["L"])
    legal = game.legal_moves(0)
    assert len(legal) == 5
    assert set(legal) == {Move(station=s) for s in ("k1", "k2", "l3", "m1", "m2")}


def test_legal_moves_free_card_full_sheet_is_single_pass(make_city, run):
    game, _ = run(make_city({"K": ["k1", "k2"]}, 2), [N(2), FREE, N(1)], ["K"])
    assert game.legal_moves(0) == [Move()]
    assert game.play([Move()]).filled == ((),)
    assert game.turn == 2 and not game.is_over and game.legal_moves(0) == [Move(line="K")]
    assert game.play([Move(line="K")]).filled == ((),)
    assert game.is_over


# -- illegal moves change nothing -------------------------------------------------------
L_, K_ = Move(line="L"), Move(line="K")
ILLEGAL_ROWS = [
    # id, card of turn 2, moves, offending player (None = the list), offending move
    ("one-move-for-two", N(1), [L_], None, "list"),
    ("three-moves-for-two", N(1), [L_, L_, L_], None, "list"),
    ("single-move-not-list", N(1), L_, None, "list"),
    ("station-for-number", N(1), [Move(station="l3"), L_], 0, 0),
    ("pass-for-number", N(1), [Move(), L_], 0, 0),
    ("pass-for-star", STAR, [L_, Move()], 1, 1),
    ("no-free-box", N(1), [K_, L_], 0, 0),
    ("no-free-box-express", X(2), [K_, K_], 0, 0),
    ("unknown-line-p1-while-p0-legal", N(1), [L_, Move(line="Z")], 1, 1),
    ("not-a-move", N(1), ["L", L_], 0, 0),
    ("line-for-free", FREE, [L_, Move(station="k1")], 0, 0),
    ("filled-station-for-free", FREE, [Move(station="k1"), Move(station="k1")], 0, 0),
    ("filled-station-p1", FREE, [Move(station="l3"), Move(station="l2")], 1, 1),
    ("unknown-station", FREE, [Move(station="nowhere"), Move(station="l3")], 0, 0),
    ("pass-while-empty", FREE, [Move(), Move(station="l3")], 0, 0),
    ("pass-while-empty-p1", FREE, [Move(station="l3"), Move()], 1, 1),
]


@pytest.mark.parametrize(
    ("card", "moves", "player", "offending"),
    [r[1:] for r in ILLEGAL_ROWS],
    ids=[r[0] for r in ILLEGAL_ROWS],
)
def test_illegal_move_changes_nothing(make_city, run, card, moves, player, offending):
    # Turn 1 (number 2): p0 fills and completes K (its only box), p1 fills l1, l2.
    game, _ = run(
        make_city(KL, {"K": 1, "L": 2}, KL_BONUS), [N(2), card, N(1)], [("K", "L")], players=2
    )
    before, history = game.state(), list(game.history)
    with pytest.raises(IllegalMove) as info:
        game.play(moves)
    err = info.value
    assert err.player == player
    assert err.move is (moves if offending == "list" else moves[offending])
    assert isinstance(err.reason, str) and err.reason
    if player is not None:
        assert game.why_illegal(player, moves[player]) is not None
    assert game.state() == before and game.history == history and game.card == card
    assert [s.state() for s in game.sheets] == before["sheets"]


def test_play_after_illegal_move_still_works(make_city, run):
    game, _ = run(make_city(KL, {"K": 1, "L": 2}, KL_BONUS), [N(2), N(1)], [("K", "L")], 2)
    with pytest.raises(IllegalMove):
        game.play([Move(line="L"), Move(line="Z")])
    rec = game.play([Move(line="L"), Move(line="L")])
    assert rec.filled == (("l1",), ("l3",)) and rec.bonuses[1] == (
        vvlab.engine.BonusTaken("L", "first", 3),
    )


# -- the end of the game -----------------------------------------------------------------
def test_scripted_game_length_and_end(make_city, move):
    city = make_city({"K": ["k1", "k2", "k3"], "L": ["l1", "l2"]}, {"K": 2, "L": 1})
    cards = [N(1), FREE, FREE, N(1), N(1), N(2)]
    turns = [("K", "L"), ("@l1", "@k3"), ("@l2", "@k2"), ("K", "K"), ("L", "K")]
    game = Game(vvlab.load_map(city), players=2, cards=cards)
    filled_after = []
    for t in turns:
        assert not game.is_over and game.card is not None
        game.play([move(m) for m in t])
        filled_after.append([s.indicators_filled for s in game.sheets])
        assert game.is_over == (filled_after[-1][0] == 3)
    assert filled_after == [[1, 1], [1, 1], [1, 1], [2, 2], [3, 3]]
    assert game.is_over and game.turn == 5 == 3 + 2  # 3 boxes + 2 free cards
    assert game.card is None and game.legal_moves(0) == [] and game.legal_moves(1) == []
    with pytest.raises(GameError):
        game.play([Move(line="K"), Move(line="K")])
    assert game.turn == 5 and len(game.history) == 5


@pytest.mark.parametrize("players", [1, 2, 3, 6])
@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
def test_seeded_game_length(play_to_end, players, ruleset):
    city = vvlab.load_map("tutorial")
    for seed in range(25):
        game = Game(city, players=players, ruleset=ruleset, seed=seed)
        play_to_end(game, np.random.default_rng(seed))
        frees = sum(r.card.kind == "free" for r in game.history)
        assert game.turn == len(game.history) == city.total_indicators + frees
        assert all(s.indicators_filled == city.total_indicators for s in game.sheets)
        assert game.card is None and all(game.legal_moves(p) == [] for p in range(players))
        with pytest.raises(GameError):
            game.play([Move()] * players)
