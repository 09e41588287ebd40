"""Figures shown in place: :class:`FigureSync` keeps one plotly ``FigureWidget`` equal
to the last figure given, sending only the leaf properties that changed (in one
``batch_update``), so that a new quick balance redraws the figures the browser
already shows instead of building new widgets.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from vvlab.widgets.editor.painter import changes


def _json(fig: go.Figure) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    layout = fig.layout.to_plotly_json()
    layout.pop("template", None)  # the same for every figure: sent once, with the first
    return [t.to_plotly_json() for t in fig.data], layout


class FigureSync:
    """One ``FigureWidget`` (``widget``) showing the last figure given to :meth:`show`.

    Examples
    --------
    >>> sync = FigureSync()
    >>> sync.show(go.Figure(go.Bar(x=[1, 2], y=[3, 4]), layout={"title": {"text": "a"}}))
    >>> widget = sync.widget
    >>> sync.show(go.Figure(go.Bar(x=[1, 2], y=[3, 5]), layout={"title": {"text": "a"}}))
    >>> sync.widget is widget, widget.data[0].y, sync.last_sent
    (True, (3, 5), ['data[0].y'])
    """

    def __init__(self) -> None:
        self.widget = go.FigureWidget()
        self.traces: list[dict[str, Any]] = []
        self.layout: dict[str, Any] = {}
        self.last_sent: list[str] = []

    def show(self, fig: go.Figure) -> None:
        """Make the widget show ``fig``: the changed leaves only, while the traces keep
        their types and the layout its parts (axes, subplots); anew otherwise."""
        traces, layout = _json(fig)
        same_kinds = [t.get("type") for t in traces] == [t.get("type") for t in self.traces]
        sent: list[str] = []
        if not same_kinds:
            self.widget.data = []
            self.widget.add_traces(traces)
            self.traces = traces
            sent.append("data")
        if set(layout) != set(self.layout):  # new subplots: the whole layout
            self.widget.layout = fig.layout
            self.layout = layout
            sent.append("layout")
        with self.widget.batch_update():
            for k, (old, new) in enumerate(zip(self.traces, traces, strict=True)):
                for path, value in changes(old, new).items():
                    self.widget.data[k][path] = value
                    sent.append(f"data[{k}].{path}")
            for path, value in changes(self.layout, layout).items():
                self.widget.layout[path] = value
                sent.append(f"layout.{path}")
        self.traces, self.layout, self.last_sent = traces, layout, sent
