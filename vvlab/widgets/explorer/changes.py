"""What-if changes of the explorer, from the user's inputs: one line's indicator boxes
and bonus pair, or a new deck (:func:`what_if_change`), and a change in words."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from vvlab.engine import Card
from vvlab.model import CityMap
from vvlab.widgets.explorer.batch import ExplorerError


def what_if_change(
    city: CityMap,
    line: str | None = None,
    indicators: int | None = None,
    bonus: Sequence[int] | None = None,
    deck: str | Sequence[Any] | None = None,
) -> dict[str, Any]:
    """The change of :func:`vvlab.analysis.what_if`: the line ``line`` of ``city`` with
    new ``indicators`` and ``bonus`` (``None`` keeps either), and a new ``deck``
    (:func:`parse_deck`; ``None`` or blank keeps it). ``ExplorerError`` when nothing
    changes or the line is not on the map.

    Examples
    --------
    >>> import vvlab
    >>> what_if_change(vvlab.load_map("tutorial"), "A", indicators=3, bonus=(6, 2))
    {'lines': {'A': {'indicators': 3, 'bonus': [6, 2]}}}
    >>> what_if_change(vvlab.load_map("tutorial"), "Z", indicators=3)
    Traceback (most recent call last):
    ...
    vvlab.widgets.explorer.batch.ExplorerError: pick a line to change (one of A, B, C, D)
    """
    change: dict[str, Any] = {}
    edits: dict[str, Any] = {}
    if indicators is not None:
        edits["indicators"] = indicators
    if bonus is not None:
        edits["bonus"] = [int(b) for b in bonus]
    if edits:
        ids = [ln.id for ln in city.lines]
        if line not in ids:
            raise ExplorerError(f"pick a line to change (one of {', '.join(ids)})")
        change["lines"] = {line: edits}
    if deck is not None and (not isinstance(deck, str) or deck.strip()):
        change["deck"] = parse_deck(deck)
    if not change:
        raise ExplorerError("nothing to change: set indicator boxes, bonus or a deck")
    return change


def parse_deck(deck: str | Sequence[Any]) -> list[Card]:
    """Cards from text (comma or space separated) or a list of cards or texts.

    >>> parse_deck("3, 4 (2) star 6!")
    [Card.number(3), Card.number(4), Card.express(2), Card.star(), Card.number(6, shuffle=True)]
    >>> parse_deck("3, seven")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vvlab.widgets.explorer.batch.ExplorerError: deck: not a card: 'seven' (write 3, ...)
    """
    tokens = re.split(r"[,\s]+", deck.strip()) if isinstance(deck, str) else list(deck)
    try:
        cards = [t if isinstance(t, Card) else Card.parse(str(t)) for t in tokens if t != ""]
    except ValueError as err:
        raise ExplorerError(f"deck: {err}") from None
    if not cards:
        raise ExplorerError("deck: no cards given")
    return cards


def describe_change(change: dict[str, Any]) -> str:
    """A change in words.

    >>> describe_change({"lines": {"A": {"indicators": 3, "bonus": [6, 2]}}})
    'line A: indicators 3, bonus [6, 2]'
    """
    parts = [
        f"line {ln}: " + ", ".join(f"{k} {v}" for k, v in edits.items())
        for ln, edits in change.get("lines", {}).items()
    ]
    if "deck" in change:
        parts.append("deck " + " ".join(str(c) for c in change["deck"]))
    return "; ".join(parts)
