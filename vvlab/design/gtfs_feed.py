"""Reading a GTFS feed (a zip file or a folder of ``.txt`` files) into pandas tables.

GTFS files are plain CSV, so pandas reads them without a GTFS library (none is a
dependency of vvlab): every column as text, a byte-order mark allowed, blanks kept as
``""``. Only the columns the import uses are kept, so a large ``stop_times.txt`` costs
little memory. Every problem raises :class:`GTFSError` naming the feed and the file.

Examples
--------
>>> from pathlib import Path
>>> feed = read_feed(Path("tests/data/gtfs/prague"))
>>> sorted(feed.tables)
['agency', 'routes', 'stop_times', 'stops', 'trips']
>>> list(feed.tables["routes"]["route_short_name"])
['A', 'B', 'C', '22']
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path, PurePosixPath
from typing import IO

import pandas as pd

__all__ = ["COLUMNS", "Feed", "GTFSError", "GTFSWarning", "read_feed"]


class GTFSError(ValueError):
    """A GTFS feed that cannot be imported: a missing or unreadable file, a missing
    column, a malformed CSV, an unknown route or a route without trips. The message
    names the feed and the file or route."""


class GTFSWarning(UserWarning):
    """Something the import left out and says so: the stations ``max_stations``
    dropped from a line, a route chosen by its type that has no trips."""


COLUMNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "routes": (
        ("route_id", "route_type"),
        ("route_short_name", "route_long_name", "route_color"),
    ),
    "trips": (("route_id", "trip_id"), ("direction_id",)),
    "stop_times": (("trip_id", "stop_id", "stop_sequence"), ()),
    "stops": (
        ("stop_id", "stop_name", "stop_lat", "stop_lon"),
        ("parent_station", "location_type"),
    ),
    "agency": (("agency_name",), ()),
}
"""Per file: the columns it must have and the optional ones the import reads (a
missing optional column reads as blanks). ``agency.txt`` itself is optional."""

REQUIRED_FILES = ("routes", "trips", "stop_times", "stops")


@dataclass(frozen=True)
class Feed:
    """A feed's tables by file name without ``.txt`` (``"stops"``, ...): text columns
    as listed in :data:`COLUMNS`. ``name`` is the feed as given, for messages."""

    name: str
    tables: dict[str, pd.DataFrame]


def read_feed(path: str | os.PathLike[str]) -> Feed:
    """Read the GTFS feed at ``path``, a zip file or a folder.

    Raises
    ------
    GTFSError
        For a missing path, a file that is no zip, a missing required file (routes,
        trips, stop_times, stops) or column, or a file that is not CSV.
    """
    name = os.fspath(path)
    files = _feed_files(Path(path), name)
    tables = {}
    for table in (*REQUIRED_FILES, "agency"):
        if f"{table}.txt" not in files:
            if table in REQUIRED_FILES:
                raise GTFSError(f"{name}: no {table}.txt in the feed (a GTFS feed needs it)")
            continue
        tables[table] = _read_table(files[f"{table}.txt"](), f"{name}: {table}.txt", table)
    return Feed(name, tables)


def _feed_files(path: Path, name: str) -> dict[str, Callable[[], IO[bytes]]]:
    """The feed's ``.txt`` files by name, each as a function that opens it (bytes)."""
    if path.is_dir():
        return {p.name: (lambda p=p: p.open("rb")) for p in sorted(path.glob("*.txt"))}
    if not path.exists():
        raise GTFSError(f"{name}: no such file or folder")
    if not zipfile.is_zipfile(path):
        raise GTFSError(f"{name}: not a zip file or a folder (a GTFS feed is one or the other)")
    try:
        archive = zipfile.ZipFile(path)
    except (OSError, zipfile.BadZipFile) as err:
        raise GTFSError(f"{name}: cannot open the zip file ({err})") from None
    return _zip_members(archive)


def _zip_members(archive: zipfile.ZipFile) -> dict[str, Callable[[], IO[bytes]]]:
    """The archive's ``.txt`` files by base name; the shallowest wins, so a feed zipped
    with its folder reads the same."""
    members = sorted(
        (m for m in archive.namelist() if m.endswith(".txt") and not m.startswith("__MACOSX")),
        key=lambda m: (m.count("/"), m),
    )
    files: dict[str, Callable[[], IO[bytes]]] = {}
    for member in members:
        files.setdefault(PurePosixPath(member).name, lambda m=member: archive.open(m))
    return files


def _read_table(handle: IO[bytes], where: str, table: str) -> pd.DataFrame:
    """One file as text columns: the required ones (a :class:`GTFSError` for a missing
    one) and the optional ones (blank when missing)."""
    required, optional = COLUMNS[table]
    wanted = {*required, *optional}
    try:
        with handle:
            frame = pd.read_csv(
                handle,
                dtype=str,
                keep_default_na=False,
                encoding="utf-8-sig",
                skipinitialspace=True,
                usecols=lambda c: c.strip() in wanted,
            )
    except pd.errors.EmptyDataError:
        raise GTFSError(f"{where}: the file is empty (it needs a header line)") from None
    except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as err:
        reason = " ".join(str(err).split())
        raise GTFSError(f"{where}: not a readable CSV file ({reason})") from None
    frame.columns = [c.strip() for c in frame.columns]
    missing = [c for c in required if c not in frame.columns]
    if missing:
        raise GTFSError(f"{where}: no column {', '.join(missing)}")
    for column in optional:
        if column not in frame.columns:
            frame[column] = ""
    return frame.apply(lambda col: col.str.strip())
