"""What ``vvlab show`` and ``vvlab play`` print fits 80 columns, names express cards
and the shuffle in words, and has no double spaces inside its messages."""

from __future__ import annotations

import re

import pytest
from clikit import run

from vvlab.model import builtin_maps

WIDTH = 80


def too_wide(text: str) -> list[str]:
    return [line for line in text.splitlines() if len(line) > WIDTH]


@pytest.mark.parametrize("name", builtin_maps())
def test_show_fits_80_columns(name):
    code, text, _ = run(["show", name])
    assert code == 0 and too_wide(text) == []


def test_maps_fits_80_columns():
    code, text, _ = run(["maps"])
    assert code == 0 and too_wide(text) == []


def answers(lines, stations):
    for i in range(2000):
        yield lines[i % len(lines)]
        yield stations[i % len(stations)]


@pytest.mark.parametrize("name", ["berlin", "paris"])
def test_a_play_session_fits_80_columns_and_speaks_in_words(name):
    from vvlab import load_map

    city = load_map(name)
    lines = [ln.id for ln in city.lines]
    stations = [s.name for s in city.stations.values()]
    code, text, prompts = run(
        ["play", name, "--seed", "5", "--players", "2"], answers(lines, stations)
    )
    assert code == 0 and "Game over." in text
    assert too_wide(text) == [] and [p for p in prompts if len(p) > WIDTH] == []
    assert "↻" not in text and not re.search(r"card \(\d+\)", text)
    assert "card express " in text and "(shuffle)" in text
    for line in text.splitlines() + prompts:  # columns of a sheet may align with spaces
        message = line.strip()
        if message and "[" not in message and "done:" not in message:
            assert "  " not in message, line


def test_tune_check_and_compare_fit_80_columns(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)  # a short --out: a path longer than a line cannot fit
    quick = ["--bots", "greedy", "--games", "200"]
    out = "tuned.json"
    code, text, _ = run(
        ["tune", "tutorial", "--out", out, "--max-evaluations", "30", "--no-progress", *quick]
    )
    assert code in (0, 1) and "stopped:" in text and "lengthen its route" in text
    assert too_wide(text) == []
    for args in (["check", "tutorial"], ["compare", "tutorial", out]):
        code, text, _ = run([*args, *quick])
        assert code in (0, 1) and too_wide(text) == [], args


def test_warm_fits_80_columns_and_names_every_bot():
    bots = "greedy,random,expert,lookahead:depth=1,lookahead:depth=2,rollout:samples=2"
    code, text, _ = run(["warm", "--bots", bots])
    assert code == 0 and too_wide(text) == []
    flat = " ".join(text.split())
    assert flat.startswith("kernels ready for greedy, random, expert, lookahead:depth=1,")
    assert "rollout:samples=2 (" in flat
