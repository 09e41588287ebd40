"""Station edits of the map editor: add, move, rename, change the id, delete; stations
snap to the grid."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from vvlab.widgets.editor.bends import set_bends, straighten_all
from vvlab.widgets.editor.history import EditError, EditHistory, MapData


def require_station(data: MapData, sid: str) -> None:
    """``EditError`` unless the map data has the station ``sid``.

    >>> require_station({"stations": {"s1": {}}}, "s1")
    >>> require_station({"stations": {}}, "s1")
    Traceback (most recent call last):
    ...
    vvlab.widgets.editor.history.EditError: no station 's1'
    """
    if sid not in data["stations"]:
        raise EditError(f"no station {sid!r}")


class StationEdits:
    """The stations of the map data in ``history``, edited one undo step at a time.

    Parameters
    ----------
    history
        Holds the map data; every edit goes through it.
    grid_step
        New and moved stations snap to multiples of this.
    on_delete
        Called with a station's id before it is deleted (the line edits take it off
        the line being drawn).

    Examples
    --------
    >>> edits = StationEdits(EditHistory({"stations": {}, "lines": []}), grid_step=2)
    >>> edits.add(0.7, 0.2), edits.add(3.1, 0.0, name="Zoo")
    ('s1', 's2')
    >>> edits.history.data["stations"]["s2"]
    {'name': 'Zoo', 'x': 4, 'y': 0}
    >>> edits.station_at(4, 0)
    's2'
    """

    def __init__(
        self,
        history: EditHistory,
        grid_step: float = 1.0,
        on_delete: Callable[[str], None] | None = None,
    ):
        self.history = history
        self.grid_step = grid_step
        self.on_delete = on_delete

    @property
    def _stations(self) -> dict[str, dict[str, Any]]:
        return self.history.data["stations"]

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """``(x, y)`` on the nearest grid point (ints when the grid step is whole).

        >>> edits = StationEdits(EditHistory({"stations": {}}), grid_step=0.5)
        >>> edits.snap(1.3, -0.8)
        (1.5, -1.0)
        >>> edits.grid_step = 1
        >>> edits.snap(2.4, 3.6)
        (2, 4)
        """
        step = self.grid_step

        def one(v: float) -> float:
            snapped = round(v / step) * step
            return round(snapped) if float(step).is_integer() else round(snapped, 6)

        return one(float(x)), one(float(y))

    def station_at(self, x: float, y: float) -> str | None:
        """The station at exactly ``(x, y)``, if any."""
        for sid, s in self._stations.items():
            if s.get("x") == x and s.get("y") == y:
                return sid
        return None

    def _name(self, sid: str) -> str:
        return str(self._stations[sid].get("name") or sid)

    def _free_spot(self, x: float, y: float, moving: str | None = None) -> None:
        other = self.station_at(x, y)
        if other is not None and other != moving:
            raise EditError(f"{self._name(other)} is at ({x}, {y}) already")

    def add(self, x: float, y: float, name: str | None = None, id: str | None = None) -> str:
        """Add a station at ``(x, y)`` snapped to the grid; returns its id (``s1``,
        ``s2``, ... unless given)."""
        x, y = self.snap(x, y)
        self._free_spot(x, y)
        stations = self._stations
        if id is None:
            n = next(k for k in range(1, len(stations) + 2) if f"s{k}" not in stations)
            id = f"s{n}"
        elif id in stations:
            raise EditError(f"station id {id!r} is taken")
        number = id[1:] if id[:1] == "s" and id[1:].isdigit() else str(len(stations) + 1)
        entry = {"name": name or f"Station {number}", "x": x, "y": y}
        label = f"add station {entry['name']}"
        self.history.edit(lambda data: data["stations"].__setitem__(id, entry), label)
        return id

    def move(self, sid: str, x: float, y: float) -> None:
        """Move a station to ``(x, y)`` snapped to the grid."""
        require_station(self.history.data, sid)
        x, y = self.snap(x, y)
        self._free_spot(x, y, moving=sid)
        label = f"move station {self._name(sid)}"
        self.history.edit(lambda data: data["stations"][sid].update(x=x, y=y), label)

    def place_all(
        self,
        positions: dict[str, tuple[float, float]],
        label: str,
        straighten: bool = False,
        bends: dict[tuple[str, str], list[tuple[float, float]]] | None = None,
    ) -> None:
        """Put several stations at new positions (as given: a layout is not snapped) in
        one undo step named ``label``, with ``straighten`` taking every bend out in the
        same step and ``bends`` (edge -> its bends from the first station) drawn in (a
        new layout); unknown ids are an error and nothing moves.

        >>> history = EditHistory({"stations": {"a": {"x": 0, "y": 0}}, "lines": []})
        >>> StationEdits(history).place_all({"a": (2.5, 1)}, "tidy"); history.data["stations"]
        {'a': {'x': 2.5, 'y': 1}}
        """
        for sid in positions:
            require_station(self.history.data, sid)

        def change(data: MapData) -> None:
            for sid, (x, y) in positions.items():
                data["stations"][sid].update(x=x, y=y)
            if straighten:
                straighten_all(data)
            for (a, b), via in (bends or {}).items():
                set_bends(data, a, b, via)

        self.history.edit(change, label)

    def rename(self, sid: str, name: str) -> None:
        """Give a station a new name (blank names are listed as problems)."""
        require_station(self.history.data, sid)
        label = f"rename station {self._name(sid)} to {name}"
        self.history.edit(lambda data: data["stations"][sid].update(name=name), label)

    def change_id(self, sid: str, new_id: str) -> None:
        """Give a station a new id, on every line and bent edge through it too."""
        require_station(self.history.data, sid)
        if new_id in self._stations and new_id != sid:
            raise EditError(f"station id {new_id!r} is taken")

        def change(data: MapData) -> None:
            data["stations"] = {(new_id if k == sid else k): v for k, v in data["stations"].items()}
            for line in data["lines"]:
                line["stations"] = [new_id if s == sid else s for s in line["stations"]]
            for edge in data.get("edges") or ():  # its bends stay with it
                edge["between"] = [new_id if s == sid else s for s in edge["between"]]

        self.history.edit(change, f"change the id of station {self._name(sid)} to {new_id}")

    def delete(self, sid: str) -> None:
        """Delete a station and take it off every line through it."""
        require_station(self.history.data, sid)
        if self.on_delete is not None:
            self.on_delete(sid)  # before the edit's listeners redraw

        def change(data: MapData) -> None:
            del data["stations"][sid]
            for line in data["lines"]:
                line["stations"] = [s for s in line["stations"] if s != sid]

        self.history.edit(change, f"delete station {self._name(sid)}")
