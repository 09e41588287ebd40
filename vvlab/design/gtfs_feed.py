"""Reading a GTFS feed (a zip file or a folder of ``.txt`` files) into pandas tables.

GTFS files are plain CSV, so pandas reads them without a GTFS library (none is a
dependency of vvlab): every column as text, a byte-order mark allowed, blanks kept as
``""``. Only the columns the import uses are kept, and a table is read in parts that
can be filtered as they come, so a large ``stop_times.txt`` costs little memory. Files
are opened with bounds (:mod:`vvlab.design.gtfs_files`: regular files only, sizes
checked first, lines and names limited). Every problem raises :class:`GTFSError`
naming the feed and the file.

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
import warnings
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path
from typing import IO

import pandas as pd

from vvlab.design.gtfs_files import (
    MAX_NAME_CHARS,
    GTFSError,
    GTFSWarning,
    Opener,
    check_regular,
    folder_files,
    zip_files,
)

__all__ = ["COLUMNS", "Feed", "GTFSError", "GTFSWarning", "read_feed", "refuse_duplicates"]


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
NAMES = ("stop_name", "route_short_name", "route_long_name", "agency_name")
"""The columns holding names, cut to :data:`~vvlab.design.gtfs_files.MAX_NAME_CHARS`."""
CHUNK_ROWS = 500_000
"""Rows read at a time: a large ``stop_times.txt`` is filtered as it is read."""


Keep = Callable[[pd.DataFrame], pd.Series]
"""Which rows of one part of a table read in parts to keep."""


@dataclass(frozen=True)
class Feed:
    """A feed's files by name (``"stops.txt"``, ...), each as a function that opens
    it; :meth:`read` gives a table. ``name`` is the feed as given, for messages."""

    name: str
    files: dict[str, Opener]

    def has(self, table: str) -> bool:
        """True when the feed has the file ``table`` + ``.txt``."""
        return f"{table}.txt" in self.files

    def read(self, table: str, keep: Keep | None = None) -> pd.DataFrame:
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
            raise GTFSError(f"{where}: not a readable CSV file ({_words(err)})") from None
        except (zipfile.BadZipFile, zlib.error, EOFError) as err:
            raise GTFSError(f"{where}: the zip file is damaged ({_words(err)})") from None
        except OSError as err:
            raise GTFSError(f"{where}: cannot read it ({err.strerror or _words(err)})") from None
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


def refuse_duplicates(
    table: pd.DataFrame, column: str, where: str, under: str | None = None
) -> None:
    """A :class:`GTFSError` naming the first value of ``column`` that ``table`` lists
    twice (and, with ``under``, that column's values of both rows): an id names one
    route, trip or stop only.

    >>> table = pd.DataFrame({"trip_id": ["t1", "t2", "t1"], "route_id": ["A", "A", "B"]})
    >>> refuse_duplicates(table, "trip_id", "feed", under="route_id")
    Traceback (most recent call last):
    ...
    vvlab.design.gtfs_files.GTFSError: feed: trip_id 't1' is listed twice (route_id 'A' and 'B');...
    """
    twice = table[column].duplicated(keep=False)
    if not twice.any():
        return
    value = table.loc[twice, column].iloc[0]
    rows = table[table[column] == value]
    both = " and ".join(repr(v) for v in rows[under].iloc[:2]) if under else ""
    detail = f" ({under} {both})" if under else ""
    raise GTFSError(f"{where}: {column} {value!r} is listed twice{detail}; each needs its own id")


def _feed_files(path: Path, name: str) -> dict[str, Opener]:
    """The feed's ``.txt`` files by name, each as a function that opens it."""
    if path.is_dir():
        return folder_files(path, name)
    if not path.exists() and not path.is_symlink():
        raise GTFSError(f"{name}: no such file or folder")
    check_regular(path, name)  # before is_zipfile opens it: a FIFO would block
    if not zipfile.is_zipfile(path):
        raise GTFSError(f"{name}: not a zip file or a folder (a GTFS feed is one or the other)")
    return zip_files(path, name)


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


def _words(err: BaseException) -> str:
    """An error's message on one line."""
    return " ".join(str(err).split())


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
    part = part.apply(lambda col: col.str.strip())
    for column in [c for c in NAMES if c in part.columns]:
        _cut_names(part, column, where)
    return part


def _cut_names(part: pd.DataFrame, column: str, where: str) -> None:
    """Cut the names in ``column`` longer than ``MAX_NAME_CHARS`` (ending them with
    ``…``), and say how many and where the first is: a name that long is no name for
    a station or a line, and the map and its sheets must stay readable."""
    long = part[column].str.len() > MAX_NAME_CHARS
    if not long.any():
        return
    first = int(long.to_numpy().argmax())
    part.loc[long, column] = part.loc[long, column].str.slice(0, MAX_NAME_CHARS - 1) + "…"
    warnings.warn(
        f"{where}: {int(long.sum())} {column} longer than {MAX_NAME_CHARS} characters cut "
        f"(the first on line {part.index[first] + 2})",
        GTFSWarning,
        stacklevel=2,
    )
