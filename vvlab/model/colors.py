"""Line colours: a new line's default colour is the candidate farthest, in CIELAB
(ΔE*ab, CIE 1976), from every colour already on the map (the map editor's new lines,
lines imported without a colour).

Candidates are the generator's palette (preferred on ties) and a wheel of hues at
three strengths, none so light that it fades on the white plan.
"""

from __future__ import annotations

import colorsys
import math
from collections.abc import Iterable, Sequence

from vvlab.model.generate import PALETTE

Lab = tuple[float, float, float]

DARK_TEXT = "#222222"
"""The ink of text on a light background (the plan's, and a light line's wagon)."""

MIN_DELTA_E = 40.0
"""Every built-in map leaves a default colour at least this far (ΔE*ab) from each of
its lines' colours (``tests/widgets/editor/test_editor_colors.py``); 2.3 is a just
noticeable difference, and the two reds of the reported clash were 4.7 apart."""
MAX_LIGHTNESS = 78.0
"""Candidates lighter than this (L*) would fade on the white plan."""


def hex_to_lab(color: str) -> Lab:
    """``#RRGGBB`` (sRGB, D65) as CIELAB ``(L*, a*, b*)``.

    >>> [round(v, 1) + 0.0 for v in hex_to_lab("#FFFFFF")]
    [100.0, 0.0, 0.0]
    >>> [round(v, 1) for v in hex_to_lab("#FF0000")]
    [53.2, 80.1, 67.2]
    """
    r, g, b = (int(color[i : i + 2], 16) / 255 for i in (1, 3, 5))

    def linear(c: float) -> float:
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = linear(r), linear(g), linear(b)
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: str, b: str) -> float:
    """ΔE*ab (CIE 1976) between two ``#RRGGBB`` colours.

    >>> round(delta_e("#E3001B", "#E3000F"), 1)
    4.7
    """
    return math.dist(hex_to_lab(a), hex_to_lab(b))


def is_hex(color: object) -> bool:
    """True for a ``#RRGGBB`` string.

    >>> is_hex("#00A650"), is_hex("red"), is_hex("#00A65")
    (True, False, False)
    """
    if not (isinstance(color, str) and len(color) == 7 and color[0] == "#"):
        return False
    try:
        int(color[1:], 16)
    except ValueError:
        return False
    return True


def _wheel() -> list[str]:
    out = []
    for k in range(36):
        for s, v in ((1.0, 0.85), (0.75, 0.6), (0.9, 0.4)):
            r, g, b = colorsys.hsv_to_rgb(k / 36, s, v)
            out.append("#{:02X}{:02X}{:02X}".format(*(round(255 * c) for c in (r, g, b))))
    return out


CANDIDATES: tuple[str, ...] = tuple(
    c for c in (*PALETTE, *_wheel()) if hex_to_lab(c)[0] <= MAX_LIGHTNESS
)
"""The colours a new line may get by default, the generator's palette first."""


def distinct_color(used: Iterable[object], candidates: Sequence[str] = CANDIDATES) -> str:
    """The candidate whose nearest colour in ``used`` is farthest (ΔE*ab); the first
    candidate when nothing is used. Entries of ``used`` that are not ``#RRGGBB`` are
    ignored.

    >>> distinct_color([])
    '#E3001B'
    >>> delta_e(distinct_color(["#E3000F", "#0065AE"]), "#E3000F") > MIN_DELTA_E
    True
    """
    labs = [hex_to_lab(c) for c in used if is_hex(c)]
    if not labs:
        return candidates[0]
    return max(candidates, key=lambda c: min(math.dist(hex_to_lab(c), lab) for lab in labs))


def text_color(background: str) -> str:
    """Black or white, whichever reads better on a ``#RRGGBB`` background (the screen's
    wagons and buttons, and the printed sheet's).

    >>> text_color("#FFD000"), text_color("#1F5FBF")
    ('#222222', '#FFFFFF')
    """
    r, g, b = (int(background[i : i + 2], 16) for i in (1, 3, 5))
    return DARK_TEXT if 0.299 * r + 0.587 * g + 0.114 * b > 150 else "#FFFFFF"
