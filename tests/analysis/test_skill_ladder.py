"""The skill ladder: every bot on the same deals, against the hindsight bound of those
deals, with its speed; and its figure."""

from __future__ import annotations

import math

import numpy as np
import pytest

import vvlab
import vvlab.viz
from vvlab.analysis import hindsight_scores, skill_ladder
from vvlab.analysis.ladder import games_per_second


@pytest.fixture(scope="module")
def ladder():
    return skill_ladder(
        "tutorial", ["random", "greedy", "lookahead:depth=1"], games=60, seed=5,
        bound_games=12, timing_s=0.02,
    )  # fmt: skip


def test_every_bot_plays_the_same_deals_as_a_plain_simulation(ladder):
    for bot in ladder.index:
        run = vvlab.simulate("tutorial", 1, [bot], 60, 5, workers=1, progress=False)
        scores = run.games.sort_values("game")["score"].to_numpy(float)
        assert ladder.loc[bot, "mean"] == pytest.approx(scores.mean())
        assert ladder.loc[bot, "std"] == pytest.approx(scores.std(ddof=1))
        bound = hindsight_scores("tutorial", 12, 5)["hindsight"].to_numpy(float)
        assert ladder.loc[bot, "bound_share"] == pytest.approx(scores[:12].mean() / bound.mean())


def test_no_bot_beats_the_exact_hindsight_bound_and_stronger_bots_come_closer(ladder):
    assert hindsight_scores("tutorial", 12, 5)["exact"].all()  # the tutorial is solved exactly
    assert (ladder["bound_share"] <= 1).all()
    assert ladder["mean"].is_monotonic_increasing  # random < greedy < lookahead
    assert ladder.attrs["bound_mean"] * ladder.loc["greedy", "bound_share"] == pytest.approx(
        ladder.loc["greedy", "mean"], rel=0.3
    )


def test_speed_is_relative_to_greedy(ladder):
    assert ladder.loc["greedy", "speed_vs_greedy"] == 1
    speed = ladder["games_per_s"]  # wall-clock figures: related, never compared
    assert np.allclose(ladder["speed_vs_greedy"], speed / speed["greedy"])
    without = skill_ladder("tutorial", ["random"], games=10, bound_games=2, timing_s=0.01)
    assert math.isnan(without.loc["random", "speed_vs_greedy"])
    assert without.attrs == {**without.attrs, "city": "tutorial", "seed": 0, "bound_games": 2}


def test_speed_is_timed_on_enough_games(monkeypatch):
    """Runs grow until one lasts ``seconds`` (a clock of our own: a game takes 0.1 ms),
    so that the fixed cost of a run does not hide a fast bot's speed."""
    import types

    import vvlab.sim.run
    from vvlab.analysis import ladder

    clock, runs = [0.0], []

    def simulate(city, players, bots, games, *args, **kwargs):
        runs.append(games)
        clock[0] += 1e-4 * games

    monkeypatch.setattr(vvlab.sim.run, "simulate", simulate)
    monkeypatch.setattr(ladder, "time", types.SimpleNamespace(perf_counter=lambda: clock[0]))
    assert games_per_second("tutorial", "greedy", seconds=0.05) == pytest.approx(10_000)
    assert runs == [1, 256, 512]  # a warm-up game, then 256 (25.6 ms), then 512 (51.2 ms)


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [({"bots": []}, "at least one bot"), ({"bound_games": 0}, "bound_games"),
     ({"bound_games": 11}, "bound_games")],
)  # fmt: skip
def test_bad_arguments_are_refused_before_any_game(kwargs, message):
    with pytest.raises(ValueError, match=message):
        skill_ladder("tutorial", **{"games": 10, **kwargs})


def test_the_figure_has_a_row_per_bot_and_a_log_speed_axis(ladder):
    fig = vvlab.viz.skill_ladder(ladder)
    share, speed = fig.data
    assert list(share.y) == list(speed.y) == list(ladder.index)
    assert list(share.x) == ladder["bound_share"].tolist()
    assert list(speed.text) == [f"{v:,.0f}" for v in ladder["games_per_s"]]
    assert fig.layout.xaxis2.type == "log" and fig.layout.xaxis2.range[0] == 0
    assert np.allclose(share.error_x.array, ladder["ci95"] / ladder.attrs["bound_mean"])
    taller = vvlab.viz.skill_ladder(ladder.iloc[[0, 1, 2, 0, 1, 2, 0, 1, 2, 0]])
    assert taller.layout.height > fig.layout.height
