"""Running chunks: in-process, in a process pool, or on a Dask cluster.

Each runner calls ``on_done(records)`` in the parent as every chunk finishes (in
completion order; the caller sorts by block). On any error or Ctrl-C the runners stop
the remaining work before re-raising, so nothing keeps running in the background.
Each runner also asks ``stop()`` between chunks (the process pool and Dask runners
several times a second while they wait) and raises
:class:`~vvlab.sim.errors.SimulationCancelled` when it answers true. SIGTERM and SIGHUP
(a closed terminal) interrupt a run as Ctrl-C does (:mod:`vvlab.sim.interrupts`), and
pool workers never outlive the process that started them.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import tempfile
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from vvlab.model.steps import never
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.errors import SimulationCancelled, SimulationError
from vvlab.sim.interrupts import INTERRUPTING, blocked, deferred_interrupts
from vvlab.sim.params import Chunk
from vvlab.sim.worker import ChunkTask, marker_name, play_chunk, pool_initializer

try:
    import fcntl
except ImportError:  # Windows: stale marker folders are not looked for
    fcntl = None  # type: ignore[assignment]

OnDone = Callable[[list[BlockRecord]], None]
Stop = Callable[[], bool]
"""Asked between chunks: true stops the run with :class:`SimulationCancelled`."""

POLL_SECONDS = 0.2
"""How often the pool and Dask runners look at Ctrl-C and ``stop()`` while waiting."""


def _check(stop: Stop) -> None:
    if stop():
        raise SimulationCancelled("simulation cancelled")


MP_START_METHOD: str | None = None
"""Start method of the process pool; ``None`` is the platform's default (tests set
``"spawn"`` to check that the workers need nothing from the parent's memory)."""


def describe_blocks(chunk: Chunk) -> str:
    """``"blocks 4-7 (games 1024-2047)"`` for a chunk.

    >>> describe_blocks(((4, 256), (5, 10)))
    'blocks 4-5 (games 1024-1289)'
    """
    first, last = chunk[0][0], chunk[-1][0]
    start, stop = first * BLOCK_SIZE, last * BLOCK_SIZE + chunk[-1][1] - 1
    blocks = f"block {first}" if first == last else f"blocks {first}-{last}"
    return f"{blocks} (games {start}-{stop})"


def run_serial(
    task: ChunkTask, chunks: Sequence[Chunk], on_done: OnDone, stop: Stop = never
) -> None:
    """Play the chunks one after the other in this process."""
    for chunk in chunks:
        _check(stop)
        on_done(play_chunk(task, chunk))


IN_FLIGHT = 2
"""Chunks submitted per worker at a time: enough to keep every worker busy, few enough
that the results of a long run never pile up in memory."""


def _submit(
    pool: ProcessPoolExecutor,
    task: ChunkTask,
    queue: Iterator[Chunk],
    futures: dict[Future, Chunk],
    limit: int,
) -> None:
    """Submit chunks from ``queue`` until ``limit`` are in flight."""
    while len(futures) < limit:
        chunk = next(queue, None)
        if chunk is None:
            return
        futures[pool.submit(play_chunk, task, chunk)] = chunk


def run_pool(
    task: ChunkTask, chunks: Sequence[Chunk], on_done: OnDone, workers: int, stop: Stop = never
) -> None:
    """Play the chunks in a pool of ``workers`` processes.

    A worker that dies raises :class:`SimulationError` naming the chunk it was playing.
    When ``stop()`` answers true, the chunks being played are abandoned (their worker
    processes ended) and :class:`SimulationCancelled` is raised; Ctrl-C, SIGTERM and
    SIGHUP end them too and raise :class:`SimulationInterrupted`. Workers exit by
    themselves when this process dies (see :func:`~vvlab.sim.worker.pool_initializer`).
    """
    context = multiprocessing.get_context(MP_START_METHOD)
    remove_stale_markers()
    markers, lock = _marker_folder()
    pool: ProcessPoolExecutor | None = None
    futures: dict[Future, Chunk] = {}
    done: set[int] = set()
    with deferred_interrupts() as interrupted:
        try:
            queue = iter(chunks)
            with blocked(INTERRUPTING, context.get_start_method() in ("fork", "spawn")):
                pool = ProcessPoolExecutor(workers, context, pool_initializer, (markers,))
                _submit(pool, task, queue, futures, IN_FLIGHT * workers)  # starts every worker
            while futures:
                _check(stop)
                finished, _ = wait(futures, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in finished:
                    _check(stop)  # two chunks may end together: none is told after a stop
                    records = future.result()
                    del futures[future]  # its records go to on_done, not kept here
                    on_done(records)
                    done.update(r.block for r in records)
                _submit(pool, task, queue, futures, IN_FLIGHT * workers)
                if interrupted.signum:
                    break
            if interrupted.signum:  # a signal always interrupts, even on the last chunk
                raise interrupted.error()
        except BrokenProcessPool:
            pool.shutdown(wait=True)  # type: ignore[union-attr]
            if interrupted.signum:  # the signal reached the workers too (a process group)
                raise interrupted.error() from None
            raise SimulationError(_died_message(markers, chunks, done, task), done) from None
        except BaseException:
            _stop(pool, futures)
            raise
        finally:
            if pool is not None:
                pool.shutdown(wait=True, cancel_futures=True)
            shutil.rmtree(markers, ignore_errors=True)
            if lock is not None:
                os.close(lock)
    if interrupted.signum:  # arrived while the pool shut down
        raise interrupted.error()


# -- marker folders: vvlab-sim-* in the temporary folder, locked while a pool runs -------
MARKERS_PREFIX = "vvlab-sim-"
_LOCK = "lock"


def _marker_folder() -> tuple[str, int | None]:
    """A new marker folder and the descriptor of its lock (held by this process and the
    workers forked from it), or None where files cannot be locked.

    The folder is made under a hidden name and locked before it gets its
    ``vvlab-sim-`` name, so that :func:`remove_stale_markers` never sees it unlocked.
    """
    making = tempfile.mkdtemp(prefix="." + MARKERS_PREFIX)
    lock = None
    if fcntl is not None:
        lock = os.open(os.path.join(making, _LOCK), os.O_RDWR | os.O_CREAT, 0o600)
        try:
            fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a file system without locks: the folder is left alone
            os.close(lock)
            os.unlink(os.path.join(making, _LOCK))
            lock = None
    folder = os.path.join(os.path.dirname(making), os.path.basename(making)[1:])
    os.rename(making, folder)
    return folder, lock


def remove_stale_markers(temp: str | None = None) -> None:
    """Remove the marker folders in ``temp`` (default: the temporary folder) that no
    process holds any more: left by a run killed together with its workers."""
    if fcntl is None:
        return
    try:
        folders = list(Path(temp or tempfile.gettempdir()).glob(MARKERS_PREFIX + "*"))
    except OSError:
        return
    for folder in folders:
        try:
            fd = os.open(folder / _LOCK, os.O_RDWR | getattr(os, "O_NOFOLLOW", 0))
        except OSError:  # not ours, not a folder, no lock (being removed, older vvlab)
            continue
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:  # a run holds it
            continue
        else:
            shutil.rmtree(folder, ignore_errors=True)
        finally:
            os.close(fd)


def _stop(pool: ProcessPoolExecutor | None, futures: dict[Future, Chunk]) -> None:
    """Cancel what has not started and end the worker processes now.

    A worker ended while it sends its result leaves half a message in the pool's
    result pipe, and the pool's reading thread would wait for the rest for ever (seen
    under load: Ctrl-C, then no exit). So the workers are waited for (killed if they
    do not end), then this process closes its own copy of the pipe's writing end: with
    every writer gone, a half-read message ends the read, and the pool shuts down as
    broken."""
    for future in futures:
        future.cancel()
    if pool is None:
        return
    processes = list((getattr(pool, "_processes", None) or {}).values())
    terminate = getattr(pool, "terminate_workers", None)  # Python >= 3.14
    if terminate is not None:
        terminate()
    for process in processes:
        for _ in range(STOP_TRIES):  # a worker sending its result leaves at the next one
            if not process.is_alive():
                break
            process.terminate()
            process.join(STOP_WAIT_S)
        if process.is_alive():  # a safety net: SIGTERM ends a worker at once
            process.kill()
            process.join()
    writer = getattr(getattr(pool, "_result_queue", None), "_writer", None)
    if writer is not None:
        writer.close()


STOP_WAIT_S, STOP_TRIES = 0.5, 20
"""How long a stopped worker may take to end after each SIGTERM, and how many it is
sent before it is killed."""


def _died_message(markers: str, chunks: Sequence[Chunk], done: set[int], task: ChunkTask) -> str:
    by_name = {marker_name(c): c for c in chunks}
    dead = []
    try:
        paths = sorted(Path(markers).iterdir())
    except OSError:
        paths = []
    for path in paths:
        chunk = by_name.get(path.name.split(".")[0])
        if chunk is not None:
            dead.append(f"{describe_blocks(chunk)} (pid {path.read_text() or '?'})")
    if dead:
        return "a worker process died while playing " + ", ".join(dead)
    left = [describe_blocks(c) for c in chunks if c[0][0] not in done]
    what = "a worker process died before it started a chunk; unfinished: " + ", ".join(left)
    if any(not isinstance(b, str) for b in task.bots):
        what += (
            " (bots defined in a notebook or in __main__ do not load in worker processes "
            "started with 'spawn' or 'forkserver': use workers=1 or define them in a module)"
        )
    return what


def run_dask(
    client: Any, task: ChunkTask, chunks: Sequence[Chunk], on_done: OnDone, stop: Stop = never
) -> None:
    """Play the chunks on a Dask cluster through ``client``.

    A chunk whose workers keep dying raises :class:`SimulationError` naming it; when
    ``stop()`` answers true the remaining tasks are cancelled and
    :class:`SimulationCancelled` is raised.
    """
    from uuid import uuid4

    from distributed import as_completed

    token = uuid4().hex[:8]
    queue, futures, done = iter(chunks), {}, set()
    arriving = as_completed()
    limit = IN_FLIGHT * max(1, sum(client.nthreads().values()))

    def submit() -> None:  # keep ``limit`` chunks in flight, no more
        while len(futures) < limit and (chunk := next(queue, None)) is not None:
            key = f"vvlab-{token}-{marker_name(chunk)}"
            future = client.submit(play_chunk, task, chunk, key=key, pure=False)
            futures[future] = chunk
            arriving.add(future)

    try:
        submit()
        while not arriving.is_empty():
            _check(stop)
            if not arriving.has_ready():
                time.sleep(POLL_SECONDS / 4)
                continue
            for future in arriving.next_batch(block=False):
                records = _dask_records(future, futures.pop(future), done)
                on_done(records)
                done.update(r.block for r in records)
            submit()
    except BaseException:
        client.cancel(list(futures))
        raise


def _dask_records(future: Any, chunk: Chunk, done: set[int]) -> list[BlockRecord]:
    """A finished Dask task's records; a chunk whose workers kept dying is an error."""
    from distributed import KilledWorker

    try:
        return future.result()
    except KilledWorker:
        msg = f"Dask workers died while playing {describe_blocks(chunk)} (task {future.key})"
        raise SimulationError(msg, done) from None


def connect_scheduler(address: str, timeout: float = 10.0) -> Any:
    """A ``dask.distributed.Client`` for the scheduler at ``address``.

    An unreachable scheduler is a :class:`SimulationError` after ``timeout`` seconds.
    """
    try:
        from distributed import Client
    except ImportError:
        raise ImportError(
            "Dask is an optional extra: pip install 'vvlab[dask]' to use a scheduler"
        ) from None
    try:
        return Client(address, timeout=timeout)
    except (OSError, TimeoutError) as err:
        raise SimulationError(
            f"cannot reach the Dask scheduler at {address} (waited {timeout:g} s): {err}"
        ) from None


def run_chunks(
    task: ChunkTask,
    chunks: Sequence[Chunk],
    on_done: OnDone,
    workers: int,
    client: Any = None,
    stop: Stop = never,
) -> str:
    """Play every chunk with the right runner; returns its name for the metadata:
    ``"serial"``, ``"process pool"`` or ``"dask"``."""
    if client is not None:
        run_dask(client, task, chunks, on_done, stop)
        return "dask"
    if workers <= 1 or len(chunks) <= 1:
        run_serial(task, chunks, on_done, stop)
        return "serial"
    run_pool(task, chunks, on_done, min(workers, len(chunks)), stop)
    return "process pool"
