"""Widget messages are handled one at a time, whichever thread they arrive on
(JupyterLab sends them over kernel subshells: see ``vvlab.widgets.serial``)."""

from __future__ import annotations

import threading

import pytest

pytest.importorskip("ipywidgets")

import ipywidgets as w

from vvlab.widgets import controls  # noqa: F401  (installs the lock)
from vvlab.widgets.serial import LOCK


def _update(widget: w.Widget, **state: object) -> None:
    message = {"method": "update", "state": state, "buffer_paths": []}
    widget._handle_msg({"content": {"data": message}, "buffers": []})


def test_two_threads_handle_their_messages_one_after_the_other() -> None:
    """A handler that is busy is not entered by a message arriving on another thread
    meanwhile: the first handler waits (up to a second) for the second to have run,
    which it can only do once the first is out."""
    first, second = w.IntText(0), w.IntText(0)
    inside: list[str] = []
    first_in, second_ran = threading.Event(), threading.Event()

    def busy(change: object) -> None:
        inside.append("first in")
        first_in.set()
        second_ran.wait(1)
        inside.append("first out")

    first.observe(busy, names="value")
    second.observe(lambda change: (inside.append("second"), second_ran.set()), names="value")
    worker = threading.Thread(target=lambda: _update(first, value=1))
    worker.start()
    first_in.wait(10)
    other = threading.Thread(target=lambda: _update(second, value=2))
    other.start()
    worker.join(10)
    other.join(10)
    assert inside == ["first in", "first out", "second"]


def test_a_handler_may_cause_another_message_on_its_own_thread() -> None:
    """The lock is re-entrant: a handler that hands a widget a message runs it."""
    a, b = w.IntText(0), w.IntText(0)
    a.observe(lambda change: _update(b, value=change["new"] * 10), names="value")
    _update(a, value=4)
    assert b.value == 40 and LOCK.acquire(blocking=False)
    LOCK.release()
