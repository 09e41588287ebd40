"""Reading a GTFS feed (a zip file or a folder of ``.txt`` files) into pandas tables.

GTFS files are plain CSV, so pandas reads them without a GTFS library (none is a
dependency of vvlab): every column as text, a byte-order mark allowed, blanks kept as
``""``. Only the columns the import uses are kept, and a table is read in parts that
can be filtered as they come, so a large ``stop_times.txt`` costs little memory. Every
problem raises :class:`GTFSError` naming the feed and the file.

Examples
--------
>>> feed = read_feed("data/gtfs/prague")
>>> list(feed.read("routes")["route_short_name"])
['A', 'B', 'C', '22']
>>> trips = feed.read("trips", keep=lambda part: part["route_id"] == "L993")
>>> len(trips), sorted(set(trips["direction_id"]))
(8, ['0', '1'])
"""

from __future__ import annotations

import os
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, closing, contextmanager
from dataclasses import dataclass
from functools import partial
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
    dropped from a line, a route chosen by its type that has no trips, the bends of a
    line whose shape (``shapes.txt``) cannot be used."""


COLUMNS: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {
    "routes": (
        ("route_id", "route_type"),
        ("route_short_name", "route_long_name", "route_color"),
    ),
    "trips": (("route_id", "trip_id"), ("direction_id", "shape_id")),
    "stop_times": (("trip_id", "stop_id", "stop_sequence"), ()),
    "stops": (
        ("stop_id", "stop_name", "stop_lat", "stop_lon"),
        ("parent_station", "location_type"),
    ),
    "agency": (("agency_name",), ()),
    "shapes": (("shape_id", "shape_pt_lat", "shape_pt_lon", "shape_pt_sequence"), ()),
}
"""Per file: the columns it must have and the optional ones the import reads (a
missing optional column reads as blanks). ``agency.txt`` and ``shapes.txt`` are
optional files."""

REQUIRED_FILES = ("routes", "trips", "stop_times", "stops")


Opener = Callable[[], AbstractContextManager[IO[bytes]]]
"""Opens one file of a feed for reading (bytes)."""
CHUNK_ROWS = 500_000
"""Rows read at a time: a large ``stop_times.txt`` is filtered as it is read."""


@dataclass(frozen=True)
class Feed:
    """A feed's files by name (``"stops.txt"``, ...), each as a function that opens
    it; :meth:`read` gives a table. ``name`` is the feed as given, for messages."""

    name: str
    files: dict[str, Opener]

    def has(self, table: str) -> bool:
        """True when the feed has the file ``table`` + ``.txt``."""
        return f"{table}.txt" in self.files

    def read(
        self, table: str, keep: Callable[[pd.DataFrame], pd.Series] | None = None
    ) -> pd.DataFrame:
        """The file ``table`` + ``.txt`` as text columns (see :data:`COLUMNS`): the
        rows for which ``keep`` (given a part of the table) is true, or all.

        Raises
        ------
        GTFSError
            For a missing column, or a file that is empty or not CSV.
        """
        where = f"{self.name}: {table}.txt"
        required, optional = COLUMNS[table]
        wanted = {*required, *optional}
        try:
            with (
                self.files[f"{table}.txt"]() as handle,
                closing(_chunks(handle, wanted, where, table)) as chunks,  # before the file
            ):
                parts = [part[keep(part)] if keep else part for part in chunks]
        except GTFSError:  # a ValueError too, already naming the file
            raise
        except pd.errors.EmptyDataError:
            raise GTFSError(f"{where}: the file is empty (it needs a header line)") from None
        except (pd.errors.ParserError, UnicodeDecodeError, ValueError) as err:
            reason = " ".join(str(err).split())
            raise GTFSError(f"{where}: not a readable CSV file ({reason})") from None
        return pd.concat(parts, ignore_index=True) if len(parts) > 1 else parts[0]


def read_feed(path: str | os.PathLike[str]) -> Feed:
    """The GTFS feed at ``path``, a zip file or a folder, ready to read.

    Raises
    ------
    GTFSError
        For a missing path, a file that is no zip, or a feed without one of the
        files the import needs (routes, trips, stop_times, stops).
    """
    name = os.fspath(path)
    feed = Feed(name, _feed_files(Path(path), name))
    for table in REQUIRED_FILES:
        if not feed.has(table):
            raise GTFSError(f"{name}: no {table}.txt in the feed (a GTFS feed needs it)")
    return feed


def _feed_files(path: Path, name: str) -> dict[str, Opener]:
    """The feed's ``.txt`` files by name, each as a function that opens it."""
    if path.is_dir():
        return {p.name: partial(p.open, "rb") for p in sorted(path.glob("*.txt"))}
    if not path.exists():
        raise GTFSError(f"{name}: no such file or folder")
    if not zipfile.is_zipfile(path):
        raise GTFSError(f"{name}: not a zip file or a folder (a GTFS feed is one or the other)")
    try:
        with zipfile.ZipFile(path) as archive:
            members = archive.namelist()
    except (OSError, zipfile.BadZipFile) as err:
        raise GTFSError(f"{name}: cannot open the zip file ({err})") from None
    return _zip_members(path, members)


def _zip_members(path: Path, members: list[str]) -> dict[str, Opener]:
    """The archive's ``.txt`` files by base name; the shallowest wins, so a feed zipped
    with its folder reads the same."""
    texts = sorted(
        (m for m in members if m.endswith(".txt") and not m.startswith("__MACOSX")),
        key=lambda m: (m.count("/"), m),
    )
    files: dict[str, Opener] = {}
    for member in texts:
        files.setdefault(PurePosixPath(member).name, partial(_open_member, path, member))
    return files


@contextmanager
def _open_member(path: Path, member: str) -> Iterator[IO[bytes]]:
    with zipfile.ZipFile(path) as archive, archive.open(member) as handle:
        yield handle


def _chunks(handle: IO[bytes], wanted: set[str], where: str, table: str) -> Iterator[pd.DataFrame]:
    """The file in parts of :data:`CHUNK_ROWS` rows, tidied (:func:`_tidy`)."""
    reader = pd.read_csv(
        handle,
        dtype=str,
        keep_default_na=False,
        encoding="utf-8-sig",
        skipinitialspace=True,
        usecols=lambda c: c.strip() in wanted,
        chunksize=CHUNK_ROWS,
    )
    with reader:
        for part in reader:
            yield _tidy(part, where, table)


def _tidy(part: pd.DataFrame, where: str, table: str) -> pd.DataFrame:
    """Column names and values without surrounding blanks; a :class:`GTFSError` for a
    missing required column, blanks for a missing optional one."""
    required, optional = COLUMNS[table]
    part.columns = [c.strip() for c in part.columns]
    missing = [c for c in required if c not in part.columns]
    if missing:
        raise GTFSError(f"{where}: no column {', '.join(missing)}")
    for column in optional:
        if column not in part.columns:
            part[column] = ""
    return part.apply(lambda col: col.str.strip())
