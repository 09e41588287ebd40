"""Errors of batch simulation runs."""

from __future__ import annotations

from collections.abc import Iterable


class SimulationError(RuntimeError):
    """A run could not finish: a worker process died, or the Dask scheduler is out of
    reach. ``finished_blocks`` lists the blocks that were finished (kept in ``out`` when
    it was given, so that ``resume=True`` does not play them again)."""

    def __init__(self, message: str, finished_blocks: Iterable[int] = ()):
        super().__init__(message)
        self.finished_blocks = sorted(finished_blocks)

    def __reduce__(self):  # keep the blocks when the error crosses a process boundary
        return (type(self), (str(self), self.finished_blocks))


class SimulationCancelled(SimulationError):
    """The caller's ``cancel`` flag stopped a run between two blocks.

    ``finished_blocks`` lists the blocks that were finished (kept in ``out`` when it was
    given, so that ``resume=True`` plays only the rest); ``records`` holds their
    :class:`~vvlab.sim.blocks.BlockRecord` objects, in block order, in this process.
    """

    def __init__(self, message: str, finished_blocks: Iterable[int] = (), records=()):
        super().__init__(message, finished_blocks)
        self.records = sorted(records, key=lambda record: record.block)


class SimulationInterrupted(KeyboardInterrupt):
    """Ctrl-C (SIGINT) stopped a run; the message tells how to resume it.

    A ``KeyboardInterrupt``, so ``except Exception`` does not swallow it.
    """

    def __init__(self, message: str, finished_blocks: Iterable[int] = ()):
        super().__init__(message)
        self.finished_blocks = sorted(finished_blocks)


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
