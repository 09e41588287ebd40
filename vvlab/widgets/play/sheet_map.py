"""The sheet of the player choosing, as a plotly ``FigureWidget`` redrawn in place.

The figure is built once per city with every trace it will ever need (a hidden band
per line for "completed", the station names, a preview layer); :meth:`SheetMap.paint`
then changes only the traces whose content changed, inside one ``batch_update``.
Clicks on a line, its wagon or a station call back into the widget.
"""

from __future__ import annotations

from collections.abc import Callable
from copy import deepcopy
from typing import Any

import plotly.graph_objects as go
from plotly.callbacks import InputDeviceState, Points

from vvlab.engine import Sheet
from vvlab.engine.sheet import Completion
from vvlab.model import CityMap
from vvlab.plan.geometry import HEIGHT, WIDTH, station_size
from vvlab.plan.wagons import map_geometry
from vvlab.viz.maps import crossed_trace, stars_trace
from vvlab.viz.names import station_names
from vvlab.viz.plan import (
    FILLED_BOX,
    bonus_text,
    completed_traces,
    line_traces,
    plan_axes,
    plan_layout,
    station_marks,
    station_trace,
    wagon_links,
    wagon_traces,
)
from vvlab.widgets.play.preview import Preview
from vvlab.widgets.plotly_import import import_figure_widget

FigureWidget = import_figure_widget()  # without its slowest import: see plotly_import

PREVIEW = "#FF6F00"
LINE_ROLES = ("line", "wagon", "indicators", "bonus", "completed")
STATION_ROLES = ("stations", "crossed", "stars", "preview")


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


class SheetMap:
    """A city's plan as a ``FigureWidget`` that shows one sheet and a pending move.

    Parameters
    ----------
    city
        The map.
    on_line, on_station
        Called with a line id when a line, its wagon or bonus is clicked, and with a
        station id when a station is clicked.

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
                t.update(hoverinfo="text", hovertext=f"line {t.meta['line']}: click to pick")
        x_axis, y_axis = plan_axes(geo)
        self.figure = FigureWidget(data=traces, layout=plan_layout("", width, height))
        self.figure.update_layout(xaxis=x_axis, yaxis=y_axis, shapes=wagon_links(city, geo))
        self.index = {(t.meta["role"], t.meta.get("line")): t for t in self.figure.data}
        self._shown: dict[Any, Any] = {}
        for t in self.figure.data:
            if t.meta["role"] in LINE_ROLES:
                t.on_click(self._line_clicked)
            elif t.meta["role"] in STATION_ROLES:
                t.on_click(self._station_clicked)

    def trace(self, role: str, line: str | None = None) -> Any:
        """The trace drawing ``role`` (of ``line`` for per-line roles)."""
        return self.index[(role, line)]

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

    # -- showing in the browser ---------------------------------------------------------
    def sync_browser_state(self) -> None:
        """Send the whole figure as the browser's starting state, for a view about to be
        created (call it when the widget holding the map is displayed).

        A view of a ``FigureWidget`` draws the model's ``_widget_data`` and
        ``_widget_layout``, which plotly sets only when the figure itself is displayed;
        inside a box the browser has to replay every later edit. An edit that reaches the
        page before plotly's code has loaded (a notebook run at once, the map out of view)
        is lost, and the view then draws stale or empty axes (-1 to 6) that the following
        edits cannot fix. Sending the full state before the display makes it right.
        """
        fig = self.figure
        fig._widget_data = deepcopy(fig._data)
        fig._widget_layout = deepcopy(fig._layout_obj._props)
        fig.send_state(["_widget_data", "_widget_layout"])  # even when unchanged here

    # -- drawing ------------------------------------------------------------------------
    def _put(self, key: Any, value: Any, apply: Callable[[Any], None]) -> None:
        if self._shown.get(key, ...) != value:
            apply(value)
            self._shown[key] = value

    def paint(
        self, sheet: Sheet, title: str, preview: Preview | None = None, pick_lines: bool = True
    ) -> None:
        """Show ``sheet`` with ``title``, and the pending move ``preview`` if any.

        With ``pick_lines=False`` (a free card) the lines take no clicks, so a click
        near a station always reaches the station.
        """
        fig = self.figure
        with fig.batch_update():
            self._put("title", title, lambda v: setattr(fig.layout.title, "text", v))
            self._put("pick_lines", pick_lines, self._lines_clickable)
            for line in self.city.lines:
                self._paint_line(sheet, line)
            marks = tuple(sheet.marks.items())
            self._put("marks", marks, lambda v: self._paint_marks(sheet))
            self._put("preview", self._preview_key(preview), self._paint_preview)

    def _lines_clickable(self, on: bool) -> None:
        for line in self.city.lines:
            self.trace("line", line.id).hoverinfo = "text" if on else "skip"
            self.trace("completed", line.id).hoverinfo = "text" if on else "skip"

    def _paint_line(self, sheet: Sheet, line: Any) -> None:
        done = sheet.completed.get(line.id)
        band = self.trace("completed", line.id)
        hover = (
            done and f"{line.id} completed on turn {done.turn}: {done.kind} bonus +{done.points}"
        )
        self._put(
            ("completed", line.id), hover, lambda v: band.update(visible=bool(v), hovertext=v)
        )
        boxes = self.trace("indicators", line.id)
        texts = tuple(sheet.indicators[line.id]) + ("",) * sheet.free_indicators(line.id)
        colors = [FILLED_BOX if t else "#FFFFFF" for t in texts]
        self._put(("boxes", line.id), texts, lambda v: boxes.update(text=v, marker_color=colors))
        bonus = self.trace("bonus", line.id)
        self._put(("bonus", line.id), bonus_text(line, sheet), lambda v: bonus.update(text=[v]))

    def _paint_marks(self, sheet: Sheet) -> None:
        for role, fresh in (
            ("crossed", crossed_trace(self.city, sheet)),
            ("stars", stars_trace(self.city, sheet)),
        ):
            t = self.trace(role)
            t.update(x=fresh.x, y=fresh.y, marker=fresh.marker.to_plotly_json(), meta=fresh.meta)
            if role == "stars":
                t.update(text=fresh.text, hovertext=fresh.hovertext)
        text, hover = station_marks(self.city, sheet)
        stations = self.trace("stations")
        self._put("station hover", hover, lambda v: setattr(stations, "customdata", v))
        # a star written in a transfer station replaces its star value label
        self._put("star values", tuple(text), lambda v: stations.update(text=v))

    def _preview_key(self, preview: Preview | None) -> tuple:
        if preview is None or not preview.stations:
            return ()
        star = "" if preview.mark == "X" else f"★{preview.mark}"
        return tuple((s, star or str(i + 1)) for i, s in enumerate(preview.stations))

    def _paint_preview(self, key: tuple) -> None:
        ids = [s for s, _ in key]
        st = self.city.stations
        self.trace("preview").update(
            x=[st[s].x for s in ids],
            y=[st[s].y for s in ids],
            text=[label for _, label in key],
            hovertext=[f"{st[s].name}: filled by this move" for s in ids],
            marker_size=[station_size(len(self.city.lines_through(s))) + 12 for s in ids],
            meta={"role": "preview", "ids": ids},
        )
