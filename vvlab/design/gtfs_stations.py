"""Stations of a GTFS import: stops merged into stations, readable ids, map coordinates.

A stop (a platform, an entrance, a boarding area) belongs to the station at the top of
its ``parent_station`` chain. Stations of the same name (ignoring case and spacing)
within :data:`MERGE_DISTANCE_M` of each other are then merged too: feeds without
parent stations give one stop per platform, and a tram stop next to the metro station
of its name is a transfer in the game.

Examples
--------
>>> slug("Můstek"), slug("I. P. Pavlova"), slug("Náměstí Míru"), slug("Œuvre!")
('mustek', 'i-p-pavlova', 'namesti-miru', 'oeuvre')
>>> unique_ids(["Florenc", "Florenc", "florenc"], slug)
['florenc', 'florenc-2', 'florenc-3']
"""

from __future__ import annotations

import math
import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pandas as pd

from vvlab.design.gtfs_feed import GTFSError, refuse_duplicates
from vvlab.model.validate import CONTROL_PATTERN, MAX_ID_LENGTH

__all__ = [
    "MAP_SPAN",
    "MERGE_DISTANCE_M",
    "Frame",
    "Place",
    "ascii_words",
    "clean_name",
    "feed_title",
    "frame",
    "map_round",
    "merge_stops",
    "project",
    "slug",
    "unique_ids",
]

MERGE_DISTANCE_M = 300.0
"""Stations of the same name at most this far apart (metres, between their stops'
mean positions) become one station."""
MAP_SPAN = 100.0
"""The larger side of an imported map, in map units (the built-in maps span about 100)."""
EARTH_RADIUS_M = 6_371_000.0
SPECIAL_LETTERS = {"ß": "ss", "æ": "ae", "œ": "oe", "ø": "o", "đ": "d", "ł": "l", "ı": "i"}
"""Letters that Unicode does not decompose into an ASCII letter and an accent."""


@dataclass(frozen=True)
class Place:
    """A station found in the feed: its name and mean position (degrees)."""

    name: str
    lat: float
    lon: float


def slug(text: str) -> str:
    """A readable ASCII id for ``text``: accents dropped, lower case, words joined by
    ``-``; ``"station"`` when nothing is left."""
    return ascii_words(text.casefold()) or "station"


def ascii_words(text: str) -> str:
    """The ASCII letters and digits of ``text`` (accents dropped), words joined by
    ``-``, at most ``MAX_ID_LENGTH - 8`` characters (room for a suffix).

    >>> ascii_words("Ring/Süd"), ascii_words("+")
    ('Ring-Sud', '')
    """
    text = "".join(SPECIAL_LETTERS.get(c, c) for c in text)
    ascii_text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    words = re.findall(r"[A-Za-z0-9]+", ascii_text)
    return "-".join(words)[: MAX_ID_LENGTH - 8].strip("-")


def unique_ids(names: Iterable[str], make: Callable[[str], str]) -> list[str]:
    """``make(name)`` for each name, the second and later uses of an id suffixed
    ``-2``, ``-3``, ... (compared without case, so ``A`` and ``a`` differ too)."""
    taken: set[str] = set()
    ids = []
    for name in names:
        base = make(name)
        candidate, k = base, 1
        while candidate.casefold() in taken:
            k += 1
            candidate = f"{base}-{k}"
        taken.add(candidate.casefold())
        ids.append(candidate)
    return ids


def clean_name(text: str, fallback: str) -> str:
    """A name as the map format takes it: no control characters, single spaces."""
    return " ".join(CONTROL_PATTERN.sub(" ", text).split()) or fallback


def feed_title(stem: str) -> str:
    """A city's name from a feed's file or folder name: separators to spaces, a word
    in lower case capitalised, the word ``gtfs`` dropped when others remain.

    >>> feed_title("prague"), feed_title("new_york-gtfs"), feed_title("VBB berlin")
    ('Prague', 'New York', 'VBB Berlin')
    """
    words = [w for w in re.split(r"[\s_.+-]+", clean_name(stem, "")) if w]
    words = [w for w in words if w.casefold() != "gtfs"] or words
    return " ".join(w[:1].upper() + w[1:] if w.islower() else w for w in words) or "GTFS"


# -- merging stops into stations -------------------------------------------------------


def merge_stops(stops: pd.DataFrame, used: Iterable[str], where: str) -> tuple[dict, dict]:
    """The station of every used stop id and the stations themselves.

    Returns ``(station_of, places)``: ``station_of[stop_id]`` is a station key,
    ``places[key]`` its :class:`Place`. ``where`` names ``stops.txt`` in messages.
    """
    refuse_duplicates(stops, "stop_id", where)
    rows = stops.set_index("stop_id")
    used = list(dict.fromkeys(used))
    unknown = [s for s in used if s not in rows.index]
    if unknown:
        raise GTFSError(f"{where}: no stop {unknown[0]!r}, which stop_times.txt uses")
    root_of = {stop: _root(stop, rows["parent_station"]) for stop in used}
    roots = _root_places(rows, root_of, where)
    cluster_of = _clusters(roots)
    places = _cluster_places(roots, cluster_of)
    return {stop: cluster_of[root] for stop, root in root_of.items()}, places


def _root(stop: str, parent: pd.Series) -> str:
    """The top of ``stop``'s parent chain (a parent missing from the file ends it)."""
    seen = {stop}
    while parent.get(stop, "") in parent.index and parent[stop] not in seen:
        stop = parent[stop]
        seen.add(stop)
    return stop


def _root_places(rows: pd.DataFrame, root_of: dict[str, str], where: str) -> dict[str, Place]:
    """Each root station's name and position: its own, or its used stops' mean when the
    feed gives the root none."""
    children: dict[str, list[str]] = {}
    for stop, root in root_of.items():
        children.setdefault(root, []).append(stop)
    places = {}
    for root, stops in children.items():
        own = _position(rows, root, where)
        points = [own] if own else [p for p in (_position(rows, s, where) for s in stops) if p]
        if not points:
            raise GTFSError(f"{where}: stop {root!r} has no stop_lat/stop_lon")
        lat, lon = (sum(c) / len(points) for c in zip(*points, strict=True))
        name = clean_name(rows.at[root, "stop_name"], root)
        places[root] = Place(name, lat, lon)
    return places


def _position(rows: pd.DataFrame, stop: str, where: str) -> tuple[float, float] | None:
    text = (rows.at[stop, "stop_lat"], rows.at[stop, "stop_lon"])
    if not all(text):
        return None
    try:
        lat, lon = float(text[0]), float(text[1])
    except ValueError:
        raise GTFSError(f"{where}: stop {stop!r} has a position that is no number") from None
    if not (-90 <= lat <= 90 and -180 <= lon <= 180):
        raise GTFSError(f"{where}: stop {stop!r} lies at no place on earth ({lat}, {lon})")
    return lat, lon


def _clusters(roots: dict[str, Place]) -> dict[str, str]:
    """Each root's cluster key (the first root of its cluster): same name, a chain of
    roots at most :data:`MERGE_DISTANCE_M` apart."""
    by_name: dict[str, list[str]] = {}
    for root, place in roots.items():
        by_name.setdefault(" ".join(place.name.casefold().split()), []).append(root)
    cluster_of = {}
    for group in by_name.values():
        for root in group:
            near = [k for k in group if k in cluster_of and _metres(roots[k], roots[root])
                    <= MERGE_DISTANCE_M]  # fmt: skip
            key = cluster_of[near[0]] if near else root
            for other in near:  # two clusters joined through this root
                old = cluster_of[other]
                cluster_of.update({k: key for k, v in cluster_of.items() if v == old})
            cluster_of[root] = key
    return cluster_of


def _metres(a: Place, b: Place) -> float:
    """Distance on the ground (equirectangular: exact enough over a few kilometres)."""
    dx = math.radians(b.lon - a.lon) * math.cos(math.radians((a.lat + b.lat) / 2))
    return EARTH_RADIUS_M * math.hypot(dx, math.radians(b.lat - a.lat))


def _cluster_places(roots: dict[str, Place], cluster_of: dict[str, str]) -> dict[str, Place]:
    members: dict[str, list[Place]] = {}
    for root, key in cluster_of.items():
        members.setdefault(key, []).append(roots[root])
    return {
        key: Place(
            roots[key].name,
            sum(p.lat for p in group) / len(group),
            sum(p.lon for p in group) / len(group),
        )
        for key, group in members.items()
    }


# -- coordinates -----------------------------------------------------------------------


@dataclass(frozen=True)
class Frame:
    """Map coordinates of positions on the ground: ``(lat, lon)`` to ``(x, y)``, not
    rounded, as :func:`project` places stations (see :func:`frame`); numbers or numpy
    arrays alike."""

    scale_x: float
    mid_x: float
    mid_y: float
    factor: float

    def __call__(self, lat: float, lon: float) -> tuple[float, float]:
        return (lon * self.scale_x - self.mid_x) * self.factor, (lat - self.mid_y) * self.factor

    def units_per_metre(self) -> float:
        """Map units for a metre on the ground."""
        return self.factor * math.degrees(1 / EARTH_RADIUS_M)


def frame(places: dict[str, Place]) -> Frame:
    """The :class:`Frame` of ``places``: equirectangular around their mean latitude,
    centred on 0 and scaled so that the larger side spans :data:`MAP_SPAN`.

    >>> f = frame({"w": Place("W", 50.0, 14.0), "e": Place("E", 50.0, 14.1)})
    >>> [round(c, 1) for c in f(50.0, 14.05)], round(f.units_per_metre(), 4)
    ([0.0, 0.0], 0.014)
    """
    lat0 = sum(p.lat for p in places.values()) / len(places)
    scale_x = math.cos(math.radians(lat0))
    xs = [p.lon * scale_x for p in places.values()]
    ys = [p.lat for p in places.values()]
    span = max(max(xs) - min(xs), max(ys) - min(ys))
    factor = MAP_SPAN / span if span > 0 else 1.0
    return Frame(scale_x, (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2, factor)


def map_round(value: float) -> float:
    """A coordinate rounded as the import writes it: to 0.1, never ``-0.0``.

    >>> map_round(-0.04), map_round(2.25)
    (0.0, 2.2)
    """
    return round(float(value), 1) + 0.0


def project(places: dict[str, Place]) -> dict[str, tuple[float, float]]:
    """Map coordinates (x east, y north) of ``places`` (see :func:`frame`), rounded
    with :func:`map_round`.

    >>> xy = project({"w": Place("W", 50.0, 14.0), "e": Place("E", 50.0, 14.1)})
    >>> xy
    {'w': (-50.0, 0.0), 'e': (50.0, 0.0)}
    """
    to_map = frame(places)
    return {
        k: (map_round(x), map_round(y))
        for k, (x, y) in ((k, to_map(p.lat, p.lon)) for k, p in places.items())
    }
