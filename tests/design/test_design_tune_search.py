"""tune()'s search judges a candidate a level at a time and stops once it cannot beat
the current numbers: the walk and the result are those of judging every candidate at
every level, a candidate stopped early is one the full verdict rejects too, a setting
judged again gives the same verdict, and a level-by-level verdict ends in
check_balance's."""

from __future__ import annotations

import pandas as pd
import pytest

import vvlab
from vvlab.design import BalanceTargets, check_balance, tune
from vvlab.design import tune_search as ts
from vvlab.design.balance import check_levels
from vvlab.design.report import BalanceReport
from vvlab.design.setting import Setting
from vvlab.model import CityMap

BOTS = ["greedy", "expert"]
ARGS = {"bots": BOTS, "games": 150, "seed": 3, "max_evaluations": 60, "progress": False}
SHORT = BalanceTargets(turns=(18, 22))
"""Games this short stay out of reach of Madrid's draft, so the climb runs out of single
changes while a target fails and pairs the best of those it tried."""


def draft(name: str = "madrid") -> CityMap:
    """A built-in city with every line at one box and the bonus 5/3."""
    data = vvlab.load_map(name).to_dict()
    for line in data["lines"]:
        line["indicators"], line["bonus"] = 1, [5, 3]
    return CityMap.from_dict(data)


@pytest.fixture(scope="module")
def walks():
    """The same tune, with candidates stopped early and judged at every level; and how
    many of the candidates paired were stopped early."""
    paired, best_tried = [], ts._best_tried

    def spy(search, tried, count):
        paired.append(sum(not judged.complete for judged, _ in tried))
        return best_tried(search, tried, count)

    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(ts, "_best_tried", spy)
        stopping = tune(draft(), SHORT, **ARGS)
        mp.setattr(ts, "fitness_bound", lambda report: float("inf"))  # never stop early
        full = tune(draft(), SHORT, **ARGS)
    return stopping, full, paired[0]


def test_stopping_early_keeps_the_walk_and_the_result(walks) -> None:
    stopping, full, paired_early = walks
    a, b = stopping.history, full.history
    assert (~a["complete"]).sum() >= 3 and b["complete"].all()  # some were stopped early
    assert paired_early > 0  # some stopped early were among those the pairs come from
    assert a[["evaluation", "change", "accepted", "seed"]].equals(
        b[["evaluation", "change", "accepted", "seed"]]
    )
    done = a["complete"]
    assert a["fitness"][done].tolist() == b["fitness"][done].tolist()
    assert stopping.city.to_dict() == full.city.to_dict()
    assert stopping.after.table.equals(full.after.table) and stopping.stopped == full.stopped


def test_a_candidate_stopped_early_fails_on_every_level_too(walks) -> None:
    stopping, full, _ = walks
    a, b = stopping.history, full.history
    early = ~a["complete"]
    assert (a["fitness"][early] >= b["fitness"][early]).all()  # a bound, never below
    # its full fitness does not beat the numbers it was tried against
    current = b["fitness"].where(b["accepted"] | (b["change"] == "start")).ffill().shift()
    assert (b["fitness"][early] <= current[early] + ts.IMPROVEMENT).all()


def test_the_same_seed_gives_the_same_history(walks) -> None:
    """Every row the same, those stopped early included: which levels a candidate is
    judged at first follows the verdicts and a fixed order of cost, not a clock."""
    again = tune(draft(), SHORT, **ARGS)
    assert again.history.equals(walks[0].history)
    assert again.city.to_dict() == walks[0].city.to_dict()


def test_the_cheapest_level_is_judged_first() -> None:
    levels = ["rollout:samples=16", "lookahead:depth=1", "expert", "my-bot", "greedy"]
    assert sorted(levels, key=ts.level_cost) == [
        "greedy", "expert", "lookahead:depth=1", "rollout:samples=16", "my-bot",
    ]  # fmt: skip


def test_a_setting_judged_again_gives_the_same_verdict() -> None:
    city, calls = draft("tutorial"), []

    def judge(setting: Setting, order: list[str]):
        calls.append(order)
        return check_levels(setting.apply(city), bots=BOTS, order=order, games=60,
                            progress=False, workers=1)  # fmt: skip

    limits = {"cancelled": lambda: False, "max_evaluations": 10, "budget_s": None,
              "progress": lambda done: None}  # fmt: skip
    search = ts.Search(judge, limits)
    start = Setting.of(city)
    first = search.evaluate(start, "start")
    assert search.evaluate(start, "again") is first and len(calls) == 1
    assert len(search.rows) == 1 and search.rows[0]["complete"]
    best = ts.Judged(first.report, first.score + 10)  # numbers nothing can beat
    other = Setting((2, 1, 1, 1), start.first, start.later)
    stopped = search.evaluate(other, "a box", beat=best)
    assert not stopped.complete and stopped.report.levels != BOTS
    assert search.evaluate(other, "a box", beat=best) is stopped and len(calls) == 2
    whole = search.evaluate(other, "a box")  # asked in full: judged at every level
    assert whole.complete and whole.score <= stopped.score and len(search.rows) == 2
    assert search.rows[1]["complete"] and search.rows[1]["fitness"] == whole.score


def test_levels_one_at_a_time_end_in_check_balance() -> None:
    args = {"games": 80, "seed": 2, "progress": False, "workers": 1}
    steps = list(check_levels("tutorial", bots=BOTS, order=["expert"], **args))
    assert [s.levels for s in steps] == [["expert"], BOTS]
    whole = check_balance("tutorial", bots=BOTS, **args)
    assert steps[-1].table.equals(whole.table)
    assert steps[-1].difficulty.equals(whole.difficulty)
    expert = steps[0].table
    assert expert.equals(
        whole.table[whole.table["level"].isin(["", "expert"])].reset_index(drop=True)
    )
    with pytest.raises(ValueError, match="order: levels of bots only"):
        next(check_levels("tutorial", bots=BOTS, order=["random"], **args))


def verdict(rows: dict[str, list]) -> BalanceReport:
    """A verdict of completion rows at the greedy level (every list one per row)."""
    n = len(rows["margin"])
    spread = rows.pop("spread", [0.01] * n)
    table = {"level": ["greedy"] * n, "target": ["completion"] * n,
             "line": [chr(65 + k) for k in range(n)], "measured": [0.5] * n,
             "bound": ["10%..95%"] * n, "passed": [m >= 0 for m in rows["margin"]],
             "spread": spread} | rows  # fmt: skip
    return BalanceReport(pd.DataFrame(table), "c", ["greedy"], 10, 0, "voll-verplant")


def test_once_all_pass_the_worst_margin_less_its_uncertainty_counts() -> None:
    """A thin pass scores below 0, and getting it clear of its uncertainty is a gain
    even while the margins of the others stay."""
    thin = verdict({"margin": [0.4, 0.02, 0.6], "thin": [False, True, False],
                    "margin_low": [0.38, -0.01, 0.58]})  # fmt: skip
    clear = verdict({"margin": [0.4, 0.05, 0.6], "thin": [False, False, False],
                     "margin_low": [0.38, 0.02, 0.58]})  # fmt: skip
    assert ts.fitness(thin) == pytest.approx(-0.01)
    assert ts.fitness(clear) == pytest.approx(0.02) and ts.fitness(clear) > ts.fitness(thin)
    # far inside the uncertainty still scores above any verdict with a target failing
    shaky = verdict({"margin": [0.01, 0.5], "thin": [True, False], "margin_low": [-0.9, 0.4]})
    failing = verdict({"margin": [-0.001, 0.9], "thin": [False, False],
                       "margin_low": [-0.01, 0.8]})  # fmt: skip
    assert ts.fitness(shaky) == pytest.approx(ts.LOW_FLOOR) and ts.fitness(shaky) > ts.fitness(
        failing
    )
    assert ts.fitness(failing) == pytest.approx(-0.001 - ts.FAIL_WEIGHT - 0.01)


def test_a_verdict_only_worsens_as_levels_are_added() -> None:
    """The bound a candidate is stopped by is its fitness so far: the rows of another
    level can only add failures or lower the worst margin."""
    one = verdict({"margin": [0.4, 0.2], "thin": [False, False], "margin_low": [0.3, 0.1]})
    more = pd.concat([one.table, one.table.assign(level="expert", margin_low=[0.5, 0.05])])
    both = BalanceReport(more, "c", ["greedy", "expert"], 10, 0, "voll-verplant")
    assert ts.fitness_bound(one) == ts.fitness(one) == pytest.approx(0.1)
    assert ts.fitness(both) == pytest.approx(0.05) and ts.fitness(both) <= ts.fitness_bound(one)


def test_the_level_where_the_numbers_are_worst_is_judged_after_the_quick_ones() -> None:
    levels = ["greedy", "lookahead:depth=1", "expert"]
    rows = pd.DataFrame({"level": levels, "target": "completion",
                         "margin_low": [0.3, 0.2, -0.1]})  # fmt: skip
    report = BalanceReport(rows, "c", levels, 100, 0, "voll-verplant")
    assert ts.judging_order(report) == ["greedy", "expert", "lookahead:depth=1"]
    rows["margin_low"] = [0.3, -0.2, 0.1]
    assert ts.judging_order(report) == ["greedy", "lookahead:depth=1", "expert"]
    rows["margin_low"] = [-0.3, 0.2, 0.1]  # the quickest is worst: then by cost
    assert ts.judging_order(report) == ["greedy", "expert", "lookahead:depth=1"]
