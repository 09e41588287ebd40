"""A plain-Python expectimax over the engine's own sheets: the reference the compiled
look-ahead bot is checked against (same value function, same floored expectation)."""

from __future__ import annotations

from collections import Counter

from vvlab.bots.greedy import after_move
from vvlab.bots.value import Valuer
from vvlab.engine import Card, Move, Sheet


def legal(sheet: Sheet, card: Card) -> list[Move]:
    if card.kind == "free":
        return [Move(station=s) for s in sheet.empty_stations()] or [Move()]
    return [Move(line=ln.id) for ln in sheet.city.lines if sheet.free_indicators(ln.id) > 0]


def boxes_left(sheet: Sheet) -> int:
    return sheet.city.total_indicators - sheet.indicators_filled


def node_value(
    valuer: Valuer, sheet: Sheet, card: Card, counts: Counter, deck, first, level, depth
) -> tuple[int, Move]:
    """Best (value change + expected best reply) of playing ``card`` on ``sheet``."""
    base = valuer.value(sheet, first)
    best, best_move = None, None
    for move in legal(sheet, card):
        after = after_move(sheet, card, move)
        q = valuer.value(after, first) - base
        if level < depth and boxes_left(after) > 0:
            total, acc = 0, 0
            for nxt, n in counts.items():
                if n == 0:
                    continue
                total += n
                child = Counter(deck) if nxt.shuffle else counts - Counter([nxt])
                acc += n * node_value(valuer, after, nxt, child, deck, first, level + 1, depth)[0]
            q += acc // total
        if best is None or q > best:
            best, best_move = q, move
    return best, best_move


def reference_choice(view, depth: int) -> Move:
    valuer = Valuer.build(view.city, view.ruleset)
    counts = Counter(view.unseen)
    return node_value(
        valuer, view.sheet, view.card, counts, view.ruleset.deck, view.first_taken, 0, depth
    )[1]
