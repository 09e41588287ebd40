"""The SVG backend: a :class:`~vvlab.printing.page.Page` as SVG text in millimetres.

The document's ``width`` and ``height`` are in mm and its ``viewBox`` in mm, so one
user unit is one millimetre at print size. Rectangles keep their ``data`` as
``data-*`` attributes (``data-station``, ``data-line``, ``data-box``), so a sheet can
be checked by machine.

>>> from vvlab.printing.page import Page, Rect, Text
>>> page = Page(20.0, 10.0, [Rect(1, 1, 6, 6, data={"station": "a"}), Text(8, 5, "A & B")])
>>> print(to_svg(page))  # doctest: +ELLIPSIS
<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" width="20mm" height="10mm" viewBox="0 0 20 10" ...>
<rect x="1" y="1" width="6" height="6" fill="none" stroke="#000000" ... data-station="a"/>
<text x="8" y="5" font-size="3" fill="#000000">A &amp; B</text>
</svg>
"""

from __future__ import annotations

from xml.sax.saxutils import escape, quoteattr

from vvlab.printing.fonts import FAMILY
from vvlab.printing.page import Circle, Page, Polyline, Rect, Shape, Text

__all__ = ["to_svg"]

_ANCHOR = {"start": "", "middle": ' text-anchor="middle"', "end": ' text-anchor="end"'}


def _num(value: float) -> str:
    """A coordinate with at most 3 decimals, no trailing zeros."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _paint(stroke: str | None, fill: str | None, width: float) -> str:
    out = f' fill="{fill or "none"}"'
    if stroke:
        out += f' stroke="{stroke}" stroke-width="{_num(width)}"'
    return out


def _rect(r: Rect) -> str:
    corners = f' rx="{_num(r.radius)}"' if r.radius else ""
    data = "".join(f" data-{k}={quoteattr(str(v))}" for k, v in r.data.items())
    return (
        f'<rect x="{_num(r.x)}" y="{_num(r.y)}" width="{_num(r.w)}" height="{_num(r.h)}"'
        f"{corners}{_paint(r.stroke, r.fill, r.width)}{data}/>"
    )


def _polyline(p: Polyline) -> str:
    tag = "polygon" if p.closed else "polyline"
    points = " ".join(f"{_num(x)},{_num(y)}" for x, y in p.points)
    dash = f' stroke-dasharray="{" ".join(_num(d) for d in p.dash)}"' if p.dash else ""
    joins = ' stroke-linejoin="round" stroke-linecap="round"'
    return f'<{tag} points="{points}"{_paint(p.stroke, p.fill, p.width)}{dash}{joins}/>'


def _circle(c: Circle) -> str:
    centre = f'cx="{_num(c.cx)}" cy="{_num(c.cy)}" r="{_num(c.r)}"'
    return f"<circle {centre}{_paint(c.stroke, c.fill, c.width)}/>"


def _text(t: Text) -> str:
    weight = ' font-weight="bold"' if t.bold else ""
    return (
        f'<text x="{_num(t.x)}" y="{_num(t.y)}" font-size="{_num(t.size)}"{weight}'
        f'{_ANCHOR[t.anchor]} fill="{t.fill}">{escape(t.text)}</text>'
    )


def _shape(shape: Shape) -> str:
    if isinstance(shape, Rect):
        return _rect(shape)
    if isinstance(shape, Polyline):
        return _polyline(shape)
    if isinstance(shape, Circle):
        return _circle(shape)
    return _text(shape)


def to_svg(page: Page) -> str:
    """The page as a standalone SVG document."""
    w, h = _num(page.width), _num(page.height)
    head = (
        '<?xml version="1.0" encoding="UTF-8"?>\n'
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}mm" height="{h}mm" '
        f'viewBox="0 0 {w} {h}" font-family="{FAMILY}, Verdana, sans-serif">'
    )
    return "\n".join([head, *(_shape(s) for s in page.shapes), "</svg>"]) + "\n"
