"""fill_progress of a simulation result: the first games replayed, mean and 10–90% band
per bot."""

from __future__ import annotations

import numpy as np
import pytest

import vvlab
from vvlab.sim import replay_game, replay_games
from vvlab.viz import bot_colors, fill_progress
from vvlab.viz.progress_runs import run_fill_table

GAMES = 120


@pytest.fixture(scope="module")
def table(two_player):
    return run_fill_table(two_player, games=GAMES)


@pytest.fixture(scope="module")
def figure(two_player):
    return fill_progress(two_player, games=GAMES)


def traces(fig, kind: str) -> dict:
    return {t.meta["bot"]: t for t in fig.data if t.meta["kind"] == kind}


def test_final_shares_are_the_results(two_player, table):
    stations = len(two_player.city.stations)
    last = table[table["turn"] == table["turn"].max()].set_index(["game", "player"])
    games = two_player.games.query("game < @GAMES").set_index(["game", "player"])
    assert len(last) == len(games) == 2 * GAMES
    expected = 1 - games["empty"] / stations
    assert np.allclose(last["share"].sort_index(), expected.sort_index())
    assert (last["bot"].sort_index() == games["bot"].astype(str).sort_index()).all()


def test_every_curve_is_complete_and_monotone(table):
    turns = table["turn"].max() + 1
    assert (table.groupby(["game", "player"]).size() == turns).all()
    for _, curve in table.sort_values("turn").groupby(["game", "player"]):
        share = curve["share"].to_numpy()
        assert share[0] == 0 and np.all(np.diff(share) >= 0)


def test_mean_and_band_per_bot(two_player, table, figure):
    means, bands = traces(figure, "mean"), traces(figure, "band")
    assert len(figure.data) == 4 and set(means) == set(bands) == {"greedy", "random"}
    colors = bot_colors(two_player.bots)
    for bot, mean in means.items():
        by_turn = table[table["bot"] == bot].groupby("turn")["share"]
        assert list(mean.x) == by_turn.mean().index.tolist()
        assert np.allclose(mean.y, by_turn.mean())
        assert np.all(np.diff(mean.y) >= -1e-12)
        band = bands[bot]
        assert band.fill == "toself" and band.line.color == mean.line.color == colors[bot]
        n = len(mean.x)
        high, low = np.array(band.y[:n]), np.array(band.y[n:][::-1])
        assert list(band.x[:n]) == list(mean.x) == list(band.x[n:][::-1])
        assert np.allclose(high, by_turn.quantile(0.9)) and np.allclose(low, by_turn.quantile(0.1))
        assert np.all(low <= mean.y) and np.all(np.array(mean.y) <= high)


def test_title_names_the_games(figure):
    assert f"first {GAMES} games" in figure.layout.title.text


def test_games_capped_at_the_run(two_player):
    small = vvlab.simulate("tutorial", 1, ["greedy"], 6, 3, workers=1, progress=False)
    fig = fill_progress(small)
    assert "first 6 games" in fig.layout.title.text
    assert [t.meta["kind"] for t in fig.data] == ["band", "mean"]


def test_replay_games_across_blocks_matches_replay_game():
    res = vvlab.simulate("tutorial", 1, ["random"], 260, 9, workers=1, progress=False)
    played = dict(replay_games(res, 260))
    assert list(played) == list(range(260))
    scores = [played[g].score(0).total for g in range(260)]
    assert scores == res.games.sort_values("game")["score"].tolist()
    assert replay_game(res, 258).transcript() == played[258].transcript()


def test_other_objects_are_refused():
    with pytest.raises(TypeError, match="Game or a SimulationResult"):
        fill_progress("tutorial")


def test_report_shows_the_run_version():
    from vvlab.viz.report import build_report

    res = vvlab.simulate("tutorial", 2, ["greedy", "random"], 10, 5, workers=1, progress=False)
    page = build_report(result=res, hindsight_games=0)
    assert "10–90% band per bot over the first 10 games of the run (seed 5)" in page
    assert "Game 0 of the run" not in page
