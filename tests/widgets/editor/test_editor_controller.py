"""The map editor's controller: edits, undo/redo, problems, statistics, saving, balance."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

import vvlab
from vvlab.bots import play_game
from vvlab.model.generate import generate_city
from vvlab.widgets.editor.controller import EditError, MapEditorController
from vvlab.widgets.editor.history import EditHistory
from vvlab.widgets.editor.lines import LineEdits
from vvlab.widgets.editor.stations import StationEdits
from vvlab.widgets.editor.stats import city_stats, free_cards_per_box

BAD_ID = 'use only letters, digits, "_" and "-", starting with a letter or digit'


def problem_list(ed: MapEditorController) -> list[tuple[str, str]]:
    return [(p.path, p.message) for p in ed.problems()]


def small_city(folder: Path) -> tuple[MapEditorController, list[str]]:
    """Six stations, two lines sharing s3, and the mistakes the test then fixes."""
    ed = MapEditorController(folder=folder)
    ids = [ed.station_edits.add(x, y) for x, y in [(0, 0), (2, 0), (4, 0), (4, 2), (4, -2), (8, 8)]]
    ed.line_edits.add(ids[:3])
    ed.line_edits.start(ids[3])
    ed.line_edits.add_stop(ids[2])
    assert ed.line_edits.finish() == "L2"
    ed.line_edits.set("L2", indicators=7, bonus=(1, 3))
    ed.set_city(id="my city")
    return ed, ids


def test_blank_city_lists_its_problems_then_saves_reloads_and_plays(tmp_path: Path) -> None:
    ed = MapEditorController(folder=tmp_path)
    assert problem_list(ed) == [("stations", "must not be empty"), ("lines", "must not be empty")]
    ed, ids = small_city(tmp_path)
    assert problem_list(ed) == [
        ("id", f'bad id "my city": {BAD_ID}'),
        ("stations.s5", "station is on no line"),
        ("stations.s6", "station is on no line"),
        ("lines[1].indicators", "must be between 1 and 6, got 7"),
        ("lines[1].bonus", "must be [first, later] with first >= later >= 0, got [1, 3]"),
    ]
    assert ed.city() is None
    with pytest.raises(vvlab.MapError) as err:
        ed.save()
    assert len(err.value.problems) == 5 and not list(tmp_path.iterdir())
    ed.set_city(id="my-city")
    ed.line_edits.extend("L2", ids[4])
    ed.station_edits.delete(ids[5])
    ed.line_edits.set("L2", indicators=2, bonus=(4, 2))
    assert problem_list(ed) == []
    path = ed.save()
    assert path == tmp_path / "my-city.json"
    city = vvlab.load_map(path)
    assert city == ed.city()
    assert city.line("L2").stations == ("s4", "s3", "s5")
    assert city.lines_through("s3") == ("L1", "L2") and city.star_value("s3") == 4
    game = play_game(vvlab.Game(city, players=1, seed=3), ["greedy"])
    assert game.is_over and game.turn >= city.total_indicators


def test_add_station_snaps_and_refuses_a_taken_spot() -> None:
    ed = MapEditorController(grid_step=0.5)
    sid = ed.station_edits.add(1.3, 2.74)
    assert ed.stations[sid] == {"name": "Station 1", "x": 1.5, "y": 2.5}
    with pytest.raises(EditError, match="already"):
        ed.station_edits.add(1.4, 2.6)
    assert len(ed.stations) == 1 and ed.can_undo and not ed.history.can_redo
    ed.undo()
    assert not ed.can_undo  # the refused edit left no undo step


@pytest.mark.parametrize(
    "edit",
    [
        lambda ed: ed.station_edits.add(30, 30, name="New"),
        lambda ed: ed.station_edits.move("central", 3, 3),
        lambda ed: ed.station_edits.rename("central", "Hauptbahnhof"),
        lambda ed: ed.station_edits.change_id("central", "hbf"),
        lambda ed: ed.station_edits.delete("central"),
        lambda ed: ed.line_edits.add(["harbour", "zoo"], name="Z"),
        lambda ed: ed.line_edits.extend("D", "zoo", at="start"),
        lambda ed: ed.line_edits.extend("D", "zoo", at="end"),
        lambda ed: ed.line_edits.shorten("A", at="start"),
        lambda ed: ed.line_edits.shorten("A", at="end"),
        lambda ed: ed.line_edits.reverse("A"),
        lambda ed: ed.line_edits.delete("B"),
        lambda ed: ed.line_edits.set("A", id="A1", name="Amber 1", color="#123456", indicators=3),
        lambda ed: ed.line_edits.set("A", bonus=(9, 1)),
        lambda ed: ed.set_city(id="other", name="Other", description="d", recommended=True),
        lambda ed: ed.load("berlin"),
        lambda ed: ed.load_generated(lines=3, stations=20, seed=1),
    ],
)
def test_every_edit_undoes_and_redoes_exactly(edit) -> None:
    ed = MapEditorController.open("tutorial")
    before = ed.data
    edit(ed)
    after = ed.data
    assert after != before
    assert ed.undo() and ed.data == before
    assert ed.history.redo() and ed.data == after
    assert not ed.history.redo()


def test_line_edits_change_the_route_as_documented() -> None:
    ed = MapEditorController.open("tutorial")
    route = list(ed.lines[ed.line_edits.index("A")]["stations"])
    assert ed.line_edits.shorten("A", at="start") == route[0]
    assert ed.line_edits.shorten("A") == route[-1]
    ed.line_edits.extend("A", route[0], at="start")
    ed.line_edits.reverse("A")
    assert ed.lines[ed.line_edits.index("A")]["stations"] == route[:-1][::-1]
    with pytest.raises(EditError, match="is on line Amber already"):
        ed.line_edits.extend("A", route[1])
    with pytest.raises(EditError, match="taken"):
        ed.line_edits.set("A", id="B")
    with pytest.raises(EditError, match="no line"):
        ed.line_edits.reverse("nope")
    ed.station_edits.delete("central")
    assert all("central" not in line["stations"] for line in ed.lines)


def test_drawing_a_line_and_undoing_its_stops() -> None:
    ed = MapEditorController.open("tutorial")
    ed.line_edits.start("harbour")
    ed.line_edits.add_stop("zoo")
    with pytest.raises(EditError, match="already on this line"):
        ed.line_edits.add_stop("harbour")
    ed.line_edits.add_stop("park")
    assert ed.undo() and ed.line_edits.draft == ["harbour", "zoo"]
    lid = ed.line_edits.finish(name="New")
    line = ed.lines[ed.line_edits.index(lid)]
    assert (line["stations"], line["name"], ed.line_edits.draft) == (
        ["harbour", "zoo"],
        "New",
        None,
    )
    assert line["color"] not in {ln["color"] for ln in ed.lines if ln["id"] != lid}
    with pytest.raises(EditError):
        ed.line_edits.finish()


def test_overwrite_needs_a_confirm(tmp_path: Path) -> None:
    ed = MapEditorController.open("tutorial", folder=tmp_path)
    path = ed.save()
    first = path.read_text()
    ed.station_edits.rename("central", "Mitte")
    with pytest.raises(FileExistsError, match="confirm"):
        ed.save()
    with pytest.raises(FileExistsError):
        ed.save(path)
    assert path.read_text() == first
    assert ed.save(path, overwrite=True) == path
    assert json.loads(path.read_text())["stations"]["central"]["name"] == "Mitte"
    assert [p.name for p in tmp_path.iterdir()] == ["tutorial-copy.json"]  # no temp left


@pytest.mark.parametrize(
    ("name", "match"),
    [
        ("../escape.json", r"\.\."),
        ("sub/../escape.json", r"\.\."),
        ("my city.json", "bad file name"),
        (".hidden.json", "bad file name"),
        ("city.txt", "bad file name"),
        ("city.json.exe", "bad file name"),
        ("missing-folder/city.json", "no folder"),
    ],
)
def test_path_tricks_are_refused(tmp_path: Path, name: str, match: str) -> None:
    ed = MapEditorController.open("tutorial", folder=tmp_path)
    with pytest.raises(ValueError, match=match):
        ed.save(tmp_path / name)
    assert not list(tmp_path.rglob("*")) and not (tmp_path.parent / "escape.json").exists()


def test_links_and_folders_are_never_written_through(tmp_path: Path) -> None:
    ed = MapEditorController.open("tutorial", folder=tmp_path)
    target = tmp_path / "target.txt"
    target.write_text("keep")
    (tmp_path / "link.json").symlink_to(target)
    (tmp_path / "dir.json").mkdir()
    for name in ("link.json", "dir.json"):
        with pytest.raises(ValueError, match="not a regular file"):
            ed.save(tmp_path / name, overwrite=True)
    assert target.read_text() == "keep"


def test_a_bad_city_id_never_becomes_a_file_name(tmp_path: Path) -> None:
    ed = MapEditorController.open("tutorial", folder=tmp_path / "maps")
    (tmp_path / "maps").mkdir()
    ed.set_city(id="../evil")
    with pytest.raises(vvlab.MapError, match="bad id"):
        ed.save()
    assert not list(tmp_path.rglob("*.json"))


def test_opening_sources(tmp_path: Path) -> None:
    copy = MapEditorController.open("tutorial")
    assert (copy.data["id"], copy.data["name"]) == ("tutorial-copy", "Tutorial (copy)")
    assert copy.city().lines == vvlab.load_map("tutorial").lines
    path = tmp_path / "mine.json"
    vvlab.load_map("tutorial").save(path)
    assert MapEditorController.open(path).data == vvlab.load_map("tutorial").to_dict()
    assert MapEditorController.open(str(path)).data["id"] == "tutorial"
    with pytest.raises(vvlab.MapError):
        MapEditorController.open("no-such-map")
    generated = MapEditorController.generated(lines=6, stations=40, seed=5)
    assert generated.problems() == []
    assert generated.city() == generate_city(lines=6, stations=40, seed=5)
    assert len(generated.city().transfer_stations) > 0


def test_statistics_count_transfers_boxes_and_game_length() -> None:
    stats = MapEditorController.open("tutorial").stats()
    assert (stats["stations"], stats["lines"], stats["indicators"]) == (12, 4, 6)
    assert stats["transfers"] == [
        ("central", "Central", 6, ["A", "B", "C"]),
        ("park", "Park", 4, ["B", "D"]),
    ]
    assert stats["expected_turns"] == round(6 * 15 / 14, 1)
    assert free_cards_per_box("metro-x") == pytest.approx(1 / 15)
    broken = {"stations": {"a": {"name": "A"}}, "lines": [{"stations": ["a", "zz"]}, 3]}
    assert city_stats(broken)["route_stations"] == 2  # problems do not break the stats


def test_expected_game_length_matches_played_games() -> None:
    city = vvlab.load_map("berlin")
    res = vvlab.simulate(city, bots=["greedy"], games=1000, seed=4, workers=1, progress=False)
    expected = city_stats(city.to_dict())["expected_turns"]
    assert res.games["turns"].mean() == pytest.approx(expected, abs=0.25)


def test_quick_balance_plays_solo_greedy_games_on_the_fast_path() -> None:
    ed = MapEditorController.open("tutorial")
    qb = ed.quick_balance(games=300, seed=2)
    games = qb.result.games
    assert len(games) == 300 and set(games["player"]) == {0} and set(games["bot"]) == {"greedy"}
    assert qb.result.metadata["execution"]["engine"] == "fast"
    table = qb.lines
    assert table.index.get_level_values("line").tolist() == ["A", "B", "C", "D"]
    bonuses = [line.bonus_first for line in ed.city().lines]
    assert table["bonus_first"].tolist() == bonuses
    again = ed.quick_balance(games=300, seed=2).result.games["score"]
    assert games["score"].tolist() == again.tolist()
    assert qb.score_figure().data and qb.lines_figure().data
    assert "300 solo games played" in qb.summary()
    ed.station_edits.add(99, 99)
    with pytest.raises(vvlab.MapError, match="on no line"):
        ed.quick_balance(games=10)


def test_quick_balance_of_2000_games_after_warm_up_times_itself() -> None:
    """How long it takes is a figure of ``benchmarks/editor_balance.py``, not a test."""
    ed = MapEditorController.open("paris")
    ed.quick_balance(games=20, seed=0)  # warm-up: compiled kernels loaded
    start = time.perf_counter()
    qb = ed.quick_balance(games=2000, seed=1)
    seconds = time.perf_counter() - start
    assert len(qb.result.games) == 2000
    assert 0 < qb.seconds <= seconds and f"in {qb.seconds:.2f} s" in qb.summary()


def test_the_controller_holds_its_parts_and_callers_edit_through_them() -> None:
    ed = MapEditorController.open("tutorial")
    assert isinstance(ed.history, EditHistory)
    assert isinstance(ed.station_edits, StationEdits) and isinstance(ed.line_edits, LineEdits)
    assert ed.station_edits.history is ed.history and ed.line_edits.history is ed.history
    forwards = {"add_station", "add_line", "redo", "live", "draft", "grid_step", "set_line"}
    assert not forwards & set(dir(ed)), "the controller keeps only what is its own"
    sid = ed.station_edits.add(30, 30)
    assert ed.history.data["stations"][sid] == ed.stations[sid]
    assert ed.data == ed.history.data and ed.data is not ed.history.data  # a copy
    heard: list[int] = []
    ed.history.listeners.append(lambda: heard.append(1))
    ed.line_edits.start("zoo")
    ed.line_edits.add_stop(sid)
    assert ed.line_edits.draft == ["zoo", sid] and len(heard) == 3
    ed.station_edits.delete(sid)  # off the line being drawn too
    assert ed.line_edits.draft == ["zoo"] and sid not in ed.stations
    assert ed.undo() and ed.line_edits.draft == [] and ed.can_undo  # a stop first, then the edits
    assert ed.undo() and sid in ed.stations and ed.line_edits.draft == []
    ed.station_edits.grid_step = 0.5
    assert ed.station_edits.snap(0.3, 0) == (0.5, 0.0)
    ed.line_edits.cancel()
    assert ed.line_edits.draft is None and ed.line_edits.index("D") == 3


def test_a_route_edit_takes_the_bends_of_the_edges_it_removes() -> None:
    from bent_city import BENT

    ed = MapEditorController(BENT)
    assert ed.valid_city().edge_path("c", "e") == [(8, 0), (8, 4), (12, 4)]
    ed.line_edits.shorten("P")  # c-e is no edge any more: its bend goes with it
    assert [e["between"] for e in ed.data["edges"]] == [["b", "c"]]
    assert [p.path for p in ed.problems()] == ["stations.e"]  # on no line now, no bend
    ed.station_edits.delete("b")  # a-b and b-c go, and with the last bend the list
    assert "edges" not in ed.data and ed.data["format"] == "vvlab-map/1"
    assert ed.undo() and ed.undo()
    assert ed.valid_city().edge_path("e", "c") == [(12, 4), (8, 4), (8, 0)]
