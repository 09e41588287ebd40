"""Errors raised by the rules engine."""

from __future__ import annotations

from typing import Any


class GameError(RuntimeError):
    """The game cannot do what was asked (it is over, or the scripted cards ran out)."""


class IllegalMove(ValueError):
    """A move breaks the rules; the game is left exactly as it was, for every player.

    ``player`` is the 0-based seat (``None`` when the list of moves as a whole is
    wrong), ``move`` the offending move and ``reason`` why it is illegal.
    """

    def __init__(self, player: int | None, move: Any, reason: str):
        self.player = player
        self.move = move
        self.reason = reason
        who = "moves" if player is None else f"player {player}: {move!r}"
        super().__init__(f"{who}: {reason}")
