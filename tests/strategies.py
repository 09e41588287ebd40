"""Hypothesis strategies: random but valid city maps."""

from __future__ import annotations

from hypothesis import strategies as st


@st.composite
def city_dicts(draw, max_stations: int = 14, max_lines: int = 6) -> dict:
    """A valid map dict: every station on at least one line, shared stations likely."""
    n = draw(st.integers(2, max_stations))
    ids = [f"s{i}" for i in range(n)]
    n_lines = draw(st.integers(1, max_lines))
    routes = []
    for _ in range(n_lines):
        route = draw(st.lists(st.sampled_from(ids), min_size=2, max_size=min(n, 8), unique=True))
        routes.append(route)
    on_line = {s for r in routes for s in r}
    for s in ids:
        if s not in on_line:  # put every lonely station on some line
            routes[draw(st.integers(0, n_lines - 1))].append(s)
    lines = []
    for k, route in enumerate(routes):
        later = draw(st.integers(0, 5))
        lines.append(
            {
                "id": f"L{k}",
                "name": f"Line {k}",
                "color": "#336699",
                "indicators": draw(st.integers(1, 6)),
                "bonus": [later + draw(st.integers(0, 4)), later],
                "stations": route,
            }
        )
    stations = {s: {"name": s.upper(), "x": i, "y": -i} for i, s in enumerate(ids)}
    return {
        "format": "vvlab-map/1",
        "id": "random",
        "name": "Random",
        "stations": stations,
        "lines": lines,
    }
