""" "Print sheet" in the map editor: :class:`PrintBar` writes the city being edited as
a sheet to print and play on (:func:`vvlab.printing.write_sheet`: PDF, or SVG for a
``.svg`` path), next to where the editor saves the city; an existing file only after
a confirm. A city too cramped to print readably is refused with the stations that
crowd each other and what to do (the message names them)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

import ipywidgets as w

from vvlab.widgets.controls import button, message_html, row
from vvlab.widgets.editor.bends import station_name
from vvlab.widgets.editor.history import EditError
from vvlab.widgets.editor.lines import line_name

if TYPE_CHECKING:
    from vvlab.printing.plan import SheetLayoutError
    from vvlab.widgets.editor.host import Editor

PAPERS = ("a4", "letter")
SHOWN = 6
"""How many crowded stations a refusal names."""


class PrintBar:
    """The sheet's path, paper, "schematic first" and "Print sheet"."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.sheet_path = w.Text(description="sheet", layout=w.Layout(width="420px"))
        self.sheet_paper = w.Dropdown(options=PAPERS, value="a4", description="paper",
                                      layout=w.Layout(width="160px"))  # fmt: skip
        self.sheet_schematic = w.Checkbox(False, description="schematic layout first",
                                          indent=False, layout=w.Layout(width="auto"))  # fmt: skip
        self.print_button = button("Print sheet", icon="print")
        self.print_button.on_click(lambda _: editor.act(self.print_sheet, False))
        self.confirm_print_button = button("Overwrite", button_style="warning")
        self.confirm_print_button.layout.display = "none"
        self.confirm_print_button.on_click(lambda _: editor.act(self.print_sheet, True))
        parts = [self.sheet_path, self.sheet_paper, self.sheet_schematic, self.print_button]
        self.box = row(*parts, self.confirm_print_button)

    def default_path(self) -> Path:
        """``<folder>/<id>-sheet.pdf``, beside the city's own file."""
        saved = self.editor.controller.default_path()
        return saved.with_name(f"{saved.stem}-sheet.pdf")

    def print_sheet(self, confirmed: bool) -> None:
        """Write the sheet (``FileExistsError`` asks for a confirm first)."""
        from vvlab.printing import write_sheet
        from vvlab.printing.plan import SheetLayoutError

        self.confirm_print_button.layout.display = "none"
        path = Path(self.sheet_path.value.strip() or self.default_path())
        city = self.editor.controller.valid_city()
        try:
            written = write_sheet(
                city,
                path,
                paper=self.sheet_paper.value,
                schematic=self.sheet_schematic.value,
                overwrite=confirmed,
            )
        except FileExistsError as err:
            self.confirm_print_button.description = f"Overwrite {path.name}"
            self.confirm_print_button.layout.display = None
            raise EditError(
                f'{path.name} exists: press "Overwrite {path.name}" to replace it'
            ) from err
        except SheetLayoutError as err:
            raise EditError(self.refusal(err)) from err
        self.editor.message.value = message_html(f"sheet written to {written}")

    def refusal(self, err: SheetLayoutError) -> str:
        """Why the city does not print readably, with the names of its stations and
        lines, and what to do in the editor (the printing's advice, asked the
        editor's way)."""
        from vvlab.printing.plan import ADVICE, LAY_OUT, SCHEMATIC_ADVICE

        data = self.editor.controller.history.data
        name = data.get("name") or data.get("id")
        paper = "Letter" if self.sheet_paper.value == "letter" else "A4"
        found = [
            f"{station_name(data, a)} and {station_name(data, b)} are {d:g} mm apart"
            for a, b, d in err.pairs[:SHOWN]
        ]
        found += [
            f"{station_name(data, sid)} sits on line {line_name(data, lid)} (no stop there)"
            for sid, lid in err.covers[:SHOWN]
        ]
        if err.unplaced:
            names = ", ".join(line_name(data, lid) for lid in err.unplaced)
            found.append(f"no room for the names of lines {names} at their ends")
        more = len(err.pairs[SHOWN:]) + len(err.covers[SHOWN:])
        listed = "; ".join(found) + (f"; and {more} more" if more > 0 else "")
        advice = SCHEMATIC_ADVICE if self.sheet_schematic.value else ADVICE
        lay_out = '"schematic layout first" ticked (or press "Tidy layout")'
        return f"{name} does not print readably on {paper}: {listed}. " + advice.replace(
            LAY_OUT, lay_out
        )

    def refresh(self) -> None:
        """The path field offers where the sheet goes by default."""
        self.sheet_path.placeholder = str(self.default_path())
