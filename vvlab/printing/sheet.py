"""A city's sheet: one landscape page with the plan, the wagons, the score area and
the rules in short; :func:`write_sheet` writes it as PDF or SVG.

>>> import tempfile, vvlab
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> write_sheet("tutorial", folder / "tutorial.svg").read_text()[:38]
'<?xml version="1.0" encoding="UTF-8"?>'
>>> write_sheet("tutorial", folder / "tutorial.pdf", copies=2).stat().st_size > 10_000
True
>>> write_sheet("tutorial", folder / "tutorial.pdf")
Traceback (most recent call last):
...
vvlab.model.files.TargetExists: ... exists (pass overwrite=True to replace it)
"""

from __future__ import annotations

import os
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vvlab.model.steps import Cancel, Report, Steps
from vvlab.printing.fit import cut, fit
from vvlab.printing.fonts import check_drawable, text_width
from vvlab.printing.page import GREY, Page, Text, check_format, paper_size
from vvlab.printing.panel import layout_panel
from vvlab.printing.plan import ADVICE, SCHEMATIC_ADVICE, PlanLayout, layout_plan

if TYPE_CHECKING:
    from vvlab.engine.rulesets import Ruleset
    from vvlab.model.citymap import CityMap

__all__ = ["check_sheet_target", "layout_sheet", "sheet_data", "sheet_page", "write_sheet"]

MARGIN = 8.0
"""Free mm around the page's edge (most printers cannot print closer)."""
PANEL = 89.0
"""The width of the panel beside the plan, mm."""
HEADER = 14.0
"""The height of the title strip, mm."""
TITLE_SIZES = (7.0, 6.5, 6.0, 5.5, 5.0, 4.5)
"""Font sizes (mm) a city's name tries on one line, largest first."""
SUBTITLE = 2.8
"""The font size (mm) of the line under the title."""
TWO_LINE_TITLE = 4.0
"""The font size (mm) of a city's name too long for one line at the smallest of
:data:`TITLE_SIZES`."""
MAX_COPIES = 100


def layout_sheet(
    city: CityMap, ruleset: Ruleset, paper: str = "a4", schematic: bool = False
) -> tuple[Page, PlanLayout]:
    """The sheet's page (landscape ``paper``) and its plan layout; ``schematic`` says
    the city was laid out schematically already (for the advice of an error)."""
    size = paper_size(paper)
    width, height = size.landscape
    page = Page(width, height, title=city.name)
    panel_x = width - MARGIN - PANEL
    plan_area = (MARGIN, MARGIN + HEADER, panel_x - 4.0, height - MARGIN)
    advice = SCHEMATIC_ADVICE if schematic else ADVICE
    plan = layout_plan(city, plan_area, f"on {size.name.upper()}", advice)
    page.add(*header(city.name, ruleset.name, panel_x - 4.0 - MARGIN))
    page.add(*plan.shapes)
    page.add(*layout_panel(city, ruleset, (panel_x, MARGIN, width - MARGIN, height - MARGIN)))
    return page, plan


def header(title: str, ruleset: str, width: float) -> list[Text]:
    """The title strip, no wider than ``width`` mm: the city's name in bold, at the
    largest of :data:`TITLE_SIZES` that holds it on one line, else on two lines at
    :data:`TWO_LINE_TITLE` (the second cut short with an ellipsis if need be); under it
    the game, the ruleset and a line for the player's name.

    >>> [(t.text, t.size) for t in header("Tutorial", "voll-verplant", 190.0)][0]
    ('Tutorial', 7.0)
    >>> [(t.text, t.size) for t in header("Rhein-Ruhr " * 12, "x", 190.0)][:2]
    ... # doctest: +NORMALIZE_WHITESPACE
    [('Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr', 4.0),
     ('Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr Rhein-Ruhr', 4.0)]
    """
    one = fit(title, width, TITLE_SIZES, lines=1, bold=True)
    if one.lines == (title,):
        shapes = [Text(MARGIN, MARGIN + 7.0, title, one.size, bold=True)]
    else:
        two = fit(title, width, (TWO_LINE_TITLE,), lines=2, bold=True)
        step = TWO_LINE_TITLE * 1.15
        shapes = [
            Text(MARGIN, MARGIN + 3.6 + k * step, line, two.size, bold=True)
            for k, line in enumerate(two.lines)
        ]
    subtitle = "Voll verplant / Metro X · ruleset {} · player: ______________"
    room = width - text_width(subtitle.format(""), SUBTITLE)
    subtitle = subtitle.format(cut(ruleset, room, SUBTITLE))
    return [*shapes, Text(MARGIN, MARGIN + 12.0, subtitle, SUBTITLE, fill=GREY)]


def sheet_page(
    city: Any,
    *,
    paper: str = "a4",
    ruleset: Any = "voll-verplant",
    schematic: bool = False,
    progress: Report | None = None,
    cancel: Cancel = None,
) -> Page:
    """The sheet of ``city`` (a built-in name, a path, a dict or a ``CityMap``) as a
    :class:`~vvlab.printing.page.Page`, checked but not written; ``progress`` and
    ``cancel`` go to the schematic layout (:class:`~vvlab.model.steps.Steps`)."""
    from vvlab.engine.rulesets import get_ruleset
    from vvlab.model import load_map

    paper_size(paper)
    rules = get_ruleset(ruleset)
    city = load_map(city)
    check_drawable(drawn_names(city, rules))
    if schematic:
        from vvlab.design import schematic as lay_out  # the design layer only when asked

        city = lay_out(city, progress=progress, cancel=cancel)
    page, plan = layout_sheet(city, rules, paper, schematic)
    if plan.names_left_out:
        warnings.warn(_unnamed_text(city, plan.names_left_out, paper), SheetWarning, stacklevel=2)
    return page


def drawn_names(city: CityMap, ruleset: Ruleset) -> Iterator[tuple[str, str, bool]]:
    """The names a sheet prints, each with where it is and whether it is bold (the
    entries :func:`~vvlab.printing.fonts.check_drawable` checks)."""
    yield city.name, "the city's name, the sheet's title", True
    yield ruleset.name, "the ruleset's name", False
    for line in city.lines:
        yield line.id, f"the id of line {line.name!r}", True
    for station in city.stations.values():
        yield station.name, f"station {station.name!r}", False


class SheetWarning(UserWarning):
    """The sheet printed, but some station names found no room on it."""


def _unnamed_text(city: CityMap, left_out: tuple[str, ...], paper: str) -> str:
    names = ", ".join(city.stations[sid].name for sid in left_out)
    return (
        f"{city.name} on {paper.upper()}: no room for the names of {len(left_out)} stations "
        f"({names}); their boxes are printed unnamed: write the names in, or use larger paper"
    )


def write_sheet(
    city: Any,
    path: str | os.PathLike[str],
    *,
    paper: str = "a4",
    copies: int = 1,
    ruleset: Any = "voll-verplant",
    schematic: bool = False,
    overwrite: bool = False,
) -> Path:
    """Write a printable sheet of ``city``: a vector PDF, or an SVG when ``path`` ends
    in ``.svg``.

    Parameters
    ----------
    city
        A built-in map name, a ``.json`` path, a map dict or a ``CityMap``.
    path
        The file to write; an existing one is refused unless ``overwrite``.
    paper
        ``"a4"`` or ``"letter"``; the page is landscape.
    copies
        Pages in the PDF, each a copy of the sheet (an SVG holds one).
    ruleset
        The ruleset whose penalty, rules and deck the sheet shows.
    schematic
        Lay the city out with :func:`vvlab.design.schematic` first, for cities whose
        own coordinates are too cramped for the station boxes.

    Returns
    -------
    Path
        ``path``.

    Raises
    ------
    SheetLayoutError
        The stations are too close for readable boxes (the pairs are named).
    SheetTextError
        A name holds letters the font cannot draw (Chinese, Japanese, Korean, emoji):
        they are named, with their station.
    ValueError, MapError, FileExistsError, WriteRefused
        Bad arguments, a bad map, or a target that may not be written; nothing is
        written then.
    """
    from vvlab.model.files import atomic_write

    check_sheet_target(path, copies, overwrite)
    data = sheet_data(city, path, copies, paper=paper, ruleset=ruleset, schematic=schematic)
    return atomic_write(path, data, overwrite=overwrite)


def check_sheet_target(
    path: str | os.PathLike[str], copies: int = 1, overwrite: bool = False
) -> None:
    """What :func:`write_sheet` checks before any work: the format of ``path``, the
    number of copies, and that ``path`` may be written (``FileExistsError``: it exists
    and ``overwrite`` is not set)."""
    from vvlab.model.files import check_target

    check_format(path)
    _check_copies(copies, str(path).lower().endswith(".svg"))
    check_target(path, overwrite)


def sheet_data(
    city: Any,
    path: str | os.PathLike[str],
    copies: int = 1,
    *,
    cancel: Cancel = None,
    **page: Any,
) -> str | bytes:
    """What :func:`write_sheet` writes to ``path``, not written: the SVG's text, or
    the PDF's bytes (``copies`` pages); ``page`` holds :func:`sheet_page`'s options
    (``paper``, ``ruleset``, ``schematic``, ``progress``); ``cancel`` is looked at
    between steps (:class:`~vvlab.model.steps.Steps`). The long part of printing (the
    layout), apart from the writing, so that a view can run it in the background and
    write only if the user did not cancel.

    >>> sheet_data("tutorial", "t.svg", paper="letter")[:5]
    '<?xml'
    """
    from vvlab.printing.pdf import to_pdf
    from vvlab.printing.svg import to_svg

    sheet = sheet_page(city, cancel=cancel, **page)
    Steps(cancel=cancel, what="the sheet").check()
    if str(path).lower().endswith(".svg"):
        return to_svg(sheet)
    return to_pdf([sheet] * copies, title=sheet.title)


def _check_copies(copies: int, svg: bool) -> None:
    if type(copies) is not int or not 1 <= copies <= MAX_COPIES:
        raise ValueError(f"copies must be a whole number from 1 to {MAX_COPIES}, got {copies!r}")
    if svg and copies != 1:
        raise ValueError("an SVG holds one sheet: give copies only for a PDF")
