"""``vvlab import-gtfs``: draft a city from a GTFS feed and write it to a new file."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from vvlab.cli.options import split_list

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``import-gtfs`` to the ``vvlab`` parser's subcommands."""
    p = sub.add_parser(
        "import-gtfs",
        help="draft a city from a GTFS feed (zip or folder); write it to --out",
        description="Draft a city from the metro routes of a GTFS feed: one line per "
        "route (per branch), platforms merged into stations, transfers shared, "
        "coordinates as on the ground, edges bent along the feed's shapes.txt. The "
        "city is named after the feed's file or folder (prague.zip: Prague), the "
        "operator goes into its description. Indicator boxes and bonuses are first "
        "guesses: run vvlab tune on the result.",
    )
    p.add_argument("feed", help="GTFS zip file or folder")
    p.add_argument("--out", required=True, metavar="CITY.json", help="the city's .json file")
    p.add_argument("--routes", metavar="A,B,C", help="routes by short name or id (default all)")
    p.add_argument(
        "--route-types", default="1", metavar="1,0", help="GTFS route types (default 1: metro)"
    )
    p.add_argument("--max-stations", type=int, metavar="N", help="at most N stations a line")
    p.add_argument("--id", help="the city's id (default: from the feed's name)")
    p.add_argument("--name", help="the city's name (default: from the feed's name)")
    p.add_argument("--schematic", action="store_true", help="lay the city out schematically")
    p.add_argument("--force", action="store_true", help="replace --out if it exists")
    p.set_defaults(run=cmd_import_gtfs)


def cmd_import_gtfs(args: argparse.Namespace, out: TextIO) -> int:
    """Run ``vvlab import-gtfs``: import, lay out (``--schematic``), write, print what
    was imported. Ctrl-C and a full disk are one line naming ``--out``, as for every
    command (:func:`vvlab.cli.main`)."""
    city = _import_and_write(args)
    for line in city.lines:
        out.write(_fit(f"{line.id:<6} {len(line.stations):>3} stations  {line.name}") + "\n")
    transfers = len(city.transfer_stations)
    summary = (
        f"{len(city.lines)} lines, {len(city.stations)} stations ({transfers} transfers), "
        f"{len(city.edges)} bent edges"
    )
    out.write(f"{_fit(city.name, len(summary) + 2)}: {summary}\n")
    out.write(f"city written to {args.out}\n")
    return 0


def _import_and_write(args: argparse.Namespace) -> CityMap:
    """The city of ``args.feed``, laid out and written to ``args.out`` atomically."""
    import vvlab.design
    from vvlab.model.io import save_map

    city = vvlab.design.from_gtfs(
        args.feed,
        split_list(args.routes, "--routes") if args.routes else None,
        route_types=_route_types(args.route_types),
        id=args.id,
        name=args.name,
        max_stations=args.max_stations,
    )
    if args.schematic:
        city = vvlab.design.schematic(city)
    save_map(city, args.out, overwrite=args.force)
    return city


def _fit(text: str, room: int = 0, width: int = 80) -> str:
    """``text`` cut to leave ``room`` columns of a ``width``-column terminal, ``…``
    marking a cut.

    >>> _fit("Prague", 60), _fit("x" * 90)[-3:], len(_fit("x" * 90))
    ('Prague', 'xx…', 80)
    """
    keep = max(width - room, 1)
    return text if len(text) <= keep else text[: keep - 1] + "…"


def _route_types(text: str) -> list[int]:
    """``--route-types`` as numbers.

    >>> _route_types("1, 0")
    [1, 0]
    >>> _route_types("metro")
    Traceback (most recent call last):
    ...
    ValueError: --route-types takes GTFS route_type numbers such as 1,0, not 'metro'
    """
    try:
        return [int(part) for part in split_list(text, "--route-types")]
    except ValueError:
        msg = f"--route-types takes GTFS route_type numbers such as 1,0, not {text!r}"
        raise ValueError(msg) from None
