"""vvlab.analysis on hand-written results with known answers, and on a real run."""

from __future__ import annotations

import math
import warnings
from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

import vvlab
from vvlab.analysis import Z95, compare, line_table, station_table, summary
from vvlab.analysis import tables as analysis_tables


def tiny_map() -> vvlab.CityMap:
    """L1 = a b (6/3), L2 = b c (4/2), L3 = c d (2/1), L4 = d e a (1/0)."""
    routes = [([6, 3], ["a", "b"]), ([4, 2], ["b", "c"]), ([2, 1], ["c", "d"]), ([1, 0], "dea")]
    colors = ["#ff0000", "#00ff00", "#0000ff", "#ffff00"]
    return vvlab.load_map(
        {
            "format": "vvlab-map/1",
            "id": "tiny",
            "name": "Tiny",
            "stations": {k: {"name": k.upper(), "x": 4 * i, "y": 0} for i, k in enumerate("abcde")},
            "lines": [
                {
                    "id": f"L{j + 1}",
                    "name": f"Line {j + 1}",
                    "color": colors[j],
                    "indicators": 2,
                    "bonus": bonus,
                    "stations": list(stations),
                }
                for j, (bonus, stations) in enumerate(routes)
            ],
        }
    )


def fake(games=None, lines=None, stations=None, players=2, map_id="tiny", ruleset="base"):
    metadata = {"players": players, "map_id": map_id, "ruleset": {"name": ruleset}}
    return SimpleNamespace(
        games=games, lines=lines, stations=stations, metadata=metadata, city=tiny_map()
    )


def games_frame(scores: dict[str, list[float]], **extra: list[float]) -> pd.DataFrame:
    """One seat per bot (seat order = dict order), game i = i-th score."""
    rows = []
    for seat, (bot, values) in enumerate(scores.items()):
        for game, score in enumerate(values):
            rows.append({"game": game, "player": seat, "bot": bot, "score": score})
    frame = pd.DataFrame(rows)
    for name in ("bonus", "stars", "penalty", "empty"):
        frame[name] = extra.get(name, [0] * len(frame))
    return frame


# -- summary ------------------------------------------------------------------------------
def test_summary_known_numbers():
    games = games_frame(
        {"g": [10, 12, 14, 16], "r": [5, 5, 5, 5]},
        bonus=[8, 8, 10, 10, 3, 3, 3, 3],
        stars=[2, 4, 4, 6, 2, 2, 2, 2],
        penalty=[0, 0, 0, 0, 0, 0, 0, 4],
        empty=[0, 1, 0, 1, 2, 2, 2, 2],
    )
    table = summary(fake(games))
    assert table.index.tolist() == ["g", "r"]
    assert table.columns.tolist() == [
        *["games", "mean", "std", "ci95", "q10", "q50", "q90"],
        *["bonus", "stars", "penalty", "empty"],
    ]
    g, r = table.loc["g"], table.loc["r"]
    std = math.sqrt(20 / 3)
    assert g["games"] == 4 and g["mean"] == 13
    assert g["std"] == pytest.approx(std)
    assert g["ci95"] == pytest.approx(Z95 * std / 2)
    assert (g["q10"], g["q50"], g["q90"]) == pytest.approx((10.6, 13, 15.4))
    assert (g["bonus"], g["stars"], g["penalty"], g["empty"]) == (9, 4, 0, 0.5)
    assert (r["std"], r["ci95"], r["q10"], r["q90"]) == (0, 0, 5, 5)
    assert (r["penalty"], r["empty"]) == (1, 2)


def test_summary_stacks_results_and_groups_by_metadata():
    a = fake(games_frame({"g": [10, 20]}), players=1, map_id="tiny", ruleset="base")
    b = fake(games_frame({"g": [30], "r": [0]}), players=2, map_id="big", ruleset="solo")
    table = summary([a, b], by=["players", "city", "ruleset", "bot"])
    assert table.index.tolist() == [
        ("1 player", "tiny", "base", "g"),
        ("2 players", "big", "solo", "g"),
        ("2 players", "big", "solo", "r"),
    ]
    assert table["games"].tolist() == [2, 1, 1]
    assert table["mean"].tolist() == [15, 30, 0]
    assert np.isnan(table["std"].iloc[1]) and np.isnan(table["ci95"].iloc[1])  # one game
    pooled = summary([a, b])
    assert pooled.loc["g", "games"] == 3 and pooled.loc["g", "mean"] == 20
    by_seat = summary([a, b], by="player")
    assert by_seat.index.tolist() == [0, 1] and by_seat["games"].tolist() == [3, 1]
    with pytest.raises(ValueError, match="by must be one of"):
        summary(a, by="colour")


# -- line_table ---------------------------------------------------------------------------
def lines_frame() -> pd.DataFrame:
    """2 games x seats (g, r) x lines L1..L4, see test_line_table_known_numbers."""
    turns = {  # (line, game) -> (turn of g, turn of r); 0 = not completed
        ("L1", 0): (3, 2),
        ("L1", 1): (5, 2),
        ("L2", 0): (4, 0),
        ("L2", 1): (6, 0),
        ("L3", 0): (7, 1),
        ("L3", 1): (0, 0),
        ("L4", 0): (0, 0),
        ("L4", 1): (0, 0),
    }
    rows = []
    for game in (0, 1):
        for seat, bot in enumerate("gr"):
            for line in ("L1", "L2", "L3", "L4"):
                mine, other = turns[line, game][seat], turns[line, game][1 - seat]
                kind = "none" if not mine else "first" if not other or mine < other else "later"
                rows.append(
                    {
                        "game": game,
                        "player": seat,
                        "bot": bot,
                        "line": line,
                        "completed": mine > 0,
                        "turn_completed": mine or pd.NA,
                        "bonus_kind": kind,
                        "bonus": 0,
                    }
                )
    frame = pd.DataFrame(rows)
    frame["turn_completed"] = frame["turn_completed"].astype("Int16")
    frame["line"] = pd.Categorical(frame["line"], categories=["L1", "L2", "L3", "L4"])
    return frame.sample(frac=1, random_state=0)  # map order must not depend on row order


def test_line_table_known_numbers():
    table = line_table(fake(lines=lines_frame()))
    assert table.index.tolist() == [(ln, b) for ln in ("L1", "L2", "L3", "L4") for b in "gr"]
    assert table["rate"].tolist() == [1, 1, 1, 0, 0.5, 0.5, 0, 0]
    nan = np.nan
    np.testing.assert_array_equal(table["turn"], [4, 2, 5, nan, 7, 1, nan, nan])
    assert table["first_share"].tolist() == [0, 1, 1, 0, 0, 0.5, 0, 0]
    assert table["sheets"].tolist() == [2] * 8
    per_line = table.xs("g", level="bot")
    assert per_line["bonus_first"].tolist() == [6, 4, 2, 1]
    assert per_line["bonus_later"].tolist() == [3, 2, 1, 0]
    assert per_line["stations"].tolist() == [2, 2, 2, 3]
    assert per_line["line_rate"].tolist() == [1, 0.5, 0.5, 0]
    # difficulty 1 - rate = 0, .5, .5, 1 -> ranks 1, 2.5, 2.5, 4; bonus 6 4 2 1 -> 4 3 2 1
    assert per_line["difficulty_rank"].tolist() == [1, 2.5, 2.5, 4]
    assert per_line["bonus_rank"].tolist() == [4, 3, 2, 1]
    # |gap| = 3, .5, .5, 3 against half of 4 lines: the easiest line pays the most,
    # the hardest the least
    assert per_line["out_of_line"].tolist() == [True, False, False, True]
    assert table.xs("r", level="bot")["out_of_line"].tolist() == [True, False, False, True]


def test_out_of_line_threshold_is_half_the_lines():
    rate = pd.Series([0.9, 0.6, 0.3])  # difficulty ranks 1 2 3
    flags = analysis_tables._out_of_line(rate, pd.Series([3, 2, 1]))  # bonus ranks 3 2 1
    assert flags["out_of_line"].tolist() == [True, False, True]  # gaps 2, 0, 2 >= 1.5
    flags = analysis_tables._out_of_line(rate, pd.Series([2, 1, 3]))  # gaps 1, 1, 0
    assert not flags["out_of_line"].any()


# -- station_table ------------------------------------------------------------------------
def test_station_table_known_numbers():
    ids = list("abcde")
    filled = {0: [10, 5, 0, 2, 4], 1: [10, 0, 1, 3, 8], 2: [10, 10, 3, 1, 0]}
    bots = {0: "g", 1: "r", 2: "g"}
    stations = pd.DataFrame(
        [
            {
                "player": seat,
                "bot": bots[seat],
                "station": s,
                "name": s.upper(),
                "lines_through": 0,
                "filled": filled[seat][i],
                "games": 10,
                "fill_rate": filled[seat][i] / 10,
            }
            for seat in (2, 0, 1)
            for i, s in enumerate(ids)
        ]
    )
    table = station_table(fake(stations=stations, players=3))
    assert table.index.tolist() == ids
    assert table.columns.tolist() == [
        *["name", "lines_through", "stars", "fill_rate", "fill_g", "fill_r"]
    ]
    assert table["name"].tolist() == ["A", "B", "C", "D", "E"]
    assert table["lines_through"].tolist() == [2, 2, 2, 2, 1]
    assert table["stars"].tolist() == [4, 4, 4, 4, 2]
    assert table["fill_rate"].tolist() == pytest.approx([1, 0.5, 4 / 30, 0.2, 0.4])
    assert table["fill_g"].tolist() == pytest.approx([1, 0.75, 0.15, 0.15, 0.2])
    assert table["fill_r"].tolist() == pytest.approx([1, 0, 0.1, 0.3, 0.8])


# -- compare ------------------------------------------------------------------------------
def compare_pair():
    a = fake(games_frame({"g": [1, 2, 3], "r": [5, 5, 5]}))
    b = fake(games_frame({"g": [4, 5, 6, 7], "x": [0, 1, 2, 3]}))
    return a, b


def test_compare_known_numbers():
    a, b = compare_pair()
    table = compare(a, b)
    assert table.index.tolist() == ["g"]  # r only in a, x only in b
    row = table.loc["g"]
    assert (row["n_a"], row["n_b"], row["mean_a"], row["mean_b"]) == (3, 4, 2, 5.5)
    assert row["difference"] == 3.5
    # var_a = 1, var_b = 5/3: pooled std sqrt((2 * 1 + 3 * 5/3) / 5), se sqrt(1/3 + 5/12)
    assert row["cohens_d"] == pytest.approx(3.5 / math.sqrt(7 / 5))
    assert row["t"] == pytest.approx(3.5 / math.sqrt(0.75))
    stats = pytest.importorskip("scipy.stats")
    expected = stats.ttest_ind([4, 5, 6, 7], [1, 2, 3], equal_var=False)
    assert row["t"] == pytest.approx(expected.statistic)
    assert row["p"] == pytest.approx(expected.pvalue)
    assert row["significant"] == (expected.pvalue < 0.05)


def test_compare_normal_approximation_without_scipy(monkeypatch):
    monkeypatch.setattr(analysis_tables, "_scipy_stats", lambda: None)
    a, b = compare_pair()
    row = compare(a, b).loc["g"]
    t = 3.5 / math.sqrt(0.75)
    assert row["p"] == pytest.approx(math.erfc(t / math.sqrt(2)))
    assert bool(row["significant"])


def test_compare_same_and_constant_groups():
    a, _ = compare_pair()
    same = compare(a, a)
    assert same["difference"].tolist() == [0, 0]
    assert same.loc["g", "p"] == pytest.approx(1)
    assert np.isnan(same.loc["r", "t"]) and np.isnan(same.loc["r", "p"])  # constant: no test
    assert not same["significant"].any()
    by_seat = compare(a, a, measure="score", by="player")
    assert by_seat.index.tolist() == [0, 1]
    with pytest.raises(ValueError):
        compare(a, a, by=["bot", "player"])


def test_welch_p_one_constant_group_is_quiet():
    # one group constant, the other not: scipy warns of "nearly identical" data and
    # still gives the right p-value; the warning must not reach the user
    stats = pytest.importorskip("scipy.stats")
    xa, xb = np.full(200, 30.0), np.full(200, 30.0)
    xa[0] = 31.0
    t = (xb.mean() - xa.mean()) / math.sqrt(xa.var(ddof=1) / 200)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        p = analysis_tables.welch_p(xa, xb, t)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        expected = stats.ttest_ind(xb, xa, equal_var=False).pvalue
    assert p == pytest.approx(expected) and 0.3 < p < 0.4


# -- a real run ---------------------------------------------------------------------------
@pytest.fixture(scope="module")
def tutorial_run():
    bots = ["greedy", "random"]
    return vvlab.simulate(
        "tutorial", players=2, bots=bots, games=200, seed=1, workers=1, progress=False
    )


def test_real_run_consistent_with_frames(tutorial_run):
    res = tutorial_run
    games = res.games.assign(bot=res.games["bot"].astype(str))
    by_bot = games.groupby("bot")
    table = summary(res)
    assert table["games"].tolist() == by_bot.size().reindex(table.index).tolist()
    for name in ("score", "bonus", "stars", "penalty", "empty"):
        column = "mean" if name == "score" else name
        expected = by_bot[name].mean().reindex(table.index)
        assert table[column].to_numpy() == pytest.approx(expected.to_numpy())
    assert table["std"].to_numpy() == pytest.approx(by_bot["score"].std().to_numpy())
    assert table["q50"].to_numpy() == pytest.approx(by_bot["score"].median().to_numpy())

    lines = line_table(res)
    assert lines.index.get_level_values("line").unique().tolist() == ["A", "B", "C", "D"]
    rates = res.lines.groupby(["line", "bot"], observed=True)["completed"].mean()
    for (line, bot), rate in rates.items():
        assert lines.loc[(line, bot), "rate"] == pytest.approx(rate)
    assert (lines["first_share"] <= lines["rate"]).all()

    stations = station_table(res)
    assert stations.index.tolist() == list(res.city.stations)
    fill = res.stations.assign(station=res.stations["station"].astype(str))
    seat0 = fill[fill["player"] == 0].set_index("station")["fill_rate"]
    assert stations["fill_greedy"].to_numpy() == pytest.approx(seat0.reindex(stations.index))

    same = compare(res, res)
    assert same["difference"].tolist() == [0, 0] and not same["significant"].any()
