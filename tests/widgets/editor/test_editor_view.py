"""The map editor's canvas keeps one view: edits never move or rescale it, in the
draft and the valid state alike, wherever they are; it covers every station and
wagon when the editor opens and after "Fit"."""

from __future__ import annotations

import pytest

pytest.importorskip("ipywidgets")

import vvlab
from vvlab.plan.wagons import map_geometry
from vvlab.widgets.editor.canvas import HEIGHT, WIDTH
from vvlab.widgets.editor.sketch import canvas_frame
from vvlab.widgets.editor.view import MapEditor


def ranges(editor: MapEditor) -> tuple[tuple[float, ...], tuple[float, ...]]:
    layout = editor.figure.layout
    return tuple(layout.xaxis.range), tuple(layout.yaxis.range)


def assert_covers(editor: MapEditor) -> None:
    """Every station, and every wagon of a valid city, lies inside the axis ranges."""
    (x0, x1), (y0, y1) = ranges(editor)
    points = [(s["x"], s["y"]) for s in editor.controller.stations.values()]
    city = editor.controller.city()
    if city is not None:
        box = (x0, y0, x1, y1)
        for wagon in map_geometry(
            city, WIDTH, HEIGHT, canvas_frame(box, WIDTH, HEIGHT)
        ).wagons.values():
            bx0, by0, bx1, by1 = wagon.bbox
            points += [(bx0, by0), (bx1, by1)]
    for x, y in points:
        assert x0 < x < x1 and y0 < y < y1, ((x, y), ranges(editor))


def near_middle(editor: MapEditor) -> list[tuple[float, float]]:
    """Free grid points near the middle of the view."""
    (x0, x1), (y0, y1) = ranges(editor)
    grid = next(t for t in editor.figure.data if t.meta["role"] == "grid")
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    free = sorted(zip(grid.x, grid.y, strict=True), key=lambda p: abs(p[0] - cx) + abs(p[1] - cy))
    return free[:3]


@pytest.mark.parametrize("name", ["tutorial", *vvlab.builtin_maps()[:2]])
def test_edits_inside_the_view_keep_it_in_draft_and_valid_states(name: str) -> None:
    editor = MapEditor(name)
    assert editor.controller.city() is not None
    start = ranges(editor)
    assert_covers(editor)
    editor.mode.value = "add station"
    (ax, ay), (bx, by), _ = near_middle(editor)
    editor.click_grid(ax, ay)  # a lone station: the city becomes a draft
    assert editor.controller.city() is None
    assert ranges(editor) == start
    editor.mode.value = "move"
    editor.click_grid(bx, by)
    assert ranges(editor) == start
    assert_covers(editor)
    editor.undo_button.click()
    editor.undo_button.click()  # valid again
    assert editor.controller.city() is not None
    assert ranges(editor) == start
    assert_covers(editor)


def test_blank_city_clicks_at_one_height_give_one_y() -> None:
    editor = MapEditor()
    editor.mode.value = "add station"
    start = ranges(editor)
    for x in (3, 6, 9):
        editor.click_grid(x, 8)
        assert ranges(editor) == start
    assert {s["y"] for s in editor.controller.stations.values()} == {8}


def test_a_station_outside_the_view_leaves_it_until_fit() -> None:
    """A station added beyond the view's corner leaves the axes as they were (the
    designer fits when they want); Fit covers it; after undo the view stays until Fit
    again, which gives the first view back."""
    editor = MapEditor("tutorial")
    start = ranges(editor)
    (_, x1), (_, y1) = start
    editor.controller.station_edits.add(round(x1) + 10, round(y1) + 10)
    editor.refresh()
    assert ranges(editor) == start
    editor.fit_button.click()
    assert_covers(editor)
    fitted = ranges(editor)
    assert fitted[0][1] > x1 + 10 and fitted[1][1] > y1 + 10
    editor.undo_button.click()
    assert ranges(editor) == fitted  # no jump back on undo
    editor.fit_button.click()
    assert ranges(editor) == start
    assert_covers(editor)


def test_a_draft_keeps_its_legend() -> None:
    editor = MapEditor("tutorial")

    def legend() -> set[str]:
        return {t.name for t in editor.figure.data if t.visible is not False and t.showlegend}

    valid = legend()
    editor.mode.value = "add station"
    editor.click_grid(*near_middle(editor)[0])
    assert editor.controller.city() is None
    assert legend() == valid == {"A · Amber", "B · Blue", "C · Crimson", "D · Green"}


def test_a_user_zoom_stays_until_fit() -> None:
    editor = MapEditor("tutorial")
    fitted = ranges(editor)
    editor.figure.layout.xaxis.range = (0, 3)  # as plotly.js reports a zoom
    editor.figure.layout.yaxis.range = (0, 2)
    editor.controller.station_edits.rename("zoo", "Tierpark")
    assert ranges(editor) == ((0, 3), (0, 2))
    editor.fit_button.click()
    assert ranges(editor) == fitted
