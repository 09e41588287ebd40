"""Balance targets as data and the verdicts of check_balance, in Python and on the
command line."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import vvlab
from vvlab.design import BalanceReport, BalanceTargets, check_balance
from vvlab.design.balance import margin, spearman
from vvlab.design.play import equal_bonus, equal_bonus_city
from vvlab.model.files import WriteRefused

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "cli"))
from clikit import run

GAMES = 400


@pytest.fixture(scope="module")
def berlin() -> BalanceReport:
    return check_balance("berlin", games=GAMES, seed=3, progress=False)


def test_targets_round_trip_through_a_file_and_refuse_to_overwrite(tmp_path: Path) -> None:
    targets = BalanceTargets(completion=(0.2, 0.9), turns=(18, 30), skill_gap_min=10)
    path = targets.save(tmp_path / "t.json")
    assert BalanceTargets.load(path) == targets
    assert json.loads(path.read_text())["format"] == "vvlab-balance-targets/1"
    with pytest.raises(FileExistsError, match="exists"):
        BalanceTargets().save(path)
    with pytest.raises(WriteRefused):  # not a regular file
        BalanceTargets().save(tmp_path)
    BalanceTargets().save(path, overwrite=True)
    assert BalanceTargets.load(path) == BalanceTargets()


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ({"turns": [30, 20]}, "turns: the low bound 30 is above the high bound 20"),
        ({"completion": [0.1, 1.5]}, "shares are between 0 and 1"),
        ({"speed": 3}, "unknown balance targets ['speed']"),
        ({"format": "vvlab-map/1"}, "not a balance targets file"),
        ({"spearman_max": "low"}, "spearman_max must be a finite number"),
    ],
)
def test_bad_targets_files_name_the_file_and_the_target(tmp_path: Path, data, words) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data))
    with pytest.raises(ValueError, match=r"bad\.json") as err:
        BalanceTargets.load(path)
    assert words in str(err.value)


def test_every_target_is_judged_per_level_with_margins(berlin: BalanceReport) -> None:
    t, city = berlin.table, vvlab.load_map("berlin")
    assert list(t.columns) == BalanceReport.COLUMNS
    assert berlin.levels == ["greedy", "lookahead:depth=1", "expert"]
    for level in berlin.levels:
        rows = t[t["level"] == level]
        assert sorted(rows[rows["target"] == "completion"]["line"]) == sorted(
            ln.id for ln in city.lines
        )
        city_wide = rows[rows["line"] == ""]["target"].tolist()
        assert city_wide == ["harder-pays-more", "star-share", "game-length", "skill-gap"]
    assert (t["passed"] == (t["margin"] >= 0)).all()
    static = t[t["level"] == ""]
    assert set(static["target"]) == {"bonus-range", "bonus-order"}


def test_the_measured_values_are_those_of_the_simulation(berlin: BalanceReport) -> None:
    res = vvlab.simulate("berlin", bots=["greedy"], games=GAMES, seed=3, progress=False)
    base = vvlab.simulate("berlin", bots=["random"], games=GAMES, seed=3, progress=False)
    rows = berlin.table[berlin.table["level"] == "greedy"].set_index(["target", "line"])
    done = res.lines.groupby("line", observed=True)["completed"].mean()
    assert rows.loc[("completion", "U1"), "measured"] == pytest.approx(done["U1"])
    gap = res.games["score"].mean() - base.games["score"].mean()
    assert rows.loc[("skill-gap", ""), "measured"] == pytest.approx(gap)
    assert rows.loc[("game-length", ""), "measured"] == pytest.approx(res.games["turns"].mean())
    # harder-pays-more: the bonuses against the lines' ease on the same deals with every
    # line paying the median bonus: the completion rate to the whole percent, then the
    # earlier mean turn of completion (an incomplete line: the game's length + 1)
    city = vvlab.load_map("berlin")
    same = equal_bonus_city(city)
    assert {(ln.bonus_first, ln.bonus_later) for ln in same.lines} == {equal_bonus(city)}
    eq = vvlab.simulate(same, bots=["greedy"], games=GAMES, seed=3, progress=False)
    lines = eq.lines.merge(eq.games[["game", "turns"]], on="game")
    lines["turn"] = lines["turn_completed"].astype(float).fillna(lines["turns"] + 1)
    per_line = lines.groupby("line", observed=True).agg(rate=("completed", "mean"),
                                                        turn=("turn", "mean"))  # fmt: skip
    ease = (per_line["rate"] * 100).round() - per_line["turn"] / 1000
    rho = spearman([ln.bonus_first for ln in city.lines], [ease[ln.id] for ln in city.lines])
    assert rows.loc[("harder-pays-more", ""), "measured"] == pytest.approx(rho)
    assert rows.loc[("harder-pays-more", ""), "spread"] > 0


def test_same_seed_same_report_and_another_seed_other_deals(berlin: BalanceReport) -> None:
    again = check_balance("berlin", games=GAMES, seed=3, progress=False)
    assert again.table.equals(berlin.table)
    other = check_balance("berlin", bots=["greedy"], games=GAMES, seed=4, progress=False)
    mine = berlin.table[berlin.table["level"] == "greedy"]["measured"].to_numpy()
    theirs = other.table[other.table["level"] == "greedy"]["measured"].to_numpy()
    assert (mine != theirs).any()


def test_targets_change_the_verdicts() -> None:
    strict = BalanceTargets(bonus_first=(7, 10), turns=(0, 5))
    report = check_balance("tutorial", strict, bots=["greedy"], games=200, progress=False)
    failed = report.failures()
    lines_low = sorted(ln.id for ln in vvlab.load_map("tutorial").lines if ln.bonus_first < 7)
    assert sorted(failed[failed["target"] == "bonus-range"]["line"]) == lines_low
    assert "game-length" in set(failed["target"])
    assert not report.passed


def test_margins_compare_across_targets() -> None:
    assert margin(0.5, 0.0, 1.0, 1.0) == 0.5  # the middle of a range
    assert margin(-0.8, None, -0.6, 0.4) == pytest.approx(0.5)  # one-sided
    assert margin(12, 15, None, 15) == pytest.approx(-0.2)
    assert margin(float("nan"), 0, 1, 1) != margin(float("nan"), 0, 1, 1)  # NaN fails


def test_report_text_fits_80_columns_and_html_says_pass_or_fail(berlin: BalanceReport) -> None:
    text = berlin.text()
    assert max(len(line) for line in text.splitlines()) <= 80
    assert text.startswith("berlin (voll-verplant): greedy, lookahead:depth=1, expert")
    page = berlin._repr_html_()
    shown = page.count("PASS") + page.count("THIN") + page.count("FAIL")
    assert shown == len(berlin.table)
    assert page.count("THIN") == text.count("\nTHIN ") == int(berlin.table["thin"].sum())


def test_vvlab_check_prints_the_report_and_exits_1_on_a_failed_target(tmp_path: Path) -> None:
    code, text, _ = run(["check", "berlin", "--games", "300", "--bots", "greedy"])
    heading = " ".join(text.split(" level ")[0].split())  # wrapped at 80 columns
    assert code == (0 if "every target passes" in heading else 1)
    assert "completion" in text and max(map(len, text.splitlines())) <= 80
    path = BalanceTargets(turns=(0, 5)).save(tmp_path / "t.json")
    args = ["check", "tutorial", "--games", "200", "--bots", "greedy", "--targets", str(path)]
    code, text, _ = run(args)
    assert code == 1 and "FAIL greedy" in text and "game-length" in text


def test_compare_maps_lists_changes_and_judges_both_on_the_same_deals(tmp_path: Path) -> None:
    from vvlab.design import compare_maps

    data = vvlab.load_map("tutorial").to_dict()
    data["lines"][0]["indicators"] = 3
    data["lines"][0]["stations"].reverse()  # the wagon at the other end
    data["stations"]["lake"]["x"] += 1
    data["stations"]["lake"]["name"] = "Lakeside"
    cmp = compare_maps("tutorial", data, bots=["greedy"], games=300, seed=2)
    rows = {(r.change, r.item) for r in cmp.structure.itertuples()}
    assert rows == {("boxes", "A"), ("route", "A"), ("station moved", "lake"),
                    ("station renamed", "lake")}  # fmt: skip
    same = check_balance("tutorial", bots=["greedy"], games=300, seed=2, progress=False)
    assert cmp.report_a.table.equals(same.table)
    assert len(cmp.balance) == len(same.table)
    path = tmp_path / "b.json"
    vvlab.CityMap.from_dict(data).save(path)
    code, text, _ = run(["compare", "tutorial", str(path), "--games", "300", "--bots", "greedy"])
    assert (
        code == 0 and "line Amber: 2 → 3 boxes" in text and "station Lake renamed Lakeside" in text
    )
    assert max(map(len, text.splitlines())) <= 80
