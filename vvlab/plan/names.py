"""The name placer of screen and paper: station names placed one after the other, none
covering another, a marker or a wagon (y up; units of a :class:`NameStyle`). A name
goes beside its station or, for a station that must be named where the plan is
crowded, apart with a leader line (the places: :mod:`vvlab.plan.name_options`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from vvlab.plan.geometry import (
    LINE_WIDTH,
    Box,
    Point,
    inflate,
    overlap_matrix,
    segments_meeting,
    shifted,
)
from vvlab.plan.name_options import (  # noqa: F401  (re-exported: the names' API)
    CANVAS_NAMES,
    SCREEN_NAMES,
    Name,
    NameStyle,
    Options,
    leader_options,
    name_options,
    wrapped,
)
from vvlab.plan.scene import LabelScene, LineSet, Segment, line_raster
from vvlab.plan.text import plain_text


def place_names(
    names: dict[str, str],
    points: dict[str, Point],
    radii: dict[str, float],
    *,
    key: set[str],
    lines: Sequence[Segment] | LineSet = (),
    obstacles: Sequence[Box] = (),
    bounds: Box,
    keep: dict[str, Name] | None = None,
    memo: dict[tuple[Any, ...], Options] | None = None,
    fixed: dict[str, Name] | None = None,
    style: NameStyle = SCREEN_NAMES,
    rounds: int | None = None,
) -> dict[str, Name]:
    """Each name placed, by station id, in the order of ``names``: beside its station's
    marker (``points``, ``radii``; every marker is an obstacle), apart from the other
    names and ``obstacles``, inside ``bounds``, off ``lines`` where possible (segments
    or a :class:`~vvlab.plan.scene.LineSet`); a ``key`` station's name then tries its
    ``style``'s other ``attempts``. ``keep``: names placed before, tried first where
    they were; ``memo``: each station's options, kept for the next call; ``fixed``:
    names that stay, never moved to make room; ``rounds``: tries at naming every key
    station (:data:`ROUNDS`; one around ``fixed`` names).

    >>> points = {"a": (50.0, 50.0), "b": (90.0, 50.0)}
    >>> placed = place_names({"a": "Aa", "b": "Bb"}, points, {"a": 4, "b": 4}, key={"a"},
    ...                      lines=[((50, 50), (90, 50))], bounds=(0, 0, 200, 100))
    >>> {s: [round(v) for v in name.box] for s, name in placed.items()}  # off the line a-b
    {'a': [30, 44, 43, 56], 'b': [97, 44, 110, 56]}
    """
    markers = [inflate((x, y, x, y), radii[s] + style.margin) for s, (x, y) in points.items()]
    stations = {s: (names[s], points[s], radii[s]) for s in names}
    order = [s for s in names if s in key]
    crowd = _crowds(points, order, style.crowd)
    order.sort(key=lambda s: -crowd[s])
    best = None
    options = memo if memo is not None else {}
    drawn = lines if isinstance(lines, LineSet) else line_raster(lines, LINE_WIDTH / 2)
    hopeless: set[str] = set()  # key stations without room even with no name placed
    for round_ in range(rounds or (1 if fixed else ROUNDS)):
        blocks = [*obstacles, *(() if style.clear_leaders else markers)]
        scene = LabelScene(blocks, bounds=bounds, gap=style.space, lines=drawn)
        for box in markers if style.clear_leaders else ():
            scene.take(box)  # taken, not obstacles: leaders keep off them too
        for name in (fixed or {}).values():
            scene.take(name.box, name.leader)
        namer = _Namer(scene, stations, options, keep or {}, style, hopeless)
        if round_ == 0:
            namer.take_kept(key)
        for s in order:
            if s not in namer.placed:
                namer.place(s, key=True)
        missing = [s for s in order if s not in namer.placed]
        for s in missing:
            if s not in hopeless:
                namer.make_room(s, LOCAL_TRIES if fixed else TRIES)
        missing = [s for s in order if s not in namer.placed]
        if best is None or len(missing) < len(best[1]):
            best = (namer, missing)
        if hopeless.issuperset(missing):  # no other round can name more of them
            break
        order = missing + [s for s in order if s not in missing]
    namer = best[0]
    others = [s for s in names if s not in key and s not in namer.placed]
    for s in namer.with_room(others):
        namer.place(s, key=False)
    return {s: namer.placed[s] for s in names if s in namer.placed}


ROUNDS = 4
"""Tries at naming every key station: each round places those left out before first."""
TRIES, LOCAL_TRIES = 40, 6
"""Names nearest to a key station without one moved in turn to make it room: in a
whole placement, and around ``fixed`` names (an edit, which must stay quick)."""


class _Namer:
    """The names placed so far in a :class:`~vvlab.plan.scene.LabelScene`, each station's
    options; ``hopeless``: key stations without room with no name in their way."""

    def __init__(
        self,
        scene: LabelScene,
        stations: dict[str, tuple[str, Point, float]],
        options: dict[tuple[Any, ...], Options],
        keep: dict[str, Name],
        style: NameStyle,
        hopeless: set[str],
    ):
        self.scene, self.stations, self.options = scene, stations, options
        self.keep, self.style, self.hopeless = keep, style, hopeless
        self.placed: dict[str, Name] = {}

    def take_kept(self, key: set[str]) -> None:
        """Take every kept name still where it may be (as :meth:`place` would), its
        leader meeting no box taken and no kept name taken before, all tested at once
        (most stay)."""
        ids = [s for s in self.keep if self._kept(s) and (self.keep[s].leader is None or s in key)]
        if not ids:
            return
        kept = [self.keep[s] for s in ids]
        cross = [s in key and self.style.may_cross for s in ids]
        places = self._test([(_as_options(name), c) for name, c in zip(kept, cross, strict=True)])
        hits = _blocking(kept, places.boxes, places.ends, places.led, self.scene.gap)
        taken: list[int] = []
        for k in np.flatnonzero(places.open):
            if not hits[k, taken].any() and not hits[taken, k].any():
                taken.append(int(k))
                self.placed[ids[k]] = kept[k]
                self.scene.take(kept[k].box, kept[k].leader)

    def place(self, sid: str, key: bool) -> bool:
        """Name ``sid`` if there is room: where it was kept, if still free (a key
        station's over a line if its style allows); else as the ``attempts`` say."""
        kept = self._kept(sid)
        if kept is not None:
            leaders = None if kept.leader is None else np.array([kept.leader], dtype=float)
            may_cross = key and self.style.may_cross
            if self.scene.choose(np.array([kept.box], dtype=float), may_cross, leaders) == 0:
                self.placed[sid] = kept
                return True
        attempts = self.style.attempts if key else self.style.attempts[:1]
        for kind, small, may_cross in attempts:
            options = self._options(sid, kind, small)
            k = self.scene.choose(options.boxes, may_cross, options.leaders)
            if k is not None:
                self.placed[sid] = options.name(k)
                return True
        if key and not self.placed:  # no name of this placement in its way: none ever will
            self.hopeless.add(sid)
        return False

    def _kept(self, sid: str) -> Name | None:
        """The name kept for ``sid`` if it still writes the station's name."""
        kept = self.keep.get(sid)
        if kept is None or sid not in self.stations:
            return None
        return kept if plain_text(kept.text).replace("\n", " ") == self.stations[sid][0] else None

    def with_room(self, sids: list[str]) -> list[str]:
        """The stations of ``sids`` with a clear place for their name now, all tested at
        once: placing names only takes room, so the others will find none."""
        if not sids:
            return []
        boxes, owner = [], []
        for k, sid in enumerate(sids):
            kept = self.keep.get(sid)
            if kept is not None:
                boxes.append(np.array([kept.box], dtype=float))
                owner.append(k)
            boxes.append(self._options(sid, "near").boxes)
            owner += [k] * len(boxes[-1])
        _, clear = self.scene.test(np.concatenate(boxes))
        room = np.zeros(len(sids), dtype=bool)
        room[np.asarray(owner)[clear]] = True
        return [sid for sid, ok in zip(sids, room, strict=True) if ok]

    def _options(self, sid: str, kind: str, small: bool = False) -> Options:
        return station_options(self.options, kind, *self.stations[sid], self.style, small)

    def make_room(self, sid: str, tries: int = TRIES) -> None:
        """Name key station ``sid`` by moving one of the ``tries`` names nearest to it:
        the first swap that places both. Only a name whose move frees one of the
        places of ``sid`` is tried (:meth:`_freeing`): a move of any other changes
        nothing but the order of the names placed, which it keeps."""
        x, y = self.stations[sid][1]
        nearest = sorted(self.placed, key=lambda s: _distance(self.placed[s].box, x, y))
        freeing = self._freeing(sid) if len(self.placed) > 1 else None
        for other in nearest[:tries]:
            theirs = self.placed.pop(other)
            if freeing is None or other in freeing:
                self.scene.drop(theirs.box, theirs.leader)
                if self.place(sid, key=True):
                    if self.place(other, key=True):
                        return
                    mine = self.placed.pop(sid)
                    self.scene.drop(mine.box, mine.leader)
                self.scene.take(theirs.box, theirs.leader)
            self.placed[other] = theirs

    def _freeing(self, sid: str) -> set[str] | None:
        """The names placed whose move alone would free a place :meth:`place` may take
        for key station ``sid``: the only name in the way of that place, which nothing
        else blocks (``None``: a place is free already; none and ``sid`` hopeless: no
        place is open even without the names placed)."""
        kept = self._kept(sid)
        tried = [] if kept is None else [(_as_options(kept), self.style.may_cross)]
        tried += [(self._options(sid, kind, small), c) for kind, small, c in self.style.attempts]
        placed = list(self.placed.values())
        for name in placed:  # what blocks a place besides the names: with them gone
            self.scene.drop(name.box, name.leader)
        places = self._test(tried)
        for name in placed:
            self.scene.take(name.box, name.leader)
        if not places.open.any():  # no room even without the names: none will ever make it
            self.hopeless.add(sid)
        hits = _blocking(placed, places.boxes, places.ends, places.led, self.scene.gap)
        hits = hits[places.open]
        if (hits.sum(axis=1) == 0).any():
            return None
        alone = hits[hits.sum(axis=1) == 1].any(axis=0)
        return {s for s, hit in zip(self.placed, alone, strict=True) if hit}

    def _test(self, tried: list[tuple[Options, bool]]) -> _Places:
        """The places of ``tried`` (options, whether over a line) tested at once: which
        are open as :meth:`~vvlab.plan.scene.LabelScene.choose` would take them."""
        boxes = np.concatenate([options.boxes for options, _ in tried])
        led = np.concatenate([np.full(len(o.boxes), o.leaders is not None) for o, _ in tried])
        cross = np.concatenate([np.full(len(o.boxes), c) for o, c in tried])
        ends = [options.leaders for options, _ in tried if options.leaders is not None]
        ends = np.concatenate(ends) if ends else np.zeros((0, 2, 2))
        free, clear = self.scene.test(boxes)
        free[led] &= ~self.scene.blocked(ends)
        return _Places(boxes, ends, led, free & (cross | clear))


class _Places(NamedTuple):
    """Places tested at once: their ``boxes``, the leaders (``ends``) of those marked
    ``led``, and which are ``open`` (free, and off the lines unless they may cross)."""

    boxes: np.ndarray
    ends: np.ndarray
    led: np.ndarray
    open: np.ndarray


def _as_options(name: Name) -> Options:
    """A name as placed, as the one option of its place."""
    leaders = None if name.leader is None else np.array([name.leader], dtype=float)
    box = np.array([name.box], dtype=float)
    return Options([name.text], np.zeros(1, dtype=int), box, leaders, name.size)


def _blocking(
    placed: list[Name], boxes: np.ndarray, ends: np.ndarray, led: np.ndarray, gap: float
) -> np.ndarray:
    """``[i, j]``: the name ``placed[j]`` is in the way of place ``i`` (``boxes``, those
    marked ``led`` with a leader of ``ends``) as a
    :class:`~vvlab.plan.scene.LabelScene` with a ``gap`` tests: its box within the
    gap, its leader across the place, or the place's leader across its box."""
    taken = np.array([name.box for name in placed], dtype=float).reshape(-1, 4)
    hits = overlap_matrix(inflate(boxes, gap) if gap else boxes, taken)
    theirs = [j for j, name in enumerate(placed) if name.leader is not None]
    if theirs:
        lines = np.array([placed[j].leader for j in theirs], dtype=float)
        hits[:, theirs] |= segments_meeting(lines, boxes)
    hits[led] |= segments_meeting(ends, taken).T
    return hits


def station_options(
    memo: dict[tuple[Any, ...], Options] | None,
    kind: str,
    name: str,
    point: Point,
    radius: float,
    style: NameStyle = SCREEN_NAMES,
    small: bool = False,
) -> Options:
    """A station's candidate places: :func:`name_options` (``kind`` ``"near"``) or
    :func:`leader_options` (``"far"``), kept in ``memo``.

    >>> memo, at = {}, ("near", "Aa", (0.0, 0.0), 4.0)
    >>> station_options(memo, *at) is station_options(memo, *at)
    True
    """
    at = (kind, small, name, point, radius, style)
    found = None if memo is None else memo.get(at)
    if found is None:
        make = name_options if kind == "near" else leader_options
        found = make(name, point, radius, style, small)
        if memo is not None:
            memo[at] = found
    return found


def keep_relative(
    placed: dict[str, Name], before: dict[str, Point], now: dict[str, Point]
) -> dict[str, Name]:
    """Names placed for the station points ``before`` moved with their stations to
    ``now`` (stations gone dropped), for :func:`place_names`'s ``keep``.

    >>> name = Name("A", (10.0, 0.0, 20.0, 10.0), ((0.0, 0.0), (10.0, 5.0)))
    >>> keep_relative({"a": name}, {"a": (0.0, 0.0)}, {"a": (1.0, 2.0)})["a"][1:3]
    ((11.0, 2.0, 21.0, 12.0), ((1.0, 2.0), (11.0, 7.0)))
    """
    out = {}
    for sid, name in placed.items():
        if sid not in now or sid not in before:
            continue
        dx, dy = now[sid][0] - before[sid][0], now[sid][1] - before[sid][1]
        leader = name.leader
        if leader is not None:
            leader = tuple((x + dx, y + dy) for x, y in leader)  # type: ignore[assignment]
        out[sid] = name._replace(box=shifted(name.box, (dx, dy)), leader=leader)
    return out


def _distance(box: Box, x: float, y: float) -> float:
    """The distance from the point to the nearest point of ``box``."""
    dx = max(box[0] - x, 0.0, x - box[2])
    dy = max(box[1] - y, 0.0, y - box[3])
    return math.hypot(dx, dy)


def _crowds(points: dict[str, Point], of: list[str], reach: float = 60) -> dict[str, int]:
    """How many stations lie within ``reach`` of each station ``of`` (in x and y)."""
    xy = np.array(list(points.values()), dtype=float).reshape(-1, 2)
    mine = np.array([points[s] for s in of], dtype=float).reshape(-1, 2)
    near = (np.abs(mine[:, None, :] - xy[None, :, :]) < reach).all(axis=2).sum(axis=1)
    return dict(zip(of, near.tolist(), strict=True))
