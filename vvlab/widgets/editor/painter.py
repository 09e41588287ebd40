"""The map editor's canvas redrawn in place: :class:`CanvasPainter` keeps a plotly
``FigureWidget`` equal to :func:`~vvlab.widgets.editor.canvas.plan_content` plus the
overlays, sending only what changed.

Each trace is known by its key ``(role, line, n)`` (``n`` counts traces with the same
role and line). Traces are added or reordered only when their keys change (a line
added or deleted, the city turning valid or not, a selection); a trace no longer
needed is hidden (``visible=False``) and kept for when it comes back. The axes show
the painter's :class:`~vvlab.widgets.editor.viewrange.ViewRange` (``view``): it stays
put while the content fits. Everything else is sent as changed leaf properties
(``marker.color``, ``x``...) of the traces and the layout, all in one
``batch_update``. Never a property and its parent in one message: plotly.js refuses
such an update and drops the whole redraw.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from vvlab.widgets.editor.canvas import HEIGHT, WIDTH, GridCache, overlay_traces, plan_content
from vvlab.widgets.editor.geometry import GeometryCache, LineCache, NameCache, WagonCache
from vvlab.widgets.editor.viewrange import ViewRange

if TYPE_CHECKING:
    from vvlab.widgets.editor.controller import MapEditorController

Key = tuple[str, str, int]
WHOLE = frozenset({"meta", "template"})
"""Properties sent whole even though they hold a dict."""
_MISSING = object()
MAX_PARKED = 60
"""Hidden traces kept for reuse; beyond this many they are deleted."""


def leaves(spec: dict[str, Any], prefix: str = "") -> dict[str, Any]:
    """Every leaf property of a plotly JSON dict by its dotted path; lists (data
    arrays, shapes) and ``meta`` are leaves.

    >>> leaves({"x": [1], "marker": {"color": "red", "line": {"width": 2}}, "meta": {"a": 1}})
    {'x': [1], 'marker.color': 'red', 'marker.line.width': 2, 'meta': {'a': 1}}
    """
    flat: dict[str, Any] = {}
    for name, value in spec.items():
        path = f"{prefix}{name}"
        if isinstance(value, dict) and name not in WHOLE:
            flat.update(leaves(value, f"{path}."))
        else:
            flat[path] = value
    return flat


def changes(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The leaf properties to set to turn ``old`` into ``new`` (``None`` resets one);
    never a path together with one of its parents.

    >>> changes({"marker": {"color": "red", "size": 4}}, {"marker": {"color": "blue"}})
    {'marker.color': 'blue', 'marker.size': None}
    >>> changes({"title": "x"}, {"title": {"text": "y"}})
    {'title.text': 'y'}
    """
    before, after = leaves(old), leaves(new)
    out = {p: v for p, v in after.items() if before.get(p, _MISSING) != v}
    out.update({p: None for p in before if p not in after})
    parents = {p[:i] for p in out for i, ch in enumerate(p) if ch == "."}
    return {p: v for p, v in out.items() if p not in parents}


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
    >>> ed.rename_station("zoo", "Tierpark")
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
        self.figure, self.on_click, self.size = figure, on_click, (width, height)
        self.keys: list[Key] = []
        self.shown: dict[Key, dict[str, Any]] = {}
        self.shown_layout: dict[str, Any] = {}
        self.last_changes: dict[Key, list[str]] = {}
        self._plan_key: Any = None
        self._plan: list[tuple[Key, dict[str, Any]]] = []
        self._layout: dict[str, Any] = {}
        self._geometry, self._grid, self._names = GeometryCache(), GridCache(), NameCache()
        self._wagons, self._lines = WagonCache(), LineCache()
        self.view = ViewRange()

    def fit(self) -> None:
        """Fit the view to the content at the next :meth:`paint`, and send the axes
        again even if unchanged (the user may have zoomed or panned since)."""
        self.view.fit()
        self._plan_key = None
        self.shown_layout = {
            k: v for k, v in self.shown_layout.items() if k not in ("xaxis", "yaxis")
        }

    def paint(self, ed: MapEditorController, selected: str | None = None) -> None:
        """Redraw what changed since the last paint (only the overlays when the city
        and the grid are the same)."""
        plan_key = (ed.live, ed.grid_step)  # every edit replaces ed.live: identity will do
        last = self._plan_key
        if last is None or last[0] is not plan_key[0] or last[1] != plan_key[1]:
            traces, self._layout = plan_content(
                ed, *self.size, self._geometry, self._grid, self.view, self._names, self._wagons,
                self._lines,
            )  # fmt: skip
            self._plan = keyed(traces)
            self._plan_key = plan_key
        overlays = keyed(t.to_plotly_json() for t in overlay_traces(ed, selected))
        every = self._arrange(self._plan + overlays)
        self.last_changes = {}
        restyle = {}
        for index, (key, spec) in enumerate(every):
            todo = self._changed(key, spec)
            if todo:
                restyle[index] = todo
        send_update(self.figure, restyle, changes(self.shown_layout, self._layout))
        self.shown_layout = self._layout

    def _changed(self, key: Key, spec: dict[str, Any]) -> dict[str, Any]:
        """The leaf properties of trace ``key`` to send to show ``spec``."""
        old = self.shown[key]
        if old is spec or old == spec:
            return {}
        todo = changes(old, spec)
        self.shown[key] = spec
        self.last_changes[key] = list(todo)
        return todo

    def _arrange(self, wanted: list[tuple[Key, dict[str, Any]]]) -> list[tuple[Key, Any]]:
        """Add traces so that those wanted are there, and reorder them only when they
        are not already in the wanted order; a trace no longer wanted is parked
        (hidden) where it is, for when it comes back (a line of a city turning valid
        again, a selection): a city turning valid or not moves no trace. Outside any
        batch: plotly.py mixes up a batch's restyles when traces move. Returns every
        trace's new spec, in the figure's order."""
        keys = [k for k, _ in wanted]
        wanted_keys = set(keys)
        parked = [k for k in self.keys if k not in wanted_keys]
        if len(parked) > MAX_PARKED:
            self._drop(set(parked))
            parked = []
        have = set(self.keys)
        new = [(k, spec) for k, spec in wanted if k not in have]
        if new:
            self.figure.add_traces([spec for _, spec in new])
            for trace in self.figure.data[len(self.keys) :]:
                trace.on_click(self.on_click)
            self.keys += [k for k, _ in new]
            self.shown.update(new)
        if not _in_order(self.keys, keys):
            order = keys + parked
            where = {k: i for i, k in enumerate(self.keys)}
            self.figure.data = [self.figure.data[where[k]] for k in order]
            self.keys = order
        specs = dict(wanted)
        return [
            (k, specs[k] if k in specs else {**self.shown[k], "visible": False}) for k in self.keys
        ]

    def _drop(self, gone: set[Key]) -> None:
        kept = [(k, t) for k, t in zip(self.keys, self.figure.data, strict=True) if k not in gone]
        self.figure.data = [t for _, t in kept]
        self.keys = [k for k, _ in kept]
        self.shown = {k: self.shown[k] for k in self.keys}


def send_update(
    figure: go.FigureWidget, restyle: dict[int, dict[str, Any]], relayout: dict[str, Any]
) -> None:
    """Send the changed leaf properties of the traces (``restyle``: by trace index) and
    of the layout in one ``batch_update`` message. The layout's are set as usual; the
    traces' are handed to the batch as they are, without plotly checking each value
    again: they are plotly's own JSON of traces, or dicts built to equal it (tested),
    and checking them property by property took most of an edit's time. At the
    batch's end plotly applies them to the figure and sends them, as it does for
    checked ones. (With a plotly whose batch keeps its edits elsewhere, they are set
    and checked one by one.)

    >>> fig = go.FigureWidget([go.Scatter(x=[1], y=[2]), go.Scatter(x=[3], y=[4])])
    >>> send_update(fig, {1: {"x": [5, 6], "marker.color": "red"}}, {"title.text": "T"})
    >>> fig.data[1].x, fig.data[1].marker.color, fig.data[0].x, fig.layout.title.text
    ((5, 6), 'red', (1,), 'T')
    """
    with figure.batch_update():
        for path, value in relayout.items():
            figure.layout[path] = value
        edits = getattr(figure, "_batch_trace_edits", None)  # what ``trace[path] = v`` fills
        for index, todo in restyle.items():
            if isinstance(edits, dict):
                edits.setdefault(index, {}).update(todo)
            else:
                for path, value in todo.items():
                    figure.data[index][path] = value
