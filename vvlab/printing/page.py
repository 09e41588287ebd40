"""The layout model: a page of plain shapes in millimetres, drawn by both backends.

Coordinates are millimetres from the page's top left corner, ``y`` pointing down (as
in SVG; the PDF backend turns them over). A :class:`Page` holds its shapes in drawing
order; the backends (:mod:`~vvlab.printing.svg`, :mod:`~vvlab.printing.pdf`) know
nothing about cities or cards, so both outputs have the same drawing, and the layout
can be tested without any renderer.

Examples
--------
>>> page = Page(100.0, 50.0)
>>> page.add(Rect(10, 10, 6, 6, data={"station": "a"}))
>>> page.add(Text(10, 30, "Můstek", size=4))
>>> [type(shape).__name__ for shape in page.shapes]
['Rect', 'Text']
>>> page.rects("station")[0].box
(10, 10, 16, 16)
>>> PAPERS["a4"].landscape, PAPERS["letter"].landscape
((297.0, 210.0), (279.4, 215.9))
>>> paper_size("a3")
Traceback (most recent call last):
...
ValueError: unknown paper size 'a3': choose a4 or letter
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path

from vvlab.plan.geometry import Box

__all__ = ["INK", "PAPERS", "Circle", "Page", "Paper", "Polyline", "Rect", "Text", "paper_size"]

INK = "#000000"
"""Black: everything a player needs is drawn in it or beside it."""
GREY = "#555555"
"""Grey for headings and hints that a player does not write on."""


@dataclass(frozen=True)
class Paper:
    """A paper size in millimetres, portrait (``width < height``)."""

    name: str
    width: float
    height: float

    @property
    def landscape(self) -> tuple[float, float]:
        """``(width, height)`` of the sheet turned sideways."""
        return (self.height, self.width)

    @property
    def portrait(self) -> tuple[float, float]:
        return (self.width, self.height)


PAPERS: dict[str, Paper] = {
    "a4": Paper("a4", 210.0, 297.0),
    "letter": Paper("letter", 215.9, 279.4),
}
"""The paper sizes the printing functions accept, by name."""


def paper_size(name: str) -> Paper:
    """The paper called ``name`` (``a4`` or ``letter``); ``ValueError`` otherwise."""
    try:
        return PAPERS[str(name).lower()]
    except KeyError:
        raise ValueError(f"unknown paper size {name!r}: choose {' or '.join(PAPERS)}") from None


@dataclass(frozen=True)
class Rect:
    """A rectangle; ``data`` becomes ``data-*`` attributes in the SVG (station boxes,
    indicator boxes), ``radius`` rounds its corners."""

    x: float
    y: float
    w: float
    h: float
    stroke: str | None = INK
    fill: str | None = None
    width: float = 0.3
    radius: float = 0.0
    data: dict[str, str] = field(default_factory=dict)

    @property
    def box(self) -> Box:
        return (self.x, self.y, self.x + self.w, self.y + self.h)


@dataclass(frozen=True)
class Polyline:
    """A line through ``points``; ``dash`` is a pattern of mm on and off, ``closed``
    joins the last point to the first (a polygon, filled with ``fill``)."""

    points: tuple[tuple[float, float], ...]
    stroke: str | None = INK
    width: float = 0.3
    dash: tuple[float, ...] = ()
    closed: bool = False
    fill: str | None = None


@dataclass(frozen=True)
class Circle:
    """A circle around ``(cx, cy)``."""

    cx: float
    cy: float
    r: float
    stroke: str | None = INK
    fill: str | None = None
    width: float = 0.3


@dataclass(frozen=True)
class Text:
    """One line of text; ``y`` is its baseline, ``size`` the font size in mm, ``anchor``
    ``"start"``, ``"middle"`` or ``"end"``."""

    x: float
    y: float
    text: str
    size: float = 3.0
    anchor: str = "start"
    bold: bool = False
    fill: str = INK


Shape = Rect | Polyline | Circle | Text


@dataclass
class Page:
    """A page of ``width`` × ``height`` mm and its shapes in drawing order; ``title``
    names the document it goes into."""

    width: float
    height: float
    shapes: list[Shape] = field(default_factory=list)
    title: str = "vvlab"

    def add(self, *shapes: Shape) -> None:
        self.shapes.extend(shapes)

    def rects(self, key: str) -> list[Rect]:
        """The rectangles marked with ``data[key]`` (``"station"``, ``"line"``)."""
        return [s for s in self.shapes if isinstance(s, Rect) and key in s.data]

    def texts(self) -> list[str]:
        return [s.text for s in self.shapes if isinstance(s, Text)]


def check_format(path: str | os.PathLike[str]) -> None:
    """``ValueError`` for a file name that promises another format than the PDF or SVG
    a sheet or deck is written as (``sheet.png`` would hold a PDF).

    >>> check_format("berlin.pdf"), check_format("cards.SVG")
    (None, None)
    >>> check_format("berlin.png")
    Traceback (most recent call last):
    ...
    ValueError: a sheet is written as PDF (.pdf) or SVG (.svg), not .png
    """
    suffix = Path(path).suffix.lower()
    if suffix not in ("", ".pdf", ".svg"):
        raise ValueError(f"a sheet is written as PDF (.pdf) or SVG (.svg), not {suffix}")
