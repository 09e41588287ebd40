"""``vvlab maps``, ``vvlab show`` and ``vvlab validate``: the built-in maps and map files."""

from __future__ import annotations

import argparse
from typing import TextIO

from vvlab.cli.fit import fit, fit_line
from vvlab.cli.options import DEFAULT_MAP
from vvlab.model import MapError, builtin_maps, load_map


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``maps``, ``show`` and ``validate`` to the ``vvlab`` parser's subcommands."""
    sub.add_parser(
        "maps",
        help="list the built-in maps",
        description="List the built-in maps, one line each: its lines, stations, transfer "
        "stations and indicator boxes, and whether it suits new players.",
    ).set_defaults(run=cmd_maps)
    show = sub.add_parser(
        "show",
        help="show a map's lines, transfers and totals",
        description="Show a city: each line with its boxes, bonus and stations, the "
        "transfer stations, and the totals.",
    )
    show.add_argument("map", nargs="?", default=DEFAULT_MAP, help="built-in name or .json file")
    show.set_defaults(run=cmd_show)
    val = sub.add_parser(
        "validate",
        help="check map files; exit status 1 on any problem",
        description="Check map files (or built-in maps) against the map format and the "
        "game's rules. Every problem of every file is listed with where it is; the exit "
        "status is 1 when a file has one.",
    )
    val.add_argument("files", nargs="+", help="map files (or built-in names)")
    val.set_defaults(run=cmd_validate)


def cmd_maps(args: argparse.Namespace, out: TextIO) -> int:
    """List the built-in maps with a one-line summary each."""
    for name in builtin_maps():
        city = load_map(name)
        tag = ", recommended for new players" if city.recommended_for_new_players else ""
        line = (
            f"{name:<12} {city.name}: {len(city.lines)} lines, {len(city.stations)} stations, "
            f"{len(city.transfer_stations)} transfer stations, "
            f"{city.total_indicators} indicator boxes{tag}"
        )
        out.write(fit_line(line) + "\n")
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """Print a map's lines, transfer stations and totals."""
    out.write(fit(load_map(args.map).describe()) + "\n")
    return 0


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """Validate map files; every problem of every file is printed.

    >>> import sys
    >>> cmd_validate(argparse.Namespace(files=["tutorial"]), sys.stdout)
    ok   tutorial: 4 lines, 12 stations
    0
    """
    failed = 0
    for path in args.files:
        try:
            city = load_map(path)
        except MapError as err:
            failed += 1
            out.write(f"FAIL {err}\n")
        else:
            out.write(f"ok   {path}: {len(city.lines)} lines, {len(city.stations)} stations\n")
    return 1 if failed else 0
