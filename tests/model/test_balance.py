"""Light regression test of the balance of the four cities (issue 4).

The full measurement is ``python benchmarks/balance.py`` (look-ahead bot, thousands of
games); this test plays 1,000 solo games of the compiled ``greedy`` and ``random`` bots
per city and checks invariants that hold there with a margin (measured greedy completion
rates 18-90%, greedy - random 18-25 points; Amsterdam and Berlin: mean scores 48-50 and
6-10 empty stations, against 46 and 12 for Paris and Madrid).
"""

import pytest

import vvlab

CITIES = ["amsterdam", "berlin", "paris", "madrid"]
EASY, HARD = ("amsterdam", "berlin"), ("paris", "madrid")
GAMES, SEED = 1000, 2026


def _play(city: str, bot: str) -> vvlab.SimulationResult:
    return vvlab.simulate(city, bots=[bot], games=GAMES, seed=SEED, workers=1, progress=False)


@pytest.fixture(scope="module")
def runs():
    return {city: {bot: _play(city, bot) for bot in ("greedy", "random")} for city in CITIES}


@pytest.mark.parametrize("city", CITIES)
def test_no_dead_and_no_free_line_for_greedy(runs, city):
    rates = runs[city]["greedy"].lines.groupby("line", observed=True)["completed"].mean()
    assert len(rates) == len(vvlab.load_map(city).lines)
    assert rates.min() >= 0.01, rates.idxmin()
    assert rates.max() <= 0.99, rates.idxmax()


@pytest.mark.parametrize("city", CITIES)
def test_skill_matters(runs, city):
    greedy = runs[city]["greedy"].games["score"].mean()
    random = runs[city]["random"].games["score"].mean()
    assert greedy - random >= 10


@pytest.mark.parametrize("city", CITIES)
def test_a_game_lasts_20_to_28_turns(runs, city):
    for res in runs[city].values():
        assert 20 <= res.games["turns"].mean() <= 28


def test_amsterdam_and_berlin_are_easier_than_paris_and_madrid(runs):
    empty = {c: runs[c]["greedy"].games["empty"].mean() for c in CITIES}
    score = {c: runs[c]["greedy"].games["score"].mean() for c in CITIES}
    assert max(empty[c] for c in EASY) < min(empty[c] for c in HARD), empty
    assert min(score[c] for c in EASY) > max(score[c] for c in HARD), score
