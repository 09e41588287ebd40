"""``vvlab report``: simulate a city and write a self-contained HTML report.

Kept out of :mod:`vvlab.viz` so that importing it is cheap: pandas, plotly and the
simulator load only when it runs.
"""

from __future__ import annotations

import argparse
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TextIO

from vvlab.cli.options import add_progress_argument, add_run_arguments, show_progress, split_bots


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``report`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "report",
        help="simulate a city and write a self-contained HTML report",
        description="Simulate a city and write one HTML page with the plan, figures, "
        "tables, the hindsight gap and the run's metadata (works offline).",
    )
    add_run_arguments(p, "one bot per player or one for all, as for simulate")
    p.add_argument(
        "--hindsight-games",
        type=int,
        default=10,
        help="solo runs: games whose hindsight bound is computed (0 skips; default 10)",
    )
    p.add_argument("--out", default="report.html", help="the HTML file (default report.html)")
    p.add_argument(
        "--tables", metavar="DIR", default=None, help="also write the tables as CSV files to DIR"
    )
    p.add_argument(
        "--figures",
        metavar="DIR",
        default=None,
        help="also write the figures as PNG and SVG files to DIR (needs: pip install kaleido)",
    )
    p.add_argument(
        "--force", action="store_true", help="replace the files of --out, --tables, --figures"
    )
    add_progress_argument(p)
    p.set_defaults(run=cmd_report)


def cmd_report(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab report``: simulate, build the page, write it atomically. An existing
    ``--out`` file is refused before anything is played unless ``--force`` is given."""
    if args.hindsight_games < 0:
        raise ValueError(f"--hindsight-games must be 0 or more, got {args.hindsight_games}")
    path, exported = _write(args)  # Ctrl-C: vvlab.cli.errors.interruption
    out.write(f"report written to {path}\n")
    for kind, folder in exported:
        out.write(f"{kind} written to {folder}\n")
    return 0


def _write(args: argparse.Namespace) -> tuple[Path, list[tuple[str, Path]]]:
    """Check every target (and kaleido for ``--figures``) first, then simulate once and
    write the page, the tables and the figures."""
    from vvlab.model.files import check_target, make_folder
    from vvlab.sim.run import simulate
    from vvlab.viz import exports as export
    from vvlab.viz.report import write_report

    if args.figures is not None:
        export.require_kaleido()
    out = Path(args.out)
    make_folder(out)
    check_target(out, args.force)  # before anything is played
    for folder in (args.tables, args.figures):
        if folder is not None and Path(folder).exists() and not Path(folder).is_dir():
            raise FileExistsError(f"{folder} exists and is not a folder")
    result = simulate(
        args.map,
        args.players,
        split_bots(args.bots),
        args.games,
        args.seed,
        args.ruleset,
        workers=args.workers,
        progress=show_progress(args),
    )
    tables = export.report_tables(result) if args.tables is not None else {}
    figures = export.report_figures(result) if args.figures is not None else {}
    if tables:  # every target refused before anything is written
        export.check_targets(args.tables, [f"{n}.csv" for n in tables], args.force)
    if figures:
        names = [f"{n}.{f}" for n in figures for f in export.IMAGE_FORMATS]
        export.check_targets(args.figures, names, args.force)
    exported = []
    if figures:  # first: drawing the images is what may fail (kaleido, its browser)
        export.write_figures(figures, args.figures, overwrite=args.force)
        exported.append(("figures", Path(args.figures)))
    if tables:
        export.write_tables(tables, args.tables, overwrite=args.force)
        exported.append(("tables", Path(args.tables)))
    with _noted(show_progress(args), args.hindsight_games if result.players == 1 else 0):
        path = write_report(
            args.out, result=result, hindsight_games=args.hindsight_games, overwrite=args.force
        )
    return path, exported


def _noted(shown: bool, hindsight_games: int) -> AbstractContextManager[None]:
    """After the games, what the report still does, with the seconds it takes (where a
    progress bar would be drawn), so that no wait is silent."""
    from vvlab.compiled.notice import waiting

    bound = f", the hindsight bound of {hindsight_games} games" if hindsight_games else ""
    return waiting(f"vvlab report: drawing the figures{bound}…", 0) if shown else nullcontext()
