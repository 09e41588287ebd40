"""Signals during a run: Ctrl-C, SIGTERM and SIGHUP (a closed terminal) stop it cleanly.

:func:`interrupt_signals` (around a whole run) makes SIGTERM and SIGHUP raise
:class:`~vvlab.sim.errors.SimulationInterrupted`, as Ctrl-C raises
``KeyboardInterrupt``, so that the run stops its workers and says what it kept instead
of dying on the spot; :func:`deferred_interrupts` (while a process pool runs) turns all
three into a flag instead; :func:`blocked` holds them back while worker processes start.
A program's own handlers for SIGTERM and SIGHUP are left alone, and only the main thread
handles signals.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from vvlab.sim.errors import SimulationInterrupted

INTERRUPTING: tuple[int, ...] = tuple(
    getattr(signal, name) for name in ("SIGINT", "SIGTERM", "SIGHUP") if hasattr(signal, name)
)
"""Signals that stop a run as Ctrl-C does: SIGINT, SIGTERM and SIGHUP (a closed
terminal). The parent blocks them while it starts pool workers; each worker unblocks
them once its own handlers are in place (:func:`vvlab.sim.worker.pool_initializer`)."""


class Interrupt:
    """The first interrupting signal received while a pool runs."""

    signum: int | None = None

    def note(self, signum: int, frame: Any) -> None:
        self.signum = self.signum or signum

    def error(self) -> SimulationInterrupted:
        return _interrupted(self.signum or signal.SIGINT)


def _interrupted(signum: int) -> SimulationInterrupted:
    return SimulationInterrupted(f"interrupted by {signal.Signals(signum).name}", signum=signum)


def _raise_interrupt(signum: int, frame: Any) -> None:
    raise _interrupted(signum)


def _takes_over(signum: int, handler: Any) -> bool:
    """Whether a run handles ``signum`` instead of ``handler``: SIGINT unless ignored;
    SIGTERM and SIGHUP only where they would end the process at once (their default),
    so that a program's own handlers are left alone."""
    if handler in (signal.SIG_IGN, None):
        return False
    return signum == signal.SIGINT or handler in (signal.SIG_DFL, _raise_interrupt)


@contextmanager
def _handling(signums: Sequence[int], handler: Callable[[int, Any], None]) -> Iterator[None]:
    """Handle the ``signums`` that a run takes over (see :func:`_takes_over`) with
    ``handler``, then restore the previous handlers; only the main thread can."""
    previous: dict[int, Any] = {}
    try:
        if threading.current_thread() is threading.main_thread():
            for signum in signums:
                current = signal.getsignal(signum)
                if _takes_over(signum, current):
                    previous[signum] = current
                    signal.signal(signum, handler)
        yield
    finally:
        for signum, old in previous.items():
            signal.signal(signum, old)


@contextmanager
def interrupt_signals() -> Iterator[None]:
    """While a run goes, SIGTERM and SIGHUP (a closed terminal) raise
    :class:`SimulationInterrupted` as Ctrl-C raises ``KeyboardInterrupt``, so that the
    run stops its workers and says what it kept instead of dying on the spot."""
    with _handling([s for s in INTERRUPTING if s != signal.SIGINT], _raise_interrupt):
        yield


@contextmanager
def deferred_interrupts() -> Iterator[Interrupt]:
    """Turn Ctrl-C, SIGTERM and SIGHUP into a flag the waiting loop checks between waits.

    A ``KeyboardInterrupt`` raised while ``concurrent.futures`` holds one of its locks
    can surface as ``RuntimeError: release unlocked lock`` instead; noting the signal in
    the handler and raising from the loop keeps it a clean interruption. Only the main
    thread can own signal handlers; elsewhere (and for ignored signals) nothing changes.
    """
    interrupt = Interrupt()
    with _handling(INTERRUPTING, interrupt.note):
        yield interrupt


@contextmanager
def blocked(signums: Sequence[int], block: bool = True) -> Iterator[None]:
    """Hold back ``signums`` in this thread while worker processes start: they inherit
    the blocked signals and unblock them once their own handlers are set. (Not with
    the forkserver, which would keep them blocked for good.)"""
    if not block or not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, signums)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
