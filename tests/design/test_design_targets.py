"""The balance target registry: every entry has all its parts, and a target registered
in one place is validated, saved, measured, judged, reported, explained and tuned."""

from __future__ import annotations

import json
import pickle
from dataclasses import FrozenInstanceError
from pathlib import Path
from types import SimpleNamespace

import pytest

import vvlab
from vvlab.design import BalanceReport, BalanceTargets, check_balance, tune
from vvlab.design.explain import explain
from vvlab.design.target_registry import (
    SHOWN,
    Allowed,
    Bound,
    Play,
    Target,
    all_bounds,
    all_targets,
    find,
    register,
    registered,
)
from vvlab.design.tune import fitness

GAMES = 200


@pytest.fixture(scope="module")
def tutorial() -> BalanceReport:
    return check_balance("tutorial", bots=["greedy"], games=GAMES, progress=False)


def _mean_score(play: Play) -> dict[str, float]:
    assert play.result is not None
    return {"": float(play.result.games["score"].mean())}


def _score_note(row, city, bound, vary) -> str:
    return f"{row.level}: the mean score {row.measured:.1f} is under {bound:g}"


MEAN_SCORE = Target(
    "mean-score",
    "a level's mean score",
    measure=_mean_score,
    allowed=lambda bound, line: Allowed(bound, None, max(abs(bound), 1.0), f">= {bound:g} points"),
    bound=Bound("score_min", 0.0, within=(0, 1000), outside="{name}: 0..1000, got {value}"),
    advice=_score_note,
)
"""A target only this test knows: the mean score at least ``score_min``."""


def test_every_entry_has_all_its_parts(tutorial: BalanceReport) -> None:
    names = [t.name for t in all_targets()]
    assert len(names) == len(set(names)) and names[0] == "completion"
    defaults = BalanceTargets()
    assert list(defaults.to_dict())[1:] == [b.field for b in all_bounds()]
    city = vvlab.load_map("tutorial")
    for target in all_targets():
        assert target.about and target.shown in SHOWN, target.name
        rows = tutorial.table[tutorial.table["target"] == target.name]
        assert not rows.empty, f"{target.name} is not judged"
        assert set(rows["level"]) == ({""} if target.on_map else {"greedy"})
        bound = target.bound_in(defaults)
        if target.bound is not None:
            assert bound == target.bound.check(target.bound.default)
        line = city.lines[0] if rows.iloc[0]["line"] else None
        allowed = target.allowed(bound, line)
        assert isinstance(allowed, Allowed) and allowed.text == rows.iloc[0]["bound"]
        failing = rows.iloc[0].to_dict() | {"passed": False, "margin": -0.5}
        note = target.advice(SimpleNamespace(**failing), city, bound, ("indicators", "bonus"))
        assert isinstance(note, str) and (failing["line"] or failing["level"]) in note


def test_the_defaults_and_the_file_format_are_as_before(tmp_path: Path) -> None:
    t = BalanceTargets()
    assert repr(t) == (
        "BalanceTargets(completion=(0.1, 0.95), spearman_max=-0.6, star_share=(0.1, 0.35), "
        "turns=(20.0, 28.0), skill_gap_min=15.0, bonus_first=(1.0, 10.0))"
    )
    assert json.loads(t.save(tmp_path / "t.json").read_text()) == {
        "format": "vvlab-balance-targets/1", "completion": [0.1, 0.95], "spearman_max": -0.6,
        "star_share": [0.1, 0.35], "turns": [20.0, 28.0], "skill_gap_min": 15.0,
        "bonus_first": [1.0, 10.0],
    }  # fmt: skip
    assert BalanceTargets(turns=[18, 30]) == BalanceTargets(turns=(18.0, 30.0))
    assert hash(BalanceTargets(turns=(18, 30))) == hash(BalanceTargets(turns=(18, 30)))
    assert pickle.loads(pickle.dumps(BalanceTargets(turns=(18, 30)))).turns == (18.0, 30.0)
    with pytest.raises(FrozenInstanceError):
        t.turns = (1, 2)  # type: ignore[misc]
    with pytest.raises(TypeError, match="speed"):
        BalanceTargets(speed=3)
    with pytest.raises(AttributeError, match="speed"):
        _ = t.speed


def test_a_name_or_a_bound_is_registered_once() -> None:
    with pytest.raises(ValueError, match="registered already"):
        register(find("completion"))  # type: ignore[arg-type]
    taken = Target("other", "x", _mean_score, MEAN_SCORE.allowed, bound=Bound("turns", 1.0))
    with pytest.raises(ValueError, match="'turns' is taken"):
        register(taken)
    assert find("other") is None


def test_a_target_registered_in_one_place_is_seen_everywhere(tmp_path: Path) -> None:
    with registered(MEAN_SCORE):
        targets = BalanceTargets(score_min=500)
        assert BalanceTargets().score_min == 0.0 and targets.turns == (20.0, 28.0)
        with pytest.raises(ValueError, match=r"score_min: 0\.\.1000, got 2000\.0"):
            BalanceTargets(score_min=2000)
        path = targets.save(tmp_path / "t.json")
        assert json.loads(path.read_text())["score_min"] == 500.0
        assert BalanceTargets.load(path) == targets

        report = check_balance("tutorial", targets, bots=["greedy"], games=GAMES, progress=False)
        row = report.table.set_index(["level", "target"]).loc[("greedy", "mean-score")]
        assert row["bound"] == ">= 500 points" and not row["passed"]
        assert report.table["target"].tolist()[-1] == "mean-score"  # after the built-ins
        assert "mean-score" in report.text() and "mean-score" in report.compact_html()
        city = vvlab.load_map("tutorial")
        assert any("the mean score" in n for n in explain(city, report, ("bonus",)))

        without = BalanceReport(report.table[report.table["target"] != "mean-score"],
                                "tutorial", ["greedy"], GAMES, 0, "voll-verplant")  # fmt: skip
        assert fitness(report) < fitness(without)  # tune scores it
        result = tune("tutorial", targets, bots=["greedy"], games=GAMES, max_evaluations=2,
                      progress=False)  # fmt: skip
        assert "mean-score" in set(result.after.failures()["target"])
        assert any("the mean score" in n for n in result.explanation)

    assert find("mean-score") is None
    assert "score_min" not in BalanceTargets().to_dict()
    with pytest.raises(ValueError, match="unknown balance targets"):
        BalanceTargets.load(path)
    again = check_balance("tutorial", bots=["greedy"], games=GAMES, progress=False)
    assert "mean-score" not in set(again.table["target"])


def test_a_map_rule_is_listed_line_by_line_with_the_others() -> None:
    stations = Target(
        "stations-per-box", "stations a box covers",
        measure=lambda play: {ln.id: len(ln.stations) / ln.indicators for ln in play.city.lines},
        allowed=lambda bound, line: Allowed(0, 99, 99, "0..99"),
        on_map=True,
        tuned=False,
    )  # fmt: skip
    with registered(stations):
        report = check_balance("tutorial", bots=["greedy"], games=GAMES, progress=False)
    rules = report.table[report.table["level"] == ""]
    ids = [ln.id for ln in vvlab.load_map("tutorial").lines]
    assert rules["line"].tolist() == [i for i in ids for _ in range(3)]
    assert rules["target"].tolist()[:3] == ["bonus-range", "bonus-order", "stations-per-box"]
    assert rules[rules["target"] == "stations-per-box"]["passed"].all()
