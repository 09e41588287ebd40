"""The play widget's City picker: it always names the city being played.

The built-in cities are listed by their names (``berlin``); a city played from a map
file, a ``CityMap``, a map dict or the editor is added by its own name and stays
listed, so that switching back to it starts it again. Picking a city starts it.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import ipywidgets as w

from vvlab.model import CityMap, builtin_maps


class CityPicker:
    """A ``Dropdown`` (``dropdown``) of the cities a game may be started with.

    Parameters
    ----------
    on_pick
        Called with the value picked by the player (a built-in name or a ``CityMap``);
        not called when the picker only follows a game started some other way.

    Examples
    --------
    >>> import vvlab
    >>> picked = []
    >>> picker = CityPicker(picked.append)
    >>> city = vvlab.load_map("tutorial")
    >>> picker.show("tutorial", city); picker.dropdown.label, picked
    ('tutorial', [])
    >>> mine = vvlab.CityMap.from_dict({**city.to_dict(), "id": "mine", "name": "My town"})
    >>> picker.show(mine, mine); picker.dropdown.label, picker.dropdown.value is mine
    ('My town', True)
    >>> picker.dropdown.value = "berlin"; picked
    ['berlin']
    """

    def __init__(self, on_pick: Callable[[Any], None]):
        self.on_pick = on_pick
        self.builtins = builtin_maps()  # looked up once: the folder is read on every call
        self.dropdown = w.Dropdown(options=[(name, name) for name in self.builtins])
        self.dropdown.description = "City"
        self._following = False
        self._shown: tuple[Any, CityMap | None] = (self.dropdown.value, None)
        self.dropdown.observe(self._picked, "value")

    def choice(self, city: Any, played: CityMap) -> Any:
        """What the picker lists for a game started with ``city`` (as given to the
        controller): the built-in name, else the city played."""
        return city if isinstance(city, str) and city in self.builtins else played

    def show(self, city: Any, played: CityMap) -> None:
        """Name ``played``, the city of a game started with ``city`` (a built-in name, a
        path, a dict or a ``CityMap``), adding it to the list when it is not built in."""
        value = self.choice(city, played)
        if isinstance(value, CityMap):
            self._list(value)
        self._following = True
        try:
            self.dropdown.value = value
        finally:
            self._following = False
        self._shown = (value, played)

    def follow(self, played: CityMap) -> None:
        """Name ``played`` again: after a game started without the picker, or a pick
        that did not start (the set-up was refused)."""
        value, shown = self._shown
        if shown is not played:
            value = played
        if not _same(self.dropdown.value, value):
            self.show(value, played)

    def _list(self, city: CityMap) -> None:
        """Add ``city`` under its name; it replaces another city of the same name."""
        options = [
            (label, value)
            for label, value in self.dropdown.options
            if not (isinstance(value, CityMap) and (label == city.name or value is city))
        ]
        self._following = True
        try:
            self.dropdown.options = [*options, (city.name, city)]
        finally:
            self._following = False

    def _picked(self, change: dict[str, Any]) -> None:
        if not self._following and change["new"] is not None:
            self.on_pick(change["new"])


def _same(a: Any, b: Any) -> bool:
    """Whether two picker values are the same choice (cities by identity: comparing two
    maps compares every station)."""
    return a is b or (isinstance(a, str) and a == b)
