"""The expert bot: legal everywhere, deterministic, its weights file, the race for first
bonuses, its line features kept up to date move by move, and retraining on a small budget
(its twin test against the reference path is in tests/sim/test_fast.py, its strength
order in tests/test_bots.py)."""

import json

import numpy as np
import pytest
import script_loader

import vvlab
from vvlab.bots import ExpertBot, make_bot, play_game
from vvlab.bots.expert import load_weights, shipped_weights
from vvlab.compiled.spec import EXPERT_WEIGHTS
from vvlab.model.files import WriteRefused
from vvlab.model.generate import generate_city


def load_script():
    return script_loader.load_script("train_expert")


@pytest.mark.parametrize("players", [1, 2, 3, 4, 5, 6])
def test_legal_on_every_map_and_seat_count(players):
    """The reference engine checks every move (a BotError otherwise)."""
    cities = [*vvlab.builtin_maps(), generate_city(lines=7, stations=50, seed=players)]
    for k, city in enumerate(cities):
        bots = ["expert" if (p + k) % 2 == 0 else "greedy" for p in range(players)]
        ruleset = "metro-x" if k % 2 else "voll-verplant"
        game = vvlab.Game(city, players=players, seed=k, ruleset=ruleset)
        game = play_game(game, bots, seed=k)
        assert game.is_over


def test_deterministic_for_a_seed():
    def run(engine):
        res = vvlab.simulate(
            "berlin", players=2, bots=["expert", "random"], games=30, seed=4, workers=1,
            progress=False, engine=engine,
        )  # fmt: skip
        return res.games["score"].tolist()

    assert run("fast") == run("fast") == run("reference")


def test_weights_file_and_spec():
    data = shipped_weights()
    assert data["names"] == list(EXPERT_WEIGHTS) and {"seed", "cities"} <= set(data["training"])
    bot = make_bot("expert")
    assert bot.spec == "expert" and bot.kernel_spec().kernel == "expert"
    assert bot.weights_row("a house ruleset").tolist() == list(bot.weights["voll-verplant"])
    with pytest.raises(ValueError, match="format"):
        load_weights({"format": "other"})
    with pytest.raises(ValueError, match="finite"):
        ExpertBot({"metro-x": [1.0]})


def test_a_weights_file_by_path(tmp_path):
    path = tmp_path / "w.json"
    data = dict(shipped_weights())
    data["weights"] = {"voll-verplant": [0.0] * len(EXPERT_WEIGHTS)}
    path.write_text(json.dumps(data))
    bot = make_bot(f"expert:weights={path}")
    assert bot.weights_row("metro-x").tolist() == [0.0] * len(EXPERT_WEIGHTS)


@pytest.mark.parametrize("city", ["paris", "madrid"])
def test_the_expert_wins_the_race_for_first_bonuses(city):
    """4 players, one expert against three lookahead:depth=1 seats (fixed seeds): the
    expert takes more first bonuses than each of them on average. Not on Berlin, where
    the three seats, which play alike, tie for the quick U1 and U3 races that the
    expert leaves to them; there it takes fewer first bonuses but more points."""
    bots = ["lookahead:depth=1", "expert", "lookahead:depth=1", "lookahead:depth=1"]
    res = vvlab.simulate(city, players=4, bots=bots, games=150, seed=3, workers=1,
                         progress=False)  # fmt: skip
    firsts = res.games.groupby("player")["first_bonuses"].mean()
    assert firsts[1] > firsts.drop(1).mean(), firsts.tolist()


@pytest.mark.parametrize("city", ["madrid", "paris"])
def test_line_features_after_a_fill_are_those_of_a_new_walk(city):
    """The features the kernel updates for a line crossed once by a move, or played with
    a number card (runs, transfers, shared, own runs, first star), equal a new walk along
    the line, on random sheets."""
    from vvlab.compiled import compile_city
    from vvlab.compiled import kernels as k
    from vvlab.compiled.arrays import SheetState

    ruleset = vvlab.get_ruleset("metro-x")
    compiled = compile_city(vvlab.load_map(city), ruleset)
    arrays, rng = compiled.city, np.random.default_rng(3)
    blend = np.zeros(compiled.reach.shape)
    k.blend_reach(compiled.reach, ExpertBot().weights_row("metro-x"), blend)
    off, line_st = arrays.line_off, arrays.line_st
    for _ in range(20):
        mark = (rng.random(arrays.star_value.shape[0]) < 0.4).astype(np.int64)
        empty = np.array([int((mark[line_st[off[m] : off[m + 1]]] == 0).sum())
                          for m in range(len(off) - 1)])  # fmt: skip
        boxes = rng.integers(0, arrays.indicators + 1)
        st = SheetState(mark, empty, boxes, (empty == 0).astype(np.int64))
        feat = np.zeros((k.EXPERT_FEATURES, line_st.shape[0]))
        k._fill_chances(arrays, blend, st, ExpertBot().weights_row("metro-x"), feat)
        for m in range(len(off) - 1):
            walk = k._line_walk(arrays, mark, feat, m, True)
            rows = [k._F_RUNS, k._F_TRANSFERS, k._F_STAR, k._F_FIRST, k._F_RUN, k._F_NEXT]
            feat[[*rows, k._F_SHARED, k._F_OWN], m] = walk
        for m in range(len(off) - 1):
            for q in range(off[m], off[m + 1]):
                if mark[line_st[q]]:
                    continue
                mark[line_st[q]] = 1
                runs, transfers, shared, own, star = k._crossed_once(arrays, mark, feat, m, q)
                walk = k._line_walk(arrays, mark, feat, m, False)
                assert (runs, transfers, star, own) == (walk[0], walk[1], walk[2], walk[7])
                assert shared == pytest.approx(walk[6], abs=1e-9)
                mark[line_st[q]] = 0
            _check_played_line(k, arrays, mark, feat, m)


def _check_played_line(k, arrays, mark, feat, m):
    """Number cards of 1..6 on line ``m`` (a copy of ``mark``): the features the kernel
    updates equal a new walk."""
    buf = np.zeros(mark.shape[0] + 1, np.int64)
    for value in range(1, 7):
        after = mark.copy()
        n = k.reached(k.NUMBER, value, arrays, m, after, buf)
        after[buf[:n]] = 1
        runs, transfers, shared, own, star = k._played_line(
            k.NUMBER, arrays, after, feat, m, buf, n
        )
        walk = k._line_walk(arrays, after, feat, m, False)
        assert (runs, transfers, star, own) == (walk[0], walk[1], walk[2], walk[7])
        assert shared == pytest.approx(walk[6], abs=1e-9)


def test_retraining_on_a_small_budget_beats_greedy():
    """scripts/train_expert.py on a budget of a few seconds (after compiling) gives a
    bot stronger than greedy on a city it was not trained on."""
    pytest.importorskip("cma")
    script = load_script()
    cities = script.training_cities(((8, 50, 7001), (6, 40, 7002), (10, 60, 7004)))
    budget = script.Budget(generations=15, popsize=10, games=96)
    messages = []
    row, _ = script.train(
        "voll-verplant", cities, budget, np.random.default_rng(1), messages.append
    )
    assert len(messages) == 15
    again, _ = script.train("voll-verplant", cities, budget, np.random.default_rng(1))
    assert again == row  # reproducible from the seed

    def mean(bot):
        city = generate_city(lines=9, stations=70, seed=7003)
        res = vvlab.simulate(city, bots=[bot], games=400, seed=5, workers=1, progress=False)
        return res.games["score"].mean()

    assert mean(ExpertBot({"voll-verplant": row})) > 1.2 * mean("greedy")


def test_rescored_cities_keep_the_network_and_redraw_the_scoring_from_the_generator():
    script = load_script()
    city = generate_city(10, 80, 1011)
    again = script.rescored(city, np.random.default_rng(1011))
    assert again == script.rescored(city, np.random.default_rng(1011))
    assert [line.stations for line in again.lines] == [line.stations for line in city.lines]
    assert [line.indicators for line in again.lines] != [line.indicators for line in city.lines]
    assert all(1 <= line.indicators <= 4 and 3 <= line.bonus_first <= 10 for line in again.lines)
    specs = ((8, 50, 7001),)
    plain, redrawn = script.training_cities(specs, specs)
    expected = script.rescored(plain, np.random.default_rng(7001))
    assert [line.bonus for line in redrawn.lines] == [line.bonus for line in expected.lines]


def test_training_refuses_an_existing_file_or_a_folder_before_any_work(tmp_path, monkeypatch):
    script = load_script()
    monkeypatch.setattr(script, "train", lambda *a, **k: pytest.fail("trained first"))
    existing = tmp_path / "weights.json"
    existing.write_text("mine")
    with pytest.raises(FileExistsError):
        script.main(["--out", str(existing)])
    with pytest.raises(WriteRefused):
        script.main(["--out", str(tmp_path), "--force"])
    assert existing.read_text() == "mine"
