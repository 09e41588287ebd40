"""``vvlab sheet`` and ``vvlab cards``: a city's sheet and a ruleset's deck to print.

Both write a vector PDF (``vvlab sheet`` an SVG when ``--out`` ends in ``.svg``),
atomically, and refuse an existing file unless ``--force`` is given. A city too
cramped for readable station boxes stops with exit status 2 and names the stations.
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TextIO

PAPER_CHOICES = ("a4", "letter")
"""The paper sizes of ``--paper`` (the page of a sheet is landscape, of cards portrait)."""


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``sheet`` and ``cards`` to the ``vvlab`` parser's subcommands."""
    sheet = sub.add_parser(
        "sheet",
        help="write a printable sheet of a city (PDF, or SVG)",
        description="Write a city's sheet, ready to print: the plan with a box for every "
        "station, the wagons, the score area and the rules in short. A PDF (one landscape "
        "page a copy), or an SVG when --out ends in .svg.",
    )
    sheet.add_argument("map", help="built-in map name or .json file")
    sheet.add_argument("--out", default=None, help="the file to write (default MAP.pdf)")
    _add_paper(sheet)
    sheet.add_argument("--copies", type=int, default=1, help="pages in the PDF (default 1)")
    sheet.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    sheet.add_argument(
        "--schematic",
        action="store_true",
        help="lay the city out schematically first (for cities too cramped to print as drawn)",
    )
    sheet.add_argument("--force", action="store_true", help="replace an existing --out file")
    sheet.set_defaults(run=cmd_sheet)
    cards = sub.add_parser(
        "cards",
        help="write a ruleset's deck as cards to cut out (PDF)",
        description="Write the cards of a ruleset's deck, nine to a page, to cut out and "
        "play-test a ruleset.",
    )
    cards.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    _add_paper(cards)
    cards.add_argument("--out", default="cards.pdf", help="the PDF to write (default cards.pdf)")
    cards.add_argument("--force", action="store_true", help="replace an existing --out file")
    cards.set_defaults(run=cmd_cards)


def _add_paper(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--paper", type=str.lower, choices=PAPER_CHOICES, default="a4", help="paper size"
    )


def cmd_sheet(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab sheet``: lay the city out, check it, write the file."""
    from vvlab.printing import SheetLayoutError, write_sheet

    path = args.out or f"{Path(args.map).stem}.pdf"
    try:
        written = write_sheet(
            args.map,
            path,
            paper=args.paper,
            copies=args.copies,
            ruleset=args.ruleset,
            schematic=args.schematic,
            overwrite=args.force,
        )
    except SheetLayoutError as err:  # said as the command line asks for the layout
        raise SheetLayoutError(
            err.told("--schematic"), err.pairs, err.covers, err.unplaced
        ) from None
    out.write(f"sheet written to {written}\n")
    return 0


def cmd_cards(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab cards``: the ruleset's deck as cards to cut out."""
    from vvlab.printing import write_cards

    written = write_cards(args.out, ruleset=args.ruleset, paper=args.paper, overwrite=args.force)
    out.write(f"cards written to {written}\n")
    return 0
