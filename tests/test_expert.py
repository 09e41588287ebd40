"""The expert bot: legal everywhere, deterministic, its weights file, the race for first
bonuses, and retraining on a small budget (its twin test against the reference path is
in tests/sim/test_fast.py, its strength order in tests/test_bots.py)."""

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


def test_the_expert_wins_the_race_for_first_bonuses():
    """4 players, one expert against three lookahead:depth=1 seats (fixed seeds): the
    expert takes more first bonuses than each of them on average."""
    bots = ["lookahead:depth=1", "expert", "lookahead:depth=1", "lookahead:depth=1"]
    res = vvlab.simulate("berlin", players=4, bots=bots, games=150, seed=3, workers=1,
                         progress=False)  # fmt: skip
    firsts = res.games.groupby("player")["first_bonuses"].mean()
    assert firsts[1] > firsts.drop(1).mean(), firsts.tolist()


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
