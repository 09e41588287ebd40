"""The record of a game: one entry per turn, enough to replay it exactly."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from vvlab.engine.cards import Card, Move
from vvlab.engine.checks import show


@dataclass(frozen=True)
class BonusTaken:
    """A line bonus taken on a turn."""

    line: str
    kind: str  # "first" or "later"
    points: int


@dataclass(frozen=True)
class TurnRecord:
    """One turn: the card, every player's move, what each move filled, the bonuses.

    ``filled[p]`` lists the stations player ``p``'s move filled, in order;
    ``bonuses[p]`` the bonuses player ``p`` took at the end of the turn; ``shuffled``
    tells whether all cards were shuffled afterwards.
    """

    turn: int
    card: Card
    moves: tuple[Move, ...]
    filled: tuple[tuple[str, ...], ...]
    bonuses: tuple[tuple[BonusTaken, ...], ...]
    shuffled: bool


def move_to_data(move: Move) -> dict[str, str]:
    """A move as plain data (``{}`` for the pass)."""
    if move.line is not None:
        return {"line": move.line}
    if move.station is not None:
        return {"station": move.station}
    return {}


def move_from_data(data: dict[str, Any]) -> Move:
    """Inverse of :func:`move_to_data`.

    >>> move_from_data({"line": "A"}), move_from_data({})
    (Move(line='A'), Move())
    >>> move_from_data(["A"])
    Traceback (most recent call last):
    ...
    ValueError: a recorded move is {}, {"line": ID} or {"station": ID}, got ['A']
    """
    if not isinstance(data, Mapping) or len(data) > 1 or set(data) - {"line", "station"}:
        raise ValueError(
            f'a recorded move is {{}}, {{"line": ID}} or {{"station": ID}}, got {show(data)}'
        )
    return Move(line=data.get("line"), station=data.get("station"))


RECORD_KEYS = ("city", "ruleset", "players", "cards", "moves")
"""The keys of a game record (``Game.to_record``) besides ``seed``."""


def check_record(record: object, need_city: bool) -> None:
    """``TypeError`` or ``ValueError`` saying what is wrong with the shape of a game
    record (its cards, moves and ruleset are checked as they are read).

    >>> check_record({"ruleset": {}, "players": 1, "cards": [], "moves": [[]]}, False)
    Traceback (most recent call last):
    ...
    ValueError: a game record has one list of moves per card: 0 cards, 1 turns of moves
    """
    if not isinstance(record, Mapping):
        raise TypeError(f"a game record is a dict (see Game.to_record), got {show(record)}")
    missing = [k for k in RECORD_KEYS if k not in record and (need_city or k != "city")]
    if missing:
        raise ValueError(f"a game record needs the keys {', '.join(missing)} (see Game.to_record)")
    cards, moves = record["cards"], record["moves"]
    lists = isinstance(cards, list) and isinstance(moves, list)
    if not lists or not all(isinstance(m, list) for m in moves):
        raise ValueError("a game record's cards are a list, its moves a list of lists")
    if len(cards) != len(moves):
        raise ValueError(
            f"a game record has one list of moves per card: {len(cards)} cards, "
            f"{len(moves)} turns of moves"
        )
