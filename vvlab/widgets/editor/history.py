"""Undo and redo for the map editor: the edited map data and its snapshots.

:class:`EditHistory` is the one owner of the map data being edited; the station and
line edits (:mod:`~vvlab.widgets.editor.stations`, :mod:`~vvlab.widgets.editor.lines`)
change it only through :meth:`EditHistory.edit`, so that every edit is one undo step.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

from vvlab.model.edges import drop_stale_bends
from vvlab.model.validate_json import is_finite_number, is_json_number

MapData = dict[str, Any]
MAX_UNDO = 500
"""Edits kept for undo."""


def placed(station: dict[str, Any]) -> bool:
    """True when a station of the edited data has a place: its ``x`` and ``y`` are
    finite JSON numbers (a draft's station may lack them, or a file give anything).

    >>> placed({"x": 1, "y": 2.5}), placed({"x": True, "y": 0}), placed({"y": 0})
    (True, False, False)
    >>> placed({"x": float("nan"), "y": 0}), placed({"x": 10**400, "y": 0})
    (False, False)
    """
    xy = (station.get("x"), station.get("y"))
    return all(is_json_number(v) and is_finite_number(v) for v in xy)


class EditError(ValueError):
    """An edit that cannot be made (unknown station or line, taken id, ...); nothing
    changed."""


class EditHistory:
    """Map data with undo and redo: each edit keeps a JSON snapshot of the data before
    it, so undo restores exactly the earlier data, and what the edit did (its
    ``label``, e.g. ``"move station Zoo"``). ``data`` is the map data now: read it,
    change it only through :meth:`edit`; every edit, undo and redo replaces it with a
    new object, so it never changes under a reader (the views read it without
    copying, and know a new state by its identity). ``listeners`` are called after
    every change; ``last_step`` names the edit the last undo or redo took back or
    made again.

    Parameters
    ----------
    data
        The map data to start from (copied through JSON).

    Examples
    --------
    >>> h = EditHistory({"stations": {}})
    >>> before = h.data
    >>> h.edit(lambda data: data["stations"].update(a=1), "add station a")
    >>> before, h.data
    ({'stations': {}}, {'stations': {'a': 1}})
    >>> h.undo(), h.data, h.last_step
    (True, {'stations': {}}, 'add station a')
    >>> h.redo(), h.data
    (True, {'stations': {'a': 1}})
    >>> h.replace({"stations": {"b": 2}}); h.data
    {'stations': {'b': 2}}
    >>> h.undo(), h.data, h.can_undo, h.can_redo
    (True, {'stations': {'a': 1}}, True, True)
    """

    def __init__(self, data: MapData):
        self.data: MapData = json.loads(json.dumps(data))
        self._undo: list[tuple[str, str]] = []
        self._redo: list[tuple[str, str]] = []
        self.last_step = ""
        self.listeners: list[Callable[[], None]] = []

    @property
    def can_undo(self) -> bool:
        """True when an edit can be undone."""
        return bool(self._undo)

    @property
    def can_redo(self) -> bool:
        """True when an undone edit can be redone."""
        return bool(self._redo)

    def undo(self) -> bool:
        """Undo the last edit; ``False`` if there is nothing to undo."""
        if not self._undo:
            return False
        snapshot, self.last_step = self._undo.pop()
        self._redo.append((json.dumps(self.data), self.last_step))
        self.data = json.loads(snapshot)
        self.changed()
        return True

    def redo(self) -> bool:
        """Redo the last undone edit; ``False`` if there is none."""
        if not self._redo:
            return False
        snapshot, self.last_step = self._redo.pop()
        self._undo.append((json.dumps(self.data), self.last_step))
        self.data = json.loads(snapshot)
        self.changed()
        return True

    def edit(self, change: Callable[[MapData], Any], label: str = "edit") -> Any:
        """Apply ``change`` to a copy of the data; keep it (one undo step, named
        ``label``) unless it raises. Returns what ``change`` returns."""
        before = json.dumps(self.data)
        data = json.loads(before)
        result = change(data)
        drop_stale_bends(data)  # a route edit takes the bends of the edges it removes
        self._undo = [*self._undo[-MAX_UNDO + 1 :], (before, label)]
        self._redo.clear()
        self.data = data
        self.changed()
        return result

    def replace(self, data: MapData, label: str = "replace the city") -> None:
        """Replace the whole map data (a copy of ``data``); one undo step."""

        def change(current: MapData) -> None:
            current.clear()
            current.update(copy.deepcopy(data))

        self.edit(change, label)

    def changed(self) -> None:
        """Tell every listener that something shown changed."""
        for listener in list(self.listeners):
            listener()
