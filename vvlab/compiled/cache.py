"""Where numba keeps the compiled kernels, when it finds no place of its own.

numba caches a ``cache=True`` function on disk in the first folder it can write (see
"Cache sharing" and ``NUMBA_CACHE_DIR`` in numba's documentation): ``NUMBA_CACHE_DIR``
when set, the ``__pycache__`` folder next to the source file, then the user's cache
folder (``~/.cache/numba``). In a read-only install run by a user without a writable
home none of them works, and numba refuses to define the function (``RuntimeError:
cannot cache function ...: no locator available``).

:func:`ensure_cache` then points ``NUMBA_CACHE_DIR`` at a private folder of the
temporary folder (``vvlab-numba-<uid>``, inherited by worker processes through the
environment) and, when even that fails, lets the kernels run uncached; either way it
says so once with a warning naming the folder. numba itself is never imported here: the
caller passes the two numba operations needed.
"""

from __future__ import annotations

import contextlib
import getpass
import os
import stat
import tempfile
import warnings
from collections.abc import Callable
from pathlib import Path

__all__ = ["ensure_cache", "private_cache_folder"]

ENV = "NUMBA_CACHE_DIR"


def ensure_cache(can_cache: Callable[[], bool], reload_config: Callable[[], None]) -> bool:
    """Make sure numba can cache the kernels; return whether they are cached.

    ``can_cache()`` answers whether numba finds a cache folder for the kernels' source
    file; ``reload_config()`` makes numba read ``NUMBA_CACHE_DIR`` again.

    >>> ensure_cache(lambda: True, lambda: None)
    True
    """
    if can_cache():
        return True
    previous = os.environ.get(ENV)
    folder = private_cache_folder()
    if folder is not None:
        os.environ[ENV] = str(folder)
        reload_config()
        if can_cache():
            warnings.warn(
                f"vvlab: the compiled kernels are cached in {folder} (numba cannot write "
                f"next to the package or in the home folder; set {ENV} to choose a folder)",
                stacklevel=2,
            )
            return True
        if previous is None:
            os.environ.pop(ENV, None)
        else:
            os.environ[ENV] = previous
        reload_config()
    warnings.warn(
        "vvlab: numba finds no folder it can write to cache the compiled kernels in (the "
        f"package, the home folder, {tempfile.gettempdir()}): every process compiles "
        f"them again; set {ENV} to a writable folder",
        stacklevel=2,
    )
    return False


def private_cache_folder() -> Path | None:
    """``<temp>/vvlab-numba-<uid>``, made private to this user; a new private folder of
    the temporary folder when that one is another user's (or not a plain folder);
    ``None`` when the temporary folder cannot be written either."""
    try:
        named = Path(tempfile.gettempdir()) / f"vvlab-numba-{_user()}"
        with contextlib.suppress(FileExistsError):
            named.mkdir(mode=0o700)
        if _private(named):
            return named
        return Path(tempfile.mkdtemp(prefix="vvlab-numba-"))
    except OSError:
        return None


def _user() -> str:
    if hasattr(os, "getuid"):
        return str(os.getuid())
    try:
        return getpass.getuser()
    except (OSError, KeyError, ImportError):
        return "user"


def _private(folder: Path) -> bool:
    """True when ``folder`` is a real folder of this user that no one else can write
    (numba's cache files are code: another user's folder must not be trusted)."""
    info = folder.lstat()
    if not stat.S_ISDIR(info.st_mode):
        return False
    if not hasattr(os, "getuid"):
        return True
    return info.st_uid == os.getuid() and not info.st_mode & (stat.S_IWGRP | stat.S_IWOTH)
