"""The traces of the plan: lines, stations, wagons, and the layout around them. Each
trace's ``meta={"role": ..., "line": ...}`` says what it draws (for tests, widgets
and click callbacks).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import plotly.graph_objects as go

from vvlab.model.colors import DARK_TEXT, text_color
from vvlab.model.markup import literal
from vvlab.plan.geometry import LINE_WIDTH, MARGIN, station_size
from vvlab.plan.wagons import BODY, BOX, MapGeometry

if TYPE_CHECKING:
    from collections.abc import Sequence

    from vvlab.engine.sheet import Sheet
    from vvlab.model.citymap import CityMap, Line

INK = DARK_TEXT
FILLED_BOX = "#FFF1B8"
STAR_FILL = "#FFC83D"
FONT = "Arial, Helvetica, sans-serif"
BLANK = " "
"""The text of an empty indicator box or star value label: never "", whose text element
plotly.js drops (a number written there later, redrawn in place, would not show)."""
LEGEND_CHARS = 15
"""The longest legend entry of a line on the plan, what fits the right margin (plotly
would widen the margin for a GTFS feed's long names, shrinking the plot under them)."""


def line_label(line: Line, limit: int | None = None) -> str:
    """The legend entry of a line: its id, and its name when that says more; at most
    ``limit`` characters (cut with "…").

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> line_label(city.line("A")), line_label(city.line("A"), limit=4)
    ('A · Amber', 'A ·…')
    """
    return legend_label(line.id, line.name, limit)


def legend_label(line_id: str, name: str | None, limit: int | None = None) -> str:
    """:func:`line_label` from a line's id and name (a draft's line may lack a name).

    >>> legend_label("U1", "U1"), legend_label("U1", None), legend_label("U1", "Ring")
    ('U1', 'U1', 'U1 · Ring')
    """
    label = line_id if not name or name == line_id else f"{line_id} · {name}"
    cut = label if limit is None or len(label) <= limit else label[: limit - 1].rstrip() + "…"
    return literal(cut)


def bonus_text(line: Line, sheet: Sheet | None = None) -> str:
    """The bonus pair ``first/later`` as written on the wagon: the bonus taken in bold
    with a tick, a first bonus gone to someone else struck out.

    >>> import vvlab
    >>> sheet = vvlab.Sheet(vvlab.load_map("tutorial"))
    >>> sheet.crossed_out.add("A")
    >>> bonus_text(sheet.city.line("A")), bonus_text(sheet.city.line("A"), sheet)
    ('5/3', "<span style='color:#8A8A8A'><s>5</s></span>/3")
    """
    first, later = str(line.bonus_first), str(line.bonus_later)
    done = sheet.completed.get(line.id) if sheet is not None else None
    if done is not None and done.kind == "first":
        first = f"✓<b>{first}</b>"
    elif done is not None:
        later = f"✓<b>{later}</b>"
    if sheet is not None and line.id in sheet.crossed_out:
        first = f"<span style='color:#8A8A8A'><s>{first}</s></span>"
    return f"{first}/{later}"


def _axes(axes: tuple[str, str]) -> dict[str, str]:
    return {"xaxis": axes[0], "yaxis": axes[1]}


def along_line(
    geo: MapGeometry, line_id: str, role: str, axes: tuple[str, str], **meta: Any
) -> dict[str, Any]:
    """The keywords of a trace along a line's path, ``meta`` with ``role`` and ``line``."""
    xs, ys = zip(*geo.paths[line_id], strict=True)
    return {
        "x": list(xs),
        "y": list(ys),
        "mode": "lines",
        "legendgroup": line_id,
        "meta": {"role": role, "line": line_id, **meta},
        **_axes(axes),
    }


def at_stations(city: CityMap, ids: list[str], role: str, axes: tuple[str, str]) -> dict[str, Any]:
    """The keywords of a trace of points at the stations ``ids``, ``meta`` with ``role``
    and ``ids``, no legend entry."""
    return {
        "x": [city.stations[s].x for s in ids],
        "y": [city.stations[s].y for s in ids],
        "name": role,
        "showlegend": False,
        "meta": {"role": role, "ids": ids},
        **_axes(axes),
    }


def line_traces(
    city: CityMap,
    geo: MapGeometry,
    axes: tuple[str, str] = ("x", "y"),
    showlegend: bool = True,
    opacity: float = 1.0,
    lines: Sequence[Line] | None = None,
) -> list[go.Scatter]:
    """One polyline per line (of ``lines``, by default all) in its colour, lines
    sharing a segment side by side."""
    return [
        go.Scatter(
            name=line_label(line, LEGEND_CHARS),
            showlegend=showlegend,
            opacity=opacity,
            line={"color": line.color, "width": LINE_WIDTH},
            hoverinfo="skip",
            **along_line(geo, line.id, "line", axes),
        )
        for line in (city.lines if lines is None else lines)
    ]


def completed_traces(
    city: CityMap, geo: MapGeometry, sheet: Sheet, axes: tuple[str, str] = ("x", "y")
) -> list[go.Scatter]:
    """A wide translucent band under each line the sheet has completed."""
    return [
        go.Scatter(
            name=f"{line_id} completed",
            showlegend=False,
            opacity=0.35,
            line={"color": city.line(line_id).color, "width": LINE_WIDTH + 9},
            hovertext=f"{line_id} completed on turn {done.turn}: {done.kind} bonus +{done.points}",
            hoverinfo="text",
            **along_line(geo, line_id, "completed", axes, bonus=done.kind),
        )
        for line_id, done in sheet.completed.items()
    ]


def _station_hover(city: CityMap, sid: str, sheet: Sheet | None) -> list[Any]:
    lines = ", ".join(city.lines_through(sid))
    row: list[Any] = [literal(city.stations[sid].name), lines, city.star_value(sid)]
    if sheet is not None:
        mark = sheet.marks.get(sid)
        row.append("empty" if mark is None else "crossed" if mark == "X" else f"star {mark}")
    return row


def _star_label(city: CityMap, sid: str, sheet: Sheet | None) -> str:
    """A transfer station's star value; blank under a star written there (the stars
    trace shows that number in its place: two labels would overlap)."""
    starred = sheet is not None and sheet.marks.get(sid) not in (None, "X")
    transfer = len(city.lines_through(sid)) > 1
    return str(city.star_value(sid)) if transfer and not starred else BLANK


def indicator_marks(line: Line, sheet: Sheet | None = None) -> tuple[list[str], list[str]]:
    """The texts and fill colours of a line's indicator boxes: what is written in each
    (the card's face: ``3``, ``(2)`` for an express, ``★`` for a star), :data:`BLANK`
    in the free ones.

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> sheet = vvlab.Sheet(city)
    >>> sheet.indicators["A"].append("(2)")
    >>> indicator_marks(city.line("A"), sheet)
    (['(2)', ' '], ['#FFF1B8', '#FFFFFF'])
    """
    texts = list(sheet.indicators[line.id]) if sheet is not None else []
    texts += [BLANK] * (line.indicators - len(texts))
    return texts, [FILLED_BOX if t != BLANK else "#FFFFFF" for t in texts]


def station_marks(city: CityMap, sheet: Sheet | None = None) -> tuple[list[str], list[list[Any]]]:
    """The labels (star values) and hover rows (``customdata``) of :func:`station_trace`'s
    points: what a play widget changes as a sheet fills, without building the trace.

    >>> import vvlab
    >>> text, hover = station_marks(vvlab.load_map("tutorial"))
    >>> text == list(station_trace(vvlab.load_map("tutorial")).text)
    True
    """
    text = [_star_label(city, s, sheet) for s in city.stations]
    return text, [_station_hover(city, s, sheet) for s in city.stations]


STATION_HOVER = "<b>%{customdata[0]}</b><br>lines %{customdata[1]}<br>star value %{customdata[2]}"
"""A station's hover: its name, the lines through it and its star value (``customdata``)."""


def station_trace(
    city: CityMap,
    sheet: Sheet | None = None,
    axes: tuple[str, str] = ("x", "y"),
    color: list[float] | None = None,
    marker: dict[str, Any] | None = None,
) -> go.Scatter:
    """All stations, sized by the lines through them, transfers labelled with their
    star value (unless a star is written there); ``color`` (one number per station)
    with ``marker`` colours them."""
    ids = list(city.stations)
    through = [len(city.lines_through(s)) for s in ids]
    template = STATION_HOVER
    if sheet is not None:
        template += "<br>%{customdata[3]}"
    text, hover = station_marks(city, sheet)
    return go.Scatter(
        mode="markers+text",
        marker={
            "size": [station_size(n) for n in through],
            "color": color if color is not None else "#FFFFFF",
            "line": {"color": INK, "width": 1.5},
            **(marker or {}),
        },
        text=text,
        textfont={"size": 9, "color": INK, "family": FONT},
        customdata=hover,
        hovertemplate=template + "<extra></extra>",
        **at_stations(city, ids, "stations", axes),
    )


def wagon_traces(
    city: CityMap,
    geo: MapGeometry,
    sheet: Sheet | None = None,
    axes: tuple[str, str] = ("x", "y"),
    lines: Sequence[Line] | None = None,
) -> list[go.Scatter]:
    """For each line (of ``lines``, by default all): the wagon body with the line id,
    the indicator boxes (with their entries when a sheet is given) and the bonus pair
    above them."""
    traces = []
    for line in city.lines if lines is None else lines:
        about = f"{line_label(line)}: {line.indicators} indicator boxes, bonus "
        about += f"{line.bonus_first} first / {line.bonus_later} later"
        wagon, (texts, colors) = geo.wagons[line.id], indicator_marks(line, sheet)
        id_font = {
            "size": {1: 11, 2: 11, 3: 9}.get(len(line.id), 7),
            "color": text_color(line.color),
        }
        parts = [
            ("wagon", "wagon", [wagon.body], [f"<b>{line.id}</b>"], id_font, [about]),
            ("indicators", "indicator boxes", wagon.boxes, texts, {"size": 9}, about),
            ("bonus", "bonus", [wagon.bonus], [bonus_text(line, sheet)], {"size": 11}, [about]),
        ]
        squares = {
            "wagon": {"size": BODY, "color": line.color, "line": {"color": INK, "width": 1}},
            "indicators": {"size": BOX, "color": colors, "line": {"color": line.color, "width": 2}},
        }
        for role, name, at, text, font, hover in parts:
            marker = {"symbol": "square", **squares[role]} if role in squares else None
            traces.append(
                go.Scatter(
                    x=[p[0] for p in at],
                    y=[p[1] for p in at],
                    mode="markers+text" if marker else "text",
                    name=f"{line.id} {name}",
                    marker=marker,
                    text=text,
                    textfont={"color": INK, "family": FONT, **font},
                    hovertext=hover,
                    hoverinfo="text",
                    legendgroup=line.id,
                    showlegend=False,
                    meta={"role": role, "line": line.id},
                    **_axes(axes),
                )
            )
    return traces


def wagon_links(
    city: CityMap, geo: MapGeometry, axes: tuple[str, str] = ("x", "y")
) -> list[dict[str, Any]]:
    """Layout shapes: a dotted link from each wagon to its line's first station."""
    shapes = []
    for line in city.lines:
        wagon, first = geo.wagons[line.id], city.stations[line.stations[0]]
        shapes.append(
            {
                "type": "line",
                "layer": "below",
                "xref": axes[0],
                "yref": axes[1],
                "x0": first.x,
                "y0": first.y,
                "x1": wagon.body[0],
                "y1": wagon.body[1],
                "line": {"color": line.color, "width": 2, "dash": "dot"},
                "name": f"{line.id} wagon link",
            }
        )
    return shapes


def plan_axes(geo: MapGeometry, anchor: str = "x") -> tuple[dict[str, Any], dict[str, Any]]:
    """x and y axis settings: the frame's ranges, equal scale, no axes or grid."""
    hidden = {"visible": False, "showgrid": False, "zeroline": False}
    x_axis = {"range": list(geo.frame.x_range), **hidden}
    y_axis = {"range": list(geo.frame.y_range), "scaleanchor": anchor, "scaleratio": 1, **hidden}
    return x_axis, y_axis


def plan_layout(title: str, width: int, height: int) -> dict[str, Any]:
    """Figure layout of a plan: white, title at the top left, legend of lines right."""
    return {
        "title": {"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 17}},
        "width": width,
        "height": height,
        "margin": dict(MARGIN),
        "plot_bgcolor": "#FFFFFF",
        "paper_bgcolor": "#FFFFFF",
        "font": {"family": FONT, "color": INK},
        "hovermode": "closest",
        "dragmode": "pan",
        "legend": {
            "title": {"text": "Lines<br>(click to hide)"},
            "x": 1.0,
            "xanchor": "left",
            "y": 1,
            "yanchor": "top",
            "itemsizing": "constant",
        },
    }
