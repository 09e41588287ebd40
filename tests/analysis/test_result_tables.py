"""The result tables of ``vvlab.analysis.results``: groupings, their checks, and the
one-game rule of the statistics (``NaN`` spread, never 0)."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np
import pandas as pd
import pytest

from vvlab.analysis import (
    LABEL_GROUPINGS,
    SUMMARY_GROUPINGS,
    Z95,
    check_by,
    check_keys,
    games_table,
    score_stats,
)


def run(scores: dict[str, list[float]], players: int = 2, map_id: str = "m") -> SimpleNamespace:
    """A result-like object: one seat per bot, game i = i-th score."""
    rows = [
        {"game": g, "player": seat, "bot": bot, "score": s}
        for seat, (bot, values) in enumerate(scores.items())
        for g, s in enumerate(values)
    ]
    metadata = {"players": players, "map_id": map_id, "ruleset": {"name": "base"}}
    return SimpleNamespace(games=pd.DataFrame(rows), metadata=metadata)


def test_groupings_are_columns_of_the_games_table():
    table = games_table(run({"g": [1, 2]}))
    assert set(LABEL_GROUPINGS) < set(SUMMARY_GROUPINGS) <= set(table.columns)
    assert set(SUMMARY_GROUPINGS) - set(LABEL_GROUPINGS) == {"player"}


def test_checks_name_the_allowed_groupings():
    assert check_by("city") == "city"
    with pytest.raises(ValueError, match="by must be one of bot, players, city, ruleset"):
        check_by("player")  # a seat is no label of the figures
    with pytest.raises(ValueError, match="by must be one of"):
        check_by(["bot"])
    assert check_keys(["player", "bot"]) == ["player", "bot"]
    for bad in ("colour", [], ["bot", "colour"]):
        with pytest.raises(ValueError, match="by must be one of bot, player"):
            check_keys(bad)


def test_score_stats_one_game_has_no_interval():
    stats = score_stats([run({"a": [3, 5, 7]}, map_id="x"), run({"b": [4]}, map_id="y")], "city")
    assert stats.index.tolist() == ["x", "y"]
    assert stats["games"].tolist() == [3, 1]
    assert stats.loc["x", "ci95"] == pytest.approx(Z95 * 2 / np.sqrt(3))
    assert np.isnan(stats.loc["y", "std"]) and np.isnan(stats.loc["y", "ci95"])
