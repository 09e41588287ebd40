"""The hindsight bound: the best solo score when the whole card order is known.

A solo player always takes a line's first bonus, so the final score depends only on
the stations filled at the end (bonuses and penalty) plus the star numbers written on
the way. The search runs on a lean state: a bit mask of filled stations and the
number of indicator boxes used per line. :class:`Board` holds the map as bit masks.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from vvlab.engine import Card, Move, Score, get_ruleset
from vvlab.engine.rulesets import Ruleset
from vvlab.model import CityMap, load_map
from vvlab.model.io import MapSource

State = tuple[int, tuple[int, ...]]
"""(filled stations as a bit mask, indicator boxes used per line in map order)."""


@dataclass(frozen=True)
class HindsightBound:
    """The best solo score found for a known card order.

    ``exact`` is True when the search was exhaustive: ``score`` is then the optimum.
    Otherwise (a beam search) ``score`` is a **lower bound** of the optimum: a score
    that is certainly reachable, perhaps not the best. ``moves`` replay legally in
    ``Game(city, players=1, ruleset=ruleset, cards=cards)`` and give exactly
    ``breakdown`` (``breakdown.total == score``).
    """

    score: int
    exact: bool
    moves: tuple[Move, ...]
    breakdown: Score
    cards: tuple[Card, ...]
    city: str
    ruleset: str
    beam: int | None = None

    def __repr__(self) -> str:
        kind = "optimum (exact)" if self.exact else f"lower bound (beam {self.beam})"
        return (
            f"HindsightBound(score={self.score}, {kind}, {self.city}, {self.ruleset}, "
            f"{len(self.moves)} moves)"
        )


class Board:
    """A city as bit masks, with the move mechanics of :class:`vvlab.Sheet`."""

    def __init__(self, city: CityMap, ruleset: Ruleset):
        self.city, self.ruleset = city, ruleset
        self.ids = list(city.stations)
        bit = {sid: i for i, sid in enumerate(self.ids)}
        self.routes = [tuple(bit[s] for s in ln.stations) for ln in city.lines]
        self.masks = [sum(1 << b for b in r) for r in self.routes]
        self.caps = tuple(ln.indicators for ln in city.lines)
        self.bonus = [ln.bonus_first for ln in city.lines]
        self.stars = [city.star_value(s) for s in self.ids]
        self.full = (1 << len(self.ids)) - 1

    def line_move(self, mask: int, line: int, card: Card) -> tuple[int, int]:
        """(new mask, star points) of a number, express or star card on ``line``."""
        route = self.routes[line]
        start = next((i for i, b in enumerate(route) if not mask >> b & 1), None)
        if start is None:
            return mask, 0
        if card.kind == "star":
            b = route[start]
            return mask | 1 << b, self.stars[b]
        crossed = 0
        for b in route[start:]:
            if crossed == card.value:
                break
            if mask >> b & 1:
                if card.kind == "number":
                    break
                continue
            mask |= 1 << b
            crossed += 1
        return mask, 0

    def children(self, state: State, card: Card) -> list[tuple[Move, State, int]]:
        """Every legal move with its next state and star points."""
        mask, used = state
        if card.kind == "free":
            empty = [i for i in range(len(self.ids)) if not mask >> i & 1]
            if not empty:
                return [(Move(), state, 0)]
            return [(Move(station=self.ids[i]), (mask | 1 << i, used), 0) for i in empty]
        out = []
        for line, (n, cap) in enumerate(zip(used, self.caps, strict=True)):
            if n < cap:
                new, gain = self.line_move(mask, line, card)
                more = (*used[:line], n + 1, *used[line + 1 :])
                out.append((Move(line=self.city.lines[line].id), (new, more), gain))
        return out

    def final(self, mask: int) -> tuple[int, int]:
        """(bonus points, empty stations) of a sheet whose filled stations are ``mask``."""
        bonus = sum(b for m, b in zip(self.masks, self.bonus, strict=True) if mask & m == m)
        return bonus, len(self.ids) - mask.bit_count()

    def value(self, mask: int) -> int:
        """Bonus minus penalty of a final sheet (stars come from the path)."""
        bonus, empty = self.final(mask)
        return bonus - self.ruleset.penalty(empty)

    def estimate(self, mask: int) -> float:
        """A beam search guide: the final value if the game ended now plus a share of
        each incomplete line's bonus growing with the square of its filled part."""
        partial = sum(
            b * ((mask & m).bit_count() / m.bit_count()) ** 2
            for m, b in zip(self.masks, self.bonus, strict=True)
            if mask & m != m
        )
        return self.value(mask) + 0.5 * partial


def game_cards(cards: Sequence[Card], total_indicators: int) -> tuple[Card, ...]:
    """The cards a game uses: up to the one that fills the last indicator box.

    >>> game_cards([Card.free(), Card.number(3), Card.star(), Card.number(2)], 2)
    (Card.free(), Card.number(3), Card.star())
    """
    used = 0
    for i, card in enumerate(cards):
        used += card.uses_indicator
        if used == total_indicators:
            return tuple(cards[: i + 1])
    raise ValueError(
        f"the cards fill only {used} of {total_indicators} indicator boxes: "
        "give the whole card order of a game"
    )


def state_space(board: Board, cards: Sequence[Card]) -> int:
    """An upper bound of the search states: sheets times wagons times turns."""
    wagons = 1
    for cap in board.caps:
        wagons *= cap + 1
    return (1 << len(board.ids)) * wagons * (1 + sum(c.kind == "free" for c in cards))


def exact_search(board: Board, cards: Sequence[Card]) -> tuple[int, list[Move]]:
    """The optimum (stars + bonus - penalty) and its moves, by memoised depth-first
    search over (turn, state)."""
    memo: dict[tuple[int, State], tuple[int, Move | None, State | None]] = {}

    def best(t: int, state: State) -> int:
        key = (t, state)
        if key in memo:
            return memo[key][0]
        if t == len(cards):
            memo[key] = (board.value(state[0]), None, None)
            return memo[key][0]
        top: tuple[int, Move | None, State | None] = (-(10**9), None, None)
        for move, nxt, gain in board.children(state, cards[t]):
            v = gain + best(t + 1, nxt)
            if v > top[0]:
                top = (v, move, nxt)
        memo[key] = top
        return top[0]

    start: State = (0, (0,) * len(board.caps))
    score = best(0, start)
    moves, state = [], start
    for t in range(len(cards)):
        _, move, nxt = memo[(t, state)]
        assert move is not None and nxt is not None
        moves.append(move)
        state = nxt
    return score, moves


def beam_search(board: Board, cards: Sequence[Card], width: int) -> tuple[int, list[Move]]:
    """A reachable score and its moves, keeping the ``width`` most promising states
    (stars so far plus :meth:`Board.estimate`) after each turn."""
    start: State = (0, (0,) * len(board.caps))
    layer: dict[State, tuple[int, tuple]] = {start: (0, ())}  # state -> (stars, moves)
    for card in cards:
        nxt: dict[State, tuple[int, tuple]] = {}
        for state, (stars, path) in layer.items():
            for move, child, gain in board.children(state, card):
                if child not in nxt or nxt[child][0] < stars + gain:
                    nxt[child] = (stars + gain, (path, move))
        ranked = sorted(nxt.items(), key=lambda kv: kv[1][0] + board.estimate(kv[0][0]))
        layer = dict(ranked[-width:])
    state, (stars, path) = max(layer.items(), key=lambda kv: kv[1][0] + board.value(kv[0][0]))
    moves: list[Move] = []
    while path:
        path, move = path
        moves.append(move)
    return stars + board.value(state[0]), moves[::-1]


def hindsight_bound(
    city: MapSource,
    cards: Sequence[Card],
    ruleset: str | Ruleset | None = "voll-verplant",
    *,
    beam: int = 256,
    exact_limit: int = 2_000_000,
) -> HindsightBound:
    """The best solo score reachable when the whole card order is known in advance.

    Parameters
    ----------
    city
        A ``CityMap``, built-in name, path or map dict.
    cards
        The card order of one game (e.g. ``[t.card for t in game.history]``, or
        :func:`vvlab.analysis.deal_cards`); cards after the one that fills the last
        indicator box are ignored. Shuffle icons change nothing once the order is known.
    ruleset
        Its penalty scores the empty stations (its deck is not used).
    beam
        States kept per turn by the beam search.
    exact_limit
        The search is exact (memoised depth-first search, ``exact=True``) when the
        state space (2**stations times the indicator configurations times the turns)
        is at most this; otherwise a beam search gives a **lower bound**
        (``exact=False``).

    Returns
    -------
    HindsightBound
        ``score``, ``exact``, the ``moves`` reaching it and the ``breakdown`` (a
        :class:`vvlab.Score`).

    Examples
    --------
    The worked example of the rules, plus a star card on the shared station:

    >>> import vvlab
    >>> from vvlab import Card
    >>> tiny = {"format": "vvlab-map/1", "id": "tiny", "name": "Tiny",
    ...     "stations": {s: {"name": s, "x": i, "y": i % 2} for i, s in enumerate("abcdefg")},
    ...     "lines": [
    ...         {"id": "R", "name": "R", "color": "#ff0000", "indicators": 2, "bonus": [4, 2],
    ...          "stations": list("abcde")},
    ...         {"id": "G", "name": "G", "color": "#00aa00", "indicators": 1, "bonus": [3, 1],
    ...          "stations": list("fcg")}]}
    >>> best = hindsight_bound(tiny, [Card.number(2), Card.number(3), Card.number(3)])
    >>> best.score, best.exact, best.moves
    (7, True, (Move(line='R'), Move(line='G'), Move(line='R')))
    >>> hindsight_bound("tutorial", [Card.number(5)] * 6, beam=4)
    HindsightBound(score=15, optimum (exact), tutorial, voll-verplant, 6 moves)
    """
    city = load_map(city)
    rules = get_ruleset(ruleset)
    board = Board(city, rules)
    order = game_cards(list(cards), city.total_indicators)
    exact = state_space(board, order) <= exact_limit
    score, moves = exact_search(board, order) if exact else beam_search(board, order, beam)
    breakdown = _breakdown(board, order, moves)
    if breakdown.total != score:  # pragma: no cover - a bug in the search
        raise AssertionError(f"search score {score} != replayed {breakdown.total}")
    return HindsightBound(
        score, exact, tuple(moves), breakdown, order, city.id, rules.name, None if exact else beam
    )


def _breakdown(board: Board, cards: Sequence[Card], moves: Sequence[Move]) -> Score:
    """Replay the moves on the lean state: the score's parts."""
    state: State = (0, (0,) * len(board.caps))
    stars = 0
    for card, move in zip(cards, moves, strict=True):
        state, gain = next((s, g) for m, s, g in board.children(state, card) if m == move)
        stars += gain
    bonus, empty = board.final(state[0])
    return Score(bonus, stars, board.ruleset.penalty(empty), empty)
