"""The ruleset file format: its limits, strict validation, and reading files.

A ruleset file (written by ``save_ruleset``, ``Ruleset.to_dict``) is a JSON object:

- ``name``: a string that is not blank; optional ``description`` and ``provenance``
  (strings) and ``assumptions`` (an array of strings);
- ``deck``: an array of 1 to :data:`MAX_DECK_CARDS` (99) cards, each
  ``{"kind": ..., "value": ..., "shuffle": ...}``: ``kind`` is ``"number"``,
  ``"express"``, ``"star"`` or ``"free"``; ``value`` is a whole number from 1 to
  :data:`MAX_CARD_VALUE` (99) for number and express cards, and 0 or left out for the
  others; ``shuffle`` is ``true`` or ``false`` (left out: false). The deck needs a card
  with the shuffle icon and a card that is not a free card;
- ``penalty``: either ``{"divisor": d, "rounding": "down"}`` (or ``"up"``; left out:
  down) with ``d`` from 1 to :data:`MAX_PENALTY_DIVISOR` (99), or
  ``{"steps": [[at_least_empty, points], ...]}`` with thresholds from 0 to
  :data:`MAX_PENALTY_THRESHOLD` (9999) that increase, and points from 0 to
  :data:`MAX_PENALTY_POINTS` (999).

The limits keep every number the simulators add up small: no sum can wrap around in
the compiled path's fixed-width integers, and memory stays bounded (a card's value
sizes the bots' tables, the number of cards the dealing). Whole numbers are JSON
integers: ``2.0``, ``true`` or ``"2"`` are refused, never rounded.

:func:`validate_ruleset_data` lists every problem with its JSON path and never raises;
:class:`~vvlab.engine.errors.RulesetError` (a ``ValueError``) carries them from
``Ruleset.from_dict``, ``load_ruleset`` and ``get_ruleset``. Files are read by
:func:`read_ruleset_file` (UTF-8 JSON of at most :data:`MAX_RULESET_BYTES`; keys
written twice are reported, and so is nesting too deep to parse).

Examples
--------
>>> data = {"name": "house", "deck": [{"kind": "number", "value": 2**40}],
...         "penalty": {"divisor": 2.5}}
>>> for problem in validate_ruleset_data(data):
...     print(problem)
deck[0].value: must be a whole number from 1 to 99, got 1099511627776
penalty.divisor: must be a whole number from 1 to 99, got 2.5
"""

from __future__ import annotations

import os

from vvlab.engine.cards import KINDS, MAX_CARD_VALUE, card_data_problems
from vvlab.engine.checks import is_whole
from vvlab.engine.errors import RulesetError
from vvlab.model.errors import Problem
from vvlab.model.validate_json import (
    Checker,
    check_object,
    describe,
    key_path,
    parse_json_text,
    quote,
    read_json_file,
)

__all__ = [
    "MAX_CARD_VALUE",
    "MAX_DECK_CARDS",
    "MAX_PENALTY_DIVISOR",
    "MAX_PENALTY_POINTS",
    "MAX_PENALTY_THRESHOLD",
    "MAX_RULESET_BYTES",
    "check_ruleset_data",
    "parse_ruleset_text",
    "read_ruleset_file",
    "validate_ruleset_data",
]

MAX_DECK_CARDS = 99
"""The most cards a deck may have (the fewest is 1)."""
MAX_PENALTY_DIVISOR = 99
"""The largest penalty divisor (the smallest is 1)."""
MAX_PENALTY_THRESHOLD = 9999
"""The largest threshold (empty stations) of a penalty step."""
MAX_PENALTY_POINTS = 999
"""The most points a penalty step may cost."""
MAX_RULESET_BYTES = 1024 * 1024
"""Ruleset files larger than this (in bytes) are refused before they are read."""

_STEP = "[at_least_empty, points]"


def validate_ruleset_data(data: object) -> list[Problem]:
    """Every problem of parsed ruleset data, in document order; never raises.

    Missing keys are reported after the keys present in their object. The deck's
    checks as a whole (a shuffle card, a card that is not free) run only when every
    card is valid. When the list is empty, ``Ruleset.from_dict(data)`` succeeds.

    >>> validate_ruleset_data({"name": "x", "deck": [{"kind": "star"}],
    ...                        "penalty": {"steps": [[5, 1], [5, 2]]}})
    [Problem(path='deck', message='needs a card with the shuffle icon, or it could run out'), \
Problem(path='penalty.steps[1][0]', message='thresholds must increase: 5 is not above 5')]
    """
    if not isinstance(data, dict):
        return [Problem("", f"a ruleset must be an object, got {describe(data)}")]
    fields: dict[str, Checker] = {
        "name": _check_name,
        "description": _check_string,
        "provenance": _check_string,
        "assumptions": _check_assumptions,
        "deck": _check_deck,
        "penalty": check_penalty_data,
    }
    return check_object(data, "", fields, ("name", "deck", "penalty"))


def check_ruleset_data(data: object, source: str | None = None) -> None:
    """Raise :class:`~vvlab.engine.errors.RulesetError` listing every problem of
    ``data`` (see :func:`validate_ruleset_data`); ``source`` names the file."""
    problems = validate_ruleset_data(data)
    if problems:
        raise RulesetError(problems, source)


def parse_ruleset_text(text: str, source: str | None = None) -> object:
    """Parse the JSON text of a ruleset (not yet validated), remembering keys written
    twice; ``RulesetError`` if it is not JSON.

    >>> parse_ruleset_text('{"name": "x", "name": "y"}').duplicate_keys
    ('name',)
    """
    return parse_json_text(text, source, RulesetError)


def read_ruleset_file(path: str | os.PathLike[str]) -> object:
    """Read and parse a ruleset file (not yet validated); ``RulesetError`` if it is
    missing, unreadable, larger than :data:`MAX_RULESET_BYTES`, not UTF-8 or not JSON.
    """
    return read_json_file(path, RulesetError, MAX_RULESET_BYTES)


def check_penalty_data(value: object, path: str) -> list[Problem]:
    """Every problem of a penalty written as JSON data at ``path``."""
    if not isinstance(value, dict):
        return [Problem(path, f"must be an object, got {describe(value)}")]
    problems: list[Problem] = []
    if ("divisor" in value) == ("steps" in value):
        both = ", not both" if "divisor" in value else ""
        problems.append(Problem(path, f'give "divisor" or "steps"{both}'))
    fields = {"divisor": _check_divisor, "rounding": _check_rounding, "steps": _check_steps}
    problems += check_object(value, path, fields, ())
    if "rounding" in value and "steps" in value and "divisor" not in value:
        problems.append(Problem(key_path(path, "rounding"), '"rounding" goes with "divisor" only'))
    return problems


# -- checkers ------------------------------------------------------------------------


def _whole(value: object, path: str, low: int, high: int) -> list[Problem]:
    if is_whole(value) and low <= value <= high:  # type: ignore[operator]
        return []
    return [Problem(path, f"must be a whole number from {low} to {high}, got {quote(value)}")]


def _check_string(value: object, path: str) -> list[Problem]:
    return (
        []
        if isinstance(value, str)
        else [Problem(path, f"must be a string, got {describe(value)}")]
    )


def _check_name(value: object, path: str) -> list[Problem]:
    if isinstance(value, str) and not value.strip():
        return [Problem(path, f"must not be empty or blank, got {quote(value)}")]
    return _check_string(value, path)


def _check_assumptions(value: object, path: str) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array of strings, got {describe(value)}")]
    return [p for i, item in enumerate(value) for p in _check_string(item, f"{path}[{i}]")]


def _check_deck(value: object, path: str) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array of cards, got {describe(value)}")]
    problems: list[Problem] = []
    if not 1 <= len(value) <= MAX_DECK_CARDS:
        problems.append(Problem(path, f"must have 1 to {MAX_DECK_CARDS} cards, got {len(value)}"))
    cards: list[Problem] = []
    for index, card in enumerate(value):
        cards += card_data_problems(card, f"{path}[{index}]")
    problems += cards
    if value and not cards:  # every card is valid: look at the deck as a whole
        if not any(card.get("shuffle", False) for card in value):
            problems.append(
                Problem(path, "needs a card with the shuffle icon, or it could run out")
            )
        if all(card["kind"] == KINDS[-1] for card in value):
            message = "needs a card that is not a free card, or the game never ends"
            problems.append(Problem(path, message))
    return problems


def _check_divisor(value: object, path: str) -> list[Problem]:
    return _whole(value, path, 1, MAX_PENALTY_DIVISOR)


def _check_rounding(value: object, path: str) -> list[Problem]:
    if isinstance(value, str) and value in ("down", "up"):
        return []
    return [Problem(path, f'must be "down" or "up", got {quote(value)}')]


def _check_steps(value: object, path: str) -> list[Problem]:
    if not isinstance(value, list):
        return [Problem(path, f"must be an array of {_STEP} pairs, got {describe(value)}")]
    if not value:
        return [Problem(path, "must not be empty")]
    problems: list[Problem] = []
    highest: int | None = None  # the highest valid threshold so far
    for index, step in enumerate(value):
        here = f"{path}[{index}]"
        if not (isinstance(step, list) and len(step) == 2):
            shown = quote(step) if isinstance(step, list) else describe(step)
            problems.append(Problem(here, f"must be a pair {_STEP}, got {shown}"))
            continue
        at_least, points = step
        threshold = _whole(at_least, f"{here}[0]", 0, MAX_PENALTY_THRESHOLD)
        if not threshold and highest is not None and at_least <= highest:
            message = f"thresholds must increase: {at_least} is not above {highest}"
            threshold = [Problem(f"{here}[0]", message)]
        if not threshold:
            highest = at_least
        problems += threshold + _whole(points, f"{here}[1]", 0, MAX_PENALTY_POINTS)
    return problems
