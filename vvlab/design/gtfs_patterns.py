"""The stations of a route, in order: its trips' stop patterns reduced to its branches.

A trip's *pattern* is the stations it serves in order (stops merged into stations,
a station served twice in a row counted once). Of a route's patterns:

1. A *circular* pattern (it ends where it starts) is cut at its first stop, and
   patterns that run the same circle from another start count as one.
2. In each direction, a pattern is *common* when at least :data:`MIN_SHARE` of that
   direction's trips run it exactly; the most frequent pattern always is.
3. The *full-length* patterns are the common ones that no other common pattern
   contains: a short turn, or an express that skips stations, is contained in the
   full run (its stations appear in it in the same order), in either direction; a
   circle run from another start, or the other way round, is the same circle.
4. Each full-length pattern is a *branch*, direction 0's (as the trips run, so the
   wagon stands at its first stop) before direction 1's (reversed, and only where they
   add a branch), the most frequent first.

A station that a branch visits twice (a loop at one end) keeps its first place.

Examples
--------
>>> full, short = ("a", "b", "c", "d"), ("b", "c")
>>> branches([("0", full), ("0", short), ("0", short), ("1", full[::-1])])
[('a', 'b', 'c', 'd')]
>>> branches([("0", ("a", "b", "c")), ("0", ("a", "b", "x"))])
[('a', 'b', 'c'), ('a', 'b', 'x')]
>>> branches([("0", ("a", "b", "c", "a")), ("0", ("b", "c", "a", "b"))])
[('a', 'b', 'c')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence

import pandas as pd

from vvlab.design.gtfs_feed import GTFSError

__all__ = ["MIN_SHARE", "branches", "trip_patterns"]

MIN_SHARE = 0.1
"""A pattern run by at least this share of its direction's trips is common; rarer ones
(a depot run, a diversion) are left out."""

Pattern = tuple[str, ...]


def trip_patterns(
    stop_times: pd.DataFrame, station_of: dict[str, str], where: str
) -> dict[str, Pattern]:
    """Each trip's pattern (a tuple of station keys) by ``trip_id``, from its stop times
    in ``stop_sequence`` order. ``where`` names ``stop_times.txt``."""
    order = pd.to_numeric(stop_times["stop_sequence"], errors="coerce")
    bad = stop_times[order.isna() | (order % 1 != 0)]
    if len(bad):
        row = bad.iloc[0]
        raise GTFSError(
            f"{where}: trip {row['trip_id']!r} has a stop_sequence that is no whole number "
            f"({row['stop_sequence']!r})"
        )
    if stop_times.empty:
        return {}
    frame = stop_times.assign(order=order).sort_values(["trip_id", "order"], kind="stable")
    _refuse_repeated_sequence(frame, where)
    trips = frame["trip_id"].tolist()
    stations = [station_of[stop] for stop in frame["stop_id"].tolist()]
    starts = [k for k in range(len(trips)) if k == 0 or trips[k] != trips[k - 1]]
    return {
        trips[start]: tuple(_collapse(stations[start:end]))
        for start, end in zip(starts, [*starts[1:], len(trips)], strict=True)
    }


def _refuse_repeated_sequence(frame: pd.DataFrame, where: str) -> None:
    """A :class:`GTFSError` for a trip with two stops at one ``stop_sequence``: GTFS
    wants it to increase along the trip, and which stop comes first is unknown."""
    twice = frame.duplicated(["trip_id", "order"])
    if twice.any():
        row = frame[twice].iloc[0]
        raise GTFSError(
            f"{where}: trip {row['trip_id']!r} has two stops at stop_sequence "
            f"{row['stop_sequence']} (it must increase along a trip)"
        )


def _collapse(stations: list[str]) -> list[str]:
    """The stations without a station repeated right after itself."""
    return [s for k, s in enumerate(stations) if k == 0 or s != stations[k - 1]]


def branches(trips: Iterable[tuple[str, Pattern]]) -> list[Pattern]:
    """The branches of a route from its trips, each given as ``(direction_id,
    pattern)`` (a blank direction counts as 0); see the module's description."""
    by_direction: dict[str, list[Pattern]] = {}
    for direction, pattern in trips:
        by_direction.setdefault("1" if direction == "1" else "0", []).append(pattern)
    candidates = [*_common(by_direction.get("0", [])), *(
        p[::-1] for p in _common(by_direction.get("1", [])))]  # fmt: skip
    kept: list[Pattern] = []
    for pattern in sorted(candidates, key=len, reverse=True):  # stable: order kept on ties
        if not any(_covers(k, pattern) for k in kept):
            kept.append(pattern)
    ordered = [p for p in candidates if p in kept]
    return [tuple(dict.fromkeys(p)) for p in dict.fromkeys(ordered)]


def _common(patterns: Sequence[Pattern]) -> list[Pattern]:
    """The common patterns of one direction, the most frequent first (first seen first
    on ties), circles cut and counted together."""
    counts = _count_circles(patterns)
    if not counts:
        return []
    floor = MIN_SHARE * sum(counts.values())
    ranked = [p for p, _ in counts.most_common()]
    return [p for p in ranked if counts[p] >= floor] or ranked[:1]


def _count_circles(patterns: Sequence[Pattern]) -> Counter[Pattern]:
    """Trips per pattern, a circular pattern cut before its return to the start and
    counted with the same circle run from another start (the first one seen)."""
    counts: Counter[Pattern] = Counter()
    for pattern in patterns:
        if len(pattern) > 2 and pattern[0] == pattern[-1]:
            pattern = pattern[:-1]
            pattern = next((k for k in counts if _same_circle(k, pattern)), pattern)
        counts[pattern] += 1
    return counts


def _same_circle(a: Pattern, b: Pattern) -> bool:
    """True when ``b`` runs the stations of ``a`` in the same cyclic order."""
    if len(a) != len(b) or not a or a[0] not in b:
        return False
    start = b.index(a[0])
    return b[start:] + b[:start] == a


def _covers(kept: Pattern, pattern: Pattern) -> bool:
    """True when ``pattern`` adds nothing to ``kept``: it is contained in it, or runs
    its circle, in either direction."""
    return any(_contains(kept, p) or _same_circle(kept, p) for p in (pattern, pattern[::-1]))


def _contains(longer: Pattern, shorter: Pattern) -> bool:
    """True when the stations of ``shorter`` appear in ``longer`` in the same order."""
    remaining = iter(longer)
    return all(station in remaining for station in shorter)
