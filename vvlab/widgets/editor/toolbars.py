"""The rows of controls of the map editor, one object per row: each builds its
widgets, says what its buttons do and shows the controller's state in them.

Every bar holds the editor it belongs to (``editor``, seen through the protocol
:class:`~vvlab.widgets.editor.host.Editor`): it acts through ``editor.act`` (an
expected error becomes a message, one redraw) on ``editor.controller``; ``box`` is its
place in the editor's layout and ``refresh()`` shows the controller's state. The bar of the lines is
:class:`~vvlab.widgets.editor.line_bar.LineBar`.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.model import builtin_maps
from vvlab.widgets.controls import button, message_html, number, row, text
from vvlab.widgets.editor.bends import station_name
from vvlab.widgets.editor.files import BLANK, OTHER, opened_source
from vvlab.widgets.editor.history import EditError
from vvlab.widgets.job import message_area

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor

MODES = ("select", "add station", "move", "draw line")
"""What a click on the canvas does."""


def _sources(
    builtins: list[str], extra: list[tuple[str, str]] | None = None
) -> list[tuple[str, str]]:
    return [("blank city", BLANK), *((n, n) for n in builtins), *(extra or [])]


class OpenBar:
    """Open a blank city, a copy of a built-in city or a file; generate a city. The
    "open" dropdown shows what is open.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> bar = MapEditor().open_bar
    >>> bar.source_select.value = "tutorial"; bar.open_button.click()
    >>> bar.editor.controller.data["id"], bar.source_select.value
    ('tutorial-copy', 'tutorial')
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.builtins = builtin_maps()  # looked up once: the folder is read on every call
        self.source_select = w.Dropdown(options=_sources(self.builtins), description="open")
        self.open_button = button("Open", reads=[(self.source_select, "index")])
        self.open_button.on_click(lambda _: editor.act(self._open, at=self.open_message))
        self.open_path = text("file", placeholder="path/to/city.json")
        self.open_file_button = button("Open file", reads=[(self.open_path, "value")])
        self.open_file_button.on_click(lambda _: editor.act(self._open_file, at=self.open_message))
        self.gen_lines = number("lines", 10)
        self.gen_stations = number("stations", 80)
        self.gen_seed = number("seed", 0)
        self.generate_button = button(
            "Generate",
            reads=[(f, "value") for f in (self.gen_lines, self.gen_stations, self.gen_seed)],
        )
        self.generate_button.on_click(
            lambda _: editor.act(self._ask_generate, at=self.open_message)
        )
        self.confirm_generate_button = button("Replace the city", button_style="warning")
        self.confirm_generate_button.layout.display = "none"
        self.confirm_generate_button.on_click(
            lambda _: editor.act(self._generate, at=self.open_message)
        )
        self._asking = False
        self._source_shown: Any = ()
        parts = [self.source_select, self.open_button, self.open_path, self.open_file_button]
        gen = [self.gen_lines, self.gen_stations, self.gen_seed, self.generate_button]
        gen.append(self.confirm_generate_button)
        self.open_message = message_area()
        self.box = w.VBox([row(*parts), row(*gen), self.open_message])

    def _open(self) -> None:
        if self.source_select.value == OTHER:
            raise EditError("that city is open already: pick a built-in city or blank city")
        value = self.source_select.value
        self.editor.controller.load(None if value == BLANK else value)
        self._opened()

    def _open_file(self) -> None:
        self.editor.controller.load(self.open_path.value.strip())
        self._opened()

    def _opened(self) -> None:
        """Another city is open: nothing selected, the view fitted to it (the view
        otherwise changes only when the user asks)."""
        self.editor.selected = None
        self.editor.painter.fit()

    def _ask_generate(self) -> None:
        """Generate at once over a city as opened or saved; ask first before replacing
        edits (undo would still bring them back)."""
        if not self.editor.controller.modified:
            self._generate()
            return
        self._asking = True
        self.confirm_generate_button.layout.display = None
        self.open_message.value = message_html(
            'Generate replaces this city and its edits: press "Replace the city" to go on '
            "(Undo brings them back)"
        )

    def _generate(self) -> None:
        values = (self.gen_lines.value, self.gen_stations.value, self.gen_seed.value)
        self.editor.controller.load_generated(*values)
        self._opened()

    def refresh(self) -> None:
        """Show in "open" what is open; only when that changed, so that a city picked
        there (but not opened yet) stays picked while editing. Nothing observes the
        dropdown: setting it never opens anything. The confirm of "Generate" shows only
        right after it was asked for."""
        if not self._asking:
            self.confirm_generate_button.layout.display = "none"
        self._asking = False
        shown = opened_source(self.editor.controller.history.data, self.builtins)
        if shown == self._source_shown:
            return
        self._source_shown = shown
        value, label = shown
        self.source_select.options = _sources(
            self.builtins, [(label, OTHER)] if value == OTHER else []
        )
        self.source_select.value = value


class CityBar:
    """The city's id and name.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> bar = MapEditor().city_bar
    >>> bar.city_id.value = "ring"; bar.apply_city_button.click()
    >>> bar.editor.controller.data["id"]
    'ring'
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.city_id = text("city id")
        self.city_name = text("name")
        self.apply_city_button = button(
            "Set city id/name", reads=[(self.city_id, "value"), (self.city_name, "value")]
        )
        self.apply_city_button.on_click(
            lambda _: editor.act(self._apply_city, at=self.city_message)
        )
        self.city_message = message_area()
        self.box = w.VBox(
            [row(self.city_id, self.city_name, self.apply_city_button), self.city_message]
        )

    def _apply_city(self) -> None:
        self.editor.controller.set_city(id=self.city_id.value, name=self.city_name.value)

    def refresh(self) -> None:
        """Show the city's id and name."""
        data = self.editor.controller.history.data
        self.city_id.value = str(data.get("id", ""))
        self.city_name.value = str(data.get("name", ""))


class ModeBar:
    """What a click on the canvas does (:data:`MODES`), the grid step, undo and redo.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> editor = MapEditor()
    >>> editor.mode_bar.mode.value = "add station"
    >>> editor.click_grid(2.2, 3.4); editor.mode_bar.undo_button.disabled
    False
    >>> editor.mode_bar.undo_button.click(); editor.mode_bar.redo_button.disabled
    False
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        controller = editor.controller
        self.mode = w.ToggleButtons(
            options=list(MODES), value="select", tooltips=[f"mode: {m}" for m in MODES]
        )
        self.mode.style.button_width = "auto"  # as wide as their words: one row with the rest
        self.mode.observe(lambda _: editor.act(self._mode_changed), names="value")
        self.grid_step = w.FloatText(
            value=controller.station_edits.grid_step,
            description="grid",
            layout=w.Layout(width="150px"),
        )
        self.grid_step.observe(lambda _: editor.act(self._grid_changed), names="value")
        self.undo_button = button("Undo", icon="undo")
        self.undo_button.on_click(lambda _: editor.act(self._step, controller.undo, "undid"))
        self.redo_button = button("Redo", icon="repeat")
        self.redo_button.on_click(
            lambda _: editor.act(self._step, controller.history.redo, "redid")
        )
        self.fit_button = button("Fit", icon="expand")
        self.fit_button.tooltip = "fit the view to every station and wagon"
        self.fit_button.on_click(lambda _: editor.act(editor.painter.fit))
        parts = [self.mode, self.grid_step, self.undo_button, self.redo_button]
        self.box = row(*parts, self.fit_button)

    def _step(self, step: Any, done: str) -> None:
        """Undo or redo, and say what: ``undid: move station Zoo``."""
        if not step():
            raise EditError("nothing to " + ("undo" if done == "undid" else "redo"))
        self.editor.message.value = message_html(
            f"{done}: {self.editor.controller.history.last_step}"
        )

    def _mode_changed(self) -> None:
        controller = self.editor.controller
        if self.mode.value != "draw line" and controller.line_edits.draft is not None:
            controller.line_edits.cancel()

    def _grid_changed(self) -> None:
        if not self.grid_step.value > 0:
            raise ValueError("the grid step must be positive")
        self.editor.controller.station_edits.grid_step = self.grid_step.value

    def refresh(self) -> None:
        """Undo and redo only while there is something to undo or redo."""
        self.undo_button.disabled = not self.editor.controller.can_undo
        self.redo_button.disabled = not self.editor.controller.history.can_redo


class StationBar:
    """The selected station: rename, pin (for "Tidy layout") or delete it.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> editor = MapEditor("tutorial")
    >>> editor.click_station("zoo"); editor.station_bar.station_name.value
    'Zoo'
    >>> editor.station_bar.delete_station_button.click(); "zoo" in editor.controller.stations
    False
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.station_label = w.HTML("no station selected")
        self.station_name = text("name")
        self.rename_button = button("Rename", reads=[(self.station_name, "value")])
        self.rename_button.on_click(lambda _: editor.act(self._rename))
        self.delete_station_button = button("Delete station", button_style="danger")
        self.delete_station_button.on_click(lambda _: editor.act(self._delete_station))
        self.pin_button = button("Pin", icon="thumb-tack")
        self.pin_button.tooltip = "keep this station where it is when tidying the layout"
        self.pin_button.on_click(lambda _: editor.act(self._pin))
        parts = [self.station_label, self.station_name, self.rename_button, self.pin_button]
        self.box = row(*parts, self.delete_station_button)
        self._shown: tuple[str | None, str] = (None, "")

    def show(self, sid: str | None) -> None:
        """Put the name of the station ``sid`` in the name field (empty for ``None``)."""
        stations = self.editor.controller.history.data["stations"]
        name = str(stations[sid].get("name", "")) if sid in stations else ""
        self.station_name.value = name
        self._shown = (sid, name)

    def _rename(self) -> None:
        sid = self.editor.selected_station()
        self.editor.controller.station_edits.rename(sid, self.station_name.value)

    def _pin(self) -> None:
        self.editor.controller.pinned ^= {self.editor.selected_station()}

    def _delete_station(self) -> None:
        self.editor.controller.station_edits.delete(self.editor.selected_station())
        self.editor.selected = None

    def refresh(self) -> None:
        """Show which station is selected, and its name when the selection or the name
        changed (a name being typed stays)."""
        sid = self.editor.selected
        shown = station_name(self.editor.controller.history.data, sid) if sid else "-"
        self.station_label.value = f"station <b>{html.escape(shown)}</b>"
        self.pin_button.description = "Unpin" if sid in self.editor.controller.pinned else "Pin"
        stations = self.editor.controller.history.data["stations"]
        name = str(stations[sid].get("name", "")) if sid in stations else ""
        if (sid, name) != self._shown:
            self.show(sid)


class DrawBar:
    """Draw a new line by clicking stations; finish or cancel it. ``mode`` is the
    canvas mode (:class:`ModeBar`'s), set to "draw line" to start; ``select_line`` shows
    a line finished in the line bar.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> editor = MapEditor("tutorial")
    >>> editor.draw_bar.start_line_button.click()
    >>> editor.click_station("zoo"); editor.click_station("lake")
    >>> editor.draw_bar.draft_label.value
    'drawing: Zoo → Lake'
    >>> editor.draw_bar.finish_line_button.click(); editor.line_bar.line_select.value
    'L1'
    """

    def __init__(self, editor: Editor, mode: w.ToggleButtons, select_line: Callable[[str], None]):
        self.editor, self.mode, self.select_line = editor, mode, select_line
        self.start_line_button = button("Draw a new line")
        self.start_line_button.on_click(lambda _: editor.act(self._start_line))
        self.finish_line_button = button("Finish line", button_style="success")
        self.finish_line_button.on_click(lambda _: editor.act(self._finish_line))
        self.cancel_line_button = button("Cancel line")
        self.cancel_line_button.on_click(lambda _: editor.act(editor.controller.line_edits.cancel))
        self.draft_label = w.HTML()
        parts = [self.start_line_button, self.finish_line_button, self.cancel_line_button]
        self.box = row(*parts, self.draft_label)

    def _start_line(self) -> None:
        self.mode.value = "draw line"
        self.editor.controller.line_edits.start()

    def _finish_line(self) -> None:
        self.select_line(self.editor.controller.line_edits.finish())

    def refresh(self) -> None:
        """Finish only a line with stations, cancel only while drawing; the route."""
        draft = self.editor.controller.line_edits.draft
        self.finish_line_button.disabled = not draft
        self.cancel_line_button.disabled = draft is None
        data = self.editor.controller.history.data
        route = html.escape(" → ".join(station_name(data, sid) for sid in draft or []))
        self.draft_label.value = "" if draft is None else f"drawing: {route or '(click stations)'}"


class SaveBar:
    """Save to a path (default ``<working folder>/<id>.json``); an existing file only
    after a confirm.

    >>> import tempfile
    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> from vvlab.widgets.editor.view import MapEditor
    >>> folder = tempfile.mkdtemp()
    >>> bar = MapEditor(controller=MapEditorController.open("tutorial", folder=folder)).save_bar
    >>> bar.save_button.click(); bar.save_button.click()
    >>> bar.confirm_overwrite_button.description
    'Overwrite the file'
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.save_path = text("save to", "360px")
        self.save_button = button(
            "Save", reads=[(self.save_path, "value")], icon="save", button_style="primary"
        )
        self.save_button.on_click(lambda _: editor.act(self._save, False, at=self.save_message))
        self.confirm_overwrite_button = button("Overwrite", button_style="warning")
        self.confirm_overwrite_button.layout.display = "none"
        self.confirm_overwrite_button.on_click(
            lambda _: editor.act(self._save, True, at=self.save_message)
        )
        self.save_message = message_area()
        buttons = row(self.save_path, self.save_button, self.confirm_overwrite_button)
        self.box = w.VBox([buttons, self.save_message])

    def _save(self, confirmed: bool) -> None:
        path = self.save_path.value.strip() or None
        self.confirm_overwrite_button.layout.display = "none"
        try:
            target = self.editor.controller.save(path, overwrite=confirmed)
        except FileExistsError:
            self.confirm_overwrite_button.description = f"Overwrite {path or 'the file'}"
            self.confirm_overwrite_button.layout.display = None
            raise
        self.save_message.value = message_html(f"saved {target}")

    def refresh(self) -> None:
        """Where a save without a path goes, as the placeholder."""
        self.save_path.placeholder = str(self.editor.controller.default_path())
