"""Nothing typed is lost (issue 29.7): the line bar's Apply applies what the boxes
show, however fast the user is.

The browser sends each change as a message of its own, in the order the user made
them: the pick of a line (the dropdown's ``index``), each field as it is typed, the
click on Apply. These tests hand the widgets such messages as the kernel does
(``_handle_msg``), with other actions in between, and check what Apply applied.
"""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as w

from vvlab.widgets.editor.view import MapEditor


def from_browser(widget: w.Widget, **state: Any) -> None:
    """A change typed or picked in the page: one update message, handled as the
    kernel handles it."""
    message = {"method": "update", "state": state, "buffer_paths": []}
    widget._handle_msg({"content": {"data": message}, "buffers": []})


def click_in_browser(button: w.Button) -> None:
    """A click in the page: the custom message the button's view sends."""
    message = {"method": "custom", "content": {"event": "click"}}
    button._handle_msg({"content": {"data": message}, "buffers": []})


def pick_in_browser(editor: MapEditor, lid: str) -> None:
    """The line ``lid`` picked in the dropdown (the page sends its index)."""
    picker = editor.line_bar.line_select
    from_browser(picker, index=list(picker.options).index(lid))


def line(editor: MapEditor, lid: str) -> dict[str, Any]:
    return next(ln for ln in editor.controller.lines if ln["id"] == lid)


def test_apply_right_after_switching_lines_applies_what_was_typed() -> None:
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    for lid, boxes, first, later in (("B", 4, 7, 2), ("C", 3, 6, 5), ("A", 6, 9, 1)):
        pick_in_browser(editor, lid)
        from_browser(bar.line_indicators, value=boxes)
        from_browser(bar.bonus_first, value=first)
        from_browser(bar.bonus_later, value=later)
        from_browser(bar.line_name, value=f"Line {lid}")
        click_in_browser(bar.apply_line_button)
        applied = line(editor, lid)
        assert (applied["indicators"], applied["bonus"]) == (boxes, [first, later])
        assert applied["name"] == f"Line {lid}"
        assert bar.line_indicators.value == boxes and bar.line_select.value == lid


def test_what_is_typed_stays_through_other_actions() -> None:
    """An action elsewhere (a station clicked, the mode changed, an undo) redraws the
    editor; the fields keep what is typed, and Apply applies it."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "B")
    from_browser(bar.line_indicators, value=5)
    from_browser(bar.line_color, value="#123456")
    editor.click_station("zoo")
    from_browser(editor.mode_bar.mode, index=1)  # "add station"
    editor.station_bar.station_name.value = "Tierpark"
    editor.station_bar.rename_button.click()
    editor.undo_button.click()
    assert (bar.line_indicators.value, bar.line_color.value) == (5, "#123456")
    click_in_browser(bar.apply_line_button)
    assert (line(editor, "B")["indicators"], line(editor, "B")["color"]) == (5, "#123456")


def test_the_fields_are_sent_to_the_page_only_when_the_line_changes(monkeypatch) -> None:
    """Once the fields show the picked line, a redraw sends them nothing: a late fill
    from the kernel would replace what the page shows."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    sent: list[str] = []
    for field in bar._fields():
        monkeypatch.setattr(field, "send_state", lambda key=None, f=field: sent.append(key))
    pick_in_browser(editor, "C")
    assert sent, "picking a line fills its fields"
    sent.clear()
    editor.refresh()
    editor.click_station("lake")
    assert sent == []
    bar.line_select.value = "C"  # picked again: nothing changed
    assert sent == []


def test_a_line_added_or_deleted_fills_the_fields_once() -> None:
    """New options pick their first line for a moment in ipywidgets; the fields never
    show that line on the way."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    shown: list[Any] = []
    bar.line_id.observe(lambda change: shown.append(change.new), names="value")
    editor.controller.line_edits.add(["zoo", "lake"], id="E")
    editor.refresh()
    bar.select("E")
    assert shown == ["E"]
    bar.delete_line_button.click()
    assert shown == ["E", "D"] and bar.line_select.value == "D"


def test_every_field_sends_what_is_typed_as_it_is_typed() -> None:
    """Sent keystroke by keystroke, a typed value reaches the kernel before the click
    on Apply, and after the pick of the line: a late fill cannot replace it."""
    bar = MapEditor("tutorial").line_bar
    typed = (bar.line_id, bar.line_name, bar.line_indicators, bar.bonus_first, bar.bonus_later)
    assert all(field.continuous_update for field in typed)
