"""The one way the widgets redraw a plotly ``FigureWidget`` in place.

:class:`FigureUpdate` keeps a ``FigureWidget`` (``widget``) equal to the last figure
given (:meth:`~FigureUpdate.show`; :meth:`~FigureUpdate.update` takes plotly JSON) and
sends only what changed:

- traces added at the end, or dropped from the end, when their number changes; all of
  them anew when one changes its type (plotly cannot restyle a bar into a scatter);
- the changed leaf properties (``marker.color``, ``x``...) of the traces and of the
  layout, all in one ``batch_update`` message (:func:`send_update`), never a property
  together with one of its parents: plotly.js refuses such an update and drops the
  whole redraw;
- the whole layout only when it gains a part the widget's layout cannot take by its
  path (a new subplot such as ``xaxis2``); a layout given without a ``template`` keeps
  the widget's.

A widget that changes a few properties of the traces it shows builds them with
:func:`with_leaves` (the play widget's sheet); one that moves its traces (the editor's
canvas) does so with :meth:`~FigureUpdate.arrange`, outside any batch. A view calls
:func:`sync_browser_state` for each of its figures when it is displayed. A trace's
``uid`` belongs to the widget and is never compared.

Examples
--------
>>> import plotly.graph_objects as go
>>> update = FigureUpdate()
>>> update.show(go.Figure(go.Bar(x=[1, 2], y=[3, 4]), layout={"title": {"text": "a"}}))
>>> widget = update.widget
>>> update.show(go.Figure(go.Bar(x=[1, 2], y=[3, 5]), layout={"title": {"text": "a"}}))
>>> update.widget is widget, widget.data[0].y, update.last_sent
(True, (3, 5), ['data[0].y'])
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

import numpy as np

from vvlab.widgets.plotly_import import current_figure, import_figure_widget

__all__ = [
    "FigureUpdate",
    "changes",
    "leaves",
    "same",
    "send_update",
    "sync_browser_state",
    "with_leaves",
]

Spec = dict[str, Any]
WHOLE = frozenset({"meta", "template"})
"""Properties sent whole even though they hold a dict."""
_MISSING = object()


def leaves(spec: Spec, prefix: str = "") -> dict[str, Any]:
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


def same(a: Any, b: Any) -> bool:
    """Whether two plotly JSON values are equal; data arrays may be numpy arrays, which
    compare element by element (a value that cannot be compared counts as changed).

    >>> import numpy as np
    >>> same([1, 2], np.array([1, 2])), same(np.array([1, 2]), np.array([1, 3]))
    (True, False)
    >>> same({"ids": np.array([1, 2])}, {"ids": np.array([1, 2])})
    False
    """
    try:
        return bool(a == b)
    except ValueError:  # numpy arrays of more than one element
        pass
    try:
        return bool(np.array_equal(a, b))
    except (ValueError, TypeError):
        return False


def changes(old: Spec, new: Spec) -> dict[str, Any]:
    """The leaf properties to set to turn ``old`` into ``new`` (``None`` resets one);
    never a path together with one of its parents.

    >>> changes({"marker": {"color": "red", "size": 4}}, {"marker": {"color": "blue"}})
    {'marker.color': 'blue', 'marker.size': None}
    >>> changes({"title": "x"}, {"title": {"text": "y"}})
    {'title.text': 'y'}
    """
    before, after = leaves(old), leaves(new)
    out = {p: v for p, v in after.items() if not same(before.get(p, _MISSING), v)}
    out.update({p: None for p in before if p not in after})
    parents = {p[:i] for p in out for i, ch in enumerate(p) if ch == "."}
    return {p: v for p, v in out.items() if p not in parents}


def with_leaves(spec: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    """``spec`` (plotly JSON) with the leaf properties ``values`` set by their dotted
    paths (``None`` removes one); ``spec`` itself when it holds them already, so that
    an unchanged trace is known as unchanged without comparing it.

    >>> spec = {"x": [1], "marker": {"size": 4}}
    >>> with_leaves(spec, {"marker.color": "red", "x": None})
    {'marker': {'size': 4, 'color': 'red'}}
    >>> with_leaves(spec, {"marker.size": 4}) is spec
    True
    """
    flat = leaves(spec)
    if all(same(flat.get(path), value) for path, value in values.items()):
        return spec
    out = dict(spec)
    for path, value in values.items():
        *parents, name = path.split(".")
        node = out
        for part in parents:
            node[part] = node = dict(node.get(part) or {})
        if value is None:
            node.pop(name, None)
        else:
            node[name] = value
    return out


def send_update(widget: Any, restyle: dict[int, dict[str, Any]], relayout: dict[str, Any]) -> None:
    """Send the changed leaf properties of the traces (``restyle``: by trace index) and
    of the layout in one ``batch_update`` message. The layout's are set as usual; the
    traces' are handed to the batch as they are, without plotly checking each value
    again: they are plotly's own JSON of traces, or dicts built to equal it (tested),
    and checking them property by property took most of an edit's time. At the
    batch's end plotly applies them to the figure and sends them, as it does for
    checked ones. (With a plotly whose batch keeps its edits elsewhere, they are set
    and checked one by one.)

    >>> import plotly.graph_objects as go
    >>> fig = go.FigureWidget([go.Scatter(x=[1], y=[2]), go.Scatter(x=[3], y=[4])])
    >>> send_update(fig, {1: {"x": [5, 6], "marker.color": "red"}}, {"title.text": "T"})
    >>> fig.data[1].x, fig.data[1].marker.color, fig.data[0].x, fig.layout.title.text
    ((5, 6), 'red', (1,), 'T')
    """
    with widget.batch_update():
        for path, value in relayout.items():
            widget.layout[path] = value
        edits = getattr(widget, "_batch_trace_edits", None)  # what ``trace[path] = v`` fills
        for index, todo in restyle.items():
            if isinstance(edits, dict):
                edits.setdefault(index, {}).update(todo)
            else:
                for path, value in todo.items():
                    widget.data[index][path] = value


def sync_browser_state(widget: Any) -> None:
    """Send the whole figure of ``widget`` as the browser's starting state, for a view
    about to be created (call it when the widget holding the figure is displayed).

    A view of a ``FigureWidget`` draws the model's ``_widget_data`` and
    ``_widget_layout``, which plotly sets only when the figure itself is displayed;
    inside a box the browser has to replay every later edit. An edit that reaches the
    page before plotly's code has loaded (a notebook run at once, the figure out of
    view) is lost, and the view then draws stale or empty axes (-1 to 6) that the
    following edits cannot fix. Sending the full state before the display makes it right.

    >>> import plotly.graph_objects as go
    >>> fig = go.FigureWidget(go.Bar(y=[1]))
    >>> fig.data[0].y = [2]
    >>> sync_browser_state(fig); fig._widget_data[0]["y"]
    [2]
    """
    for name, value in current_figure(widget).items():
        setattr(widget, name, value)
    widget.send_state(["_widget_data", "_widget_layout"])  # even when unchanged here


def _empty_widget() -> Any:
    """An empty ``FigureWidget`` whose comm opens as plotly's does: one made empty and
    filled while its box is already shown (the quick balance's figures) loses its
    updates in the browser when the comm opens only once complete (the default of
    :mod:`~vvlab.widgets.plotly_import`, made for widgets built whole)."""
    return import_figure_widget()(open_early=True)


def _own(spec: Spec) -> Spec:
    """``spec`` without the widget's ``uid``."""
    return {k: v for k, v in spec.items() if k != "uid"} if "uid" in spec else spec


class FigureUpdate:
    """A ``FigureWidget`` (``widget``) kept equal to the last figure given.

    Parameters
    ----------
    widget
        The widget to draw in (what it shows now is the starting point); a new empty
        one of plotly's own class by default.
    on_click
        Registered as the click callback of every trace added.

    Attributes
    ----------
    traces, layout
        What the widget shows, as plotly JSON (traces without their ``uid``).
    last_restyle, last_relayout
        The leaf properties the last update sent, by trace index and for the layout.
    """

    def __init__(self, widget: Any = None, on_click: Callable[..., Any] | None = None):
        self.widget = widget if widget is not None else _empty_widget()
        self.on_click = on_click
        self.traces: list[Spec] = [_own(t.to_plotly_json()) for t in self.widget.data]
        self.layout: Spec = self.widget.layout.to_plotly_json()
        self.last_restyle: dict[int, dict[str, Any]] = {}
        self.last_relayout: dict[str, Any] = {}
        self._whole: list[str] = []

    @property
    def last_sent(self) -> list[str]:
        """What the last update sent: ``"data"`` or ``"layout"`` when sent whole, and
        ``data[k].path`` and ``layout.path`` for each changed leaf property."""
        traces = [f"data[{k}].{p}" for k, todo in self.last_restyle.items() for p in todo]
        return [*self._whole, *traces, *(f"layout.{p}" for p in self.last_relayout)]

    def show(self, figure: Any) -> None:
        """Make the widget show ``figure`` (a plotly ``Figure``)."""
        self.update([t.to_plotly_json() for t in figure.data], figure.layout.to_plotly_json())

    def update(self, traces: Sequence[Spec], layout: Spec) -> None:
        """Make the widget show ``traces`` and ``layout`` (plotly JSON). A trace given
        as the very object shown last is not compared again."""
        self._whole = []
        traces = [_own(t) for t in traces]
        self._fit_traces(traces)
        if "template" not in layout and "template" in self.layout:
            layout = {**layout, "template": self.layout["template"]}
        self._fit_layout(layout)
        restyle = {}
        for k, (old, new) in enumerate(zip(self.traces, traces, strict=True)):
            todo = {} if old is new or same(old, new) else changes(old, new)
            if todo:
                restyle[k] = todo
        relayout = changes(self.layout, layout)
        send_update(self.widget, restyle, relayout)
        self.traces, self.layout = traces, layout
        self.last_restyle, self.last_relayout = restyle, relayout

    def add(self, traces: Iterable[Spec]) -> None:
        """Add ``traces`` after the others (outside any batch)."""
        new = [_own(t) for t in traces]
        self.widget.add_traces(new)
        if self.on_click is not None:
            for trace in self.widget.data[len(self.traces) :]:
                trace.on_click(self.on_click)
        self.traces += new

    def arrange(self, order: Sequence[int]) -> None:
        """Keep only the traces at the indices ``order``, in that order (outside any
        batch: plotly.py mixes up a batch's restyles when traces move)."""
        data = self.widget.data
        self.widget.data = [data[k] for k in order]
        self.traces = [self.traces[k] for k in order]

    def _fit_traces(self, traces: list[Spec]) -> None:
        kinds = [t.get("type") for t in traces]
        if kinds[: len(self.traces)] != [t.get("type") for t in self.traces][: len(kinds)]:
            self.arrange([])
            self._whole.append("data")
        if len(traces) < len(self.traces):
            self.arrange(range(len(traces)))
        elif len(traces) > len(self.traces):
            self.add(traces[len(self.traces) :])

    def _fit_layout(self, layout: Spec) -> None:
        if any(k not in self.layout and k not in self.widget.layout for k in layout):
            self.widget.layout = layout  # a new subplot: plotly takes it only whole
            self.layout = layout
            self._whole.append("layout")
