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

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor

PAPERS = ("a4", "letter")


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
        except FileExistsError:
            self.confirm_print_button.description = f"Overwrite {path.name}"
            self.confirm_print_button.layout.display = None
            raise
        self.editor.message.value = message_html(f"sheet written to {written}")

    def refresh(self) -> None:
        """The path field offers where the sheet goes by default."""
        self.sheet_path.placeholder = str(self.default_path())
