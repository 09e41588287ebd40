"""The city map: stations, lines, indicator boxes, bonuses and the networkx graph."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import pairwise
from typing import Any

import networkx as nx

from vvlab.model.edges import Edge, Point, edge_key
from vvlab.model.validate import FORMAT, FORMAT_BENDS, check_map_data


@dataclass(frozen=True)
class Station:
    """A station box on the plan; shared by every line through it.

    ``x`` and ``y`` are schematic coordinates (x to the east, y to the north), kept as
    written in the file (int or float) so that maps round-trip exactly.
    """

    id: str
    name: str
    x: float
    y: float


@dataclass(frozen=True)
class Line:
    """A subway line: its wagon (indicator boxes), bonus pair and route.

    ``stations`` is the route in order, starting next to the wagon.
    """

    id: str
    name: str
    color: str
    indicators: int
    bonus_first: int
    bonus_later: int
    stations: tuple[str, ...]

    @property
    def bonus(self) -> tuple[int, int]:
        """The bonus pair ``(first, later)``."""
        return (self.bonus_first, self.bonus_later)


class CityMap:
    """A city plan: stations and lines, validated and immutable.

    Build one with :func:`vvlab.load_map` (built-in name, path or dict) or
    :meth:`CityMap.from_dict`; a map built from its parts (``CityMap(id=..., ...)``) is
    validated the same way (``MapError`` listing every problem).

    Examples
    --------
    >>> import vvlab
    >>> city = vvlab.load_map("tutorial")
    >>> city.name, len(city.lines), len(city.stations)
    ('Tutorial', 4, 12)
    >>> city.lines_through("central")
    ('A', 'B', 'C')
    >>> city.star_value("central")
    6
    >>> city.graph.number_of_nodes()
    12
    >>> from dataclasses import replace
    >>> rich = [replace(line, bonus_first=2**31) for line in city.lines]
    >>> CityMap(id="x", name="X", stations=city.stations, lines=rich)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vvlab.model.errors.MapError: 4 problems
      lines[0].bonus: ...
    """

    def __init__(
        self,
        *,
        id: str,
        name: str,
        stations: Mapping[str, Station],
        lines: list[Line] | tuple[Line, ...],
        description: str = "",
        recommended_for_new_players: bool = False,
        edges: Sequence[Edge] = (),
    ):
        self._setup(id, name, stations, lines, description, recommended_for_new_players)
        self._set_edges(edges)
        check_map_data(self.to_dict())

    def _setup(
        self,
        id: str,
        name: str,
        stations: Mapping[str, Station],
        lines: list[Line] | tuple[Line, ...],
        description: str,
        recommended_for_new_players: bool,
    ) -> None:
        self.id = id
        self.name = name
        self.description = description
        self.recommended_for_new_players = recommended_for_new_players
        self.stations: dict[str, Station] = dict(stations)
        self.lines: tuple[Line, ...] = tuple(lines)
        self._set_edges(())
        self._line_by_id = {line.id: line for line in self.lines}
        through: dict[str, list[str]] = {sid: [] for sid in self.stations}
        for line in self.lines:
            for sid in line.stations:
                through.setdefault(sid, []).append(line.id)
        self._through = {sid: tuple(ids) for sid, ids in through.items()}

    def _set_edges(self, edges: Sequence[Edge]) -> None:
        self.edges: tuple[Edge, ...] = tuple(edges)
        """The edges that bend, in file order (a straight edge is not listed)."""
        self._edge_by_pair = {edge_key(*edge.between): edge for edge in self.edges}

    # -- construction and serialisation ---------------------------------------------
    @classmethod
    def from_dict(cls, data: Mapping[str, Any], source: str | None = None) -> CityMap:
        """Validate ``data`` (the JSON map format) and build the map.

        Raises
        ------
        MapError
            With every problem found, each with its JSON path.
        """
        check_map_data(data, source)
        stations = {
            sid: Station(sid, s["name"], s["x"], s["y"]) for sid, s in data["stations"].items()
        }
        lines = [
            Line(
                id=d["id"],
                name=d["name"],
                color=d["color"],
                indicators=d["indicators"],
                bonus_first=d["bonus"][0],
                bonus_later=d["bonus"][1],
                stations=tuple(d["stations"]),
            )
            for d in data["lines"]
        ]
        city = cls.__new__(cls)  # the data is checked already
        city._setup(
            data["id"],
            data["name"],
            stations,
            lines,
            data.get("description", ""),
            data.get("recommended_for_new_players", False),
        )
        city._set_edges(
            [
                Edge(tuple(e["between"]), tuple(tuple(p) for p in e["via"]))
                for e in data.get("edges", ())
            ]
        )
        return city

    def to_dict(self) -> dict[str, Any]:
        """The map in the JSON format; ``load_map(city.to_dict())`` gives an equal map.
        A map without bends is written as ``vvlab-map/1``, exactly as before bends."""
        data = {
            "format": FORMAT_BENDS if self.edges else FORMAT,
            "id": self.id,
            "name": self.name,
            "description": self.description,
            "recommended_for_new_players": self.recommended_for_new_players,
            "stations": {
                s.id: {"name": s.name, "x": s.x, "y": s.y} for s in self.stations.values()
            },
            "lines": [
                {
                    "id": line.id,
                    "name": line.name,
                    "color": line.color,
                    "indicators": line.indicators,
                    "bonus": [line.bonus_first, line.bonus_later],
                    "stations": list(line.stations),
                }
                for line in self.lines
            ],
        }
        if self.edges:
            data["edges"] = [edge.to_dict() for edge in self.edges]
        return data

    def save(self, path: str | Any) -> None:
        """Write the map as JSON, atomically (temporary file, then rename).

        An existing regular file at ``path`` is replaced; a folder, a device, a FIFO or
        a read-only file is refused with :class:`vvlab.model.files.WriteRefused`
        (``save_map(city, path, overwrite=False)`` also refuses an existing file)."""
        from vvlab.model.io import save_map

        save_map(self, path)

    # -- queries ------------------------------------------------------------------------
    def line(self, line_id: str) -> Line:
        """The line with this id (``KeyError`` naming the known lines otherwise)."""
        try:
            return self._line_by_id[line_id]
        except KeyError:
            known = ", ".join(self._line_by_id)
            raise KeyError(f"no line {line_id!r} in {self.id} (lines: {known})") from None

    def lines_through(self, station_id: str) -> tuple[str, ...]:
        """Ids of the lines through a station, in map order."""
        try:
            return self._through[station_id]
        except KeyError:
            raise KeyError(f"no station {station_id!r} in {self.id}") from None

    def star_value(self, station_id: str) -> int:
        """Points a star card writes in this station: 2 × the lines through it."""
        return 2 * len(self.lines_through(station_id))

    def edge_path(self, a: str, b: str) -> list[Point]:
        """The polyline drawn from station ``a`` to station ``b`` (consecutive on some
        line), both ends included: the two stations when the edge is straight, with its
        bends between them otherwise (:mod:`vvlab.model.edges`).

        >>> import vvlab
        >>> vvlab.load_map("tutorial").edge_path("central", "park")
        [(0, 0), (0, -2)]
        >>> vvlab.load_map("tutorial").edge_path("central", "airport")
        Traceback (most recent call last):
        ...
        KeyError: "'central' and 'airport' do not follow each other on a line of tutorial"
        """
        if edge_key(a, b) not in self._pairs:
            raise KeyError(f"{a!r} and {b!r} do not follow each other on a line of {self.id}")
        positions = {sid: (self.stations[sid].x, self.stations[sid].y) for sid in (a, b)}
        edge = self._edge_by_pair.get(edge_key(a, b))
        if edge is None:
            return [positions[a], positions[b]]
        return edge.path_from(a, positions)

    @cached_property
    def _pairs(self) -> frozenset[frozenset[str]]:
        return frozenset(edge_key(a, b) for line in self.lines for a, b in pairwise(line.stations))

    @property
    def transfer_stations(self) -> tuple[str, ...]:
        """Stations shared by two or more lines, in station order."""
        return tuple(sid for sid, ids in self._through.items() if len(ids) > 1)

    @property
    def total_indicators(self) -> int:
        """Indicator boxes on the whole sheet (the game's length without free cards)."""
        return sum(line.indicators for line in self.lines)

    @cached_property
    def graph(self) -> nx.MultiGraph:
        """The plan as a ``networkx.MultiGraph``, built once.

        Nodes are station ids with attributes ``name``, ``pos`` (x, y) and ``lines``;
        there is one edge per consecutive pair of stations on each line, keyed by the
        line id, with attributes ``line`` and ``color``.
        """
        g = nx.MultiGraph(id=self.id, name=self.name)
        for s in self.stations.values():
            g.add_node(s.id, name=s.name, pos=(s.x, s.y), lines=self._through[s.id])
        for line in self.lines:
            for a, b in pairwise(line.stations):
                g.add_edge(a, b, key=line.id, line=line.id, color=line.color)
        return g

    # -- comparison and display -----------------------------------------------------
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, CityMap):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<CityMap {self.id!r}: {len(self.lines)} lines, {len(self.stations)} stations, "
            f"{len(self.transfer_stations)} transfers, {self.total_indicators} indicator boxes>"
        )

    def describe(self) -> str:
        """A text overview: lines with stations, indicators and bonuses; transfers; totals."""
        from vvlab.model.describe import describe_map

        return describe_map(self)

    def _repr_pretty_(self, printer: Any, cycle: bool) -> None:
        printer.text(repr(self) if cycle else self.describe())
