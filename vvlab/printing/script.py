"""Right-to-left names on paper: Arabic letters joined, every run in visual order.

A PDF draws its text glyph by glyph from left to right, and reportlab draws a string's
characters as they come: Hebrew and Arabic would print backwards, and Arabic letters
unjoined. :func:`for_drawing` gives the string as it is seen instead: Arabic letters in
the joined form of their place in the word (the presentation forms, which DejaVu Sans
has, lam-alef ligatures included) by ``arabic-reshaper``, then every run in visual
order by the Unicode bidirectional algorithm of ``python-bidi`` (a wrapper of the Rust
``unicode-bidi`` crate, Servo's implementation, with wheels for every platform). Both
are small, kept up and free of further dependencies; a full shaping engine (HarfBuzz)
gives glyph ids, which neither reportlab's canvas nor the width measure of
:mod:`vvlab.printing.fonts` takes, while the presentation forms are plain characters
that both draw and measure, so the widths used for placing a name are the widths of
the shaped text. An SVG keeps the names in reading order: its viewer shapes them.

>>> for_drawing("Tel Aviv תל אביב")
'Tel Aviv ביבא לת'
>>> [hex(ord(ch)) for ch in for_drawing("لا")]  # lam-alef: one ligature
['0xfefb']
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache

__all__ = ["for_drawing", "right_to_left"]

_RIGHT_TO_LEFT = {"R", "AL", "AN", "RLE", "RLO", "RLI"}
"""Bidirectional classes that make a text need reordering or shaping."""


def right_to_left(text: str) -> bool:
    """Whether ``text`` holds Hebrew or Arabic letters (or marks that turn text round).

    >>> right_to_left("Réaumur – Sébastopol"), right_to_left("القاهرة")
    (False, True)
    """
    return any(unicodedata.bidirectional(ch) in _RIGHT_TO_LEFT for ch in text)


def _libraries():
    try:
        import arabic_reshaper
        from bidi import get_display
    except ImportError as err:
        raise ImportError(
            "printing Arabic or Hebrew names needs python-bidi and arabic-reshaper: "
            "pip install 'vvlab[print]'"
        ) from err
    return arabic_reshaper.reshape, get_display


@lru_cache(maxsize=4096)
def for_drawing(text: str) -> str:
    """``text`` as drawn from left to right: Arabic letters joined, right-to-left runs
    turned into visual order, invisible format characters (joiners, marks of direction)
    dropped once they have done their work. Text without Arabic or Hebrew letters comes
    back as it is.

    >>> for_drawing("Můstek")
    'Můstek'
    """
    if not right_to_left(text):
        return text
    reshape, get_display = _libraries()
    visual = get_display(reshape(text))
    return "".join(ch for ch in visual if unicodedata.category(ch) != "Cf")
