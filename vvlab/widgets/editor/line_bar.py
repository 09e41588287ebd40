"""The line rows of the map editor: pick a line, set its id, name, colour (a colour
picker), indicator boxes and bonus pair; extend, shorten, reverse or delete it.

Like the bars of :mod:`vvlab.widgets.editor.toolbars`, :class:`LineBar` holds its
``editor``, acts through ``editor.act`` and shows the controller in ``refresh()``.

Nothing typed is lost, however fast the user is. The browser sends each change of a
widget as a message of its own: the pick of a line, then what is typed, then the click
on Apply. The fields are filled from the map only when the picked line, or what the
map holds for it, changes; a redraw after any other action leaves what is typed alone.
Each field sends what is typed as it is typed (``continuous_update``): the kernel
receives it after the pick and before the click, so that a late fill of the fields
(the answer to the pick, reaching the page after the user began to type) cannot
replace it, and Apply reads what the boxes show.
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
        self.line_select.observe(self._picked, names="value")
        self._offering = False  # True while the offered lines change: no line is picked
        self._shown: tuple[Any, ...] = ()  # the line and the values the fields were filled with
        self.line_id = text("id", "160px", continuous_update=True)
        self.line_name = text("name", "200px", continuous_update=True)
        self.line_color = w.ColorPicker(
            description="colour", concise=False, value="#000000", layout=w.Layout(width="200px")
        )
        self.line_indicators = number("boxes", 2, continuous_update=True)
        self.bonus_first = number("first", 4, continuous_update=True)
        self.bonus_later = number("later", 2, continuous_update=True)
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
        self._offer(lid)

    def _offer(self, lid: str | None) -> None:
        """Offer the city's lines with ``lid`` picked, without passing through another
        line on the way (new options pick the first one for a moment), and show it."""
        ids = [str(line.get("id")) for line in self.editor.controller.history.data["lines"]]
        self._offering = True
        try:
            if tuple(self.line_select.options) != tuple(ids):
                self.line_select.options = ids
            self.line_select.value = lid
        finally:
            self._offering = False
        self._fill_fields()

    def _picked(self, change: Any) -> None:
        """The user picked a line: show it (not while the options change)."""
        if not self._offering:
            self._fill_fields()

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
        """Offer the city's lines; keep the chosen one (else the last). Its fields are
        filled again only if it or its values in the map changed: what is typed stays."""
        ids = [str(line.get("id")) for line in self.editor.controller.history.data["lines"]]
        keep = self.line_select.value if self.line_select.value in ids else None
        self._offer(keep if keep is not None else (ids[-1] if ids else None))

    def _fill_fields(self) -> None:
        """Fill the fields with the picked line's values, unless they show them already
        (then they may hold what the user is typing)."""
        lid = self.line_select.value
        if lid is None:
            self._shown = ()
            return
        controller = self.editor.controller
        line = controller.history.data["lines"][controller.line_edits.index(lid)]
        bonus = line.get("bonus") if isinstance(line.get("bonus"), list) else [0, 0]
        color = line.get("color")
        values = (
            str(line.get("id", "")),
            str(line.get("name", "")),
            color if is_hex(color) else "#000000",  # a bad colour: pick one
            _as_int(line.get("indicators")),
            _as_int(bonus[0] if bonus else 0),
            _as_int(bonus[1] if len(bonus) > 1 else 0),
        )
        if (lid, values) == self._shown:
            return
        self._shown = (lid, values)
        for field, value in zip(self._fields(), values, strict=True):
            field.value = value

    def _fields(self) -> tuple[w.ValueWidget, ...]:
        return (
            self.line_id,
            self.line_name,
            self.line_color,
            self.line_indicators,
            self.bonus_first,
            self.bonus_later,
        )
