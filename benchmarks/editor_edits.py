"""Python time of the MapEditor to apply an edit and redraw, on Paris.

Usage: python benchmarks/editor_edits.py [--map paris] [--repeat 15]

Drives ``MapEditor`` headlessly through its buttons and simulated canvas clicks, timing
each kind of edit (select a station, add, move, rename, delete a station, change a
line's colour, extend and shorten a line, reverse it, undo, redo) from the click until
the canvas and every panel are redrawn. Prints the median and 90th percentile in ms
per kind. Target: <= 60 ms per edit. A figure, not a test. The compiled kernels the
editor loads in the background two seconds after it starts (for its quick balance)
are loaded before the timing: loading them in another thread while the edits are
timed added up to 200 ms to some edits.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from vvlab.widgets.editor.stats import warm_up
from vvlab.widgets.editor.view import MapEditor


def _free_point(editor: MapEditor, k: int) -> tuple[float, float]:
    """The ``k``-th free grid point near the middle of the grid (deterministic)."""
    grid = next(t for t in editor.figure.data if t.meta["role"] == "grid")
    points = list(zip(grid.x, grid.y, strict=True))
    return points[(len(points) // 2 + 37 * k) % len(points)]


def _edits(editor: MapEditor, k: int) -> list[tuple[str, Callable[[], None]]]:
    """One round of edits; each undoes itself in the end so that rounds repeat."""
    c = editor.controller
    sid = sorted(c.stations)[k % len(c.stations)]
    lid = str(c.lines[k % len(c.lines)]["id"])
    color = str(c.lines[k % len(c.lines)]["color"])

    def rename() -> None:
        editor.station_name.value = f"Renamed {k}"
        editor.rename_button.click()

    def recolour(value: str) -> Callable[[], None]:
        def go() -> None:
            editor.line_select.value = lid
            editor.line_color.value = value
            editor.apply_line_button.click()

        return go

    def mode(value: str) -> Callable[[], None]:
        return lambda: setattr(editor.mode, "value", value)

    return [
        ("select station", lambda: editor.click_station(sid)),
        ("rename station", rename),
        ("move station", lambda: (mode("move")(), editor.click_grid(*_free_point(editor, k)))),
        ("undo", editor.undo_button.click),
        ("redo", editor.redo_button.click),
        ("line colour", recolour("#123456")),
        ("line colour back", recolour(color)),
        ("shorten line", editor.shorten_end_button.click),
        ("reverse line", editor.reverse_button.click),
        ("undo", editor.undo_button.click),
        ("undo", editor.undo_button.click),
        (
            "add station",
            lambda: (mode("add station")(), editor.click_grid(*_free_point(editor, k + 1))),
        ),
        ("delete station", lambda: (mode("select")(), editor.delete_station_button.click())),
        ("undo", editor.undo_button.click),
        ("undo", editor.undo_button.click),
        ("undo", editor.undo_button.click),
        ("undo", editor.undo_button.click),
    ]


def run(city: str, repeat: int) -> dict[str, list[float]]:
    """Time ``repeat`` rounds of edits on a copy of ``city``; ms per kind of edit."""
    editor = MapEditor(city)
    warm_up().join()  # the kernels the editor loads in the background, before timing
    timings: dict[str, list[float]] = {}
    for k in range(repeat):
        for kind, edit in _edits(editor, k):
            start = time.perf_counter()
            edit()
            timings.setdefault(kind, []).append(1000 * (time.perf_counter() - start))
            if "Error" in editor.message.value or "color:#B71C1C" in editor.message.value:
                raise RuntimeError(f"{kind}: {editor.message.value}")
    return timings


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="paris")
    parser.add_argument("--repeat", type=int, default=15)
    args = parser.parse_args()
    timings = run(args.map, args.repeat)
    print(f"MapEditor on {args.map}: ms of Python per edit ({args.repeat} rounds)")
    print(f"{'edit':<18}{'median':>8}{'p90':>8}")
    for kind, ms in timings.items():
        p90 = statistics.quantiles(ms, n=10)[-1] if len(ms) > 1 else ms[0]
        print(f"{kind:<18}{statistics.median(ms):>8.1f}{p90:>8.1f}")


if __name__ == "__main__":
    main()
