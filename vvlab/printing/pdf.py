"""The PDF backend: :class:`~vvlab.printing.page.Page` objects drawn with reportlab.

reportlab writes vector PDF only (no rasterising), embeds TrueType fonts as subsets
and is a long-kept, BSD-licensed library with wheels for every platform; its canvas
takes the same primitives as the layout model, so this backend stays small. The font
is DejaVu Sans (:mod:`vvlab.printing.fonts`), embedded in every file; Arabic and Hebrew
are drawn joined and in visual order (:mod:`vvlab.printing.script`).

>>> from vvlab.printing.page import Page, Text
>>> data = to_pdf([Page(297.0, 210.0, [Text(10, 20, "Můstek")])])
>>> data[:5], b"DejaVu" in data
(b'%PDF-', True)
"""

from __future__ import annotations

import io
from collections.abc import Sequence

from vvlab.printing.fonts import font_file
from vvlab.printing.page import Circle, Page, Polyline, Rect, Shape, Text
from vvlab.printing.script import for_drawing

__all__ = ["to_pdf"]

MM = 72 / 25.4
"""PDF points per millimetre."""

REGULAR, BOLD = "DejaVuSans", "DejaVuSans-Bold"


def _register_fonts() -> None:
    try:
        from reportlab.pdfbase import pdfmetrics
        from reportlab.pdfbase.ttfonts import TTFont
    except ImportError as err:
        raise ImportError("writing PDF needs reportlab: pip install 'vvlab[print]'") from err
    for name, bold in ((REGULAR, False), (BOLD, True)):
        if name not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(TTFont(name, str(font_file(bold))))


def _paint(canvas, stroke: str | None, fill: str | None, width: float) -> tuple[int, int]:
    """Set the colours and line width; returns reportlab's ``(stroke, fill)`` flags."""
    if stroke:
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(width * MM)
    if fill:
        canvas.setFillColor(fill)
    return int(bool(stroke)), int(bool(fill))


def _rect(canvas, r: Rect, height: float) -> None:
    stroke, fill = _paint(canvas, r.stroke, r.fill, r.width)
    x, y, w, h = r.x * MM, (height - r.y - r.h) * MM, r.w * MM, r.h * MM
    if r.radius:
        canvas.roundRect(x, y, w, h, r.radius * MM, stroke=stroke, fill=fill)
    else:
        canvas.rect(x, y, w, h, stroke=stroke, fill=fill)


def _polyline(canvas, p: Polyline, height: float) -> None:
    stroke, fill = _paint(canvas, p.stroke, p.fill, p.width)
    canvas.setDash([d * MM for d in p.dash] if p.dash else [])
    canvas.setLineJoin(1)
    canvas.setLineCap(1)
    path = canvas.beginPath()
    (x0, y0), *rest = p.points
    path.moveTo(x0 * MM, (height - y0) * MM)
    for x, y in rest:
        path.lineTo(x * MM, (height - y) * MM)
    if p.closed:
        path.close()
    canvas.drawPath(path, stroke=stroke, fill=fill if p.closed else 0)
    canvas.setDash([])


def _circle(canvas, c: Circle, height: float) -> None:
    stroke, fill = _paint(canvas, c.stroke, c.fill, c.width)
    canvas.circle(c.cx * MM, (height - c.cy) * MM, c.r * MM, stroke=stroke, fill=fill)


def _text(canvas, t: Text, height: float) -> None:
    canvas.setFillColor(t.fill)
    canvas.setFont(BOLD if t.bold else REGULAR, t.size * MM)
    draw = {
        "start": canvas.drawString,
        "middle": canvas.drawCentredString,
        "end": canvas.drawRightString,
    }[t.anchor]
    draw(t.x * MM, (height - t.y) * MM, for_drawing(t.text))  # Arabic joined, in visual order


_DRAW = {Rect: _rect, Polyline: _polyline, Circle: _circle, Text: _text}


def _draw(canvas, shape: Shape, height: float) -> None:
    _DRAW[type(shape)](canvas, shape, height)


def to_pdf(pages: Sequence[Page], title: str = "vvlab") -> bytes:
    """The pages as one PDF document (bytes), each page its own size."""
    _register_fonts()
    from reportlab.pdfgen.canvas import Canvas

    buffer = io.BytesIO()
    size = (pages[0].width * MM, pages[0].height * MM)
    # invariant: the same input gives the same bytes; the initial font is ours, so no
    # unembedded Helvetica is listed
    canvas = Canvas(buffer, pagesize=size, invariant=1, initialFontName=REGULAR)
    canvas.setTitle(title)
    canvas.setCreator("vvlab")
    for page in pages:
        canvas.setPageSize((page.width * MM, page.height * MM))
        for shape in page.shapes:
            _draw(canvas, shape, page.height)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()
