"""How wide text is: :class:`TextMeasure`, for the screen :data:`SCREEN` (Arial's glyph
widths from a table, rounded up: plotly lays out text in the browser, where a figure
cannot ask) and for paper :data:`vvlab.printing.fonts.PAPER` (the font's metrics).
"""

from __future__ import annotations

import functools
import html
import re
import unicodedata
from typing import Protocol

__all__ = ["SCREEN", "ScreenText", "TextMeasure", "plain_text", "screen_width"]


class TextMeasure(Protocol):
    """Anything that tells how wide ``text`` is at font ``size`` (both in the same
    unit: pixels on screen, millimetres on paper)."""

    def width(self, text: str, size: float, bold: bool = False) -> float: ...


_TAGS = re.compile(r"<[^>]*>")


def plain_text(text: str) -> str:
    """``text`` without HTML tags, as plotly shows it (``<br>`` ends a line).

    >>> plain_text("<span style='color:red'>■</span> A<br>Line A")
    '■ A\\nLine A'
    """
    return _TAGS.sub("", re.sub(r"<br\s*/?>", "\n", text))


_GLYPHS = {
    **dict.fromkeys("ijlI|.,:;'!", 0.28),
    **dict.fromkeys("ftr -()[]/", 0.34),
    **dict.fromkeys('sczkvxyJ"', 0.5),
    **dict.fromkeys("ABEKPSVXYFTZ", 0.68),
    **dict.fromkeys("mM", 0.84),
    **dict.fromkeys("wCDHNRU&", 0.73),
    **dict.fromkeys("GOQ", 0.78),
    "–": 0.56,
    "W": 0.95,
    "—": 1.0,
}
"""Glyph widths of Arial (and Liberation Sans) as a share of the font size, rounded up,
that differ much from :data:`GLYPH`; accented letters count as their base letter."""
GLYPH = 0.58
"""Width of the other glyphs (most lower-case letters and digits are 0.56), rounded
up."""
BOLD = 1.1
"""Arial Bold is about a tenth wider than Arial (lower-case 0.61 against 0.56)."""


@functools.lru_cache(maxsize=8192)
def screen_width(text: str, size: float = 10) -> float:
    """Width in pixels of ``text`` (its longest line; HTML tags dropped) in Arial at
    ``size`` px, from the glyph widths. Remembered: the map editor asks for the same
    names on every edit.

    >>> screen_width("Réaumur – Sébastopol"), screen_width("Zoo<br>Tierpark")
    (107.5, 38.8)
    """
    lines = html.unescape(plain_text(text)).split("\n")  # entities: one character each
    return round(max(sum(_glyph(ch) for ch in line) for line in lines) * size, 2)


def _glyph(ch: str) -> float:
    base = unicodedata.normalize("NFD", ch)[:1] or ch
    return _GLYPHS.get(base, GLYPH)


class ScreenText:
    """The screen's :class:`TextMeasure`: :func:`screen_width`, :data:`BOLD` wider in
    bold.

    >>> SCREEN.width("Zoo", 10), SCREEN.width("Zoo", 10, bold=True)
    (18.4, 20.24)
    """

    def width(self, text: str, size: float, bold: bool = False) -> float:
        plain = screen_width(text, size)
        return round(plain * BOLD, 2) if bold else plain


SCREEN = ScreenText()
"""The text measure of figures on screen (pixels)."""
