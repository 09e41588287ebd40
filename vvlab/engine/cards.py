"""Cards and moves."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Literal

CardKind = Literal["number", "express", "star", "free"]
KINDS: tuple[str, ...] = ("number", "express", "star", "free")
_TOKEN = re.compile(
    r"^(?:(?P<num>\d+)|\((?P<exp>\d+)\)|x(?P<x>\d+)|(?P<word>star|free|★|○))(?P<sh>[!↻])?$"
)


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
        if self.kind not in KINDS:
            raise ValueError(f"unknown card kind {self.kind!r}; kinds are {', '.join(KINDS)}")
        counted = self.kind in ("number", "express")
        if counted and (
            isinstance(self.value, bool) or not isinstance(self.value, int) or self.value < 1
        ):
            raise ValueError(f"a {self.kind} card needs a whole value >= 1, got {self.value!r}")
        if not counted and self.value != 0:
            raise ValueError(f"a {self.kind} card has no value, got {self.value!r}")

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
        """Read a card from its text form (see the class docstring)."""
        m = _TOKEN.match(token.strip().lower())
        if not m:
            raise ValueError(
                f"not a card: {token!r} (write 3, (2) or x2 for express, star, free; "
                "add ! for the shuffle icon)"
            )
        sh = m["sh"] is not None
        if m["num"]:
            return cls.number(int(m["num"]), sh)
        if m["exp"] or m["x"]:
            return cls.express(int(m["exp"] or m["x"]), sh)
        return cls.star(sh) if m["word"] in ("star", "★") else cls.free(sh)

    @property
    def uses_indicator(self) -> bool:
        """True for cards that fill an indicator box (all but ``free``)."""
        return self.kind != "free"

    def __str__(self) -> str:
        face = {"number": str(self.value), "express": f"({self.value})", "star": "★", "free": "○"}[
            self.kind
        ]
        return face + ("↻" if self.shuffle else "")

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
        """Inverse of :meth:`to_dict`."""
        return cls(data["kind"], data.get("value", 0), data.get("shuffle", False))


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
        if self.line is not None and self.station is not None:
            raise ValueError("a move names a line or a station, not both")

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
