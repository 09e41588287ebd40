"""The record of a game: one entry per turn, enough to replay it exactly."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from vvlab.engine.cards import Card, Move


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
    """Inverse of :func:`move_to_data`."""
    return Move(line=data.get("line"), station=data.get("station"))
