"""The map editor's canvas redrawn in place: :class:`CanvasPainter` keeps a plotly
``FigureWidget`` equal to :func:`~vvlab.widgets.editor.canvas.plan_content` plus the
overlays, sending only what changed.

Each trace is known by its key ``(role, line, n)`` (``n`` counts traces with the same
role and line). Traces are added or reordered only when their keys change (a line
added or deleted, the city turning valid or not, a selection); a trace no longer
needed is hidden (``visible=False``) and kept for when it comes back. The axes show
the painter's :class:`~vvlab.widgets.editor.viewrange.ViewRange` (``view``): it stays
put until the user asks for a fit (:meth:`CanvasPainter.fit`). The traces, in the
figure's order, and the layout then go to the painter's
:class:`~vvlab.widgets.figure_update.FigureUpdate` (``figure_update``), which sends
only the changed leaf properties, in one message.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from vvlab.widgets.editor.canvas import (
    HEIGHT,
    WIDTH,
    GridCache,
    bend_specs,
    overlay_traces,
    plan_content,
)
from vvlab.widgets.editor.geometry import GeometryCache, LineCache, NameCache, WagonCache
from vvlab.widgets.editor.viewrange import ViewRange
from vvlab.widgets.figure_update import FigureUpdate

if TYPE_CHECKING:
    from vvlab.widgets.editor.controller import MapEditorController

Key = tuple[str, str, int]
MAX_PARKED = 60
"""Hidden traces kept for reuse; beyond this many they are deleted."""


def _in_order(keys: list[Key], wanted: list[Key]) -> bool:
    """Whether ``wanted`` come in ``keys`` in the same order (others between them).

    >>> a, b, c = ("a", "", 0), ("b", "", 0), ("c", "", 0)
    >>> _in_order([a, b, c], [a, c]), _in_order([a, b, c], [c, a])
    (True, False)
    """
    rest = iter(keys)
    return all(any(k == w for k in rest) for w in wanted)


def keyed(specs: Iterable[dict[str, Any]]) -> list[tuple[Key, dict[str, Any]]]:
    """Each trace's JSON with its key ``(role, line, n)``.

    >>> a = {"meta": {"role": "line", "line": "A"}}
    >>> [k for k, _ in keyed([a, a])]
    [('line', '"A"', 0), ('line', '"A"', 1)]
    """
    seen: dict[tuple[str, str], int] = {}
    out = []
    for spec in specs:
        meta = spec.get("meta") or {}
        base = (str(meta.get("role")), json.dumps(meta.get("line"), default=str))
        seen[base] = seen.get(base, -1) + 1
        out.append(((*base, seen[base]), spec))
    return out


class CanvasPainter:
    """Keeps ``figure`` showing the city of a controller and the selection.

    Parameters
    ----------
    figure
        The canvas, drawn only by this painter.
    on_click
        Registered as the click callback of every trace.

    Examples
    --------
    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController.open("tutorial")
    >>> painter = CanvasPainter(go.FigureWidget(), lambda *a: None)
    >>> painter.paint(ed, selected="zoo")
    >>> ed.station_edits.rename("zoo", "Tierpark")
    >>> painter.paint(ed, selected="zoo")
    >>> painter.last_changes  # the hover and the name (text, place): nothing else
    {('stations', 'null', 0): ['customdata'], ('names', 'null', 0): ['meta', 'text', 'x']}
    """

    def __init__(
        self,
        figure: go.FigureWidget,
        on_click: Callable[..., Any],
        width: int = WIDTH,
        height: int = HEIGHT,
    ):
        self.figure, self.size = figure, (width, height)
        self.figure_update = FigureUpdate(figure, on_click)
        self.keys: list[Key] = []
        self.last_changes: dict[Key, list[str]] = {}
        self._plan_key: Any = None
        self._plan: list[tuple[Key, dict[str, Any]]] = []
        self._layout: dict[str, Any] = {}
        self._geometry, self._grid, self._names = GeometryCache(), GridCache(), NameCache()
        self._wagons, self._lines = WagonCache(), LineCache()
        self.view = ViewRange()
        self._bends: tuple[Any, list[dict[str, Any]]] = (None, [])

    def fit(self) -> None:
        """Fit the view to the content at the next :meth:`paint`, and send the axes
        again even if unchanged (the user may have zoomed or panned since)."""
        self.view.fit()
        self._plan_key = None
        shown = self.figure_update.layout
        self.figure_update.layout = {k: v for k, v in shown.items() if k not in ("xaxis", "yaxis")}

    def paint(
        self, ed: MapEditorController, selected: str | None = None, bends: bool = False
    ) -> None:
        """Redraw what changed since the last paint (only the overlays when the city
        and the grid are the same); with ``bends``, the edges and bend handles too."""
        draft = tuple(ed.line_edits.draft or ())  # the names keep clear of it
        plan_key = (ed.history.data, ed.station_edits.grid_step, draft)  # a new state: new data
        last = self._plan_key
        if last is None or last[0] is not plan_key[0] or last[1:] != plan_key[1:]:
            traces, self._layout = plan_content(
                ed, *self.size, self._geometry, self._grid, self.view, self._names, self._wagons,
                self._lines,
            )  # fmt: skip
            self._plan = keyed(traces)
            self._plan_key = plan_key
        overlays = keyed(
            [t.to_plotly_json() for t in overlay_traces(ed, selected)]
            + (self._bend_specs(ed) if bends else [])
        )
        every = self._arrange(self._plan + overlays)
        self.figure_update.update([spec for _, spec in every], self._layout)
        sent = self.figure_update.last_restyle
        self.last_changes = {self.keys[k]: list(todo) for k, todo in sent.items()}

    def _bend_specs(self, ed: MapEditorController) -> list[dict[str, Any]]:
        """:func:`bend_specs`, made once per state of the city."""
        if self._bends[0] is not ed.history.data:
            self._bends = (ed.history.data, bend_specs(ed))
        return self._bends[1]

    def _arrange(self, wanted: list[tuple[Key, dict[str, Any]]]) -> list[tuple[Key, Any]]:
        """Add traces so that those wanted are there, and reorder them only when they
        are not already in the wanted order; a trace no longer wanted is parked
        (hidden) where it is, for when it comes back (a line of a city turning valid
        again, a selection): a city turning valid or not moves no trace. Returns every
        trace's new spec, in the figure's order."""
        keys = [k for k, _ in wanted]
        wanted_keys = set(keys)
        parked = [k for k in self.keys if k not in wanted_keys]
        if len(parked) > MAX_PARKED:
            kept = [i for i, k in enumerate(self.keys) if k in wanted_keys]
            self.figure_update.arrange(kept)
            self.keys = [self.keys[i] for i in kept]
            parked = []
        have = set(self.keys)
        new = [(k, spec) for k, spec in wanted if k not in have]
        if new:
            self.figure_update.add(spec for _, spec in new)
            self.keys += [k for k, _ in new]
        if not _in_order(self.keys, keys):
            order = keys + parked
            where = {k: i for i, k in enumerate(self.keys)}
            self.figure_update.arrange([where[k] for k in order])
            self.keys = order
        specs = dict(wanted)
        shown = dict(zip(self.keys, self.figure_update.traces, strict=True))
        return [(k, specs[k] if k in specs else {**shown[k], "visible": False}) for k in self.keys]
