"""A city with problems drawn as a sketch on the editor's canvas: each line through
its known stations, the stations, and their names placed as on a valid plan.

A draft cannot be laid out like a city (no wagons, maybe no lines), but its names
must stay readable while the user works: they are placed with the plan's placer
(:func:`~vvlab.plan.names.place_names`) in the pixels the canvas shows, so that they
keep clear of each other, the stations and the lines (the one being drawn too).
"""

from __future__ import annotations

from itertools import pairwise
from typing import Any

from vvlab.model.colors import is_hex
from vvlab.model.markup import literal
from vvlab.plan.geometry import LINE_WIDTH, Box, Frame, plot_frame, station_size
from vvlab.plan.names import CANVAS_NAMES, Name
from vvlab.plan.relabel import Naming, place_naming
from vvlab.plan.scene import Segment
from vvlab.viz.names import leaders_spec, names_spec, naming
from vvlab.viz.plan import BLANK, FONT, INK, LEGEND_CHARS, STATION_HOVER, legend_label
from vvlab.widgets.editor.history import placed

SKETCH_GREY = "#9A9A9A"


def canvas_frame(box: Box, width: int, height: int) -> Frame:
    """The pixels of a canvas of ``width`` × ``height`` showing ``box`` (map units)
    with equal scales: plotly widens the range of one axis about its centre to fill
    the plot area, which is what :func:`~vvlab.plan.geometry.plot_frame` does.

    >>> frame = canvas_frame((0, 0, 10, 10), 920, 640)
    >>> frame.to_px((5, 5)) == (frame.width / 2, frame.height / 2)
    True
    """
    return plot_frame([(box[0], box[1]), (box[2], box[3])], width, height, pad=0)


def known_stations(data: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """A draft's stations that have a place (finite x and y), by id."""
    return {sid: s for sid, s in data["stations"].items() if placed(s)}


def _routes(data: dict[str, Any], stations: dict[str, Any]) -> list[list[str]]:
    return [[s for s in line.get("stations") or [] if s in stations] for line in data["lines"]]


def sketch_names(
    data: dict[str, Any],
    frame: Frame,
    keep: dict[str, Name] | None = None,
    memo: dict | None = None,
) -> dict[str, Name]:
    """The names of a draft's stations placed in the pixels of ``frame``: those on
    several lines and at the ends of lines always, the others where there is room
    (``keep``: names placed before, tried first, and ``memo``, see
    :func:`~vvlab.plan.names.place_names`).

    >>> data = {"stations": {"a": {"x": 0, "y": 0, "name": "Alpha"}, "b": {"x": 4, "y": 0}},
    ...         "lines": [{"id": "L1", "stations": ["a", "b"]}]}
    >>> names = sketch_names(data, canvas_frame((-2, -2, 6, 2), 920, 640))
    >>> [(sid, name.text) for sid, name in names.items()]
    [('a', 'Alpha'), ('b', 'b')]
    """
    return place_naming(sketch_naming(data, frame), keep, memo)


def sketch_naming(data: dict[str, Any], frame: Frame, drawing: tuple[Segment, ...] = ()) -> Naming:
    """What :func:`sketch_names` places a draft's names from (a
    :class:`~vvlab.plan.relabel.Naming`): every placed station, those on several lines
    and at the ends of lines as key stations, the lines between them as drawn (and
    ``drawing``, the line being drawn, in map units), the canvas; never over a line
    (:data:`~vvlab.plan.names.CANVAS_NAMES`).

    >>> data = {"stations": {"a": {"x": 0, "y": 0, "name": "Alpha"}, "b": {"x": 4, "y": 0}},
    ...         "lines": [{"id": "L1", "stations": ["a", "b"]}]}
    >>> naming = sketch_naming(data, canvas_frame((-2, -2, 6, 2), 920, 640))
    >>> naming.names, sorted(naming.key), len(naming.lines)
    ({'a': 'Alpha', 'b': 'b'}, ['a', 'b'], 1)
    """
    stations = known_stations(data)
    routes = _routes(data, stations)
    points = {s: (float(st["x"]), float(st["y"])) for s, st in stations.items()}
    pairs = [(points[a], points[b]) for route in routes for a, b in pairwise(route)]
    return naming(
        {s: st.get("name") or s for s, st in stations.items()},
        points,
        station_radii(data, stations),
        routes,
        frame,
        lines=[*pairs, *drawing],
        style=CANVAS_NAMES,
    )


def station_radii(data: dict[str, Any], stations: dict[str, Any]) -> dict[str, float]:
    """Each station's marker radius in pixels, as the plan sizes it."""
    return {s: station_size(len(lines)) / 2 for s, lines in lines_through(data, stations).items()}


def sketch_traces(
    data: dict[str, Any],
    frame: Frame | None = None,
    placed: dict[str, Name] | None = None,
    lines: bool = True,
) -> list[dict[str, Any]]:
    """A city with problems, as plotly JSON: each line through its known stations
    (grey if its colour is bad), the stations (their names on hover), and with
    ``frame`` (the canvas's pixels) the names (:func:`sketch_names`, or ``placed``
    before) and their leader lines; the lines only with ``lines`` (the editor keeps
    them in a cache). Built as plain dicts, without plotly checking them: the editor
    redraws a draft on every edit, and the checks took longer than the drawing.

    >>> data = {"stations": {"a": {"x": 0, "y": 0, "name": "A"}, "b": {"x": 2, "y": 0}},
    ...         "lines": [{"id": "L1", "color": "red", "stations": ["a", "b", "zoo"]}]}
    >>> [(t["meta"]["role"], t["x"], t.get("line")) for t in sketch_traces(data)]
    [('line', [0, 2], {'color': '#9A9A9A', 'width': 3.5}), ('stations', [0, 2], None)]
    >>> frame = canvas_frame((-2, -2, 4, 2), 920, 640)
    >>> [t["meta"]["role"] for t in sketch_traces(data, frame)]
    ['line', 'leaders', 'stations', 'names']
    >>> sketch_traces(data, frame)[-1]["text"]
    ['A', 'b']
    """
    stations = known_stations(data)
    traces = [sketch_line(line, stations) for line in data["lines"]] if lines else []
    if frame is None:
        return [*traces, _sketch_stations(data, stations)]
    names = placed if placed is not None else sketch_names(data, frame)
    return [
        *traces,
        leaders_spec(names, frame),
        _sketch_stations(data, stations),
        names_spec(names, frame),
    ]


def sketch_line(line: dict[str, Any], stations: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """A draft's line through its ``stations`` that have a place (grey if its colour
    is bad), as plotly JSON; the rest as a valid plan draws a line, so that the canvas
    sends only what changed when the city turns valid or not."""
    route = [stations[s] for s in line.get("stations") or [] if s in stations]
    color = line.get("color")
    return {
        "hoverinfo": "skip",
        "legendgroup": str(line.get("id")),
        "line": {"color": color if is_hex(color) else SKETCH_GREY, "width": LINE_WIDTH},
        "meta": {"role": "line", "line": line.get("id")},
        "mode": "lines",
        "name": legend_label(str(line.get("id")), _text(line.get("name")), LEGEND_CHARS),
        "opacity": 1.0,
        "showlegend": True,
        "x": [s["x"] for s in route],
        "xaxis": "x",
        "y": [s["y"] for s in route],
        "yaxis": "y",
        "type": "scatter",
    }


def _text(value: Any) -> str | None:
    return value if isinstance(value, str) else None


def _sketch_stations(data: dict[str, Any], stations: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The stations as a valid plan draws them (sized by the lines through them,
    transfers labelled with their star value, the same hover), as plotly JSON."""
    ids = list(stations)
    through = lines_through(data, stations)
    return {
        "customdata": [
            [literal(stations[s].get("name") or s), ", ".join(through[s]), 2 * len(through[s])]
            for s in ids
        ],
        "hovertemplate": STATION_HOVER + "<extra></extra>",
        "marker": {
            "color": "#FFFFFF",
            "line": {"color": INK, "width": 1.5},
            "size": [station_size(len(through[s])) for s in ids],
        },
        "meta": {"role": "stations", "ids": ids},
        "mode": "markers+text",
        "name": "stations",
        "showlegend": False,
        "text": [str(2 * len(through[s])) if len(through[s]) > 1 else BLANK for s in ids],
        "textfont": {"color": INK, "family": FONT, "size": 9},
        "x": [stations[s]["x"] for s in ids],
        "xaxis": "x",
        "y": [stations[s]["y"] for s in ids],
        "yaxis": "y",
        "type": "scatter",
    }


def lines_through(data: dict[str, Any], stations: dict[str, Any]) -> dict[str, list[str]]:
    """The ids of a draft's lines through each of ``stations``, in line order.

    >>> data = {"lines": [{"id": "A", "stations": ["a", "b"]}, {"id": "B", "stations": ["b"]}]}
    >>> lines_through(data, {"a": {}, "b": {}, "c": {}})
    {'a': ['A'], 'b': ['A', 'B'], 'c': []}
    """
    through: dict[str, list[str]] = {s: [] for s in stations}
    for line in data["lines"]:
        for s in dict.fromkeys(line.get("stations") or []):
            if s in through:
                through[s].append(str(line.get("id")))
    return through
