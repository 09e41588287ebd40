"""Undo and redo for the map editor: the edited map data and its snapshots."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

MapData = dict[str, Any]
MAX_UNDO = 500
"""Edits kept for undo."""


class EditError(ValueError):
    """An edit that cannot be made (unknown station or line, taken id, ...); nothing
    changed."""


class EditHistory:
    """Map data with undo and redo: each edit keeps a JSON snapshot of the data before
    it, so undo restores exactly the earlier data. ``draft`` is the line being drawn
    (not part of the data yet); ``listeners`` are called after every change.

    >>> h = EditHistory({"stations": {}})
    >>> h._edit(lambda data: data["stations"].update(a=1))
    >>> h.undo(), h._data, h.redo(), h._data
    (True, {'stations': {}}, True, {'stations': {'a': 1}})
    """

    def __init__(self, data: MapData):
        self._data: MapData = json.loads(json.dumps(data))
        self.draft: list[str] | None = None
        self._undo: list[str] = []
        self._redo: list[str] = []
        self.listeners: list[Callable[[], None]] = []

    @property
    def can_undo(self) -> bool:
        return bool(self._undo) or bool(self.draft)

    @property
    def can_redo(self) -> bool:
        return bool(self._redo)

    def undo(self) -> bool:
        """Undo the last edit (or, while drawing a line, its last stop); ``False`` if
        there is nothing to undo."""
        if self.draft:
            self.draft.pop()
            self._changed()
            return True
        if not self._undo:
            return False
        self._redo.append(json.dumps(self._data))
        self._data = json.loads(self._undo.pop())
        self._changed()
        return True

    def redo(self) -> bool:
        """Redo the last undone edit; ``False`` if there is none."""
        if not self._redo:
            return False
        self._undo.append(json.dumps(self._data))
        self._data = json.loads(self._redo.pop())
        self._changed()
        return True

    def _edit(self, change: Callable[[MapData], Any]) -> Any:
        """Apply ``change`` to a copy of the data; keep it (one undo step) unless it
        raises."""
        before = json.dumps(self._data)
        data = json.loads(before)
        result = change(data)
        self._undo = [*self._undo[-MAX_UNDO + 1 :], before]
        self._redo.clear()
        self._data = data
        self._changed()
        return result

    def _changed(self) -> None:
        for listener in list(self.listeners):
            listener()

    def _station(self, sid: str) -> None:
        if sid not in self._data["stations"]:
            raise EditError(f"no station {sid!r}")
