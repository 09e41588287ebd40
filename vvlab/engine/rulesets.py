"""Rulesets as data: the deck and the penalty for empty stations.

A ruleset is built in Python (``Ruleset(...)``, ``Penalty(...)``, ``Card(...)``: a bad
argument is a ``TypeError`` or ``ValueError`` at once) or loaded from data
(:meth:`Ruleset.from_dict`, :func:`load_ruleset`, :func:`get_ruleset`): then every
problem is reported with its JSON path in one
:class:`~vvlab.engine.errors.RulesetError` (a ``ValueError``). The file format and its
limits are described in :mod:`vvlab.engine.ruleset_format`: card values 1 to 99, 1 to
99 cards, penalty divisors 1 to 99, step thresholds 0 to 9999 and points 0 to 999.

Examples
--------
>>> Ruleset.from_dict({"name": "house", "deck": [{"kind": "number", "value": 100}],
...                    "penalty": {"divisor": 2.5}})
Traceback (most recent call last):
...
vvlab.engine.errors.RulesetError: ruleset: 2 problems
  deck[0].value: must be a whole number from 1 to 99, got 100
  penalty.divisor: must be a whole number from 1 to 99, got 2.5
"""

from __future__ import annotations

import json
import os
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from vvlab.engine.cards import Card
from vvlab.engine.checks import show, whole_number
from vvlab.engine.errors import RulesetError
from vvlab.engine.ruleset_format import (
    MAX_DECK_CARDS,
    MAX_PENALTY_DIVISOR,
    MAX_PENALTY_POINTS,
    MAX_PENALTY_THRESHOLD,
    check_penalty_data,
    check_ruleset_data,
    read_ruleset_file,
)
from vvlab.model.errors import Problem
from vvlab.model.files import atomic_write


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
        if self.divisor is not None:
            expected = f"a penalty divisor is a whole number from 1 to {MAX_PENALTY_DIVISOR}"
            divisor = whole_number(self.divisor, 1, MAX_PENALTY_DIVISOR, expected)
            object.__setattr__(self, "divisor", divisor)
        if not isinstance(self.rounding, str) or self.rounding not in ("down", "up"):
            raise ValueError(f"rounding is 'down' or 'up', got {show(self.rounding)}")
        object.__setattr__(self, "steps", _steps(self.steps))
        if (self.divisor is None) == (not self.steps):
            raise ValueError("a penalty has either a divisor or a table of steps")
        thresholds = [a for a, _ in self.steps]
        if thresholds != sorted(set(thresholds)):
            raise ValueError(f"penalty steps need increasing thresholds, got {thresholds}")

    def __call__(self, empty: int) -> int:
        """The (positive) points lost for ``empty`` empty stations."""
        if type(empty) is not int or empty < 0:  # the engine's own calls skip the check
            empty = whole_number(empty, 0, None, "empty stations are a whole number >= 0")
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
        """Inverse of :meth:`to_dict`; ``RulesetError`` listing every problem of
        ``data`` (paths start with ``penalty``)."""
        problems = check_penalty_data(data, "penalty")
        if problems:
            raise RulesetError(problems)
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
        if not isinstance(self.name, str) or not self.name.strip():
            raise (ValueError if isinstance(self.name, str) else TypeError)(
                f"a ruleset's name is a string that is not blank, got {show(self.name)}"
            )
        for text in ("description", "provenance"):
            if not isinstance(getattr(self, text), str):
                raise TypeError(f"a ruleset's {text} is a string, got {show(getattr(self, text))}")
        object.__setattr__(
            self, "deck", _sequence(self.deck, Card, "a deck is a sequence of Card objects")
        )
        assumptions = _sequence(self.assumptions, str, "assumptions are a sequence of strings")
        object.__setattr__(self, "assumptions", assumptions)
        if not isinstance(self.penalty, Penalty):
            raise TypeError(f"a ruleset's penalty is a Penalty, got {show(self.penalty)}")
        if not 1 <= len(self.deck) <= MAX_DECK_CARDS:
            message = f"a deck has 1 to {MAX_DECK_CARDS} cards, got {len(self.deck)}"
            raise ValueError(f"ruleset {self.name!r}: {message}")
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
        """Inverse of :meth:`to_dict`: a ruleset from plain data (the format of
        :mod:`vvlab.engine.ruleset_format`).

        Raises
        ------
        RulesetError
            Listing every problem of ``data``, each with its JSON path.
        """
        check_ruleset_data(data)
        return cls(
            name=data["name"],
            deck=tuple(Card.from_dict(c) for c in data["deck"]),
            penalty=Penalty.from_dict(data["penalty"]),
            description=data.get("description", ""),
            provenance=data.get("provenance", ""),
            assumptions=tuple(data.get("assumptions", ())),
        )


def _steps(steps: Any) -> tuple[tuple[int, int], ...]:
    """Penalty steps as pairs of ints, each checked (see :class:`Penalty`)."""
    pairs = _sequence(steps, (tuple, list), "penalty steps are pairs (at_least_empty, points)")
    out = []
    for pair in pairs:
        if len(pair) != 2:
            raise ValueError(f"a penalty step is a pair (at_least_empty, points), got {show(pair)}")
        at_least = whole_number(
            pair[0], 0, MAX_PENALTY_THRESHOLD,
            f"a penalty step's threshold is a whole number from 0 to {MAX_PENALTY_THRESHOLD}",
        )  # fmt: skip
        points = whole_number(
            pair[1], 0, MAX_PENALTY_POINTS,
            f"a penalty step's points are a whole number from 0 to {MAX_PENALTY_POINTS}",
        )  # fmt: skip
        out.append((at_least, points))
    return tuple(out)


def _sequence(items: Any, kind: type | tuple[type, ...], expected: str) -> tuple:
    """``items`` as a tuple if it is a list or tuple of ``kind``, else ``TypeError``."""
    if isinstance(items, (list, tuple)) and all(isinstance(i, kind) for i in items):
        return tuple(items)
    bad = (
        items
        if not isinstance(items, (list, tuple))
        else next(i for i in items if not isinstance(i, kind))
    )
    raise TypeError(f"{expected}, got {show(bad)}")


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


def get_ruleset(
    ruleset: str | os.PathLike[str] | Mapping[str, Any] | Ruleset | None = None,
) -> Ruleset:
    """A ruleset by name, from a ``.json`` file or a dict (the ``Ruleset.to_dict``
    format), or the object itself; ``None`` gives the default.

    Raises ``RulesetError`` (a ``ValueError``) for an unknown name or a ruleset file or
    dict with problems, and ``TypeError`` for anything else.

    Examples
    --------
    >>> get_ruleset().name, len(get_ruleset("metro-x").deck)
    ('voll-verplant', 15)
    >>> get_ruleset("metrox")
    Traceback (most recent call last):
    ...
    vvlab.engine.errors.RulesetError: unknown ruleset 'metrox'; built-in rulesets: ...
    """
    if ruleset is None:
        return RULESETS[DEFAULT_RULESET]
    if isinstance(ruleset, Ruleset):
        return ruleset
    if isinstance(ruleset, Mapping):
        return Ruleset.from_dict(ruleset)  # type: ignore[arg-type]
    if isinstance(ruleset, os.PathLike) or (isinstance(ruleset, str) and ruleset.endswith(".json")):
        return load_ruleset(ruleset)
    if not isinstance(ruleset, str):
        raise TypeError(
            f"a ruleset is a built-in name, a .json file, a dict or a Ruleset, got {show(ruleset)}"
        )
    if ruleset not in RULESETS:
        message = f"unknown ruleset {show(ruleset)}; built-in rulesets: {', '.join(RULESETS)}"
        raise RulesetError([Problem("", message)])
    return RULESETS[ruleset]


def load_ruleset(path: str | os.PathLike[str]) -> Ruleset:
    """Read a user-defined ruleset from a JSON file written with ``Ruleset.to_dict``.

    Raises ``RulesetError`` (``source`` the path) with every problem of the file.
    """
    data = read_ruleset_file(path)
    check_ruleset_data(data, source=str(path))
    return Ruleset.from_dict(data)  # type: ignore[arg-type]


def save_ruleset(ruleset: Ruleset, path: str | os.PathLike[str], overwrite: bool = False) -> None:
    """Write a ruleset as JSON (readable by :func:`load_ruleset` and ``--ruleset FILE``),
    atomically; an existing file is replaced only with ``overwrite=True``
    (:func:`vvlab.model.files.atomic_write`)."""
    text = json.dumps(ruleset.to_dict(), indent=2, ensure_ascii=False) + "\n"
    atomic_write(path, text, overwrite=overwrite)
