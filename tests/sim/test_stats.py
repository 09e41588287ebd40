"""``vvlab.sim.stats``: the one normal 95% constant and the per-group statistics."""

from __future__ import annotations

from statistics import NormalDist

import numpy as np
import pandas as pd
import pytest

from vvlab.sim.stats import Z95, ci95, group_stats


def test_z95_is_the_normal_quantile():
    assert NormalDist().inv_cdf(0.975) == pytest.approx(Z95, abs=1e-12)


def test_group_stats_by_hand():
    frame = pd.DataFrame(
        {"seat": [1, 1, 1, 0, 0, 2], "bot": list("aaabbc"), "x": [1, 2, 6, 4, 4, 9]}
    )
    stats = group_stats(frame, "seat", "x", extra=("min", "max"))
    assert stats.index.tolist() == [1, 0, 2]  # as met
    assert stats.columns.tolist() == ["games", "mean", "std", "ci95", "min", "max"]
    assert stats["games"].tolist() == [3, 2, 1]
    assert stats["mean"].tolist() == [3, 4, 9]
    assert stats.loc[1, "std"] == pytest.approx(np.sqrt(7))
    assert stats.loc[1, "ci95"] == pytest.approx(Z95 * np.sqrt(7 / 3))
    assert (stats.loc[0, "std"], stats.loc[0, "ci95"]) == (0, 0)  # constant: no spread
    assert np.isnan(stats.loc[2, "std"]) and np.isnan(stats.loc[2, "ci95"])  # one game
    assert group_stats(frame, "seat", "x", sort=True).index.tolist() == [0, 1, 2]


def test_group_stats_several_keys_and_categories():
    frame = pd.DataFrame({"bot": pd.Categorical(["a", "a"], ["a", "z"]), "p": [0, 1], "x": [1, 3]})
    assert group_stats(frame, "bot", "x").index.tolist() == ["a"]  # unused category left out
    both = group_stats(frame, ["bot", "p"], "x")
    assert both.index.tolist() == [("a", 0), ("a", 1)]
    assert both["ci95"].isna().all()


def test_ci95_on_numbers_and_arrays():
    assert ci95(3.0, 9) == pytest.approx(Z95)
    assert ci95(np.array([2.0, np.nan]), np.array([4, 1])) == pytest.approx(
        [Z95, np.nan], nan_ok=True
    )
