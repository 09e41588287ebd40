"""How a ``vvlab`` command reports an error: one line on stderr and an exit code.

Every command lets its errors rise to :func:`vvlab.cli.main`, which hands the ones
listed in :data:`HANDLED` to :func:`report_error`; anything else is a bug and keeps its
traceback.

=========================================  ====  =====================================
error                                      code  meaning
=========================================  ====  =====================================
``SimulationInterrupted`` (Ctrl-C)          130  the run stopped; the message says how
                                                 to resume it (128 + the signal: 143
                                                 after SIGTERM, 129 after SIGHUP)
``MapError``                                  1  a map could not be loaded
``WriteFailed``                               1  a file could not be written (a full
                                                 disk); the old file is kept
``RunFolderError``                            1  a file of the run folder belongs to
                                                 another run or was changed
``FileExistsError``, ``ImportError``          2  an output file or folder the run may
                                                 not use (``--force`` replaces a
                                                 file), a missing optional extra
other ``ValueError``                          2  a bad argument (players, ruleset, bots),
                                                 a GTFS feed that cannot be imported
                                                 (``GTFSError``)
``SimulationError``, ``BotError``             1  the run failed (a worker, a bot, a
                                                 run folder it cannot write)
=========================================  ====  =====================================
"""

from __future__ import annotations

import re
import signal
import sys
from collections.abc import Callable
from typing import TextIO

from vvlab.bots.base import BotError
from vvlab.model import MapError
from vvlab.model.files import TargetExists, WriteFailed
from vvlab.sim.errors import RunFolderError, SimulationError, SimulationInterrupted

EXIT_FAILED = 1
"""The command ran and failed: a bad map, a failing worker or bot."""
EXIT_USAGE = 2
"""The command was asked for something it cannot do (as argparse's own errors)."""
EXIT_INTERRUPTED = 130
"""Ctrl-C stopped the command (128 + SIGINT, as the shell reports it); SIGTERM and
SIGHUP stop it the same way, with 128 + their number."""

_EXIT_CODES: tuple[tuple[tuple[type[BaseException], ...], int], ...] = (
    ((SimulationInterrupted,), EXIT_INTERRUPTED),
    ((MapError, RunFolderError, WriteFailed), EXIT_FAILED),  # before ValueError: both are one
    ((FileExistsError, ImportError, ValueError), EXIT_USAGE),
    ((SimulationError, BotError), EXIT_FAILED),
)

HANDLED: tuple[type[BaseException], ...] = tuple(
    cls for classes, _ in _EXIT_CODES for cls in classes
)
"""The errors a command reports with a message instead of a traceback."""


def exit_code(err: BaseException) -> int:
    """The exit status of a command that stopped with ``err`` (see the module's table;
    1 for an error outside :data:`HANDLED`).

    >>> import signal
    >>> from vvlab.model import MapError
    >>> exit_code(MapError([])), exit_code(ValueError()), exit_code(FileExistsError())
    (1, 2, 2)
    >>> exit_code(SimulationInterrupted("stopped", signum=signal.SIGTERM))
    143
    """
    if isinstance(err, SimulationInterrupted):
        return 128 + err.signum
    for classes, code in _EXIT_CODES:
        if isinstance(err, classes):
            return code
    return EXIT_FAILED


PYTHON_ARGUMENT = re.compile(r"\b\w+=\S* \(command line: (--[\w-]+)\)")
"""A Python argument followed by its option, ``resume=True (command line: --resume)``:
the command line says only the option (:func:`error_message`)."""


def interruption(
    command: str, err: KeyboardInterrupt, out: str | None = None
) -> SimulationInterrupted:
    """What a command says when Ctrl-C, SIGTERM or SIGHUP stopped it, with the signal's
    exit status: ``simulate`` keeps the run's own message (what its folder kept and how
    to resume); any other command says that it was interrupted and, if it writes
    ``out``, that nothing was written (its options have no folder to keep games in).

    >>> import signal
    >>> err = SimulationInterrupted("... give out=FOLDER to keep them", signum=signal.SIGTERM)
    >>> stopped = interruption("tune", err, "tuned.json")
    >>> str(stopped), exit_code(stopped)
    ('interrupted by SIGTERM: nothing was written to tuned.json', 143)
    >>> str(interruption("check", KeyboardInterrupt()))
    'interrupted'
    """
    if command == "simulate" and isinstance(err, SimulationInterrupted):
        return err
    signum = getattr(err, "signum", signal.SIGINT)
    by = "" if signum == signal.SIGINT else f" by {signal.Signals(signum).name}"
    kept = f": nothing was written to {out}" if out else ""
    return SimulationInterrupted(f"interrupted{by}{kept}", signum=signum)


def error_message(command: str, err: BaseException) -> str:
    """The text printed on stderr: ``vvlab COMMAND: error``, on a fresh line after an
    interrupted run (its progress bar may be half drawn).

    >>> error_message("show", ValueError("no map"))
    'vvlab show: no map\\n'
    >>> from vvlab.sim.errors import SimulationInterrupted
    >>> error_message("simulate", SimulationInterrupted("stopped"))
    '\\nvvlab simulate: stopped\\n'
    >>> from vvlab.model.files import TargetExists
    >>> error_message("simulate", ValueError("give out= (command line: --out) a folder"))
    'vvlab simulate: give --out a folder\\n'
    >>> error_message("sheet", TargetExists("berlin.pdf"))
    'vvlab sheet: berlin.pdf exists (give --force to replace it)\\n'
    """
    start = "\n" if isinstance(err, SimulationInterrupted) else ""
    if isinstance(err, TargetExists):
        text = f"{err.path} exists (give --force to replace it)"
    else:
        text = PYTHON_ARGUMENT.sub(r"\1", str(err))
    return f"{start}vvlab {command}: {text}\n"


def note_printer(command: str, stream: TextIO | None = None) -> Callable[..., None]:
    """A ``warnings.showwarning`` that prints a warning as one line,
    ``vvlab COMMAND: note: ...``, instead of Python's file, line and source.

    >>> import io
    >>> stream = io.StringIO()
    >>> note_printer("simulate", stream)(UserWarning("using 2 workers"), UserWarning, "f.py", 1)
    >>> stream.getvalue()
    'vvlab simulate: note: using 2 workers\\n'
    """

    def show(message: Warning | str, category: type, filename: str, lineno: int,
             file: TextIO | None = None, line: str | None = None) -> None:  # fmt: skip
        (stream or sys.stderr).write(f"vvlab {command}: note: {message}\n")

    return show


def report_error(command: str, err: BaseException, stream: TextIO | None = None) -> int:
    """Write why ``vvlab COMMAND`` stopped to ``stream`` (default stderr) and return the
    exit status.

    >>> import io
    >>> stream = io.StringIO()
    >>> report_error("play", ValueError("players must be 1 to 6"), stream)
    2
    >>> stream.getvalue()
    'vvlab play: players must be 1 to 6\\n'
    """
    (stream or sys.stderr).write(error_message(command, err))
    return exit_code(err)
