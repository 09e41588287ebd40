"""Which routes of a GTFS feed a city imports: by name, or by ``route_type``.

A basic route type also takes its extended types (Google's Hierarchical Vehicle
Types): 1 (metro) takes 400-404, 0 (tram) 900-906, 2 (rail) 100-117, 3 (bus) 700-716.
A route id listed twice, or a trip id used twice, is refused; a route whose
``route_type`` GTFS does not define (``metro``, ``42``) is left out with a
:class:`~vvlab.design.gtfs_feed.GTFSWarning` naming it.

Examples
--------
>>> from vvlab.design.gtfs_feed import read_feed
>>> feed = read_feed("data/gtfs/prague")
>>> list(choose_routes(feed, None, set(expand_types(METRO)))["route_short_name"])
['A', 'B', 'C']
>>> list(choose_routes(feed, ["22", "L991"], {0, 1})["route_id"])
['L22', 'L991']
"""

from __future__ import annotations

import warnings
from collections.abc import Callable, Iterable

import pandas as pd

from vvlab.design.gtfs_feed import Feed, GTFSError, GTFSWarning, Keep, refuse_duplicates

__all__ = [
    "EXTENDED_ROUTE_TYPES",
    "METRO",
    "choose_routes",
    "expand_types",
    "route_label",
    "route_trips",
]

METRO = (1,)
"""The default ``route_types``: subway and metro (with the extended types 400-404)."""
EXTENDED_ROUTE_TYPES: dict[int, tuple[int, ...]] = {
    0: tuple(range(900, 907)),  # tram
    1: tuple(range(400, 405)),  # urban railway, metro, underground
    2: tuple(range(100, 118)),  # railway
    3: tuple(range(700, 717)),  # bus
}
"""The extended route types (Google's Hierarchical Vehicle Types) that a basic type in
``route_types`` also takes; any other number takes itself only."""
BASIC_ROUTE_TYPES = (0, 1, 2, 3, 4, 5, 6, 7, 11, 12)
"""The basic route types of GTFS; with the extended ones (100 to 1799) the only
``route_type`` values an import takes. A route of another value is left out with a
:class:`GTFSWarning` naming it."""


def expand_types(route_types: Iterable[int]) -> list[int]:
    """The route types asked for, each basic type with its extended ones.

    >>> expand_types([1, 0])[:6]
    [1, 400, 401, 402, 403, 404]
    """
    basics = [int(basic) for basic in route_types]
    return [t for basic in basics for t in (basic, *EXTENDED_ROUTE_TYPES.get(basic, ()))]


def choose_routes(data: Feed, names: list[str] | None, types: set[int]) -> pd.DataFrame:
    """The routes to import, in order: ``names`` matched against short names and ids,
    or every route of ``types``; a :class:`GTFSError` for a name that matches none."""
    table = data.read("routes")
    where = f"{data.name}: routes.txt"
    refuse_duplicates(table, "route_id", where)
    kind = pd.to_numeric(table["route_type"], errors="coerce")
    _note_unknown_types(table[~_known(kind)], where)
    of_type = table[kind.isin(types)]
    if names is None:
        if of_type.empty:
            found = sorted({str(t) for t in table["route_type"]})
            raise GTFSError(
                f"{where}: no route of route_types {_types_text(types)} "
                f"(route types in the feed: {', '.join(found) or 'none'})"
            )
        return of_type
    picked = []
    for route in names:
        match = of_type[(of_type["route_short_name"] == route) | (of_type["route_id"] == route)]
        if match.empty:
            raise GTFSError(_unknown_route(table, route, types, where))
        picked.append(match)
    return pd.concat(picked).drop_duplicates("route_id")


def route_trips(
    data: Feed, chosen: pd.DataFrame, each: Callable[[Keep], Keep] | None = None
) -> pd.DataFrame:
    """The chosen routes' trips; a :class:`GTFSError` when there are none, or when a
    trip id is used twice (under any route: a second read finds them all). ``each``
    wraps the filter of each part read (a cancellable import stops there)."""
    where = f"{data.name}: trips.txt"
    route_ids = chosen["route_id"].tolist()
    keep: Keep = lambda part: part["route_id"].isin(route_ids)  # noqa: E731
    trips = data.read("trips", keep if each is None else each(keep))
    if trips.empty:
        labels = [route_label(route) for _, route in chosen.iterrows()]
        shown = ", ".join(labels[:10]) + (", ..." if len(labels) > 10 else "")
        raise GTFSError(f"{where}: no trip of the chosen routes ({shown})")
    trip_ids = set(trips["trip_id"])
    uses = data.read("trips", lambda part: part["trip_id"].isin(trip_ids))
    refuse_duplicates(uses, "trip_id", where, under="route_id")
    return trips


def _known(kind: pd.Series) -> pd.Series:
    """Which route types (as numbers, ``NaN`` for text) GTFS defines: the basic ones
    and the extended ones (100 to 1799).

    >>> list(_known(pd.Series([1.0, 400.0, 42.0, float("nan"), 1.5])))
    [True, True, False, False, False]
    """
    whole = kind.notna() & (kind % 1 == 0)
    return whole & (kind.isin(BASIC_ROUTE_TYPES) | kind.between(100, 1799))


def _note_unknown_types(unknown: pd.DataFrame, where: str) -> None:
    """A :class:`GTFSWarning` naming the routes whose ``route_type`` GTFS does not
    define (``metro``, ``42``): no choice of ``route_types`` takes them."""
    if unknown.empty:
        return
    named = [
        f"route {route_label(row)!r} (route_type {row['route_type']!r})"
        for _, row in unknown.iterrows()
    ]
    shown = ", ".join(named[:10]) + (f" and {len(named) - 10} more" if len(named) > 10 else "")
    warnings.warn(
        f"{where}: {shown}: no such route_type in GTFS; left out",
        GTFSWarning,
        stacklevel=4,
    )


def _types_text(types: set[int]) -> str:
    basic = sorted(t for t in types if t < 100) or sorted(types)
    return ", ".join(map(str, basic))


def _unknown_route(table: pd.DataFrame, route: str, types: set[int], where: str) -> str:
    other = table[(table["route_short_name"] == route) | (table["route_id"] == route)]
    if len(other):
        kind = other["route_type"].iloc[0]
        if not _known(pd.to_numeric(other["route_type"], errors="coerce")).iloc[0]:
            return f"{where}: route {route!r} has route_type {kind!r}, which GTFS does not define"
        return (
            f"{where}: route {route!r} has route_type {kind}, not among route_types "
            f"{_types_text(types)} (add {kind} to route_types)"
        )
    kinds = pd.to_numeric(table["route_type"], errors="coerce").isin(types)
    known = [route_label(row) for _, row in table[kinds].iterrows()]
    shown = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "")
    return (
        f"{where}: no route {route!r} (by route_short_name or route_id); routes of "
        f"route_types {_types_text(types)}: {shown or 'none'}"
    )


def route_label(route: pd.Series) -> str:
    return route["route_short_name"] or route["route_id"]
