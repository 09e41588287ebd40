"""The plan's layout for the map editor, remembered: a renamed station or a recoloured
line needs no new layout (:class:`GeometryCache`), a recoloured line no new placement
of the station names (:class:`NameCache`).
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from vvlab.plan.geometry import HEIGHT, WIDTH
from vvlab.plan.names import CANVAS_NAMES
from vvlab.plan.relabel import Naming, place_again, place_naming
from vvlab.plan.wagons import MapGeometry, map_geometry
from vvlab.viz.names import plan_naming

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap
    from vvlab.plan.geometry import Frame
    from vvlab.plan.names import Name
    from vvlab.plan.scene import Segment


def layout_key(city: CityMap, width: int, height: int) -> tuple[Any, ...]:
    """What :func:`~vvlab.plan.wagons.map_geometry` depends on: positions, routes, bends,
    wagon sizes, size (not names, colours or bonuses).

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> layout_key(city, 900, 640) == layout_key(vvlab.load_map("tutorial"), 900, 640)
    True
    """
    stations = tuple((s.id, s.x, s.y) for s in city.stations.values())
    lines = tuple((ln.id, ln.stations, ln.indicators) for ln in city.lines)
    bends = tuple((edge.between, edge.via) for edge in city.edges)
    return stations, lines, bends, width, height


RECENT = 8
"""Layouts and name placements remembered for the last few cities shown: an undo
shows the city as it was, without laying it out again."""


def remember(recent: dict[Any, Any], key: Any, value: Any) -> Any:
    """Keep ``value`` under ``key`` among the :data:`RECENT` last; returns ``value``.

    >>> recent = {}
    >>> [remember(recent, k, k * k) for k in range(10)][-1], len(recent), min(recent)
    (81, 8, 2)
    """
    recent.pop(key, None)
    recent[key] = value
    while len(recent) > RECENT:
        del recent[next(iter(recent))]
    return value


class GeometryCache:
    """:func:`~vvlab.plan.wagons.map_geometry` remembering its answers for the last few
    cities (a renamed station or a recoloured line needs no new layout, nor does an
    undo).

    >>> import vvlab
    >>> cache = GeometryCache()
    >>> first = cache(vvlab.load_map("tutorial"), 900, 640)
    >>> cache(vvlab.load_map("tutorial"), 900, 640) is first
    True
    """

    def __init__(self) -> None:
        self.recent: dict[Any, MapGeometry] = {}

    def __call__(
        self, city: CityMap, width: int = WIDTH, height: int = HEIGHT, frame: Frame | None = None
    ) -> MapGeometry:
        key = (layout_key(city, width, height), frame)
        found = self.recent.get(key)
        return remember(self.recent, key, found or map_geometry(city, width, height, frame))


class NameCache:
    """The canvas's station names (:func:`~vvlab.viz.names.placed_names` in the
    :data:`~vvlab.plan.names.CANVAS_NAMES` style: never over a line, nor over
    ``drawing``, the line being drawn, in map units) remembering its last answer while
    the layout, the names and the canvas's pixels stay the same (a recoloured line, a
    selection or a changed bonus needs no new placement). After an edit in the same
    view only the names the edit can reach are placed again, around the others
    (:func:`~vvlab.plan.relabel.place_again`): the names an edit does not disturb stay
    put, and placing the others is quick. Each station's candidate places are kept
    from edit to edit too (``memo``), for the stations the edit did not move.

    >>> import vvlab
    >>> from vvlab.plan.wagons import map_geometry
    >>> city, cache = vvlab.load_map("tutorial"), NameCache()
    >>> geo = map_geometry(city)
    >>> cache(city, geo, geo.frame) is cache(vvlab.load_map("tutorial"), geo, geo.frame)
    True
    """

    MEMO_SIZE = 4000
    """The most candidate sets kept (a few edits' worth of a large city)."""

    def __init__(self) -> None:
        self.key: Any = None
        self.names: dict[str, Name] = {}
        self.naming: Naming | None = None
        self.memo: dict[tuple[Any, ...], Any] = {}
        self.recent: dict[Any, tuple[dict[str, Name], Naming]] = {}

    def __call__(
        self, city: CityMap, geo: MapGeometry, frame: Frame, drawing: tuple[Segment, ...] = ()
    ) -> dict[str, Name]:
        names = tuple((s.id, s.name) for s in city.stations.values())
        key = (layout_key(city, 0, 0), names, geo.frame, frame, drawing)
        if key != self.key:
            self._place(key, lambda: plan_naming(city, geo, frame, CANVAS_NAMES, drawing))
        return self.names

    def sketch(
        self, data: dict[str, Any], frame: Frame, drawing: tuple[Segment, ...] = ()
    ) -> dict[str, Name]:
        """The names of a draft (:func:`~vvlab.widgets.editor.sketch.sketch_names`),
        remembered the same way (and placed again only near an edit, in the same
        view). A draft has no wagons, so its names depend on where its stations are
        and which pairs its lines join, not on the lines' directions: a reversed line
        keeps them all.

        >>> from vvlab.widgets.editor.sketch import canvas_frame
        >>> data = {"stations": {"a": {"x": 0, "y": 0}, "b": {"x": 4, "y": 0}},
        ...         "lines": [{"id": "L1", "stations": ["a", "b"]}]}
        >>> cache, frame = NameCache(), canvas_frame((-2, -2, 6, 2), 920, 640)
        >>> first = cache.sketch(data, frame)
        >>> data["lines"][0]["stations"].reverse()
        >>> cache.sketch(data, frame) is first
        True
        """
        from vvlab.widgets.editor.sketch import sketch_naming

        key = ("sketch", sketch_key(data), None, frame, drawing)
        if key != self.key:
            self._place(key, lambda: sketch_naming(data, frame, drawing))
        return self.names

    def _place(self, key: Any, naming: Callable[[], Naming]) -> None:
        """The names for ``key``: as shown the last time it was (an undo), or placed
        again where the change from those shown now can reach (in another view, all of
        them, each first tried where it was beside its station)."""
        if key in self.recent:
            self.names, self.naming = self.recent[key]
        else:
            now = naming()
            if len(self.memo) > self.MEMO_SIZE:
                self.memo.clear()
            if self.naming is not None:  # in another view too: each name tried where it was
                self.names = place_again(self.naming, self.names, now, self.memo)
            else:
                self.names = place_naming(now, None, self.memo)
            self.naming = now
        self.key = key
        remember(self.recent, key, (self.names, self.naming))


def sketch_key(data: dict[str, Any]) -> str:
    """What a draft's names depend on: its stations, the pairs of stations its lines
    join, the ends of its lines and how many lines pass through each station.

    >>> one = {"stations": {}, "lines": [{"id": "A", "stations": ["a", "b", "c"]}]}
    >>> two = {"stations": {}, "lines": [{"id": "A", "stations": ["c", "b", "a"]}]}
    >>> sketch_key(one) == sketch_key(two)
    True
    """
    routes = [[str(s) for s in line.get("stations") or []] for line in data.get("lines") or []]
    pairs = sorted({tuple(sorted(p)) for route in routes for p in pairwise(route)})
    ends = sorted({s for route in routes if route for s in (route[0], route[-1])})
    through = sorted(Counter(s for route in routes for s in set(route)).items())
    return json.dumps([data.get("stations"), pairs, ends, through], sort_keys=True, default=str)


class WagonCache:
    """The wagons' traces as plotly JSON (:func:`~vvlab.viz.plan.wagon_traces`), each
    line's kept while its wagon stays where it is and its id, name, colour, boxes and
    bonus stay the same: an edit elsewhere rebuilds no wagon.

    >>> import vvlab
    >>> city, cache = vvlab.load_map("tutorial"), WagonCache()
    >>> geo = map_geometry(city)
    >>> first = cache(city, geo)
    >>> [t["meta"]["role"] for t in first][:3], cache(city, geo)[0] is first[0]
    (['wagon', 'indicators', 'bonus'], True)
    """

    def __init__(self) -> None:
        self.traces: dict[Any, list[dict[str, Any]]] = {}

    def __call__(self, city: CityMap, geo: MapGeometry) -> list[dict[str, Any]]:
        from vvlab.viz.plan import wagon_traces

        kept: dict[Any, list[dict[str, Any]]] = {}
        out = []
        for line in city.lines:
            key = (line.id, line.name, line.color, line.indicators, line.bonus_first,
                   line.bonus_later, geo.wagons[line.id])  # fmt: skip
            if key not in self.traces:
                made = wagon_traces(city, geo, lines=[line])
                self.traces[key] = [t.to_plotly_json() for t in made]
            kept[key] = self.traces[key]
            out += kept[key]
        self.traces = kept
        return out


class LineCache:
    """The lines' traces as plotly JSON, each line's kept while its id, name, colour
    and points stay the same: an edit rebuilds only the lines it changed. For a valid
    city (:meth:`plan`, as :func:`~vvlab.viz.plan.line_traces` draws them) and for a
    draft (:meth:`sketch`, as :func:`~vvlab.widgets.editor.sketch.sketch_line`); each
    kind keeps its own, so that a city turning into a draft and back redraws only the
    lines that changed meanwhile.

    >>> import vvlab
    >>> city, cache = vvlab.load_map("tutorial"), LineCache()
    >>> first = cache.plan(city, map_geometry(city))
    >>> [t["name"] for t in first][:2], cache.plan(city, map_geometry(city))[0] is first[0]
    (['A · Amber', 'B · Blue'], True)
    """

    def __init__(self) -> None:
        self.traces: dict[str, dict[Any, dict[str, Any]]] = {"plan": {}, "sketch": {}}

    def plan(self, city: CityMap, geo: MapGeometry) -> list[dict[str, Any]]:
        """The lines of a valid city laid out as ``geo``."""
        from vvlab.viz.plan import line_traces

        def make(line: Any) -> dict[str, Any]:
            return line_traces(city, geo, lines=[line])[0].to_plotly_json()

        keys = [(ln.id, ln.name, ln.color, tuple(geo.paths[ln.id])) for ln in city.lines]
        return self._kept("plan", keys, city.lines, make)

    def sketch(self, data: dict[str, Any]) -> list[dict[str, Any]]:
        """The lines of a draft through its stations that have a place."""
        from vvlab.widgets.editor.sketch import known_stations, sketch_line

        stations = known_stations(data)
        keys = [
            (json.dumps(line, sort_keys=True, default=str),
             tuple((stations[s]["x"], stations[s]["y"]) for s in line.get("stations") or []
                   if s in stations))
            for line in data["lines"]
        ]  # fmt: skip
        return self._kept("sketch", keys, data["lines"], lambda ln: sketch_line(ln, stations))

    def _kept(self, kind: str, keys: list[Any], lines: Any, make: Any) -> list[dict[str, Any]]:
        old = self.traces[kind]
        kept = {k: old[k] if k in old else make(ln) for k, ln in zip(keys, lines, strict=True)}
        self.traces[kind] = kept
        return [kept[k] for k in keys]
