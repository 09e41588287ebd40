"""Generated cities: plausible schematic networks for tests, benchmarks and as a start
for a new design."""

from __future__ import annotations

import numpy as np

from vvlab.model.citymap import CityMap

PALETTE = (
    "#E3001B",
    "#0065AE",
    "#00A650",
    "#F7A600",
    "#8D2176",
    "#00A0D7",
    "#995E23",
    "#EC6EA6",
    "#5E5E5E",
    "#93C01F",
    "#1B2E6A",
    "#D8B600",
)
BONUS_STEPS = ((2, 1), (3, 2), (4, 2), (5, 3), (6, 4), (7, 5), (8, 6))


def _corridor(points: np.ndarray, a: np.ndarray, b: np.ndarray, width: float) -> list[int]:
    """Indices of the points within ``width`` of segment a-b, ordered from a to b."""
    ab = b - a
    t = (points - a) @ ab / (ab @ ab)
    closest = a + np.clip(t, 0, 1)[:, None] * ab
    near = np.linalg.norm(points - closest, axis=1) <= width
    idx = np.flatnonzero(near & (t >= -0.05) & (t <= 1.05))
    return [int(i) for i in idx[np.argsort(t[idx])]]


def _route(rng: np.random.Generator, pts: np.ndarray, size: float, width: float) -> list[int]:
    angle = rng.uniform(0, np.pi)
    r = rng.uniform(0.75, 0.95) * size / 2
    shift = rng.normal(0, size / 10, 2)
    a = shift + r * np.array([np.cos(angle), np.sin(angle)])
    b = shift - r * np.array([np.cos(angle), np.sin(angle)])
    return _corridor(pts, a, b, width)


def _spaced(points: np.ndarray, gap: float, rounds: int = 100) -> np.ndarray:
    """The points pushed apart until no two are closer than ``gap`` (each pair that is
    moves apart along the line through them by what it lacks, half each; coincident
    points along a direction set by their numbers), so that no two stations of a
    generated city overlap on its plan. Points far enough apart do not move.

    >>> _spaced(np.array([[0.0, 0.0], [0.5, 0.0], [9.0, 9.0]]), 2.0).round(2).tolist()
    [[-0.75, 0.0], [1.25, 0.0], [9.0, 9.0]]
    """
    points = points.copy()
    for _ in range(rounds):
        step = points[None, :, :] - points[:, None, :]
        distance = np.linalg.norm(step, axis=2)
        close = np.argwhere(np.triu(distance < gap, k=1))
        if not len(close):
            break
        for i, j in close:
            apart = points[j] - points[i]
            length = float(np.linalg.norm(apart))
            if length < 1e-9:
                angle = (i + j) * np.pi * (3 - np.sqrt(5))
                apart, length = np.array([np.cos(angle), np.sin(angle)]), 1.0
            push = (gap - length) / 2 * apart / length
            points[i] -= push
            points[j] += push
    return points


def default_scoring(stations: int) -> tuple[int, list[int]]:
    """First guesses for a new line of ``stations`` stations: indicator boxes (about one
    per 5 stations, 1-4) and a bonus pair (higher for more stations per box), as
    :func:`generate_city`, the map editor and the GTFS import set them
    (:func:`vvlab.design.tune` sets them properly).

    >>> default_scoring(2), default_scoring(10), default_scoring(20)
    ((1, [2, 1]), (2, [5, 3]), (4, [5, 3]))
    """
    boxes = int(min(4, max(1, round(stations / 5))))
    step = min(len(BONUS_STEPS) - 1, max(0, round(stations / boxes) - 2))
    return boxes, list(BONUS_STEPS[step])


def generate_city(
    lines: int = 10,
    stations: int = 80,
    seed: int = 0,
    id: str = "generated",
    name: str = "Generated city",
) -> CityMap:
    """A random but plausible city of about ``stations`` stations (give or take a
    fifth): straight-ish lines through a cloud of stations,
    sharing the stations where their corridors meet (transfers come out naturally).
    No two stations are closer than about a corridor's width (a 45th of the city's
    side), so none overlap on the plan.

    Indicator boxes (about one per 5 stations, 1–4) and bonuses (higher for more
    stations per box) follow the line lengths. Same seed, same city.

    Examples
    --------
    >>> city = generate_city(lines=10, stations=80, seed=1)
    >>> len(city.lines), 60 <= len(city.stations) <= 100, len(city.transfer_stations) > 5
    (10, True, True)
    >>> generate_city(seed=1) == city
    True
    """
    if not 1 <= lines <= len(PALETTE) or stations < 2 * lines:
        raise ValueError(f"need 1-{len(PALETTE)} lines and at least 2 stations per line")
    rng = np.random.default_rng(seed)
    cloud = 3 * stations
    size = 10 * np.sqrt(stations)
    pts = rng.uniform(-size / 2, size / 2, (cloud, 2))
    pts[: cloud // 4] *= 0.45  # a denser centre
    width = size / 45
    routes: list[list[int]] = []
    for _ in range(2000 + 200 * lines):
        route = _route(rng, pts, size, width)
        if 6 <= len(route) <= 20:
            routes.append(route)
        if len(routes) == lines:
            break
    else:
        raise ValueError(
            f"could not lay out {lines} lines of 6-20 stations over {stations} stations; "
            "give more stations"
        )
    used = sorted({s for r in routes for s in r})
    pts[used] = _spaced(pts[used], width)
    ids = {s: f"s{k + 1:02d}" for k, s in enumerate(used)}
    data = {
        "format": "vvlab-map/1",
        "id": id,
        "name": name,
        "description": f"Generated with vvlab.model.generate_city(lines={lines}, "
        f"stations={stations}, seed={seed}).",
        "recommended_for_new_players": False,
        "stations": {
            ids[s]: {
                "name": f"Station {k + 1}",
                "x": round(float(pts[s, 0]), 1),
                "y": round(float(pts[s, 1]), 1),
            }
            for k, s in enumerate(used)
        },
        "lines": [],
    }
    for k, route in enumerate(routes):
        boxes, bonus = default_scoring(len(route))
        data["lines"].append(
            {
                "id": f"L{k + 1}",
                "name": f"Line {k + 1}",
                "color": PALETTE[k],
                "indicators": boxes,
                "bonus": bonus,
                "stations": [ids[s] for s in route],
            }
        )
    return CityMap.from_dict(data)
