"""Figures of simulation results, checked against the result frames."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from vvlab.analysis import OUTCOMES, Z95, bonus_race_table
from vvlab.viz import (
    bonus_race,
    bot_colors,
    line_completion,
    score_breakdown,
    score_distribution,
    station_heatmap,
)


def traces(fig, role: str) -> list:
    return [t for t in fig.data if t.meta and t.meta.get("role") == role]


def test_score_distribution_means_and_ci(two_player):
    fig = score_distribution(two_player)
    games = two_player.games
    expected = games.groupby("bot", observed=True)["score"].agg(["mean", "std", "count"])
    means = {t.meta["group"]: t for t in traces(fig, "mean")}
    assert list(means) == ["greedy", "random"]
    for bot, row in expected.iterrows():
        trace = means[bot]
        assert trace.x[0] == pytest.approx(row["mean"])
        ci = Z95 * row["std"] / np.sqrt(row["count"])
        assert trace.error_x.array[0] == pytest.approx(ci)
        assert trace.meta["games"] == row["count"] == 300
    colors = bot_colors(["greedy", "random"])
    for trace in traces(fig, "histogram"):
        scores = games.loc[games["bot"] == trace.name, "score"]
        assert sum(trace.y) == pytest.approx(1)
        assert list(trace.x) == list(range(scores.min(), scores.max() + 1))
        share = scores.value_counts(normalize=True)
        assert dict(zip(trace.x, trace.y, strict=True))[scores.iloc[0]] == pytest.approx(
            share[scores.iloc[0]]
        )
        assert trace.line.color == colors[trace.name]


def test_score_distribution_draws_no_interval_for_one_game():
    games = pd.DataFrame({"bot": ["x", "y", "y", "y"], "score": [7, 10, 12, 14]})
    metadata = {"players": 2, "games": 3, "seed": 0, "map_id": "hand", "ruleset": {"name": "r"}}
    fig = score_distribution(SimpleNamespace(games=games, metadata=metadata))
    means = {t.meta["group"]: t for t in traces(fig, "mean")}
    one, three = means["x"], means["y"]
    assert one.meta["ci95"] is None and one.error_x.visible is False
    assert list(one.text) == ["7.0"] and "CI unknown" in one.hovertemplate
    assert three.meta["ci95"] == pytest.approx(Z95 * 2 / np.sqrt(3))
    assert three.error_x.array[0] == pytest.approx(three.meta["ci95"])


def test_viz_tables_keeps_the_old_names():
    import vvlab.analysis
    from vvlab.viz import tables

    for name in tables.__all__:
        if name != "GROUPINGS":
            assert getattr(tables, name) is getattr(vvlab.analysis, name), name
    assert tables.GROUPINGS is vvlab.analysis.LABEL_GROUPINGS


@pytest.mark.parametrize("by", ["players", "city", "ruleset"])
def test_score_distribution_by_metadata(two_player, three_player, by):
    fig = score_distribution([two_player, three_player], by=by)
    means = {t.meta["group"]: t.x[0] for t in traces(fig, "mean")}
    both = pd.concat([two_player.games, three_player.games])
    if by == "players":
        assert means == pytest.approx(
            {
                "2 players": two_player.games["score"].mean(),
                "3 players": three_player.games["score"].mean(),
            }
        )
    else:  # both runs on the tutorial map with the default ruleset: one group
        key = "tutorial" if by == "city" else "voll-verplant"
        assert means == pytest.approx({key: both["score"].mean()})


def test_score_distribution_rejects_unknown_grouping(two_player):
    with pytest.raises(ValueError, match="by must be one of"):
        score_distribution(two_player, by="seat")


def test_breakdown_sums_to_the_mean_score(two_player):
    fig = score_breakdown(two_player)
    parts = {t.name: dict(zip(t.meta["groups"], t.y, strict=True)) for t in fig.data}
    assert list(parts) == ["bonus", "stars", "penalty", "mean score"]
    means = two_player.games.groupby("bot", observed=True)[["bonus", "stars", "penalty", "score"]]
    means = means.mean()
    for bot, row in means.iterrows():
        assert parts["bonus"][bot] == pytest.approx(row["bonus"])
        assert parts["stars"][bot] == pytest.approx(row["stars"])
        assert parts["penalty"][bot] == pytest.approx(-row["penalty"])
        total = parts["bonus"][bot] + parts["stars"][bot] + parts["penalty"][bot]
        assert total == pytest.approx(parts["mean score"][bot]) == pytest.approx(row["score"])
    assert fig.layout.barmode == "relative"


def test_line_completion_rates_turns_and_bonus(two_player):
    fig = line_completion(two_player)
    lines = two_player.lines
    rates = lines.groupby(["line", "bot"], observed=True)["completed"].mean()
    done = lines[lines["completed"]]
    turns = done.groupby(["line", "bot"], observed=True)["turn_completed"].mean()
    for trace in traces(fig, "rate"):
        bot = trace.meta["bot"]
        for line, x in zip(trace.meta["lines"], trace.x, strict=True):
            assert x == pytest.approx(rates[(line, bot)])
    for trace in traces(fig, "turn"):
        bot = trace.meta["bot"]
        for line, x in zip(trace.meta["lines"], trace.x, strict=True):
            assert x == pytest.approx(float(turns[(line, bot)]))
    city = two_player.city
    (first,) = [t for t in traces(fig, "bonus") if t.meta["kind"] == "first"]
    (later,) = [t for t in traces(fig, "bonus") if t.meta["kind"] == "later"]
    order = first.meta["lines"]
    assert list(first.x) == [city.line(ln).bonus_first for ln in order]
    assert list(later.x) == [city.line(ln).bonus_later for ln in order]
    assert list(first.marker.color) == [city.line(ln).color for ln in order]
    overall = lines.groupby("line", observed=True)["completed"].mean()
    assert list(overall[order]) == sorted(overall, reverse=True)  # most completed first
    assert sorted(order) == sorted(ln.id for ln in city.lines)


def test_heatmap_colours_are_fill_rates(two_player):
    city = two_player.city
    fig = station_heatmap(city, two_player)
    (stations,) = [t for t in fig.data if t.meta["role"] == "stations"]
    frame = two_player.stations
    mean = frame.groupby("station", observed=True)["fill_rate"].mean()
    assert stations.meta["ids"] == list(city.stations)
    assert list(stations.marker.color) == pytest.approx([mean[s] for s in city.stations])
    assert list(zip(stations.x, stations.y, strict=True)) == [
        (s.x, s.y) for s in city.stations.values()
    ]
    assert [t.line.color for t in fig.data if t.meta["role"] == "line"] == [
        ln.color for ln in city.lines
    ]
    greedy = station_heatmap(city, two_player, bot="greedy")
    (stations,) = [t for t in greedy.data if t.meta["role"] == "stations"]
    seat = frame[frame["bot"] == "greedy"].set_index("station")["fill_rate"]
    assert list(stations.marker.color) == pytest.approx([seat[s] for s in city.stations])
    with pytest.raises(ValueError, match="no bot"):
        station_heatmap(city, two_player, bot="rollout")


def test_heatmap_refuses_another_map(two_player):
    import vvlab

    with pytest.raises(ValueError, match="not played on"):
        station_heatmap(vvlab.load_map("berlin"), two_player)


# -- the bonus race on a result built by hand ---------------------------------------------
def hand_result(players: int, rows: list[tuple]) -> SimpleNamespace:
    """A result-like object: ``lines`` rows (game, player, bot, line, bonus_kind)."""
    lines = pd.DataFrame(rows, columns=["game", "player", "bot", "line", "bonus_kind"])
    lines["bot"] = lines["bot"].astype("category")
    lines["line"] = lines["line"].astype("category")
    lines["completed"] = lines["bonus_kind"] != "none"
    games = int(lines["game"].nunique())
    metadata = {
        "players": players,
        "games": games,
        "seed": 0,
        "map_id": "hand",
        "ruleset": {"name": "voll-verplant"},
    }
    return SimpleNamespace(lines=lines, metadata=metadata)


@pytest.fixture
def hand_results():
    two = hand_result(
        2,
        [
            # game 0: A first for seat 0, later for seat 1; B first for seat 1 only
            (0, 0, "x", "A", "first"),
            (0, 0, "x", "B", "none"),
            (0, 1, "y", "A", "later"),
            (0, 1, "y", "B", "first"),
            # game 1: nobody completes A; both take B's first on the same turn
            (1, 0, "x", "A", "none"),
            (1, 0, "x", "B", "first"),
            (1, 1, "y", "A", "none"),
            (1, 1, "y", "B", "first"),
        ],
    )
    solo = hand_result(1, [(0, 0, "x", "A", "first"), (0, 0, "x", "B", "none")])
    return [two, solo]


def test_bonus_race_table_by_hand(hand_results):
    table = bonus_race_table(hand_results)
    assert table.index.tolist() == [("1 player", "x"), ("2 players", "x"), ("2 players", "y")]
    won, later, crossed, nobody = OUTCOMES
    expected = {
        ("1 player", "x"): {won: 0.5, later: 0, crossed: 0, nobody: 0.5},
        ("2 players", "x"): {won: 0.5, later: 0, crossed: 0.25, nobody: 0.25},
        ("2 players", "y"): {won: 0.5, later: 0.25, crossed: 0, nobody: 0.25},
    }
    for key, shares in expected.items():
        assert table.loc[key, list(OUTCOMES)].to_dict() == pytest.approx(shares)
    assert table["sheet_lines"].tolist() == [2, 4, 4]


def test_bonus_race_figure_by_hand(hand_results):
    fig = bonus_race(hand_results)
    assert [t.name for t in fig.data] == list(OUTCOMES)
    assert fig.layout.barmode == "stack"
    for trace in fig.data:
        assert trace.orientation == "h"
        assert trace.meta["players"] == ["1 player", "2 players", "2 players"]
        assert trace.meta["bots"] == ["x", "x", "y"]
        assert list(trace.y) == ["1 player · x", "2 players · x", "2 players · y"]
    totals = np.sum([list(t.x) for t in fig.data], axis=0)
    assert totals == pytest.approx([1, 1, 1])
    won = fig.data[0]
    assert list(won.x) == pytest.approx([0.5, 0.5, 0.5])


def test_bonus_race_on_simulations(two_player, three_player):
    table = bonus_race_table([three_player, two_player])
    assert table.index.get_level_values("players").unique().tolist() == ["2 players", "3 players"]
    assert np.allclose(table[list(OUTCOMES)].sum(axis=1), 1)
    lines = two_player.lines
    won = lines[lines["bot"] == "greedy"]["bonus_kind"].eq("first").mean()
    assert table.loc[("2 players", "greedy"), OUTCOMES[0]] == pytest.approx(won)
    later = lines[lines["bot"] == "random"]["bonus_kind"].eq("later").mean()
    assert table.loc[("2 players", "random"), OUTCOMES[1]] == pytest.approx(later)
