"""Line edits of the map editor: draw a line stop by stop, add, extend, shorten,
reverse, delete, set its properties (name, colour, indicator boxes, bonus)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from vvlab.model.colors import distinct_color
from vvlab.model.generate import default_scoring
from vvlab.widgets.editor.bends import station_name
from vvlab.widgets.editor.history import EditError, EditHistory, MapData
from vvlab.widgets.editor.stations import require_station


class LineEdits:
    """The lines of the map data in ``history``, edited one undo step at a time, and
    the line being drawn (``draft``: its stations so far, not part of the data yet;
    ``None`` when no line is being drawn).

    Examples
    --------
    >>> history = EditHistory({"stations": {"a": {}, "b": {}}, "lines": []})
    >>> edits = LineEdits(history)
    >>> edits.start("a"); edits.add_stop("b"); edits.draft
    ['a', 'b']
    >>> edits.finish(name="Ring")
    'L1'
    >>> history.data["lines"][0]["stations"], history.data["lines"][0]["name"], edits.draft
    (['a', 'b'], 'Ring', None)
    >>> edits.reverse("L1"); history.data["lines"][0]["stations"]
    ['b', 'a']
    """

    def __init__(self, history: EditHistory):
        self.history = history
        self.draft: list[str] | None = None

    @property
    def _lines(self) -> list[MapData]:
        return self.history.data["lines"]

    def _name(self, lid: str) -> str:
        """``line`` and the line's name, as messages and undo steps call it."""
        return f"line {line_name(self.history.data, lid)}"

    def index(self, lid: str) -> int:
        """Position of the line ``lid`` in the map's list of lines."""
        for k, line in enumerate(self._lines):
            if line.get("id") == lid:
                return k
        raise EditError(f"no line {lid!r}")

    def _new_line(self, stations: list[str], id: str | None, **props: Any) -> MapData:
        ids = {line.get("id") for line in self._lines}
        if id is None:
            id = next(f"L{k}" for k in range(1, len(ids) + 2) if f"L{k}" not in ids)
        elif id in ids:
            raise EditError(f"line id {id!r} is taken")
        color = distinct_color(line.get("color") for line in self._lines)
        indicators, bonus = default_scoring(len(stations))
        line = {
            "id": id,
            "name": id,
            "color": color,
            "indicators": indicators,
            "bonus": bonus,
            "stations": list(stations),
        }
        line.update({k: v for k, v in props.items() if v is not None})
        return line

    def add(self, stations: list[str], id: str | None = None, **props: Any) -> str:
        """Add a line through ``stations`` (in order); returns its id. Colour (the
        one farthest from every line's, :func:`~vvlab.model.colors.distinct_color`),
        indicator boxes and bonuses default from the line's length; ``props`` may set
        ``name``, ``color``, ``indicators``, ``bonus``."""
        for sid in stations:
            require_station(self.history.data, sid)
        if len(set(stations)) != len(stations):
            raise EditError("a line passes each station at most once")
        line = self._new_line(stations, id, **props)
        label = f"add line {line.get('name') or line['id']}"
        self.history.edit(lambda data: data["lines"].append(line), label)
        return line["id"]

    # -- drawing a line -----------------------------------------------------------------
    def start(self, first: str | None = None) -> None:
        """Start drawing a line; click stations in order (:meth:`add_stop`), then
        :meth:`finish`."""
        self.draft = []
        if first is not None:
            self.add_stop(first)
        self.history.changed()

    def add_stop(self, sid: str) -> None:
        """Add the next station of the line being drawn."""
        if self.draft is None:
            raise EditError("start a line first")
        require_station(self.history.data, sid)
        if sid in self.draft:
            raise EditError(f"{station_name(self.history.data, sid)} is already on this line")
        self.draft.append(sid)
        self.history.changed()

    def undo_stop(self) -> bool:
        """Take back the last stop of the line being drawn; ``False`` if it has none."""
        if not self.draft:
            return False
        sid = self.draft.pop()
        self.history.last_step = f"stop {sid} of the line being drawn"
        self.history.changed()
        return True

    def forget_stop(self, sid: str) -> None:
        """Take a deleted station off the line being drawn."""
        if self.draft and sid in self.draft:
            self.draft.remove(sid)

    def finish(self, id: str | None = None, **props: Any) -> str:
        """Add the line drawn so far (one undoable edit); returns its id."""
        if not self.draft:
            raise EditError("click at least one station before finishing the line")
        stations, self.draft = self.draft, None
        return self.add(stations, id, **props)

    def cancel(self) -> None:
        """Forget the line being drawn."""
        self.draft = None
        self.history.changed()

    # -- changing a line ----------------------------------------------------------------
    def extend(self, lid: str, sid: str, at: str = "end") -> None:
        """Add a station at the ``"end"`` (terminus) or ``"start"`` (wagon) of a line."""
        k = self.index(lid)
        require_station(self.history.data, sid)
        if sid in self._lines[k]["stations"]:
            name = station_name(self.history.data, sid)
            raise EditError(f"{name} is on {self._name(lid)} already")
        pos = 0 if _check_end(at) == "start" else len(self._lines[k]["stations"])
        label = f"extend {self._name(lid)} at the {at}"
        self.history.edit(lambda data: data["lines"][k]["stations"].insert(pos, sid), label)

    def shorten(self, lid: str, at: str = "end") -> str:
        """Take the station at the ``"end"`` or ``"start"`` off a line; returns it."""
        k = self.index(lid)
        if not self._lines[k]["stations"]:
            raise EditError(f"{self._name(lid)} has no stations")
        pos = 0 if _check_end(at) == "start" else -1
        label = f"shorten {self._name(lid)} at the {at}"
        return self.history.edit(lambda data: data["lines"][k]["stations"].pop(pos), label)

    def set_route(self, lid: str, stations: Sequence[str], label: str) -> None:
        """Give a line the route ``stations`` (known stations, each once) in one undo
        step named ``label``; the bends of edges no longer used go with them.

        >>> history = EditHistory({"stations": {"a": {}, "b": {}, "c": {}},
        ...                        "lines": [{"id": "A", "stations": ["a", "b"]}]})
        >>> LineEdits(history).set_route("A", ["a", "b", "c"], "A on to c")
        >>> history.data["lines"][0]["stations"], history.undo(), history.data["lines"][0]
        (['a', 'b', 'c'], True, {'id': 'A', 'stations': ['a', 'b']})
        """
        k = self.index(lid)
        for sid in stations:
            require_station(self.history.data, sid)
        if len(set(stations)) != len(stations):
            raise EditError(f"a station twice on {self._name(lid)}")
        route = list(stations)
        self.history.edit(lambda data: data["lines"][k].update(stations=route), label)

    def reverse(self, lid: str) -> None:
        """Run the line the other way (the wagon moves to the other end)."""
        k = self.index(lid)
        self.history.edit(
            lambda data: data["lines"][k]["stations"].reverse(), f"reverse {self._name(lid)}"
        )

    def delete(self, lid: str) -> None:
        """Delete a line (its stations stay)."""
        k = self.index(lid)
        self.history.edit(lambda data: data["lines"].pop(k), f"delete {self._name(lid)}")

    def set(
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
        ``(first, later)``; ``None`` keeps a value as it is."""
        k = self.index(lid)
        if id is not None and id != lid and any(ln.get("id") == id for ln in self._lines):
            raise EditError(f"line id {id!r} is taken")
        values = {"id": id, "name": name, "color": color, "indicators": indicators}
        values["bonus"] = list(bonus) if bonus is not None else None
        kept = {key: v for key, v in values.items() if v is not None}
        label = f"change {self._name(lid)}"
        self.history.edit(lambda data: data["lines"][k].update(kept), label)

    def set_numbers(self, numbers: dict[str, tuple[int, int, int]], label: str) -> None:
        """Set the boxes and bonus pair ``(boxes, first, later)`` of several lines in
        one undo step named ``label``.

        >>> history = EditHistory({"stations": {}, "lines": [{"id": "A", "indicators": 1}]})
        >>> LineEdits(history).set_numbers({"A": (3, 6, 4)}, "tuned")
        >>> history.data["lines"][0], history.undo(), history.last_step
        ({'id': 'A', 'indicators': 3, 'bonus': [6, 4]}, True, 'tuned')
        """
        where = {lid: self.index(lid) for lid in numbers}  # unknown ids: nothing changes

        def change(data: MapData) -> None:
            for lid, (boxes, first, later) in numbers.items():
                data["lines"][where[lid]].update(indicators=boxes, bonus=[first, later])

        self.history.edit(change, label)


def line_name(data: MapData, lid: Any) -> str:
    """What the editor calls a line: its name, else its id.

    >>> line_name({"lines": [{"id": "A", "name": "Amber"}, {"id": "B"}]}, "B")
    'B'
    """
    for line in data.get("lines") or ():
        if isinstance(line, dict) and line.get("id") == lid:
            return str(line.get("name") or lid)
    return str(lid)


def _check_end(at: str) -> str:
    if at not in ("start", "end"):
        raise EditError(f'at must be "start" or "end", not {at!r}')
    return at
