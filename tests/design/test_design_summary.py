"""BalanceReport.summary(): the verdict as a short paragraph a designer reads (issue 29
point 10, issue 30 point 5): the skill levels folded into one sentence per finding,
lines by name, numbers in words, never ``n/a``, a seed or a bot's id."""

from __future__ import annotations

import re

import pandas as pd
import pytest

from vvlab.design import check_balance
from vvlab.design.report import BalanceReport
from vvlab.design.tune_words import change_words

LEVELS = ["greedy", "lookahead:depth=1", "expert"]
NOT_SAID = ("n/a", "seed", "greedy", "lookahead", "expert", "depth=", "nan", "--", "=True")
NAMES = {"": "Berlin", "U9": "Ringbahn", "U2": "Pankow line", "U1": "Uhland"}


def row(level: str, target: str, line: str, measured: float, bound: str, margin: float):
    return {"level": level, "target": target, "line": line, "measured": measured,
            "bound": bound, "passed": margin >= 0, "margin": margin}  # fmt: skip


def report(rows: list[dict], levels: list[str] = LEVELS) -> BalanceReport:
    return BalanceReport(pd.DataFrame(rows, columns=BalanceReport.COLUMNS), "berlin", levels,
                         2000, 0, "voll-verplant", names=NAMES)  # fmt: skip


def completion(level: str, line: str, rate: float) -> dict:
    return row(level, "completion", line, rate, "10%..95%", min(rate - 0.1, 0.95 - rate) / 0.85)


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=\.)\s+", text) if s]


def said_for_a_designer(text: str) -> bool:
    return not any(word in text for word in NOT_SAID)


def test_a_line_failing_at_every_level_is_one_sentence_naming_the_line() -> None:
    rows = [completion("greedy", "U9", 0.06), completion("lookahead:depth=1", "U9", 0.5)]
    rows += [completion("expert", "U9", 0.99), completion("expert", "U1", 0.6)]
    rows += [row(lv, "game-length", "", 16.0, "20..28 turns", -0.5) for lv in LEVELS]
    text = report(rows).summary()
    assert said_for_a_designer(text), text
    found = sentences(text)
    assert found[0] == "Berlin misses 2 balance targets, for players of every level."
    assert len(found) == 3  # the verdict, then one sentence per finding
    ring = next(s for s in found if "Ringbahn" in s)
    assert ring.startswith("Strong players complete line Ringbahn almost every game (99%)")
    assert "new players in 1 of 17 games (6%)" in ring and "practised" not in ring  # it passes
    assert "U9" not in text and "Uhland" not in text
    length = next(s for s in found if "turns" in s)
    assert length.count("players") == 1 and "16.0 turns for players of every level" in length


def test_lines_failing_alike_are_one_finding_with_what_would_help() -> None:
    rows = [completion("expert", line, rate) for line, rate in (("U9", 0.99), ("U2", 0.97))]
    text = report(rows).summary()
    assert sentences(text) == [
        "Berlin misses 2 balance targets, for strong players.",
        "Strong players complete lines Ringbahn and Pankow line in 97% to 99% of games, so "
        "these are no challenge for them (at most 95% is wanted): fewer boxes, smaller first "
        "bonuses or longer routes would make them harder.",
    ]


def test_a_passing_city_gets_one_sentence() -> None:
    rows = [completion(lv, "U9", 0.5) for lv in LEVELS]
    text = report(rows).summary()
    assert text == (
        "Berlin passes every balance target for strong, practised and new players "
        "(2,000 games each)."
    )


def test_a_thin_pass_is_said_once_the_report_carries_its_uncertainty() -> None:
    table = report([completion("expert", "U9", 0.93)]).table.assign(thin=[True])
    thin = BalanceReport(table, "berlin", ["expert"], 2000, 0, "voll-verplant", names=NAMES)
    assert "narrow, within chance" in thin.summary()


def test_the_bonus_order_is_said_with_two_lines_that_show_it() -> None:
    rows = [row("", "bonus-range", line, bonus, "1..10", 0.3) for line, bonus in
            (("U9", 9), ("U2", 4), ("U1", 6))]  # fmt: skip
    rows += [completion("expert", "U9", 0.93), completion("expert", "U2", 0.4)]
    rows += [completion("expert", "U1", 0.7)]
    rows.append(row("expert", "harder-pays-more", "", 0.5, "<= -0.60", -2.75))
    text = report(rows).summary()
    assert said_for_a_designer(text), text
    assert (
        "For strong players the lines that pay more are the easier ones: line Ringbahn pays 9 "
        "and is completed in 93% of games, while line Pankow line pays 4 and is completed in "
        "40% of games;"
    ) in text


def test_a_value_not_measured_says_why_everywhere_it_is_shown() -> None:
    nan = float("nan")
    broken = report([row("greedy", "star-share", "", nan, "10%..35%", nan)], ["greedy"])
    why = "not measured: no game scored a point"
    assert why in broken.summary() and why in broken.text() and why in broken.compact_html()
    for shown in (broken.summary(), broken.text(), broken._repr_html_()):
        assert "n/a" not in shown and "nan" not in shown
    assert max(len(line) for line in broken.text().splitlines()) <= 80


def test_a_real_verdict_names_the_failing_lines_in_a_designer_s_words() -> None:
    real = check_balance("tutorial", bots=["greedy", "expert"], games=200, progress=False)
    text = real.summary()
    assert said_for_a_designer(text), text
    failing = set(real.failures()["line"]) - {""}
    names = {ln: real.names[ln] for ln in failing}
    assert failing and any(name in text for name in names.values()), text
    assert text.startswith("Tutorial misses ")
    shown = sentences(text)
    assert len(shown) <= 1 + 3 + 1  # the verdict, at most three findings, "and N more"
    for sentence in shown:  # each level is named at most once in a sentence
        assert sentence.count("new players") + sentence.count("strong players") <= 2


def test_a_changed_line_says_why_in_the_game_s_words() -> None:
    before = report([completion("expert", "U9", 0.99), completion("greedy", "U9", 0.5)])
    after = report([completion("expert", "U9", 0.9), completion("greedy", "U9", 0.45)])
    change = pd.Series({"line": "U9", "boxes_before": 3, "boxes_after": 2,
                        "bonus_before": "7/4", "bonus_after": "7/4"})  # fmt: skip
    assert change_words(change, before, after) == (
        "strong players completed it almost every game (99%); now in 90% of games"
    )
    never = report([completion(lv, "U9", 0.0) for lv in LEVELS])
    now = report(
        [completion(lv, "U9", rate) for lv, rate in zip(LEVELS, (0.3, 0.5, 0.8), strict=True)]
    )
    assert change_words(change, never, now) == (
        "players of every level never completed it; now in 30% to 80% of games"
    )
    short = report([row(lv, "game-length", "", 16.0, "20..28 turns", -0.5) for lv in LEVELS])
    more_boxes = change.copy()
    more_boxes["boxes_after"] = 4
    assert change_words(more_boxes, short, report([])) == "so that a game lasts as long as wanted"


@pytest.mark.parametrize("level", ["random", "rollout:samples=16", "my-bot"])
def test_every_level_is_named_as_players(level: str) -> None:
    text = report([completion(level, "U9", 0.99)], [level]).summary()
    assert "players" in text.split(" complete ")[0] and "samples=" not in text
