"""The random-playthrough invariant checker (test layer 2).

``check_random_game`` plays a whole game with uniformly random legal moves and checks,
after every turn, everything the rules promise. It is used on the built-in maps and on
random maps generated with hypothesis.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from vvlab import Card, Game


def check_random_game(city, players: int, seed: int, ruleset=None) -> Game:
    """Play a seeded random game, checking every invariant; returns the finished game."""
    rng = np.random.default_rng(seed)
    game = Game(city, players=players, ruleset=ruleset, seed=seed)
    deck = Counter(game.ruleset.deck)
    free_cards = 0
    while not game.is_over:
        card = game.card
        assert card is not None
        moves = [_check_legal_moves(game, p, rng) for p in range(players)]
        before = [s.copy() for s in game.sheets]
        first_before = dict(game.first_taken)
        record = game.play(moves)
        free_cards += card.kind == "free"
        for p in range(players):
            _check_turn(game, p, card, moves[p], before[p], record.filled[p])
            _check_bonuses(game, p, before[p], first_before, record.bonuses[p])
            _check_score(game, p)
        _check_cards(game, deck, card)
    assert game.turn == game.city.total_indicators + free_cards
    assert game.card is None and all(game.legal_moves(p) == [] for p in range(players))
    assert all(s.indicators_filled == game.city.total_indicators for s in game.sheets)
    replayed = Game.from_record(game.to_record(), city=game.city)
    assert replayed.state() == game.state()
    return game


def _check_legal_moves(game: Game, p: int, rng: np.random.Generator):
    legal = game.legal_moves(p)
    assert legal, "legal_moves must never be empty while the game runs"
    sheet, card = game.sheets[p], game.card
    if card.kind == "free":
        empty = sheet.empty_stations()
        expected = [m.station for m in legal] if empty else []
        assert expected == empty
        assert empty or [m.is_pass for m in legal] == [True]
    else:
        open_lines = [ln.id for ln in game.city.lines if sheet.free_indicators(ln.id) > 0]
        assert [m.line for m in legal] == open_lines
    assert all(game.why_illegal(p, m) is None for m in legal)
    return legal[rng.integers(len(legal))]


def _check_turn(game: Game, p: int, card: Card, move, before, filled) -> None:
    sheet = game.sheets[p]
    assert all(sheet.marks[s] == m for s, m in before.marks.items()), "marks never change"
    assert set(sheet.marks) - set(before.marks) == set(filled)
    assert len(set(filled)) == len(filled)
    if card.kind == "free":
        assert sheet.indicators_filled == before.indicators_filled
        assert len(filled) == (0 if move.is_pass else 1)
        return
    assert sheet.indicators_filled == before.indicators_filled + 1
    assert sheet.indicators[move.line][-1] == str(Card(card.kind, card.value))
    route = game.city.line(move.line).stations
    empty_on_route = [s for s in route if s not in before.marks]
    if card.kind == "star":
        assert list(filled) == empty_on_route[:1]
        if filled:
            assert sheet.marks[filled[0]] == game.city.star_value(filled[0])
    elif card.kind == "express":
        assert list(filled) == empty_on_route[: card.value]
    else:
        start = route.index(empty_on_route[0]) if empty_on_route else len(route)
        run = []
        for s in route[start:]:
            if s in before.marks or len(run) == card.value:
                break
            run.append(s)
        assert list(filled) == run


def _check_bonuses(game: Game, p: int, before, first_before, bonuses) -> None:
    sheet = game.sheets[p]
    complete = {ln.id for ln in game.city.lines if all(s in sheet.marks for s in ln.stations)}
    assert set(sheet.completed) == complete
    new = complete - set(before.completed)
    assert {b.line for b in bonuses} == new
    for b in bonuses:
        line = game.city.line(b.line)
        first = b.line not in first_before
        assert b.kind == ("first" if first else "later")
        assert b.points == (line.bonus_first if first else line.bonus_later)
        if game.players == 1:
            assert b.kind == "first"
    for line_id in game.first_taken:
        assert line_id in sheet.completed or line_id in sheet.crossed_out


def _check_score(game: Game, p: int) -> None:
    sheet, score = game.sheets[p], game.score(p)
    assert score.empty == len(game.city.stations) - len(sheet.marks)
    assert score.stars == sum(v for v in sheet.marks.values() if isinstance(v, int))
    assert score.bonus == sum(c.points for c in sheet.completed.values())
    assert score.penalty == game.ruleset.penalty(score.empty) >= 0
    assert score.total == score.bonus + score.stars - score.penalty


def _check_cards(game: Game, deck: Counter, played: Card) -> None:
    seen = Counter(game.seen_since_shuffle)
    assert not seen - deck, "cards between two shuffles never exceed the deck"
    if played.shuffle:
        assert len(game.seen_since_shuffle) == (0 if game.is_over else 1)
    if not game.is_over:
        assert game.seen_since_shuffle[-1] == game.card
        assert not any(c.shuffle for c in game.seen_since_shuffle[:-1])
        assert game.unseen_cards() == deck - seen
