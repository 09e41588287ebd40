"""The one way vvlab writes a file: atomically, so that nothing is ever half written.

Every file a user gets (maps, run folders, reports, the editor's saves) is written into
a temporary file in the target's folder, flushed to disk (``fsync``), then renamed over
the target in one step; the folder is synced too, so the rename survives a crash. A
crash, Ctrl-C or a full disk at any moment leaves either the old file or the new one.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> folder = Path(tempfile.mkdtemp())
>>> atomic_write(folder / "note.txt", "first\\n").read_text()
'first\\n'
>>> with atomic_path(folder / "data.bin") as tmp:
...     _ = tmp.write_bytes(b"\\x00\\x01")
>>> (folder / "data.bin").read_bytes(), sorted(p.name for p in folder.iterdir())
(b'\\x00\\x01', ['data.bin', 'note.txt'])
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

__all__ = ["atomic_path", "atomic_write"]

NEW_FILE_MODE = 0o644
"""Permissions of a new file (an existing file's are kept)."""


@contextmanager
def atomic_path(path: str | os.PathLike[str]) -> Iterator[Path]:
    """A temporary path next to ``path`` to write to; when the block succeeds it is
    synced to disk and renamed to ``path``, otherwise removed.

    For writers that need a file name (``DataFrame.to_parquet``, ``np.savez``); text
    and bytes go through :func:`atomic_write`.
    """
    target = Path(path)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=target.parent)
    os.close(fd)
    tmp = Path(name)
    try:
        yield tmp
        _sync_file(tmp)
        os.chmod(tmp, _mode_for(target))
        os.replace(tmp, target)
        _sync_folder(target.parent)
    finally:
        tmp.unlink(missing_ok=True)


def atomic_write(path: str | os.PathLike[str], data: str | bytes, encoding: str = "utf-8") -> Path:
    """Write ``data`` (text in ``encoding``, or bytes) to ``path`` atomically; returns
    the path."""
    with atomic_path(path) as tmp:
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
