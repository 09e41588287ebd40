"""A line's difficulty is measured with every line paying the same bonus (so the bonuses
cannot pull the player), ties broken by the mean turn of completion; every verdict
carries its sampling uncertainty and a pass within it is thin."""

from __future__ import annotations

import pandas as pd
import pytest

import vvlab
from vvlab.design import check_balance
from vvlab.design.balance import judge
from vvlab.design.play import Play, equal_bonus, equal_bonus_city
from vvlab.design.target_registry import find
from vvlab.model import CityMap


def tutorial_paying(bonuses: dict[str, tuple[int, int]], boxes: int = 1) -> CityMap:
    """The tutorial (lines A and B: 5 stations, C: 3, D: 2) with these bonuses and
    every line at ``boxes`` boxes."""
    data = vvlab.load_map("tutorial").to_dict()
    for line in data["lines"]:
        line["indicators"], line["bonus"] = boxes, list(bonuses[line["id"]])
    return CityMap.from_dict(data)


LONG_PAYS_LITTLE = {"A": (1, 0), "B": (2, 1), "C": (6, 3), "D": (10, 5)}
LONG_PAYS_MUCH = {"A": (10, 5), "B": (6, 3), "C": (2, 1), "D": (1, 0)}


@pytest.fixture(scope="module")
def judged() -> dict[str, object]:
    run = {"bots": ["greedy"], "games": 150, "seed": 2, "progress": False, "workers": 1}
    pays = {"little": LONG_PAYS_LITTLE, "much": LONG_PAYS_MUCH}
    return {name: check_balance(tutorial_paying(pay), **run) for name, pay in pays.items()}


def rho(report) -> float:
    t = report.table
    row = t[(t["target"] == "harder-pays-more") & (t["level"] == "greedy")]
    return float(row["measured"].iloc[0])


def test_difficulty_is_measured_with_equal_bonuses(judged) -> None:
    little, much = judged["little"], judged["much"]
    # the same routes and boxes on the same deals: the same difficulty whatever they pay
    pd.testing.assert_frame_equal(little.difficulty, much.difficulty)
    ease = little.difficulty.set_index("line")["ease"]
    assert ease["A"] < ease["D"] and ease["B"] < ease["D"]  # the long lines are harder
    # so paying the long line little breaks harder-pays-more, paying it much meets it
    assert rho(little) > 0.6 and rho(much) < -0.6
    row = much.table[much.table["target"] == "harder-pays-more"].iloc[0]
    assert row["passed"] and not little.failures().query("target == 'harder-pays-more'").empty


def test_the_equal_bonus_is_the_citys_median() -> None:
    city = tutorial_paying(LONG_PAYS_LITTLE)
    assert equal_bonus(city) == (4, 2)  # firsts 1 2 6 10, laters 0 1 3 5: medians 4 and 2
    same = equal_bonus_city(city)
    assert {(ln.bonus_first, ln.bonus_later) for ln in same.lines} == {(4, 2)}
    assert [ln.indicators for ln in same.lines] == [ln.indicators for ln in city.lines]


# -- played games made by hand: what the measures read ------------------------------


def games_by_hand(
    n: int, completed: dict[str, int], turn: dict[str, int], score: float = 60.0
) -> vvlab.SimulationResult:
    """``n`` solo games of 20 turns: line ``x`` completed in the first ``completed[x]``
    games, at turn ``turn[x]`` (the result of a run, made of its frames)."""
    done = {g: sum(g < k for k in completed.values()) for g in range(n)}
    games = pd.DataFrame({"game": range(n), "player": 0, "score": score, "bonus": 0,
                          "stars": 0.2 * score, "penalty": 0, "empty": 0,
                          "lines_completed": [done[g] for g in range(n)], "first_bonuses": 0,
                          "turns": 20})  # fmt: skip
    lines = pd.DataFrame(
        [
            {
                "game": g,
                "player": 0,
                "line": x,
                "completed": g < k,
                "turn_completed": turn[x] if g < k else None,
            }
            for x, k in completed.items()
            for g in range(n)
        ]
    )
    lines["turn_completed"] = lines["turn_completed"].astype("Int64")
    metadata = {"map": {"lines": [{"id": x} for x in completed]}}
    return vvlab.SimulationResult(games, lines, pd.DataFrame(), metadata)


def test_when_every_line_is_completed_the_earlier_one_is_easier() -> None:
    city = tutorial_paying(LONG_PAYS_MUCH)
    every = {x: 40 for x in "ABCD"}
    equal = games_by_hand(40, every, {"A": 16, "B": 12, "C": 8, "D": 4})
    play = Play(city, "expert", equal, equal=equal)
    ease = dict(zip("ABCD", play.ease()[0], strict=True))
    assert ease["A"] < ease["B"] < ease["C"] < ease["D"]
    assert find("harder-pays-more").measure(play)[""][0] == pytest.approx(-1.0)
    # a line completed less often is harder even when it is completed sooner
    rarer = games_by_hand(40, every | {"D": 20}, {"A": 16, "B": 12, "C": 8, "D": 4})
    assert Play(city, "expert", rarer, equal=rarer).ease()[0][3] < ease["A"]
    # an incomplete line counts as the game's length + 1
    never = games_by_hand(40, every | {"D": 0}, {"A": 16, "B": 12, "C": 8, "D": 4})
    assert Play(city, "expert", never, equal=never).completion_turns()[0][3] == 21


def completion_row(n: int, done: int, seed: int = 0) -> pd.Series:
    """The verdict on line A completed in ``done`` of ``n`` games (every line paying
    the same, so the games are their own equal-bonus games)."""
    city = tutorial_paying({x: (5, 3) for x in "ABCD"})
    played = games_by_hand(n, {"A": done, "B": n // 2, "C": n // 2, "D": n // 2},
                           {x: 10 for x in "ABCD"})  # fmt: skip
    base = games_by_hand(n, {x: 0 for x in "ABCD"}, {x: 10 for x in "ABCD"}, score=20.0)
    report = judge(city, None, {"greedy": played, "random": base}, games=n, seed=seed)
    t = report.table
    return t[(t["target"] == "completion") & (t["line"] == "A")].iloc[0]


def test_a_pass_within_its_uncertainty_is_thin() -> None:
    few, many = completion_row(50, 6), completion_row(5000, 600)
    assert few["measured"] == many["measured"] == pytest.approx(0.12)
    assert few["passed"] and many["passed"]  # 12% is inside 10%..95%
    # the spread is about the binomial 95% interval of the rate
    assert few["spread"] == pytest.approx(1.96 * (0.12 * 0.88 / 50) ** 0.5, rel=0.3)
    assert many["spread"] == pytest.approx(1.96 * (0.12 * 0.88 / 5000) ** 0.5, rel=0.3)
    assert few["thin"] and not many["thin"]
    # the same seed gives the same uncertainty; another resamples otherwise
    assert completion_row(50, 6)["spread"] == few["spread"]
    assert completion_row(50, 6, seed=1)["spread"] != few["spread"]


def test_a_thin_pass_is_shown_as_thin_and_a_fail_never_is() -> None:
    city = tutorial_paying({x: (5, 3) for x in "ABCD"})
    played = games_by_hand(50, {"A": 6, "B": 25, "C": 50, "D": 25}, {x: 10 for x in "ABCD"})
    base = games_by_hand(50, {x: 0 for x in "ABCD"}, {x: 10 for x in "ABCD"}, score=20.0)
    report = judge(city, None, {"greedy": played, "random": base}, games=50, seed=0)
    text = report.text()
    assert any(line.startswith("THIN greedy completion       A") for line in text.splitlines())
    assert not report.table[~report.table["passed"]]["thin"].any()
    assert "THIN" in report._repr_html_()
