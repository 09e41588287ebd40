"""Errors of batch simulation runs."""

from __future__ import annotations

import signal
from collections.abc import Iterable

from vvlab.model.steps import Cancelled


class SimulationError(RuntimeError):
    """A run could not finish: a worker process died, the Dask scheduler is out of reach,
    the run folder could not be written. ``finished_blocks`` lists the blocks that were
    finished (kept in ``out`` when it was given, so that ``resume=True`` does not play
    them again)."""

    def __init__(self, message: str, finished_blocks: Iterable[int] = ()):
        super().__init__(message)
        self.finished_blocks = sorted(finished_blocks)

    def __reduce__(self):  # keep the blocks when the error crosses a process boundary
        return (type(self), (str(self), self.finished_blocks))


class SimulationCancelled(SimulationError, Cancelled):
    """The caller's ``cancel`` flag stopped a run between two blocks.

    ``finished_blocks`` lists the blocks that were finished (kept in ``out`` when it was
    given, so that ``resume=True`` plays only the rest); without ``out``, ``records``
    holds their :class:`~vvlab.sim.blocks.BlockRecord` objects in block order (with
    ``out`` they stay on disk and ``records`` is empty).
    """

    def __init__(self, message: str, finished_blocks: Iterable[int] = (), records=()):
        super().__init__(message, finished_blocks)
        self.records = sorted(records, key=lambda record: record.block)


class OutputError(SimulationError):
    """The run folder could not be written: no permission, a full disk. The message
    names what could not be written and what is kept (``resume=True`` goes on)."""


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT), SIGTERM or SIGHUP (a closed terminal) stopped a run; the message
    tells how to resume it, ``signum`` which signal it was.

    A ``KeyboardInterrupt``, so ``except Exception`` does not swallow it.
    """

    def __init__(
        self, message: str, finished_blocks: Iterable[int] = (), signum: int = signal.SIGINT
    ):
        super().__init__(message)
        self.finished_blocks = sorted(finished_blocks)
        self.signum = int(signum)


class RunFolderError(ValueError):
    """A file of a run folder (``out=``, or a folder written by ``to_parquet``) that
    vvlab will not read: it belongs to another run, its data do not match its checksum,
    or an older vvlab wrote it without them. ``path`` names the file; the message says
    what to do (remove it and resume, or regenerate the folder)."""

    def __init__(self, message: str, path: object = None):
        super().__init__(message)
        self.path = path

    def __reduce__(self):
        return (type(self), (str(self), self.path))
