"""Cards and moves.

A number or express card's value is a whole number from 1 to :data:`MAX_CARD_VALUE`
(99); star and free cards have none. Bad arguments are a ``TypeError`` (wrong type) or
a ``ValueError`` (out of range) that says what is expected (see
:mod:`vvlab.engine.checks`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

from vvlab.engine.checks import flag, is_whole, show, whole_number
from vvlab.model.errors import Problem
from vvlab.model.validate_json import describe, duplicate_key_problems, key_path, quote

CardKind = Literal["number", "express", "star", "free"]
KINDS: tuple[str, ...] = ("number", "express", "star", "free")
MAX_CARD_VALUE = 99
"""The highest value of a number or express card (the lowest is 1)."""
_TOKEN = re.compile(
    r"^(?:(?P<num>[0-9]+)|\((?P<exp>[0-9]+)\)|x(?P<x>[0-9]+)|(?P<word>star|free|★|○))(?P<sh>[!↻])?$"
)
_COUNTED = ("number", "express")


@dataclass(frozen=True, order=True)
class Card:
    """A card of the deck.

    ``kind`` is ``"number"`` (cross up to ``value`` stations, stop at a filled one),
    ``"express"`` (a circled number: cross up to ``value`` empty stations, skipping
    filled ones), ``"star"`` (write the star value in the first empty station) or
    ``"free"`` (a circle: cross any one empty station). ``shuffle`` marks the shuffle
    icon: after the turn all cards are shuffled together.

    Text form (``str(card)``, :meth:`Card.parse`): ``3``, ``(2)`` express, ``★`` star,
    ``○`` free, ``!`` or ``↻`` after the card for the shuffle icon.

    Examples
    --------
    >>> Card.number(4)
    Card.number(4)
    >>> str(Card.number(6, shuffle=True)), str(Card.express(2)), str(Card.star())
    ('6↻', '(2)', '★')
    >>> Card.parse("6!") == Card.number(6, shuffle=True)
    True
    >>> [str(Card.parse(t)) for t in ["(3)", "x2", "star", "free"]]
    ['(3)', '(2)', '★', '○']
    """

    kind: str
    value: int = 0
    shuffle: bool = False

    def __post_init__(self) -> None:
        kind, value = self.kind, self.value
        if not isinstance(kind, str) or kind not in KINDS:
            raise ValueError(f"unknown card kind {show(kind)}; kinds are {', '.join(KINDS)}")
        if kind in _COUNTED:
            if type(value) is not int or not 1 <= value <= MAX_CARD_VALUE:  # the common case
                value = whole_number(
                    value, 1, MAX_CARD_VALUE, f"{_a(kind)} card's value is {_VALUES}"
                )
                object.__setattr__(self, "value", value)
        elif not (is_whole(value) and value == 0):
            raise ValueError(f"a {kind} card has no value, got {show(value)}")
        elif type(value) is not int:
            object.__setattr__(self, "value", 0)
        if type(self.shuffle) is not bool:
            object.__setattr__(self, "shuffle", flag(self.shuffle, "shuffle is True or False"))

    @classmethod
    def number(cls, n: int, shuffle: bool = False) -> Card:
        """A number card: cross ``n`` stations in a row, stopping at a filled one."""
        return cls("number", n, shuffle)

    @classmethod
    def express(cls, n: int, shuffle: bool = False) -> Card:
        """An express card (circled number): cross ``n`` empty stations, skipping filled."""
        return cls("express", n, shuffle)

    @classmethod
    def star(cls, shuffle: bool = False) -> Card:
        """A star card (Umsteigen): write the star value in the first empty station."""
        return cls("star", 0, shuffle)

    @classmethod
    def free(cls, shuffle: bool = False) -> Card:
        """A free card (Freifahrt, a circle): cross any one empty station."""
        return cls("free", 0, shuffle)

    @classmethod
    def parse(cls, token: str) -> Card:
        """Read a card from its text form (see the class docstring).

        >>> Card.parse("(100)")
        Traceback (most recent call last):
        ...
        ValueError: an express card's value is a whole number from 1 to 99, got 100
        """
        if not isinstance(token, str):
            raise TypeError(f"a card's text form is a string like '3', '(2)' or 'star!', "
                            f"got {show(token)}")  # fmt: skip
        m = _TOKEN.match(token.strip().lower())
        if not m:
            raise ValueError(
                f"not a card: {show(token)} (write 3, (2) or x2 for express, star, free; "
                "add ! for the shuffle icon)"
            )
        sh = m["sh"] is not None
        if m["num"]:
            return cls.number(_digits("number", m["num"]), sh)
        if m["exp"] or m["x"]:
            return cls.express(_digits("express", m["exp"] or m["x"]), sh)
        return cls.star(sh) if m["word"] in ("star", "★") else cls.free(sh)

    @property
    def uses_indicator(self) -> bool:
        """True for cards that fill an indicator box (all but ``free``)."""
        return self.kind != "free"

    @property
    def face(self) -> str:
        """What is printed on the card, without the shuffle icon: ``3``, ``(2)``, ``★``
        or ``○`` (what a line's indicator box gets)."""
        if self.kind == "number":
            return str(self.value)
        return {"express": f"({self.value})", "star": "★", "free": "○"}[self.kind]

    def __str__(self) -> str:
        return self.face + ("↻" if self.shuffle else "")

    def __repr__(self) -> str:
        args = str(self.value) if self.kind in ("number", "express") else ""
        if self.shuffle:
            args += ", shuffle=True" if args else "shuffle=True"
        return f"Card.{self.kind}({args})"

    def to_dict(self) -> dict[str, Any]:
        """Plain data: ``{"kind": ..., "value": ..., "shuffle": ...}``."""
        return {"kind": self.kind, "value": self.value, "shuffle": self.shuffle}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Card:
        """Inverse of :meth:`to_dict`; ``value`` and ``shuffle`` may be left out where
        they are 0 and false. ``ValueError`` naming every problem if ``data`` is not a
        card (see :func:`card_data_problems`).

        >>> Card.from_dict({"kind": "number", "value": 2.5, "shuffle": "yes"})
        Traceback (most recent call last):
        ...
        ValueError: not a card: value: must be a whole number from 1 to 99, got 2.5; \
shuffle: must be true or false, got string "yes"
        """
        problems = card_data_problems(data, "")
        if problems:
            raise ValueError("not a card: " + "; ".join(_text(p) for p in problems))
        return cls(data["kind"], data.get("value", 0), data.get("shuffle", False))


_VALUES = f"a whole number from 1 to {MAX_CARD_VALUE}"


def _a(kind: str) -> str:
    return f"an {kind}" if kind[0] in "aeiou" else f"a {kind}"


def _digits(kind: str, digits: str) -> int:
    """The value written as ``digits``; ``ValueError`` if far too many for a card."""
    digits = digits.lstrip("0") or "0"
    if len(digits) > 4:  # refused by Card in any case; spare int() a huge string
        shown = digits if len(digits) <= 12 else digits[:12] + "…"
        raise ValueError(f"{_a(kind)} card's value is {_VALUES}, got {shown}")
    return int(digits)


def _text(problem: Problem) -> str:
    return f"{problem.path}: {problem.message}" if problem.path else problem.message


def card_data_problems(data: object, path: str) -> list[Problem]:
    """Every problem of a card written as JSON data (``Card.to_dict``) at ``path``.

    ``kind`` is required; ``value`` is required for number and express cards (a
    whole number from 1 to :data:`MAX_CARD_VALUE`) and 0 or left out for the others;
    ``shuffle`` is true or false (false when left out). Never raises.

    >>> card_data_problems({"kind": "express", "shuffle": 1}, "deck[2]")
    [Problem(path='deck[2].shuffle', message='must be true or false, got number 1'), \
Problem(path='deck[2]', message='missing key "value": an express card has a value from 1 to 99')]
    """
    if not isinstance(data, dict):
        return [Problem(path, f"must be an object, got {describe(data)}")]
    kind = data.get("kind")
    kind = kind if isinstance(kind, str) and kind in KINDS else None
    problems: list[Problem] = []
    for key, value in data.items():
        here = key_path(path, key)
        problems += duplicate_key_problems(data, key, here)
        if key == "kind" and kind is None:
            kinds = ", ".join(quote(k) for k in KINDS[:-1]) + f" or {quote(KINDS[-1])}"
            problems.append(Problem(here, f"must be {kinds}, got {quote(value)}"))
        elif key == "value" and kind in _COUNTED:
            if not (is_whole(value) and 1 <= value <= MAX_CARD_VALUE):
                problems.append(Problem(here, f"must be {_VALUES}, got {quote(value)}"))
        elif key == "value" and kind is not None:
            if not (is_whole(value) and value == 0):
                message = f"{_a(kind)} card has no value (0 or left out), got {quote(value)}"
                problems.append(Problem(here, message))
        elif key == "shuffle" and not isinstance(value, bool):
            problems.append(Problem(here, f"must be true or false, got {describe(value)}"))
        elif key not in ("kind", "value", "shuffle"):
            problems.append(Problem(here, f"unknown key {quote(key)}"))
    if "kind" not in data:
        problems.append(Problem(path, 'missing key "kind"'))
    elif kind in _COUNTED and "value" not in data:
        message = f'missing key "value": {_a(kind)} card has a value from 1 to {MAX_CARD_VALUE}'
        problems.append(Problem(path, message))
    return problems


@dataclass(frozen=True)
class Move:
    """One player's move for the revealed card.

    ``Move(line="U2")`` for a number, express or star card; ``Move(station="alex")``
    for a free card; ``Move()`` passes a free card when no station is empty.

    Examples
    --------
    >>> Move(line="A")
    Move(line='A')
    >>> Move(line="A", station="zoo")
    Traceback (most recent call last):
    ...
    ValueError: a move names a line or a station, not both
    """

    line: str | None = None
    station: str | None = None

    def __post_init__(self) -> None:
        line, station = self.line, self.station
        if line is not None:
            if station is not None:
                raise ValueError("a move names a line or a station, not both")
            if not isinstance(line, str):
                raise TypeError(f"Move(line=...) takes a line id (a string), got {show(line)}")
        elif station is not None and not isinstance(station, str):
            raise TypeError(f"Move(station=...) takes a station id (a string), got {show(station)}")

    @property
    def is_pass(self) -> bool:
        """True for the pass move (a free card with no empty station)."""
        return self.line is None and self.station is None

    def __repr__(self) -> str:
        if self.line is not None:
            return f"Move(line={self.line!r})"
        if self.station is not None:
            return f"Move(station={self.station!r})"
        return "Move()"
