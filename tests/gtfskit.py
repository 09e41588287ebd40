"""Helpers of the GTFS import tests: the Prague fixture, zipped or copied, and small
made-up feeds written from a few Python lists."""

from __future__ import annotations

import csv
import shutil
import zipfile
from pathlib import Path

PRAGUE = Path(__file__).resolve().parents[1] / "data" / "gtfs" / "prague"
"""Metro lines A, B and C of Prague (a handful of real stations each, real transfers),
a short turn on C, and tram 22, whose stops have no parent station."""


def zipped(folder: Path, target: Path, inside: str = "") -> Path:
    """``folder``'s files in the zip file ``target`` (in the folder ``inside``)."""
    with zipfile.ZipFile(target, "w") as archive:
        for path in sorted(folder.iterdir()):
            archive.write(path, f"{inside}/{path.name}" if inside else path.name)
    return target


def copied(tmp_path: Path, name: str = "feed") -> Path:
    """A copy of the Prague feed to change."""
    return Path(shutil.copytree(PRAGUE, tmp_path / name))


def write_table(path: Path, header: list[str], rows: list[list[str]]) -> None:
    with path.open("w", newline="", encoding="utf-8") as fh:
        writer = csv.writer(fh, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)


def write_feed(
    folder: Path,
    stops: dict[str, tuple[str, float, float]],
    routes: list[tuple[str, str, int, str]],
    trips: list[tuple[str, str, list[str]]],
    shape_ids: list[str] | None = None,
) -> Path:
    """A made-up feed: ``stops`` by id as (name, lat, lon), no parent stations;
    ``routes`` as (route_id, short name, route_type, colour); ``trips`` as (route_id,
    direction_id, stop ids in order), with the ``shape_ids`` (one a trip) when given."""
    folder.mkdir(parents=True, exist_ok=True)
    write_table(
        folder / "stops.txt",
        ["stop_id", "stop_name", "stop_lat", "stop_lon"],
        [[sid, name, str(lat), str(lon)] for sid, (name, lat, lon) in stops.items()],
    )
    write_table(
        folder / "routes.txt",
        ["route_id", "route_short_name", "route_long_name", "route_type", "route_color"],
        [[rid, short, "", str(kind), color] for rid, short, kind, color in routes],
    )
    write_table(
        folder / "trips.txt",
        ["route_id", "service_id", "trip_id", "direction_id", "shape_id"],
        [
            [rid, "all", f"t{k}", direction, shape_ids[k] if shape_ids else ""]
            for k, (rid, direction, _) in enumerate(trips)
        ],
    )
    write_table(
        folder / "stop_times.txt",
        ["trip_id", "arrival_time", "departure_time", "stop_id", "stop_sequence"],
        [
            [f"t{k}", "08:00:00", "08:00:00", sid, str(n + 1)]
            for k, (_, _, visits) in enumerate(trips)
            for n, sid in enumerate(visits)
        ],
    )
    return folder


def line_of_stops(names: str, lat: float = 50.0, lon: float = 14.0) -> dict:
    """Stops ``a``, ``b``, ... named by the letters of ``names``, 1 km apart eastwards."""
    return {c: (c.upper(), lat, lon + 0.014 * k) for k, c in enumerate(names)}


def write_shapes(folder: Path, shapes: dict[str, list[tuple[float, float]]]) -> Path:
    """``shapes.txt`` with each shape's points (lat, lon) in order, sequence 1, 2, ..."""
    write_table(
        folder / "shapes.txt",
        ["shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"],
        [
            [sid, str(lat), str(lon), str(n + 1)]
            for sid, points in shapes.items()
            for n, (lat, lon) in enumerate(points)
        ],
    )
    return folder
