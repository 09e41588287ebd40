"""The ``vvlab`` command line: maps, show, validate, play, simulate, warm, report, check,
tune, compare, import-gtfs, sheet, cards.

One parser (:func:`build_parser`) with a module per command group, each adding its
subcommands and holding their ``cmd_*`` functions: :mod:`~vvlab.cli.maps` (maps, show,
validate), :mod:`~vvlab.cli.play`, :mod:`~vvlab.cli.simulate` (simulate, warm),
:mod:`~vvlab.cli.report`, :mod:`~vvlab.cli.check`, :mod:`~vvlab.cli.tune`,
:mod:`~vvlab.cli.compare`, :mod:`~vvlab.cli.gtfs` (import-gtfs) and
:mod:`~vvlab.cli.printing` (sheet, cards). Their errors come back to :func:`main`, which
reports them with :func:`vvlab.cli.errors.report_error`. Importing this package is
cheap: pandas, plotly and Dask load only when a command needs them.

>>> main(["validate", "tutorial"])
ok   tutorial: 4 lines, 12 stations
0
"""

from __future__ import annotations

import argparse
import sys
import warnings
from collections.abc import Callable, Sequence
from typing import TextIO

from vvlab.cli import check, compare, gtfs, maps, play, printing, report, simulate, tune
from vvlab.cli.errors import HANDLED, interruption, note_printer, report_error
from vvlab.cli.options import OUT_FILES, check_out, document_out
from vvlab.sim.interrupts import interrupt_signals

__all__ = ["build_parser", "main"]

DESCRIPTION = (
    "vvlab, a workbench for Voll verplant: play a city in the terminal, simulate many "
    "games, check and tune a city's balance, draft one from a GTFS feed, and print its "
    "sheet and cards. Run vvlab COMMAND --help for what a command takes."
)
"""What ``vvlab --help`` says first."""

COMMAND_GROUPS = (maps, play, simulate, report, check, tune, compare, gtfs, printing)
"""The modules that add subcommands, in the order ``vvlab --help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``vvlab`` command; every subcommand sets ``run``, the
    function that runs it.

    >>> args = build_parser().parse_args(["simulate", "tutorial", "--engine", "fast"])
    >>> args.command, args.engine, args.run.__name__
    ('simulate', 'fast', 'cmd_simulate')
    """
    from vvlab import __version__

    parser = argparse.ArgumentParser(prog="vvlab", description=DESCRIPTION)
    parser.add_argument("--version", action="version", version=f"vvlab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND", title="commands")
    for group in COMMAND_GROUPS:
        group.add_parsers(sub)
    for command in OUT_FILES:
        document_out(command, sub.choices[command])
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, ask: Callable[[str], str] = input
) -> int:
    """Run the command line (``argv`` defaults to ``sys.argv[1:]``); returns the exit
    status. ``out`` takes the output (default stdout), ``ask`` reads the answers of
    ``vvlab play`` (default :func:`input`)."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    target = getattr(args, "out", None) if args.command in OUT_FILES else None
    # notes (workers capped, a cache folder) in one line; SIGTERM and SIGHUP as Ctrl-C
    with warnings.catch_warnings(), interrupt_signals():
        warnings.showwarning = note_printer(args.command)
        try:
            check_out(args.command, target)
            if args.command == "play":  # the one command that asks questions
                return args.run(args, out, ask)
            return args.run(args, out)
        except KeyboardInterrupt as err:
            return report_error(args.command, interruption(args.command, err, target))
        except HANDLED as err:
            return report_error(args.command, err)
