"""Never a silent wait: a note while the kernels compile.

numba compiles a kernel the first time it runs after an install, then loads it from
its disk cache in well under a second. Work that may compile runs inside
:func:`first_use`: when it takes longer than :data:`THRESHOLD` seconds, the user is
told while it happens, with the elapsed time, and once more when it is done. The note
goes to standard error (one line, updated in place on a terminal), or to whatever
:func:`notes_to` names, such as a widget's status line.

``vvlab warm`` (:func:`vvlab.sim.fast.warm`) compiles the usual kernels once after an
install, so that a user's first run does not wait at all.

Examples
--------
>>> import time
>>> seen = []
>>> with notes_to(lambda text, done: seen.append((text, done))):
...     with first_use("example", about=3, threshold=0.05):
...         time.sleep(0.2)
>>> seen[0][0].startswith("vvlab: compiling the simulator, first run after an install")
True
>>> seen[-1]
('vvlab: compiling the simulator, first run after an install (about 3 s)… 0 s', True)
>>> with notes_to(lambda text, done: seen.append(text)):
...     with first_use("example", about=3, threshold=0.05):  # not the first use
...         time.sleep(0.2)
>>> len([s for s in seen if isinstance(s, str)])
0
"""

from __future__ import annotations

import contextlib
import sys
import threading
import time
from collections.abc import Callable, Hashable, Iterator

__all__ = [
    "NOTE",
    "THRESHOLD",
    "Show",
    "compiling",
    "first_use",
    "notes_to",
    "waiting",
    "was_used",
]

NOTE = "vvlab: compiling the simulator, first run after an install (about {about} s)…"
"""The note; ``about`` is the expected compile time on one core, in seconds."""

THRESHOLD = 2.0
"""Seconds of silence allowed before the note appears."""

Show = Callable[[str, bool], None]
"""Where a note goes: ``show(text, done)``, called when the note appears, every second
after with the elapsed time, and at the end with ``done=True``."""

_SHOWS = threading.local()  # .stack: this thread's notes_to targets, the innermost last
_USED: set[Hashable] = set()


@contextlib.contextmanager
def notes_to(show: Show) -> Iterator[None]:
    """Within this block, notes of work done in this thread go to ``show`` instead of
    standard error (the innermost block wins)."""
    stack = _SHOWS.__dict__.setdefault("stack", [])
    stack.append(show)
    try:
        yield
    finally:
        stack.remove(show)


def was_used(key: Hashable) -> bool:
    """Whether :func:`first_use` of ``key`` has finished in this process."""
    return key in _USED


@contextlib.contextmanager
def first_use(key: Hashable, about: float, threshold: float = THRESHOLD) -> Iterator[None]:
    """:func:`compiling` the first time ``key`` is used in this process; later, nothing.
    ``key`` counts as used once the block finishes without an error."""
    if key in _USED:
        yield
        return
    with compiling(about, threshold):
        yield
    _USED.add(key)


@contextlib.contextmanager
def compiling(about: float, threshold: float = THRESHOLD) -> Iterator[None]:
    """Around work that may compile: :func:`waiting` with :data:`NOTE`."""
    with waiting(NOTE.format(about=max(1, round(about))), threshold):
        yield


@contextlib.contextmanager
def waiting(note: str, threshold: float = THRESHOLD) -> Iterator[None]:
    """Around a long wait: ``note`` (ending in ``…``, within 80 columns) after
    ``threshold`` seconds, the elapsed time every second after, and the total at the
    end (only if the note appeared)."""
    start, stop = time.perf_counter(), threading.Event()
    target, shown = _target(), []

    def watch() -> None:
        if stop.wait(threshold):
            return
        shown.append(target)
        while True:
            shown[0](f"{note} {time.perf_counter() - start:.0f} s", False)
            if stop.wait(1.0):
                return

    watcher = threading.Thread(target=watch, name="vvlab-compile-note", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        stop.set()
        watcher.join()
        if shown:
            shown[0](f"{note} {time.perf_counter() - start:.0f} s", True)


def _target() -> Show:
    """Where this thread's notes go (see :func:`notes_to`)."""
    stack = getattr(_SHOWS, "stack", None)
    return stack[-1] if stack else _to_stderr()


def _to_stderr() -> Show:
    """One line on standard error: rewritten in place on a terminal with the elapsed
    time; elsewhere (a log, a pipe) the note when it appears, finished when done."""
    stream = sys.stderr
    live = bool(getattr(stream, "isatty", lambda: False)())
    started: list[bool] = []

    def show(text: str, done: bool) -> None:
        if live:
            stream.write("\r" + text + ("\n" if done else ""))
        elif not started:
            started.append(True)
            stream.write(text[: text.rindex("…") + 1])
        if done and not live:
            stream.write(text[text.rindex("…") + 1 :] + "\n")
        stream.flush()

    return show
