"""The one way vvlab writes a file: atomically, into a regular file, never over one
without being asked.

Every file a user gets (maps, run folders, reports, the editor's saves) is written into
a temporary file in the target's folder, flushed to disk (``fsync``), then renamed over
the target in one step; the folder is synced too, so the rename survives a crash. A
crash, Ctrl-C or a full disk at any moment leaves either the old file or the new one.

Before anything is written the target is checked: a device, a FIFO, a socket or a
folder is refused, and so is a read-only file (even for root, who could write it); an
existing file is replaced only with ``overwrite=True``. A symbolic link is followed: the
file it points to is replaced and the link stays. Refusals raise :class:`WriteRefused`
(a ``ValueError``), or :class:`TargetExists` (a ``FileExistsError``) for an existing
file. A write that fails half way (a full disk, an I/O error) raises
:class:`WriteFailed` (an ``OSError``) naming the file; the old file is kept.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> atomic_write(folder / "note.txt", "first\\n").read_text()
'first\\n'
>>> atomic_write(folder / "note.txt", "second\\n", overwrite=True).read_text()
'second\\n'
>>> with atomic_path(folder / "data.bin") as tmp:
...     _ = tmp.write_bytes(b"\\x00\\x01")
>>> (folder / "data.bin").read_bytes(), sorted(p.name for p in folder.iterdir())
(b'\\x00\\x01', ['data.bin', 'note.txt'])
"""

from __future__ import annotations

import glob
import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = [
    "TargetExists",
    "WriteFailed",
    "WriteRefused",
    "atomic_path",
    "atomic_write",
    "check_target",
    "leftover_temporaries",
    "make_folder",
    "not_regular",
]

NEW_FILE_MODE = 0o644
"""Permissions of a new file (an existing file's are kept)."""


class WriteRefused(ValueError):
    """A file was not written: its target is not a regular file, is read-only, or its
    folder cannot be written. The message names the path and the reason."""


class TargetExists(FileExistsError):
    """A file was not written because one is there already; ``path`` names it. The
    message tells a Python caller to pass ``overwrite=True`` (the command line says
    ``--force`` instead, see :func:`vvlab.cli.errors.error_message`)."""

    def __init__(self, path: str | os.PathLike[str]):
        self.path = os.fspath(path)
        super().__init__(f"{self.path} exists (pass overwrite=True to replace it)")

    def __str__(self) -> str:
        return str(self.args[0])


class WriteFailed(OSError):
    """Writing a file failed half way (a full disk, an I/O error): the message names the
    file and says that the old one (if any) is kept; ``errno`` is the cause's."""

    def __init__(self, path: str | os.PathLike[str], err: OSError, existed: bool):
        kept = "the old file is kept" if existed else "nothing was written"
        reason = err.strerror or str(err)
        super().__init__(err.errno, f"cannot write {os.fspath(path)}: {reason}; {kept}")

    def __str__(self) -> str:
        return str(self.strerror)


def check_target(path: str | os.PathLike[str], overwrite: bool = False) -> Path:
    """The file that writing ``path`` would replace (links followed), once it is known
    to be safe: ``WriteRefused`` for a device, FIFO, socket, folder or read-only file
    (or a path ending in a separator, which names a folder even before it exists),
    ``FileExistsError`` for an existing file unless ``overwrite``.

    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_target(folder)
    Traceback (most recent call last):
    ...
    vvlab.model.files.WriteRefused: ... is a folder, not a file: refusing to replace it
    >>> check_target(atomic_write(folder / "a.txt", "x"))
    Traceback (most recent call last):
    ...
    vvlab.model.files.TargetExists: ... exists (pass overwrite=True to replace it)
    >>> check_target(f"{folder}/new/")
    Traceback (most recent call last):
    ...
    vvlab.model.files.WriteRefused: .../new/ names a folder: give a file name to write
    """
    if os.fspath(path).endswith(("/", os.sep)):
        raise WriteRefused(f"{os.fspath(path)} names a folder: give a file name to write")
    target = Path(os.path.realpath(path))
    try:
        info = target.stat()
    except FileNotFoundError:
        _check_folder(path, target)
        return target
    except OSError as err:
        raise WriteRefused(f"cannot write {os.fspath(path)}: {err.strerror or err}") from None
    kind = not_regular(info.st_mode)
    if kind:
        raise WriteRefused(f"{os.fspath(path)} is {kind}, not a file: refusing to replace it")
    if not info.st_mode & 0o222:
        raise WriteRefused(f"{os.fspath(path)} is read-only: refusing to replace it")
    if not overwrite:
        raise TargetExists(path)
    return target


def make_folder(path: str | os.PathLike[str]) -> Path:
    """Make the folder (and its parents) of the file ``path`` will be, if missing;
    returns it. What stops it is a :class:`WriteRefused` naming the file and why (a
    link to nowhere on the way is named as one, not as ``File exists``).

    >>> import tempfile
    >>> from pathlib import Path
    >>> folder = Path(tempfile.mkdtemp())
    >>> make_folder(folder / "new" / "report.html").is_dir()
    True
    >>> (folder / "gone").symlink_to(folder / "nowhere" / "x")
    >>> make_folder(folder / "gone" / "report.html")
    Traceback (most recent call last):
    ...
    vvlab.model.files.WriteRefused: cannot write .../gone/report.html: .../gone is a link to ...
    """
    folder = Path(path).parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        for step in (folder, *folder.parents):
            if step.is_symlink() and not step.exists():
                raise WriteRefused(
                    f"cannot write {os.fspath(path)}: {step} is a link to "
                    f"{os.readlink(step)}, which does not exist"
                ) from None
        reason = err.strerror or str(err)
        raise WriteRefused(
            f"cannot write {os.fspath(path)}: its folder {folder} cannot be made ({reason})"
        ) from None
    return folder


def _check_folder(path: str | os.PathLike[str], target: Path) -> None:
    """Refuse a link to nowhere (the folder it points into does not exist) in words
    that say so, not as ``File exists``."""
    name = os.fspath(path)
    if os.path.islink(name) and not target.parent.is_dir():
        raise WriteRefused(
            f"{name} is a link to {os.readlink(name)}, whose folder does not exist: "
            "remove the link or make the folder"
        )


def not_regular(mode: int) -> str:
    """What a non-regular file is (``"a folder"``, ...), or ``""`` for a regular one.

    >>> import os
    >>> not_regular(os.stat(".").st_mode), not_regular(os.stat(__file__).st_mode)
    ('a folder', '')
    """
    kinds = [
        (stat.S_ISDIR, "a folder"),
        (stat.S_ISCHR, "a character device"),
        (stat.S_ISBLK, "a block device"),
        (stat.S_ISFIFO, "a FIFO (named pipe)"),
        (stat.S_ISSOCK, "a socket"),
    ]
    return next(
        (name for test, name in kinds if test(mode)),
        "" if stat.S_ISREG(mode) else "not a regular file",
    )


@contextmanager
def atomic_path(
    path: str | os.PathLike[str], overwrite: bool = False, durable: bool = True
) -> Iterator[Path]:
    """A temporary path next to ``path`` to write to; when the block succeeds it is
    synced to disk and renamed to ``path``, otherwise removed. The target is checked
    first (:func:`check_target`).

    ``durable=False`` skips the two syncs, for files whose loss in a power cut costs
    only time: a cache that is checked when read (a run's block files carry checksums,
    and a block that fails its check is played again). The rename still makes the
    file whole or absent for every other process.

    For writers that need a file name (``DataFrame.to_parquet``, ``np.savez``); text
    and bytes go through :func:`atomic_write`.
    """
    target = check_target(path, overwrite)
    try:
        fd, name = tempfile.mkstemp(prefix=_tmp_prefix(target), suffix=".tmp", dir=target.parent)
    except OSError as err:
        reason = err.strerror or str(err)
        if not target.parent.is_dir():
            raise WriteRefused(
                f"cannot write {os.fspath(path)}: its folder {target.parent} does not exist"
            ) from None
        raise WriteRefused(
            f"cannot write {os.fspath(path)}: its folder {target.parent} is not writable ({reason})"
        ) from None
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        if durable:
            _sync_file(tmp)
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
    except WriteFailed:
        raise
    except OSError as err:  # a full disk, an I/O error: the old file is untouched
        raise WriteFailed(path, err, target.exists()) from None
    finally:
        tmp.unlink(missing_ok=True)
    if durable:
        _sync_folder(target.parent)


def _tmp_prefix(target: Path) -> str:
    return f".{target.name}."


def leftover_temporaries(path: str | os.PathLike[str]) -> list[Path]:
    """The temporary files of :func:`atomic_path` for ``path`` that a killed process
    (``kill -9``, a power cut) left in its folder.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> _ = (folder / ".games.parquet.k2x9.tmp").write_bytes(b"half")
    >>> [p.name for p in leftover_temporaries(folder / "games.parquet")]
    ['.games.parquet.k2x9.tmp']
    """
    target = Path(path)
    return sorted(target.parent.glob(f"{glob.escape(_tmp_prefix(target))}*.tmp"))


def atomic_write(
    path: str | os.PathLike[str], data: str | bytes, *, overwrite: bool = False,
    encoding: str = "utf-8",
) -> Path:  # fmt: skip
    """Write ``data`` (text in ``encoding``, or bytes) to ``path`` atomically; returns
    the path. An existing regular file is replaced only with ``overwrite=True``; what
    is refused is listed under :func:`check_target`."""
    with atomic_path(path, overwrite) as tmp:
        if isinstance(data, bytes):
            tmp.write_bytes(data)
        else:
            with open(tmp, "w", encoding=encoding, newline="") as fh:
                fh.write(data)
    return Path(path)


def _mode_for(target: Path) -> int:
    try:
        info = target.stat()
    except FileNotFoundError:
        return NEW_FILE_MODE
    return stat.S_IMODE(info.st_mode) if stat.S_ISREG(info.st_mode) else NEW_FILE_MODE


def _sync_file(path: Path) -> None:
    with open(path, "rb+") as fh:
        os.fsync(fh.fileno())


def _sync_folder(folder: Path) -> None:
    """Make a rename durable; folders cannot be opened on some systems (Windows)."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
