"""Names placed again after an edit only where it can matter (:mod:`vvlab.plan.relabel`):
the names out of an edit's reach stay exactly where they were, and the result keeps
every rule of a placement (no name over another name, a marker, an obstacle or a
leader; inside the view; the key stations named where a full placement names them)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest

import vvlab
from vvlab.model.generate import generate_city
from vvlab.plan import relabel
from vvlab.plan.geometry import segments_meeting
from vvlab.plan.names import CANVAS_NAMES, Name, place_names
from vvlab.plan.relabel import Naming, place_again, place_naming
from vvlab.plan.wagons import map_geometry
from vvlab.viz.names import plan_naming
from vvlab.widgets.editor.sketch import canvas_frame, sketch_naming


def _overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def assert_legible(naming: Naming, names: dict[str, Name]) -> None:
    """Every rule a placement keeps, checked on ``names`` for ``naming``."""
    assert set(names) <= set(naming.names)
    boxes = {s: n.box for s, n in names.items()}
    for (s, a), (t, b) in itertools.combinations(boxes.items(), 2):
        assert not _overlap(a, b), f"the names of {s} and {t} overlap"
    x0, y0, x1, y1 = naming.bounds
    for s, box in boxes.items():
        assert x0 <= box[0] and y0 <= box[1] and box[2] <= x1 and box[3] <= y1, s
        for t, (x, y) in naming.points.items():
            r = naming.radii[t]
            assert not _overlap(box, (x - r, y - r, x + r, y + r)), f"{s}'s name covers {t}"
        for obstacle in naming.obstacles:
            assert not _overlap(box, obstacle), f"{s}'s name covers an obstacle"
    for s, name in names.items():
        if name.leader is None:
            continue
        p, q = (np.array([end], dtype=float) for end in name.leader)
        for t, box in boxes.items():
            if t != s:
                assert not segments_meeting(np.stack([p, q], axis=1), np.array([box]))[0, 0], s + t


def _draft(city: vvlab.CityMap) -> dict:
    return city.to_dict()


FRAME = canvas_frame((-1.0, -1.0, 11.0, 9.0), 920, 640)


def _moved(data: dict, sid: str, dx: float, dy: float) -> dict:
    out = {**data, "stations": {**data["stations"]}}
    station = dict(out["stations"][sid])
    station["x"], station["y"] = station["x"] + dx, station["y"] + dy
    out["stations"][sid] = station
    return out


def test_a_moved_station_leaves_the_names_far_from_it_where_they_were() -> None:
    data = _draft(vvlab.load_map("tutorial"))
    before = sketch_naming(data, FRAME)
    placed = place_naming(before)
    far_end = max(before.points, key=lambda s: before.points[s][0])
    now = sketch_naming(_moved(data, far_end, 0.0, -0.5), FRAME)
    again = place_again(before, placed, now)
    assert_legible(now, again)
    reach = 200  # pixels: a name farther than this from the move cannot be reached
    x = now.points[far_end][0]
    far = [s for s, n in placed.items() if abs(n.box[0] - x) > reach and abs(n.box[2] - x) > reach]
    assert far, "the test needs names far from the edit"
    assert all(again[s] is placed[s] for s in far)
    assert far_end in again


def test_a_removed_line_frees_room_for_a_name_that_had_none() -> None:
    """Station ``b`` has no room beside it while lines 8 px apart run past it; once
    the lines above it are gone, placing again names it, and the names far away stay."""
    rows = [k for k in range(-5, 6) if k]
    points = {"b": (300.0, 100.0), "far": (560.0, 100.0)}
    points |= {f"l{k}": (200.0, 100.0 + 8 * k) for k in rows}
    points |= {f"r{k}": (400.0, 100.0 + 8 * k) for k in rows}
    lines = tuple((points[f"l{k}"], points[f"r{k}"]) for k in rows)
    hemmed = Naming({s: s.upper() * 3 for s in points}, points, dict.fromkeys(points, 3.0),
                    frozenset(), lines, (), (0.0, 0.0, 640.0, 200.0))  # fmt: skip
    placed = place_naming(hemmed)
    assert "b" not in placed and "far" in placed
    below = hemmed._replace(lines=tuple(seg for seg, k in zip(lines, rows, strict=True) if k < 0))
    again = place_again(hemmed, placed, below)
    assert "b" in again and again["b"].box[1] > 100.0  # above b, where the lines were
    assert again["far"] is placed["far"]
    assert_legible(below, again)


@pytest.mark.parametrize("seed", [3, 11])
def test_a_run_of_edits_on_a_draft_keeps_every_rule(seed: int) -> None:
    """Random moves, renames and removed stops on a generated city: after each, the
    names placed again keep every rule, and every key station a full placement names
    is named (or, at worst, one fewer)."""
    rng = np.random.default_rng(seed)
    data = _draft(generate_city(6, 40, seed=seed))
    frame = canvas_frame((-1.0, -1.0, 13.0, 11.0), 920, 640)
    naming = sketch_naming(data, frame)
    placed = place_naming(naming)
    for step in range(12):
        ids = sorted(data["stations"])
        sid = ids[int(rng.integers(len(ids)))]
        kind = step % 3
        if kind == 0:
            data = _moved(data, sid, float(rng.integers(-1, 2)), float(rng.integers(-1, 2)))
        elif kind == 1:
            data = {**data, "stations": {**data["stations"]}}
            data["stations"][sid] = {**data["stations"][sid], "name": f"Renamed station {step}"}
        else:
            lines = [dict(line) for line in data["lines"]]
            lines[step % len(lines)]["stations"] = lines[step % len(lines)]["stations"][:-1]
            data = {**data, "lines": lines}
        now = sketch_naming(data, frame)
        placed = place_again(naming, placed, now)
        naming = now
        assert_legible(now, placed)
        fresh = place_naming(now)
        assert len(now.key & set(placed)) >= len(now.key & set(fresh)) - 1, step


def test_a_valid_plan_turning_draft_keeps_its_names() -> None:
    """The editor's common case: an edit makes the city a draft (its wagons go, its
    lines are drawn through the stations' centres). The names stay where they were,
    except near the edit."""
    city = vvlab.load_map("paris")
    geo = map_geometry(city, 920, 640)
    plan = plan_naming(city, geo, geo.frame, CANVAS_NAMES)  # as the editor places them
    placed = place_naming(plan)
    data = city.to_dict()
    line = data["lines"][0]
    line["stations"] = line["stations"][:-1]  # its last station is left on no line
    draft = sketch_naming(data, geo.frame)
    again = place_again(plan, placed, draft)
    assert_legible(draft, again)
    kept = sum(again.get(s) is placed[s] for s in placed)
    assert kept >= 0.8 * len(placed), f"only {kept} of {len(placed)} names stayed"


@pytest.fixture
def full_placements(monkeypatch: pytest.MonkeyPatch) -> list[Naming]:
    """The namings :func:`place_again` places every name of (its fallback), recorded."""
    calls: list[Naming] = []

    def counted(naming: Naming, *args, **kwargs) -> dict[str, Name]:
        calls.append(naming)
        return place_naming(naming, *args, **kwargs)

    monkeypatch.setattr(relabel, "place_naming", counted)
    return calls


def _crowd() -> Naming:
    """60 draws of stations on a 20 px grid, their names crowding the canvas; key
    station ``k`` in a corner, where its name has room."""
    xy = np.random.default_rng(1).integers(0, 9, size=(60, 2)) * 20 + 40
    points = {f"s{x}-{y}": (float(x), float(y)) for x, y in xy.tolist()} | {"k": (230.0, 230.0)}
    return Naming({s: f"Station {s}" for s in points}, points, dict.fromkeys(points, 4.0),
                  frozenset({"k"}), (), (), (0.0, 0.0, 240.0, 240.0), CANVAS_NAMES)  # fmt: skip


def test_a_key_station_moved_into_a_crowd_is_named_by_moving_the_names_around_it(
    full_placements: list[Naming],
) -> None:
    before = _crowd()
    placed = place_naming(before)
    now = before._replace(points={**before.points, "k": (90.0, 90.0)})
    others = {s: name for s, name in placed.items() if s != "k"}
    alone = place_names({"k": "Station k"}, now.points, now.radii, key={"k"}, bounds=now.bounds,
                        fixed=others, style=now.style)  # fmt: skip
    assert "k" in placed and "k" not in alone, "the names around must leave k no room"
    again = place_again(before, placed, now)
    assert "k" in again and full_placements == []
    assert_legible(now, again)
    far = [s for s in others if min(abs(now.points[s][0] - 90), abs(now.points[s][1] - 90)) > 140]
    assert all(again[s] is placed[s] for s in far if s in again)


_UNNAMED = {f"u{k}": (1000.0 + 20 * k, 0.0) for k in range(6)}
"""Stations without a name, out of view: an edit changes one station of many."""


def test_a_key_station_moved_where_no_name_fits_leaves_the_others_in_place(
    full_placements: list[Naming],
) -> None:
    """Between two lines 12 px apart, a name fits nowhere within reach: no placement
    can name ``k`` there, so placing every name again would only cost time."""
    points = {"a": (20.0, 50.0), "b": (340.0, 50.0), "k": (450.0, 50.0)}
    lines = (((0.0, 44.0), (350.0, 44.0)), ((0.0, 56.0), (350.0, 56.0)))
    before = Naming({s: s.upper() * 2 for s in points}, points | _UNNAMED,
                    dict.fromkeys([*points, *_UNNAMED], 3.0), frozenset({"k"}), lines, (),
                    (0.0, 38.0, 500.0, 62.0), CANVAS_NAMES)  # fmt: skip
    placed = place_naming(before)
    now = before._replace(points={**before.points, "k": (100.0, 50.0)})
    assert "k" in placed and "k" not in place_naming(now)
    again = place_again(before, placed, now)
    assert "k" not in again and full_placements == []
    assert again == {s: name for s, name in placed.items() if s != "k"}


def test_a_moved_stations_name_keeps_its_leader_off_the_names_it_passes() -> None:
    """``m``'s name, set apart with a leader, moves with its station; where the leader
    would now cross ``o``'s name, the name is placed again."""
    points = {"m": (100.0, 50.0), "o": (220.0, 95.0)}
    naming = Naming({"m": "Mmm", "o": "Ooo"}, points | _UNNAMED,
                    dict.fromkeys([*points, *_UNNAMED], 4.0), frozenset(points), (), (),
                    (0.0, 0.0, 400.0, 200.0), CANVAS_NAMES)  # fmt: skip
    placed = {
        "m": Name("Mmm", (180.0, 44.0, 210.0, 56.0), ((100.0, 50.0), (180.0, 50.0))),
        "o": Name("Ooo", (200.0, 74.0, 240.0, 86.0)),
    }
    now = naming._replace(points={**naming.points, "m": (180.0, 80.0)})
    again = place_again(naming, placed, now)
    assert again["o"] is placed["o"] and "m" in again
    assert_legible(now, again)


def test_names_placed_again_more_widely_are_taken_only_when_they_name_more_key_stations(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """``k`` moved into the crowd finds no room among the names around the edit alone,
    so those nearby are placed again too (in several rounds). That wider placement
    names ``k``; where it would not, the first one stays (and nothing else moves)."""
    before = _crowd()
    placed = place_naming(before)
    now = before._replace(points={**before.points, "k": (90.0, 90.0)})
    assert "k" in place_again(before, placed, now)
    tries: list[dict[str, Name]] = []
    place_opened = relabel._place_opened

    def without_k(*args, **kwargs) -> dict[str, Name]:
        names = place_opened(*args, **kwargs)
        tries.append(names if len(tries) == 0 else {s: n for s, n in names.items() if s != "k"})
        return tries[-1]

    monkeypatch.setattr(relabel, "_place_opened", without_k)
    again = place_again(before, placed, now)
    assert len(tries) == 2 and "k" not in tries[0], "the wider placement must have been tried"
    assert again == tries[0] and again != tries[1]
