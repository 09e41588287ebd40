"""Errors raised by the rules engine."""

from __future__ import annotations

from typing import Any

from vvlab.model.errors import ProblemsError


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


class RulesetError(ProblemsError):
    """A ruleset could not be loaded (``Ruleset.from_dict``, a ruleset file,
    ``get_ruleset``): ``problems`` lists every problem found, each with its JSON path
    (:class:`~vvlab.model.errors.Problem`); ``source`` is the file, or ``None``.

    A ``ValueError``. One problem is one line; several are listed below a head line.

    Examples
    --------
    >>> from vvlab.model.errors import Problem
    >>> print(RulesetError([Problem("deck[3].value", "must be a whole number from 1 "
    ...                             "to 99, got 1099511627776")]))
    ruleset: deck[3].value: must be a whole number from 1 to 99, got 1099511627776
    >>> print(RulesetError([Problem("", "no such file")], source="house.json"))
    ruleset file house.json: no such file
    >>> print(RulesetError([Problem("name", "must be a string, got number 3"),
    ...                     Problem("", 'missing key "deck"')], source="house.json"))
    ruleset file house.json: 2 problems
      name: must be a string, got number 3
      (ruleset): missing key "deck"
    """

    def _text(self) -> str:
        head = f"ruleset file {self.source}" if self.source else "ruleset"
        if len(self.problems) == 1:
            [problem] = self.problems
            if not problem.path:
                return f"{head}: {problem.message}" if self.source else problem.message
            return f"{head}: {problem.path}: {problem.message}"
        lines = [f"{p.path or '(ruleset)'}: {p.message}" for p in self.problems]
        return "\n  ".join([f"{head}: {len(self.problems)} problems", *lines])
