"""Line edits of the map editor: draw, extend, shorten, reverse, delete, set properties."""

from __future__ import annotations

from typing import Any

from vvlab.model.generate import PALETTE
from vvlab.widgets.editor_history import EditError, EditHistory, MapData
from vvlab.widgets.editor_stats import default_scoring


class LineEdits(EditHistory):
    """The line edits of :class:`~vvlab.widgets.editor_state.MapEditorController`."""

    def line_index(self, lid: str) -> int:
        """Position of the line ``lid`` in the map's list of lines."""
        for k, line in enumerate(self._data["lines"]):
            if line.get("id") == lid:
                return k
        raise EditError(f"no line {lid!r}")

    def _new_line(self, stations: list[str], id: str | None, **props: Any) -> MapData:
        ids = {line.get("id") for line in self._data["lines"]}
        if id is None:
            id = next(f"L{k}" for k in range(1, len(ids) + 2) if f"L{k}" not in ids)
        elif id in ids:
            raise EditError(f"line id {id!r} is taken")
        used = {line.get("color") for line in self._data["lines"]}
        color = next((c for c in PALETTE if c not in used), PALETTE[len(used) % len(PALETTE)])
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

    def add_line(self, stations: list[str], id: str | None = None, **props: Any) -> str:
        """Add a line through ``stations`` (in order); returns its id. Colour,
        indicator boxes and bonuses default from the line's length; ``props`` may set
        ``name``, ``color``, ``indicators``, ``bonus``."""
        for sid in stations:
            self._station(sid)
        if len(set(stations)) != len(stations):
            raise EditError("a line passes each station at most once")
        line = self._new_line(stations, id, **props)
        self._edit(lambda data: data["lines"].append(line))
        return line["id"]

    def start_line(self, first: str | None = None) -> None:
        """Start drawing a line; click stations in order (:meth:`add_stop`), then
        :meth:`finish_line`."""
        self.draft = []
        if first is not None:
            self.add_stop(first)
        self._changed()

    def add_stop(self, sid: str) -> None:
        """Add the next station of the line being drawn."""
        if self.draft is None:
            raise EditError("start a line first")
        self._station(sid)
        if sid in self.draft:
            raise EditError(f"{sid!r} is already on this line")
        self.draft.append(sid)
        self._changed()

    def finish_line(self, id: str | None = None, **props: Any) -> str:
        """Add the line drawn so far (one undoable edit); returns its id."""
        if not self.draft:
            raise EditError("click at least one station before finishing the line")
        stations, self.draft = self.draft, None
        return self.add_line(stations, id, **props)

    def cancel_line(self) -> None:
        """Forget the line being drawn."""
        self.draft = None
        self._changed()

    def extend_line(self, lid: str, sid: str, at: str = "end") -> None:
        """Add a station at the ``"end"`` (terminus) or ``"start"`` (wagon) of a line."""
        k = self.line_index(lid)
        self._station(sid)
        if sid in self._data["lines"][k]["stations"]:
            raise EditError(f"{sid!r} is already on line {lid!r}")
        pos = 0 if _check_end(at) == "start" else len(self._data["lines"][k]["stations"])
        self._edit(lambda data: data["lines"][k]["stations"].insert(pos, sid))

    def shorten_line(self, lid: str, at: str = "end") -> str:
        """Take the station at the ``"end"`` or ``"start"`` off a line; returns it."""
        k = self.line_index(lid)
        route = self._data["lines"][k]["stations"]
        if not route:
            raise EditError(f"line {lid!r} has no stations")
        pos = 0 if _check_end(at) == "start" else -1
        return self._edit(lambda data: data["lines"][k]["stations"].pop(pos))

    def reverse_line(self, lid: str) -> None:
        """Run the line the other way (the wagon moves to the other end)."""
        k = self.line_index(lid)
        self._edit(lambda data: data["lines"][k]["stations"].reverse())

    def delete_line(self, lid: str) -> None:
        """Delete a line (its stations stay)."""
        k = self.line_index(lid)
        self._edit(lambda data: data["lines"].pop(k))

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
        k = self.line_index(lid)
        if id is not None and id != lid and any(ln.get("id") == id for ln in self.lines):
            raise EditError(f"line id {id!r} is taken")
        values = {"id": id, "name": name, "color": color, "indicators": indicators}
        values["bonus"] = list(bonus) if bonus is not None else None
        self._edit(
            lambda data: data["lines"][k].update(
                {key: v for key, v in values.items() if v is not None}
            )
        )


def _check_end(at: str) -> str:
    if at not in ("start", "end"):
        raise EditError(f'at must be "start" or "end", not {at!r}')
    return at
