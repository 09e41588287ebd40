"""Printable sheets and cards: vector PDF (and SVG) to play Voll verplant on paper.

``write_sheet(city, "berlin.pdf")`` prints a city's sheet: one landscape page with the
plan (a station box for every station, each line in its colour and labelled with its
id), every line's wagon with its indicator boxes and bonus pair, the score area, the
rules in short and the deck's card list. ``write_cards("cards.pdf")`` prints a
ruleset's deck as cards to cut out, so a custom ruleset can be play-tested.

How it is built: one layout model of plain shapes in millimetres
(:mod:`~vvlab.printing.page`: rectangles, polylines, circles, texts), testable without a
renderer, drawn by two small backends: SVG text written here (:mod:`~vvlab.printing.svg`)
and PDF by reportlab (:mod:`~vvlab.printing.pdf`). reportlab was chosen because it is a
long-maintained, BSD-licensed library that writes vector PDF directly and embeds
TrueType subsets; both outputs have the same drawing, and neither is a screenshot of a
figure. The font is DejaVu Sans from matplotlib's package data
(:mod:`~vvlab.printing.fonts`); Arabic and Hebrew names print joined and in reading
order (:mod:`~vvlab.printing.script`), and letters it has no glyphs for (Chinese,
Japanese, Korean, emoji) are refused by name with :class:`SheetTextError`.

Pitfalls: a real city's own coordinates are often too cramped for 6 mm boxes on A4;
then :class:`SheetLayoutError` names the crowded stations instead of printing an
unreadable sheet, and ``schematic=True`` lays the city out first (with
:func:`vvlab.design.schematic`). Every file is written atomically and never over an
existing one unless ``overwrite=True``. Needs the ``print`` extra
(``pip install 'vvlab[print]'``).

>>> import tempfile, vvlab.printing
>>> from pathlib import Path
>>> path = vvlab.printing.write_sheet("tutorial", Path(tempfile.mkdtemp()) / "t.svg")
>>> path.read_text().count("data-station=")
12
"""

from __future__ import annotations

from vvlab.printing.cards import write_cards
from vvlab.printing.fonts import SheetTextError
from vvlab.printing.page import PAPERS
from vvlab.printing.plan import MIN_BOX, SheetLayoutError
from vvlab.printing.sheet import SheetWarning, sheet_page, write_sheet

__all__ = [
    "MIN_BOX",
    "PAPERS",
    "SheetLayoutError",
    "SheetTextError",
    "SheetWarning",
    "sheet_page",
    "write_cards",
    "write_sheet",
]
