"""``MapEditor``: design a city in JupyterLab - a thin ipywidgets view over
:class:`~vvlab.widgets.editor_state.MapEditorController`.

The canvas is a plotly ``FigureWidget`` (as
:func:`~vvlab.widgets.editor_canvas.editor_figure`, redrawn in place by
:class:`~vvlab.widgets.editor_draw.CanvasPainter`): a click on the faint grid adds a
station (mode "add station") or moves the selected one there ("move"); a click on a
station selects it, or adds it to the line being drawn ("draw line"). The problems
and statistics sit right of the canvas on a wide screen and wrap below it on a narrow
one; so do the controls of every row. The "open" dropdown shows what is open. Every
control is an attribute, so tests and notebooks can drive the editor:
``editor.undo_button.click()``, ``editor.mode.value = "move"``,
``editor.click_grid(3, 4)``.
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
import plotly.graph_objects as go
from plotly.callbacks import Points

from vvlab.model import MapError, builtin_maps
from vvlab.widgets.editor_actions import EditorActions
from vvlab.widgets.editor_canvas import HEIGHT
from vvlab.widgets.editor_draw import CanvasPainter
from vvlab.widgets.editor_files import BLANK, OTHER, opened_source
from vvlab.widgets.editor_history import EditError
from vvlab.widgets.editor_panels import message_html, problems_html, stats_html
from vvlab.widgets.editor_state import MapEditorController

__all__ = ["MODES", "MapEditor", "MapEditorController"]

MODES = ("select", "add station", "move", "draw line")
STATION_ROLES = ("stations", "selected", "draft")
_EXPECTED = (EditError, MapError, ValueError, OSError, KeyError, TypeError)


def _button(description: str, **kw: Any) -> w.Button:
    return w.Button(description=description, layout=w.Layout(width="auto"), **kw)


def _row(*children: w.Widget) -> w.HBox:
    """A row of controls that wraps onto the next line when the notebook is narrow."""
    return w.HBox(list(children), layout=w.Layout(flex_flow="row wrap"))


def _text(description: str, width: str = "220px", **kw: Any) -> w.Text:
    return w.Text(description=description, layout=w.Layout(width=width), **kw)


def _int(description: str, value: int, width: str = "150px") -> w.IntText:
    return w.IntText(value=value, description=description, layout=w.Layout(width=width))


class MapEditor(EditorActions, w.VBox):
    """Edit a city map: canvas, station and line panels, problems, statistics, quick
    balance and save.

    Parameters
    ----------
    source
        What to open (see :func:`~vvlab.widgets.editor_files.source_data`): ``None``
        for a blank city, a built-in name (as a copy), a ``.json`` path, map data.
    controller
        Edit with this controller instead (``source`` is then ignored).
    grid_step
        Stations snap to multiples of this.

    Examples
    --------
    >>> ed = MapEditor()
    >>> ed.mode.value = "add station"
    >>> ed.click_grid(2, 3); ed.click_grid(6, 3)
    >>> sorted(ed.controller.stations)
    ['s1', 's2']
    >>> ed.undo_button.click()
    >>> sorted(ed.controller.stations)
    ['s1']
    """

    def __init__(
        self,
        source: Any = None,
        *,
        controller: MapEditorController | None = None,
        grid_step: float = 1.0,
    ):
        super().__init__()
        self.controller = controller or MapEditorController.open(source, grid_step=grid_step)
        self.selected: str | None = None
        self.last_balance: Any = None
        self._pending_save: str | None = None
        self._holding = False
        self._source_shown: Any = ()
        self._build()
        self.controller.listeners.append(self._on_change)
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.figure = go.FigureWidget()
        self.painter = CanvasPainter(self.figure, self._on_click)
        self.message = w.HTML()
        self.problems_panel = w.HTML()
        self.stats_panel = w.HTML()
        self.children = [
            self._open_row(),
            self._city_row(),
            self._mode_row(),
            self.message,
            self._canvas_row(),
            self._station_row(),
            self._draw_row(),
            self._line_rows(),
            self._balance_row(),
            self._save_row(),
        ]

    def _canvas_row(self) -> w.Box:
        """The canvas, and the panels beside it (or below it when there is no room)."""
        panels = w.VBox(
            [self.problems_panel, self.stats_panel],
            layout=w.Layout(
                flex="1 1 300px",
                min_width="280px",
                max_height=f"{HEIGHT}px",
                overflow="auto",
                padding="0 0 0 8px",
            ),
        )
        canvas = w.Box([self.figure], layout=w.Layout(overflow="auto"))  # scrolls if narrower
        return w.HBox([canvas, panels], layout=w.Layout(flex_flow="row wrap"))

    def _open_row(self) -> w.Box:
        self.source_select = w.Dropdown(
            options=[("blank city", BLANK), *((n, n) for n in builtin_maps())],
            description="open",
        )
        self.open_button = _button("Open")
        self.open_button.on_click(lambda _: self._act(self._open))
        self.open_path = _text("file", placeholder="path/to/city.json")
        self.open_file_button = _button("Open file")
        self.open_file_button.on_click(lambda _: self._act(self._open_file))
        self.gen_lines = _int("lines", 10)
        self.gen_stations = _int("stations", 80)
        self.gen_seed = _int("seed", 0)
        self.generate_button = _button("Generate")
        self.generate_button.on_click(lambda _: self._act(self._generate))
        parts = [self.source_select, self.open_button, self.open_path, self.open_file_button]
        gen = [self.gen_lines, self.gen_stations, self.gen_seed, self.generate_button]
        return w.VBox([_row(*parts), _row(*gen)])

    def _city_row(self) -> w.Box:
        self.city_id = _text("city id")
        self.city_name = _text("name")
        self.apply_city_button = _button("Set city id/name")
        self.apply_city_button.on_click(lambda _: self._act(self._apply_city))
        return _row(self.city_id, self.city_name, self.apply_city_button)

    def _mode_row(self) -> w.Box:
        self.mode = w.ToggleButtons(options=list(MODES), value="select", description="mode")
        self.mode.observe(lambda _: self._act(self._mode_changed), names="value")
        self.grid_step = w.FloatText(
            value=self.controller.grid_step, description="grid", layout=w.Layout(width="150px")
        )
        self.grid_step.observe(lambda _: self._act(self._grid_changed), names="value")
        self.undo_button = _button("Undo", icon="undo")
        self.undo_button.on_click(lambda _: self._act(self.controller.undo))
        self.redo_button = _button("Redo", icon="repeat")
        self.redo_button.on_click(lambda _: self._act(self.controller.redo))
        return _row(self.mode, self.grid_step, self.undo_button, self.redo_button)

    def _station_row(self) -> w.Box:
        self.station_label = w.HTML("no station selected")
        self.station_name = _text("name")
        self.rename_button = _button("Rename")
        self.rename_button.on_click(lambda _: self._act(self._rename))
        self.delete_station_button = _button("Delete station", button_style="danger")
        self.delete_station_button.on_click(lambda _: self._act(self._delete_station))
        parts = [self.station_label, self.station_name, self.rename_button]
        return _row(*parts, self.delete_station_button)

    def _draw_row(self) -> w.Box:
        self.start_line_button = _button("Draw a new line")
        self.start_line_button.on_click(lambda _: self._act(self._start_line))
        self.finish_line_button = _button("Finish line", button_style="success")
        self.finish_line_button.on_click(lambda _: self._act(self._finish_line))
        self.cancel_line_button = _button("Cancel line")
        self.cancel_line_button.on_click(lambda _: self._act(self.controller.cancel_line))
        self.draft_label = w.HTML()
        parts = [self.start_line_button, self.finish_line_button, self.cancel_line_button]
        return _row(*parts, self.draft_label)

    def _line_rows(self) -> w.Box:
        self.line_select = w.Dropdown(options=[], description="line")
        self.line_select.observe(lambda _: self._fill_line_fields(), names="value")
        self.line_id = _text("id", "160px")
        self.line_name = _text("name", "200px")
        self.line_color = _text("colour", "180px")
        self.line_indicators = _int("boxes", 2)
        self.bonus_first = _int("first", 4)
        self.bonus_later = _int("later", 2)
        self.apply_line_button = _button("Apply", button_style="primary")
        self.apply_line_button.on_click(lambda _: self._act(self._apply_line))
        fields = [self.line_id, self.line_name, self.line_color, self.line_indicators]
        fields += [self.bonus_first, self.bonus_later, self.apply_line_button]
        self.extend_start_button = self._line_button("Extend start", self._extend, "start")
        self.extend_end_button = self._line_button("Extend end", self._extend, "end")
        self.shorten_start_button = self._line_button("Shorten start", self._shorten, "start")
        self.shorten_end_button = self._line_button("Shorten end", self._shorten, "end")
        self.reverse_button = self._line_button("Reverse", self.controller.reverse_line)
        self.delete_line_button = self._line_button("Delete line", self.controller.delete_line)
        self.delete_line_button.button_style = "danger"
        ops = [self.extend_start_button, self.extend_end_button, self.shorten_start_button]
        ops += [self.shorten_end_button, self.reverse_button, self.delete_line_button]
        return w.VBox([_row(self.line_select, *fields), _row(*ops)])

    def _line_button(self, description: str, action: Any, *args: Any) -> w.Button:
        button = _button(description)
        button.on_click(lambda _: self._act(self._on_line, action, *args))
        return button

    def _balance_row(self) -> w.Box:
        self.balance_games = _int("games", 2000)
        self.balance_seed = _int("seed", 0)
        self.balance_button = _button("Quick balance", icon="bar-chart")
        self.balance_button.on_click(lambda _: self._act(self._balance))
        self.balance_summary = w.HTML()
        self.balance_figures = w.VBox()
        head = _row(self.balance_games, self.balance_seed, self.balance_button)
        return w.VBox([head, self.balance_summary, self.balance_figures])

    def _save_row(self) -> w.Box:
        self.save_path = _text("save to", "420px")
        self.save_button = _button("Save", icon="save", button_style="primary")
        self.save_button.on_click(lambda _: self._act(self._save, False))
        self.confirm_overwrite_button = _button("Overwrite", button_style="warning")
        self.confirm_overwrite_button.layout.display = "none"
        self.confirm_overwrite_button.on_click(lambda _: self._act(self._save, True))
        return _row(self.save_path, self.save_button, self.confirm_overwrite_button)

    # -- clicks on the canvas ---------------------------------------------------------------
    def _on_click(self, trace: Any, points: Points, state: Any = None) -> None:
        """Plotly calls this for every trace on a click; only the clicked one has points."""
        if not points.point_inds:
            return
        meta = trace.meta or {}
        index = points.point_inds[0]
        if meta.get("role") == "grid":
            self.click_grid(points.xs[0], points.ys[0])
        elif meta.get("role") in STATION_ROLES:
            self.click_station(meta["ids"][index])
        elif meta.get("line") is not None:
            self._act(self._select_line, meta["line"])

    def click_grid(self, x: float, y: float) -> None:
        """What a click on empty canvas at ``(x, y)`` does in the current mode."""
        self._act(self._grid_click, x, y)

    def click_station(self, sid: str) -> None:
        """What a click on the station ``sid`` does in the current mode."""
        self._act(self._station_click, sid)

    def _grid_click(self, x: float, y: float) -> None:
        mode = self.mode.value
        if mode == "add station":
            self.selected = self.controller.add_station(x, y)
        elif mode == "move":
            if self.selected is None:
                raise EditError("select a station first (click it), then click where it goes")
            self.controller.move_station(self.selected, x, y)
        elif mode == "draw line":
            raise EditError("click stations to draw a line (add them in 'add station' mode)")
        else:
            self.selected = None

    def _station_click(self, sid: str) -> None:
        if self.mode.value == "draw line":
            if self.controller.draft is None:
                self.controller.start_line(sid)
            else:
                self.controller.add_stop(sid)
        self.selected = sid
        self.station_name.value = str(self.controller.stations[sid].get("name", ""))

    # -- actions --------------------------------------------------------------------------
    def _act(self, action: Any, *args: Any) -> None:
        """Run an action; show an expected error as a message (never a traceback) and
        redraw once."""
        outer = not self._holding
        if outer:
            self.message.value = ""
        self._holding = True
        try:
            action(*args)
        except _EXPECTED as err:
            self.message.value = message_html(_error_text(err), error=True)
        finally:
            self._holding = not outer
        if outer:
            self.refresh()

    def _on_change(self) -> None:
        if not self._holding:
            self.refresh()

    # -- redrawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the canvas and every panel from the controller."""
        c = self.controller
        if self.selected not in c.stations:
            self.selected = None
        self._redraw()
        self.problems_panel.value = problems_html(c.problems())
        self.stats_panel.value = stats_html(c.stats())
        self.undo_button.disabled = not c.can_undo
        self.redo_button.disabled = not c.can_redo
        self.finish_line_button.disabled = not c.draft
        self.cancel_line_button.disabled = c.draft is None
        route = " → ".join(c.draft or [])
        self.draft_label.value = (
            "" if c.draft is None else f"drawing: {route or '(click stations)'}"
        )
        self.station_label.value = f"station <b>{self.selected or '-'}</b>"
        self.save_path.placeholder = str(c.default_path())
        self._sync_city_and_lines()

    def _redraw(self) -> None:
        """Redraw only what changed on the canvas (see :class:`CanvasPainter`)."""
        self.painter.paint(self.controller, self.selected)

    def _sync_source(self, data: dict[str, Any]) -> None:
        """Show in "open" what is open; only when that changed, so that a city picked
        there (but not opened yet) stays picked while editing. Nothing observes the
        dropdown: setting it never opens anything."""
        shown = opened_source(data, builtin_maps())
        if shown == self._source_shown:
            return
        self._source_shown = shown
        value, label = shown
        options = [("blank city", BLANK), *((n, n) for n in builtin_maps())]
        self.source_select.options = options + ([(label, OTHER)] if value == OTHER else [])
        self.source_select.value = value

    def _sync_city_and_lines(self) -> None:
        data = self.controller.data
        self._sync_source(data)
        self.city_id.value = str(data.get("id", ""))
        self.city_name.value = str(data.get("name", ""))
        ids = [str(line.get("id")) for line in data["lines"]]
        keep = self.line_select.value if self.line_select.value in ids else None
        self.line_select.options = ids
        self.line_select.value = keep if keep is not None else (ids[-1] if ids else None)
        self._fill_line_fields()

    def _fill_line_fields(self) -> None:
        lid = self.line_select.value
        if lid is None:
            return
        line = self.controller.lines[self.controller.line_index(lid)]
        bonus = line.get("bonus") if isinstance(line.get("bonus"), list) else [0, 0]
        self.line_id.value = str(line.get("id", ""))
        self.line_name.value = str(line.get("name", ""))
        self.line_color.value = str(line.get("color", ""))
        self.line_indicators.value = _as_int(line.get("indicators"))
        self.bonus_first.value = _as_int(bonus[0] if bonus else 0)
        self.bonus_later.value = _as_int(bonus[1] if len(bonus) > 1 else 0)


def _as_int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


def _error_text(err: Exception) -> str:
    if isinstance(err, KeyError) and err.args:
        return str(err.args[0])
    return str(err)
