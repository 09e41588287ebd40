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

Letters the font has no glyph for (Chinese, Japanese, Korean, emoji) would print as
empty boxes: :func:`check_drawable` refuses them, naming the characters and where they
are. Widths are those of the text as drawn (:func:`~vvlab.printing.script.for_drawing`:
Arabic joined), so a name is placed with the room its shaped form takes.

>>> undrawable("東京 Tōkyō 🚇")
['東京', '🚇']
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable
from functools import cache
from pathlib import Path

from vvlab.model.markup import lines_of
from vvlab.printing.script import for_drawing

__all__ = [
    "FAMILY",
    "PAPER",
    "PaperText",
    "SheetTextError",
    "check_drawable",
    "font_file",
    "text_width",
    "undrawable",
]

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
    """The width in mm of ``text`` set at ``size`` mm, as drawn (Arabic joined).

    >>> text_width("لا", 4.0) < 2 * text_width("ل", 4.0)  # one ligature, narrower
    True
    """
    widths, missing = _advances(bold)
    return size * sum(widths.get(ord(ch), missing) for ch in for_drawing(text))


WRITE_INSTEAD = "Latin, Greek, Cyrillic, Arabic or Hebrew letters"
"""The scripts the printing font draws, as a refusal names them."""


class SheetTextError(ValueError):
    """A name holds letters the sheet's font cannot draw (they would print as empty
    boxes); the message names them and their place."""


def undrawable(text: str, bold: bool = False) -> list[str]:
    """The runs of characters in ``text`` that the font has no glyph for (spaces
    between two of them stay in the run), in reading order.

    >>> undrawable("Kraków"), undrawable("القاهرة", bold=True), undrawable("תל אביב")
    ([], [], [])
    """
    glyphs = _advances(bold)[0]
    shaped = {  # letters whose joined form the font lacks (an Arabic letter's final form)
        letter
        for ch in for_drawing(text)
        if ord(ch) not in glyphs
        for letter in unicodedata.normalize("NFKC", ch)
    }
    runs: list[str] = []
    run = ""
    for ch in text:
        lacking = (ord(ch) not in glyphs or ch in shaped) and unicodedata.category(ch) != "Cf"
        if lacking or (run and ch == " "):
            run += ch
        elif run:
            runs.append(run.rstrip())
            run = ""
    return [*runs, run.rstrip()] if run else runs


def check_drawable(names: Iterable[tuple[str, str, bool]]) -> None:
    """``SheetTextError`` for the first name the font cannot draw; ``names`` holds
    ``(text, where, bold)``, ``where`` naming it for the reader (``"station 'Tōkyō'"``).

    >>> check_drawable([("Berlin", "the city's title", True)])
    >>> check_drawable([("Tōkyō 東京", "station 'Tōkyō 東京'", False)])
    Traceback (most recent call last):
    ...
    vvlab.printing.fonts.SheetTextError: The sheet cannot draw 東京 (station 'Tōkyō 東京'): ...
    """
    for text, where, bold in names:
        runs = undrawable(text, bold)
        if runs:
            raise SheetTextError(
                f"The sheet cannot draw {' '.join(runs)} ({where}): its font, {FAMILY}, has "
                f"no letters for them and would print empty boxes. Write the name in "
                f"{WRITE_INSTEAD} in the map editor."
            )


class PaperText:
    """Paper's :class:`~vvlab.plan.text.TextMeasure`: :func:`text_width`, in mm, of
    the longest line of a name as the name placer holds it (made
    :func:`~vvlab.model.markup.literal`, lines broken by ``<br>``).

    >>> round(PAPER.width("M", 10.0), 2)
    8.63
    >>> PAPER.width("a &lt; b<br>c", 2.0) == text_width("a < b", 2.0)
    True
    """

    def width(self, text: str, size: float, bold: bool = False) -> float:
        return max(text_width(line, size, bold) for line in lines_of(text))


PAPER = PaperText()
"""The text measure of printed sheets (millimetres)."""
