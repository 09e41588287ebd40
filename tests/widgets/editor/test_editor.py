"""The MapEditor widget driven headlessly: plotly clicks, buttons, value changes."""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import vvlab
from vvlab.bots import play_game
from vvlab.model.generate import generate_city
from vvlab.widgets.editor.controller import MapEditorController
from vvlab.widgets.editor.view import MapEditor


def plotly_click(editor: MapEditor, trace_index: int, point_index: int) -> None:
    """Deliver a click as the browser does: a ``plotly_click`` message that the
    FigureWidget dispatches to the ``on_click`` callbacks of every trace."""
    trace = editor.figure.data[trace_index]
    message = {
        "event_type": "plotly_click",
        "points": {
            "xs": [trace.x[point_index]],
            "ys": [trace.y[point_index]],
            "point_indexes": [point_index],
            "trace_indexes": [trace_index],
        },
    }
    editor.figure._handler_js2py_pointsCallback({"new": message})


def trace_of(editor: MapEditor, role: str) -> int:
    return next(i for i, t in enumerate(editor.figure.data) if t.meta["role"] == role)


def click_grid(editor: MapEditor, x: float, y: float) -> None:
    k = trace_of(editor, "grid")
    grid = editor.figure.data[k]
    plotly_click(editor, k, list(zip(grid.x, grid.y, strict=True)).index((x, y)))


def click_station(editor: MapEditor, sid: str) -> None:
    k = trace_of(editor, "stations")
    plotly_click(editor, k, list(editor.figure.data[k].meta["ids"]).index(sid))


def panel_problems(editor: MapEditor) -> list[tuple[str, str]]:
    found = re.findall(r"<li><b>(.*?)</b>: (.*?)</li>", editor.problems_panel.value)
    return [(html.unescape(p), html.unescape(m)) for p, m in found]


def message(editor: MapEditor, area: Any = None) -> str:
    """The text of a message area: ``area`` (a bar's own), else the one beside the canvas."""
    shown = editor.message if area is None else area
    return html.unescape(re.sub("<[^>]+>", "", shown.value))


def draw(editor: MapEditor, *stations: str) -> None:
    editor.start_line_button.click()
    for sid in stations:
        click_station(editor, sid)
    editor.finish_line_button.click()


@pytest.fixture
def editor(tmp_path: Path) -> MapEditor:
    return MapEditor(controller=MapEditorController(folder=tmp_path))


def build_small_city(editor: MapEditor) -> None:
    """Five stations by clicks; two lines sharing s3; a sixth station on no line."""
    editor.mode.value = "add station"
    for x, y in [(2, 4), (5, 4), (8, 4), (8, 7), (8, 1), (12, 10)]:
        click_grid(editor, x, y)
    draw(editor, "s1", "s2", "s3")
    draw(editor, "s4", "s3", "s5")


def test_build_fix_save_reload_play_and_balance(editor: MapEditor, tmp_path: Path) -> None:
    assert panel_problems(editor) == [
        ("stations", "must not be empty"),
        ("lines", "must not be empty"),
    ]
    build_small_city(editor)
    c = editor.controller
    assert [ln["stations"] for ln in c.lines] == [["s1", "s2", "s3"], ["s4", "s3", "s5"]]
    assert c.stations["s3"] == {"name": "Station 3", "x": 8, "y": 4}
    editor.line_select.value = "L2"
    editor.line_indicators.value = 7
    editor.apply_line_button.click()
    assert panel_problems(editor) == [
        ("Station 6", "station is on no line"),
        ("line L2, boxes", "must be between 1 and 6, got 7"),
    ]
    assert "6 stations, 2 lines, 1 transfer stations" in editor.stats_panel.value
    editor.mode.value = "select"
    click_station(editor, "s6")
    editor.delete_station_button.click()
    editor.line_indicators.value = 2
    editor.apply_line_button.click()
    assert panel_problems(editor) == []
    assert "none, the city is valid" in editor.problems_panel.value
    editor.city_id.value, editor.city_name.value = "clicked", "Clicked City"
    editor.apply_city_button.click()
    editor.save_button.click()
    path = tmp_path / "clicked.json"
    assert "saved" in message(editor, editor.save_message) and path.is_file()
    city = vvlab.load_map(path)
    assert (city.name, city.lines_through("s3"), city.star_value("s3")) == (
        "Clicked City",
        ("L1", "L2"),
        4,
    )
    game = play_game(vvlab.Game(city, players=1, seed=11), ["greedy"])
    assert game.is_over
    editor.balance_games.value = 200
    editor.balance_button.click()
    editor.balance_bar.wait()
    assert "200 solo games played" in editor.balance_summary.value
    assert len(editor.last_balance.result.games) == 200
    assert [len(f.data) > 0 for f in editor.balance_figures.children] == [True, True]


def test_station_moves_renames_and_line_buttons(editor: MapEditor) -> None:
    build_small_city(editor)
    c = editor.controller
    editor.mode.value = "move"
    click_station(editor, "s1")
    click_grid(editor, 2, 6)
    assert (c.stations["s1"]["x"], c.stations["s1"]["y"]) == (2, 6)
    editor.station_name.value = "Harbour"
    editor.rename_button.click()
    assert c.stations["s1"]["name"] == "Harbour"
    editor.line_select.value = "L1"
    click_station(editor, "s6")
    editor.extend_end_button.click()
    assert c.lines[0]["stations"] == ["s1", "s2", "s3", "s6"]
    editor.shorten_start_button.click()
    editor.reverse_button.click()
    assert c.lines[0]["stations"] == ["s6", "s3", "s2"]
    editor.line_id.value, editor.line_color.value = "U1", "#00FF00"
    editor.apply_line_button.click()
    assert (editor.line_select.value, c.lines[0]["color"]) == ("U1", "#00FF00")
    editor.delete_line_button.click()
    assert [ln["id"] for ln in c.lines] == ["L2"]


def test_undo_redo_buttons_round_trip(editor: MapEditor) -> None:
    assert editor.undo_button.disabled and editor.redo_button.disabled
    build_small_city(editor)
    before = editor.controller.data
    editor.mode.value = "move"
    click_station(editor, "s2")
    click_grid(editor, 5, 9)
    after = editor.controller.data
    assert after != before
    editor.undo_button.click()
    assert editor.controller.data == before and not editor.redo_button.disabled
    editor.redo_button.click()
    assert editor.controller.data == after and editor.redo_button.disabled
    for _ in range(20):  # 6 stations + 2 lines, then nothing left
        editor.undo_button.click()
    assert editor.controller.data == MapEditorController().data and editor.undo_button.disabled


def test_overwrite_asks_for_a_confirm(editor: MapEditor, tmp_path: Path) -> None:
    editor.source_select.value = "tutorial"
    editor.open_button.click()
    editor.save_path.value = str(tmp_path / "t.json")
    editor.save_button.click()
    first = (tmp_path / "t.json").read_text()
    assert editor.confirm_overwrite_button.layout.display == "none"
    editor.mode.value = "select"
    click_station(editor, "central")
    editor.station_name.value = "Mitte"
    editor.rename_button.click()
    editor.save_button.click()
    assert "confirm" in message(editor, editor.save_message)
    assert editor.confirm_overwrite_button.layout.display is None
    assert (tmp_path / "t.json").read_text() == first
    editor.confirm_overwrite_button.click()
    assert vvlab.load_map(tmp_path / "t.json").stations["central"].name == "Mitte"
    assert editor.confirm_overwrite_button.layout.display == "none"


@pytest.mark.parametrize("name", ["../escape.json", "a b.json", "x.txt"])
def test_save_field_refuses_path_tricks(editor: MapEditor, tmp_path: Path, name: str) -> None:
    editor.controller.load("tutorial")
    editor.save_path.value = str(tmp_path / name)
    editor.save_button.click()
    assert message(editor, editor.save_message).startswith(("refusing", "bad file name"))
    assert not list(tmp_path.iterdir()) and not (tmp_path.parent / "escape.json").exists()


def test_mistakes_are_messages_not_tracebacks(editor: MapEditor) -> None:
    editor.mode.value = "move"
    click_grid(editor, 3, 3)
    assert "select a station first" in message(editor)
    editor.delete_station_button.click()
    assert "select a station first" in message(editor)
    editor.mode.value = "add station"
    click_grid(editor, 3, 3)
    editor.mode.value = "draw line"
    click_grid(editor, 4, 4)
    assert "click stations" in message(editor)
    editor.reverse_button.click()
    assert "pick a line first" in message(editor)
    editor.save_button.click()
    assert "problem" in message(editor, editor.save_message)
    editor.open_path.value = "nowhere.json"
    editor.open_file_button.click()
    assert "nowhere.json" in message(editor, editor.open_message)


def test_open_builtin_copy_and_generate(editor: MapEditor) -> None:
    editor.source_select.value = "tutorial"
    editor.open_button.click()
    assert editor.controller.data["id"] == "tutorial-copy"
    stations = editor.figure.data[trace_of(editor, "stations")]
    assert sorted(stations.meta["ids"]) == sorted(vvlab.load_map("tutorial").stations)
    assert [t.meta["role"] for t in editor.figure.data].count("line") == 4
    editor.gen_lines.value, editor.gen_stations.value, editor.gen_seed.value = 5, 40, 3
    editor.generate_button.click()
    assert editor.controller.data == generate_city(lines=5, stations=40, seed=3).to_dict()
    assert panel_problems(editor) == [] and "none" in editor.problems_panel.value
    editor.undo_button.click()
    assert editor.controller.data["id"] == "tutorial-copy"


def test_a_grid_click_never_lands_on_a_station(editor: MapEditor) -> None:
    editor.controller.load("tutorial")
    grid = editor.figure.data[trace_of(editor, "grid")]
    taken = {(s["x"], s["y"]) for s in editor.controller.stations.values()}
    assert not taken & set(zip(grid.x, grid.y, strict=True))


def test_programmatic_edits_redraw_the_canvas(editor: MapEditor) -> None:
    def station_ids() -> Any:
        return editor.figure.data[trace_of(editor, "stations")].meta["ids"]

    assert list(station_ids()) == []
    editor.controller.station_edits.add(4, 4)
    assert list(station_ids()) == ["s1"]


def test_the_bars_controls_read_as_the_editors_own(editor: MapEditor) -> None:
    assert editor.undo_button is editor.mode_bar.undo_button
    assert editor.line_select is editor.line_bar.line_select
    assert editor.save_path is editor.save_bar.save_path
    assert editor.last_balance is editor.balance_bar.last_balance is None
    assert [bar.box for bar in editor.bars[:2]] == list(editor.children[:2])
    with pytest.raises(AttributeError, match="no attribute 'no_such_button'"):
        editor.no_such_button  # noqa: B018
