"""A ruleset's deck as cards to cut out: nine playing-card-sized cards (63 × 88 mm) a
portrait page, each with its face drawn as shapes: a number, a circled number for an
express card, a star, a circle for a free card, and the shuffle icon (a round arrow)
on the cards that carry it.

>>> pages = card_pages("voll-verplant")
>>> len(pages), len(pages[0].rects("card")), len(pages[1].rects("card"))
(2, 9, 5)
>>> sorted({r.data["card"] for r in pages[0].rects("card")})
['3', '4', '5', '6↻']
"""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vvlab.printing.fit import cut
from vvlab.printing.fonts import check_drawable, text_width
from vvlab.printing.page import (
    GREY,
    INK,
    Circle,
    Page,
    Polyline,
    Rect,
    Shape,
    Text,
    check_format,
    paper_size,
)

if TYPE_CHECKING:
    from vvlab.engine.cards import Card

__all__ = ["card_pages", "card_shapes", "write_cards"]

CARD_W, CARD_H = 63.0, 88.0
"""A card's size in mm (a poker card)."""
COLUMNS, ROWS = 3, 3
KIND_NAMES = {"number": "number", "express": "express", "star": "star", "free": "free"}


def _star(cx: float, cy: float, r: float) -> Polyline:
    """A five-pointed star around ``(cx, cy)``, filled."""
    points = []
    for k in range(10):
        radius = r if k % 2 == 0 else r * 0.4
        angle = -math.pi / 2 + k * math.pi / 5
        points.append((cx + radius * math.cos(angle), cy + radius * math.sin(angle)))
    return Polyline(tuple(points), INK, 0.4, closed=True, fill=INK)


def shuffle_icon(cx: float, cy: float, r: float) -> list[Shape]:
    """The shuffle icon: a round arrow (an open circle with an arrowhead).

    >>> [type(s).__name__ for s in shuffle_icon(0, 0, 4)]
    ['Polyline', 'Polyline']
    """
    arc = []
    for k in range(25):
        angle = math.radians(40 + k * 280 / 24)
        arc.append((cx + r * math.cos(angle), cy - r * math.sin(angle)))
    end = math.radians(320)
    tip = (cx + r * math.cos(end), cy - r * math.sin(end))
    along = (-math.sin(end), -math.cos(end))  # the arc's direction at its end
    side = (math.cos(end), -math.sin(end))
    head = r * 0.55
    wing = (tip[0] - along[0] * head, tip[1] - along[1] * head)
    left = (wing[0] + side[0] * head * 0.6, wing[1] + side[1] * head * 0.6)
    right = (wing[0] - side[0] * head * 0.6, wing[1] - side[1] * head * 0.6)
    arrow = Polyline(((tip[0] + along[0] * 0.3, tip[1] + along[1] * 0.3), left, right), INK, 0.3)
    return [
        Polyline(tuple(arc[:-1]), INK, r * 0.25),
        Polyline(arrow.points, INK, 0.3, closed=True, fill=INK),
    ]


def _face(card: Card, cx: float, cy: float) -> list[Shape]:
    """The card's big symbol around its centre."""
    if card.kind == "star":
        return [_star(cx, cy, 18.0)]
    if card.kind == "free":
        return [Circle(cx, cy, 15.0, INK, None, 2.4)]
    shapes: list[Shape] = [Text(cx, cy + 10.5, str(card.value), 30.0, "middle", True)]
    if card.kind == "express":
        shapes.insert(0, Circle(cx, cy, 19.0, INK, None, 1.6))
    return shapes


def _corner(card: Card) -> str:
    return {"star": "★", "free": "○", "express": f"({card.value})"}.get(card.kind, str(card.value))


def card_shapes(card: Card, x: float, y: float, ruleset_name: str = "") -> list[Shape]:
    """The shapes of one card with its top left corner at ``(x, y)``."""
    cx, cy = x + CARD_W / 2, y + CARD_H / 2
    outline = Rect(x, y, CARD_W, CARD_H, GREY, None, 0.2, 3.0, {"card": str(card)})
    corner = _corner(card)
    room = CARD_W - 2 * (4.0 + text_width(corner, 6.0, bold=True) + 1.0)  # between corners
    shapes: list[Shape] = [
        outline,
        Text(x + 4.0, y + 9.0, corner, 6.0, bold=True),
        Text(x + CARD_W - 4.0, y + CARD_H - 4.0, corner, 6.0, "end", bold=True),
        *_face(card, cx, cy),
        Text(cx, y + CARD_H - 12.0, KIND_NAMES[card.kind], 3.2, "middle", fill=GREY),
        Text(cx, y + CARD_H - 4.0, cut(ruleset_name, room, 2.4), 2.4, "middle", fill=GREY),
    ]
    if card.shuffle:
        shapes += shuffle_icon(x + CARD_W - 9.0, y + 9.0, 4.0)
        shapes.append(Text(cx, y + 16.0, "shuffle after this turn", 3.0, "middle"))
    return shapes


def card_pages(ruleset: Any = "voll-verplant", paper: str = "a4") -> list[Page]:
    """The deck of ``ruleset`` (a name, a ``.json`` file, a dict or a ``Ruleset``) on
    portrait pages of ``paper``, nine cards a page, centred."""
    from vvlab.engine.rulesets import get_ruleset

    size = paper_size(paper)
    rules = get_ruleset(ruleset)
    check_drawable([(rules.name, "the ruleset's name", False)])
    width, height = size.portrait
    x0 = (width - COLUMNS * CARD_W) / 2
    y0 = (height - ROWS * CARD_H) / 2
    per_page = COLUMNS * ROWS
    pages = []
    for start in range(0, len(rules.deck), per_page):
        page = Page(width, height)
        for i, card in enumerate(rules.deck[start : start + per_page]):
            row, column = divmod(i, COLUMNS)
            page.add(*card_shapes(card, x0 + column * CARD_W, y0 + row * CARD_H, rules.name))
        pages.append(page)
    return pages


def write_cards(
    path: str | os.PathLike[str],
    *,
    ruleset: Any = "voll-verplant",
    paper: str = "a4",
    overwrite: bool = False,
) -> Path:
    """Write the deck of ``ruleset`` as cards to cut out, a vector PDF on ``paper``
    (``"a4"`` or ``"letter"``); an existing file is replaced only with ``overwrite``.

    >>> import tempfile
    >>> path = write_cards(Path(tempfile.mkdtemp()) / "cards.pdf", ruleset="metro-x")
    >>> path.read_bytes()[:5]
    b'%PDF-'
    """
    from vvlab.model.files import atomic_write, check_target
    from vvlab.printing.pdf import to_pdf

    if str(path).lower().endswith(".svg"):
        raise ValueError("cards are written as PDF (several pages): give a .pdf file")
    check_format(path)
    check_target(path, overwrite)
    pages = card_pages(ruleset, paper)
    return atomic_write(path, to_pdf(pages, title="vvlab cards"), overwrite=overwrite)
