"""Results -> parquet -> results, exactly: values, dtypes, categories and metadata."""

from __future__ import annotations

import json

import pandas as pd
import pytest
from simkit import FirstLegal, run

from vvlab import SimulationResult


def test_round_trip_is_exact(two_player_run, tmp_path):
    folder = two_player_run.to_parquet(tmp_path / "res.parquet")
    assert sorted(p.name for p in folder.iterdir()) == [
        "games.parquet",
        "lines.parquet",
        "metadata.json",
        "stations.parquet",
    ]
    back = SimulationResult.from_parquet(folder)
    assert back.equals(two_player_run)
    assert back.metadata == two_player_run.metadata  # timing fields included
    for name in ("games", "lines", "stations"):
        a, b = getattr(two_player_run, name), getattr(back, name)
        pd.testing.assert_frame_equal(a, b, check_exact=True, check_categorical=True)
        for col in a.select_dtypes("category"):
            assert list(a[col].cat.categories) == list(b[col].cat.categories)


def test_round_trip_keeps_unused_categories_and_user_bots(tmp_path):
    res = run(players=3, bots=[FirstLegal(), "random", FirstLegal()], games=30, seed=2)
    assert list(res.games["bot"].cat.categories) == ["first-legal", "random"]
    back = SimulationResult.from_parquet(res.to_parquet(tmp_path / "r"))
    assert back.equals(res)
    assert back.bots == ["first-legal", "random", "first-legal"]


def test_equals_ignores_execution_but_not_results(two_player_run, tmp_path):
    back = SimulationResult.from_parquet(two_player_run.to_parquet(tmp_path / "r"))
    back.metadata["execution"] = {"engine": "fast", "seconds": 99}
    assert back.equals(two_player_run)
    back.metadata["seed"] = 1
    assert not back.equals(two_player_run)
    changed = SimulationResult.from_parquet(tmp_path / "r")
    changed.games.loc[0, "score"] += 1
    assert not changed.equals(two_player_run)
    recast = SimulationResult.from_parquet(tmp_path / "r")
    recast.games["score"] = recast.games["score"].astype("int64")
    assert not recast.equals(two_player_run)
    assert not two_player_run.equals("a result")


def test_metadata_json_is_plain_and_readable(two_player_run, tmp_path):
    folder = two_player_run.to_parquet(tmp_path / "r")
    meta = json.loads((folder / "metadata.json").read_text())
    assert meta["format"] == "vvlab-simulation/1"
    assert meta["bots"][1]["spec"] == "random"


def test_incomplete_folder_is_a_clear_error(two_player_run, tmp_path):
    folder = two_player_run.to_parquet(tmp_path / "r")
    (folder / "lines.parquet").unlink()
    with pytest.raises(FileNotFoundError, match=r"missing lines\.parquet"):
        SimulationResult.from_parquet(folder)
