"""Checks of the arguments of the engine's public functions.

The engine checks what it is given where it is given it (``Game(...)``, ``Card(...)``,
``Move(...)``, ``Penalty(...)``), so that a bad argument fails at once with a message
that says what is expected, not later deep inside. The convention: a value of the
wrong type is a ``TypeError``, a value of the right type out of range a ``ValueError``;
illegal moves are :class:`~vvlab.engine.errors.IllegalMove`.

Examples
--------
>>> whole_number(7, 0, 9, "a digit is a whole number from 0 to 9")
7
>>> whole_number(7.5, 0, 9, "a digit is a whole number from 0 to 9")
Traceback (most recent call last):
...
TypeError: a digit is a whole number from 0 to 9, got 7.5
>>> whole_number(10, 0, 9, "a digit is a whole number from 0 to 9")
Traceback (most recent call last):
...
ValueError: a digit is a whole number from 0 to 9, got 10
"""

from __future__ import annotations

import numbers

import numpy as np

__all__ = ["flag", "is_whole", "show", "whole_number"]

_SHOW_LIMIT = 60


def is_whole(value: object) -> bool:
    """True for an integer of any kind (Python or numpy) that is not a boolean.

    >>> is_whole(3), is_whole(np.int64(3)), is_whole(3.0), is_whole(True), is_whole("3")
    (True, True, False, False, False)
    """
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def whole_number(value: object, low: int, high: int | None, expected: str) -> int:
    """``value`` as an ``int`` if it is a whole number from ``low`` to ``high``
    (``None``: no upper bound).

    Raises ``TypeError`` (not a whole number) or ``ValueError`` (out of range) with the
    message ``"{expected}, got {value}"``.
    """
    if not is_whole(value):
        raise TypeError(f"{expected}, got {show(value)}")
    number = int(value)  # type: ignore[call-overload]
    if number < low or (high is not None and number > high):
        raise ValueError(f"{expected}, got {show(number)}")
    return number


def flag(value: object, expected: str) -> bool:
    """``value`` as a ``bool`` if it is one (Python or numpy), else ``TypeError``.

    >>> flag(np.True_, "shuffle is True or False")
    True
    >>> flag("yes", "shuffle is True or False")
    Traceback (most recent call last):
    ...
    TypeError: shuffle is True or False, got 'yes'
    """
    if isinstance(value, (bool, np.bool_)):
        return bool(value)
    raise TypeError(f"{expected}, got {show(value)}")


def show(value: object) -> str:
    """The ``repr`` of a value for a message, cut short if long; never raises.

    >>> show(1.5), show("7"), show(2**40), show("x" * 99)[-4:]
    ('1.5', "'7'", '1099511627776', 'xxx…')
    >>> show(10**5000)
    '<an integer of about 5001 digits>'
    """
    if isinstance(value, int) and value.bit_length() > 14_000:  # repr would refuse
        return f"<an integer of about {int(value.bit_length() * 0.30103) + 1} digits>"
    try:
        text = repr(value)
    except Exception:  # a broken __repr__, or a huge number
        return f"<{type(value).__name__}>"
    return text if len(text) <= _SHOW_LIMIT else text[:_SHOW_LIMIT] + "…"
