"""One widget message at a time.

JupyterLab (4.4 and later, by default: the setting "Kernel Comms over subshells" is
"perCommTarget") sends widget messages to a kernel subshell, a thread of its own,
once a widget's subshell has started, and to the main shell before: the kernel then
handles the messages of two widgets in two threads at once. Our widgets' state (the
editor's city and its history, the play widget's game, a plotly figure being redrawn)
is changed by one handler at a time, as ipywidgets did before subshells; two at once
interleave half-done edits (seen in the browser: the click on a line's Apply and the
pick of the next line, handled at the same moment in two threads).

:func:`one_at_a_time` makes every widget's message handler take one lock of the
process (re-entrant: a handler that causes another runs it at once). A job's thread
that changes a widget's state when it ends takes the same lock (:data:`LOCK`). Cells
that run in the main shell do not take it: they run while a widget is used, as before.
"""

from __future__ import annotations

import threading
from functools import wraps
from typing import Any

import ipywidgets as w

__all__ = ["LOCK", "one_at_a_time"]

LOCK = threading.RLock()
"""Held while a widget message is handled (and while a job hands over its result)."""


def one_at_a_time() -> None:
    """Make every ipywidgets widget handle its messages under :data:`LOCK` (once per
    process; calling again changes nothing).

    >>> one_at_a_time(); one_at_a_time()
    >>> getattr(w.Widget._handle_msg, "vvlab_serial", False)
    True
    """
    handle = w.Widget._handle_msg
    if getattr(handle, "vvlab_serial", False):
        return

    @wraps(handle)
    def serial(self: w.Widget, msg: Any) -> Any:
        with LOCK:
            return handle(self, msg)

    serial.vvlab_serial = True  # type: ignore[attr-defined]
    w.Widget._handle_msg = serial
