"""The schematic layout on the corpus of the metro-map issue: every hard rule kept, how
well drawn, and how fast, on one core.

Usage: python benchmarks/schematic.py [--only NAME] [--generated 20] [--no-feeds]

The corpus: the built-in cities, ``--generated`` generated ones (seed s has 8 + s % 3
lines and about 60 + 7s % 31 stations; the first seeds whose city has 60-90 stations,
none with more than 8 neighbours) and the metro of every GTFS feed folder under
``data/gtfs/`` (:func:`vvlab.design.from_gtfs`); ``--only`` keeps the cities whose name
holds the text. Each is laid out with :func:`vvlab.design.schematic_layout` and checked
against its geography with :func:`vvlab.design.layout_violations`. A row a city: its
stations and edges, the violations (total, then by rule: o octilinear, n near-edge,
c close, x crossing, r order, l routes), bends per edge, the coefficient of variation
of the edge lengths, the median displacement (in median edge lengths), CPU and wall
seconds. A city that fails shows its error instead. Targets: no violation on any city;
at most 10 CPU seconds for a city of about 80 stations. A figure, not a test.
"""

from __future__ import annotations

import argparse
import time
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path

import vvlab
from vvlab.design import from_gtfs, layout_quality, layout_violations, schematic_layout
from vvlab.design.schematic import neighbour_counts
from vvlab.model import CityMap
from vvlab.model.generate import generate_city

FEEDS = Path(__file__).resolve().parents[1] / "data" / "gtfs"
LETTERS = {"octilinear": "o", "near-edge": "n", "close": "c", "crossing": "x", "order": "r",
           "routes": "l"}  # fmt: skip
TARGET_SECONDS = 10.0
MID_SIZE = range(60, 91)
"""The stations of the cities the time target is for."""


def corpus(generated: int, feeds: bool) -> Iterator[tuple[str, Callable[[], CityMap]]]:
    """``(name, loader)`` for every city, loaded only when its row is due."""
    for name in vvlab.builtin_maps():
        yield name, lambda name=name: vvlab.load_map(name)
    for seed in generated_seeds(generated):
        yield f"generated-{seed}", lambda s=seed: generated_city(s)
    folders = sorted(path for path in FEEDS.glob("*/") if path.is_dir()) if feeds else []
    for folder in folders:
        yield f"gtfs-{folder.name}", lambda folder=folder: from_gtfs(folder)


def generated_city(seed: int) -> CityMap:
    """The generated city of ``seed``: 8 + seed % 3 lines, about 60 + 7 seed % 31 stations."""
    return generate_city(8 + seed % 3, 60 + (7 * seed) % 31, seed=seed)


def drawable(city: CityMap) -> bool:
    """60-90 stations and none with more than 8 neighbours (an octilinear map leaves a
    station in at most 8 directions; the generator, random, sometimes ties 5 lines in one)."""
    return len(city.stations) in MID_SIZE and max(neighbour_counts(city).values()) <= 8


def generated_seeds(count: int) -> list[int]:
    """The first ``count`` seeds whose generated city is :func:`drawable`."""
    seeds: list[int] = []
    seed = 0
    while len(seeds) < count:
        if drawable(generated_city(seed)):
            seeds.append(seed)
        seed += 1
    return seeds


def violations_text(city: CityMap, geography: CityMap) -> str:
    """``"0"``, or the count and the count by rule letter: ``"3 (n2 c1)"``."""
    found = Counter(LETTERS[v.rule] for v in layout_violations(city, geography))
    parts = " ".join(f"{letter}{found[letter]}" for letter in LETTERS.values() if found[letter])
    return f"{found.total()} ({parts})" if parts else "0"


def row(name: str, load: Callable[[], CityMap]) -> tuple[str, int, float, bool]:
    """The city's row; its stations, CPU seconds and whether it kept every rule."""
    geography = load()
    cpu, wall = time.process_time(), time.perf_counter()
    city = schematic_layout(geography).city
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    q = layout_quality(city, reference=geography)
    broken = violations_text(city, geography)
    text = (f"{name[:18]:<18} {len(city.stations):>4} {q['edges']:>5} {broken:<24} "
            f"{q['bends_per_edge']:>5.2f} {q['edge_length_cv']:>5.2f} "
            f"{q['median_displacement']:>6.2f} {cpu:>7.1f} {wall:>7.1f}")  # fmt: skip
    return text, len(city.stations), cpu, broken == "0"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default="", help="only the cities whose name holds this")
    parser.add_argument("--generated", type=int, default=20, help="generated cities (seeds 0..)")
    parser.add_argument("--no-feeds", action="store_true", help="leave out the GTFS feeds")
    args = parser.parse_args()
    print(f"{'city':<18} {'stns':>4} {'edges':>5} {'violations':<24} {'bends':>5} "
          f"{'cv':>5} {'displ':>6} {'cpu s':>7} {'wall s':>7}")  # fmt: skip
    clean, total, mid_seconds = 0, 0, 0.0
    for name, load in corpus(args.generated, not args.no_feeds):
        if args.only not in name:
            continue
        total += 1
        try:
            text, stations, cpu, ok = row(name, load)
        except Exception as error:  # a row per city, whatever happens to one
            print(f"{name[:18]:<18} {type(error).__name__}: {str(error)[:60]}")
            continue
        print(text)
        clean += ok
        mid_seconds = max(mid_seconds, cpu) if stations in MID_SIZE else mid_seconds
    print(f"\ncities with 0 violations: {clean} / {total}   (target: all)")
    print(f"most CPU seconds for a city of 60-90 stations: {mid_seconds:.1f}"
          f"   (target: <= {TARGET_SECONDS:.0f} s for 80 stations on one core)")  # fmt: skip


if __name__ == "__main__":
    main()
