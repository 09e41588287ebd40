"""Time of the station-name placer, and a digest of the names it places, on one core.

Usage: python benchmarks/name_placement.py [--maps amsterdam,berlin,paris,madrid]
       [--edits 12] [--repeat 3]

Per built-in city: a whole placement of the figure's names (the screen's style) and of
the map editor's canvas (never over a line, in the canvas's pixels), and ``--edits``
moves of a station there (the view kept), each followed by
:func:`vvlab.plan.relabel.place_again` (every 7th station in turn, one grid step right
and one down). Prints the median CPU ms of each (over ``--repeat`` runs; per edit, over
every edit), the key stations named after the edits and a digest of every name placed:
the same digest at two commits means the same names, to the last float. A figure, not a test.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Callable
from itertools import pairwise
from typing import Any

import vvlab
from vvlab.plan.names import CANVAS_NAMES, Name
from vvlab.plan.relabel import Naming, place_again, place_naming
from vvlab.plan.wagons import map_geometry
from vvlab.viz.names import plan_naming
from vvlab.widgets.editor.canvas import HEIGHT, WIDTH
from vvlab.widgets.editor.sketch import canvas_frame

MAPS = "amsterdam,berlin,paris,madrid"


def _cpu_ms(run: Callable[[], Any], repeat: int) -> tuple[float, Any]:
    """The median CPU milliseconds of ``run`` over ``repeat`` calls, and its last result."""
    times, result = [], None
    for _ in range(repeat):
        start = time.process_time()
        result = run()
        times.append((time.process_time() - start) * 1000)
    return statistics.median(times), result


def _moved(data: dict[str, Any], sid: str) -> dict[str, Any]:
    """The draft with station ``sid`` one grid step right and one down."""
    station = dict(data["stations"][sid])
    station["x"], station["y"] = station["x"] + 1, station["y"] - 1
    return {**data, "stations": {**data["stations"], sid: station}}


def _edits(city: vvlab.CityMap, edits: int) -> list[Naming]:
    """The namings of the editor's canvas (its size, its view kept) before and after
    each of ``edits`` moves: every 7th station in turn, one grid step right and one down
    (skipped where that is not a valid city)."""
    xs, ys = [s.x for s in city.stations.values()], [s.y for s in city.stations.values()]
    frame = canvas_frame((min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1), WIDTH, HEIGHT)
    ids, data = sorted(city.stations), city.to_dict()
    namings: list[Naming] = []
    for k in range(7 * edits):
        if len(namings) > edits:
            break
        if namings:
            moved = _moved(data, ids[(7 * k) % len(ids)])
            try:
                city, data = vvlab.load_map(moved), moved
            except ValueError:
                continue
        geo = map_geometry(city, WIDTH, HEIGHT, frame)
        namings.append(plan_naming(city, geo, frame, CANVAS_NAMES))
    return namings


def _relabel(namings: list[Naming]) -> tuple[list[dict[str, Name]], list[float]]:
    """The names after each edit, each placed again from the last (one memo, as the
    editor keeps), and the CPU milliseconds of each edit."""
    memo: dict = {}
    names, times = [place_naming(namings[0], None, memo)], []
    for before, now in pairwise(namings):
        start = time.process_time()
        names.append(place_again(before, names[-1], now, memo))
        times.append((time.process_time() - start) * 1000)
    return names, times


def _digest(placements: list[dict[str, Name]]) -> str:
    """A short hash of every name placed: station, text, box, leader, size."""
    text = repr([sorted(names.items()) for names in placements])
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--maps", default=MAPS, help=f"comma-separated map ids ({MAPS})")
    parser.add_argument("--edits", type=int, default=12, help="station moves per city")
    parser.add_argument("--repeat", type=int, default=3, help="runs of each, for the median")
    args = parser.parse_args()
    print(f"{'city':10} {'figure':>8} {'canvas':>8} {'per edit':>9} {'keys':>9}  digest")
    digests = []
    for map_id in args.maps.split(","):
        city = vvlab.load_map(map_id)
        screen = plan_naming(city, map_geometry(city))
        figure_ms, figure = _cpu_ms(lambda n=screen: place_naming(n), args.repeat)
        namings = _edits(city, args.edits)
        canvas_ms, on_canvas = _cpu_ms(lambda n=namings[0]: place_naming(n), args.repeat)
        runs = [_relabel(namings) for _ in range(args.repeat)]
        edited, per_edit = runs[-1][0], statistics.median(t for _, ts in runs for t in ts)
        keys = sum(len(n.key & set(names)) for n, names in zip(namings, edited, strict=True))
        owed = sum(len(n.key) for n in namings)
        digest = _digest([figure, on_canvas, *edited])
        digests.append(digest)
        print(
            f"{map_id:10} {figure_ms:7.0f}ms {canvas_ms:7.0f}ms {per_edit:7.0f}ms "
            f"{keys:4}/{owed:<4}  {digest}"
        )
    print(f"all names: {_digest([{'digests': Name(','.join(digests), (0, 0, 0, 0))}])}")


if __name__ == "__main__":
    main()
