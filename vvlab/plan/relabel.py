"""Station names placed again after an edit only where the edit can matter.

A :class:`Naming` holds everything a placement depends on; :func:`place_again`
compares the one the names were placed for with the new one and places again only the
names that the changes (stations, lines, obstacles) could reach, around the others,
which stay: placing every name again was most of a map editor's edit. The result
keeps the placement's rules, not necessarily the places a new placement would choose.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, NamedTuple

import numpy as np

from vvlab.plan.geometry import (
    LINE_WIDTH,
    Box,
    Point,
    boxes_overlap,
    clip_segments,
    extent,
    inflate,
    overlaps_any,
    segment_boxes,
    segments_meeting,
)
from vvlab.plan.names import (
    ROUNDS,
    SCREEN_NAMES,
    Name,
    NameStyle,
    keep_relative,
    place_names,
    station_options,
)
from vvlab.plan.scene import Segment
from vvlab.plan.text import screen_width

__all__ = ["Naming", "place_again", "place_naming"]

CHANGED_SHARE = 0.3
"""With more of the stations changed than this, everything is placed again."""


class Naming(NamedTuple):
    """What a placement of station names depends on (pixels, y up): the arguments of
    :func:`~vvlab.plan.names.place_names` (``names`` in placing order)."""

    names: dict[str, str]
    points: dict[str, Point]
    radii: dict[str, float]
    key: frozenset[str]
    lines: tuple[Segment, ...]
    obstacles: tuple[Box, ...]
    bounds: Box
    style: NameStyle = SCREEN_NAMES


def place_naming(
    naming: Naming, keep: dict[str, Name] | None = None, memo: dict | None = None
) -> dict[str, Name]:
    """:func:`~vvlab.plan.names.place_names` for ``naming`` (``keep`` and ``memo`` as
    there).

    >>> naming = Naming({"a": "Aa"}, {"a": (50.0, 50.0)}, {"a": 4.0}, frozenset({"a"}),
    ...                 (), (), (0, 0, 200, 100))
    >>> place_naming(naming)["a"].text
    'Aa'
    """
    return place_names(
        naming.names, naming.points, naming.radii, key=set(naming.key), lines=naming.lines,
        obstacles=naming.obstacles, bounds=naming.bounds, keep=keep, memo=memo,
        style=naming.style,
    )  # fmt: skip


def place_again(
    before: Naming, placed: dict[str, Name], now: Naming, memo: dict | None = None
) -> dict[str, Name]:
    """The names for ``now``, where ``placed`` were placed for ``before``: those no
    change can reach stay, the others are placed again around them (first where they
    were). Key stations left without a name (that would have room without the other
    names) are placed again with the names around them; only when more of them stay
    without one than :data:`KEYS_SPARED` (net of those named now and not before), or
    when the bounds, the style or much of the city changed, are all names placed again.

    >>> points = {s: (20.0 + 100 * k, 50.0) for k, s in enumerate("abcd")}
    >>> naming = Naming({s: s.upper() * 2 for s in points}, points, dict.fromkeys(points, 4.0),
    ...                 frozenset(points), (), (), (0, 0, 500, 100))
    >>> placed = place_naming(naming)
    >>> moved = naming._replace(points={**points, "d": (340.0, 50.0)})
    >>> again = place_again(naming, placed, moved)
    >>> [again[s] is placed[s] for s in "abc"], again["d"].box[0] - placed["d"].box[0]
    ([True, True, True], 20.0)
    """
    changed = _changed_stations(before, now)
    elsewhere = (before.bounds, before.style) != (now.bounds, now.style)
    if elsewhere or len(changed) > CHANGED_SHARE * max(len(now.points), 1):
        return _place_all(before, placed, now, memo)
    ids = list(now.names)
    is_open = _opened(before, now, placed, changed, ids, memo)
    opened = [s for s, o in zip(ids, is_open, strict=True) if o]
    if not opened:
        return {s: placed[s] for s in ids if s in placed}
    names = _place_opened(before, placed, now, opened, memo)
    owed = {s for s in now.key if s in placed or s in changed}  # key stations to name
    lost = _keys_lost(now, names, owed, memo)
    if len(lost) > _gained(now, placed, names):
        # names nearby may hold the only room left for them: place those again too
        around = set(opened).union(_around(now, names, lost))
        nearby = [s for s in now.names if s in around]
        wider = _place_opened(before, placed, now, nearby, memo, ROUNDS)
        more = _keys_lost(now, wider, owed, memo)
        if len(more) - _gained(now, placed, wider) < len(lost) - _gained(now, placed, names):
            names, lost = wider, more
    if len(lost) > _gained(now, placed, names) + KEYS_SPARED:
        return _place_all(before, placed, now, memo)
    return names


def _place_all(
    before: Naming, placed: dict[str, Name], now: Naming, memo: dict | None
) -> dict[str, Name]:
    """Every name of ``now`` placed again, each first where it was beside its station."""
    return place_naming(now, keep_relative(placed, before.points, now.points), memo)


def _gained(now: Naming, placed: dict[str, Name], names: dict[str, Name]) -> int:
    """How many key stations of ``now`` have a name in ``names`` and had none in ``placed``."""
    return sum(s in names and s not in placed for s in now.key)


KEYS_SPARED = 1
"""Key stations an edit may leave without a name, net, before all names are placed
again: as many as placements of the same plan differ by."""


def _place_opened(
    before: Naming,
    placed: dict[str, Name],
    now: Naming,
    opened: list[str],
    memo: dict | None,
    rounds: int | None = None,
) -> dict[str, Name]:
    """The names of ``now``: those ``placed`` but not ``opened`` stay, those of
    ``opened`` are placed again around them, in the area they can reach (first where
    they were for ``before``; in ``rounds``, as :func:`~vvlab.plan.names.place_names`
    takes them)."""
    again = set(opened)
    fixed = {s: placed[s] for s in now.names if s in placed and s not in again}
    area = tuple(extent(_reaches(now, {}, set(), opened)).tolist())
    kept = keep_relative({s: placed[s] for s in opened if s in placed}, before.points, now.points)
    new = place_names(
        {s: now.names[s] for s in opened}, now.points, now.radii,
        key=set(now.key).intersection(opened), lines=_segments_in(now.lines, area),
        obstacles=_obstacles_in(now, area), bounds=now.bounds,
        keep=kept, memo=memo, fixed=fixed, style=now.style,
        rounds=rounds,
    )  # fmt: skip
    return {s: fixed[s] if s in fixed else new[s] for s in now.names if s in fixed or s in new}


def _keys_lost(now: Naming, names: dict[str, Name], owed: set[str], memo: dict | None) -> list[str]:
    """The key stations of ``owed`` without a name in ``names`` that would have room
    for one on the plan without any other name (those without cannot be named by any
    placement)."""
    return [s for s in now.names if s in owed and s not in names and _has_room(now, s, memo)]


def _has_room(now: Naming, sid: str, memo: dict | None) -> bool:
    """Whether key station ``sid`` of ``now`` has a place for its name with no other
    name placed (clear of the markers, lines and obstacles, inside the bounds).

    >>> naming = Naming({"a": "Aa"}, {"a": (50.0, 50.0)}, {"a": 4.0}, frozenset({"a"}),
    ...                 (), (), (0, 0, 200, 100))
    >>> _has_room(naming, "a", None), _has_room(naming._replace(bounds=(40, 40, 60, 60)), "a", None)
    (True, False)
    """
    area = tuple(_reaches(now, {}, set(), [sid])[0].tolist())
    alone = place_names(
        {sid: now.names[sid]}, now.points, now.radii, key={sid},
        lines=_segments_in(now.lines, area), obstacles=_obstacles_in(now, area),
        bounds=now.bounds, memo=memo, style=now.style, rounds=1,
    )  # fmt: skip
    return sid in alone


def _around(now: Naming, names: dict[str, Name], lost: list[str]) -> list[str]:
    """``lost`` and the stations near them to place again to make them room: those
    whose names in ``names`` lie where the names of ``lost`` may go, and the key
    stations without a name there (room may come free for them as well)."""
    reach = _reaches(now, {}, set(), lost)
    named = [s for s in names if s not in lost]
    extents = [_name_extent(names[s]) for s in named]
    unnamed = [s for s in now.names if s in now.key and s not in names and s not in lost]
    extents += [(*now.points[s], *now.points[s]) for s in unnamed]
    hits = overlaps_any(np.array(extents, dtype=float).reshape(-1, 4), reach)
    near = {s for s, hit in zip([*named, *unnamed], hits, strict=True) if hit}
    return [s for s in now.names if s in near or s in lost]


def _obstacles_in(naming: Naming, area: Box) -> list[Box]:
    """The obstacles of ``naming`` that meet ``area``."""
    return [b for b in naming.obstacles if boxes_overlap(b, area, touching=True)]


def _opened(
    before: Naming,
    now: Naming,
    placed: dict[str, Name],
    changed: set[str],
    ids: list[str],
    memo: dict | None = None,
) -> np.ndarray:
    """Which stations of ``ids`` to name again: the changed ones; those named before
    whose name (or leader) the change now blocks (a new marker, obstacle or line in
    its way); those without a name whose places the change blocks or frees."""
    blocking = _blocking_boxes(before, now, changed)
    added = np.array(list(set(now.lines) - set(before.lines)), dtype=float).reshape(-1, 2, 2)
    extents = _reaches(now, placed, changed, ids)
    named = np.array([s in placed and s not in changed for s in ids], dtype=bool)
    opened = np.array([s in changed for s in ids], dtype=bool)
    opened |= named & overlaps_any(extents, blocking, touching=True)
    if len(added):
        grown = inflate(extents, LINE_WIDTH / 2)
        rows = np.flatnonzero(named & overlaps_any(grown, segment_boxes(added), touching=True))
        if len(rows):  # the exact test only where the boxes meet
            opened[rows[segments_meeting(added, grown[rows]).any(axis=1)]] = True
    freed = _freed_boxes(before, now, placed, changed)
    for k in np.flatnonzero(~named & ~opened & overlaps_any(extents, freed, touching=True)):
        sid = ids[k]  # room may have come free where it could go: test its places
        places = station_options(
            memo, "near", now.names[sid], now.points[sid], now.radii[sid], now.style
        )
        opened[k] = sid in now.key or bool(overlaps_any(freed, places.boxes, touching=True).any())
    return opened


def _station(naming: Naming, sid: str) -> tuple[Any, ...]:
    return (naming.names.get(sid), naming.points.get(sid), naming.radii.get(sid),
            sid in naming.key)  # fmt: skip


def _changed_stations(before: Naming, now: Naming) -> set[str]:
    """The stations whose name, place, marker or key role differ (or that came or went)."""
    every = dict.fromkeys([*before.points, *now.points])
    return {s for s in every if _station(before, s) != _station(now, s)}


def _blocking_boxes(before: Naming, now: Naming, changed: set[str]) -> np.ndarray:
    """Boxes (rows) that may now be in a name's way: the changed stations' markers
    and the obstacles added."""
    boxes = _markers(now, changed) + list(set(now.obstacles) - set(before.obstacles))
    return np.array(boxes, dtype=float).reshape(-1, 4)


def _markers(naming: Naming, sids: Iterable[str]) -> list[Box]:
    """The markers of the stations ``sids`` that ``naming`` has, 1 px wider."""
    points, radii = naming.points, naming.radii
    return [inflate((*points[s], *points[s]), radii[s] + 1) for s in sids if s in points]


def _freed_boxes(
    before: Naming, now: Naming, placed: dict[str, Name], changed: set[str]
) -> np.ndarray:
    """Boxes (rows) where room may have come free: the changed stations' markers and
    names as they were, and the lines between two stations removed and not drawn
    again close by (as a draft draws a plan's lines). Not the obstacles removed nor
    the lines out to them: the names beside a draft's wagons should not come and go."""
    boxes = _markers(before, changed) + [_name_extent(placed[s]) for s in changed if s in placed]
    removed = np.array(list(set(before.lines) - set(now.lines)), dtype=float).reshape(-1, 2, 2)
    now_lines = np.array(now.lines, dtype=float).reshape(-1, 2, 2)
    stations = np.array(list(before.points.values()), dtype=float).reshape(-1, 2)
    joining = removed[_joins(removed, stations)]
    gone = joining[~_redrawn(joining, now_lines)]
    return np.concatenate(
        [np.array(boxes, dtype=float).reshape(-1, 4), segment_boxes(gone, LINE_WIDTH)]
    )


def _name_extent(name: Name) -> Box:
    """A placed name's box with its leader, if any."""
    x0, y0, x1, y1 = name.box
    if name.leader is not None:
        (a, b), (c, d) = name.leader
        x0, y0, x1, y1 = min(x0, a, c), min(y0, b, d), max(x1, a, c), max(y1, b, d)
    return (x0, y0, x1, y1)


REDRAWN = 12.0
"""Pixels within which a removed line drawn again counts as the same line."""


def _joins(segments: np.ndarray, points: np.ndarray) -> np.ndarray:
    """Which ``segments`` (``(n, 2, 2)``) join two of ``points``: each end within
    :data:`REDRAWN` of a different one (not a station and a wagon, nor the short
    pieces a plan draws within a station).

    >>> _joins(np.array([[[0, 0], [9, 0]], [[0, 0], [60, 0]], [[0, 0], [3, 0]]], float),
    ...        np.array([[0.0, 1.0], [10.0, 0.0]])).tolist()
    [True, False, False]
    """
    if not len(segments) or not len(points):
        return np.zeros(len(segments), dtype=bool)
    ends = segments.reshape(-1, 2)
    gaps = np.hypot(*(ends[:, None, :] - points[None]).transpose(2, 0, 1))
    nearest = gaps.argmin(axis=1).reshape(-1, 2)
    close = (gaps.min(axis=1) <= REDRAWN).reshape(-1, 2).all(axis=1)
    return close & (nearest[:, 0] != nearest[:, 1])


def _redrawn(segments: np.ndarray, others: np.ndarray) -> np.ndarray:
    """Which ``segments`` (``(n, 2, 2)``) are drawn again among ``others``: one of
    them has its two ends within :data:`REDRAWN` of the segment's (either way round).

    >>> seg = np.array([[[0.0, 0.0], [10.0, 0.0]], [[0.0, 50.0], [10.0, 50.0]]])
    >>> _redrawn(seg, np.array([[[10.0, 3.0], [0.0, 3.0]]])).tolist()
    [True, False]
    """
    if not len(segments) or not len(others):
        return np.zeros(len(segments), dtype=bool)

    def apart(p: np.ndarray, q: np.ndarray) -> np.ndarray:
        return np.abs(p[:, None, :] - q[None, :, :]).max(axis=2)

    a, b = segments[:, 0], segments[:, 1]
    same = np.maximum(apart(a, others[:, 0]), apart(b, others[:, 1]))
    turned = np.maximum(apart(a, others[:, 1]), apart(b, others[:, 0]))
    return (np.minimum(same, turned) <= REDRAWN).any(axis=1)


def _reaches(now: Naming, placed: dict[str, Name], changed: set[str], ids: list[str]) -> np.ndarray:
    """Per station of ``ids``, the box its name may touch: where its name is, if it
    stays, else every place it may go (for a key station also set apart)."""
    rows = []
    for sid in ids:
        if sid in placed and sid not in changed:
            rows.append(_name_extent(placed[sid]))
            continue
        (x, y), r = now.points[sid], now.radii[sid]
        style = now.style
        width, height = screen_width(now.names[sid], style.size), 2 * style.leading * style.size
        near = r + style.gap + style.rings[-1] + 1
        far = style.reach[-1] + 1 if sid in now.key else near
        rows.append((x - far - width, y - far - height, x + far + width, y + far + height))
    return np.array(rows, dtype=float).reshape(-1, 4)


def _segments_in(lines: Iterable[Segment], area: Box) -> list[Segment]:
    """The parts of the segments inside ``area`` (Liang-Barsky clipping): the names
    placed again stay there, and a line raster of the area alone is quick to draw.

    >>> _segments_in([((0.0, 5.0), (20.0, 5.0)), ((0.0, 50.0), (9.0, 50.0))], (5, 0, 10, 10))
    [((5.0, 5.0), (10.0, 5.0))]
    """
    seg = np.array(list(lines), dtype=float).reshape(-1, 2, 2)
    t0, t1 = clip_segments(seg[:, 0], seg[:, 1], area)
    keep = t0 <= t1
    p, d = seg[keep, 0], seg[keep, 1] - seg[keep, 0]
    ends = np.stack([p + t0[keep, None] * d, p + t1[keep, None] * d], axis=1)
    return [((float(a), float(b)), (float(c), float(e))) for (a, b), (c, e) in ends]
