"""Station names on the plan: transfer stations and termini, placed so that no two
names overlap each other, a station or a wagon (:func:`~vvlab.viz.layout.place_labels`
in pixels). A name with no free place is left out; every station keeps its hover."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from vvlab.viz.geometry import station_size
from vvlab.viz.layout import Box, place_labels, text_width
from vvlab.viz.plan import FONT, INK

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap
    from vvlab.viz.wagons import MapGeometry

NAME_SIZE = 10
"""Font size of station names, pixels."""


def named_stations(city: CityMap) -> list[str]:
    """The stations whose names the plan shows, most important first: transfers (the
    most lines first), then the termini of each line.

    >>> import vvlab
    >>> named_stations(vvlab.load_map("tutorial"))[:2]
    ['central', 'park']
    """
    through = {s: len(city.lines_through(s)) for s in city.stations}
    transfers = sorted((s for s, n in through.items() if n > 1), key=lambda s: -through[s])
    ends = [s for line in city.lines for s in (line.stations[0], line.stations[-1])]
    return list(dict.fromkeys([*transfers, *ends]))


def _px_box(geo: MapGeometry, box: Box) -> Box:
    x0, y0 = geo.frame.to_px((box[0], box[1]))
    x1, y1 = geo.frame.to_px((box[2], box[3]))
    return (min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1))


def name_boxes(city: CityMap, geo: MapGeometry) -> dict[str, Box]:
    """The box in pixels (plot area, y up) of each station name shown, by station id.

    >>> import vvlab
    >>> from vvlab.viz.wagons import map_geometry
    >>> city = vvlab.load_map("tutorial")
    >>> "central" in name_boxes(city, map_geometry(city))
    True
    """
    ids = named_stations(city)
    points = [geo.frame.to_px((city.stations[s].x, city.stations[s].y)) for s in ids]
    sizes = [(text_width(city.stations[s].name, NAME_SIZE), NAME_SIZE * 1.25) for s in ids]
    obstacles = []
    for sid, st in city.stations.items():
        x, y = geo.frame.to_px((st.x, st.y))
        r = station_size(len(city.lines_through(sid))) / 2 + 1
        obstacles.append((x - r, y - r, x + r, y + r))
    obstacles += [_px_box(geo, wagon.bbox) for wagon in geo.wagons.values()]
    bounds = (0.0, 0.0, geo.frame.width, geo.frame.height)
    placed = place_labels(points, sizes, gap=10, obstacles=obstacles, bounds=bounds)
    return {s: p[1] for s, p in zip(ids, placed, strict=True) if p is not None}


def station_names(
    city: CityMap, geo: MapGeometry, axes: tuple[str, str] = ("x", "y")
) -> go.Scatter:
    """A text trace of the names of :func:`name_boxes`, each centred in its box;
    ``meta`` holds the ``ids`` and pixel ``boxes`` (``role`` ``"names"``)."""
    boxes = name_boxes(city, geo)
    centres = [geo.frame.to_map(((b[0] + b[2]) / 2, (b[1] + b[3]) / 2)) for b in boxes.values()]
    return go.Scatter(
        x=[c[0] for c in centres],
        y=[c[1] for c in centres],
        xaxis=axes[0],
        yaxis=axes[1],
        mode="text",
        text=[city.stations[s].name for s in boxes],
        textposition="middle center",
        textfont={"size": NAME_SIZE, "color": INK, "family": FONT},
        hoverinfo="skip",
        showlegend=False,
        name="station names",
        meta={"role": "names", "ids": list(boxes), "boxes": list(boxes.values())},
    )
