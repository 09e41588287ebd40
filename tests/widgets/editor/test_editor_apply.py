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
    """The line ``lid`` picked in the dropdown: the page sends its index, and the
    dropdown's link in the page sends the index of the form it shows."""
    bar = editor.line_bar
    index = list(bar.line_select.options).index(lid)
    from_browser(bar.line_select, index=index)
    from_browser(bar.form_stack, selected_index=index)


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


def test_picking_a_line_sends_no_field_to_the_page(monkeypatch) -> None:
    """Each line has fields of its own, shown by the pick in the page itself: the
    kernel sends no field on a pick or a redraw (a late one would replace what the
    page shows), only when a line's values in the map change."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    sent: list[str] = []
    for form in bar.forms.values():
        for field in form.fields():
            monkeypatch.setattr(field, "send_state", lambda key=None: sent.append(key))
    pick_in_browser(editor, "C")
    editor.refresh()
    editor.click_station("lake")
    pick_in_browser(editor, "A")
    assert sent == []
    assert bar.line_indicators is bar.forms["A"].line_indicators
    editor.controller.line_edits.set("A", indicators=4)  # the map changed: A's boxes show it
    assert sent == ["value"] and bar.forms["A"].line_indicators.value == 4


def test_apply_applies_its_own_line_whatever_the_dropdown_says() -> None:
    """The click on a line's Apply names its line: a pick of another line that
    reaches the kernel first changes nothing of what is applied."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "B")
    form = bar.forms["B"]
    from_browser(form.line_indicators, value=6)
    pick_in_browser(editor, "C")  # the next pick, sent before the click arrived
    click_in_browser(form.apply_line_button)
    assert line(editor, "B")["indicators"] == 6 and line(editor, "C")["indicators"] == 1


def test_what_is_typed_stays_when_lines_are_added_or_deleted() -> None:
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "B")
    from_browser(bar.line_name, value="Blue Line")
    editor.controller.line_edits.add(["zoo", "lake"], id="E")
    editor.line_bar.select("D")
    editor.delete_line_button.click()
    assert bar.line_select.value == "E" and bar.forms["B"].line_name.value == "Blue Line"
    pick_in_browser(editor, "B")
    click_in_browser(bar.apply_line_button)
    assert line(editor, "B")["name"] == "Blue Line"


def test_the_picked_line_s_form_is_shown_in_the_page() -> None:
    """The dropdown and the forms are linked in the page (a pick shows its form
    without a round trip to the kernel), and in the kernel."""
    bar = MapEditor("tutorial").line_bar
    link = bar._link
    assert (link.source, link.target) == (
        (bar.line_select, "index"),
        (bar.form_stack, "selected_index"),
    )
    pick_in_browser(bar.editor, "C")
    assert bar.form_stack.selected_index == 2
    assert bar.form_stack.children[2] is bar.forms["C"].box


def test_a_pick_in_the_page_is_not_answered_with_a_form_to_show() -> None:
    """The page shows the picked line's form itself (linked to the dropdown). Were
    the kernel to set the form in answer to a pick, the answer would reach a fast user
    after their next pick and show the earlier line's form under their typing (seen
    in the browser test: the next line's values landed in the earlier line's form)."""
    bar = MapEditor("tutorial").line_bar
    sent: list[dict[str, Any]] = []
    bar.form_stack.send_state = lambda key=None: sent.append({"key": key})  # type: ignore[method-assign]
    from_browser(bar.line_select, index=1)  # the pick of B reaches the kernel first
    assert sent == [] and bar.line_indicators is bar.forms["B"].line_indicators
    bar.select("C")  # a pick by the kernel (after an action) does show its form
    assert bar.form_stack.selected_index == 2 and sent


def click_with_page_values(button: w.Widget, values: list[Any]) -> None:
    """A click in the page on a button that carries what its fields show there."""
    message = {"method": "custom", "content": {"event": "click", "values": values}}
    button._handle_msg({"content": {"data": message}, "buffers": []})


def test_apply_applies_what_the_page_showed_when_the_typing_arrives_later() -> None:
    """JupyterLab may deliver the click on Apply before the value typed just before it
    (the two widgets' messages go through different kernel threads): the click
    carries what the boxes showed, and that is applied."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "B")
    form = bar.forms["B"]
    shown = ["B", "Blue", form.line_color.value, 5, 9, 4]
    click_with_page_values(form.apply_line_button, shown)
    applied = line(editor, "B")
    assert (applied["name"], applied["indicators"], applied["bonus"]) == ("Blue", 5, [9, 4])
    from_browser(form.bonus_later, value=4)  # the late message changes nothing
    assert line(editor, "B")["bonus"] == [9, 4]


def test_a_line_button_acts_on_the_line_the_page_showed() -> None:
    """ "Reverse" clicked on line C in the page reverses C, even if the pick of C
    reaches the kernel after the click."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "A")
    before = {ln["id"]: list(ln["stations"]) for ln in editor.controller.lines}
    click_with_page_values(bar.reverse_button, [list(bar.line_select.options).index("C")])
    after = {ln["id"]: list(ln["stations"]) for ln in editor.controller.lines}
    assert after["C"] == before["C"][::-1] and after["A"] == before["A"]


def test_an_apply_does_not_show_its_form_again_when_the_next_pick_is_half_arrived() -> None:
    """The page tells a pick in two messages (the form it shows, then the dropdown),
    which may be handled either side of a click on Apply arriving on another kernel
    thread: the Apply must not set the form shown back to its own line (the page
    would show it under the user's typing into the next line)."""
    editor = MapEditor("tutorial")
    bar = editor.line_bar
    pick_in_browser(editor, "B")
    from_browser(bar.form_stack, selected_index=2)  # the page shows C's form already
    sent: list[object] = []
    bar.form_stack.send_state = lambda key=None: sent.append(key)  # type: ignore[method-assign]
    click_with_page_values(bar.forms["B"].apply_line_button, ["B", "Blue", "#123456", 3, 8, 2])
    assert line(editor, "B")["name"] == "Blue"
    assert sent == [] and bar.form_stack.selected_index == 2
