"""A small city whose lines bend between stations (``vvlab-map/2``): P and Q share the
edge b-c, which dips below the stations; P turns north before Echo."""

from __future__ import annotations


def _station(x: float, y: float, name: str) -> dict:
    return {"name": name, "x": x, "y": y}


BENT = {
    "format": "vvlab-map/2",
    "id": "bent",
    "name": "Bent",
    "stations": {
        "a": _station(0, 0, "Alpha"),
        "b": _station(4, 0, "Bravo"),
        "c": _station(8, 0, "Charlie"),
        "d": _station(4, 4, "Delta"),
        "e": _station(12, 4, "Echo"),
    },
    "lines": [
        {"id": "P", "name": "P", "color": "#D62728", "indicators": 2, "bonus": [4, 2],
         "stations": ["a", "b", "c", "e"]},
        {"id": "Q", "name": "Q", "color": "#1F77B4", "indicators": 2, "bonus": [4, 2],
         "stations": ["d", "b", "c"]},
    ],
    "edges": [
        {"between": ["b", "c"], "via": [[5, -1], [7, -1]]},
        {"between": ["e", "c"], "via": [[8, 4]]},
    ],
}  # fmt: skip
