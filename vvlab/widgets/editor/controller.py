"""The plain controller of the map editor: the city being edited as map data, with
undo and redo.

:class:`MapEditorController` carries everything the :class:`~vvlab.widgets.MapEditor`
view shows, so that it can be driven (and tested) without a browser: open a city, edit
stations and lines, list the validation problems and statistics, run a quick balance
and save. It holds its parts: the map data with undo and redo
(:class:`~vvlab.widgets.editor.history.EditHistory`), the station edits
(:class:`~vvlab.widgets.editor.stations.StationEdits`) and the line edits with the
line being drawn (:class:`~vvlab.widgets.editor.lines.LineEdits`); its edit methods
hand over to them. No ipywidgets here; plotly and pandas only inside the quick balance.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from vvlab.model import CityMap, MapError, Problem
from vvlab.model.generate import generate_city
from vvlab.model.io import save_map
from vvlab.model.validate import validate_map_data
from vvlab.widgets.editor.files import blank_map, check_save_path, source_data
from vvlab.widgets.editor.history import EditError, EditHistory, MapData
from vvlab.widgets.editor.lines import LineEdits
from vvlab.widgets.editor.stations import StationEdits
from vvlab.widgets.editor.stats import QuickBalance, city_stats, quick_balance

__all__ = ["EditError", "MapEditorController", "blank_map", "source_data"]


class MapEditorController:
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
        Where :meth:`save` writes ``<id>.json`` by default (the current working folder,
        the notebook's, when the controller is made).

    Attributes
    ----------
    history
        The map data and its undo/redo snapshots (:class:`EditHistory`).
    station_edits
        Adds, moves, renames and deletes stations (:class:`StationEdits`).
    line_edits
        Draws and changes lines; holds the line being drawn (:class:`LineEdits`).

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
        self.history = EditHistory(dict(data) if data is not None else blank_map())
        self._check: tuple[Any, list[Problem], CityMap | None] | None = None
        self.station_edits = StationEdits(self.history, grid_step)
        self.line_edits = LineEdits(self.history)
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self._kept = self._snapshot()

    def _snapshot(self) -> str:
        return json.dumps(self.history.data, sort_keys=True, default=str)

    @property
    def modified(self) -> bool:
        """True when the city differs from what was last opened, generated or saved
        (work that replacing the city would set aside).

        >>> ed = MapEditorController.open("tutorial")
        >>> ed.modified, ed.rename_station("zoo", "Tierpark"), ed.modified
        (False, None, True)
        >>> ed.undo(), ed.modified
        (True, False)
        """
        return self._snapshot() != self._kept

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
        self.line_edits.draft = None
        self.history.replace(data, f"open {data.get('name') or data.get('id')}")
        self._kept = self._snapshot()

    def load_generated(self, lines: int = 10, stations: int = 80, seed: int = 0) -> None:
        """Replace the city with a generated one; undoable."""
        data = generate_city(lines=lines, stations=stations, seed=seed).to_dict()
        self.line_edits.draft = None
        self.history.replace(data, f"generate a city (seed {seed})")
        self._kept = self._snapshot()

    # -- reading --------------------------------------------------------------------------
    @property
    def data(self) -> MapData:
        """A copy of the map data being edited (yours to change)."""
        return copy.deepcopy(self.history.data)

    @property
    def live(self) -> MapData:
        """The map data being edited itself, to read only: every edit, undo and redo
        replaces it with a new object, so it never changes under a reader, and the views
        read it without copying (:attr:`data`, :attr:`stations` and :attr:`lines` are
        copies).

        >>> ed = MapEditorController.open("tutorial")
        >>> before = ed.live
        >>> ed.rename_station("zoo", "Tierpark")
        >>> before["stations"]["zoo"]["name"], ed.live["stations"]["zoo"]["name"]
        ('Zoo', 'Tierpark')
        """
        return self.history.data

    @property
    def stations(self) -> dict[str, dict[str, Any]]:
        """The stations (a copy): ``{id: {"name", "x", "y"}}``."""
        return copy.deepcopy(self.history.data["stations"])

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The lines (a copy), in map order."""
        return copy.deepcopy(self.history.data["lines"])

    @property
    def draft(self) -> list[str] | None:
        """The stations of the line being drawn so far; ``None`` when not drawing."""
        return self.line_edits.draft

    @property
    def listeners(self) -> list[Callable[[], None]]:
        """Called after every change (an edit, undo, redo, a stop drawn)."""
        return self.history.listeners

    def problems(self) -> list[Problem]:
        """Every problem the validator of :func:`vvlab.load_map` finds, in document order
        (found once per state of the city: every edit replaces :attr:`live`)."""
        return list(self._checked()[0])

    def city(self) -> CityMap | None:
        """The city as a ``CityMap`` when it has no problems, else ``None`` (made once
        per state of the city)."""
        return self._checked()[1]

    def _checked(self) -> tuple[list[Problem], CityMap | None]:
        data = self.history.data
        if self._check is None or self._check[0] is not data:
            found = validate_map_data(data)
            self._check = (data, found, None if found else CityMap.from_dict(data))
        return self._check[1], self._check[2]

    def stats(self, ruleset: Any = "voll-verplant") -> dict[str, Any]:
        """Statistics of the city, even while it has problems (see :func:`city_stats`)."""
        return city_stats(self.history.data, ruleset)

    # -- undo and redo --------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """True while an edit, or a stop of the line being drawn, can be undone."""
        return self.history.can_undo or bool(self.draft)

    @property
    def can_redo(self) -> bool:
        """True while an undone edit can be redone."""
        return self.history.can_redo

    def undo(self) -> bool:
        """Undo the last edit (or, while drawing a line, its last stop); ``False`` if
        there is nothing to undo."""
        return self.line_edits.undo_stop() or self.history.undo()

    def redo(self) -> bool:
        """Redo the last undone edit; ``False`` if there is none."""
        return self.history.redo()

    @property
    def last_step(self) -> str:
        """What the last undo or redo took back or made again (``"move station Zoo"``).

        >>> ed = MapEditorController.open("tutorial")
        >>> ed.move_station("zoo", 9, 9); ed.undo(), ed.last_step
        (True, 'move station Zoo')
        """
        return self.history.last_step

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
        kept = {k: v for k, v in values.items() if v is not None}
        self.history.edit(lambda data: data.update(kept), "change the city's " + ", ".join(kept))

    # -- stations: see StationEdits ------------------------------------------------------
    @property
    def grid_step(self) -> float:
        """New and moved stations snap to multiples of this."""
        return self.station_edits.grid_step

    @grid_step.setter
    def grid_step(self, step: float) -> None:
        self.station_edits.grid_step = step

    def snap(self, x: float, y: float) -> tuple[float, float]:
        """``(x, y)`` on the nearest grid point (ints when the grid step is whole).

        >>> MapEditorController(grid_step=0.5).snap(1.3, -0.8)
        (1.5, -1.0)
        >>> MapEditorController().snap(2.4, 3.6)
        (2, 4)
        """
        return self.station_edits.snap(x, y)

    def station_at(self, x: float, y: float) -> str | None:
        """The station at exactly ``(x, y)``, if any."""
        return self.station_edits.station_at(x, y)

    def add_station(
        self, x: float, y: float, name: str | None = None, id: str | None = None
    ) -> str:
        """Add a station at ``(x, y)`` snapped to the grid; returns its id (``s1``,
        ``s2``, ... unless given)."""
        return self.station_edits.add(x, y, name, id)

    def move_station(self, sid: str, x: float, y: float) -> None:
        """Move a station to ``(x, y)`` snapped to the grid."""
        self.station_edits.move(sid, x, y)

    def place_stations(
        self, positions: dict[str, tuple[float, float]], label: str = "tidy layout"
    ) -> None:
        """Put several stations at new positions as one undoable edit (a new layout)."""
        self.station_edits.place_all(positions, label)

    def rename_station(self, sid: str, name: str) -> None:
        """Give a station a new name (blank names are listed as problems)."""
        self.station_edits.rename(sid, name)

    def change_station_id(self, sid: str, new_id: str) -> None:
        """Give a station a new id, on every line through it too."""
        self.station_edits.change_id(sid, new_id)

    def delete_station(self, sid: str) -> None:
        """Delete a station and take it off every line through it (and off the line
        being drawn)."""
        self.station_edits.delete(sid)
        self.line_edits.forget_stop(sid)

    # -- lines: see LineEdits -------------------------------------------------------------
    def line_index(self, lid: str) -> int:
        """Position of the line ``lid`` in the map's list of lines."""
        return self.line_edits.index(lid)

    def add_line(self, stations: list[str], id: str | None = None, **props: Any) -> str:
        """Add a line through ``stations`` (in order); returns its id. Colour,
        indicator boxes and bonuses default from the line's length; ``props`` may set
        ``name``, ``color``, ``indicators``, ``bonus``."""
        return self.line_edits.add(stations, id, **props)

    def start_line(self, first: str | None = None) -> None:
        """Start drawing a line; click stations in order (:meth:`add_stop`), then
        :meth:`finish_line`."""
        self.line_edits.start(first)

    def add_stop(self, sid: str) -> None:
        """Add the next station of the line being drawn."""
        self.line_edits.add_stop(sid)

    def finish_line(self, id: str | None = None, **props: Any) -> str:
        """Add the line drawn so far (one undoable edit); returns its id."""
        return self.line_edits.finish(id, **props)

    def cancel_line(self) -> None:
        """Forget the line being drawn."""
        self.line_edits.cancel()

    def extend_line(self, lid: str, sid: str, at: str = "end") -> None:
        """Add a station at the ``"end"`` (terminus) or ``"start"`` (wagon) of a line."""
        self.line_edits.extend(lid, sid, at)

    def shorten_line(self, lid: str, at: str = "end") -> str:
        """Take the station at the ``"end"`` or ``"start"`` off a line; returns it."""
        return self.line_edits.shorten(lid, at)

    def reverse_line(self, lid: str) -> None:
        """Run the line the other way (the wagon moves to the other end)."""
        self.line_edits.reverse(lid)

    def delete_line(self, lid: str) -> None:
        """Delete a line (its stations stay)."""
        self.line_edits.delete(lid)

    def set_line(
        self,
        lid: str,
        *,
        id: str | None = None,
        name: str | None = None,
        color: str | None = None,
        indicators: int | None = None,
        bonus: tuple[int, int] | list[int] | None = None,
    ) -> None:
        """Change a line's id, name, colour, indicator boxes or bonus pair
        ``(first, later)``; values the format forbids are listed by :meth:`problems`."""
        self.line_edits.set(lid, id=id, name=name, color=color, indicators=indicators, bonus=bonus)

    def set_numbers(
        self, numbers: dict[str, tuple[int, int, int]], label: str = "balance for me"
    ) -> None:
        """Set ``(boxes, first, later)`` of several lines (by id) as one undoable edit."""
        self.line_edits.set_numbers(numbers, label)

    # -- balance and saving -------------------------------------------------------------
    def _valid_city(self) -> CityMap:
        city = self.city()
        if city is None:
            raise MapError(self.problems(), source="the edited city")
        return city

    def valid_city(self) -> CityMap:
        """The city being edited; ``MapError`` (listing every problem) while it has any."""
        return self._valid_city()

    def quick_balance(self, games: int = 2000, seed: int = 0, **kwargs: Any) -> QuickBalance:
        """Solo greedy games on the fast path (see :func:`quick_balance`); ``MapError``
        while the city has problems."""
        return quick_balance(self._valid_city(), games=games, seed=seed, **kwargs)

    def default_path(self) -> Path:
        """``<folder>/<id>.json``, where :meth:`save` writes without a path."""
        return self.folder / f"{self.history.data.get('id')}.json"

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
        city = self._valid_city()
        if path is None:
            target = check_save_path(self.default_path(), root=self.folder)
        else:
            target = check_save_path(Path(path))
        if target.exists() and not overwrite:
            raise FileExistsError(f"{target} exists; confirm to overwrite it")
        save_map(city, target)
        self._kept = self._snapshot()
        return target
