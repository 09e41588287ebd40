"""A new line's default colour stands apart from every line's colour on the map, and
the line bar picks colours with a colour picker."""

from __future__ import annotations

import pytest

import vvlab
from vvlab.model.colors import CANDIDATES, MIN_DELTA_E, delta_e, hex_to_lab
from vvlab.widgets.editor.controller import MapEditorController


def new_line_colors(ed: MapEditorController, count: int) -> list[str]:
    """The default colours of ``count`` new lines added one after the other."""
    stations = list(ed.stations)[:2]
    colors = []
    for _ in range(count):
        lid = ed.line_edits.add(stations)
        colors.append(ed.lines[ed.line_edits.index(lid)]["color"])
    return colors


@pytest.mark.parametrize("name", vvlab.builtin_maps())
def test_new_line_colour_is_far_from_every_existing_one(name: str) -> None:
    ed = MapEditorController.open(name)
    old = [line["color"] for line in ed.lines]
    for color in new_line_colors(ed, 3):
        nearest = min(delta_e(color, c) for c in old)
        assert nearest >= MIN_DELTA_E, (name, color, nearest)
        old.append(color)


def test_the_reported_clash_is_gone() -> None:
    """U1's red #E3000F once got #E3001B (ΔE 4.7) as the next line's colour."""
    ed = MapEditorController.open("tutorial")
    ed.line_edits.set("A", color="#E3000F")
    (color,) = new_line_colors(ed, 1)
    assert min(delta_e(color, line["color"]) for line in ed.lines[:-1]) >= MIN_DELTA_E


def test_a_generated_city_and_a_blank_one() -> None:
    ed = MapEditorController.generated(lines=10, stations=60, seed=4)
    old = [line["color"] for line in ed.lines]
    (color,) = new_line_colors(ed, 1)
    assert min(delta_e(color, c) for c in old) >= MIN_DELTA_E
    blank = MapEditorController()
    a, b = blank.station_edits.add(0, 0), blank.station_edits.add(2, 0)
    blank.line_edits.add([a, b])
    assert blank.lines[0]["color"] == CANDIDATES[0]


def test_candidates_stay_readable_on_white() -> None:
    assert all(hex_to_lab(c)[0] <= 78 for c in CANDIDATES)


def test_line_bar_has_a_colour_picker() -> None:
    w = pytest.importorskip("ipywidgets")
    from vvlab.widgets.editor.view import MapEditor

    editor = MapEditor("tutorial")
    assert isinstance(editor.line_color, w.ColorPicker)
    editor.line_select.value = "B"
    assert editor.line_color.value == editor.controller.lines[1]["color"]
    editor.line_color.value = "#123456"
    editor.apply_line_button.click()
    assert editor.controller.lines[1]["color"] == "#123456"
