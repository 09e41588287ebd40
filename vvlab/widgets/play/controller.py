"""The plain controller of a game played at one screen, behind ``PlayWidget``.

No ipywidgets here: :class:`PlayController` carries everything (set-up, whose turn,
the pending choice and its preview, undo, scoreboard, log, end of game) so tests and
scripts drive it directly; the view (:mod:`vvlab.widgets.play.view`) only shows it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from vvlab.bots import Bot, make_bot
from vvlab.engine import Card, Game, Move, Ruleset, TurnRecord, get_ruleset
from vvlab.engine.game import MAX_PLAYERS
from vvlab.engine.game import new_seed as engine_new_seed
from vvlab.engine.render import card_text, with_station_names
from vvlab.engine.transcript import game_transcript, turn_text
from vvlab.model import CityMap, MapError, load_map
from vvlab.widgets.play.preview import Preview, preview_move, ranked, scoreboard_rows

PERSON = "person"
"""The seat kind of a person at the screen; any other seat is a bot spec."""


class PlayError(ValueError):
    """A choice or set-up the controller refuses; the message says why, for the player."""


@dataclass(frozen=True)
class Setup:
    """What a game was started with (``play_again`` starts the same one)."""

    city: CityMap
    seats: tuple[str, ...]
    ruleset: Ruleset
    seed: int


def _load_city(city: Any) -> CityMap:
    try:
        return load_map(city)
    except (MapError, OSError, TypeError, ValueError) as err:
        raise PlayError(f"cannot load the city {city!r}: {err}") from None


def _check_seats(seats: Sequence[str]) -> tuple[tuple[str, ...], dict[int, Bot]]:
    if isinstance(seats, str):
        seats = [seats]
    seats = tuple(str(s).strip() for s in seats)
    if not 1 <= len(seats) <= MAX_PLAYERS:
        raise PlayError(f"a game has 1 to {MAX_PLAYERS} seats, got {len(seats)}")
    bots: dict[int, Bot] = {}
    for p, spec in enumerate(seats):
        if spec == PERSON:
            continue
        try:
            bots[p] = make_bot(spec)
        except (TypeError, ValueError) as err:
            raise PlayError(f"seat {p + 1}: {err} (or choose 'person')") from None
    return seats, bots


def _check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise PlayError(f"the seed is a whole number >= 0, got {seed!r}")
    return int(seed)


SEED_BOX_MAX = 2**31 - 1
"""The largest seed the widget's seed box offers: small enough to read and type, and
exact in the browser (JavaScript numbers hold integers exactly only up to 2**53)."""


def new_seed() -> int:
    """A fresh random seed for the seed box (:func:`vvlab.engine.game.new_seed`, up to
    :data:`SEED_BOX_MAX`).

    >>> 0 <= new_seed() <= SEED_BOX_MAX
    True
    """
    return engine_new_seed(high=SEED_BOX_MAX)


class PlayController:
    """A game of Voll verplant for people at one screen and bots.

    Every person picks a move for the revealed card in turn (``choose`` then
    ``confirm``); when the last person has confirmed, the bots choose and the turn is
    played. Refused choices raise :class:`PlayError` with a message for the player.

    Parameters
    ----------
    city
        A built-in map name, a path to a map file, a map dict or a ``CityMap``.
    seats
        One entry per player (1–6): ``"person"`` or a bot spec such as ``"greedy"``
        or ``"lookahead:depth=1"``.
    ruleset
        ``"voll-verplant"``, ``"metro-x"`` or a ``Ruleset``.
    seed
        Seed of the deck and of the bots.

    Examples
    --------
    >>> c = PlayController("tutorial", seats=["person", "greedy"], seed=0)
    >>> c.card, c.current_player, c.legal_lines()
    (Card.number(4), 0, ['A', 'B', 'C', 'D'])
    >>> c.choose(line="A").stations
    ('harbour', 'market', 'central', 'castle')
    >>> c.confirm().turn                      # the greedy bot moves, the turn is played
    1
    >>> c.game.sheets[0].indicators["A"], c.card
    (['4'], Card.number(3))
    >>> c.choose(line="C").stations           # C ends at central, filled last turn
    ('airport', 'mill')
    >>> c.undo()
    'your choice of line C'
    >>> c.undo()                              # one person: the whole last turn
    'turn 1'
    >>> c.game.turn, c.card
    (0, Card.number(4))
    """

    def __init__(
        self,
        city: Any = "berlin",
        seats: Sequence[str] = (PERSON,),
        ruleset: str | Ruleset = "voll-verplant",
        seed: int = 0,
    ):
        self.setup(city, seats, ruleset, seed)

    # -- set-up -------------------------------------------------------------------------
    def setup(
        self,
        city: Any = "berlin",
        seats: Sequence[str] = (PERSON,),
        ruleset: str | Ruleset = "voll-verplant",
        seed: int = 0,
    ) -> None:
        """Start a new game; ``PlayError`` (and nothing changes) on a bad set-up."""
        city_map = _load_city(city)
        seats, bots = _check_seats(seats)
        try:
            rules = get_ruleset(ruleset)
        except (KeyError, OSError, ValueError) as err:
            raise PlayError(f"unknown ruleset {ruleset!r}: {err}") from None
        self.config = Setup(city_map, seats, rules, _check_seed(seed))
        self._bots = bots
        self._start()

    def _start(self) -> None:
        cfg = self.config
        self.game = Game(cfg.city, len(cfg.seats), cfg.ruleset, seed=cfg.seed)
        ss = np.random.SeedSequence(cfg.seed)
        self._rngs = [np.random.default_rng(s) for s in ss.spawn(len(cfg.seats))]
        self._rng_states: list[list[dict[str, Any]]] = []
        self._picked: dict[int, Move] = {}
        self.choice: Move | None = None
        self.log: list[str] = []

    def play_again(self, seed: int | None = None) -> None:
        """A new game with the same city, seats and ruleset; the same seed unless
        ``seed`` is given."""
        cfg = self.config
        self.config = Setup(
            cfg.city, cfg.seats, cfg.ruleset, _check_seed(cfg.seed if seed is None else seed)
        )
        self._start()

    # -- what the screen shows ----------------------------------------------------------
    @property
    def city(self) -> CityMap:
        """The city played."""
        return self.config.city

    @property
    def seats(self) -> tuple[str, ...]:
        """``"person"`` or the bot spec of each seat."""
        return self.config.seats

    @property
    def persons(self) -> list[int]:
        """The seats of people at the screen."""
        return [p for p, s in enumerate(self.seats) if s == PERSON]

    def label(self, player: int) -> str:
        """``"P1"`` for a lone person, ``"P2 (greedy)"`` for a bot, ``"P1 (person)"``
        when several seats are played."""
        if len(self.seats) == 1:
            return "P1"
        return f"P{player + 1} ({self.seats[player]})"

    @property
    def card(self) -> Card | None:
        """The revealed card (``None`` once the game is over)."""
        return self.game.card

    @property
    def seen_cards(self) -> tuple[Card, ...]:
        """Cards revealed since the last shuffle, the current card included."""
        return self.game.seen_since_shuffle

    @property
    def is_over(self) -> bool:
        """True once the game has ended."""
        return self.game.is_over

    @property
    def current_player(self) -> int | None:
        """The seat of the person choosing now (``None`` when over or no person plays)."""
        if self.is_over:
            return None
        return next((p for p in self.persons if p not in self._picked), None)

    @property
    def waiting(self) -> list[int]:
        """Persons who have confirmed their move for this card (not yet played)."""
        return sorted(self._picked)

    def legal_lines(self, player: int | None = None) -> list[str]:
        """Lines the player (default: the current person) may pick for this card."""
        player = self.current_player if player is None else player
        if player is None or self.card is None or self.card.kind == "free":
            return []
        return [m.line for m in self.game.legal_moves(player) if m.line is not None]

    @property
    def may_pass(self) -> bool:
        """True when the current person may pass (a free card and no empty station)."""
        p = self.current_player
        return p is not None and self.game.legal_moves(p) == [Move()]

    def status(self) -> str:
        """One line for the player: whose turn and what to do, or the result."""
        if self.is_over:
            best = max(self.game.score(p).total for p in range(self.game.players))
            turns = f"Game over after {self.game.turn} turns"
            if self.game.players == 1:
                return f"{turns}: final score {best} points."
            won = ", ".join(self.label(p) for p in self.game.winners())
            return f"{turns}: {won} won with {best} points."
        p = self.current_player
        if p is None:
            return f"Turn {self.game.turn + 1}, card {card_text(self.card)}: the bots play."
        what = "click an empty station" if self.card.kind == "free" else "pick a line"
        return f"Turn {self.game.turn + 1}, card {card_text(self.card)}: {self.label(p)}, {what}."

    # -- choosing -----------------------------------------------------------------------
    def _chooser(self) -> int:
        if self.is_over:
            raise PlayError("the game is over: press Play again for a new game")
        p = self.current_player
        if p is None:
            raise PlayError("no person is choosing now")
        return p

    def choose(self, line: str | None = None, station: str | None = None) -> Preview:
        """Pick the current person's move (a line, or a station for a free card); it
        stays pending until :meth:`confirm`. Returns its :class:`Preview`."""
        p = self._chooser()
        if line is not None and station is not None:
            raise PlayError("pick a line or a station, not both")
        move = Move(line=line, station=station)
        reason = self.game.why_illegal(p, move)
        if reason:
            reason = with_station_names(self.city, reason)
            raise PlayError(
                f"{self.label(p)} cannot play that: {reason} (card {card_text(self.card)})"
            )
        self.choice = move
        return self.preview()  # type: ignore[return-value]

    def pick_on_map(self, station: str) -> Preview:
        """A click on a station: for a free card that station, otherwise the one line
        through it that may still be picked."""
        p = self._chooser()
        if self.card.kind == "free":
            return self.choose(station=station)
        if station not in self.city.stations:
            raise PlayError(f"no station {station!r} on this map")
        lines = [ln for ln in self.city.lines_through(station) if ln in self.legal_lines(p)]
        name = self.city.stations[station].name
        if not lines:
            raise PlayError(f"no line through {name} has a free indicator box")
        if len(lines) > 1:
            raise PlayError(
                f"lines {', '.join(lines)} pass {name}: pick one with its button or its wagon"
            )
        return self.choose(line=lines[0])

    def preview(self) -> Preview | None:
        """The pending choice: stations it fills, lines it completes, the score change
        (``None`` without a pending choice)."""
        p = self.current_player
        if p is None or self.choice is None:
            return None
        return preview_move(self.game, p, self.choice)

    # -- undo, confirm ------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """True when :meth:`undo` has something to take back."""
        if self.choice is not None or self._picked:
            return True
        return len(self.persons) == 1 and bool(self.game.history)

    def undo(self) -> str:
        """Take back, in this order: the pending choice; the last confirmed move of
        this card (several persons); with one person, the whole last turn. Returns what
        was undone; ``PlayError`` when there is nothing to undo."""
        if self.choice is not None:
            move, self.choice = self.choice, None
            what = f"line {move.line}" if move.line else f"station {move.station or '(pass)'}"
            return f"your choice of {what}"
        if self._picked:
            p = max(self._picked)
            self.choice = self._picked.pop(p)
            return f"the move confirmed by {self.label(p)}"
        if len(self.persons) != 1:
            raise PlayError("nothing to undo: a played turn is undone only with one person")
        if not self.game.history:
            raise PlayError("nothing to undo yet")
        return self._undo_turn()

    def _undo_turn(self) -> str:
        record = self.game.to_record()
        turn = len(record["moves"])
        record["cards"], record["moves"] = record["cards"][:-1], record["moves"][:-1]
        self.game = Game.from_record(record, city=self.city)
        for rng, state in zip(self._rngs, self._rng_states.pop(), strict=True):
            rng.bit_generator.state = state
        self.log.pop()
        return f"turn {turn}"

    def confirm(self) -> TurnRecord | None:
        """Confirm the current person's choice. When every person has chosen, the bots
        choose and the turn is played: returns its record (``None`` while other persons
        still have to choose)."""
        if self.is_over:
            raise PlayError("the game is over: press Play again for a new game")
        p = self.current_player
        if p is not None:
            if self.choice is None:
                raise PlayError(f"{self.label(p)}: pick a move first")
            self._picked[p], self.choice = self.choice, None
            if self.current_player is not None:
                return None
        return self._play_turn()

    def _play_turn(self) -> TurnRecord:
        states = [r.bit_generator.state for r in self._rngs]
        try:
            moves = [
                self._picked[p] if p in self._picked else self._bot_move(p)
                for p in range(self.game.players)
            ]
        except PlayError:
            for rng, state in zip(self._rngs, states, strict=True):
                rng.bit_generator.state = state
            raise
        self._rng_states.append(states)
        record = self.game.play(moves)
        self._picked = {}
        self.log.append("\n".join(turn_text(self.game, record, for_people=True)))
        return record

    def _bot_move(self, p: int) -> Move:
        move = self._bots[p].choose(self.game.view(p), self._rngs[p])
        reason = self.game.why_illegal(p, move)
        if reason:
            raise PlayError(f"bot {self.label(p)} chose {move!r}: {reason}")
        return move

    # -- scores -------------------------------------------------------------------------
    def scoreboard(self) -> list[dict[str, Any]]:
        """One row per seat: live score with its breakdown and the completed lines."""
        return scoreboard_rows(self.game, [self.label(p) for p in range(self.game.players)])

    def final_scores(self) -> list[dict[str, Any]]:
        """The scoreboard ranked, best first, with ``rank`` and ``winner``."""
        return ranked(self.scoreboard())

    def transcript(self, for_people: bool = False) -> str:
        """The game so far as text, turn by turn, with the scores; ``for_people`` writes
        the cards in words (``express 3``) rather than the compact transcript form."""
        return game_transcript(self.game, for_people)

    def __repr__(self) -> str:
        return f"<PlayController {self.game!r}, seats {list(self.seats)}>"
