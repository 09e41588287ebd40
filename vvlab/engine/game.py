"""A game of Voll verplant: shared cards, simultaneous moves, bonuses, the end."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Any

import numpy as np

from vvlab.engine.cards import Card, Move
from vvlab.engine.checks import is_whole, show, whole_number
from vvlab.engine.errors import GameError, IllegalMove
from vvlab.engine.history import (
    BonusTaken,
    TurnRecord,
    check_record,
    move_from_data,
    move_to_data,
)
from vvlab.engine.rulesets import Ruleset, get_ruleset
from vvlab.engine.sheet import Completion, Score, Sheet
from vvlab.engine.view import PlayerView
from vvlab.model.citymap import CityMap
from vvlab.model.io import MapSource, load_map

MAX_PLAYERS = 6
"""Players at one table: 1 to 6, as many as the box has sheets for."""

MAX_SEED = 2**63 - 1
"""Seeds are whole numbers from 0 to ``MAX_SEED`` (they fit parquet's int64 columns)."""

_SEED = "a seed is a whole number from 0 to 2**63 - 1 (vvlab.engine.game.MAX_SEED)"


def new_seed(high: int = MAX_SEED) -> int:
    """A fresh seed from the operating system's entropy, 0 to ``high``; record it to
    replay the game.

    >>> 0 <= new_seed() <= MAX_SEED, 0 <= new_seed(high=9) <= 9
    (True, True)
    """
    return int(np.random.SeedSequence().entropy % (high + 1))


class Game:
    """One game for 1–6 players on a city map.

    Parameters
    ----------
    city
        A ``CityMap``, a built-in map name, a path or a map dict.
    players
        Number of players (1–6, :data:`MAX_PLAYERS`); seats are numbered from 0.
    ruleset
        A built-in ruleset name (``"voll-verplant"``, ``"metro-x"``), a ``.json`` file,
        a dict or a ``Ruleset`` (see :func:`~vvlab.engine.rulesets.get_ruleset`).
    seed
        Seed (a whole number from 0 to :data:`MAX_SEED`, or a
        ``numpy.random.Generator``) for shuffling the deck. Without a seed and without
        ``cards`` a fresh seed is drawn and recorded in ``game.seed``.
    cards
        A scripted card order instead of a shuffled deck: the cards are revealed in
        this order (shuffle icons then only start a new counting pass).

    Bad arguments raise ``TypeError`` (a wrong type: ``seed=1.5``, ``players="2"``)
    or ``ValueError`` (out of range: ``seed=-1``, ``players=7``; a ruleset with
    problems is a ``RulesetError``), with a message that says what is expected. An
    illegal move is an :class:`~vvlab.engine.errors.IllegalMove`.

    Examples
    --------
    >>> from vvlab import Card, Game, Move
    >>> game = Game("tutorial", cards=[Card.number(3), Card.star(), Card.number(2)])
    >>> game.card
    Card.number(3)
    >>> game.play([Move(line="A")]).filled
    (('harbour', 'market', 'central'),)
    >>> game.sheets[0].marks["central"]
    'X'
    >>> game.play([Move(line="B")]).filled   # star in B's first empty station
    (('north',),)
    >>> game.sheets[0].marks["north"], game.turn
    (2, 2)
    """

    def __init__(
        self,
        city: MapSource,
        players: int = 1,
        ruleset: str | Ruleset | None = None,
        seed: int | np.random.Generator | None = None,
        cards: Sequence[Card] | None = None,
    ):
        self.city: CityMap = load_map(city)
        self.players = whole_number(
            players, 1, MAX_PLAYERS, f"players must be a whole number from 1 to {MAX_PLAYERS}"
        )
        self.ruleset = get_ruleset(ruleset)
        self.sheets = [Sheet(self.city) for _ in range(players)]
        self.history: list[TurnRecord] = []
        self.first_taken: dict[str, int] = {}
        self.turn = 0
        self.shuffles = 0
        self._seen: list[Card] = []
        self._setup_cards(seed, cards)
        self.card: Card | None = self._reveal()

    # -- the deck -----------------------------------------------------------------------
    def _setup_cards(self, seed: Any, cards: Sequence[Card] | None) -> None:
        self._script: list[Card] | None = None
        self.seed: int | None = None
        if cards is not None:
            if seed is not None:
                raise ValueError("give either seed= (a shuffled deck) or cards=, not both")
            if isinstance(cards, (str, bytes, Card)) or not isinstance(cards, Iterable):
                raise TypeError(f"cards= is a list of Card objects, got {show(cards)}")
            self._script = list(cards)
            bad = [c for c in self._script if not isinstance(c, Card)]
            if bad:
                raise TypeError(
                    f"cards= is a list of Card objects (e.g. Card.number(3)), got {show(bad[0])}"
                )
            self._rng = None
        elif isinstance(seed, np.random.Generator):
            self._rng = seed
        else:
            if seed is None:
                seed = new_seed()
            self.seed = whole_number(seed, 0, MAX_SEED, _SEED + " or a numpy Generator")
            self._rng = np.random.default_rng(self.seed)
        self._pos = 0
        self._order: list[Card] = self._shuffled() if self._rng is not None else []

    def _shuffled(self) -> list[Card]:
        deck = self.ruleset.deck
        return [deck[i] for i in self._rng.permutation(len(deck))]  # type: ignore[union-attr]

    def _reveal(self) -> Card | None:
        if self.is_over:
            return None
        source = self._script if self._script is not None else self._order
        if self._pos >= len(source):
            return None
        card = source[self._pos]
        self._pos += 1
        self._seen.append(card)
        return card

    def _shuffle(self) -> None:
        self.shuffles += 1
        self._seen = []
        if self._script is None:
            self._order = self._shuffled()
            self._pos = 0

    # -- public information -------------------------------------------------------------
    @property
    def is_over(self) -> bool:
        """True once every indicator box is filled (for every player at once)."""
        return self.sheets[0].indicators_filled == self.city.total_indicators

    @property
    def seen_since_shuffle(self) -> tuple[Card, ...]:
        """Cards revealed since the last shuffle, the current card included."""
        return tuple(self._seen)

    def unseen_cards(self) -> Counter[Card]:
        """The multiset of deck cards not revealed since the last shuffle (card counting)."""
        left = Counter(self.ruleset.deck)
        left.subtract(self._seen)
        return +left

    @property
    def first_bonus_taken(self) -> frozenset[str]:
        """Lines someone has completed: their first bonus is gone."""
        return frozenset(self.first_taken)

    def view(self, player: int) -> PlayerView:
        """What ``player`` may see now: the input of a bot (see :class:`PlayerView`)."""
        if self.card is None:
            raise GameError("there is no card to play")
        return PlayerView(
            player=player,
            turn=self.turn + 1,
            card=self.card,
            legal_moves=tuple(self.legal_moves(player)),
            sheet=self.sheets[player],
            others=tuple(s for p, s in enumerate(self.sheets) if p != player),
            city=self.city,
            ruleset=self.ruleset,
            seen_since_shuffle=tuple(self._seen),
            first_taken=frozenset(self.first_taken),
        )

    # -- moves --------------------------------------------------------------------------
    def legal_moves(self, player: int) -> list[Move]:
        """Every legal move for ``player`` and the revealed card; never empty while the
        game runs (a free card on a full sheet gives the single pass move ``Move()``)."""
        self._check_player(player)
        card, sheet = self.card, self.sheets[player]
        if card is None:
            return []
        if card.kind == "free":
            return [Move(station=s) for s in sheet.empty_stations()] or [Move()]
        return [Move(line=ln.id) for ln in self.city.lines if sheet.free_indicators(ln.id) > 0]

    def why_illegal(self, player: int, move: Move) -> str | None:
        """Why ``move`` is illegal for ``player`` now, or ``None`` if it is legal."""
        self._check_player(player)
        card, sheet = self.card, self.sheets[player]
        if not isinstance(move, Move):
            return f"not a Move: {move!r}"
        if card is None:
            return "there is no card to play"
        if card.kind == "free":
            return self._why_illegal_free(sheet, move)
        if move.line is None:
            return f"a {card.kind} card is played on a line: use Move(line=...)"
        if move.line not in {ln.id for ln in self.city.lines}:
            known = ", ".join(ln.id for ln in self.city.lines)
            return f"no line {move.line!r} on this map (lines: {known})"
        if sheet.free_indicators(move.line) <= 0:
            n = self.city.line(move.line).indicators
            return f"line {move.line} has no free indicator box ({n} of {n} filled)"
        return None

    def _why_illegal_free(self, sheet: Sheet, move: Move) -> str | None:
        empty = sheet.empty_stations()
        if move.line is not None:
            return "a free card crosses one empty station: use Move(station=...)"
        if move.station is None:
            return None if not empty else "you may pass a free card only when no station is empty"
        if move.station not in self.city.stations:
            return f"no station {move.station!r} on this map"
        if move.station in sheet.marks:
            return f"station {move.station!r} is already filled"
        return None

    def play(self, moves: Sequence[Move] | Move) -> TurnRecord:
        """Play one turn: one move per player, applied at the same time.

        Then newly completed lines are scored (first bonus, shared on a tie, or the
        later bonus), the deck is shuffled if the card had the icon, and the next card
        is revealed. Raises :class:`IllegalMove` (and changes nothing) if any move is
        illegal or the number of moves is wrong, and ``TypeError`` if ``moves`` is not
        a list (or tuple) of moves, or a single ``Move`` in a solo game.
        """
        if self.is_over:
            raise GameError("the game is over")
        if self.card is None:
            raise GameError(f"no card to play: the scripted cards ran out after turn {self.turn}")
        moves = self._check_moves(moves)
        card = self.card
        pairs = zip(self.sheets, moves, strict=True)
        filled = tuple(tuple(self._apply(sheet, card, m)) for sheet, m in pairs)
        self.turn += 1
        bonuses = self._score_lines(filled)
        if card.shuffle:
            self._shuffle()
        record = TurnRecord(self.turn, card, moves, filled, bonuses, card.shuffle)
        self.history.append(record)
        self.card = self._reveal()
        return record

    def _check_moves(self, moves: Sequence[Move] | Move) -> tuple[Move, ...]:
        if isinstance(moves, Move) and self.players == 1:
            moves = [moves]
        if not isinstance(moves, (Move, list, tuple)):
            raise TypeError(
                "play takes a list of Move objects, one per player (or one Move in a solo "
                f"game), got {show(moves)}"
            )
        if isinstance(moves, Move) or len(moves) != self.players:
            got = "a single move" if isinstance(moves, Move) else f"{len(moves)}"
            raise IllegalMove(
                None, moves, f"expected {self.players} moves (one per player), got {got}"
            )
        for player, move in enumerate(moves):
            reason = self.why_illegal(player, move)
            if reason:
                raise IllegalMove(player, move, f"{reason} (card {self.card})")
        return tuple(moves)

    @staticmethod
    def _apply(sheet: Sheet, card: Card, move: Move) -> list[str]:
        if move.line is not None:
            return sheet.apply_line(move.line, card)
        if move.station is not None:
            return sheet.apply_station(move.station)
        return []

    def _score_lines(
        self, filled: tuple[tuple[str, ...], ...]
    ) -> tuple[tuple[BonusTaken, ...], ...]:
        completed_now: list[list[str]] = []
        for sheet, stations in zip(self.sheets, filled, strict=True):
            touched = {ln for sid in stations for ln in self.city.lines_through(sid)}
            completed_now.append(
                [
                    ln.id
                    for ln in self.city.lines
                    if ln.id in touched
                    and ln.id not in sheet.completed
                    and sheet.is_complete(ln.id)
                ]
            )
        taken: list[tuple[BonusTaken, ...]] = []
        for sheet, lines in zip(self.sheets, completed_now, strict=True):
            got = []
            for line_id in lines:
                line = self.city.line(line_id)
                first = line_id not in self.first_taken
                bonus = BonusTaken(
                    line_id,
                    "first" if first else "later",
                    line.bonus_first if first else line.bonus_later,
                )
                sheet.completed[line_id] = Completion(line_id, self.turn, bonus.kind, bonus.points)
                got.append(bonus)
            taken.append(tuple(got))
        for line_id in sorted({ln for lines in completed_now for ln in lines}):
            if line_id not in self.first_taken:
                self.first_taken[line_id] = self.turn
                for sheet in self.sheets:
                    if line_id not in sheet.completed:
                        sheet.crossed_out.add(line_id)
        return tuple(taken)

    # -- scoring ------------------------------------------------------------------------
    def score(self, player: int) -> Score:
        """The player's score now: ``.bonus``, ``.stars``, ``.penalty``, ``.empty``, ``.total``.

        The penalty follows the ruleset; mid-game it counts the stations empty so far.
        """
        self._check_player(player)
        return self.sheets[player].score(self.ruleset)

    def winners(self) -> list[int]:
        """Seats with the highest total (ties are shared)."""
        totals = [self.score(p).total for p in range(self.players)]
        return [p for p, t in enumerate(totals) if t == max(totals)]

    def _check_player(self, player: int) -> None:
        if not is_whole(player):
            raise TypeError(
                f"a player is a seat number from 0 to {self.players - 1}, got {show(player)}"
            )
        if not 0 <= player < self.players:
            raise IndexError(f"no player {player!r}: seats are 0 to {self.players - 1}")

    # -- records, replay, display -------------------------------------------------------
    def to_record(self) -> dict[str, Any]:
        """The whole game as plain JSON-able data: map id, ruleset, seed, cards and moves."""
        return {
            "city": self.city.id,
            "ruleset": self.ruleset.to_dict(),
            "players": self.players,
            "seed": self.seed,
            "cards": [t.card.to_dict() for t in self.history],
            "moves": [[move_to_data(m) for m in t.moves] for t in self.history],
        }

    @classmethod
    def from_record(cls, record: dict[str, Any], city: MapSource | None = None) -> Game:
        """Replay a record from :meth:`to_record` to the same state.

        With a recorded seed the shuffled deck is rebuilt (so play can go on); otherwise
        the recorded cards are replayed in order. A malformed record is a ``TypeError``
        or ``ValueError`` (``RulesetError`` for its ruleset) that says what is wrong.
        """
        check_record(record, need_city=city is None)
        ruleset = Ruleset.from_dict(record["ruleset"])
        cards = [Card.from_dict(c) for c in record["cards"]]
        seeded = record.get("seed") is not None
        game = cls(
            city if city is not None else record["city"],
            record["players"],
            ruleset,
            seed=record["seed"] if seeded else None,
            cards=None if seeded else cards,
        )
        for card, moves in zip(cards, record["moves"], strict=True):
            if game.card != card:
                raise GameError(
                    f"record does not replay: turn {game.turn + 1} reveals "
                    f"{game.card}, the record says {card}"
                )
            game.play([move_from_data(m) for m in moves])
        return game

    def state(self) -> dict[str, Any]:
        """Everything that decides the rest of the game, as plain data."""
        return {
            "turn": self.turn,
            "card": None if self.card is None else self.card.to_dict(),
            "seen": [c.to_dict() for c in self._seen],
            "first_taken": dict(self.first_taken),
            "sheets": [s.state() for s in self.sheets],
        }

    def transcript(self) -> str:
        """A readable text account of the game so far, turn by turn, with the scores."""
        from vvlab.engine.transcript import game_transcript

        return game_transcript(self)

    def __repr__(self) -> str:
        status = "over" if self.is_over else f"card {self.card}"
        return (
            f"<Game {self.city.id}: {self.players} player(s), {self.ruleset.name}, "
            f"turn {self.turn}, {status}>"
        )

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        from vvlab.engine.render import render_game

        printer.text(repr(self) if cycle else render_game(self))
