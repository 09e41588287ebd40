"""The line rows of the map editor: pick a line, set its id, name, colour (a colour
picker), indicator boxes and bonus pair; extend, shorten, reverse or delete it.

Like the bars of :mod:`vvlab.widgets.editor.toolbars`, :class:`LineBar` holds its
``editor``, acts through ``editor.act`` and shows the controller in ``refresh()``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.model.colors import is_hex
from vvlab.widgets.controls import button, number, row, text
from vvlab.widgets.editor.history import EditError

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor


def _as_int(value: Any) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else 0


class LineBar:
    """The chosen line's properties (applied together) and the changes of its route.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> editor = MapEditor("tutorial")
    >>> bar = editor.line_bar
    >>> bar.line_select.value = "A"; bar.line_indicators.value = 3
    >>> bar.apply_line_button.click(); editor.controller.lines[0]["indicators"]
    3
    >>> bar.shorten_end_button.click(); editor.controller.lines[0]["stations"][-2:]
    ['central', 'castle']
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        controller = editor.controller
        self.line_select = w.Dropdown(options=[], description="line")
        self.line_select.observe(lambda _: self._fill_fields(), names="value")
        self.line_id = text("id", "160px")
        self.line_name = text("name", "200px")
        self.line_color = w.ColorPicker(
            description="colour", concise=False, value="#000000", layout=w.Layout(width="200px")
        )
        self.line_indicators = number("boxes", 2)
        self.bonus_first = number("first", 4)
        self.bonus_later = number("later", 2)
        self.apply_line_button = button("Apply", button_style="primary")
        self.apply_line_button.on_click(lambda _: editor.act(self._apply_line))
        fields = [self.line_id, self.line_name, self.line_color, self.line_indicators]
        fields += [self.bonus_first, self.bonus_later, self.apply_line_button]
        self.extend_start_button = self._button("Extend start", self._extend, "start")
        self.extend_end_button = self._button("Extend end", self._extend, "end")
        self.shorten_start_button = self._button(
            "Shorten start", controller.line_edits.shorten, "start"
        )
        self.shorten_end_button = self._button("Shorten end", controller.line_edits.shorten, "end")
        self.reverse_button = self._button("Reverse", controller.line_edits.reverse)
        self.delete_line_button = self._button("Delete line", controller.line_edits.delete)
        self.delete_line_button.button_style = "danger"
        ops = [self.extend_start_button, self.extend_end_button, self.shorten_start_button]
        ops += [self.shorten_end_button, self.reverse_button, self.delete_line_button]
        self.box = w.VBox([row(self.line_select, *fields), row(*ops)])

    def _button(self, description: str, action: Callable[..., Any], *args: Any) -> w.Button:
        """A button that calls ``action(chosen line, *args)``."""
        b = button(description)
        b.on_click(lambda _: self.editor.act(self._on_line, action, *args))
        return b

    def select(self, lid: str) -> None:
        """Choose the line ``lid`` (its fields show it)."""
        ids = [str(line.get("id")) for line in self.editor.controller.history.data["lines"]]
        if tuple(self.line_select.options) != tuple(ids):
            self.line_select.options = ids
        self.line_select.value = lid

    def _line(self) -> str:
        if self.line_select.value is None:
            raise EditError("pick a line first")
        return self.line_select.value

    def _on_line(self, action: Callable[..., Any], *args: Any) -> None:
        action(self._line(), *args)

    def _extend(self, lid: str, at: str) -> None:
        self.editor.controller.line_edits.extend(lid, self.editor.selected_station(), at)

    def _apply_line(self) -> None:
        lid = self._line()
        new_id = self.line_id.value
        self.editor.controller.line_edits.set(
            lid,
            id=new_id,
            name=self.line_name.value,
            color=self.line_color.value,
            indicators=self.line_indicators.value,
            bonus=(self.bonus_first.value, self.bonus_later.value),
        )
        self.select(new_id)

    def refresh(self) -> None:
        """Offer the city's lines; keep the chosen one (else the last) and show it."""
        ids = [str(line.get("id")) for line in self.editor.controller.history.data["lines"]]
        keep = self.line_select.value if self.line_select.value in ids else None
        self.line_select.options = ids
        self.line_select.value = keep if keep is not None else (ids[-1] if ids else None)
        self._fill_fields()

    def _fill_fields(self) -> None:
        lid = self.line_select.value
        if lid is None:
            return
        controller = self.editor.controller
        line = controller.history.data["lines"][controller.line_edits.index(lid)]
        bonus = line.get("bonus") if isinstance(line.get("bonus"), list) else [0, 0]
        self.line_id.value = str(line.get("id", ""))
        self.line_name.value = str(line.get("name", ""))
        color = line.get("color")
        self.line_color.value = color if is_hex(color) else "#000000"  # a bad colour: pick one
        self.line_indicators.value = _as_int(line.get("indicators"))
        self.bonus_first.value = _as_int(bonus[0] if bonus else 0)
        self.bonus_later.value = _as_int(bonus[1] if len(bonus) > 1 else 0)
