"""Layer 2: random playthroughs with every invariant checked after every turn."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from invariants import check_random_game
from strategies import city_dicts

import vvlab


@pytest.mark.parametrize("name", vvlab.builtin_maps())
@pytest.mark.parametrize("players", [1, 2, 4, 6])
@pytest.mark.parametrize("ruleset", ["voll-verplant", "metro-x"])
def test_random_playthroughs_on_builtin_maps(name, players, ruleset):
    city = vvlab.load_map(name)
    for seed in range(8):
        check_random_game(city, players, seed, ruleset)


@settings(max_examples=80, deadline=None)
@given(
    city=city_dicts(),
    players=st.integers(1, 6),
    seed=st.integers(0, 2**32 - 1),
    ruleset=st.sampled_from(["voll-verplant", "metro-x"]),
)
def test_random_playthroughs_on_random_maps(city, players, seed, ruleset):
    game = check_random_game(vvlab.load_map(city), players, seed, ruleset)
    assert game.is_over


def test_same_seed_same_game():
    a = check_random_game("tutorial", 3, seed=11)
    b = check_random_game("tutorial", 3, seed=11)
    assert a.state() == b.state() and a.transcript() == b.transcript()
    assert a.seed == 11
