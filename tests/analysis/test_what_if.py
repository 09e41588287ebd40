"""what_if: design changes that must move the results, and clear errors."""

from __future__ import annotations

import pytest

import vvlab
from vvlab import Card, Penalty
from vvlab.analysis import apply_change, compare, what_if

KW = dict(games=300, seed=3, workers=1)


def test_more_indicator_boxes_raise_the_lines_completion_rate():
    res = what_if("tutorial", {"lines": {"A": {"indicators": 4}}}, **KW)
    assert res.modified.city.line("A").indicators == 4
    assert res.original.city.line("A").indicators == 2
    assert res.lines.loc["A", "difference"] > 0.05
    assert res.lines.loc["A", "rate_b"] > res.lines.loc["A", "rate_a"]
    assert res.comparison.index.tolist() == ["greedy"]
    assert res.comparison.equals(compare(res.original, res.modified))
    assert res.seed == 3 and res.original.seed == res.modified.seed == 3
    assert "WhatIf" in repr(res)


def test_no_change_changes_nothing():
    res = what_if("tutorial", {}, games=100, seed=1, workers=1)
    assert res.comparison.loc["greedy", "difference"] == 0
    assert (res.lines["difference"] == 0).all()


def test_a_bigger_bonus_raises_the_score_by_a_known_amount():
    # The greedy bot's choices may change with the bonus; the solo score with
    # bonus +10 on D is at least the old score whenever D is completed the same way.
    res = what_if("tutorial", {"lines": {"D": {"bonus": [12, 1]}}}, bots="greedy", **KW)
    assert res.comparison.loc["greedy", "difference"] > 5
    assert res.comparison.loc["greedy", "significant"]


def test_penalty_deck_and_ruleset_changes():
    _, rules = apply_change("tutorial", {"penalty": {"divisor": 1}})
    assert (
        rules.penalty == Penalty(divisor=1) and rules.deck == vvlab.RULESETS["voll-verplant"].deck
    )
    res = what_if("tutorial", {"penalty": Penalty(divisor=1)}, bots="random", **KW)
    assert res.comparison.loc["random", "difference"] < 0
    _, rules = apply_change("tutorial", {"deck": [Card.number(2), "(3)", "free", "6!"]})
    assert rules.deck == (Card.number(2), Card.express(3), Card.free(), Card.number(6, True))
    _, rules = apply_change("tutorial", {"ruleset": "metro-x"})
    assert rules.name == "metro-x"
    res = what_if("tutorial", {"ruleset": "metro-x"}, games=50, seed=1, workers=1)
    assert res.modified.ruleset.name == "metro-x" and res.original.ruleset.name == "voll-verplant"


def test_a_function_changes_the_map_dict():
    def longer_d(data):
        for line in data["lines"]:
            if line["id"] == "D":
                line["stations"] = ["lake", "park", "south"]
        return data

    city, _ = apply_change("tutorial", longer_d)
    assert city.line("D").stations == ("lake", "park", "south")
    assert vvlab.load_map("tutorial").line("D").stations == ("lake", "park")  # untouched
    res = what_if("tutorial", longer_d, **KW)
    assert res.lines.loc["D", "difference"] < 0  # a longer line is completed less often
    city, _ = apply_change("tutorial", {"map": longer_d, "lines": {"D": {"indicators": 2}}})
    assert city.line("D").indicators == 2 and len(city.line("D").stations) == 3


def test_clear_errors():
    with pytest.raises(ValueError, match=r"no line 'U2' on map 'tutorial' \(lines: A, B, C, D\)"):
        apply_change("tutorial", {"lines": {"U2": {"indicators": 4}}})
    with pytest.raises(ValueError, match=r"lines\['A'\]: unknown key\(s\) 'indicator'"):
        apply_change("tutorial", {"lines": {"A": {"indicator": 4}}})
    with pytest.raises(ValueError, match="unknown change key"):
        apply_change("tutorial", {"line": {}})
    with pytest.raises(ValueError, match="not a card"):
        apply_change("tutorial", {"deck": ["7x"]})
    with pytest.raises(vvlab.MapError):
        apply_change("tutorial", {"lines": {"A": {"indicators": 9}}})
    with pytest.raises(TypeError):
        apply_change("tutorial", 42)
