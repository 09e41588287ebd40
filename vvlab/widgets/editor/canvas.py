"""The map editor's canvas: the plan being edited over a grid of clickable points.

:func:`editor_figure` draws a valid city with the traces of :func:`vvlab.viz.draw_map`
and a city with problems as a sketch (:mod:`vvlab.widgets.editor.sketch`); under it
lies the ``grid`` trace, one faint point per free grid position, so that a click on
empty canvas reports a grid point (plotly only reports clicks on points). Station
names are placed for the pixels the canvas shows (its view, not the plan's own
frame), so that they keep apart on screen. Every trace has ``meta["role"]``:
``grid``, ``stations`` (with ``meta["ids"]``), ``line``, ``wagon``..., ``names`` and
``leaders``, ``draft`` (the line being drawn) and ``selected``; while bends can be
edited, ``segments`` (every edge, transparent: where a press grabs a line) and ``bends``
(a handle on each bend, with ``meta["bends"]``: ``[a, b, index]`` each).

The axes show a :class:`ViewRange`: one view, set over every station, wagon and label
when the editor opens or on Fit, and kept as the city changes; the plan is laid out
for its pixels (wagons and names stand clear of the stations at any scale).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from vvlab.model import CityMap
from vvlab.plan.geometry import MARGIN, Box, Point
from vvlab.plan.wagons import MapGeometry, map_geometry
from vvlab.viz.maps import map_title, plan_traces
from vvlab.viz.plan import plan_axes, plan_layout, wagon_links
from vvlab.widgets.editor.bends import edge_paths
from vvlab.widgets.editor.geometry import NameCache
from vvlab.widgets.editor.history import placed
from vvlab.widgets.editor.route_preview import preview_specs
from vvlab.widgets.editor.sketch import canvas_frame, sketch_traces
from vvlab.widgets.editor.viewrange import BLANK_EXTENT, ViewRange, content_box

if TYPE_CHECKING:
    from vvlab.widgets.editor.controller import MapEditorController
    from vvlab.widgets.editor.geometry import LineCache

WIDTH, HEIGHT = 600, 470
"""Canvas size in pixels: with the mode's controls beside it and the tabs below, the
whole editor fits a 1400×900 screen in JupyterLab."""
MAX_GRID_POINTS = 4000


def grid_extent(stations: dict[str, dict[str, Any]], step: float) -> tuple[float, ...]:
    """``(x0, y0, x1, y1)``: the blank extent (in grid steps) joined with the
    stations' bounding box and 3 grid steps around it, on the grid.

    >>> grid_extent({}, 1)
    (0.0, 0.0, 20.0, 14.0)
    >>> grid_extent({"a": {"x": -2, "y": 1}, "b": {"x": 5.5, "y": 14}}, 1)
    (-5.0, -2.0, 20.0, 17.0)
    """
    xs = [float(s["x"]) for s in stations.values() if placed(s)]
    ys = [float(s["y"]) for s in stations.values() if placed(s)]
    bx0, by0, bx1, by1 = BLANK_EXTENT
    return (
        float(min([bx0, *(math.floor(x / step) - 3 for x in xs)]) * step),
        float(min([by0, *(math.floor(y / step) - 3 for y in ys)]) * step),
        float(max([bx1, *(math.ceil(x / step) + 3 for x in xs)]) * step),
        float(max([by1, *(math.ceil(y / step) + 3 for y in ys)]) * step),
    )


def grid_points(
    ed: MapEditorController, extent: Box | None = None
) -> tuple[list[float], list[float]]:
    """Free grid positions over :func:`grid_extent` (every k-th step when there would
    be more than ``MAX_GRID_POINTS``); positions with a station are left out, so a click
    there reports the station.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController()
    >>> xs, ys = grid_points(ed)
    >>> len(xs), (xs[0], ys[0])
    (315, (0, 0))
    >>> _ = ed.station_edits.add(5, 5)
    >>> len(grid_points(ed)[0])
    314
    """
    stations = ed.history.data["stations"]
    step = ed.station_edits.grid_step
    if extent is None:
        x0, y0, x1, y1 = grid_extent(stations, step)
    else:
        x0, y0 = math.floor(extent[0] / step) * step, math.floor(extent[1] / step) * step
        x1, y1 = math.ceil(extent[2] / step) * step, math.ceil(extent[3] / step) * step
    nx, ny = round((x1 - x0) / step) + 1, round((y1 - y0) / step) + 1
    stride = max(1, math.ceil(math.sqrt(nx * ny / MAX_GRID_POINTS)))
    taken = {(s.get("x"), s.get("y")) for s in stations.values()}
    column = [
        ed.station_edits.snap(x0 + i * step, 0)[0] for i in range(0, nx, stride)
    ]  # snapped once
    row = [ed.station_edits.snap(0, y0 + j * step)[1] for j in range(0, ny, stride)]
    xs: list[float] = []
    ys: list[float] = []
    for y in row:
        for x in column:
            if (x, y) not in taken:
                xs.append(x)
                ys.append(y)
    return xs, ys


def grid_spec(ed: MapEditorController, extent: Box | None = None) -> dict[str, Any]:
    """The clickable grid as plotly JSON: faint dots, no hover label (but hover and
    click events). Plain data, quick to build and compare.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> spec = grid_spec(MapEditorController())
    >>> go.Scatter(spec).to_plotly_json() == spec
    True
    """
    xs, ys = grid_points(ed, extent)
    return {
        "type": "scatter",
        "x": xs,
        "y": ys,
        "mode": "markers",
        "marker": {"size": 4, "color": "rgba(120,120,120,0.35)"},
        "hoverinfo": "none",
        "showlegend": False,
        "name": "grid",
        "meta": {"role": "grid"},
    }


class GridCache:
    """:func:`grid_spec` remembering its last answer while the stations stay put.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed, cache = MapEditorController(), GridCache()
    >>> cache(ed) is cache(ed)
    True
    """

    def __init__(self) -> None:
        self.key: Any = None
        self.spec: dict[str, Any] = {}

    def __call__(self, ed: MapEditorController, extent: Box | None = None) -> dict[str, Any]:
        key = (
            sorted(
                (str(s.get("x")), str(s.get("y"))) for s in ed.history.data["stations"].values()
            ),
            ed.station_edits.grid_step,
            extent,
        )
        if key != self.key:
            self.key, self.spec = key, grid_spec(ed, extent)
        return self.spec


def grid_trace(ed: MapEditorController, extent: Box | None = None) -> go.Scatter:
    """The clickable grid (:func:`grid_spec`) as a trace."""
    return go.Scatter(grid_spec(ed, extent))


def overlay_traces(
    ed: MapEditorController, selected: str | None, bends: bool = False
) -> list[go.Scatter]:
    """The line being drawn (dashed), a route edit shown before it is made
    (:func:`~vvlab.widgets.editor.route_preview.preview_specs`), a ring around the
    selected station, and with ``bends`` the edges and bend handles (:func:`bend_specs`).

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController.open("tutorial")
    >>> ed.line_edits.start("zoo"); ed.line_edits.add_stop("lake")
    >>> [t.meta for t in overlay_traces(ed, "park")]
    [{'role': 'draft', 'ids': ['zoo', 'lake']}, {'role': 'selected', 'ids': ['park']}]
    """
    stations = ed.history.data["stations"]
    traces = []
    if ed.line_edits.draft:
        traces.append(_draft_trace(ed))
    traces += [go.Scatter(spec) for spec in preview_specs(ed.history.data, ed.preview)]
    if selected in stations:
        traces.append(_selected_trace(selected, stations[selected]))
    return traces + ([go.Scatter(spec) for spec in bend_specs(ed)] if bends else [])


def bend_specs(ed: MapEditorController) -> list[dict[str, Any]]:
    """The edges as one transparent trace (where the drag script lets a press on a
    line add a bend) and a small handle on every bend (pressed to move it), as plotly
    JSON (plain data, quick to build on every edit).

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController.open("tutorial")
    >>> ed.bend_edits.add("lake", "park", 0, (3, -2))
    >>> segments, handles = bend_specs(ed)
    >>> handles["meta"], handles["x"], handles["y"]
    ({'role': 'bends', 'bends': [['lake', 'park', 0]]}, [3], [-2])
    >>> segments["x"][-4:], segments["y"][-4:]
    ([3, 3, 0, None], [-3, -2, -2, None])
    >>> go.Scatter(handles).to_plotly_json() == handles
    True
    """
    xs: list[float | None] = []
    ys: list[float | None] = []
    for path in edge_paths(ed.history.data).values():
        xs += [*(x for x, _ in path), None]
        ys += [*(y for _, y in path), None]
    handles = ed.bend_edits.handles()
    common = {"showlegend": False, "type": "scatter"}
    segments = {
        "x": xs,
        "y": ys,
        "mode": "lines",
        "hoverinfo": "skip",
        "name": "segments",
        "line": {"color": "rgba(0,0,0,0)", "width": 12},
        "meta": {"role": "segments"},
    }
    marker = {
        "size": 10,
        "symbol": "square",
        "color": "white",
        "line": {"color": "#FF00AA", "width": 2},
    }
    return [{**segments, **common}, {
        "x": [point[0] for *_, point in handles], "y": [point[1] for *_, point in handles],
        "mode": "markers", "marker": marker, "hoverinfo": "none", "name": "bends", **common,
        "meta": {"role": "bends", "bends": [[a, b, index] for a, b, index, _ in handles]},
    }]  # fmt: skip


def draft_points(ed: MapEditorController) -> list[Point]:
    """The line being drawn as the canvas draws it: its stations' points in order.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController.open("tutorial")
    >>> ed.line_edits.start("zoo"); ed.line_edits.add_stop("lake")
    >>> draft_points(ed)
    [(4, 0), (3, -3)]
    """
    stations = ed.history.data["stations"]
    draft = ed.line_edits.draft or []
    return [(stations[s]["x"], stations[s]["y"]) for s in draft if s in stations]


def _draft_trace(ed: MapEditorController) -> go.Scatter:
    route = draft_points(ed)
    return go.Scatter(
        x=[x for x, _ in route],
        y=[y for _, y in route],
        mode="lines+markers",
        line={"color": "#FF00AA", "width": 3, "dash": "dash"},
        marker={"size": 6, "color": "#FF00AA"},
        hoverinfo="skip",
        showlegend=False,
        name="draft",
        meta={"role": "draft", "ids": list(ed.line_edits.draft or [])},
    )


def _selected_trace(sid: str, station: dict[str, Any]) -> go.Scatter:
    return go.Scatter(
        x=[station["x"]],
        y=[station["y"]],
        mode="markers",
        marker={"size": 24, "color": "rgba(0,0,0,0)", "line": {"color": "#FF00AA", "width": 3}},
        hoverinfo="skip",
        showlegend=False,
        name="selected",
        meta={"role": "selected", "ids": [sid]},
    )


def plan_figure(
    ed: MapEditorController,
    width: int = WIDTH,
    height: int = HEIGHT,
    view: ViewRange | None = None,
) -> go.Figure:
    """The grid, then the plan: the traces of :func:`~vvlab.viz.maps.draw_map` when
    the city is valid, a sketch otherwise; names placed for the canvas's pixels; axes
    over ``view`` (a fresh fit when ``None``), clicks reported. A full redraw from
    scratch: :func:`plan_content` as a figure.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> fig = plan_figure(MapEditorController())
    >>> [t.meta["role"] for t in fig.data], fig.layout.clickmode
    (['grid', 'leaders', 'stations', 'names'], 'event')
    """
    traces, layout = plan_content(ed, width, height, view=view)
    return go.Figure(traces, layout=layout)


def _sketch_title(data: dict[str, Any]) -> str:
    return f"<b>{data.get('name')}</b> · draft: see the problems"


HIDDEN_AXIS = {"visible": False, "showgrid": False, "zeroline": False}
"""The canvas's axes, as a valid plan has them (a draft the same: nothing to send
when the city turns valid or not)."""


def _editor_layout(box: Box) -> dict[str, Any]:
    """What the canvas changes in a plan's layout: axes over the view, clicks."""
    x0, y0, x1, y1 = box
    return {
        "margin": dict(MARGIN),
        "clickmode": "event",
        "hovermode": "closest",
        "xaxis": {"range": [x0, x1], **HIDDEN_AXIS},
        "yaxis": {"range": [y0, y1], "scaleanchor": "x", "scaleratio": 1, **HIDDEN_AXIS},
    }


def plan_content(
    ed: MapEditorController,
    width: int = WIDTH,
    height: int = HEIGHT,
    geometry: Callable[..., MapGeometry] = map_geometry,
    grid: Callable[[MapEditorController, Box], dict[str, Any]] = grid_spec,
    view: ViewRange | None = None,
    names: NameCache | None = None,
    wagons: Callable[[CityMap, MapGeometry], list[dict[str, Any]]] | None = None,
    lines: LineCache | None = None,
) -> tuple[list[dict[str, Any]], dict[str, Any]]:
    """The traces and layout of the canvas (without overlays) as plotly JSON: the axes
    over ``view`` (kept; a fresh fit when ``None`` or after :meth:`ViewRange.fit`), the
    plan laid out for the pixels the view shows (wagons and gaps between lines sized
    there, so that a wagon keeps clear of its station whatever the scale) by
    :func:`~vvlab.plan.wagons.map_geometry` (or ``geometry``, e.g. a
    :class:`~vvlab.widgets.editor.geometry.GeometryCache`), the grid by ``grid``, the
    station names placed clear of every line, the one being drawn too, by ``names``
    (a :class:`~vvlab.widgets.editor.geometry.NameCache`, a new one when ``None``),
    the wagons by ``wagons`` when given (e.g. a
    :class:`~vvlab.widgets.editor.geometry.WagonCache`), the lines from ``lines`` when
    given (a :class:`~vvlab.widgets.editor.geometry.LineCache`).

    Examples
    --------
    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController.open("tutorial")
    >>> traces, layout = plan_content(ed)
    >>> [t["meta"]["role"] for t in traces][:3], traces[-1]["meta"]["role"]
    (['grid', 'line', 'line'], 'names')
    >>> sorted(traces[-1]["text"]) == sorted(s["name"] for s in ed.stations.values())
    True
    """
    data = ed.history.data
    city = ed.city()
    view = view if view is not None else ViewRange()
    names = names if names is not None else NameCache()
    drawing = tuple(pairwise(draft_points(ed)))
    if city is None:
        frame = canvas_frame(view.update(content_box(ed)), width, height)
        specs = sketch_traces(data, frame, names.sketch(data, frame, drawing), lines is None)
        specs[:0] = lines.sketch(data) if lines is not None else []
        layout = {**plan_layout(_sketch_title(data), width, height), "shapes": []}
    else:
        if view.box is None:  # a fit: around the stations and the wagons as a plan has them
            view.update(content_box(ed, geometry(city, width, height)))
        frame = canvas_frame(view.update(None), width, height)
        geo = geometry(city, width, height, frame)
        placed = names(city, geo, frame, drawing)
        traces = plan_traces(city, geo, None, ("x", "y"), legend=True, placed=placed,
                             frame=frame, wagons=wagons is None, lines=lines is None)  # fmt: skip
        specs = [t.to_plotly_json() for t in traces]
        specs[:0] = lines.plan(city, geo) if lines is not None else []
        if wagons is not None:  # under the stations, as plan_traces draws them
            at = next(k for k, t in enumerate(specs) if t["meta"]["role"] == "stations")
            specs[at:at] = wagons(city, geo)
        layout = plan_layout(map_title(city, None, None, 0), width, height)
        x_axis, y_axis = plan_axes(geo)
        layout.update(xaxis=x_axis, yaxis=y_axis, shapes=wagon_links(city, geo))
    box = view.update(None)
    extra = _editor_layout(box)
    layout["xaxis"] = {**layout.get("xaxis", {}), **extra.pop("xaxis")}
    layout["yaxis"] = {**layout.get("yaxis", {}), **extra.pop("yaxis")}
    layout.update(extra)
    return [grid(ed, box), *specs], layout


def editor_figure(
    ed: MapEditorController,
    selected: str | None = None,
    width: int = WIDTH,
    height: int = HEIGHT,
    view: ViewRange | None = None,
    bends: bool = False,
) -> go.Figure:
    """The canvas: :func:`plan_figure` (over ``view``) and the overlays
    (:func:`overlay_traces`, with the bends' handles when ``bends``).

    Examples
    --------
    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> fig = editor_figure(MapEditorController.open("tutorial"), selected="central")
    >>> [t.meta["role"] for t in fig.data][:2], fig.data[-1].meta
    (['grid', 'line'], {'role': 'selected', 'ids': ['central']})
    >>> [t.meta["role"] for t in editor_figure(MapEditorController()).data]
    ['grid', 'leaders', 'stations', 'names']
    """
    fig = plan_figure(ed, width, height, view)
    fig.add_traces(overlay_traces(ed, selected, bends))
    return fig
