"""tune(vary=(..., "routes")): route edits proposed beside the numbers when the numbers
cannot reach a target — a short line at one box is completed in nearly every game, and
only a longer route makes it a challenge; each proposal is a valid city, explained in
the game's words with station names, and the same seed gives the same proposals."""

from __future__ import annotations

import networkx as nx
import pytest

import vvlab
from vvlab.design import BalanceTargets, tune
from vvlab.design.tune_routes import route_edits
from vvlab.model import CityMap
from vvlab.model.validate import validate_map_data

ONLY_COMPLETION = BalanceTargets(turns=(1, 100), star_share=(0, 1), skill_gap_min=-100,
                                 spearman_max=1)  # fmt: skip
"""Targets that leave only each line's completion to judge."""
VARY = ("indicators", "routes")
"""A designer who keeps the bonuses (a bonus of 1/0 would make new players leave Short
alone) lets tune change the boxes and propose route edits."""
RUN = {"bots": ["greedy"], "games": 400, "max_evaluations": 30, "progress": False}


def short_line_city() -> CityMap:
    """Main (14 stations, 4 boxes), Ring (12, 3 boxes, from Main 0) and Short: two
    stations of its own and Main 5, at one box, completed in nearly every game by new
    players; a track runs on from Main 5 to Main 4 and Main 6."""
    stations = {f"m{i}": {"name": f"Main {i}", "x": 2 * i, "y": 0} for i in range(14)}
    stations |= {f"p{i}": {"name": f"Pier {i}", "x": 10, "y": 2 * i + 2} for i in range(2)}
    stations |= {f"r{i}": {"name": f"Ring {i}", "x": 2 * i, "y": -4} for i in range(11)}
    lines = [
        {"id": "M", "name": "Main", "color": "#1F5FBF", "indicators": 4, "bonus": [6, 4],
         "stations": [f"m{i}" for i in range(14)]},
        {"id": "R", "name": "Ring", "color": "#2E8B57", "indicators": 3, "bonus": [5, 3],
         "stations": ["m0"] + [f"r{i}" for i in range(11)]},
        {"id": "S", "name": "Short", "color": "#C0282D", "indicators": 1, "bonus": [3, 2],
         "stations": ["p1", "p0", "m5"]},
    ]  # fmt: skip
    data = {"format": "vvlab-map/1", "id": "short", "name": "Short Town", "stations": stations,
            "lines": lines}  # fmt: skip
    return CityMap.from_dict(data)


def completion(report, line: str) -> float:
    t = report.table
    return float(t[(t["target"] == "completion") & (t["line"] == line)]["measured"].iloc[0])


@pytest.fixture(scope="module")
def tuned():
    return tune(short_line_city(), ONLY_COMPLETION, vary=VARY,
                seed=3, **RUN)  # fmt: skip


def test_numbers_alone_cannot_make_the_short_line_a_challenge(tuned) -> None:
    assert not tuned.after.passed
    assert completion(tuned.after, "S") > 0.95
    assert tuned.city.line("S").stations == ("p1", "p0", "m5")  # routes kept


def test_a_longer_route_is_proposed_and_measured(tuned) -> None:
    assert tuned.routes, tuned.summary()
    best = tuned.routes[0]
    assert best.line == "S" and best.edit.kind == "later"
    assert best.route[:3] == ("p1", "p0", "m5") and best.route[3] in ("m4", "m6")
    assert completion(best.report, "S") <= 0.95 < completion(best.base, "S")
    assert best.report.passed and best.gain > 0
    assert best.report.seed == tuned.after.seed and best.report.games == tuned.after.games


def test_the_proposal_is_told_with_station_names(tuned) -> None:
    best = tuned.routes[0]
    assert best.text.startswith("Short ends one station later, at Main ")
    assert "(on from Main 5)" in best.text
    assert "completed it almost every game" in best.why and "now in " in best.why
    assert "none with this change" in best.why
    assert "route edit: Short ends one station later" in tuned.summary()


def test_every_candidate_is_a_valid_connected_city() -> None:
    city = short_line_city()
    edits = route_edits(city)
    assert {(e.line, e.kind, e.station) for e in edits} >= {("S", "later", "m4"),
                                                           ("S", "later", "m6")}  # fmt: skip
    for edit in edits:
        assert validate_map_data(edit.data(city)) == []
        assert len(edit.after) >= 2
    # Short cannot leave Main 5 (it would split the network), nor Pier 1 (on no other line)
    assert not [e for e in edits if e.line == "S" and e.kind == "earlier"]


def test_same_seed_same_suggestions(tuned) -> None:
    again = tune(short_line_city(), ONLY_COMPLETION, vary=VARY,
                 seed=3, **RUN)  # fmt: skip
    assert [(s.edit, s.text, s.why) for s in again.routes] == [
        (s.edit, s.text, s.why) for s in tuned.routes
    ]


def test_routes_untouched_unless_asked() -> None:
    result = tune(short_line_city(), ONLY_COMPLETION, vary=("indicators",), seed=3, **RUN)
    assert result.routes == []
    assert [ln.stations for ln in result.city.lines] == [
        ln.stations for ln in short_line_city().lines
    ]


def test_every_kind_of_edit_keeps_each_station_on_a_line_and_the_network_whole() -> None:
    city = vvlab.load_map("berlin")
    edits = route_edits(city)
    assert {e.kind for e in edits} == {"earlier", "later", "off", "move"}
    for edit in edits:
        edited = edit.apply(city)
        assert set(edited.stations) == set(city.stations)  # no station left on no line
        assert all(edited.lines_through(s) for s in edited.stations)
        assert nx.is_connected(edited.graph)
        before = city.line(edit.line).stations
        assert edit.before == before and edited.line(edit.line).stations == edit.after
        assert abs(len(edit.after) - len(before)) <= 1
        if edit.kind in ("later", "move"):  # along a track the city has
            end = edit.after[-1] if edit.end == "end" else edit.after[0]
            near = edit.after[-2] if edit.end == "end" else edit.after[1]
            assert city.graph.has_edge(end, near)
