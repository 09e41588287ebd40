"""Text fitted into the room it has on paper: broken into lines at spaces, set
smaller down to a floor, and only then cut short with an ellipsis, so that a long
title or name never runs over its neighbours and never vanishes.

>>> wrap("a b c d", 3.6, 2.0)
['a b', 'c d']
>>> cut("Voll verplant", 12.0, 3.0)
'Voll v…'
>>> fit("Hauptbahnhof", 22.0, (4.0, 3.0, 2.0), lines=1)
Fitted(size=3.0, lines=('Hauptbahnhof',))
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from vvlab.printing.fonts import text_width

__all__ = ["ELLIPSIS", "Fitted", "cut", "fit", "wrap"]

ELLIPSIS = "…"
"""Ends a text cut short."""


class Fitted(NamedTuple):
    """A text as it fits: its font ``size`` and its ``lines``."""

    size: float
    lines: tuple[str, ...]


def wrap(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """``text`` broken at spaces into lines no wider than ``width`` mm at ``size`` mm
    (a single word wider than that stays whole: :func:`cut` shortens it)."""
    lines: list[str] = []
    for word in text.split():
        if lines and text_width(f"{lines[-1]} {word}", size, bold) <= width:
            lines[-1] += f" {word}"
        else:
            lines.append(word)
    return lines


def cut(text: str, width: float, size: float, bold: bool = False) -> str:
    """``text`` as it is when it fits ``width`` mm, else its longest start that fits
    with :data:`ELLIPSIS` after it."""
    if text_width(text, size, bold) <= width:
        return text
    keep = len(text)
    while keep > 0 and text_width(text[:keep].rstrip() + ELLIPSIS, size, bold) > width:
        keep -= 1
    return text[:keep].rstrip() + ELLIPSIS


def fit(
    text: str, width: float, sizes: Sequence[float], lines: int = 1, bold: bool = False
) -> Fitted:
    """``text`` in at most ``lines`` lines no wider than ``width`` mm: at the first of
    ``sizes`` (largest first; the last is the floor) where it fits whole, else at the
    floor with its last line cut short (:func:`cut`) and every line within ``width``.

    >>> fit("Gare de Lyon Part-Dieu Villette", 30.0, (3.0, 2.0), lines=2)
    Fitted(size=3.0, lines=('Gare de Lyon', 'Part-Dieu Villette'))
    >>> fit("Gare de Lyon Part-Dieu Villette", 12.0, (3.0, 2.0), lines=2)
    Fitted(size=2.0, lines=('Gare de', 'Lyon Part…'))
    """
    for size in sizes:
        rows = wrap(text, width, size, bold)
        if len(rows) <= lines and all(text_width(r, size, bold) <= width for r in rows):
            return Fitted(size, tuple(rows))
    floor = sizes[-1]
    rows = wrap(text, width, floor, bold)
    kept = [cut(row, width, floor, bold) for row in rows[: lines - 1]]
    rest = " ".join(rows[lines - 1 :])
    return Fitted(floor, (*kept, cut(rest, width, floor, bold)) if rest else tuple(kept))
