"""Route edits when numbers cannot do it: :func:`route_suggestions` tries small edits of
one line's route on the tuned city and keeps those that judge better, each a
:class:`RouteSuggestion` with its measured effect and a plain explanation.

:func:`tune` calls it when ``"routes"`` is in ``vary`` and the tuned numbers still
miss a target; it never applies a suggestion (``TuneResult.city`` keeps every route).
The candidates (:func:`route_edits`), one line and one station each:

- ``"earlier"``: the line ends one station earlier at one of its ends (the station left
  off stays on another line: a station on no line would leave the map);
- ``"later"``: the line ends one station later, at a station joined to its end by an
  existing track (the two stations follow each other on another line). Only the real
  network's tracks are followed, never a station that merely lies next in line on the
  drawing: a designer can trust that the new piece of route is track they already have;
- ``"off"``: the line no longer stops at a station it shares with another line,
  between its ends (its neighbours on the line are joined; the station stays on the
  other line);
- ``"move"``: the line's end moves to another station joined by an existing track to
  the station before the end (the line takes another branch); the old end stays on
  another line.

Every candidate keeps at least two stations a line, keeps the network in one piece
when it was, and passes :func:`~vvlab.model.validate.validate_map_data` (the bends of
an edge no longer used go with it). The most promising are judged first (the lines
that miss their completion target, edited in the direction that helps), at most
:data:`ROUTE_CANDIDATES` of them, on the same deals as the verdict they improve on, so
the same seed gives the same suggestions. Work is bounded by that count, not a clock.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import networkx as nx

from vvlab.model import CityMap
from vvlab.model.edges import drop_stale_bends
from vvlab.model.validate import validate_map_data

if TYPE_CHECKING:
    from vvlab.design.report import BalanceReport

__all__ = [
    "ROUTES",
    "ROUTE_CANDIDATES",
    "RouteEdit",
    "RouteSuggestion",
    "route_edits",
    "route_suggestions",
]  # fmt: skip

ROUTES = "routes"
"""The word in ``tune(vary=...)`` that lets it propose route edits."""
ROUTE_CANDIDATES = 12
"""Route edits judged at most by one :func:`route_suggestions`."""
MAX_SUGGESTIONS = 5
"""Route suggestions kept at most, the best first."""
MIN_GAIN = 1e-6
"""The least gain in fitness that makes a route edit worth suggesting."""


@dataclass(frozen=True)
class RouteEdit:
    """One line's route changed by one station: ``kind`` (``"earlier"``, ``"later"``,
    ``"off"``, ``"move"``), the ``end`` it happens at (``"start"``: the wagon's end,
    ``"end"``: the terminus; ``""`` for ``"off"``), the ``station`` it adds, leaves off
    or moves to, the ``old`` station an end moves from (``"move"`` only) and the route
    ``before`` and ``after``.

    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> edit = RouteEdit("D", "later", "end", "central", ("lake", "park"),
    ...                  ("lake", "park", "central"))
    >>> edit.apply(city).line("D").stations
    ('lake', 'park', 'central')
    >>> edit.stations
    ('park', 'central')
    """

    line: str
    kind: str
    end: str
    station: str
    before: tuple[str, ...]
    after: tuple[str, ...]
    old: str = ""

    @property
    def stations(self) -> tuple[str, ...]:
        """The stations the edit touches, for showing it: the station added, left off
        or moved to, and its neighbours on the line (the old end of a move too)."""
        route = self.after if self.station in self.after else self.before
        k = route.index(self.station)
        near = route[max(k - 1, 0) : k + 2]
        return tuple(dict.fromkeys((*near, *((self.old,) if self.old else ()))))

    def data(self, city: CityMap) -> dict[str, Any]:
        """The map data of ``city`` with this edit (bends of unused edges dropped)."""
        data = city.to_dict()
        for line in data["lines"]:
            if line["id"] == self.line:
                line["stations"] = list(self.after)
        drop_stale_bends(data)
        return data

    def apply(self, city: CityMap) -> CityMap:
        """``city`` with this edit."""
        return CityMap.from_dict(self.data(city))


@dataclass
class RouteSuggestion:
    """A route edit worth making: the ``edit``, the ``city`` with it (and the tuned
    numbers), its verdict ``report`` on the same deals as ``base`` (the verdict
    without it), the ``gain`` in :func:`~vvlab.design.tune.fitness`, and in the game's
    words ``text`` (what changes) and ``why`` (what it helps, measured)."""

    edit: RouteEdit
    city: CityMap
    report: BalanceReport
    base: BalanceReport
    gain: float
    text: str
    why: str

    @property
    def line(self) -> str:
        return self.edit.line

    @property
    def route(self) -> tuple[str, ...]:
        """The line's stations with the edit."""
        return self.edit.after

    def __repr__(self) -> str:
        return f"<RouteSuggestion {self.text}>"


def _ends(route: tuple[str, ...]) -> Iterator[tuple[str, tuple[str, ...], Callable]]:
    """Each end of a route: its name, the route read from that end backwards (the end
    last) and how to turn such a route back into the line's order."""
    yield "end", route, tuple
    yield "start", route[::-1], lambda r: tuple(r)[::-1]


def _neighbours(city: CityMap, sid: str) -> list[str]:
    """Stations joined to ``sid`` by an existing track, in the city's station order."""
    near = set(city.graph.neighbors(sid))
    return [s for s in city.stations if s in near]


def _end_edits(city: CityMap, line_id: str, route: tuple[str, ...]) -> Iterator[RouteEdit]:
    for end, seq, back in _ends(route):
        last, shared = seq[-1], len(city.lines_through(seq[-1])) > 1
        if len(seq) > 2 and shared:
            yield RouteEdit(line_id, "earlier", end, seq[-2], route, back(seq[:-1]), last)
        for sid in _neighbours(city, last):
            if sid not in seq:
                yield RouteEdit(line_id, "later", end, sid, route, back((*seq, sid)))
        for sid in _neighbours(city, seq[-2]) if shared else ():
            if sid not in seq:
                yield RouteEdit(line_id, "move", end, sid, route, back((*seq[:-1], sid)), last)


def _off_edits(city: CityMap, line_id: str, route: tuple[str, ...]) -> Iterator[RouteEdit]:
    for k in range(1, len(route) - 1):
        if len(city.lines_through(route[k])) > 1:
            yield RouteEdit(line_id, "off", "", route[k], route, route[:k] + route[k + 1 :])


def _fits(city: CityMap, edit: RouteEdit) -> bool:
    """Whether the edited city is a valid map, its network in one piece if it was."""
    data = edit.data(city)
    if validate_map_data(data):
        return False
    return not nx.is_connected(city.graph) or nx.is_connected(CityMap.from_dict(data).graph)


def route_edits(city: CityMap) -> list[RouteEdit]:
    """Every candidate route edit of ``city`` (see the module's docstring), line by line
    in the city's order: ends made earlier, later, moved, then shared stations left off.

    >>> import vvlab
    >>> edits = route_edits(vvlab.load_map("tutorial"))
    >>> [(e.line, e.kind, e.station) for e in edits if e.line == "D"]
    [('D', 'later', 'central'), ('D', 'later', 'south')]
    >>> ("B", "off", "central") in [(e.line, e.kind, e.station) for e in edits]  # splits
    False
    """
    edits = []
    for line in city.lines:
        for edit in (*_end_edits(city, line.id, line.stations),
                     *_off_edits(city, line.id, line.stations)):  # fmt: skip
            if _fits(city, edit):
                edits.append(edit)
    return edits


HELPS = {"high": ("later", "move"), "low": ("earlier", "off", "move")}
"""The edits that may help a line completed too often (a longer route, another
branch) or too rarely (a shorter one, another branch)."""


def _promising(edits: list[RouteEdit], base: BalanceReport) -> list[RouteEdit]:
    """``edits`` most promising first: those of a line that misses its completion
    target in the direction that helps, its worst margin first; then the rest."""
    t = base.failures()
    rows = t[t["target"] == "completion"].sort_values("margin", kind="stable")
    rank: dict[tuple[str, str], int] = {}
    for row in rows.itertuples(index=False):
        way = "high" if row.measured > 0.5 else "low"
        for kind in HELPS[way]:
            rank.setdefault((row.line, kind), len(rank))
    order = sorted(range(len(edits)), key=lambda k: (rank.get((edits[k].line, edits[k].kind),
                                                                len(rank)), k))  # fmt: skip
    return [edits[k] for k in order]


def route_suggestions(
    city: CityMap,
    base: BalanceReport,
    judge: Callable[[CityMap], BalanceReport],
    *,
    candidates: int = ROUTE_CANDIDATES,
    cancelled: Callable[[], bool] = lambda: False,
) -> list[RouteSuggestion]:
    """The route edits of ``city`` that judge better than ``base`` (its verdict), the
    best first: at most ``candidates`` edits are judged by ``judge`` (which must play
    the deals ``base`` was played on), the most promising first.

    >>> import vvlab
    >>> from vvlab.design import check_balance
    >>> city = vvlab.load_map("tutorial")
    >>> def judge(c):
    ...     return check_balance(c, bots=["greedy"], games=100, progress=False)
    >>> found = route_suggestions(city, judge(city), judge, candidates=2)
    >>> all(s.gain > 0 and s.city.line(s.line).stations == s.route for s in found)
    True
    """
    from vvlab.design.tune_search import fitness
    from vvlab.design.tune_words import route_text, route_words

    before = fitness(base)
    found = []
    for edit in _promising(route_edits(city), base)[:candidates]:
        if cancelled():
            break
        edited = edit.apply(city)
        report = judge(edited)
        gain = fitness(report) - before
        if gain > MIN_GAIN:
            text = route_text(edit, city)
            why = route_words(edit, base, report)
            found.append(RouteSuggestion(edit, edited, report, base, gain, text, why))
    found.sort(key=lambda s: -s.gain)
    return found[:MAX_SUGGESTIONS]
