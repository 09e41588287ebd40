"""Rulesets as data: the deck and the penalty for empty stations."""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from vvlab.engine.cards import Card


@dataclass(frozen=True)
class Penalty:
    """Points lost for empty stations at the end of the game.

    Either ``divisor`` (empty stations divided by it, rounded ``"down"`` or ``"up"``)
    or ``steps``: pairs ``(at_least_empty, points)``; the last step whose threshold is
    reached applies (0 below the first).

    Examples
    --------
    >>> Penalty(divisor=2)(7)
    3
    >>> table = Penalty(steps=((5, 1), (6, 2), (7, 3), (8, 4), (10, 5)))
    >>> [table(n) for n in (4, 5, 9, 10, 99)]
    [0, 1, 4, 5, 5]
    """

    divisor: int | None = None
    rounding: str = "down"
    steps: tuple[tuple[int, int], ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "steps", tuple((int(a), int(p)) for a, p in self.steps))
        if (self.divisor is None) == (not self.steps):
            raise ValueError("a penalty has either a divisor or a table of steps")
        if self.divisor is not None and self.divisor < 1:
            raise ValueError(f"penalty divisor must be >= 1, got {self.divisor}")
        if self.rounding not in ("down", "up"):
            raise ValueError(f"rounding is 'down' or 'up', got {self.rounding!r}")
        thresholds = [a for a, _ in self.steps]
        if thresholds != sorted(set(thresholds)) or any(p < 0 for _, p in self.steps):
            raise ValueError("penalty steps need increasing thresholds and points >= 0")

    def __call__(self, empty: int) -> int:
        """The (positive) points lost for ``empty`` empty stations."""
        if self.divisor is not None:
            q, r = divmod(empty, self.divisor)
            return q + (1 if r and self.rounding == "up" else 0)
        points = 0
        for at_least, p in self.steps:
            if empty >= at_least:
                points = p
        return points

    def to_dict(self) -> dict[str, Any]:
        """Plain data for files and result metadata."""
        if self.divisor is not None:
            return {"divisor": self.divisor, "rounding": self.rounding}
        return {"steps": [list(s) for s in self.steps]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Penalty:
        """Inverse of :meth:`to_dict`."""
        return cls(
            data.get("divisor"),
            data.get("rounding", "down"),
            tuple(tuple(s) for s in data.get("steps", ())),
        )


@dataclass(frozen=True)
class Ruleset:
    """A named deck and penalty rule.

    Build your own with any deck that has at least one shuffle card (so the deck never
    runs out) and one card that uses an indicator box (so the game ends).

    Examples
    --------
    >>> house = Ruleset("house", deck=[Card.number(2)] * 4 + [Card.star(shuffle=True)],
    ...                 penalty=Penalty(divisor=3))
    >>> house.deck_summary()
    '4×2, 1×★↻'
    """

    name: str
    deck: tuple[Card, ...]
    penalty: Penalty
    description: str = ""
    provenance: str = ""
    assumptions: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        object.__setattr__(self, "deck", tuple(self.deck))
        object.__setattr__(self, "assumptions", tuple(self.assumptions))
        if not all(isinstance(c, Card) for c in self.deck):
            raise TypeError("a deck is a sequence of Card objects")
        if not any(c.shuffle for c in self.deck):
            raise ValueError(f"ruleset {self.name!r}: the deck needs a card with the shuffle icon")
        if not any(c.uses_indicator for c in self.deck):
            raise ValueError(f"ruleset {self.name!r}: a deck of only free cards never ends")

    def deck_summary(self) -> str:
        """The deck as counts, e.g. ``3×3, 3×4, 2×5, 1×6↻, 2×★, 1×(2), 1×(3), 1×○``."""
        counts = Counter(self.deck)
        return ", ".join(f"{n}×{card}" for card, n in counts.items())

    def to_dict(self) -> dict[str, Any]:
        """Plain data: name, description, provenance, deck, penalty."""
        return {
            "name": self.name,
            "description": self.description,
            "provenance": self.provenance,
            "assumptions": list(self.assumptions),
            "deck": [c.to_dict() for c in self.deck],
            "penalty": self.penalty.to_dict(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Ruleset:
        """Inverse of :meth:`to_dict`."""
        return cls(
            name=data["name"],
            deck=tuple(Card.from_dict(c) for c in data["deck"]),
            penalty=Penalty.from_dict(data["penalty"]),
            description=data.get("description", ""),
            provenance=data.get("provenance", ""),
            assumptions=tuple(data.get("assumptions", ())),
        )


def _deck(*groups: tuple[int, Card]) -> tuple[Card, ...]:
    return tuple(card for n, card in groups for _ in range(n))


_N, _X = Card.number, Card.express

VOLL_VERPLANT = Ruleset(
    name="voll-verplant",
    description="Voll verplant (Schmidt Spiele): 14 cards, empty stations cost half a point.",
    provenance="Published: 14 cards with values 2-6, express 2 and 3, star (Umsteigen) "
    "and free (Freifahrt) cards; the penalty legend reads ':2'.",
    assumptions=(
        "deck counts: the Gamewright 15-card deck less one express-2",
        "penalty: empty stations halved, rounded down",
    ),
    deck=_deck(
        (3, _N(3)),
        (3, _N(4)),
        (2, _N(5)),
        (1, _N(6, shuffle=True)),
        (2, Card.star()),
        (1, _X(2)),
        (1, _X(3)),
        (1, Card.free()),
    ),
    penalty=Penalty(divisor=2, rounding="down"),
)

METRO_X = Ruleset(
    name="metro-x",
    description="Metro X (Gamewright edition): 15 cards and a step table for empty stations.",
    provenance="Gamewright edition of Metro X.",
    deck=_deck(
        (3, _N(3)),
        (3, _N(4)),
        (2, _N(5)),
        (1, _N(6, shuffle=True)),
        (2, Card.star()),
        (2, _X(2)),
        (1, _X(3)),
        (1, Card.free()),
    ),
    penalty=Penalty(
        steps=(
            (5, 1),
            (6, 2),
            (7, 3),
            (8, 4),
            (10, 5),
            (12, 6),
            (14, 7),
            (16, 8),
            (18, 9),
            (20, 10),
        )
    ),
)

RULESETS: dict[str, Ruleset] = {r.name: r for r in (VOLL_VERPLANT, METRO_X)}
"""The built-in rulesets by name; ``"voll-verplant"`` is the default."""

DEFAULT_RULESET = "voll-verplant"


def get_ruleset(ruleset: str | os.PathLike[str] | Ruleset | None = None) -> Ruleset:
    """A ruleset by name, from a ``.json`` file (``Ruleset.to_dict`` format), or the
    object itself; ``None`` gives the default.

    Examples
    --------
    >>> get_ruleset().name, len(get_ruleset("metro-x").deck)
    ('voll-verplant', 15)
    >>> get_ruleset("metrox")
    Traceback (most recent call last):
    ...
    ValueError: unknown ruleset 'metrox'; built-in rulesets: voll-verplant, metro-x
    """
    if ruleset is None:
        return RULESETS[DEFAULT_RULESET]
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, os.PathLike) or str(ruleset).endswith(".json"):
        return load_ruleset(ruleset)
    try:
        return RULESETS[ruleset]
    except (KeyError, TypeError):
        raise ValueError(
            f"unknown ruleset {ruleset!r}; built-in rulesets: {', '.join(RULESETS)}"
        ) from None


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """Read a user-defined ruleset from a JSON file written with ``Ruleset.to_dict``."""
    try:
        with open(path, encoding="utf-8") as fh:
            return Ruleset.from_dict(json.load(fh))
    except (OSError, json.JSONDecodeError, KeyError, TypeError, ValueError) as err:
        what = f"missing key {err}" if isinstance(err, KeyError) else str(err)
        raise ValueError(f"ruleset file {os.fspath(path)}: {what}") from err


def save_ruleset(ruleset: Ruleset, path: str | os.PathLike[str]) -> None:
    """Write a ruleset as JSON (readable by :func:`load_ruleset` and ``--ruleset FILE``)."""
    with open(path, "w", encoding="utf-8") as fh:
        json.dump(ruleset.to_dict(), fh, indent=2, ensure_ascii=False)
        fh.write("\n")
