"""``simulate``: play many games with bots, in parallel, into a :class:`SimulationResult`."""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any

from vvlab.model.files import WriteRefused
from vvlab.model.steps import Cancel, cancel_check
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.engines import block_player, check_engine, engine_name
from vvlab.sim.errors import (
    OutputError,
    SimulationCancelled,
    SimulationError,
    SimulationInterrupted,
)
from vvlab.sim.executors import run_chunks
from vvlab.sim.interrupts import interrupt_signals
from vvlab.sim.memory import check_memory
from vvlab.sim.params import (
    Chunk,
    RunSpec,
    auto_chunk_blocks,
    cap_workers,
    check_int,
    check_sendable,
    check_workers,
    plan_chunks,
    prepare_run,
)
from vvlab.sim.result import SimulationResult
from vvlab.sim.store import RESUME_HINT, BlockStore, Finished
from vvlab.sim.worker import ChunkTask

Progress = bool | Callable[[int, int], Any]
"""``simulate``'s ``progress``: a tqdm bar (``True``), none (``False``), or a callable
``progress(games_done, games_total)`` called after every finished chunk."""


def simulate(
    city: Any,
    players: int = 1,
    bots: Any = None,
    games: int = 1000,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    workers: int | None = None,
    client: Any = None,
    progress: Progress = True,
    chunk_blocks: int | None = None,
    engine: str = "auto",
    out: str | os.PathLike[str] | None = None,
    resume: bool = False,
    cancel: Cancel = None,
) -> SimulationResult:
    """Play ``games`` games with bots and collect them in pandas frames.

    Games are seeded in blocks of 256 (``SeedSequence(seed).spawn``) and a block is the
    unit of work, so the result is the same for any ``workers``, ``chunk_blocks``, in
    process, in a process pool or on Dask; and the first games of a run do not depend
    on how many games it has. Every parameter is checked before any game is played.

    Parameters
    ----------
    city
        A built-in map name, a path to a map file, a map dict or a ``CityMap``.
    players
        Players per game, 1-6.
    bots
        One bot per player: spec strings (``"random"``, ``"greedy"``,
        ``"lookahead:depth=2"``), bot objects or functions ``(view, rng) -> Move``
        (see :mod:`vvlab.bots`). One bot (or a list of one) plays every seat; the
        default is ``"random"``. Bots must not carry state from game to game that
        changes their moves, or results would depend on how the work was split.
    games
        Number of games, 1 to ``vvlab.sim.params.MAX_GAMES`` (10**9). Without ``out``
        the frames must fit in a quarter of the machine's memory
        (``vvlab.sim.memory.MEMORY_SHARE``); with ``out`` memory stays bounded.
    seed
        The run's seed, 0 to 2**63 - 1.
    ruleset
        ``"voll-verplant"``, ``"metro-x"``, a ruleset ``.json`` file or a ``Ruleset``.
    workers
        Processes: ``None`` uses every core, 1 plays in this process. Bot objects must
        pickle to go to other processes. At most the cores and the blocks to play are
        used (a warning says when ``workers`` was lowered; the execution metadata
        records ``workers`` and ``workers_requested``). With ``client``, sets the
        chunking only.
    client
        A ``dask.distributed.Client``: play the chunks on its cluster instead.
    progress
        ``True`` shows a progress bar (tqdm; a widget in notebooks), ``False`` none; a
        callable is called as ``progress(games_done, games_total)`` after every
        finished chunk (``games_done`` includes resumed games), e.g. to drive a
        widget's own progress bar.
    chunk_blocks
        Blocks per task; by default about four tasks per worker, at most 16 blocks.
    engine
        ``"auto"`` (the compiled fast path when every bot has one), ``"reference"``
        or ``"fast"``.
    out
        A folder to keep finished blocks in as they complete, and the results as
        parquet at the end (see :meth:`SimulationResult.to_parquet`), written from
        the blocks a row group at a time; the block cache (``out/_blocks``) is removed
        once the results are written. It must be new or empty unless ``resume`` is
        set. Memory stays bounded: the returned result reads its frames from ``out``
        on first access.
    resume
        Continue the run saved in ``out`` (same parameters, else an error): only the
        missing blocks are played; the result equals an uninterrupted run.
    cancel
        A ``threading.Event`` (or a callable returning ``True``) that stops the run
        when set: it is looked at between blocks in process, between chunks and
        several times a second in a process pool or on Dask. Set it from another
        thread (a widget's button) or from ``progress``.

    Returns
    -------
    SimulationResult

    Raises
    ------
    ValueError
        Bad parameters, unknown bots or ruleset, unpicklable bots with workers > 1,
        resuming a different run, more than ``MAX_GAMES`` games, frames too big for
        memory without ``out``.
    vvlab.sim.RunFolderError
        A file in ``out`` belongs to another run, was changed, or was written by an
        older vvlab (a ``ValueError``; the message names the file and what to do).
    vvlab.bots.BotError
        A bot returned an illegal move or crashed (names bot, player, turn, move,
        game and seed).
    SimulationError
        A worker process died (names the chunk's blocks); finished blocks are kept.
        Its subclass ``OutputError``: ``out`` cannot be written (no permission, a full
        disk); the message says what is kept there.
    SimulationCancelled
        ``cancel`` was set; a :class:`SimulationError` whose ``records`` hold the
        finished blocks, also kept in ``out`` when it was given (resumable).
    SimulationInterrupted
        Ctrl-C, or SIGTERM or SIGHUP (a closed terminal) where the program has no
        handler of its own for them (its ``signum`` says which); finished blocks are
        kept in ``out``, the message says how to resume. Worker processes never
        outlive the run, even when this process is killed.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=500, seed=1, workers=1,
    ...                      progress=False)
    >>> res.games.groupby("player")["score"].mean().round(2).tolist()
    [12.89, 12.53]
    >>> res.lines.groupby("line", observed=True)["completed"].mean().round(2).tolist()
    [0.8, 0.85, 0.87, 0.99]
    >>> res.summary().loc[(0, "random", "score"), ["games", "min", "max"]].tolist()
    [500, 7, 19]

    Progress and cancelling, e.g. from a widget (here: stop after the first block):

    >>> import threading
    >>> stop, seen = threading.Event(), []
    >>> def progress(done, total):
    ...     seen.append((done, total))
    ...     stop.set()
    >>> vvlab.simulate("tutorial", games=600, workers=1, progress=progress, cancel=stop)
    Traceback (most recent call last):
    ...
    vvlab.sim.errors.SimulationCancelled: simulation cancelled: 1 of 3 blocks (256 of 600 games) ...
    >>> seen
    [(256, 600)]
    """
    spec = prepare_run(city, players, bots, games, seed, ruleset)
    if out is None:
        check_memory(spec)
    asked = workers
    workers = check_workers(workers) if client is None else _dask_workers(client, workers)
    if chunk_blocks is not None:
        chunk_blocks = check_int("chunk_blocks", chunk_blocks, 1)
    check_sendable(spec, workers, client)
    stop, progress = cancel_check(cancel), check_progress(progress)
    used = engine_name(block_player(spec.bots, check_engine(engine)))
    if resume and out is None:
        raise ValueError("resume=True needs out=FOLDER, the folder of the interrupted run")
    records = Finished(spec)
    store: BlockStore | None = None
    with interrupt_signals():  # SIGTERM, SIGHUP: as Ctrl-C
        try:
            store = _open_store(out, spec, resume) if out is not None else None
            if store is not None and store.is_complete():
                return store.result()
            if store is not None:
                records = store.load(spec)
            return _run(spec, records, store, workers, asked, client, chunk_blocks, engine,
                        used, progress, stop)  # fmt: skip
        except KeyboardInterrupt as err:  # Ctrl-C (or a signal) while planning, playing, writing
            raise _interrupted(err, spec, records, store) from None


def _run(
    spec: RunSpec,
    records: Finished,
    store: BlockStore | None,
    workers: int,
    asked: int | None,
    client: Any,
    chunk_blocks: int | None,
    engine: str,
    used: str,
    progress: Progress,
    stop: Callable[[], bool],
) -> SimulationResult:
    """Plan the blocks still to play, play them, and return (or write) the results."""
    todo = records.missing()
    if client is None:
        workers = cap_workers(workers, len(todo), asked)
    size = chunk_blocks or auto_chunk_blocks(len(todo), workers)
    chunks = plan_chunks(spec, todo, size)
    if client is None:
        workers = max(1, min(workers, len(chunks)))
    execution = {
        "engine": used,
        "workers": workers,
        "chunk_blocks": size,
        "resumed_blocks": len(records),
    }
    if client is None and asked is not None and workers < asked:
        execution["workers_requested"] = asked
    task = ChunkTask.from_spec(spec, engine)
    if used == "fast" and client is None and chunks:
        from vvlab.sim.fast import warm_for

        warm_for(spec.city, spec.ruleset, spec.bots)  # here, before any bar or worker
    execution |= _play(task, spec, chunks, records, store, workers, client, progress, stop)
    if store is None:
        return SimulationResult.from_records(list(records.values()), spec, execution)
    return _finish(store, spec, execution, records)


def _play(
    task: ChunkTask,
    spec: RunSpec,
    chunks: Sequence[Chunk],
    records: Finished,
    store: BlockStore | None,
    workers: int,
    client: Any,
    progress: Progress,
    stop: Callable[[], bool],
) -> dict[str, Any]:
    """Play the chunks into ``records`` (and ``store``) and report progress; turn
    cancelling, dead workers and blocks that cannot be written into errors that say
    what was kept (:func:`simulate` does so for Ctrl-C). Returns execution details."""
    started, clock = datetime.now(timezone.utc), time.perf_counter()
    report = None if isinstance(progress, bool) else progress
    with _progress_bar(spec.games, _games(records), progress is True) as bar:

        def on_done(finished: list[BlockRecord]) -> None:
            for record in finished:
                if store is not None:
                    _save(store, record)
                records[record.block] = record
            bar.update(sum(r.games for r in finished))
            if report is not None:
                report(_games(records), spec.games)

        try:
            executor = run_chunks(task, chunks, on_done, workers, client, stop)
        except SimulationCancelled:
            msg = "simulation cancelled: " + _kept(spec, records, store)
            kept = records.values() if store is None else ()  # with out=, on disk
            raise SimulationCancelled(msg, records, kept) from None
        except SimulationError as err:  # a dead worker, a full disk (OutputError)
            msg = f"{err}; {_kept(spec, records, store)}"
            raise type(err)(msg, records) from err.__cause__
    return {
        "executor": executor,
        "chunks": len(chunks),
        "started": started.isoformat(timespec="seconds"),
        "seconds": round(time.perf_counter() - clock, 3),
    }


def check_progress(progress: Any) -> Progress:
    """``progress`` itself if it is a bool or a callable, else a ``TypeError``."""
    if isinstance(progress, bool) or callable(progress):
        return progress
    raise TypeError(
        "progress must be True, False or a callable progress(games_done, games_total), "
        f"not {type(progress).__name__}"
    )


def _games(records: Finished) -> int:
    return records.games


def _open_store(out: str | os.PathLike[str], spec: RunSpec, resume: bool) -> BlockStore:
    """The run folder (:meth:`BlockStore.open`); one that cannot be made or written is
    an :class:`OutputError`."""
    try:
        return BlockStore.open(out, spec, resume)
    except FileExistsError:  # a folder holding something else: the store's own message
        raise
    except (OSError, WriteRefused) as err:
        raise OutputError(
            f"cannot write the run folder {os.fspath(out)}: {_reason(err)}; give out= "
            "(command line: --out) a folder you can write"
        ) from err


def _save(store: BlockStore, record: BlockRecord) -> None:
    try:
        store.save([record])
    except (OSError, WriteRefused) as err:
        msg = f"cannot write block {record.block} to {store.folder}: {_reason(err)}"
        raise OutputError(msg) from err


def _finish(
    store: BlockStore, spec: RunSpec, execution: dict[str, Any], records: Finished
) -> SimulationResult:
    """Write the results; when that fails every block is still in the block cache."""
    try:
        return store.finish(spec, execution, records.__getitem__)
    except (OSError, WriteRefused) as err:
        raise OutputError(
            f"cannot write the results to {store.folder}: {_reason(err)}; all {spec.blocks} "
            f"blocks are finished and kept in {store.folder}: run it again with {RESUME_HINT} "
            "to write the results",
            records,
        ) from err


def _reason(err: OSError | WriteRefused) -> str:
    """``No space left on device``, with the file when the error names one."""
    reason = getattr(err, "strerror", None) or str(err)
    filename = getattr(err, "filename", None)
    return f"{reason} ({filename})" if filename else reason


def _interrupted(
    err: KeyboardInterrupt,
    spec: RunSpec,
    records: Finished,
    store: BlockStore | None,
) -> SimulationInterrupted:
    """The :class:`SimulationInterrupted` of a run stopped by Ctrl-C or ``err.signum``."""
    signum = getattr(err, "signum", signal.SIGINT)
    how = "" if signum == signal.SIGINT else f" by {signal.Signals(signum).name}"
    if store is not None and len(records) == spec.blocks:  # resuming only writes the files
        how += " while writing the results"
    return SimulationInterrupted(
        f"simulation interrupted{how}: {_kept(spec, records, store)}", records, signum
    )


def _kept(spec: RunSpec, records: Finished, store: BlockStore | None) -> str:
    done = f"{len(records)} of {spec.blocks} blocks ({_games(records)} of {spec.games} games)"
    if store is None and not records:
        return f"no block of {spec.blocks} was finished"
    if store is None:
        return f"{done} were finished but not kept: give out=FOLDER to keep them and resume"
    return (
        f"{done} are finished and kept in {store.folder}; run it again with {RESUME_HINT} "
        "to play only the rest"
    )


def _dask_workers(client: Any, workers: int | None) -> int:
    if not hasattr(client, "submit"):
        raise TypeError(f"client must be a dask.distributed.Client, not {type(client).__name__}")
    if workers is not None:
        return check_int("workers", workers, 1)
    return max(1, sum(client.nthreads().values()))


def _progress_bar(total: int, initial: int, enabled: bool) -> Any:
    """A tqdm bar counting games (a widget in notebooks); no monitor thread, so that
    process-pool workers are never forked while another thread runs."""
    from tqdm.auto import tqdm

    from vvlab.sim.bars import visible

    class Bar(tqdm):  # type: ignore[misc, valid-type]
        monitor_interval = 0

    return Bar(
        total=total,
        initial=initial,
        unit="game",
        desc="simulate",
        disable=not (enabled and visible()),  # no bar where nobody sees it
        dynamic_ncols=True,
    )
