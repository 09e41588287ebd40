"""The plain controller of the map editor: the city being edited as map data, with
undo and redo.

:class:`MapEditorController` carries everything the :class:`~vvlab.widgets.MapEditor`
view shows, so that it can be driven (and tested) without a browser: open a city, edit
stations and lines, list the validation problems and statistics, run a quick balance
and save. It holds its parts, and callers edit through them: the map data with undo
and redo (``history``: :class:`~vvlab.widgets.editor.history.EditHistory`), the
station edits (``station_edits``: :class:`~vvlab.widgets.editor.stations.StationEdits`),
the line edits with the line being drawn (``line_edits``:
:class:`~vvlab.widgets.editor.lines.LineEdits`) and the bend edits (``bend_edits``:
:class:`~vvlab.widgets.editor.bends.BendEdits`). The controller itself opens, checks,
balances and saves the city, and undoes across its parts. No ipywidgets here; plotly
and pandas only inside the quick balance.
"""

from __future__ import annotations

import copy
import json
import os
from collections.abc import Mapping
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import Any

from vvlab.model import CityMap, MapError, Problem
from vvlab.model.generate import generate_city
from vvlab.model.io import save_map
from vvlab.model.validate import validate_map_data
from vvlab.widgets.editor.bends import BendEdits
from vvlab.widgets.editor.drafts import Autosave, DraftOffer
from vvlab.widgets.editor.files import blank_map, check_save_path, source_data, source_file
from vvlab.widgets.editor.history import EditError, EditHistory, MapData
from vvlab.widgets.editor.lines import LineEdits
from vvlab.widgets.editor.route_preview import RoutePreview
from vvlab.widgets.editor.stations import StationEdits
from vvlab.widgets.editor.stats import QuickBalance, city_stats, quick_balance

__all__ = ["EditError", "MapEditorController", "blank_map", "source_data"]

EDITED_CITY = "the edited city"
"""The source of the ``MapError`` that :meth:`MapEditorController.valid_city` raises."""


class MapEditorController:
    """A city being edited: map data (format ``vvlab-map/1``), undo/redo, a line draft.

    Every edit (through ``station_edits`` and ``line_edits``) is one undoable step;
    edits that would break references (unknown ids, an id taken twice) raise
    :class:`EditError` and change nothing. Anything else the validator of
    :func:`vvlab.load_map` objects to is listed by :meth:`problems`.

    Parameters
    ----------
    data
        Map data to edit (copied); ``None`` for a blank city.
    grid_step
        New and moved stations snap to multiples of this.
    folder
        Where :meth:`save` writes ``<id>.json`` by default (the current working folder,
        the notebook's, when the controller is made); the drafts go to its subfolder
        ``vvlab-drafts``.
    autosave
        Keep a draft of the city after every change (:meth:`start_autosave`; the
        :class:`~vvlab.widgets.MapEditor` turns it on).

    Attributes
    ----------
    history
        The map data (``history.data``, replaced by every edit), its undo/redo
        snapshots and the listeners called after every change (:class:`EditHistory`).
    station_edits
        Adds, moves, renames and deletes stations; the grid step
        (:class:`StationEdits`).
    line_edits
        Draws and changes lines; holds the line being drawn, ``draft``
        (:class:`LineEdits`).
    bend_edits
        Adds, moves and removes the bends of edges; finds the edge under a point
        (:class:`~vvlab.widgets.editor.bends.BendEdits`).
    preview
        A route edit shown on the canvas before it is made ("Balance for me"), or
        ``None`` (:class:`~vvlab.widgets.editor.route_preview.RoutePreview`).
    pinned
        Stations the designer pinned: "Tidy layout" can keep them where they are
        (:meth:`pinned_stations`).
    autosave
        Writes the draft after every change, once started (:meth:`start_autosave`;
        :class:`~vvlab.widgets.editor.drafts.Autosave`), else ``None``.
    draft_offer
        A draft of the city newer than its saved file, found on opening it, until it is
        restored (:meth:`restore_draft`) or set aside (:meth:`discard_draft`).
    opened_file
        The file the city was opened from, ``None`` for a built-in, blank or generated
        city.

    Examples
    --------
    >>> ed = MapEditorController(grid_step=2)
    >>> a = ed.station_edits.add(0.7, 0.2)
    >>> b = ed.station_edits.add(3.1, 0.0)
    >>> ed.stations[b]
    {'name': 'Station 2', 'x': 4, 'y': 0}
    >>> [str(p) for p in ed.problems()]
    ['lines: must not be empty']
    >>> ed.line_edits.add([a, b])
    'L1'
    >>> ed.problems()
    []
    >>> ed.undo(), len(ed.lines), ed.history.redo(), len(ed.lines)
    (True, 0, True, 1)
    """

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        grid_step: float = 1.0,
        folder: str | os.PathLike[str] | None = None,
        autosave: bool = False,
    ):
        if not grid_step > 0:
            raise ValueError(f"grid_step must be positive, got {grid_step!r}")
        self.history = EditHistory(dict(data) if data is not None else blank_map())
        self._check: tuple[Any, list[Problem], CityMap | None] | None = None
        self.line_edits = LineEdits(self.history)
        self.station_edits = StationEdits(self.history, grid_step, self.line_edits.forget_stop)
        self.bend_edits = BendEdits(self.history, self.station_edits.snap)
        self.pinned: set[str] = set()
        self.preview: RoutePreview | None = None
        self.folder = Path(folder) if folder is not None else Path.cwd()
        self._kept = self._snapshot()
        self.opened_file: Path | None = None
        self.autosave: Autosave | None = None
        self.draft_offer: DraftOffer | None = None
        if autosave:
            self.start_autosave()

    def _snapshot(self) -> str:
        return json.dumps(self.history.data, sort_keys=True, default=str)

    @property
    def modified(self) -> bool:
        """True when the city differs from what was last opened, generated or saved
        (work that replacing the city would set aside).

        >>> ed = MapEditorController.open("tutorial")
        >>> ed.modified, ed.station_edits.rename("zoo", "Tierpark"), ed.modified
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
        autosave = kwargs.pop("autosave", False)
        controller = cls(source_data(source), **kwargs)
        controller.opened_file = source_file(source)
        if autosave:
            controller.start_autosave()  # after opened_file: the draft is compared with it
        return controller

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
        with self._opening():
            self.history.replace(data, f"open {data.get('name') or data.get('id')}")
        self._kept = self._snapshot()
        self.opened_file = source_file(source)
        self.draft_offer = self.autosave.offer(self.saved_file()) if self.autosave else None

    def load_generated(self, lines: int = 10, stations: int = 80, seed: int = 0) -> None:
        """Replace the city with a generated one; undoable."""
        data = generate_city(lines=lines, stations=stations, seed=seed).to_dict()
        self.line_edits.draft = None
        with self._opening():
            self.history.replace(data, f"generate a city (seed {seed})")
        self._kept = self._snapshot()
        self.opened_file, self.draft_offer = None, None

    # -- drafts ---------------------------------------------------------------------------
    def start_autosave(self) -> Autosave:
        """Write the draft after every change from now on, to
        ``<folder>/vvlab-drafts/<id>.json`` (never where a city is saved), and look for
        a draft of the city to offer (:attr:`draft_offer`). Started once.

        >>> import tempfile
        >>> ed = MapEditorController.open("tutorial", folder=tempfile.mkdtemp())
        >>> ed.start_autosave().path().name, ed.draft_offer
        ('tutorial-copy.json', None)
        """
        if self.autosave is None:
            self.autosave = Autosave(self.history, self.folder)
            self.draft_offer = self.autosave.offer(self.saved_file())
        return self.autosave

    def saved_file(self) -> Path:
        """The city's saved file, which a draft must be newer than to be offered: the
        file it was opened from, else where :meth:`save` writes it."""
        return self.opened_file if self.opened_file is not None else self.default_path()

    def restore_draft(self) -> None:
        """Replace the city with the draft offered; one undoable edit, "restore draft"."""
        offer = self.draft_offer
        if offer is None or offer.data is None:
            raise EditError("there is no draft to restore")
        self.line_edits.draft = None
        self.history.replace(offer.data, "restore draft")
        self.draft_offer = None

    def discard_draft(self) -> None:
        """Set the draft offered aside: removed unless it cannot be read (then it is
        kept) or this editor has written over it since."""
        offer, self.draft_offer = self.draft_offer, None
        if offer is None or offer.data is None or self.autosave is None:
            return
        if not self.autosave.wrote(offer.path) and offer.path.is_file():
            offer.path.unlink()

    def _opening(self) -> AbstractContextManager[None]:
        return self.autosave.opening() if self.autosave else nullcontext()

    # -- reading --------------------------------------------------------------------------
    @property
    def data(self) -> MapData:
        """A copy of the map data being edited (yours to change)."""
        return copy.deepcopy(self.history.data)

    @property
    def stations(self) -> dict[str, dict[str, Any]]:
        """The stations (a copy): ``{id: {"name", "x", "y"}}``."""
        return copy.deepcopy(self.history.data["stations"])

    @property
    def lines(self) -> list[dict[str, Any]]:
        """The lines (a copy), in map order."""
        return copy.deepcopy(self.history.data["lines"])

    def problems(self) -> list[Problem]:
        """Every problem the validator of :func:`vvlab.load_map` finds, in document order
        (found once per state of the city: every edit replaces ``history.data``)."""
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

    def pinned_stations(self) -> frozenset[str]:
        """The pinned stations still in the city (a pin of a deleted station is
        forgotten).

        >>> ed = MapEditorController.open("tutorial")
        >>> ed.pinned.update({"zoo", "gone"}); ed.pinned_stations()
        frozenset({'zoo'})
        """
        return frozenset(self.pinned & self.history.data["stations"].keys())

    # -- undo --------------------------------------------------------------------
    @property
    def can_undo(self) -> bool:
        """True while an edit, or a stop of the line being drawn, can be undone."""
        return self.history.can_undo or bool(self.line_edits.draft)

    def undo(self) -> bool:
        """Undo the last edit (or, while drawing a line, its last stop); ``False`` if
        there is nothing to undo. (Redo is ``history.redo``: a stop taken back is not
        redone.)

        >>> ed = MapEditorController.open("tutorial")
        >>> ed.station_edits.move("zoo", 9, 9); ed.undo(), ed.history.last_step
        (True, 'move station Zoo')
        """
        return self.line_edits.undo_stop() or self.history.undo()

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

    # -- balance and saving -------------------------------------------------------------
    def valid_city(self) -> CityMap:
        """The city being edited; ``MapError`` (listing every problem) while it has any."""
        city = self.city()
        if city is None:
            raise MapError(self.problems(), source=EDITED_CITY)
        return city

    def quick_balance(self, games: int = 2000, seed: int = 0, **kwargs: Any) -> QuickBalance:
        """Solo greedy games on the fast path (see :func:`quick_balance`); ``MapError``
        while the city has problems."""
        return quick_balance(self.valid_city(), games=games, seed=seed, **kwargs)

    def default_path(self) -> Path:
        """``<folder>/<id>.json``, where :meth:`save` writes without a path."""
        return self.folder / f"{self.history.data.get('id')}.json"

    def save(self, path: str | os.PathLike[str] | None = None, overwrite: bool = False) -> Path:
        """Write the city atomically to ``path`` (default :meth:`default_path`); its
        draft is removed.

        Raises
        ------
        MapError
            The city has problems (all are listed).
        FileExistsError
            The file exists and ``overwrite`` is not set.
        ValueError
            A file name that is not ``<plain id>.json`` or a path with ``..``.
        """
        city = self.valid_city()
        if path is None:
            target = check_save_path(self.default_path(), root=self.folder)
        else:
            target = check_save_path(Path(path))
        if target.exists() and not overwrite:
            raise FileExistsError(f"{target} exists; confirm to overwrite it")
        save_map(city, target)
        self._kept = self._snapshot()
        if self.autosave is not None:
            self.autosave.remove()
        self.draft_offer = None
        return target
