"""The last few values made, by key: :class:`Kept`, the one small cache of the maps a
process has built (``sim/worker.py``) and of the equal-bonus cities and games of a
balance verdict (``design/play.py``)."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import Any


class Kept:
    """The last ``size`` values made, by key, the most recently used kept longest
    (thread-safe; a value being made is not locked: two threads may make the same one).

    >>> kept = Kept(2)
    >>> kept.get("a", lambda: 1), kept.get("a", lambda: 2)
    (1, 1)
    >>> kept.put("b", 3), kept.put("c", 4), kept.get("a", lambda: 5)  # "a" was the oldest
    (3, 4, 5)
    """

    def __init__(self, size: int) -> None:
        self.size = size
        self.values: OrderedDict[Hashable, Any] = OrderedDict()
        self.lock = threading.Lock()

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The value kept under ``key``, else ``make()``'s, kept."""
        with self.lock:
            if key in self.values:
                self.values.move_to_end(key)
                return self.values[key]
        return self.put(key, make())

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep ``value`` under ``key`` as the most recent; returns it."""
        with self.lock:
            self.values[key] = value
            self.values.move_to_end(key)
            while len(self.values) > self.size:
                self.values.popitem(last=False)
        return value
