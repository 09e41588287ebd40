"""A draft city from a GTFS feed: the lines and stations of a real network.

:func:`from_gtfs` reads a feed (:mod:`vvlab.design.gtfs_feed`), takes the chosen
routes' trips (:mod:`vvlab.design.gtfs_routes`), merges stops into stations
(:mod:`vvlab.design.gtfs_stations`), finds each route's branches
(:mod:`vvlab.design.gtfs_patterns`) and builds a
:class:`~vvlab.model.CityMap` whose indicator boxes and bonuses are first guesses, for
:func:`vvlab.design.tune` to set. Stations are laid out as on the ground; a schematic
layout is a separate step.

What the import leaves out (stations dropped by ``max_stations``, a route chosen by
its type that has no trips) is reported with a :class:`GTFSWarning`; a feed it cannot
import raises :class:`GTFSError` (a ``ValueError``) naming the file or route.
"""

from __future__ import annotations

import math
import os
import warnings
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import NamedTuple

import pandas as pd

from vvlab.design.gtfs_feed import Feed, GTFSError, GTFSWarning, read_feed
from vvlab.design.gtfs_patterns import branches, trip_patterns
from vvlab.design.gtfs_routes import METRO, choose_routes, expand_types, route_label, route_trips
from vvlab.design.gtfs_shapes import ShapedLine, ShapeRef, line_shape, seed_bends
from vvlab.design.gtfs_stations import (
    Place,
    ascii_words,
    clean_name,
    feed_title,
    merge_stops,
    project,
    slug,
    unique_ids,
)
from vvlab.model.citymap import CityMap
from vvlab.model.colors import distinct_color, is_hex
from vvlab.model.edges import FORMAT_BENDS
from vvlab.model.generate import default_scoring
from vvlab.model.steps import Cancel, Report, Steps
from vvlab.model.validate import FORMAT, ID_PATTERN, MAX_ID_LENGTH, MAX_LINES
from vvlab.sim.params import check_int

__all__ = ["GTFSError", "GTFSWarning", "from_gtfs"]

IMPORT_STEPS = 4
"""The steps of an import that :func:`from_gtfs` tells its ``progress`` of."""


@dataclass
class _Line:
    """A line being built: its route's id, its id, name, colour (``""``: none yet),
    station keys and the shape it follows (``None``: none)."""

    route: str
    id: str
    name: str
    color: str
    stations: list[str]
    shape: ShapeRef | None = None


class _Run(NamedTuple):
    """A trip of a route: its ``direction_id``, its stations and its ``shape_id``."""

    direction: str
    pattern: tuple[str, ...]
    shape: str


def from_gtfs(
    feed: str | os.PathLike[str],
    routes: Sequence[str] | str | None = None,
    *,
    route_types: Iterable[int] = METRO,
    id: str | None = None,
    name: str | None = None,
    max_stations: int | None = None,
    progress: Report | None = None,
    cancel: Cancel = None,
) -> CityMap:
    """A draft city with the lines of a GTFS feed.

    The feed is read with plain pandas: GTFS files are CSV, and a GTFS library would
    be one more dependency for the few columns used here.

    Parameters
    ----------
    feed
        A GTFS zip file or a folder holding its ``.txt`` files.
    routes
        The routes to import, each by ``route_short_name`` or ``route_id`` among the
        routes of ``route_types``, in the order the lines get; default all of them.
    route_types
        GTFS ``route_type`` numbers: 1 (metro, default), 0 (tram), 2 (rail), 3 (bus)
        also take their extended types (1: 400-404; see
        :data:`vvlab.design.gtfs_routes.EXTENDED_ROUTE_TYPES`).
    id, name
        The city's id and name; default the feed's file or folder name, as an id
        (``prague-gtfs.zip``: ``prague-gtfs``) and as a title (``Prague``: separators
        to spaces, a lower-case word capitalised, the word ``gtfs`` dropped). The
        agency's name goes into the description.
    max_stations
        At most this many stations per line: a longer line keeps its termini, its
        transfers and evenly spaced stations between them; each line's dropped
        stations are named in a :class:`GTFSWarning`.
    progress, cancel
        ``progress(done, 4)`` hears of the steps done (feed opened, routes chosen,
        lines read, city made); ``cancel`` (as :func:`vvlab.simulate`'s) is looked at
        after each and between the parts of a long table read
        (:class:`~vvlab.model.steps.Steps`; ``Cancelled`` stops the import).

    Returns
    -------
    CityMap
        Each route a line (one per branch, ids suffixed ``a``, ``b``, ...): its
        stations in order along its most frequent full-length stop pattern
        (:mod:`vvlab.design.gtfs_patterns`), the wagon at the first stop of direction
        0; id from ``route_short_name`` (else ``route_id``), name from
        ``route_long_name``, colour from ``route_color`` (else one far from the
        others). Platforms merge into their parent station, and stations of one name
        within a few hundred metres into one; a station of several lines is a
        transfer. Station ids are ASCII slugs of the names, which keep their accents.
        Coordinates: north up, the larger side about 100 units. Edges bend along the
        feed's ``shapes.txt`` where it has one (:mod:`vvlab.design.gtfs_shapes`).
        Indicator boxes and bonuses are first guesses
        (:func:`vvlab.model.generate.default_scoring`).

    Raises
    ------
    GTFSError
        A missing, unreadable, oversized or damaged file
        (:mod:`vvlab.design.gtfs_files`), a missing column, an id listed twice, two
        stops at one ``stop_sequence``, an unknown route, a route without trips; the
        message names the file or route.
        What is left out or cut (a route of an unknown ``route_type``, a name over
        200 characters) is said in a :class:`GTFSWarning`.

    Examples
    --------
    >>> from_gtfs("data/gtfs/prague").name
    'Prague'
    >>> city = from_gtfs("data/gtfs/prague", id="prague", name="Praha")
    >>> [line.id for line in city.lines], city.lines_through("mustek")
    (['A', 'B', 'C'], ('A', 'B'))
    >>> city.stations["mustek"].name, city.lines[1].color
    ('Můstek', '#F8B322')
    >>> from_gtfs("data/gtfs/prague", routes=["D"])
    Traceback (most recent call last):
    ...
    vvlab.design.gtfs_files.GTFSError: data/gtfs/prague: routes.txt: no route 'D' ...

    See Also
    --------
    vvlab.design.tune : sets the indicator boxes and bonuses.
    """
    if max_stations is not None:
        max_stations = check_int("max_stations", max_stations, 2)
    names, types = _route_list(routes), _route_types(route_types)
    step = Steps(progress, cancel, "the import")
    data = read_feed(feed)
    step(1, IMPORT_STEPS)
    chosen = choose_routes(data, names, set(expand_types(types)))
    step(2, IMPORT_STEPS)
    lines, places = _lines(data, chosen, routes is not None, step)
    if max_stations is not None:
        _thin(lines, places, max_stations)
    step(3, IMPORT_STEPS)
    city = _city(data, lines, places, id, name)
    step(4, IMPORT_STEPS)
    return city


def _route_list(routes: Sequence[str] | str | None) -> list[str] | None:
    """``routes`` as a list of names (one name alone is a list of one); a ``TypeError``
    or ``ValueError`` naming the parameter for anything else.

    >>> _route_list("A"), _route_list(["A", 3])
    (['A'], ['A', '3'])
    >>> _route_list([])
    Traceback (most recent call last):
    ...
    ValueError: routes: give at least one route name, or None for every route
    """
    if routes is None:
        return None
    if isinstance(routes, str):
        return [routes]
    if not isinstance(routes, Iterable):
        raise TypeError(f"routes: give route names such as ['A', 'B'], got {routes!r}")
    names = [str(r) for r in routes]
    if not names:
        raise ValueError("routes: give at least one route name, or None for every route")
    return names


def _route_types(route_types: Iterable[int] | int) -> list[int]:
    """``route_types`` as a list of GTFS route_type numbers (one number alone is a list
    of one); a ``ValueError`` naming the parameter for anything else.

    >>> _route_types(1), _route_types([1, 0])
    ([1], [1, 0])
    """
    if isinstance(route_types, int) and not isinstance(route_types, bool):
        return [route_types]
    items = list(route_types) if isinstance(route_types, Iterable) else [route_types]
    return [check_int("route_types", t, 0) for t in items]


# -- lines -----------------------------------------------------------------------------


def _lines(data: Feed, chosen: pd.DataFrame, named: bool, step: Steps) -> tuple[list[_Line], dict]:
    """The lines of the chosen routes (a route without trips: an error when it was
    named, a warning when it came with its type) and the stations they use; the long
    tables stop at their next part when ``step`` is cancelled."""
    trips = route_trips(data, chosen, step.each)
    trip_ids = trips["trip_id"].tolist()
    stop_times = data.read("stop_times", step.each(lambda part: part["trip_id"].isin(trip_ids)))
    station_of, places = merge_stops(
        data.read("stops"), stop_times["stop_id"].unique().tolist(), f"{data.name}: stops.txt"
    )
    patterns = trip_patterns(stop_times, station_of, f"{data.name}: stop_times.txt")
    runs: dict[str, list[_Run]] = {}
    columns = ["route_id", "direction_id", "trip_id", "shape_id"]
    for route_id, direction, trip, shape in trips[columns].itertuples(index=False):
        if trip in patterns:
            runs.setdefault(route_id, []).append(_Run(direction, patterns[trip], shape))
    lines: list[_Line] = []
    for _, route in chosen.iterrows():
        route_runs = runs.get(route["route_id"], [])
        found = [b for b in branches((r.direction, r.pattern) for r in route_runs) if len(b) >= 2]
        if not found:
            _no_trips(data.name, route, named)
            continue
        for line in _route_lines(route, found, places):
            line.shape = line_shape(line.stations, ((r.pattern, r.shape) for r in route_runs))
            lines.append(line)
    if not lines:
        raise GTFSError(f"{data.name}: none of the chosen routes has trips with two stations")
    if len(lines) > MAX_LINES:
        raise GTFSError(
            f"{data.name}: {len(lines)} lines, a map has at most {MAX_LINES}: "
            "choose routes (routes=, --routes)"
        )
    for line, line_id in zip(lines, unique_ids([line.id for line in lines], _line_id), strict=True):
        line.id = line_id
    return lines, places


def _no_trips(feed: str, route: pd.Series, named: bool) -> None:
    text = f"{feed}: route {route_label(route)!r} has no trips (trips.txt, stop_times.txt)"
    if named:
        raise GTFSError(text)
    warnings.warn(text + "; left out", GTFSWarning, stacklevel=4)


def _route_lines(route: pd.Series, found: list, places: dict[str, Place]) -> list[_Line]:
    """One line per branch: ids suffixed a, b, ... and names with the termini when
    there are several."""
    base = route_label(route)
    name = clean_name(route["route_long_name"], base)
    color = "#" + route["route_color"].upper()
    color = color if is_hex(color) else ""
    if len(found) == 1:
        return [_Line(route["route_id"], base, name, color, list(found[0]))]
    return [
        _Line(
            route["route_id"],
            f"{base}{chr(ord('a') + k)}",
            f"{name}: {places[stations[0]].name} – {places[stations[-1]].name}",
            color,
            list(stations),
        )
        for k, stations in enumerate(found[:26])
    ]


def _thin(lines: list[_Line], places: dict[str, Place], limit: int) -> None:
    """Shorten every line longer than ``limit`` stations in place, keeping termini,
    transfers and evenly spaced stations; warn with what each line lost."""
    served = Counter(s for line in lines for s in set(line.stations))
    for line in lines:
        if len(line.stations) <= limit:
            continue
        fixed = {0, len(line.stations) - 1}
        fixed |= {k for k, s in enumerate(line.stations) if served[s] > 1}
        kept = _spread(fixed, limit)
        dropped = [places[s].name for k, s in enumerate(line.stations) if k not in kept]
        text = (
            f"line {line.id}: {len(dropped)} of {len(line.stations)} stations dropped "
            f"(max_stations={limit}): {', '.join(dropped)}"
        )
        if len(fixed) > limit:
            text += f"; {len(fixed)} termini and transfers kept, more than {limit}"
        line.stations = [s for k, s in enumerate(line.stations) if k in kept]
        warnings.warn(text, GTFSWarning, stacklevel=3)


def _spread(fixed: set[int], limit: int) -> set[int]:
    """``fixed`` positions (the first and the last among them) and more, up to
    ``limit``, spread evenly: each new one goes to the gap whose stations would
    otherwise stand farthest apart.

    >>> sorted(_spread({0, 9}, 4))
    [0, 3, 6, 9]
    >>> sorted(_spread({0, 3, 9}, 5))
    [0, 3, 5, 7, 9]
    """
    gaps = list(pairwise(sorted(fixed)))
    extra = [0] * len(gaps)

    def spacing(k: int) -> tuple[float, int]:
        length = gaps[k][1] - gaps[k][0]
        return length / (extra[k] + 1), length

    for _ in range(limit - len(fixed)):
        open_gaps = [k for k, (low, high) in enumerate(gaps) if extra[k] < high - low - 1]
        if not open_gaps:
            break
        extra[max(open_gaps, key=spacing)] += 1
    kept = set(fixed)
    for (low, high), count in zip(gaps, extra, strict=True):
        step = (high - low) / (count + 1)
        kept |= {low + math.floor(j * step + 0.5) for j in range(1, count + 1)}
    return kept


# -- the city --------------------------------------------------------------------------


def _city(data: Feed, lines: list[_Line], places: dict[str, Place], id, name) -> CityMap:
    used = list(dict.fromkeys(s for line in lines for s in line.stations))
    ids = dict(zip(used, unique_ids([places[s].name for s in used], slug), strict=True))
    _colour(lines)
    located = {s: places[s] for s in used}
    xy = project(located)
    shaped = [ShapedLine(line.id, line.stations, line.shape) for line in lines]
    bends = seed_bends(data, shaped, located, xy)
    stem = _feed_stem(data.name)
    city = {
        "format": FORMAT_BENDS if bends else FORMAT,
        "id": id or slug(stem),
        "name": name or feed_title(stem),
        "description": _description(data, lines),
        "stations": {ids[s]: {"name": places[s].name, "x": xy[s][0], "y": xy[s][1]} for s in used},
        "lines": [_line_data(line, ids) for line in lines],
    }
    if bends:
        city["edges"] = [
            {"between": [ids[a], ids[b]], "via": [list(p) for p in via]}
            for (a, b), via in bends.items()
        ]
    return CityMap.from_dict(city, source=data.name)


def _feed_stem(feed: str) -> str:
    """The feed's name without folders and ``.zip``: a folder's whole name (``.`` the
    current folder's), a file's name without its suffix.

    >>> _feed_stem("data/gtfs/prague/"), _feed_stem("prague-gtfs.zip")
    ('prague', 'prague-gtfs')
    """
    path = Path(os.path.abspath(feed))
    return (path.name if path.is_dir() else path.stem) or "gtfs"


def _description(data: Feed, lines: list[_Line]) -> str:
    agency = _agencies(data)
    return (
        f"Drafted from the GTFS feed {Path(data.name).name}{f' of {agency}' if agency else ''}: "
        f"lines {', '.join(line.id for line in lines)}. Indicator boxes and bonuses are first "
        "guesses (vvlab tune sets them)."
    )


def _line_data(line: _Line, ids: dict[str, str]) -> dict:
    indicators, bonus = default_scoring(len(line.stations))
    return {
        "id": line.id,
        "name": line.name,
        "color": line.color,
        "indicators": indicators,
        "bonus": bonus,
        "stations": [ids[s] for s in line.stations],
    }


def _line_id(text: str) -> str:
    """A line id the map format takes: ``route_short_name`` as it is when it can be.

    >>> _line_id("A"), _line_id("U 1"), _line_id("Ring/Süd"), _line_id("+")
    ('A', 'U-1', 'Ring-Sud', 'L')
    """
    if ID_PATTERN.fullmatch(text) and len(text) <= MAX_ID_LENGTH - 8:
        return text
    return ascii_words(text) or "L"


def _colour(lines: list[_Line]) -> None:
    """Give the lines without a colour one far from every other (a route's branches
    share theirs)."""
    by_route: dict[str, str] = {}
    for line in lines:
        if not line.color:
            if line.route not in by_route:
                by_route[line.route] = distinct_color(other.color for other in lines)
            line.color = by_route[line.route]


def _agencies(data: Feed) -> str:
    """The names of the feed's agencies (operators), the first three and how many
    more; ``""`` without ``agency.txt``."""
    if not data.has("agency"):
        return ""
    names = list(dict.fromkeys(clean_name(n, "") for n in data.read("agency")["agency_name"]))
    names = [n for n in names if n]
    more = f" and {len(names) - 3} more" if len(names) > 3 else ""
    return ", ".join(names[:3]) + more
