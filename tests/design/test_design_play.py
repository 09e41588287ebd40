"""What a verdict is measured from (:class:`vvlab.design.play.Play`): every measure of a
level's games, weighted by each bootstrap row, is the weighted mean of that column; the
bootstrap rows are drawn once per seed and number of games and kept unchanged."""

from __future__ import annotations

import numpy as np
import pytest

import vvlab
from vvlab.design.play import Play, _bootstrap

GAMES, SEED = 120, 4


@pytest.fixture(scope="module")
def play() -> Play:
    run = {"games": GAMES, "seed": SEED, "progress": False, "workers": 1}
    result = vvlab.simulate("tutorial", bots=["greedy"], **run)
    baseline = vvlab.simulate("tutorial", bots=["random"], **run)
    return Play(vvlab.load_map("tutorial"), "greedy", result, baseline).resampled(SEED, 30)


def by_hand(play: Play, values: np.ndarray) -> np.ndarray:
    """The weighted mean of ``values`` (one per game, in game order) for each row."""
    w = play.weights
    return (w @ values) / w.sum(axis=1).reshape((-1,) + (1,) * (values.ndim - 1))


def test_every_measure_is_its_columns_weighted_mean(play: Play) -> None:
    games = play.result.games.sort_values("game")
    for column in ("score", "turns", "stars"):
        expected = by_hand(play, games[column].to_numpy(float))
        np.testing.assert_allclose(play.mean(column), expected, rtol=1e-12)
    random_games = play.baseline.games.sort_values("game")
    expected = by_hand(play, random_games["score"].to_numpy(float))
    np.testing.assert_allclose(play.mean("score", of="baseline"), expected, rtol=1e-12)
    lines = play.result.lines
    done = lines.pivot(index="game", columns="line", values="completed").astype(float)
    done = done.sort_index()[[ln.id for ln in play.city.lines]].to_numpy()
    np.testing.assert_allclose(play.rates(), by_hand(play, done), rtol=1e-12)
    assert play.rates().shape == (31, len(play.city.lines))
    assert len(set(play.mean("score"))) > 1  # the bootstrap rows differ


def test_the_bootstrap_rows_are_drawn_once_and_kept_unchanged(play: Play) -> None:
    again = Play(play.city, "greedy", play.result, play.baseline).resampled(SEED, 30)
    assert again.weights is play.weights
    assert not play.weights.flags.writeable
    assert (play.weights[0] == 1).all() and (play.weights.sum(axis=1) == GAMES).all()
    assert not np.array_equal(_bootstrap(SEED + 1, GAMES, 30), play.weights)


def test_a_resampled_play_does_not_reuse_the_plain_means(play: Play) -> None:
    plain = Play(play.city, "greedy", play.result, play.baseline)
    assert plain.mean("score").shape == (1,)
    resampled = plain.resampled(SEED, 30)
    assert resampled.mean("score").shape == (31,)
    assert resampled.mean("score")[0] == pytest.approx(plain.mean("score")[0])


def test_a_run_read_from_files_measures_the_same_as_the_run_played(play: Play, tmp_path) -> None:
    """A verdict on a run folder (its arrays made from its frames) equals the verdict on
    the run just played (its arrays straight from the records)."""
    saved = vvlab.SimulationResult.from_parquet(play.result.to_parquet(tmp_path / "level"))
    base = vvlab.SimulationResult.from_parquet(play.baseline.to_parquet(tmp_path / "random"))
    read = Play(play.city, "greedy", saved, base).resampled(SEED, 30)
    for measure in ("score", "stars", "empty", "turns"):
        np.testing.assert_array_equal(read.mean(measure), play.mean(measure), err_msg=measure)
    np.testing.assert_array_equal(read.rates(), play.rates())
    np.testing.assert_array_equal(read.completion_turns("result"), play.completion_turns("result"))
    np.testing.assert_array_equal(read.mean("score", "baseline"), play.mean("score", "baseline"))
