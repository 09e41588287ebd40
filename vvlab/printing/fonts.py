"""The font of the printouts: DejaVu Sans, from matplotlib's package data.

DejaVu Sans covers the accented names of real cities (Můstek, Kraków, Őrs vezér
tere) and the card symbols (★ ↻ ○). Its licence (the Bitstream Vera licence, with the
DejaVu changes in the public domain; ``LICENSE_DEJAVU`` next to the font files) lets a
document embed and redistribute it, so the PDF carries it; the SVG names it and falls
back to the viewer's sans-serif. The widths here come from the font's own metrics
(fontTools, a matplotlib dependency), so the layout measures text without a renderer.

>>> text_width("Můstek", 4.0) > text_width("Mustek", 4.0) * 0.99
True
>>> round(text_width("M", 10.0), 2)
8.63
>>> font_file(bold=True).name
'DejaVuSans-Bold.ttf'
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

__all__ = ["FAMILY", "PAPER", "PaperText", "font_file", "text_width"]

FAMILY = "DejaVu Sans"
"""The font family named in the SVG and embedded in the PDF."""


def font_file(bold: bool = False) -> Path:
    """The TrueType file of the regular or bold face (``ImportError`` naming the
    ``print`` extra when matplotlib is missing)."""
    try:
        import matplotlib
    except ImportError as err:
        raise ImportError(
            "printing needs the font shipped with matplotlib: pip install 'vvlab[print]'"
        ) from err
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return Path(matplotlib.__file__).parent / "mpl-data" / "fonts" / "ttf" / name


@cache
def _advances(bold: bool) -> tuple[dict[int, float], float]:
    """Advance widths per code point, in ems, and the width of a missing glyph."""
    path = font_file(bold)  # first: its error names the extra to install
    from fontTools.ttLib import TTFont

    with TTFont(path, lazy=True) as font:  # closed here: lazy reading keeps it open
        em = font["head"].unitsPerEm
        metrics = font["hmtx"].metrics
        cmap = font.getBestCmap()
    widths = {code: metrics[glyph][0] / em for code, glyph in cmap.items()}
    return widths, metrics[".notdef"][0] / em


def text_width(text: str, size: float, bold: bool = False) -> float:
    """The width in mm of ``text`` set at ``size`` mm."""
    widths, missing = _advances(bold)
    return size * sum(widths.get(ord(ch), missing) for ch in text)


class PaperText:
    """Paper's :class:`~vvlab.plan.text.TextMeasure`: :func:`text_width`, in mm.

    >>> round(PAPER.width("M", 10.0), 2)
    8.63
    """

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return text_width(text, size, bold)


PAPER = PaperText()
"""The text measure of printed sheets (millimetres)."""
