"""Long computations that report their progress and can be stopped: :class:`Steps`.

Every long computation of vvlab takes the same two options, those of
:func:`vvlab.simulate`: ``progress``, a callable told ``progress(done, total)`` after
each unit of work, and ``cancel``, a ``threading.Event`` or a callable answering
``True`` to stop. The computation looks at ``cancel`` between units of work (counted
by work, never by the clock) and stops by raising :class:`Cancelled`, so that nothing
half-made is returned; :class:`~vvlab.sim.errors.SimulationCancelled` is one.

A view (a widget's Cancel button) sets the flag from another thread; the computation
stops within one unit of work after it.

Examples
--------
>>> seen = []
>>> def count(progress=None, cancel=None):
...     step = Steps(progress, cancel, "counting")
...     for k in range(1, 6):
...         step(k, 5)  # one unit done: tell, then stop here if asked to
...     return "done"
>>> count(progress=lambda done, total: seen.append(done))
'done'
>>> seen.clear()
>>> count(progress=lambda done, total: seen.append(done), cancel=lambda: len(seen) >= 2)
Traceback (most recent call last):
...
vvlab.model.steps.Cancelled: counting cancelled
>>> seen
[1, 2]
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

__all__ = ["Cancel", "Cancelled", "Steps", "cancel_check", "never"]

Cancel = threading.Event | Callable[[], bool] | None
"""A computation's ``cancel``: a ``threading.Event`` or a callable answering ``True``
to stop; looked at between units of work."""

Report = Callable[[int, int], Any]
"""A computation's ``progress`` callable: ``progress(done, total)``."""


class Cancelled(Exception):
    """A long computation stopped because its caller's ``cancel`` asked it to."""


def never() -> bool:
    """The default ``cancel``: a computation is never stopped."""
    return False


def cancel_check(cancel: Cancel) -> Callable[[], bool]:
    """``cancel`` as a function answering whether to stop.

    >>> flag = threading.Event()
    >>> check = cancel_check(flag)
    >>> check(), flag.set(), check()
    (False, None, True)
    >>> cancel_check(None)(), cancel_check(lambda: True)()
    (False, True)
    >>> cancel_check(True)
    Traceback (most recent call last):
    ...
    TypeError: cancel must be a threading.Event or a callable returning True to stop, not bool
    """
    if cancel is None:
        return never
    if isinstance(cancel, threading.Event):
        return cancel.is_set
    if callable(cancel):
        return lambda: bool(cancel())
    raise TypeError(
        "cancel must be a threading.Event or a callable returning True to stop, "
        f"not {type(cancel).__name__}"
    )


class Steps:
    """The ``progress`` and ``cancel`` of a computation called ``what``: calling it
    with ``(done, total)`` after a unit of work tells ``progress`` (if any), then
    raises :class:`Cancelled` if ``cancel`` says stop; :meth:`check` only looks.

    >>> Steps(None, None)(3, 4) is None
    True
    >>> Steps(None, lambda: True, "the layout").check()
    Traceback (most recent call last):
    ...
    vvlab.model.steps.Cancelled: the layout cancelled
    """

    def __init__(self, progress: Report | None = None, cancel: Cancel = None, what: str = "work"):
        self.progress, self.stop, self.what = progress, cancel_check(cancel), what

    def __call__(self, done: int, total: int) -> None:
        if self.progress is not None:
            self.progress(done, total)
        self.check()

    def check(self) -> None:
        """Raise :class:`Cancelled` if the caller asked to stop."""
        if self.stop():
            raise Cancelled(f"{self.what} cancelled")

    def each(self, keep: Callable[[Any], Any]) -> Callable[[Any], Any]:
        """``keep`` (a function of one part of a table read in parts) that first looks
        at ``cancel``: a long read stops at its next part.

        >>> Steps().each(len)("abc")
        3
        """

        def checked(part: Any) -> Any:
            self.check()
            return keep(part)

        return checked
