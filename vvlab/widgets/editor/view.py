"""``MapEditor``: design a city in JupyterLab - a thin ipywidgets view over
:class:`~vvlab.widgets.editor.controller.MapEditorController`.

The canvas is a plotly ``FigureWidget`` (as
:func:`~vvlab.widgets.editor.canvas.editor_figure`, redrawn in place by
:class:`~vvlab.widgets.editor.painter.CanvasPainter`): a click on the faint grid adds a
station (mode "add station") or moves the selected one there ("move"); a click on a
station selects it, or adds it to the line being drawn ("draw line"); a station dragged
(in any mode) moves where it is dropped, snapped to the grid
(:class:`~vvlab.widgets.editor.drag.StationDrag`). In "move" mode the canvas shows
the bends too: a line pressed between stations and dragged gets a bend there, a bend
dragged moves, a bend double-clicked goes (each one undo step).

The editor fits one screen (1400×900 in JupyterLab): the mode row on top; the canvas
with, beside it, the message area and the controls of the current mode (the station's
in "select", "add station" and "move", "Finish line" and the line's name, boxes and
bonuses in "draw line"; they wrap below it on a narrow screen); under them one tab for
each of the rest (problems, city and files, print, layout, quick balance, "Balance for
me", compare), whose panes scroll beyond :data:`PANE_HEIGHT`. Each bar in a tab says
what it has to say in its own message area, under its buttons; the long actions run
in the background with progress and Cancel (:class:`~vvlab.widgets.job.Job`). Each row
of controls is a bar the editor holds (:mod:`~vvlab.widgets.editor.toolbars`,
:mod:`~vvlab.widgets.editor.line_bar`...). The "open" dropdown shows what is open.
Every control is an attribute of the editor too,
so tests and notebooks can drive it: ``editor.undo_button.click()``,
``editor.mode.value = "move"``, ``editor.click_grid(3, 4)``.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from plotly.callbacks import Points

from vvlab.model import MapError
from vvlab.widgets.controls import message_html
from vvlab.widgets.editor.balance_bar import BalanceBar
from vvlab.widgets.editor.canvas import HEIGHT
from vvlab.widgets.editor.compare_bar import CompareBar
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.draft_bar import DraftBar
from vvlab.widgets.editor.drag import StationDrag
from vvlab.widgets.editor.history import EditError
from vvlab.widgets.editor.layout_bar import LayoutBar
from vvlab.widgets.editor.line_bar import LineBar
from vvlab.widgets.editor.painter import CanvasPainter
from vvlab.widgets.editor.panels import error_text, problems_html, stats_html
from vvlab.widgets.editor.print_bar import PrintBar
from vvlab.widgets.editor.toolbars import (
    MODES,
    CityBar,
    DrawBar,
    ModeBar,
    OpenBar,
    SaveBar,
    StationBar,
)
from vvlab.widgets.editor.tune_bar import TuneBar
from vvlab.widgets.figure_update import sync_browser_state
from vvlab.widgets.job import message_area, message_style
from vvlab.widgets.plotly_import import import_figure_widget

__all__ = ["MODES", "MapEditor", "MapEditorController"]

FigureWidget = import_figure_widget()  # without its slowest import: see plotly_import
STATION_ROLES = ("stations", "selected", "draft")
MAX_WIDTH = 1100
"""The editor's greatest width in pixels: it fits a 1400 px wide JupyterLab."""
PANE_HEIGHT = 190
"""The tabs' panes scroll beyond this height, so that the whole editor (mode row,
canvas, tabs) fits a 900 px high screen."""
MODE_BARS = {
    "select": ("station_bar", "line_bar"),
    "add station": ("station_bar",),
    "move": ("station_bar",),
    "draw line": ("draw_bar", "line_bar"),
}
"""The bars shown beside the canvas in each mode."""
MODE_HINTS = {
    "select": "Click a station or a line to pick it.",
    "add station": "Click the grid to add a station there.",
    "move": "Drag a station, or click one and then where it goes; drag a line to bend it.",
    "draw line": "Click stations in order, then Finish line; set its name, boxes and bonuses.",
}
"""What a click does in each mode, above its controls."""
_EXPECTED = (EditError, MapError, ValueError, OSError, KeyError, TypeError)


def _unshrunk(box: w.Box) -> None:
    """The children of a box of limited height keep their own height (the box scrolls)
    instead of shrinking to fit it, where they would overlap and cut their text."""
    for child in box.children:
        child.layout.flex = "0 0 auto"


class MapEditor(w.VBox):
    """Edit a city map: canvas, station and line bars, problems, statistics, quick
    balance and save.

    The editor holds one bar per group of controls (``open_bar``, ``city_bar``,
    ``mode_bar``, ``station_bar``, ``draw_bar``, ``line_bar``, ``balance_bar``,
    ``tune_bar`` ("Balance for me"), ``save_bar``, ``compare_bar``, ``layout_bar``
    (GTFS import, schematic layout), ``print_bar``, ``draft_bar`` (a draft to restore)); their
    controls read as the editor's own
    attributes too (``editor.undo_button`` is
    ``editor.mode_bar.undo_button``).

    Parameters
    ----------
    source
        What to open (see :func:`~vvlab.widgets.editor.files.source_data`): ``None``
        for a blank city, a built-in name (as a copy), a ``.json`` path, map data.
    controller
        Edit with this controller instead (``source`` is then ignored).
    grid_step
        Stations snap to multiples of this.
    autosave
        Keep a draft of the city after every change, valid or not, in
        ``vvlab-drafts/<city id>.json`` of the controller's folder (the notebook's
        folder unless another was given), and offer a draft newer than the saved city
        when opening it (``draft_bar``). Save removes the draft.

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
    >>> ed.undo_button is ed.mode_bar.undo_button
    True
    """

    def __init__(
        self,
        source: Any = None,
        *,
        controller: MapEditorController | None = None,
        grid_step: float = 1.0,
        autosave: bool = True,
    ):
        super().__init__()
        self.controller = controller or MapEditorController.open(source, grid_step=grid_step)
        if autosave:
            self.controller.start_autosave()
        self.selected: str | None = None
        self._holding = False
        self._build()
        self.controller.history.listeners.append(self._on_change)
        self.refresh()

    # -- layout ---------------------------------------------------------------------------
    def _build(self) -> None:
        self.figure = FigureWidget()
        self.painter = CanvasPainter(self.figure, self._on_click)
        self.drag = StationDrag(self.drag_station, self.click_station, bends=self)
        self.figure.add_class(self.drag.target)
        self.message = message_area()
        self.problems_panel = w.HTML()
        self.stats_panel = w.HTML()
        self.open_bar, self.city_bar = OpenBar(self), CityBar(self)
        self.mode_bar, self.station_bar = ModeBar(self), StationBar(self)
        self.line_bar = LineBar(self)
        self.draw_bar = DrawBar(self, self.mode_bar.mode, self.line_bar.select)
        self.balance_bar, self.save_bar = BalanceBar(self), SaveBar(self)
        self.tune_bar, self.compare_bar = TuneBar(self), CompareBar(self)
        self.layout_bar, self.print_bar = LayoutBar(self), PrintBar(self)
        self.draft_bar = DraftBar(self)
        self.bars = (
            self.draft_bar,
            self.mode_bar,
            self.station_bar,
            self.draw_bar,
            self.line_bar,
            self.open_bar,
            self.city_bar,
            self.save_bar,
            self.print_bar,
            self.layout_bar,
            self.balance_bar,
            self.tune_bar,
            self.compare_bar,
        )
        self.mode_hint = w.HTML()
        self.mode_panel = w.VBox(
            [message_style(), self.message, self.mode_hint, *(bar.box for bar in self.bars[2:5])],
            layout=w.Layout(flex="1 1 320px", min_width="300px", height=f"{HEIGHT}px",
                            overflow="auto", padding="0 0 0 8px"),
        )  # fmt: skip
        _unshrunk(self.mode_panel)
        self.tabs = self._tabs()
        self.layout = w.Layout(max_width=f"{MAX_WIDTH}px")
        self.children = [self.draft_bar.box, self.mode_bar.box, self._canvas_row(), self.tabs]

    def _canvas_row(self) -> w.Box:
        """The canvas, and beside it the panel of the current mode's controls (below it
        when there is no room)."""
        canvas = w.Box([self.figure, self.drag], layout=w.Layout(overflow="auto"))
        return w.HBox([canvas, self.mode_panel], layout=w.Layout(flex_flow="row wrap"))

    def _tabs(self) -> w.Tab:
        """Everything but the drawing, one tab each: the problems, the city and its
        files, printing, the layout, the balance, comparing."""
        panes = {
            "Problems": [self.problems_panel, self.stats_panel],
            "City & files": [self.open_bar.box, self.city_bar.box, self.save_bar.box],
            "Print": [self.print_bar.box],
            "Layout": [self.layout_bar.box],
            "Quick balance": [self.balance_bar.box],
            "Balance for me": [self.tune_bar.box],
            "Compare": [self.compare_bar.box],
        }
        boxes = [w.VBox(parts, layout=w.Layout(max_height=f"{PANE_HEIGHT}px", overflow="auto"))
                 for parts in panes.values()]  # fmt: skip
        for box in boxes:
            box.add_class("vvlab-editor-pane")
            _unshrunk(box)
        return w.Tab(boxes, titles=tuple(panes))

    def show_mode(self) -> None:
        """Show the controls of the current mode beside the canvas, and hide the rest."""
        mode = self.mode_bar.mode.value
        shown = {bar: bar in MODE_BARS[mode] for bar in ("station_bar", "draw_bar", "line_bar")}
        for name, visible in shown.items():
            getattr(self, name).box.layout.display = None if visible else "none"
        self.mode_hint.value = f"<i>{html.escape(MODE_HINTS[mode])}</i>"

    def _repr_mimebundle_(self, **kwargs: Any) -> Any:
        """Displayed: the figures' full state goes to the browser first (see
        :func:`~vvlab.widgets.figure_update.sync_browser_state`), then the view."""
        for figure in (self.figure, *self.balance_figures.children):
            sync_browser_state(figure)
        return super()._repr_mimebundle_(**kwargs)

    def __getattr__(self, name: str) -> Any:
        """A control of one of the bars, as if it were the editor's own."""
        for bar in self.__dict__.get("bars", ()):
            if name in vars(bar):
                return vars(bar)[name]
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

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
            self.act(self.line_bar.select, meta["line"])

    def click_grid(self, x: float, y: float) -> None:
        """What a click on empty canvas at ``(x, y)`` does in the current mode."""
        self.act(self._grid_click, x, y)

    def click_station(self, sid: str) -> None:
        """What a click on the station ``sid`` does in the current mode."""
        self.act(self._station_click, sid)

    def drag_station(self, sid: str, x: float, y: float) -> None:
        """A station dragged to ``(x, y)`` (snapped to the grid) and selected, in any
        mode."""
        self.act(self._station_drag, sid, x, y)

    def _station_drag(self, sid: str, x: float, y: float) -> None:
        self.controller.station_edits.move(sid, x, y)
        self.selected = sid
        self.station_bar.show(sid)

    # -- bends (the drag script's BendHandler) --------------------------------------------
    def move_bend(self, a: str, b: str, index: int, x: float, y: float) -> None:
        """The bend ``index`` (counted from ``a``) of the edge ``a``-``b`` dragged to
        ``(x, y)``."""
        self.act(self.controller.bend_edits.move, a, b, index, (x, y))

    def pull_bend(self, start: tuple[float, float], near: float, x: float, y: float) -> None:
        """A line pressed within ``near`` of ``start`` and dragged to ``(x, y)``: a new
        bend of the edge there, at ``(x, y)``."""
        self.act(self._pull_bend, start, near, x, y)

    def _pull_bend(self, start: tuple[float, float], near: float, x: float, y: float) -> None:
        hit = self.controller.bend_edits.hit(*start, tolerance=near)
        if hit is None:
            raise EditError("press on a line between two stations, then drag, to bend it")
        self.controller.bend_edits.add(hit.a, hit.b, hit.at, (x, y))

    def remove_bend(self, a: str, b: str, index: int) -> None:
        """The bend ``index`` (counted from ``a``) of the edge ``a``-``b`` removed (a
        double-click on it)."""
        self.act(self.controller.bend_edits.remove, a, b, index)

    def _grid_click(self, x: float, y: float) -> None:
        mode = self.mode_bar.mode.value
        if mode == "add station":
            self.selected = self.controller.station_edits.add(x, y)
        elif mode == "move":
            if self.selected is None:
                raise EditError("select a station first (click it), then click where it goes")
            self.controller.station_edits.move(self.selected, x, y)
        elif mode == "draw line":
            raise EditError("click stations to draw a line (add them in 'add station' mode)")
        else:
            self.selected = None

    def _station_click(self, sid: str) -> None:
        if self.mode_bar.mode.value == "draw line":
            if self.controller.line_edits.draft is None:
                self.controller.line_edits.start(sid)
            else:
                self.controller.line_edits.add_stop(sid)
        self.selected = sid
        self.station_bar.show(sid)

    def selected_station(self) -> str:
        """The selected station; ``EditError`` when none is."""
        if self.selected is None:
            raise EditError("select a station first (click it on the map)")
        return self.selected

    # -- actions --------------------------------------------------------------------------
    def act(self, action: Callable[..., Any], *args: Any, at: w.HTML | None = None) -> None:
        """Run an action; show an expected error as a message (never a traceback) in
        ``at``, the message area beside the control that caused it (default: the one
        beside the canvas), and redraw once (an action inside an action redraws with the
        outer one)."""
        shown = self.message if at is None else at
        outer = not self._holding
        if outer:
            shown.value = ""
        self._holding = True
        try:
            action(*args)
        except _EXPECTED as err:
            shown.value = message_html(self.error_text(err), error=True)
        finally:
            self._holding = not outer
        if outer:
            self.refresh()

    def _on_change(self) -> None:
        if not self._holding:
            self.refresh()

    # -- redrawing ------------------------------------------------------------------------
    def refresh(self) -> None:
        """Redraw the canvas and every panel and bar from the controller."""
        c = self.controller
        if self.selected not in c.history.data["stations"]:
            self.selected = None
        self.painter.paint(c, self.selected, self.mode_bar.mode.value == "move")
        self.drag.grid_step = float(c.station_edits.grid_step)
        problems = c.problems()
        self.problems_panel.value = problems_html(problems, c.history.data)
        self.tabs.set_title(0, f"Problems ({len(problems)})" if problems else "Problems")
        self.show_mode()
        self.stats_panel.value = stats_html(c.stats())
        for bar in self.bars:
            bar.refresh()

    def error_text(self, err: Exception) -> str:
        """An error as the designer reads it: a map's problems with the names of
        stations and lines (:func:`~vvlab.widgets.editor.panels.error_text`)."""
        if isinstance(err, MapError):
            return error_text(self.controller.history.data, err)
        if isinstance(err, KeyError) and err.args:
            return str(err.args[0])
        return str(err)
