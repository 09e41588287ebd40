"""A long action of a view, run where the user sees it: :class:`Job`.

Printing a sheet, tidying the layout, a quick balance, "Balance for me", comparing
with a saved city: each can take from a second to a minute. A :class:`Job` runs one
such action in a thread of its own and shows, beside the button that started it, a
progress bar, a Cancel button and its own message area (it wraps and grows: a message
is never cut).

The action comes in two parts. ``work(step, cancelled)`` does the long part and changes
nothing the user has: it reports its progress with ``step(done, total)`` and looks at
``cancelled()`` between steps (or passes both on, as ``progress=`` and ``cancel=`` of
:func:`vvlab.simulate`). ``finish(result)`` then applies the result (moves the
stations, writes the file) and returns what to say. Cancel stops the job at once for
the user: the message says so, the buttons are free again, and ``finish`` is never
called for a cancelled job, so the city (and every file) stays as it was; a ``work``
still running is left to end at its next look at ``cancelled()``.

``listeners`` are called with ``(done, total)`` at every step, in the job's thread:
tests use them to cancel after a given amount of work, never after a time.

Examples
--------
>>> import ipywidgets as w
>>> job = Job(w.Button(description="Count"), "counting", background=False)
>>> def work(step, cancelled):
...     for k in range(1, 4):
...         step(k, 3)
...     return 3
>>> job.start(work, lambda n: f"counted to {n}")
>>> job.message.value
'<span style="color:#1B5E20">counted to 3</span>'
>>> job.listeners.append(lambda done, total: job.cancel() if done == 1 else None)
>>> job.start(work, lambda n: f"counted to {n}")
>>> job.message.value
'<span style="color:#1B5E20">cancelled counting: nothing changed</span>'
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from vvlab.widgets.controls import button, message_html
from vvlab.widgets.serial import LOCK

__all__ = ["Job", "message_area", "message_style"]

Step = Callable[[int, int], None]
Work = Callable[[Step, Callable[[], bool]], Any]
TICK_S = 1.0
"""How often the elapsed time in the message is brought up to date (display only)."""


MESSAGE_CLASS = "vvlab-message"
MESSAGE_CSS = (
    f"<style>.{MESSAGE_CLASS} > .widget-html-content "
    "{line-height: 1.4; white-space: normal; overflow-wrap: anywhere; padding: 2px 0}</style>"
)
"""Lines of a message at the text's own height (a widget's HTML has the height of a
button per line): put :func:`message_style` once in a view that has message areas."""


def message_area() -> w.HTML:
    """A message area: as wide as its place, wrapping, as tall as its text (never a
    fixed height that would cut a message).

    >>> area = message_area()
    >>> area.layout.height is None, MESSAGE_CLASS in area._dom_classes
    (True, True)
    """
    area = w.HTML(layout=w.Layout(width="100%", overflow="visible"))
    area.add_class(MESSAGE_CLASS)
    return area


def message_style() -> w.HTML:
    """The style of the message areas (:data:`MESSAGE_CSS`), as a widget that shows
    nothing itself."""
    return w.HTML(MESSAGE_CSS, layout=w.Layout(display="none"))


class Job:
    """A background action started by ``start_button``: its Cancel button, progress
    bar and message area (``controls`` go beside the button, ``message`` under it).

    Parameters
    ----------
    start_button
        The button that starts the action; disabled while the job runs.
    what
        The action in the user's words, as in "cancelled printing the sheet".
    describe
        An error of the action as a message (default ``str``).
    background
        Run in a thread (the default); ``False`` runs in the caller, for scripts.
    percent
        Show the progress as a share ("41 %") rather than as "256 of 600" (for work
        counted in units the user does not know, such as a layout's search).
    """

    def __init__(
        self,
        start_button: w.Button,
        what: str,
        *,
        describe: Callable[[Exception], str] = str,
        background: bool = True,
        percent: bool = False,
    ):
        self.start_button, self.what, self.describe = start_button, what, describe
        self.background, self.percent = background, percent
        self.cancel_button = button("Cancel", icon="stop")
        self.cancel_button.on_click(lambda _: self.cancel())
        self.progress = w.IntProgress(0, 0, 1, layout=w.Layout(width="140px"))
        self.controls = (self.cancel_button, self.progress)
        self.message = message_area()
        self.listeners: list[Step] = []
        self.thread: threading.Thread | None = None
        self._cancel, self._lock = threading.Event(), threading.Lock()
        self._run = 0  # which start the shown state belongs to
        self._started, self._done, self._total = 0.0, 0, 0
        self._show_idle()

    @property
    def running(self) -> bool:
        """True from ``start`` until the job finished, failed or was cancelled."""
        return not self.cancel_button.disabled

    def say(self, text: str, error: bool = False) -> None:
        """Show ``text`` in the job's message area."""
        self.message.value = message_html(text, error)

    def start(self, work: Work, finish: Callable[[Any], str]) -> None:
        """Run ``work`` (in the background), then ``finish`` on its result unless the
        job was cancelled meanwhile; a job already running is left alone."""
        with self._lock:
            if self.running:
                return
            self._run += 1
            self._cancel.clear()
            self._started, self._done, self._total = time.monotonic(), 0, 0
            self._show_running()
        run = self._run
        if not self.background:
            self._work(run, work, finish)
            return
        self.thread = threading.Thread(
            target=self._work, args=(run, work, finish), name=f"vvlab {self.what}", daemon=True
        )
        self.thread.start()
        threading.Thread(target=self._tick, args=(run,), daemon=True).start()

    def _work(self, run: int, work: Work, finish: Callable[[Any], str]) -> None:
        try:
            result = work(self._step, self._cancel.is_set)
        except Exception as err:  # a background thread has nobody else to tell
            self._finish(run, lambda failed=err: message_html(self.describe(failed), error=True))
        else:
            self._finish(run, lambda: message_html(finish(result)))

    def _finish(self, run: int, shown: Callable[[], str]) -> None:
        """Show what ``shown()`` says (it applies the result) unless the job ``run`` was
        cancelled or started again meanwhile. It changes the widget's state, so it waits
        for the widget message being handled (:data:`~vvlab.widgets.serial.LOCK`)."""
        with LOCK, self._lock:
            if run != self._run or self._cancel.is_set():
                return
            try:
                text = shown()
            except Exception as err:
                text = message_html(self.describe(err), error=True)
            self._end(text)

    def _step(self, done: int, total: int) -> None:
        """The work's progress: the bar and the message follow."""
        with self._lock:
            self._done, self._total = done, total
            if self.running and not self._cancel.is_set():
                self.progress.max, self.progress.value = max(total, 1), min(done, max(total, 1))
                self._show_progress()
        for listener in list(self.listeners):
            listener(done, total)

    def _tick(self, run: int) -> None:
        """Bring the elapsed time up to date while the job ``run`` goes on."""
        while not self._cancel.wait(TICK_S):
            with self._lock:
                if run != self._run or not self.running:
                    return
                self._show_progress()

    def _show_progress(self) -> None:
        seconds = int(time.monotonic() - self._started)
        done = f": {self._done} of {self._total}" if self._total else ""
        if self.percent and self._total:
            done = f": {100 * self._done // self._total} %"
        self.say(f"{self.what}{done}… {seconds} s (Cancel stops it)")

    def cancel(self) -> None:
        """Stop the job for the user: nothing of its result is applied."""
        with self._lock:
            if not self.running:
                return
            self._cancel.set()
            self._end(message_html(f"cancelled {self.what}: nothing changed"))

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the job's thread has ended (for scripts and tests)."""
        if self.thread is not None:
            self.thread.join(timeout)

    def _end(self, shown: str) -> None:
        self.message.value = shown
        self._show_idle()

    def _show_running(self) -> None:
        self.start_button.disabled, self.cancel_button.disabled = True, False
        self.progress.value, self.progress.max = 0, 1
        self.cancel_button.layout.display = self.progress.layout.display = None
        self._show_progress()

    def _show_idle(self) -> None:
        self.start_button.disabled, self.cancel_button.disabled = False, True
        self.cancel_button.layout.display = self.progress.layout.display = "none"
