"""Simulating block by block so that a run can be cancelled: the engine of ``BalanceExplorer``.

:func:`simulate_cancellable` plays the same seed blocks as :func:`vvlab.simulate`, with
the same task and the same executors, a few chunks at a time; between two batches of
chunks it reports progress and looks at a cancel flag. Blocks decide the result, so a
finished run equals ``vvlab.simulate`` with the same parameters (``equals``).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timezone
from typing import Any

from vvlab.sim.blocks import BlockRecord
from vvlab.sim.engines import block_player, check_engine, engine_name
from vvlab.sim.executors import run_chunks
from vvlab.sim.params import (
    RunSpec,
    auto_chunk_blocks,
    check_sendable,
    check_workers,
    plan_chunks,
    prepare_run,
)
from vvlab.sim.result import SimulationResult
from vvlab.sim.worker import ChunkTask

Progress = Callable[[int, int], None]
"""Called as ``progress(games_done, games_total)`` after every batch of chunks."""


class Cancelled(Exception):
    """A run was cancelled between two batches of blocks; nothing of it is kept."""


def is_set(cancel: Any) -> bool:
    """Whether a cancel flag is raised: a ``threading.Event``, a callable or a bool.

    >>> import threading
    >>> is_set(None), is_set(threading.Event()), is_set(lambda: True), is_set(True)
    (False, False, True, True)
    """
    if cancel is None:
        return False
    if isinstance(cancel, threading.Event):
        return cancel.is_set()
    if callable(cancel):
        return bool(cancel())
    return bool(cancel)


class BlockRunner:
    """One checked run, played a batch of chunks at a time.

    Parameters
    ----------
    city, players, bots, games, seed, ruleset
        As for :func:`vvlab.simulate`; checked here (``ValueError`` on a mistake).
    workers
        Processes (1 plays in this process); a batch holds one chunk per worker and
        has a process pool of its own, so cancelling waits for at most one batch.
    engine
        ``"auto"``, ``"reference"`` or ``"fast"``.

    Examples
    --------
    >>> import vvlab
    >>> runner = BlockRunner("tutorial", 1, ["greedy"], 300, seed=4)
    >>> runner.games, len(runner.chunks)
    (300, 2)
    >>> res = runner.run()
    >>> res.equals(vvlab.simulate("tutorial", 1, ["greedy"], 300, seed=4, workers=1,
    ...                           progress=False))
    True
    """

    def __init__(
        self,
        city: Any,
        players: int,
        bots: Sequence[Any],
        games: int,
        seed: int,
        ruleset: Any = "voll-verplant",
        workers: int = 1,
        engine: str = "auto",
    ):
        self.spec: RunSpec = prepare_run(city, players, list(bots), games, seed, ruleset)
        self.workers = check_workers(workers)
        check_sendable(self.spec, self.workers, None)
        self.engine = engine_name(block_player(self.spec.bots, check_engine(engine)))
        self.task = ChunkTask.from_spec(self.spec, engine)
        size = auto_chunk_blocks(self.spec.blocks, self.workers)
        self.chunk_blocks = size
        self.chunks = plan_chunks(self.spec, range(self.spec.blocks), size)

    @property
    def games(self) -> int:
        return self.spec.games

    def run(
        self, progress: Callable[[int], None] | None = None, cancel: Any = None
    ) -> SimulationResult:
        """Play every chunk; ``progress(games)`` after each batch with the games just
        finished. Raises :class:`Cancelled` when ``cancel`` is raised between batches."""
        records: dict[int, BlockRecord] = {}
        started, clock = datetime.now(timezone.utc), time.perf_counter()
        executors = set()
        for start in range(0, len(self.chunks), self.workers):
            if is_set(cancel):
                raise Cancelled(f"cancelled after {len(records)} of {self.spec.blocks} blocks")
            batch = self.chunks[start : start + self.workers]
            finished: list[BlockRecord] = []
            executors.add(run_chunks(self.task, batch, finished.extend, self.workers))
            records.update((r.block, r) for r in finished)
            if progress is not None:
                progress(sum(r.games for r in finished))
        execution = {
            "engine": self.engine,
            "workers": self.workers,
            "chunk_blocks": self.chunk_blocks,
            "resumed_blocks": 0,
            "executor": "process pool" if "process pool" in executors else "serial",
            "chunks": len(self.chunks),
            "started": started.isoformat(timespec="seconds"),
            "seconds": round(time.perf_counter() - clock, 3),
            "cancellable": True,
        }
        return SimulationResult.from_records(list(records.values()), self.spec, execution)


def simulate_cancellable(
    runs: Sequence[dict[str, Any]],
    progress: Progress | None = None,
    cancel: Any = None,
    workers: int = 1,
) -> list[SimulationResult]:
    """Simulate several runs in order, cancellable between batches of blocks.

    Parameters
    ----------
    runs
        Keyword arguments of :class:`BlockRunner` per run (``city``, ``players``,
        ``bots``, ``games``, ``seed``, ``ruleset``). All are checked before a game is
        played.
    progress
        ``progress(done, total)`` in games over all runs, after every batch.
    cancel
        A ``threading.Event``, a callable or a bool; raised: stop with
        :class:`Cancelled`.
    workers
        Processes per run.

    Examples
    --------
    >>> runs = [dict(city="tutorial", players=p, bots=["random"], games=20, seed=1)
    ...         for p in (1, 2)]
    >>> seen = []
    >>> [r.players for r in simulate_cancellable(runs, lambda d, t: seen.append((d, t)))]
    [1, 2]
    >>> seen
    [(20, 40), (40, 40)]
    >>> simulate_cancellable(runs, cancel=True)
    Traceback (most recent call last):
    ...
    vvlab.widgets.explorer_run.Cancelled: cancelled after 0 of 1 blocks
    """
    runners = [BlockRunner(**kw, workers=workers) for kw in runs]
    total, done = sum(r.games for r in runners), 0

    def step(games: int) -> None:
        nonlocal done
        done += games
        if progress is not None:
            progress(done, total)

    return [runner.run(step, cancel) for runner in runners]
