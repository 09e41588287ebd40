"""tune() confirms numbers that pass on fresh deals (another seed, twice the games)
before it reports success, and says plainly when that confirmation fails."""

from __future__ import annotations

import pytest

from vvlab.design import BalanceTargets, tune
from vvlab.design.target_registry import Allowed, Target, registered
from vvlab.design.tune import confirm_seed

SEARCH_SEED, GAMES = 5, 40
LAX = BalanceTargets(completion=(0.0, 1.0), spearman_max=1.0, star_share=(0.0, 1.0),
                     turns=(0.0, 100.0), skill_gap_min=-100.0)  # fmt: skip
"""Bounds every candidate meets, so that only the target under test decides."""


def only_on(seed: int | None) -> Target:
    """A target met on the deals of ``seed`` only (``None``: on every deal)."""

    def measure(play) -> dict[str, float]:
        return {"": 1.0 if seed is None or play.result.seed == seed else -1.0}

    return Target("holds-on-deals", "met on some deals", measure,
                  lambda bound, line: Allowed(0.0, None, 1.0, ">= 0"))  # fmt: skip


def tuned(seed: int | None):
    with registered(only_on(seed)):
        return tune("tutorial", LAX, bots=["greedy"], seed=SEARCH_SEED, games=GAMES,
                    max_evaluations=4, progress=False)  # fmt: skip


@pytest.fixture(scope="module")
def failed():
    return tuned(SEARCH_SEED)


def test_numbers_that_hold_on_fresh_deals_are_a_success() -> None:
    result = tuned(None)
    assert result.after.passed and result.confirmed and result.passed
    fresh = result.confirmation
    assert fresh.seed == confirm_seed(SEARCH_SEED, 1) != SEARCH_SEED
    assert fresh.games == 2 * GAMES and fresh.passed
    assert not any(n.startswith("not confirmed") for n in result.explanation)


def test_a_failed_confirmation_is_reported_as_failed_not_success(failed) -> None:
    assert failed.after.passed  # on the deals of the search every target passes...
    assert failed.confirmed is False and not failed.passed  # ...but not on fresh ones
    assert failed.confirmation.seed != SEARCH_SEED and failed.confirmation.games == 2 * GAMES
    assert not failed.confirmation.passed
    assert failed.explanation[0].startswith("not confirmed")
    assert "holds-on-deals" in " ".join(failed.explanation[1:])
    assert "fresh deals" in failed.summary()


def test_confirmation_failed_when_the_search_could_go_on_is_searched_again() -> None:
    with registered(only_on(SEARCH_SEED)):
        result = tune("tutorial", LAX, vary="bonus", bots=["greedy"], seed=SEARCH_SEED,
                      games=GAMES, max_evaluations=30, progress=False)  # fmt: skip
    # the climb converged (25 evaluations), was refuted, and went on on the fresh deals
    # (where the target fails) until the evaluations ran out
    assert set(result.history["seed"]) == {SEARCH_SEED, confirm_seed(SEARCH_SEED, 1)}
    assert result.confirmed is False and not result.passed
    assert result.after.seed == confirm_seed(SEARCH_SEED, 1)
    assert result.explanation[0].startswith("not confirmed")


def test_the_same_seed_gives_the_same_confirmation(failed) -> None:
    again = tuned(SEARCH_SEED)
    assert again.confirmation.table.equals(failed.confirmation.table)
    assert again.history.equals(failed.history)
