"""The MapEditor's canvas redrawn incrementally: what plotly.js receives, and that it
always shows what a full redraw would; the layout; the "open" dropdown."""

from __future__ import annotations

import copy
import itertools
from collections.abc import Callable
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import ipywidgets as w

import vvlab
from vvlab.model.generate import generate_city
from vvlab.plan.geometry import boxes_overlap
from vvlab.widgets.controls import ERROR_RED
from vvlab.widgets.editor.canvas import editor_figure
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.files import BLANK, OTHER
from vvlab.widgets.editor.view import MapEditor


def recolour(ed: MapEditor, lid: str, color: str) -> None:
    ed.line_select.value = lid
    ed.line_color.value = color
    ed.apply_line_button.click()


def rename(ed: MapEditor, sid: str, name: str) -> None:
    ed.click_station(sid)
    ed.station_name.value = name
    ed.rename_button.click()


def move(ed: MapEditor, sid: str, x: float, y: float) -> None:
    ed.mode.value = "select"
    ed.click_station(sid)
    ed.mode.value = "move"
    ed.click_grid(x, y)


def add_and_connect(ed: MapEditor) -> None:
    """A new station (the city turns invalid: on no line), then on line 1's end."""
    ed.mode.value = "add station"
    ed.click_grid(-2, -2)
    ed.line_select.value = ed.controller.lines[0]["id"]
    ed.extend_end_button.click()


def draw_new_line(ed: MapEditor) -> None:
    first, second = sorted(ed.controller.stations)[:2]
    ed.start_line_button.click()
    ed.click_station(first)
    ed.click_station(second)
    ed.finish_line_button.click()


EDITS: list[tuple[str, Callable[[MapEditor], Any]]] = [
    ("select", lambda ed: ed.click_station("central")),
    ("rename", lambda ed: rename(ed, "zoo", "Tierpark")),
    ("move", lambda ed: move(ed, "zoo", 7, 3)),
    ("line colour", lambda ed: recolour(ed, "B", "#123456")),
    ("reverse", lambda ed: ed.reverse_button.click()),
    ("bend", lambda ed: ed.pull_bend((-1, 0), 0.2, -1, 1)),  # "move" mode: handles shown
    ("move a bend", lambda ed: ed.move_bend("market", "central", 0, -1, -1)),
    ("add and connect", add_and_connect),
    ("draw a line", draw_new_line),
    ("undo", lambda ed: ed.undo_button.click()),
    ("undo", lambda ed: ed.undo_button.click()),
    ("redo", lambda ed: ed.redo_button.click()),
    ("delete line", lambda ed: ed.delete_line_button.click()),
    ("delete station", lambda ed: (ed.click_station("lake"), ed.delete_station_button.click())),
    ("undo", lambda ed: ed.undo_button.click()),
    ("generate", lambda ed: ed.generate_button.click()),
    ("undo", lambda ed: ed.undo_button.click()),
]


def visible_traces(fig: Any) -> list[dict[str, Any]]:
    """Every shown trace as plotly JSON, without the ids plotly adds."""
    out = []
    for trace in fig.data:
        spec = {k: v for k, v in trace.to_plotly_json().items() if k != "uid"}
        if spec.get("visible", True) is not False:
            out.append(spec)
    return out


@pytest.fixture
def editor(tmp_path: Any) -> MapEditor:
    ed = MapEditor(controller=MapEditorController.open("tutorial", folder=tmp_path))
    ed.gen_lines.value, ed.gen_stations.value, ed.gen_seed.value = 4, 20, 1
    return ed


def test_editor_updates_never_set_a_property_and_its_parent_together(editor: MapEditor) -> None:
    """plotly.js drops a whole update that sets e.g. ``marker`` and ``marker.color`` at
    once (the map stays as it was): check every message of many kinds of edits."""
    sent: list[dict[str, Any]] = []
    send = editor.figure._send_update_msg

    def spy(restyle_data: dict, relayout_data: dict, *args: Any, **kwargs: Any) -> Any:
        sent.extend([restyle_data, relayout_data])  # plotly.js checks each on its own
        return send(restyle_data, relayout_data, *args, **kwargs)

    paint = editor.painter.paint
    per_paint: list[int] = []

    def count(*args: Any) -> None:
        before = len(sent)
        paint(*args)
        per_paint.append((len(sent) - before) // 2)

    editor.figure._send_update_msg = spy
    editor.painter.paint = count
    for kind, edit in EDITS:
        edit(editor)
        assert ERROR_RED not in editor.message.value, (kind, editor.message.value)
    assert max(per_paint) == 1, "a redraw sent its changes in more than one batch"
    keys = {key for msg in sent for key in msg}
    assert {"marker.color", "x", "customdata", "visible"} <= keys, sorted(keys)
    for msg in sent:
        for key in msg:
            parents = [key[:i] for i, ch in enumerate(key) if ch == "."]
            assert not set(parents) & set(msg), f"{key} sent with its parent: {sorted(msg)}"


NAME_ROLES = ("names", "leaders")
"""Placed anew in a full redraw, but kept where they were by the editor after an edit."""


def _without_names(traces: list[dict]) -> list[dict]:
    return [t for t in traces if t["meta"]["role"] not in NAME_ROLES]


def test_incremental_canvas_equals_a_full_redraw(editor: MapEditor) -> None:
    """Every trace as a full redraw draws it; the names may sit where the editor kept
    them, but never on each other, and every key station of a valid city is named."""
    for kind, edit in EDITS:
        edit(editor)
        view = copy.copy(editor.painter.view)  # the view is the editor's state
        bends = editor.mode.value == "move"  # the handles of bends show in "move" mode
        fresh = editor_figure(editor.controller, editor.selected, view=view, bends=bends)
        shown, expected = visible_traces(editor.figure), visible_traces(fresh)
        assert [t["meta"]["role"] for t in shown] == [t["meta"]["role"] for t in expected], kind
        for got, want in zip(_without_names(shown), _without_names(expected), strict=True):
            assert got == want, f"after {kind}: {got['meta']} differs"
        names = [t for t in shown if t["meta"]["role"] == "names"]
        for trace in names:
            boxes = trace["meta"]["boxes"]
            assert not any(boxes_overlap(a, b) for a, b in itertools.combinations(boxes, 2)), kind
        city = editor.controller.city()
        if city is not None and names:
            named = set(names[0]["meta"]["ids"])
            ends = {s for line in city.lines for s in (line.stations[0], line.stations[-1])}
            assert set(city.transfer_stations) | ends <= named, kind
        layout = editor.figure.layout
        assert layout.title.text == fresh.layout.title.text, kind
        assert layout.shapes == fresh.layout.shapes, kind
        assert (layout.xaxis.range, layout.yaxis.range) == (
            fresh.layout.xaxis.range,
            fresh.layout.yaxis.range,
        ), kind


def test_an_edit_sends_only_what_changed(editor: MapEditor) -> None:
    rename(editor, "zoo", "Tierpark")  # the hover and the written name change, no line
    changed = editor.painter.last_changes
    assert changed.keys() == {("stations", "null", 0), ("names", "null", 0)}
    assert changed["stations", "null", 0] == ["customdata"]
    assert "text" in changed["names", "null", 0]
    names = next(t for t in editor.figure.data if t.meta["role"] == "names")
    assert "Tierpark" in names.text and "Zoo" not in names.text
    recolour(editor, "B", "#123456")
    changed = {key[:2] for key in editor.painter.last_changes}
    assert changed == {(role, '"B"') for role in ("line", "wagon", "indicators")}


def test_layout_fits_a_narrow_notebook(editor: MapEditor) -> None:
    """The canvas is at most 1000 px wide; the panel beside it and every row of
    controls wrap onto the next line instead of running off the right edge."""
    assert editor.figure.layout.width <= 1000
    canvas_row = next(b for b in _boxes(editor) if editor.mode_panel in b.children)
    canvas = canvas_row.children[0]
    assert canvas.children == (editor.figure, editor.drag) and canvas.layout.overflow == "auto"
    assert canvas_row.layout.flex_flow == "row wrap"
    assert editor.mode_panel.layout.overflow == "auto"
    rows = [b for b in _boxes(editor) if isinstance(b, w.HBox)]
    assert len(rows) >= 10 and all(b.layout.flex_flow == "row wrap" for b in rows)


def _descendants(widget: Any) -> list[Any]:
    children = list(getattr(widget, "children", ()))
    return children + [d for c in children for d in _descendants(c)]


def _boxes(widget: Any) -> list[Any]:
    found = []
    for child in getattr(widget, "children", ()):
        if isinstance(child, w.Box):
            found += [child, *_boxes(child)]
    return found


def test_open_dropdown_shows_what_is_open(editor: MapEditor) -> None:
    assert editor.source_select.value == "tutorial"
    editor.generate_button.click()
    assert editor.source_select.value == OTHER
    assert "Generated city" in editor.source_select.label
    editor.open_button.click()  # the open city again: a message, no reload
    assert "open already" in editor.open_message.value and editor.controller.can_undo
    editor.undo_button.click()
    assert editor.source_select.value == "tutorial"
    assert OTHER not in [v for _, v in editor.source_select.options]
    editor.source_select.value = BLANK  # picked, not opened: nothing loads ...
    assert editor.controller.data["id"] == "tutorial-copy"
    rename(editor, "zoo", "Tierpark")  # ... and an edit keeps the pick
    assert editor.source_select.value == BLANK
    editor.open_button.click()
    assert editor.controller.stations == {} and editor.source_select.label == "blank city"


def test_a_blank_editor_and_a_file_say_so(tmp_path: Any) -> None:
    assert MapEditor().source_select.label == "blank city"
    path = tmp_path / "mine.json"
    vvlab.model.io.save_map(generate_city(lines=3, stations=12, seed=2), path)
    ed = MapEditor(str(path))
    assert ed.source_select.value == OTHER and "Generated city" in ed.source_select.label
