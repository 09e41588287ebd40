"""The result frames: columns, dtypes, ranks, consistency, and scores that match the
reference engine played directly."""

from __future__ import annotations

import numpy as np
import pandas as pd
import pytest
from simkit import FirstLegal, run

from vvlab.bots import choose_moves, make_bot
from vvlab.engine import Game
from vvlab.sim import BLOCK_SIZE, SimulationResult, replay_game
from vvlab.sim.deal import block_generators, deal_block

GAMES_DTYPES = {
    "game": "int32",
    "seed": "int64",
    "player": "int8",
    "bot": "category",
    "score": "int16",
    "bonus": "int16",
    "stars": "int16",
    "penalty": "int16",
    "empty": "int16",
    "lines_completed": "int8",
    "first_bonuses": "int8",
    "turns": "int16",
    "rank": "int8",
}
LINES_DTYPES = {
    "game": "int32",
    "player": "int8",
    "bot": "category",
    "line": "category",
    "completed": "bool",
    "turn_completed": "Int16",
    "bonus_kind": "category",
    "bonus": "int8",
}
STATIONS_DTYPES = {
    "player": "int8",
    "bot": "category",
    "station": "category",
    "name": "str",
    "lines_through": "int8",
    "filled": "int32",
    "games": "int32",
    "fill_rate": "float64",
}


def dtypes(frame):
    return {c: str(t) for c, t in frame.dtypes.items()}


def test_columns_and_dtypes(two_player_run, city):
    res = two_player_run
    assert dtypes(res.games) == GAMES_DTYPES
    expected = dict(STATIONS_DTYPES, name=str(res.stations["name"].dtype))  # object on pandas 2
    assert dtypes(res.lines) == LINES_DTYPES
    assert dtypes(res.stations) == expected
    assert list(res.lines["line"].cat.categories) == [ln.id for ln in city.lines]
    assert list(res.lines["bonus_kind"].cat.categories) == ["first", "later", "none"]
    assert list(res.stations["station"].cat.categories) == list(city.stations)
    assert list(res.games["bot"].cat.categories) == ["random"]


def test_rows_in_game_player_line_order(two_player_run, city):
    res = two_player_run
    games, players, lines = 700, 2, len(city.lines)
    assert len(res.games) == games * players
    assert len(res.lines) == games * players * lines
    assert len(res.stations) == players * len(city.stations)
    assert res.games["game"].tolist() == np.repeat(np.arange(games), players).tolist()
    assert res.games["player"].tolist() == [0, 1] * games
    assert (res.games["seed"] == 11).all()
    assert res.lines["line"].astype(str).tolist()[:lines] == [ln.id for ln in city.lines]


def test_ranks_share_the_best_rank_on_ties(two_player_run):
    g = run(players=3, games=400, seed=4).games
    expected = g.groupby("game")["score"].rank(method="min", ascending=False).astype("int8")
    assert g["rank"].equals(expected.rename("rank"))
    ties = g.groupby("game")["score"].transform(lambda s: s.duplicated(keep=False).any())
    assert ties.any()  # the tutorial map has plenty of ties
    first = g[g["rank"] == 1].groupby("game").size()
    assert (first >= 1).all() and (first > 1).any()


def test_score_is_its_parts(two_player_run):
    g = two_player_run.games
    assert (g["score"] == g["bonus"] + g["stars"] - g["penalty"]).all()
    assert (g["empty"] // 2 == g["penalty"]).all()  # voll-verplant: empty stations halved


def test_lines_agree_with_games(two_player_run, city):
    res = two_player_run
    lines = res.lines
    assert lines["completed"].equals(lines["turn_completed"].notna().rename("completed"))
    assert ((lines["bonus_kind"] == "none") == ~lines["completed"]).all()
    assert (lines.loc[~lines["completed"], "bonus"] == 0).all()
    per_seat = lines.groupby(["game", "player"], observed=True)
    assert per_seat["completed"].sum().to_numpy().tolist() == (
        res.games["lines_completed"].tolist()
    )
    assert per_seat["bonus"].sum().to_numpy().tolist() == res.games["bonus"].tolist()
    firsts = (lines["bonus_kind"] == "first").groupby([lines["game"], lines["player"]]).sum()
    assert firsts.tolist() == res.games["first_bonuses"].tolist()
    bonus = {ln.id: {"first": ln.bonus_first, "later": ln.bonus_later} for ln in city.lines}
    done = lines[lines["completed"]]
    expect = [bonus[ln][k] for ln, k in zip(done["line"], done["bonus_kind"], strict=True)]
    assert done["bonus"].tolist() == expect
    turns = res.games.set_index(["game", "player"])["turns"]
    last = done.groupby(["game", "player"], observed=True)["turn_completed"].max()
    assert (last <= turns.loc[last.index]).all()


def test_stations_fill_rate_is_consistent_with_empty(two_player_run, city):
    res = two_player_run
    st, g = res.stations, res.games
    assert st["fill_rate"].between(0, 1).all()
    assert (st["games"] == 700).all()
    assert np.allclose(st["fill_rate"], st["filled"] / 700)
    filled = st.groupby("player")["filled"].sum()
    empty = g.groupby("player")["empty"].sum()
    assert (filled == 700 * len(city.stations) - empty).all()
    central = st[st["station"] == "central"]
    assert central["lines_through"].tolist() == [3, 3]
    assert central["name"].tolist() == ["Central", "Central"]


@pytest.mark.parametrize("bots", [["random", "random"], [FirstLegal(), "random"]])
def test_scores_match_the_reference_engine_played_directly(city, bots):
    seed, players = 21, 2
    res = run(players=players, bots=bots, games=BLOCK_SIZE + 40, seed=seed)
    ruleset = res.ruleset
    cards_rng, rngs = block_generators(seed, 1, players)
    orders = deal_block(seed, 1, 6, ruleset, city.total_indicators, cards_rng)
    seats = [make_bot(b) for b in bots]
    for g, order in enumerate(orders):
        game = Game(city, players=players, ruleset=ruleset, cards=[ruleset.deck[i] for i in order])
        while not game.is_over:
            game.play(choose_moves(game, seats, rngs))
        row = res.games[res.games["game"] == BLOCK_SIZE + g]
        assert row["score"].tolist() == [game.score(p).total for p in range(players)]
        assert row["empty"].tolist() == [game.score(p).empty for p in range(players)]
        assert row["turns"].tolist() == [game.turn] * players


def test_replay_game_gives_the_recorded_game(two_player_run):
    res = two_player_run
    for number in (0, 300, 699):
        game = replay_game(res, number)
        row = res.games[res.games["game"] == number]
        assert row["score"].tolist() == [game.score(p).total for p in range(2)]
        assert game.transcript()


def test_metadata_records_the_run(two_player_run, city):
    import hashlib

    from vvlab import __version__
    from vvlab.model.io import map_json

    m = two_player_run.metadata
    assert m["map_id"] == "tutorial" and m["map"] == city.to_dict()
    assert m["map_sha256"] == hashlib.sha256(map_json(city).encode()).hexdigest()
    assert m["ruleset"]["name"] == "voll-verplant" and m["ruleset"]["deck"]
    assert m["bots"][0] == {"player": 0, "spec": "random", "name": "random", "params": {}}
    assert (m["players"], m["games"], m["seed"], m["block_size"]) == (2, 700, 11, 256)
    assert m["vvlab_version"] == __version__
    assert m["execution"]["engine"] == "fast"  # "auto" takes the fast path for random bots
    assert two_player_run.city == city


def test_summary_per_seat_and_measure(two_player_run):
    s = two_player_run.summary()
    assert list(s.columns) == ["games", "mean", "std", "ci95", "min", "max"]
    assert s.index.names == ["player", "bot", "measure"]
    score = s.loc[(0, "random", "score")]
    g = two_player_run.games.query("player == 0")["score"]
    assert score["games"] == 700 and score["min"] == g.min() and score["max"] == g.max()
    assert score["mean"] == pytest.approx(g.mean())
    assert score["ci95"] == pytest.approx(1.96 * g.std() / np.sqrt(700), rel=1e-3)
    assert "win" in s.index.get_level_values("measure")
    solo = run(games=20, seed=1).summary()
    assert "rank" not in solo.index.get_level_values("measure")
    text = repr(two_player_run)
    assert "tutorial" in text and "700 games" in text and "ci95" in text
    assert "<table" in two_player_run._repr_html_()


def test_the_summary_fits_a_terminal_with_six_long_bot_names():
    bots = ["lookahead:depth=1", "rollout:samples=16", "expert", "greedy", "random", "expert"]
    text = repr(run(players=6, games=4, seed=2, bots=bots))
    assert max(map(len, text.splitlines())) <= 80
    title = " ".join(line.strip() for line in text.splitlines()[:4])
    assert f"6 players ({', '.join(bots)}), 4 games, seed 2," in title


def test_frames_stay_compact():
    res = run(players=2, games=256, seed=1)
    per_row = res.lines.memory_usage(deep=True, index=False).sum() / len(res.lines)
    assert per_row < 16


def test_one_game(city):
    res = run(players=6, games=1, seed=3)
    assert len(res.games) == 6 and len(res.lines) == 6 * len(city.lines)
    assert pd.api.types.is_integer_dtype(res.games["rank"])


def test_arrays_of_a_run_just_played_are_those_of_its_frames(two_player_run, city, tmp_path):
    """``arrays()`` reads the records without building a frame, and says what the
    frames say: the same numbers come back from the frames of the folder written."""
    res = run(players=2, games=700, seed=11)
    fresh = res.arrays()
    assert not res._frames  # no frame built to give them
    assert all(not a.flags.writeable for a in fresh.values())
    again = SimulationResult.from_parquet(res.to_parquet(tmp_path / "run")).arrays()
    assert sorted(fresh) == sorted(again)
    for name, values in fresh.items():
        np.testing.assert_array_equal(values, again[name], err_msg=name)
    assert fresh["line_turn"].shape == (700, 2, len(city.lines))
    completed = two_player_run.lines["completed"].to_numpy().reshape(700, 2, -1)
    np.testing.assert_array_equal(fresh["line_turn"] > 0, completed)


def test_frames_are_built_once_on_first_access():
    """A run just played builds a frame when it is first read, once."""
    res = run(players=1, games=40, seed=5)
    assert not res._frames
    games = res.games
    assert list(res._frames) == ["games"] and res.games is games
    assert res.lines["completed"].sum() == games["lines_completed"].sum()
