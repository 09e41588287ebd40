"""Python time of the PlayWidget to apply a move and redraw the map, 6 seats on Paris.

Usage: python benchmarks/widgets.py [--map paris] [--games 2] [--bot greedy]

Drives ``PlayWidget`` headlessly to the end of ``--games`` games, timing every click:
``pick`` (a line button: choose the line, preview it on the map) and ``confirm`` (the
move applied; for the last person the bots choose, the turn is played, and the map is
redrawn for the next person). Two tables: six persons at one screen, and one person
with five ``--bot`` bots (the confirm then includes the bots' thinking). Target: a
move applied and the map redrawn in <= 100 ms of Python time. A figure, not a test.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Sequence

from vvlab.widgets import PlayWidget


def time_game(widget: PlayWidget, timings: dict[str, list[float]]) -> None:
    """Play one game to the end through the buttons, appending the ms of each click."""
    c = widget.controller
    while not c.is_over:
        legal = c.game.legal_moves(c.current_player)
        move = legal[(c.game.turn * 5 + c.current_player) % len(legal)]
        start = time.perf_counter()
        if move.line is not None:
            widget.line_buttons[move.line].click()
        else:
            widget.map.click_station(move.station)
        picked = time.perf_counter()
        widget.confirm_button.click()
        done = time.perf_counter()
        timings["pick"].append(1000 * (picked - start))
        timings["confirm"].append(1000 * (done - picked))
        timings["pick + confirm"].append(1000 * (done - start))


def report(title: str, city: str, seats: Sequence[str], games: int) -> float:
    """Print the timings of ``games`` games with these seats; return the worst median."""
    widget = PlayWidget(city, seats=list(seats), seed=0)
    timings: dict[str, list[float]] = {"pick": [], "confirm": [], "pick + confirm": []}
    for seed in range(games):
        widget.controller.play_again(seed)
        widget.refresh()
        time_game(widget, timings)
    print(f"\n{title}: {len(timings['pick'])} moves")
    print(f"{'click':<16} {'median ms':>10} {'p90 ms':>8} {'max ms':>8}")
    for name, values in timings.items():
        values = sorted(values)
        p90 = values[int(0.9 * (len(values) - 1))]
        print(f"{name:<16} {statistics.median(values):>10.1f} {p90:>8.1f} {values[-1]:>8.1f}")
    return statistics.median(timings["pick + confirm"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--map", default="paris")
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--bot", default="greedy")
    args = parser.parse_args()
    start = time.perf_counter()
    PlayWidget(args.map, seats=["person"] * 6)  # warm up: imports, geometry
    print(f"widget built in {1000 * (time.perf_counter() - start):.0f} ms (first, with imports)")
    persons = report("6 persons at one screen", args.map, ["person"] * 6, args.games)
    bots = report(f"1 person + 5 {args.bot}", args.map, ["person"] + [args.bot] * 5, args.games)
    worst = max(persons, bots)
    verdict = "meets" if worst <= 100 else "misses"
    print(f"\nmedian pick + confirm {worst:.1f} ms: {verdict} the 100 ms target")


if __name__ == "__main__":
    main()
