"""When a progress bar is drawn: one rule for the command line and the Python API.

A bar (``progress=True`` in Python, the default of every command) is drawn only where
someone can see it: on a terminal (standard error is one), or in a Jupyter kernel, where
tqdm draws a widget. Output sent to a file, a pipe or a log gets no bar, so it holds no
half-drawn lines.

>>> import io, sys
>>> saved, sys.stderr = sys.stderr, io.StringIO()
>>> visible()
False
>>> sys.stderr = saved
"""

from __future__ import annotations

import sys

__all__ = ["visible"]


def visible() -> bool:
    """Whether a progress bar can be seen here (see the module)."""
    stream = sys.stderr
    if stream is not None and getattr(stream, "isatty", lambda: False)():
        return True
    return _in_kernel()


def _in_kernel() -> bool:
    """Whether this runs in a Jupyter kernel (never imports IPython itself)."""
    ipython = sys.modules.get("IPython")
    if ipython is None or "ipykernel" not in sys.modules:
        return False
    shell = ipython.get_ipython()
    return shell is not None and hasattr(shell, "kernel")
