"""The line rows of the map editor: pick a line, set its id, name, colour (a colour
picker), indicator boxes and bonus pair; extend, shorten, reverse or delete it.

Like the bars of :mod:`vvlab.widgets.editor.toolbars`, :class:`LineBar` holds its
``editor``, acts through ``editor.act`` and shows the controller in ``refresh()``.

Nothing typed is lost, however fast the user is. The browser sends each change of a
widget as a message of its own: the pick of a line, what is typed, the click on Apply;
an answer of the kernel that fills fields reaches the page some time later, and could
replace what was typed meanwhile. So each line has fields of its own and an Apply of
its own (:class:`LineForm`), and picking a line only shows its form, in the page
itself (the dropdown is linked to the forms there): the kernel fills a line's fields
only when the map's values of that line change (Apply, undo, "Balance for me"), never
on a pick nor on a redraw after another action. A field sends what is typed when it
loses the focus, which is before the click on Apply lands; Apply applies its line's
fields.
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


_FIELDS = ("line_id", "line_name", "line_color", "line_indicators", "bonus_first", "bonus_later")
"""A line's fields in a :class:`LineForm`, in the order of :meth:`LineForm.values_of`."""


class LineForm:
    """One line's properties: its fields and its Apply (which applies them together).

    ``apply`` is called with the form when its Apply is clicked.
    """

    def __init__(self, lid: str, apply: Callable[[LineForm], Any]):
        self.lid = lid
        self.line_id = text("id", "160px", continuous_update=False)
        self.line_name = text("name", "200px", continuous_update=False)
        self.line_color = w.ColorPicker(
            description="colour", concise=False, value="#000000", layout=w.Layout(width="200px")
        )
        self.line_indicators = number("boxes", 2)
        self.bonus_first = number("first", 4)
        self.bonus_later = number("later", 2)
        self.apply_line_button = button(
            "Apply", reads=[(field, "value") for field in self.fields()], button_style="primary"
        )
        self.apply_line_button.on_click(lambda _: apply(self))
        self.box = row(*self.fields(), self.apply_line_button)
        self._shown: tuple[Any, ...] = ()  # the map's values the fields were filled with

    def fields(self) -> tuple[w.ValueWidget, ...]:
        return tuple(getattr(self, name) for name in _FIELDS)

    @staticmethod
    def values_of(line: dict[str, Any]) -> tuple[Any, ...]:
        """What the fields show of the map's ``line``."""
        bonus = line.get("bonus") if isinstance(line.get("bonus"), list) else [0, 0]
        color = line.get("color")
        return (
            str(line.get("id", "")),
            str(line.get("name", "")),
            color if is_hex(color) else "#000000",  # a bad colour: pick one
            _as_int(line.get("indicators")),
            _as_int(bonus[0] if bonus else 0),
            _as_int(bonus[1] if len(bonus) > 1 else 0),
        )

    def fill(self, line: dict[str, Any]) -> None:
        """Show the map's ``line``, unless the map's values are those shown last (then
        the fields may hold what the user is typing)."""
        values = self.values_of(line)
        if values == self._shown:
            return
        self._shown = values
        for field, value in zip(self.fields(), values, strict=True):
            field.value = value


class LineBar:
    """The chosen line's properties (applied together) and the changes of its route.
    The fields and Apply of the picked line (a :class:`LineForm` each) read as the
    bar's own: ``line_id``, ``line_name``, ``line_color``, ``line_indicators``,
    ``bonus_first``, ``bonus_later``, ``apply_line_button``.

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
        self.forms: dict[str, LineForm] = {}
        self.form_stack = w.Stack([], selected_index=None)
        self._link = w.jslink((self.line_select, "index"), (self.form_stack, "selected_index"))
        self._offering = False  # True while the offered lines change: no line is picked
        self._blank = LineForm("", self._apply)  # shown while no line is picked
        self._expose(self._blank)
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
        self.box = w.VBox([row(self.line_select, self.form_stack), row(*ops)])

    def _expose(self, form: LineForm) -> None:
        """The picked line's fields and Apply as the bar's (and so the editor's)."""
        for name in (*_FIELDS, "apply_line_button"):
            setattr(self, name, getattr(form, name))

    def _button(self, description: str, action: Callable[..., Any], *args: Any) -> w.Button:
        """A button that calls ``action(chosen line, *args)``: the line the page shows
        when it is clicked (the click carries the pick)."""
        b = button(description, reads=[(self.line_select, "index")])
        b.on_click(lambda _: self.editor.act(self._on_line, action, *args))
        return b

    def select(self, lid: str) -> None:
        """Choose the line ``lid`` (its fields show it)."""
        self._offer(lid)

    def _offer(self, lid: str | None) -> None:
        """Offer the city's lines, each with its form, and pick ``lid`` without passing
        through another line on the way (new options pick the first one for a moment)."""
        lines = self.editor.controller.history.data["lines"]
        ids = [str(line.get("id")) for line in lines]
        shown = (tuple(self.line_select.options), self.line_select.index)
        self._offering = True
        try:
            if tuple(self.line_select.options) != tuple(ids):
                self.forms = {i: self.forms.get(i) or LineForm(i, self._apply) for i in ids}
                self.form_stack.children = [self.forms[i].box for i in ids]
                self.line_select.options = ids
            self.line_select.value = lid
        finally:
            self._offering = False
        for line, i in zip(lines, ids, strict=True):
            self.forms[i].fill(line)
        if (tuple(ids), self.line_select.index) != shown:
            self._show_picked()
        else:  # the same pick: the page shows its form (the kernel may not know yet
            # which: the page's news of the next pick can be on its way)
            self._expose(self.forms.get(self.line_select.value) or self._blank)

    def _picked(self, change: Any) -> None:
        """The user picked a line: its fields become the bar's (not while the options
        change). The page's link has shown its form already and tells the kernel; the
        kernel must not set the form itself: its answer would reach the page after the
        user's next pick and show the form of this line again, under their typing."""
        if not self._offering:
            self._expose(self.forms.get(self.line_select.value) or self._blank)

    def _show_picked(self) -> None:
        """Show the line the kernel picked (a pick in the page is :meth:`_picked`)."""
        self.form_stack.selected_index = self.line_select.index  # linked in the page too
        self._expose(self.forms.get(self.line_select.value) or self._blank)

    def _line(self) -> str:
        if self.line_select.value is None:
            raise EditError("pick a line first")
        return self.line_select.value

    def _on_line(self, action: Callable[..., Any], *args: Any) -> None:
        action(self._line(), *args)

    def _extend(self, lid: str, at: str) -> None:
        self.editor.controller.line_edits.extend(lid, self.editor.selected_station(), at)

    def _apply(self, form: LineForm) -> None:
        self.editor.act(self._apply_line, form)

    def _apply_line(self, form: LineForm) -> None:
        """Apply the line's own fields (whichever line the dropdown shows by then)."""
        if not form.lid:
            raise EditError("pick a line first")
        new_id = form.line_id.value
        self.editor.controller.line_edits.set(
            form.lid,
            id=new_id,
            name=form.line_name.value,
            color=form.line_color.value,
            indicators=form.line_indicators.value,
            bonus=(form.bonus_first.value, form.bonus_later.value),
        )
        if new_id != form.lid:  # the form goes with its line, and the pick with it
            self.forms[new_id] = self.forms.pop(form.lid)
            picked = self.line_select.value == form.lid
            form.lid = new_id
            if picked:
                self.select(new_id)
        # else the pick stays: the user may have picked the next line already, and
        # picking this one again would show its form under their typing

    def refresh(self) -> None:
        """Offer the city's lines; keep the chosen one (else the last). A line's fields
        are filled again only if its values in the map changed: what is typed stays."""
        ids = [str(line.get("id")) for line in self.editor.controller.history.data["lines"]]
        keep = self.line_select.value if self.line_select.value in ids else None
        self._offer(keep if keep is not None else (ids[-1] if ids else None))
