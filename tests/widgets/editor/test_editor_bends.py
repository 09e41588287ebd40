"""Bends in the map editor's controller: add, move, remove and straighten, each one undo
step named by station names; errors name stations; the format follows the bends; points
snap to the grid; at most MAX_BENDS; the edge under a point (BendEdits.hit)."""

from __future__ import annotations

import pytest

import vvlab
from vvlab.model.edges import MAX_BENDS
from vvlab.widgets.editor.controller import EditError, MapEditorController


@pytest.fixture
def ed() -> MapEditorController:
    return MapEditorController.open("tutorial")


def test_a_bend_added_moved_and_removed_is_undone_step_by_step(ed: MapEditorController) -> None:
    bends = ed.bend_edits
    bends.add("central", "castle", 0, (1.2, 0.8))
    assert ed.data["format"] == "vvlab-map/2"
    assert ed.data["edges"] == [{"between": ["central", "castle"], "via": [[1, 1]]}]
    bends.move("castle", "central", 0, (1, -1.4))  # either way round
    bends.add("castle", "central", 1, (0.6, 0.2))  # from Castle: after its first bend
    assert bends.bends("central", "castle") == [(1, 0), (1, -1)]
    assert ed.city().edge_path("central", "castle") == [(0, 0), (1, 0), (1, -1), (2, 0)]
    bends.remove("central", "castle", 0)
    bends.remove("central", "castle", 0)
    assert "edges" not in ed.data and ed.data["format"] == "vvlab-map/1"
    assert ed.data == MapEditorController.open("tutorial").data
    labels = []
    while ed.history.can_undo:
        ed.undo()
        labels.append(ed.history.last_step)
    assert labels == [
        "remove a bend between Central and Castle",
        "remove a bend between Central and Castle",
        "add a bend between Castle and Central",
        "move a bend between Castle and Central",
        "add a bend between Central and Castle",
    ]
    assert ed.history.redo() and ed.bend_edits.bends("castle", "central") == [(1, 1)]


def test_straighten_removes_every_bend_in_one_step(ed: MapEditorController) -> None:
    for at, point in enumerate([(1, 1), (2, 1), (3, 1)]):
        ed.bend_edits.add("castle", "zoo", at, point)
    ed.bend_edits.add("lake", "park", 0, (2, -2))
    ed.bend_edits.straighten("zoo", "castle")
    assert ed.data["edges"] == [{"between": ["lake", "park"], "via": [[2, -2]]}]
    assert ed.data["format"] == "vvlab-map/2" and ed.problems() == []
    ed.undo()
    assert ed.bend_edits.bends("castle", "zoo") == [(1, 1), (2, 1), (3, 1)]
    with pytest.raises(EditError, match="between Harbour and Market is straight already"):
        ed.bend_edits.straighten("harbour", "market")


def test_errors_name_the_stations_and_change_nothing(ed: MapEditorController) -> None:
    with pytest.raises(EditError, match="Zoo and Lake do not follow each other"):
        ed.bend_edits.add("zoo", "lake", 0, (4, -3))
    with pytest.raises(EditError, match="between Central and Park has no bend 1"):
        ed.bend_edits.move("central", "park", 0, (1, 1))
    with pytest.raises(EditError, match="between Central and Park has no place 2"):
        ed.bend_edits.add("central", "park", 2, (1, 1))
    with pytest.raises(EditError, match="no station 'nowhere'"):
        ed.bend_edits.remove("central", "nowhere", 0)
    assert not ed.history.can_undo


def test_bends_snap_to_the_grid_and_are_limited() -> None:
    ed = MapEditorController.open("tutorial", grid_step=0.5)
    ed.bend_edits.add("market", "central", 0, (-1.2, 0.7))
    assert ed.bend_edits.bends("market", "central") == [(-1.0, 0.5)]
    for k in range(1, MAX_BENDS):
        ed.bend_edits.add("market", "central", k, (-1 + k / 64, 1))
    assert len(ed.bend_edits.bends("market", "central")) == MAX_BENDS
    with pytest.raises(EditError, match=f"between Market and Central has {MAX_BENDS} bends"):
        ed.bend_edits.add("market", "central", 0, (-1, 2))
    assert ed.problems() == []


def test_a_saved_map_with_bends_reloads_with_them(ed: MapEditorController, tmp_path) -> None:
    ed.bend_edits.add("lake", "park", 0, (3, -2))
    path = ed.save(tmp_path / "bent.json")
    assert vvlab.load_map(path).edge_path("park", "lake") == [(0, -2), (3, -2), (3, -3)]


def test_an_edit_that_removes_an_edge_takes_its_bends_and_the_format(ed) -> None:
    ed.bend_edits.add("lake", "park", 0, (3, -2))
    ed.line_edits.delete("D")
    assert "edges" not in ed.data or not ed.data["edges"]
    ed.undo()
    assert ed.bend_edits.bends("park", "lake") == [(3, -2)]


def test_the_hit_test_finds_the_edge_and_where_along_it(ed: MapEditorController) -> None:
    hit = ed.bend_edits.hit(3.1, 0.05, tolerance=0.3)
    assert (hit.a, hit.b, hit.at) == ("castle", "zoo", 0)
    assert hit.distance == pytest.approx(0.05)
    assert ed.bend_edits.hit(3, 2, tolerance=0.3) is None  # nothing there
    ed.bend_edits.add("castle", "zoo", 0, (3, 2))
    hit = ed.bend_edits.hit(3.5, 1, tolerance=0.3)  # on the way down to Zoo
    assert (hit.a, hit.b, hit.at) == ("castle", "zoo", 1)
    assert ed.bend_edits.hit(3.1, 0.05, tolerance=0.3) is None  # the edge left there
    assert ed.bend_edits.hit(-2.9, 2.2, tolerance=0.3).b == "mill"  # a slanted edge


def test_a_station_given_a_new_id_keeps_its_bends(ed: MapEditorController) -> None:
    ed.bend_edits.add("lake", "park", 0, (3, -2))
    ed.station_edits.change_id("lake", "see")
    assert ed.bend_edits.bends("see", "park") == [(3, -2)] and ed.problems() == []
