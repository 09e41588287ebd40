"""A route edit shown on the map editor's canvas before it is made: a
:class:`RoutePreview` (the line, its route with the edit, the stations it touches) that
the controller holds (``MapEditorController.preview``) and :func:`preview_specs` draws
over the plan: the route as it would run, dashed in the line's colour, and a ring
around each station the edit touches.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["DASH", "PREVIEW_COLOR", "RoutePreview", "preview_specs"]

PREVIEW_COLOR = "#FF00AA"
"""The rings' colour: the editor's colour for what is picked (the selected station)."""
DASH = "6px,4px"
"""The route's dashes: short, so that a piece between two near stations shows some."""


@dataclass(frozen=True)
class RoutePreview:
    """The route edit to show: ``line`` would run along ``route``; ``touched`` are the
    stations added, left off or moved to, with their neighbours; ``label`` says it in
    words (with station names)."""

    line: str
    route: tuple[str, ...]
    touched: tuple[str, ...]
    label: str = ""


def preview_specs(data: dict[str, Any], preview: RoutePreview | None) -> list[dict[str, Any]]:
    """The preview as plotly JSON over the map ``data``: the route dashed in the line's
    colour (role ``preview``) and rings on the touched stations (role ``preview-ring``);
    nothing when there is no preview or its line is gone; stations no longer on the
    map are left out.

    >>> data = {"stations": {"a": {"x": 0, "y": 0}, "b": {"x": 2, "y": 0}},
    ...         "lines": [{"id": "A", "color": "#123456", "stations": ["a"]}]}
    >>> route, rings = preview_specs(data, RoutePreview("A", ("a", "b"), ("b",), "A on to B"))
    >>> route["x"], route["line"]["color"], route["meta"]
    ([0, 2], '#123456', {'role': 'preview', 'ids': ['a', 'b'], 'label': 'A on to B'})
    >>> rings["x"], rings["meta"]["ids"]
    ([2], ['b'])
    >>> preview_specs(data, None)
    []
    """
    if preview is None:
        return []
    stations = data.get("stations") or {}
    color = next((ln.get("color") for ln in data.get("lines") or ()
                  if ln.get("id") == preview.line), None)  # fmt: skip
    if color is None:
        return []
    route = [s for s in preview.route if s in stations]
    touched = [s for s in preview.touched if s in stations]
    common = {"type": "scatter", "showlegend": False, "hoverinfo": "skip"}
    return [
        {**common, "x": [stations[s]["x"] for s in route], "y": [stations[s]["y"] for s in route],
         "mode": "lines", "line": {"color": color, "width": 6, "dash": DASH},
         "name": "preview", "meta": {"role": "preview", "ids": route, "label": preview.label}},
        {**common, "x": [stations[s]["x"] for s in touched],
         "y": [stations[s]["y"] for s in touched], "mode": "markers", "name": "preview-ring",
         "marker": {"size": 22, "color": "rgba(0,0,0,0)",
                    "line": {"color": PREVIEW_COLOR, "width": 3}},
         "meta": {"role": "preview-ring", "ids": touched}},
    ]  # fmt: skip
