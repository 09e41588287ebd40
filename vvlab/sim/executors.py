"""Running chunks: in-process, in a process pool, or on a Dask cluster.

Each runner calls ``on_done(records)`` in the parent as every chunk finishes (in
completion order; the caller sorts by block). On any error or Ctrl-C the runners stop
the remaining work before re-raising, so nothing keeps running in the background.
Each runner also asks ``stop()`` between chunks (the process pool and Dask runners
several times a second while they wait) and raises
:class:`~vvlab.sim.errors.SimulationCancelled` when it answers true.
"""

from __future__ import annotations

import multiprocessing
import shutil
import signal
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.errors import SimulationCancelled, SimulationError
from vvlab.sim.params import Chunk
from vvlab.sim.worker import ChunkTask, marker_name, play_chunk, pool_initializer

OnDone = Callable[[list[BlockRecord]], None]
Stop = Callable[[], bool]
"""Asked between chunks: true stops the run with :class:`SimulationCancelled`."""

POLL_SECONDS = 0.2
"""How often the pool and Dask runners look at Ctrl-C and ``stop()`` while waiting."""


def never() -> bool:
    """The default ``stop``: a run is never cancelled."""
    return False


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


def run_pool(
    task: ChunkTask, chunks: Sequence[Chunk], on_done: OnDone, workers: int, stop: Stop = never
) -> None:
    """Play the chunks in a pool of ``workers`` processes.

    A worker that dies raises :class:`SimulationError` naming the chunk it was playing.
    When ``stop()`` answers true, the chunks being played are abandoned (their worker
    processes ended) and :class:`SimulationCancelled` is raised.
    """
    context = multiprocessing.get_context(MP_START_METHOD)
    markers = tempfile.mkdtemp(prefix="vvlab-sim-")
    pool = ProcessPoolExecutor(workers, context, pool_initializer, (markers,))
    futures: dict[Future, Chunk] = {}
    done: set[int] = set()
    try:
        for chunk in chunks:
            futures[pool.submit(play_chunk, task, chunk)] = chunk
        pending = set(futures)
        with _deferred_sigint() as interrupted:
            while pending:
                _check(stop)
                finished, pending = wait(pending, timeout=POLL_SECONDS, return_when=FIRST_COMPLETED)
                for future in finished:
                    records = future.result()
                    on_done(records)
                    done.update(r.block for r in records)
                if interrupted.is_set():
                    break
            if interrupted.is_set():  # Ctrl-C always interrupts, even on the last chunk
                raise KeyboardInterrupt
    except BrokenProcessPool:
        pool.shutdown(wait=True)
        raise SimulationError(_died_message(markers, chunks, done, task), done) from None
    except BaseException:
        _stop(pool, futures)
        raise
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        shutil.rmtree(markers, ignore_errors=True)


@contextmanager
def _deferred_sigint() -> Iterator[threading.Event]:
    """Turn Ctrl-C into a flag the waiting loop checks between waits.

    A ``KeyboardInterrupt`` raised while ``concurrent.futures`` holds one of its locks
    can surface as ``RuntimeError: release unlocked lock`` instead; setting a flag in the
    handler and raising from the loop keeps Ctrl-C a clean interruption. Only the main
    thread can own signal handlers; elsewhere (and when SIGINT is ignored) nothing
    changes.
    """
    flag = threading.Event()
    previous = signal.getsignal(signal.SIGINT)
    if threading.current_thread() is not threading.main_thread() or previous in (
        signal.SIG_IGN,
        None,
    ):
        yield flag
        return
    signal.signal(signal.SIGINT, lambda signum, frame: flag.set())
    try:
        yield flag
    finally:
        signal.signal(signal.SIGINT, previous)


def _stop(pool: ProcessPoolExecutor, futures: dict[Future, Chunk]) -> None:
    """Cancel what has not started and end the worker processes now."""
    for future in futures:
        future.cancel()
    terminate = getattr(pool, "terminate_workers", None)  # Python >= 3.14
    if terminate is not None:
        terminate()
        return
    for process in list((getattr(pool, "_processes", None) or {}).values()):
        process.terminate()


def _died_message(markers: str, chunks: Sequence[Chunk], done: set[int], task: ChunkTask) -> str:
    by_name = {marker_name(c): c for c in chunks}
    dead = []
    for path in sorted(Path(markers).iterdir()):
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
    futures = {
        client.submit(play_chunk, task, c, key=f"vvlab-{token}-{marker_name(c)}", pure=False): c
        for c in chunks
    }
    done: set[int] = set()
    arriving = as_completed(futures)
    try:
        while not arriving.is_empty():
            _check(stop)
            if not arriving.has_ready():
                time.sleep(POLL_SECONDS / 4)
                continue
            for future in arriving.next_batch(block=False):
                records = _dask_records(future, futures[future], done)
                on_done(records)
                done.update(r.block for r in records)
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
