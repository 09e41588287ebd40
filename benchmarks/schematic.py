"""Quality and time of ``vvlab.design.schematic_layout`` on every built-in city, an
imported one and generated ones, on one core.

Usage: python benchmarks/schematic.py [--work W] [--time 60] [--generated 0,1]
    [--feed data/gtfs/prague ...]

The cities: the built-in ones, the metro lines imported from each GTFS ``--feed``
(:func:`vvlab.design.from_gtfs`; by default the small Prague feed in ``data/gtfs``) and
a generated 10-line, 80-station city per ``--generated`` seed. For each city: the
solver status, whether the layout is clean (octilinear, no new crossing, no station on
another edge), the octilinear share, bends (input -> layout), the smallest station
distance, the edge-length spread (longest / shortest and the coefficient of variation),
crossings (input -> layout), the displacement from the geography (mean, in median edge
lengths after the best scaling) and the seconds. Target: 60-90 stations in <= 60 s.
A figure, not a test."""

from __future__ import annotations

import argparse
from pathlib import Path

import vvlab
from vvlab.design import from_gtfs, layout_quality, schematic_layout
from vvlab.model import CityMap
from vvlab.model.generate import generate_city

PRAGUE = Path(__file__).resolve().parents[1] / "data" / "gtfs" / "prague"


def cities(generated: list[int], feeds: list[Path]) -> list[CityMap]:
    """The built-in cities, the metro of each GTFS feed, then a generated 10-line,
    80-station city per seed."""
    own = [vvlab.load_map(name) for name in vvlab.builtin_maps()]
    imported = [from_gtfs(feed, id=f"gtfs-{Path(feed).stem}") for feed in feeds]
    made = [generate_city(10, 80, seed=seed, id=f"generated-{seed}") for seed in generated]
    return own + imported + made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=float, default=None, help="work limit (default: time / 4)")
    parser.add_argument("--time", type=float, default=60.0, help="wall-time safety net (s)")
    parser.add_argument("--generated", default="0,1", help="seeds of generated cities")
    parser.add_argument("--feed", action="append", type=Path, help="a GTFS zip or folder "
                        "(repeatable; default: the Prague feed in data/gtfs)")  # fmt: skip
    args = parser.parse_args()
    seeds = [int(s) for s in args.generated.split(",") if s]
    print(f"{'city':<12} {'n':>3} {'status':<9} {'clean':<5} {'octi':>5} {'bends':>9} "
          f"{'min d':>5} {'len max/min':>11} {'len cv':>6} {'cross':>7} {'displ':>5} "
          f"{'rounds':>6} {'seconds':>7}")  # fmt: skip
    for city in cities(seeds, args.feed or [PRAGUE]):
        before = layout_quality(city)
        result = schematic_layout(city, work_limit=args.work, time_limit_s=args.time)
        q = result.quality
        print(f"{city.id:<12} {len(city.stations):>3} {result.status:<9} "
              f"{'yes' if result.ok else 'NO':<5} {q['octilinear_share']:>5.2f} "
              f"{before['bends']:>4}->{q['bends']:<4} {q['min_station_distance']:>5.2f} "
              f"{q['edge_length_ratio']:>11.2f} {q['edge_length_cv']:>6.2f} "
              f"{before['crossings']:>3}->{q['crossings']:<3} {q['displacement']:>5.2f} "
              f"{result.rounds:>6} {result.seconds:>7.1f}")  # fmt: skip


if __name__ == "__main__":
    main()
