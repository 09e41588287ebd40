"""Fit the CLI's text to a terminal width (80 columns unless told)."""

from __future__ import annotations

import re
import shutil
import textwrap

WIDTH = 80
"""The width every command's output fits."""


def terminal_width() -> int:
    """The terminal's width (``COLUMNS`` when set), at least :data:`WIDTH`; 80 when
    the output is no terminal.

    >>> import os
    >>> os.environ["COLUMNS"] = "200"; terminal_width()
    200
    >>> os.environ["COLUMNS"] = "40"; terminal_width()
    80
    >>> del os.environ["COLUMNS"]
    """
    return max(WIDTH, shutil.get_terminal_size((WIDTH, 24)).columns)


_COLUMN = re.compile(r" {2,}(?=\S)")


def _hang(line: str, width: int) -> int:
    """The indent of a wrapped line's continuation: the start of its last column (after
    a run of two or more spaces) within the width, else its own indent plus four."""
    own = len(line) - len(line.lstrip(" "))
    starts = [m.end() for m in _COLUMN.finditer(line, own) if m.end() < width]
    start = starts[-1] if starts else own + 4
    return start if start <= width // 2 else own + 4


def fit_line(line: str, width: int = WIDTH) -> str:
    """One line wrapped at spaces to ``width``; the continuation lines are indented to
    its last column (or by four).

    >>> print(fit_line("U1   U1  6/4  Uhland - Kudamm - Wittenberg - Nollendorf", width=32))
    U1   U1  6/4  Uhland - Kudamm -
                  Wittenberg -
                  Nollendorf
    """
    if len(line) <= width:
        return line
    hang = _hang(line, width)
    head, tail = line[:hang], _protect(line[hang:])
    wrapper = textwrap.TextWrapper(
        width=width, subsequent_indent=" " * hang, break_on_hyphens=False
    )
    return "\n".join(w.replace(_KEEP, " ") for w in wrapper.wrap(head + tail))


_KEEP = "\xa0"  # a space that textwrap does not break at


def _protect(items: str) -> str:
    """A list of names (``A - B - C`` or ``A[X] B[ ]``) breakable only between its
    items, so that no name (``Hallesches Tor``) is cut in two."""
    for sep, mark in ((" - ", f"{_KEEP}-\x02"), ("] ", "]\x02")):
        if sep in items:
            items = items.replace(sep, mark)
            break
    else:
        return items
    return items.replace(" ", _KEEP).replace("\x02", " ")


def _is_prose(block: list[str]) -> bool:
    return all(line and line[0] != " " and not _COLUMN.search(line) for line in block)


def fit(text: str, width: int = WIDTH) -> str:
    """``text`` within ``width`` columns: a paragraph of prose (lines without indent or
    columns, between blank lines; a short first line stays as a title) is refilled, any
    other long line wrapped by :func:`fit_line`. Text that fits comes back unchanged.

    >>> print(fit("A city of our own with four lines\\nand twelve stations.", width=24))
    A city of our own with
    four lines and twelve
    stations.
    """
    lines = text.split("\n")
    if all(len(line) <= width for line in lines):
        return text
    out: list[str] = []
    block: list[str] = []

    def flush() -> None:
        if block and _is_prose(block) and any(len(b) > width for b in block):
            if len(block) > 1 and len(block[0]) < width // 2:  # a title line stays
                out.append(block.pop(0))
            out.extend(textwrap.wrap(" ".join(block), width=width, break_on_hyphens=False))
        else:
            out.extend(fit_line(b, width) for b in block)
        block.clear()

    for line in lines:
        if line.strip():
            block.append(line)
        else:
            flush()
            out.append(line)
    flush()
    return "\n".join(out)
