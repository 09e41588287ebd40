""" "Print sheet" in the map editor: :class:`PrintBar` writes the city being edited as
a sheet to print and play on (:func:`vvlab.printing.write_sheet`: PDF, or SVG for a
``.svg`` path), next to where the editor saves the city; an existing file only after
a confirm. A city too cramped to print readably is refused with the stations that
crowd each other and what to do (the message names them). Laying the sheet out can
take a while (above all with "schematic layout first"): it runs in the background with
progress and Cancel (:class:`~vvlab.widgets.job.Job`), stops within a step of its work
when cancelled, and writes the file only if not cancelled."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, row
from vvlab.widgets.editor.bends import station_name
from vvlab.widgets.editor.history import EditError
from vvlab.widgets.editor.lines import line_name
from vvlab.widgets.job import Job

if TYPE_CHECKING:
    from vvlab.printing.plan import SheetLayoutError
    from vvlab.widgets.editor.host import Editor

PAPERS = ("a4", "letter")
SHOWN = 6
"""How many crowded stations a refusal names."""


class PrintBar:
    """The sheet's path, paper, "schematic first" and "Print sheet"; the printing runs
    in the background (``job``: progress, Cancel, and the bar's own messages)."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.sheet_path = w.Text(description="sheet", layout=w.Layout(width="360px"))
        self.sheet_paper = w.Dropdown(options=PAPERS, value="a4", description="paper",
                                      layout=w.Layout(width="160px"))  # fmt: skip
        self.sheet_schematic = w.Checkbox(False, description="schematic layout first",
                                          indent=False, layout=w.Layout(width="auto"))  # fmt: skip
        self.print_button = button(
            "Print sheet",
            reads=[
                (self.sheet_path, "value"),
                (self.sheet_paper, "index"),
                (self.sheet_schematic, "value"),
            ],
            icon="print",
        )
        self.job = Job(self.print_button, "printing the sheet", describe=self.describe,
                       percent=True)  # fmt: skip
        self.print_button.on_click(lambda _: self._print(False))
        self.confirm_print_button = button("Overwrite", button_style="warning")
        self.confirm_print_button.layout.display = "none"
        self.confirm_print_button.on_click(lambda _: self._print(True))
        self.print_message = self.job.message
        parts = [self.sheet_path, self.sheet_paper, self.sheet_schematic, self.print_button]
        parts += [self.confirm_print_button, *self.job.controls]
        self.box = w.VBox([row(*parts), self.print_message])

    def default_path(self) -> Path:
        """``<folder>/<id>-sheet.pdf``, beside the city's own file."""
        saved = self.editor.controller.default_path()
        return saved.with_name(f"{saved.stem}-sheet.pdf")

    def _print(self, confirmed: bool) -> None:
        self.editor.act(self.print_sheet, confirmed, at=self.print_message)

    def print_sheet(self, confirmed: bool) -> None:
        """Lay the sheet out in the background, then write it unless cancelled
        (``FileExistsError`` asks for a confirm first)."""
        from vvlab.printing.sheet import check_sheet_target, sheet_data

        self.confirm_print_button.layout.display = "none"
        path = Path(self.sheet_path.value.strip() or self.default_path())
        city = self.editor.controller.valid_city()
        try:
            check_sheet_target(path, overwrite=confirmed)
        except FileExistsError as err:
            self.confirm_print_button.description = f"Overwrite {path.name}"
            self.confirm_print_button.layout.display = None
            raise EditError(
                f'{path.name} exists: press "Overwrite {path.name}" to replace it'
            ) from err
        paper, schematic = self.sheet_paper.value, self.sheet_schematic.value

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            step(0, 1)  # the schematic layout, if ticked, tells of its own steps
            page = {"paper": paper, "schematic": schematic}
            data = sheet_data(city, path, progress=step, cancel=cancelled, **page)
            step(1, 1)
            return data

        self.job.start(work, lambda data: self._write(path, data, confirmed))

    def _write(self, path: Path, data: Any, confirmed: bool) -> str:
        from vvlab.model.files import atomic_write

        try:
            written = atomic_write(path, data, overwrite=confirmed)
        except FileExistsError as err:  # written meanwhile by someone else
            self.confirm_print_button.description = f"Overwrite {path.name}"
            self.confirm_print_button.layout.display = None
            raise EditError(f'{path.name} exists: press "Overwrite {path.name}"') from err
        return f"sheet written to {written}"

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the printing in the background has ended."""
        self.job.wait(timeout)

    def describe(self, err: Exception) -> str:
        """An error of the printing as the bar says it: a refusal names the crowded
        stations (:meth:`refusal`)."""
        from vvlab.printing.plan import SheetLayoutError

        if isinstance(err, SheetLayoutError):
            return self.refusal(err)
        return self.editor.error_text(err)

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
