"""The map editor's state: the city being edited as plain map data, with undo and redo.

:class:`MapEditorController` carries everything the :class:`~vvlab.widgets.MapEditor`
view shows, so that it can be driven (and tested) without a browser: open a city, edit
stations and lines, list the validation problems and statistics, run a quick balance
and save. No ipywidgets here; plotly and pandas only inside the quick balance.
"""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from vvlab.model import CityMap, MapError, Problem, maps_dir
from vvlab.model.generate import generate_city
from vvlab.model.io import save_map
from vvlab.model.validate import validate_map_data
from vvlab.widgets.editor_files import blank_map, check_save_path, source_data
from vvlab.widgets.editor_history import EditError, MapData
from vvlab.widgets.editor_lines import LineEdits
from vvlab.widgets.editor_stats import QuickBalance, city_stats, quick_balance

__all__ = ["EditError", "MapEditorController", "blank_map", "source_data"]


def _replace(current: MapData, data: MapData) -> None:
    current.clear()
    current.update(copy.deepcopy(data))


class MapEditorController(LineEdits):
    """A city being edited: map data (format ``vvlab-map/1``), undo/redo, a line draft.

    Every edit is one undoable step; edits that would break references (unknown ids,
    an id taken twice) raise :class:`EditError` and change nothing. Anything else the
    validator of :func:`vvlab.load_map` objects to is listed by :meth:`problems`.

    Parameters
    ----------
    data
        Map data to edit (copied); ``None`` for a blank city.
    grid_step
        New and moved stations snap to multiples of this.
    folder
        Where :meth:`save` writes ``<id>.json`` by default (the built-in maps folder).

    Examples
    --------
    >>> ed = MapEditorController(grid_step=2)
    >>> a = ed.add_station(0.7, 0.2)
    >>> b = ed.add_station(3.1, 0.0)
    >>> ed.stations[b]
    {'name': 'Station 2', 'x': 4, 'y': 0}
    >>> [str(p) for p in ed.problems()]
    ['lines: must not be empty']
    >>> ed.add_line([a, b])
    'L1'
    >>> ed.problems()
    []
    >>> ed.undo(), len(ed.lines), ed.redo(), len(ed.lines)
    (True, 0, True, 1)
    """

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        grid_step: float = 1.0,
        folder: str | os.PathLike[str] | None = None,
    ):
        if not grid_step > 0:
            raise ValueError(f"grid_step must be positive, got {grid_step!r}")
        super().__init__(dict(data) if data is not None else blank_map())
        self.grid_step = grid_step
        self.folder = Path(folder) if folder is not None else maps_dir()

    # -- opening ----------------------------------------------------------------------
    @classmethod
    def open(cls, source: Any = None, **kwargs: Any) -> MapEditorController:
        """Edit ``source`` (see :func:`source_data`).

        >>> MapEditorController.open("tutorial").data["id"]
        'tutorial-copy'
        """
        return cls(source_data(source), **kwargs)

    @classmethod
    def generated(
        cls, lines: int = 10, stations: int = 80, seed: int = 0, **kwargs: Any
    ) -> MapEditorController:
        """Start from :func:`vvlab.model.generate.generate_city`.

        >>> MapEditorController.generated(lines=4, stations=30, seed=2).problems()
        []
        """
        return cls(generate_city(lines=lines, stations=stations, seed=seed).to_dict(), **kwargs)

    def load(self, source: Any = None) -> None:
        """Replace the city with ``source`` (see :func:`source_data`); undoable."""
        data = source_data(source)
        self.draft = None
        self._edit(lambda current: _replace(current, data))

    def load_generated(self, lines: int = 10, stations: int = 80, seed: int = 0) -> None:
        """Replace the city with a generated one; undoable."""
        data = generate_city(lines=lines, stations=stations, seed=seed).to_dict()
        self.draft = None
        self._edit(lambda current: _replace(current, data))

    # -- reading --------------------------------------------------------------------------
    @property
    def data(self) -> MapData:
        """A copy of the map data being edited."""
        return copy.deepcopy(self._data)

    @property
    def stations(self) -> dict[str, dict[str, Any]]:
        """The stations (a copy): ``{id: {"name", "x", "y"}}``."""
        return copy.deepcopy(self._data["stations"])

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The lines (a copy), in map order."""
        return copy.deepcopy(self._data["lines"])

    def problems(self) -> list[Problem]:
        """Every problem the validator of :func:`vvlab.load_map` finds, in document order."""
        return validate_map_data(self._data)

    def city(self) -> CityMap | None:
        """The city as a ``CityMap`` when it has no problems, else ``None``."""
        return None if self.problems() else CityMap.from_dict(self._data)

    def stats(self, ruleset: Any = "voll-verplant") -> dict[str, Any]:
        """Statistics of the city, even while it has problems (see :func:`city_stats`)."""
        return city_stats(self._data, ruleset)

    def station_at(self, x: float, y: float) -> str | None:
        """The station at exactly ``(x, y)``, if any."""
        for sid, s in self._data["stations"].items():
            if s.get("x") == x and s.get("y") == y:
                return sid
        return None

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """``(x, y)`` on the nearest grid point (ints when the grid step is whole).

        >>> MapEditorController(grid_step=0.5).snap(1.3, -0.8)
        (1.5, -1.0)
        >>> MapEditorController().snap(2.4, 3.6)
        (2, 4)
        """
        step = self.grid_step

        def one(v: float) -> float:
            snapped = round(v / step) * step
            return round(snapped) if float(step).is_integer() else round(snapped, 6)

        return one(float(x)), one(float(y))

    # -- the city ---------------------------------------------------------------------
    def set_city(
        self,
        *,
        id: str | None = None,
        name: str | None = None,
        description: str | None = None,
        recommended: bool | None = None,
    ) -> None:
        """Change the city's id, name, description or recommendation flag."""
        values = {
            "id": id,
            "name": name,
            "description": description,
            "recommended_for_new_players": recommended,
        }

        def change(data: MapData) -> None:
            data.update({k: v for k, v in values.items() if v is not None})

        self._edit(change)

    # -- stations ---------------------------------------------------------------------

    def _free_spot(self, x: float, y: float, moving: str | None = None) -> None:
        other = self.station_at(x, y)
        if other is not None and other != moving:
            raise EditError(f"station {other!r} is already at ({x}, {y})")

    def add_station(
        self, x: float, y: float, name: str | None = None, id: str | None = None
    ) -> str:
        """Add a station at ``(x, y)`` snapped to the grid; returns its id (``s1``,
        ``s2``, ... unless given)."""
        x, y = self.snap(x, y)
        self._free_spot(x, y)
        stations = self._data["stations"]
        if id is None:
            n = next(k for k in range(1, len(stations) + 2) if f"s{k}" not in stations)
            id = f"s{n}"
        elif id in stations:
            raise EditError(f"station id {id!r} is taken")
        number = id[1:] if id[:1] == "s" and id[1:].isdigit() else str(len(stations) + 1)
        entry = {"name": name or f"Station {number}", "x": x, "y": y}
        self._edit(lambda data: data["stations"].__setitem__(id, entry))
        return id

    def move_station(self, sid: str, x: float, y: float) -> None:
        """Move a station to ``(x, y)`` snapped to the grid."""
        self._station(sid)
        x, y = self.snap(x, y)
        self._free_spot(x, y, moving=sid)
        self._edit(lambda data: data["stations"][sid].update(x=x, y=y))

    def rename_station(self, sid: str, name: str) -> None:
        """Give a station a new name (blank names are listed as problems)."""
        self._station(sid)
        self._edit(lambda data: data["stations"][sid].update(name=name))

    def change_station_id(self, sid: str, new_id: str) -> None:
        """Give a station a new id, on every line through it too."""
        self._station(sid)
        if new_id in self._data["stations"] and new_id != sid:
            raise EditError(f"station id {new_id!r} is taken")

        def change(data: MapData) -> None:
            data["stations"] = {(new_id if k == sid else k): v for k, v in data["stations"].items()}
            for line in data["lines"]:
                line["stations"] = [new_id if s == sid else s for s in line["stations"]]

        self._edit(change)

    def delete_station(self, sid: str) -> None:
        """Delete a station and take it off every line through it."""
        self._station(sid)

        def change(data: MapData) -> None:
            del data["stations"][sid]
            for line in data["lines"]:
                line["stations"] = [s for s in line["stations"] if s != sid]

        self._edit(change)
        if self.draft and sid in self.draft:
            self.draft.remove(sid)

    # -- balance and saving -------------------------------------------------------------
    def quick_balance(self, games: int = 2000, seed: int = 0, **kwargs: Any) -> QuickBalance:
        """Solo greedy games on the fast path (see :func:`quick_balance`); ``MapError``
        while the city has problems."""
        city = self.city()
        if city is None:
            raise MapError(self.problems(), source="the edited city")
        return quick_balance(city, games=games, seed=seed, **kwargs)

    def default_path(self) -> Path:
        """``<folder>/<id>.json``, where :meth:`save` writes without a path."""
        return self.folder / f"{self._data.get('id')}.json"

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Write the city atomically to ``path`` (default :meth:`default_path`).

        Raises
        ------
        MapError
            The city has problems (all are listed).
        FileExistsError
            The file exists and ``overwrite`` is not set.
        ValueError
            A file name that is not ``<plain id>.json`` or a path with ``..``.
        """
        city = self.city()
        if city is None:
            raise MapError(self.problems(), source="the edited city")
        if path is None:
            target = check_save_path(self.default_path(), root=self.folder)
        else:
            target = check_save_path(Path(path))
        if target.exists() and not overwrite:
            raise FileExistsError(f"{target} exists; confirm to overwrite it")
        save_map(city, target)
        return target
