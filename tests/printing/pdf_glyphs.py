"""The strings a PDF page draws, each as its glyphs' characters in drawing order (left
to right), read from the content stream and each font's ToUnicode map: unlike a text
extractor, nothing is put back into reading order."""

from __future__ import annotations

import re

from pypdf.generic import ContentStream

_ENTRY = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")
_RANGE = re.compile(rb"<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>\s*<([0-9A-Fa-f]+)>")


def _to_unicode(font) -> dict[int, str]:
    """A simple (one byte a glyph) font's codes and their characters."""
    cmap = font["/ToUnicode"].get_object().get_data()
    codes: dict[int, str] = {}
    for block in re.findall(rb"beginbfchar(.*?)endbfchar", cmap, re.S):
        for code, text in _ENTRY.findall(block):
            codes[int(code, 16)] = bytes.fromhex(text.decode()).decode("utf-16-be")
    for block in re.findall(rb"beginbfrange(.*?)endbfrange", cmap, re.S):
        for first, last, start in _RANGE.findall(block):
            for k in range(int(first, 16), int(last, 16) + 1):
                codes[k] = chr(int(start, 16) + k - int(first, 16))
    return codes


def drawn_strings(reader, page_number: int = 0) -> list[str]:
    """Every string shown on the page (``Tj``), decoded glyph by glyph, in order."""
    page = reader.pages[page_number]
    fonts = page["/Resources"]["/Font"]
    maps = {name: _to_unicode(fonts[name].get_object()) for name in fonts}
    current: dict[int, str] = {}
    out = []
    for operands, operator in ContentStream(page.get_contents(), reader).operations:
        if operator == b"Tf":
            current = maps[operands[0]]
        elif operator == b"Tj":
            raw = operands[0].get_original_bytes()
            out.append("".join(current.get(code, "\ufffd") for code in raw))
    return out
