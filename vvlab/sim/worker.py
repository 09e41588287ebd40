"""The unit of work sent to a worker: play a chunk of seed blocks, return their records.

:func:`play_chunk` is a module-level function with picklable arguments, so it runs the
same way in-process, in a process pool (fork or spawn) and on Dask workers. Errors of a
bot come back as :class:`~vvlab.bots.BotError` naming the bot, the player, the turn,
the move, the game (index in the run, block, index in the block) and the seed.
"""

from __future__ import annotations

import multiprocessing
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from vvlab.bots import BotError, make_bot
from vvlab.bots.base import bot_name
from vvlab.engine import Move, Ruleset
from vvlab.engine.view import PlayerView
from vvlab.model import CityMap, load_map
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.engines import block_player, engine_name
from vvlab.sim.interrupts import INTERRUPTING
from vvlab.sim.kept import Kept
from vvlab.sim.params import Chunk, RunSpec


@dataclass(frozen=True)
class ChunkTask:
    """Everything a worker needs besides the blocks: plain data and picklable bots.

    ``city`` is the map as a dict (``CityMap.to_dict``) and ``city_key`` its hash;
    ``bots`` holds a spec string or a bot object per seat.
    """

    city: dict[str, Any]
    city_key: str
    ruleset: dict[str, Any]
    bots: tuple[Any, ...]
    seed: int
    engine: str

    @classmethod
    def from_spec(cls, spec: RunSpec, engine: str) -> ChunkTask:
        """The task of a checked run (see :func:`vvlab.sim.params.prepare_run`)."""
        task = cls(spec.city.to_dict(), spec.map_sha256, spec.ruleset.to_dict(), spec.bots,
                   spec.seed, engine)  # fmt: skip
        _BUILT.put(_built_key(task), (spec.city, spec.ruleset))  # played here: not rebuilt
        return task


BUILT_KEPT = 4
"""Maps (with their ruleset) kept built per process: a balance verdict alternates
between a city and the same city with equal bonuses."""
_BUILT = Kept(BUILT_KEPT)


def _built_key(task: ChunkTask) -> str:
    return task.city_key + repr(task.ruleset)


def _city_and_ruleset(task: ChunkTask) -> tuple[CityMap, Ruleset]:
    """The map and ruleset objects, built once per process (the last few kept)."""
    return _BUILT.get(
        _built_key(task), lambda: (load_map(task.city), Ruleset.from_dict(task.ruleset))
    )


class _Where:
    """Which game of the block is being played (counted by seat 0's bot)."""

    game = -1


class _Seat:
    """Forwards to a bot; counts games and turns a crash into a ``BotError``."""

    def __init__(self, bot: Any, player: int, where: _Where):
        self.bot, self.player, self.where = bot, player, where
        self.name = bot_name(bot)

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        if self.player == 0 and view.turn == 1:
            self.where.game += 1
        try:
            return self.bot.choose(view, rng)
        except Exception as err:
            raise BotError(
                f"bot {self.name!r} (player {self.player}) failed on turn {view.turn}: "
                f"{type(err).__name__}: {err}"
            ) from err


def play_block(task: ChunkTask, block: int, games: int) -> BlockRecord:
    """Play the first ``games`` games of ``block`` with the task's bots and engine."""
    city, ruleset = _city_and_ruleset(task)
    player = block_player(task.bots, task.engine)
    if engine_name(player) == "fast":  # compiled: takes specs, reports its own errors
        return player(city, ruleset, task.bots, task.seed, block, games)
    where = _Where()
    bots = [_Seat(make_bot(b), p, where) for p, b in enumerate(task.bots)]
    try:
        return player(city, ruleset, bots, task.seed, block, games)
    except BotError as err:
        g = max(where.game, 0)
        raise BotError(
            f"{err}; in game {block * BLOCK_SIZE + g} of the run (block {block}, game {g} "
            f"of the block), seed {task.seed}"
        ) from err


# -- process pool workers: markers tell which chunk a dead worker was playing; a worker
# whose parent is gone removes the marker folder and exits --------------------------------
PARENT_DIED: int | None = getattr(signal, "SIGUSR1", None)
"""The signal Linux sends a pool worker when its parent dies. Not SIGTERM, which the
pool sends to stop its workers: while the dying parent's other threads end, the worker
still sees the parent's pid as its parent's, and only the signal tells it apart."""

_PR_SET_PDEATHSIG = 1  # from <linux/prctl.h>


PARENT_POLL_SECONDS = 0.5
"""How often a worker looks for its parent when the system cannot tell it: not on
Linux, and with the ``forkserver`` start method (whose server is the parent)."""

_MARKER_DIR: str | None = None
_MARKER: str | None = None
_PARENT: int | None = None


def pool_initializer(marker_dir: str) -> None:
    """Set up a pool worker: Ctrl-C and SIGHUP are the parent's business (it stops the
    workers); on SIGTERM (the pool stopping) remove the marker of the chunk being played.

    A worker must not outlive the process that started the pool (kill -9, a closed
    terminal): on Linux the kernel sends it :data:`PARENT_DIED` when its parent dies
    (``PR_SET_PDEATHSIG``); where that cannot tell (elsewhere, or when a forkserver is
    the parent) a thread looks for it twice a second; :func:`play_chunk` also looks
    between blocks. A worker that finds it gone removes the marker folder too, since
    the parent no longer can.
    """
    global _MARKER_DIR, _PARENT
    _MARKER_DIR, _PARENT = marker_dir, os.getppid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if hasattr(signal, "SIGHUP"):
        signal.signal(signal.SIGHUP, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_sigterm)
    if PARENT_DIED is not None:
        signal.signal(PARENT_DIED, _on_parent_death)
    started_by = multiprocessing.parent_process()
    if not _die_with_parent() or started_by is None or started_by.pid != _PARENT:
        threading.Thread(target=_watch_parent, name="vvlab-parent", daemon=True).start()
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, INTERRUPTING)
    leave_if_orphaned()  # the parent may have died before the kernel was asked to tell


def _die_with_parent() -> bool:
    """Ask Linux for :data:`PARENT_DIED` when the parent process dies; False where it
    cannot."""
    if not sys.platform.startswith("linux") or PARENT_DIED is None:
        return False
    try:
        import ctypes

        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(_PR_SET_PDEATHSIG, int(PARENT_DIED), 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent() -> None:
    while True:
        time.sleep(PARENT_POLL_SECONDS)
        leave_if_orphaned()


def parent_gone() -> bool:
    """True in a pool worker whose parent has died (it was given to another process),
    or the process that started the pool (through a forkserver)."""
    if _PARENT is None:
        return False
    if os.getppid() != _PARENT:
        return True
    started_by = multiprocessing.parent_process()
    return started_by is not None and not started_by.is_alive()


def leave_if_orphaned() -> None:
    """End a pool worker whose parent has died, removing the marker folder."""
    if parent_gone():
        _leave(1, orphaned=True)


_STOPPING = False
"""A SIGTERM came while this worker sent a result: it leaves before its next block."""


def _on_sigterm(signum: int, frame: Any) -> None:
    """Leave at once, unless a result is being sent: a message cut short in the pipe
    would leave the parent's pool waiting for its rest forever (a SIGTERM to the whole
    process group reaches workers at any moment); then leave before the next block, or
    at the next SIGTERM (the parent ends its workers with one)."""
    global _STOPPING
    if _sending(frame):
        _STOPPING = True
        return
    _leave(128 + signum, orphaned=parent_gone())


def _sending(frame: Any) -> bool:
    """Whether ``frame`` (or a caller) writes a message to a multiprocessing pipe."""
    while frame is not None:
        name = frame.f_code.co_name
        if frame.f_globals.get("__name__") == "multiprocessing.connection" and (
            name.startswith("_send") or name in ("send", "send_bytes")
        ):
            return True
        frame = frame.f_back
    return False


def _on_parent_death(signum: int, frame: Any) -> None:
    _leave(1, orphaned=True)


def _leave(code: int, orphaned: bool) -> None:
    """Remove this worker's marker (and the whole marker folder when the parent is
    gone: nobody else will) and exit at once."""
    if _MARKER:
        Path(_MARKER).unlink(missing_ok=True)
    if _MARKER_DIR and orphaned:
        shutil.rmtree(_MARKER_DIR, ignore_errors=True)
    os._exit(code)


def marker_name(chunk: Chunk) -> str:
    """File name of the marker of a chunk being played: ``chunk-<first>-<last>``."""
    return f"chunk-{chunk[0][0]:06d}-{chunk[-1][0]:06d}"


def play_chunk(task: ChunkTask, chunk: Chunk) -> list[BlockRecord]:
    """Play every block of a chunk; the records in block order.

    In a pool worker, a marker file (holding the process id) exists while the chunk is
    played: if the worker dies, the parent finds it and reports that chunk. Between
    blocks a pool worker whose parent has died exits (:func:`leave_if_orphaned`).

    Examples
    --------
    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> task = ChunkTask(city.to_dict(), "tutorial", vvlab.get_ruleset().to_dict(),
    ...                  ("random",), seed=1, engine="reference")
    >>> [(r.block, r.games) for r in play_chunk(task, ((0, 3), ))]
    [(0, 3)]
    """
    global _MARKER
    if _MARKER_DIR is not None:
        fd, _MARKER = tempfile.mkstemp(prefix=marker_name(chunk) + ".", dir=_MARKER_DIR)
        os.write(fd, str(os.getpid()).encode())
        os.close(fd)
    try:
        records = []
        for block, games in chunk:
            leave_if_orphaned()
            if _STOPPING:
                _leave(128 + signal.SIGTERM, orphaned=False)
            records.append(play_block(task, block, games))
        return records
    finally:
        if _MARKER:
            Path(_MARKER).unlink(missing_ok=True)
            _MARKER = None
