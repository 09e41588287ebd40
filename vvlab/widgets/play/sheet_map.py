"""The sheet of the player choosing, as a plotly ``FigureWidget`` redrawn in place.

The figure is built once per city with every trace it will ever need (a hidden band
per line for "completed", the station names, a preview layer); :meth:`SheetMap.paint`
gives the traces as the sheet shows them to its
:class:`~vvlab.widgets.figure_update.FigureUpdate` (``figure_update``), which sends
only what changed, in one message.
Clicks on a line, its wagon or a station call back into the widget.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from itertools import pairwise
from typing import Any

import plotly.graph_objects as go
from plotly.callbacks import InputDeviceState, Points

from vvlab.engine import Sheet
from vvlab.engine.sheet import Completion
from vvlab.model import CityMap
from vvlab.model.markup import literal
from vvlab.plan.geometry import HEIGHT, WIDTH, station_size
from vvlab.plan.wagons import map_geometry
from vvlab.viz.maps import crossed_trace, stars_trace
from vvlab.viz.names import station_names
from vvlab.viz.plan import (
    bonus_text,
    completed_traces,
    indicator_marks,
    line_traces,
    plan_axes,
    plan_layout,
    station_marks,
    station_trace,
    wagon_links,
    wagon_traces,
)
from vvlab.widgets.figure_update import FigureUpdate, with_leaves
from vvlab.widgets.play.preview import Preview
from vvlab.widgets.plotly_import import import_figure_widget

FigureWidget = import_figure_widget()  # without its slowest import: see plotly_import

PREVIEW = "#FF6F00"
LINE_ROLES = ("line", "wagon", "indicators", "bonus", "completed")
STATION_ROLES = ("stations", "crossed", "stars", "preview")
CLICK_STEP = 0.25
"""Plan units between the points of a line that take a click (see clickable_path)."""
MARK_PARTS = ("x", "y", "marker", "meta")
"""What a sheet's crosses and stars change of their traces."""


def _bands(city: CityMap, geo: Any) -> list[go.Scatter]:
    """A hidden "completed" band under every line, shown once the line is complete."""
    every = Sheet(city)
    every.completed = {ln.id: Completion(ln.id, 0, "first", 0) for ln in city.lines}
    bands = completed_traces(city, geo, every)
    for band in bands:
        band.visible = False
    return bands


def _preview_trace() -> go.Scatter:
    return go.Scatter(
        x=[],
        y=[],
        mode="markers+text",
        name="preview",
        showlegend=False,
        marker={"symbol": "circle-open", "size": [], "color": PREVIEW, "line": {"width": 4}},
        text=[],
        textposition="top center",
        textfont={"size": 13, "color": PREVIEW},
        hoverinfo="text",
        hovertext=[],
        meta={"role": "preview", "ids": []},
    )


def clickable_path(
    xs: Sequence[float], ys: Sequence[float], step: float = CLICK_STEP
) -> tuple[list[float], list[float]]:
    """The polyline through ``xs``, ``ys`` with a point at least every ``step`` (plan
    units) along each segment: plotly hovers and clicks a line at its points only, so
    a line drawn through its stations alone took no click between them.

    >>> clickable_path([0, 1, 1], [0, 0, 0.5], 0.5)
    ([0.0, 0.5, 1.0, 1.0], [0.0, 0.0, 0.0, 0.5])
    """
    out_x, out_y = [float(xs[0])], [float(ys[0])]
    for (x0, y0), (x1, y1) in pairwise(zip(xs, ys, strict=True)):
        parts = max(1, math.ceil(math.hypot(x1 - x0, y1 - y0) / step))
        for k in range(1, parts + 1):
            out_x.append(x0 + (x1 - x0) * k / parts)
            out_y.append(y0 + (y1 - y0) * k / parts)
    return out_x, out_y


class SheetMap:
    """A city's plan as a ``FigureWidget`` that shows one sheet and a pending move.

    Parameters
    ----------
    city
        The map.
    on_line, on_station
        Called with a line id when a line, its wagon or bonus is clicked, and with a
        station id when a station is clicked.
    width, height
        The figure's size in pixels.
    title
        The title it shows first.

    Examples
    --------
    >>> import vvlab
    >>> picked = []
    >>> m = SheetMap(vvlab.load_map("tutorial"), picked.append, picked.append)
    >>> m.click_line("B"); m.click_station("zoo"); picked
    ['B', 'zoo']
    """

    def __init__(
        self,
        city: CityMap,
        on_line: Callable[[str], Any],
        on_station: Callable[[str], Any],
        width: int = WIDTH,
        height: int = HEIGHT,
        title: str = "",
    ):
        self.city, self.on_line, self.on_station = city, on_line, on_station
        geo = map_geometry(city, width, height)
        blank = Sheet(city)
        leaders, names = station_names(city, geo)
        traces = _bands(city, geo) + line_traces(city, geo) + [leaders]
        traces += wagon_traces(city, geo, blank)
        traces += [station_trace(city, blank), names, crossed_trace(city, blank)]
        traces += [stars_trace(city, blank), _preview_trace()]
        for t in traces:
            if t.meta["role"] == "line":
                x, y = clickable_path(t.x, t.y)
                t.update(
                    x=x, y=y, hoverinfo="text", hovertext=f"line {t.meta['line']}: click to pick"
                )
        x_axis, y_axis = plan_axes(geo)
        self.figure = FigureWidget(data=traces, layout=plan_layout(title, width, height))
        self.figure.update_layout(xaxis=x_axis, yaxis=y_axis, shapes=wagon_links(city, geo))
        self.figure_update = FigureUpdate(self.figure)
        self.index = {(t.meta["role"], t.meta.get("line")): k for k, t in enumerate(traces)}
        for t in self.figure.data:
            if t.meta["role"] in LINE_ROLES:
                t.on_click(self._line_clicked)
            elif t.meta["role"] in STATION_ROLES:
                t.on_click(self._station_clicked)

    def trace(self, role: str, line: str | None = None) -> Any:
        """The trace drawing ``role`` (of ``line`` for per-line roles)."""
        return self.figure.data[self.index[(role, line)]]

    # -- clicks -------------------------------------------------------------------------
    def _line_clicked(self, trace: Any, points: Points, state: Any) -> None:
        if points.point_inds:
            self.on_line(trace.meta["line"])

    def _station_clicked(self, trace: Any, points: Points, state: Any) -> None:
        if points.point_inds:
            self.on_station(trace.meta["ids"][points.point_inds[0]])

    @staticmethod
    def _click(trace: Any, i: int) -> None:
        points = Points([i], [trace.x[i]], [trace.y[i]], trace.name, 0)
        trace._dispatch_on_click(points, InputDeviceState())

    def click_line(self, line: str) -> None:
        """Simulate the plotly click on a line (what a browser click sends)."""
        self._click(self.trace("line", line), 0)

    def click_station(self, station: str) -> None:
        """Simulate the plotly click on a station (what a browser click sends)."""
        trace = self.trace("stations")
        self._click(trace, list(trace.meta["ids"]).index(station))

    # -- drawing ------------------------------------------------------------------------
    def paint(
        self, sheet: Sheet, title: str, preview: Preview | None = None, pick_lines: bool = True
    ) -> None:
        """Show ``sheet`` with ``title``, and the pending move ``preview`` if any.

        With ``pick_lines=False`` (a free card) the lines take no clicks, so a click
        near a station always reaches the station.
        """
        shown = self.figure_update
        specs = list(shown.traces)
        hover = "text" if pick_lines else "skip"
        for line in self.city.lines:
            self._paint_line(specs, sheet, line, hover)
        self._paint_marks(specs, sheet)
        self._set(specs, "preview", None, self._preview_values(preview))
        layout = {**shown.layout, "title": {**shown.layout.get("title", {}), "text": title}}
        shown.update(specs, layout)

    def _set(self, specs: list[dict], role: str, line: str | None, values: dict) -> None:
        k = self.index[(role, line)]
        specs[k] = with_leaves(specs[k], values)

    def _paint_line(self, specs: list[dict], sheet: Sheet, line: Any, hover: str) -> None:
        done = sheet.completed.get(line.id)
        band = done and f"{line.id} completed on turn {done.turn}: {done.kind} bonus +{done.points}"
        self._set(specs, "line", line.id, {"hoverinfo": hover})
        values = {"visible": bool(band), "hovertext": band or None, "hoverinfo": hover}
        self._set(specs, "completed", line.id, values)
        texts, colors = indicator_marks(line, sheet)
        self._set(specs, "indicators", line.id, {"text": texts, "marker.color": colors})
        self._set(specs, "bonus", line.id, {"text": [bonus_text(line, sheet)]})

    def _paint_marks(self, specs: list[dict], sheet: Sheet) -> None:
        for role, fresh, parts in (
            ("crossed", crossed_trace(self.city, sheet), MARK_PARTS),
            ("stars", stars_trace(self.city, sheet), (*MARK_PARTS, "text", "hovertext")),
        ):
            drawn = fresh.to_plotly_json()
            self._set(specs, role, None, {part: drawn.get(part) for part in parts})
        text, hover = station_marks(self.city, sheet)
        # a star written in a transfer station replaces its star value label
        self._set(specs, "stations", None, {"customdata": hover, "text": text})

    def _preview_values(self, preview: Preview | None) -> dict[str, Any]:
        ids = list(preview.stations) if preview is not None else []
        star = "" if preview is None or preview.mark == "X" else f"★{preview.mark}"
        st = self.city.stations
        return {
            "x": [st[s].x for s in ids],
            "y": [st[s].y for s in ids],
            "text": [star or str(i + 1) for i in range(len(ids))],
            "hovertext": [f"{literal(st[s].name)}: filled by this move" for s in ids],
            "marker.size": [station_size(len(self.city.lines_through(s))) + 12 for s in ids],
            "meta": {"role": "preview", "ids": ids},
        }
