"""Opening a GTFS feed's files with bounds: regular files only, sizes checked first.

A feed comes from anywhere, so nothing in it is trusted before it is read:

- Only regular files are read. A FIFO, a device (``/dev/zero``), a folder or a link to
  nothing is refused by its name, from ``stat``, before it is opened; a FIFO never
  blocks the import.
- A file is at most :data:`MAX_FILE_BYTES` long, unpacked. In a zip the sizes are
  checked from the archive's directory before a byte is inflated: an encrypted file
  is refused, and so is a file that would unpack to more than :data:`MAX_RATIO` times
  its packed size once it passes :data:`BOMB_FLOOR_BYTES` (a zip bomb).
- While a file is read, its bytes are counted (a zip's sizes may lie) and no line may
  be longer than :data:`MAX_LINE_BYTES`, so no single field can fill the memory.

Every refusal is a :class:`GTFSError` naming the feed and the
file. Names longer than :data:`MAX_NAME_CHARS` are cut where the table is read
(:mod:`vvlab.design.gtfs_feed`), with a note.

Examples
--------
>>> import os, tempfile
>>> folder = tempfile.mkdtemp()
>>> os.symlink("/dev/zero", os.path.join(folder, "stops.txt"))
>>> opener = folder_files(Path(folder), "feed")["stops.txt"]
>>> with opener() as handle:
...     pass
Traceback (most recent call last):
...
vvlab.design.gtfs_files.GTFSError: feed: stops.txt is a character device, not a file: ...
"""

from __future__ import annotations

import io
import os
import stat
import zipfile
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from functools import partial
from pathlib import Path, PurePosixPath
from typing import IO

from vvlab.model.files import not_regular  # the one list of what is not a regular file

__all__ = [
    "BOMB_FLOOR_BYTES",
    "MAX_FILE_BYTES",
    "MAX_LINE_BYTES",
    "MAX_NAME_CHARS",
    "MAX_RATIO",
    "GTFSError",
    "GTFSWarning",
    "Opener",
    "check_regular",
    "folder_files",
    "zip_files",
]

MAX_FILE_BYTES = 8 * 2**30
"""The longest file the import reads (unpacked): 8 GB, four times the ``stop_times.txt``
of a whole country's feed; a large file is read in parts, so it costs time, not memory."""
MAX_RATIO = 100
"""A zipped file may unpack to at most this many times its packed size (CSV packs
about 5 to 20 times) once it is larger than :data:`BOMB_FLOOR_BYTES`."""
BOMB_FLOOR_BYTES = 64 * 2**20
"""Files up to this size (64 MB unpacked) are not checked for their packing ratio."""
MAX_LINE_BYTES = 64 * 2**10
"""The longest line of a GTFS table (64 KB); a real row is a few hundred bytes."""
MAX_NAME_CHARS = 200
"""The longest stop, route or agency name kept; a longer one is cut, with a note."""


class GTFSError(ValueError):
    """A GTFS feed that cannot be imported: a missing, unreadable or oversized file, a
    missing column, a malformed CSV, a duplicate id, an unknown route or a route
    without trips. The message names the feed and the file or route."""


class GTFSWarning(UserWarning):
    """Something the import left out or changed and says so: the stations
    ``max_stations`` dropped from a line, a route chosen by its type that has no trips,
    a route whose ``route_type`` is no GTFS number, a name cut to
    :data:`MAX_NAME_CHARS`, the bends of a line whose shape (``shapes.txt``) cannot be
    used."""


Opener = Callable[[], AbstractContextManager[IO[bytes]]]
"""Opens one file of a feed for reading (bytes)."""


def _size(count: int) -> str:
    """A byte count in words.

    >>> _size(512), _size(198_000), _size(200 * 2**20)
    ('512 bytes', '193 KB', '200 MB')
    """
    for unit, scale in (("GB", 2**30), ("MB", 2**20), ("KB", 2**10)):
        if count >= scale:
            return f"{count / scale:.0f} {unit}"
    return f"{count} bytes"


def check_regular(path: Path, where: str) -> os.stat_result:
    """``path``'s ``stat`` (links followed) when it is a regular file the import may
    read; a :class:`GTFSError` naming ``where`` for anything else, before any open."""
    try:
        info = path.stat()
    except FileNotFoundError:
        what = "a link to a file that does not exist" if path.is_symlink() else "missing"
        raise GTFSError(f"{where} is {what}") from None
    except OSError as err:
        raise GTFSError(f"{where}: cannot read it ({err.strerror or err})") from None
    kind = not_regular(info.st_mode)
    if kind:
        raise GTFSError(f"{where} is {kind}, not a file: a GTFS feed holds text files only")
    if info.st_size > MAX_FILE_BYTES:
        raise GTFSError(_too_large(where, info.st_size))
    return info


def _too_large(where: str, size: int) -> str:
    return f"{where} is {_size(size)}, more than the {_size(MAX_FILE_BYTES)} the import reads"


# -- folders ---------------------------------------------------------------------------


def folder_files(path: Path, name: str) -> dict[str, Opener]:
    """A folder feed's ``.txt`` files by name, each as a function that opens it after
    checking it (:func:`check_regular`)."""
    return {p.name: partial(_open_file, p, f"{name}: {p.name}") for p in sorted(path.glob("*.txt"))}


@contextmanager
def _open_file(path: Path, where: str) -> Iterator[IO[bytes]]:
    check_regular(path, where)
    try:  # without blocking: a file swapped for a FIFO since the check opens at once
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except OSError as err:
        raise GTFSError(f"{where}: cannot read it ({err.strerror or err})") from None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise GTFSError(f"{where} is not a regular file (it changed while the import ran)")
        yield _bounded(handle, where)


# -- zip files -------------------------------------------------------------------------


def zip_files(path: Path, name: str) -> dict[str, Opener]:
    """A zipped feed's ``.txt`` files by base name (the shallowest wins, so a feed
    zipped with its folder reads the same), each checked from the archive's directory
    (:func:`_check_member`) and opened bounded."""
    check_regular(path, name)
    try:
        with zipfile.ZipFile(path) as archive:
            infos = archive.infolist()
    except (OSError, zipfile.BadZipFile, EOFError) as err:
        raise GTFSError(f"{name}: cannot open the zip file ({err})") from None
    texts = sorted(
        (i for i in infos if i.filename.endswith(".txt") and not i.filename.startswith("__MACOSX")),
        key=lambda i: (i.filename.count("/"), i.filename),
    )
    files: dict[str, Opener] = {}
    for info in texts:
        base = PurePosixPath(info.filename).name
        if base not in files:
            _check_member(info, f"{name}: {base}")
            files[base] = partial(_open_member, path, name, info.filename, base)
    return files


def _check_member(info: zipfile.ZipInfo, where: str) -> None:
    """Refuse an encrypted member, or one too large or packed too tightly (a zip
    bomb), from the sizes the archive states."""
    if info.flag_bits & 0x1:
        raise GTFSError(
            f"{where} is encrypted (password protected): give a feed without a password"
        )
    if info.file_size > MAX_FILE_BYTES or info.compress_size > MAX_FILE_BYTES:
        raise GTFSError(_too_large(where, max(info.file_size, info.compress_size)))
    if info.file_size > BOMB_FLOOR_BYTES and info.file_size > MAX_RATIO * info.compress_size:
        raise GTFSError(
            f"{where} would unpack from {_size(info.compress_size)} to "
            f"{_size(info.file_size)}, more than {MAX_RATIO} times: refused as a zip bomb"
        )


@contextmanager
def _open_member(path: Path, name: str, member: str, base: str) -> Iterator[IO[bytes]]:
    check_regular(path, name)  # again: the zip may have been swapped since it was listed
    with zipfile.ZipFile(path) as archive, archive.open(member) as handle:
        yield _bounded(handle, f"{name}: {base}")


# -- reading ---------------------------------------------------------------------------


def _bounded(handle: IO[bytes], where: str) -> IO[bytes]:
    return io.BufferedReader(_Bounded(handle, where), buffer_size=MAX_LINE_BYTES)


class _Bounded(io.RawIOBase):
    """``handle`` read through a count: a :class:`GTFSError` once more than
    :data:`MAX_FILE_BYTES` come, or a line longer than :data:`MAX_LINE_BYTES`."""

    def __init__(self, handle: IO[bytes], where: str):
        self.handle, self.where = handle, where
        self.total = self.line = self.lines = 0

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        data = self.handle.read(min(len(buffer), MAX_LINE_BYTES))
        buffer[: len(data)] = data
        self.total += len(data)
        if self.total > MAX_FILE_BYTES:
            raise GTFSError(_too_large(self.where, self.total))
        self._measure_lines(data)
        return len(data)

    def _measure_lines(self, data: bytes) -> None:
        """Follow the line being read: ``data`` (at most :data:`MAX_LINE_BYTES`) holds
        no whole line longer than the limit, so only the one it continues can be."""
        end = data.find(b"\n")
        length = self.line + (len(data) if end < 0 else end)
        if length > MAX_LINE_BYTES:
            raise GTFSError(
                f"{self.where}: line {self.lines + 1} is longer than {_size(MAX_LINE_BYTES)}: "
                "not a GTFS table"
            )
        if end < 0:
            self.line = length
        else:
            self.line = len(data) - data.rfind(b"\n") - 1
            self.lines += data.count(b"\n")
