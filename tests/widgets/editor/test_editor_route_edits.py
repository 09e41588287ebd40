"""Route edits of "Balance for me" in the map editor, driven headlessly: each is listed
with station names, the first is drawn on the canvas (the line's new route dashed,
rings on the stations it touches), "Show on map" draws another, "Apply" makes one as a
single undoable edit, and the checkbox asks the search for them."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from test_editor import message
from test_editor_wording import designer_words, shown

import vvlab.design
from vvlab.design import tune
from vvlab.widgets.editor.view import MapEditor

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "design"))
from test_design_tune_routes import ONLY_COMPLETION, RUN, VARY, short_line_city


@pytest.fixture(scope="module")
def result():
    return tune(short_line_city(), ONLY_COMPLETION, vary=VARY, seed=3, **RUN)


def traces(editor: MapEditor, role: str) -> list:
    return [t for t in editor.figure.data if (t.meta or {}).get("role") == role]


def route(editor: MapEditor, lid: str) -> list[str]:
    return next(ln["stations"] for ln in editor.controller.lines if ln["id"] == lid)


def offered(result) -> MapEditor:
    editor = MapEditor(short_line_city().to_dict(), autosave=False)
    editor.tune_bar.show(result)
    return editor


def test_each_route_edit_is_listed_and_the_first_drawn_on_the_canvas(result) -> None:
    editor = offered(result)
    choices = editor.tune_bar.route_choices
    rows = choices.box.children[1:]
    assert len(rows) == len(result.routes) >= 1
    for row, suggestion in zip(rows, result.routes, strict=True):
        look, apply, words = row.children
        assert (look.description, apply.description) == ("Show on map", "Apply this route")
        text = shown(words.value)
        assert text.startswith(suggestion.text) and "Main 5" in text and designer_words(text)
    first = result.routes[0]
    (drawn,) = traces(editor, "preview")
    (rings,) = traces(editor, "preview-ring")
    assert list(drawn.meta["ids"]) == list(first.route) == ["p1", "p0", "m5", "m6"]
    assert drawn.line.color == "#C0282D" and drawn.line.dash == "6px,4px"
    assert list(rings.meta["ids"]) == ["m5", "m6"]
    assert route(editor, "S") == ["p1", "p0", "m5"]  # shown, not made


def test_apply_makes_the_route_edit_as_one_undoable_edit(result) -> None:
    editor = offered(result)
    before = editor.controller.history.data
    first = result.routes[0]
    editor.tune_bar.route_choices.box.children[1].children[1].click()  # Apply
    assert route(editor, "S") == list(first.route)
    assert vvlab.load_map(editor.controller.history.data).line("S").stations == first.route
    assert "balance for me: Short ends one station later" in message(
        editor, editor.tune_bar.job.message
    )
    assert not traces(editor, "preview") or not traces(editor, "preview")[0].visible
    assert editor.tune_bar.route_choices.box.children == ()
    stale = editor.tune_bar.stale  # the paragraph above describes the old route
    assert stale.layout.display is None and "measured on the city as it was" in stale.value
    editor.undo_button.click()
    assert editor.controller.history.data == before  # the route exactly as it was
    assert message(editor).startswith("undid: balance for me: Short ends one station later")
    assert stale.layout.display == "none"


def test_show_on_map_draws_the_chosen_edit(result) -> None:
    editor = offered(result)
    choices = editor.tune_bar.route_choices
    choices.show(None)
    editor.refresh()
    assert not [t for t in traces(editor, "preview") if t.visible is not False]
    choices.box.children[1].children[0].click()  # Show on map
    (drawn,) = [t for t in traces(editor, "preview") if t.visible is not False]
    assert tuple(drawn.meta["ids"]) == result.routes[0].route and choices.shown == 0


def test_the_checkbox_asks_the_search_for_route_edits(monkeypatch, result) -> None:
    asked = []

    def fake_tune(city, **kwargs):
        asked.append(kwargs["vary"])
        return result

    monkeypatch.setattr(vvlab.design, "tune", fake_tune)
    editor = MapEditor(short_line_city().to_dict(), autosave=False)
    editor.tune_button.click()
    editor.tune_bar.wait(60)
    editor.routes_choice.value = True
    editor.tune_button.click()
    editor.tune_bar.wait(60)
    assert asked == [("indicators", "bonus"), ("indicators", "bonus", "routes")]
    assert len(editor.tune_bar.route_choices.box.children) == len(result.routes) + 1
