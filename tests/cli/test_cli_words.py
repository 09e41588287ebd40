"""What the command line says, as a user meets it (``python -m vvlab`` at 80 and 200
columns): whole words, a designer's words, help that says what a command does and
examples that work."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from clikit import run

import vvlab
from vvlab.bots.base import make_bot
from vvlab.cli.simulate import BOTS_HELP
from vvlab.design import compare_maps


def vvlab_says(argv: list[str], columns: int, cwd: Path) -> subprocess.CompletedProcess[str]:
    """``python -m vvlab ARGV`` in a terminal ``columns`` wide (``COLUMNS``)."""
    root = str(Path(vvlab.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=root, COLUMNS=str(columns))
    return subprocess.run([sys.executable, "-m", "vvlab", *argv], capture_output=True,
                          text=True, env=env, cwd=cwd, timeout=600)  # fmt: skip


@pytest.fixture(scope="module")
def changed_city(tmp_path_factory) -> Path:
    data = vvlab.load_map("tutorial").to_dict()
    data["lines"][0]["indicators"], data["lines"][1]["bonus"] = 4, [9, 1]
    path = tmp_path_factory.mktemp("compare") / "changed.json"
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("columns", [80, 200])
def test_compare_wraps_whole_words_to_the_terminal_in_a_designers_words(
    columns, changed_city, tmp_path
):
    argv = ["compare", "tutorial", str(changed_city), "--bots", "greedy,expert", "--games", "200"]
    done = vvlab_says(argv, columns, tmp_path)
    assert done.returncode == 0, done.stderr
    text = done.stdout
    assert max(len(line) for line in text.splitlines()) <= columns
    assert re.search(r"\bPASS\b|\bFAIL\b|harder-pays-more|game-length|greedy", text) is None
    assert "line Amber: 2 → 4 boxes" in text and "line Blue: bonus 5/3 → 9/1" in text
    said = compare_maps("tutorial", changed_city, bots=["greedy", "expert"], games=200)
    for label, report in (("a: ", said.report_a), ("b: ", said.report_b)):
        start = text.index(label)
        block = text[start + 3 : text.index("\n\n", start) if label == "b: " else text.index(
            "\nb: ")]  # fmt: skip
        assert " ".join(block.split()) == report.summary()  # nothing cut
    if columns == 200:
        assert max(len(line) for line in text.splitlines()) > 80


def test_tune_lists_only_what_changed(tmp_path):
    argv = ["tune", "tutorial", "--bots", "greedy", "--games", "100", "--max-evaluations", "8",
            "--out", "tuned.json", "--no-progress"]  # fmt: skip
    done = vvlab_says(argv, 80, tmp_path)
    changed = next(line for line in done.stdout.splitlines() if line.startswith("changed: "))
    assert changed == "changed: Crimson: bonus 3/2 → 2/1; Green: bonus 2/1 → 3/2", done.stdout
    assert re.search(r"(\d+)->\1 boxes", done.stdout) is None


def test_the_help_has_no_markup_and_every_command_a_description(capsys):
    for argv in (["--help"], ["maps", "--help"], ["show", "--help"], ["validate", "--help"]):
        with pytest.raises(SystemExit):
            run(argv)
        text = capsys.readouterr().out
        assert "``" not in text
        paragraphs = text.split("\n\n")
        assert paragraphs[1].strip() and not paragraphs[1].lstrip().startswith(
            ("positional", "options")
        ), text


def test_every_bot_example_of_the_help_is_a_real_bot():
    examples = re.findall(r"[a-z]+:[a-z]+=\d+", BOTS_HELP)
    assert examples == ["lookahead:depth=2", "rollout:samples=8"]
    for spec in examples:
        make_bot(spec)


def test_simulate_says_where_it_writes_when_no_folder_is_given(tmp_path, monkeypatch, capsys):
    with pytest.raises(SystemExit):
        run(["simulate", "--help"])
    assert "data/" in capsys.readouterr().out
    monkeypatch.chdir(tmp_path)
    code, text, _ = run(["simulate", "tutorial", "--games", "10", "--workers", "1"])
    assert code == 0
    folder = os.path.join("data", "tutorial-1p-10g-seed0.parquet")
    assert f"results in {folder}/ (the default folder; choose one with --out)" in text
    code, text, _ = run(["simulate", "tutorial", "--games", "10", "--out", "mine"])
    assert "results in mine/\n" in text


@pytest.mark.parametrize("option", ["--scheduler-timeout", "--budget-s"])
def test_a_negative_number_of_seconds_is_refused_in_words(option, capsys):
    argv = ["simulate", "tutorial"] if option.startswith("--sch") else ["tune", "tutorial"]
    with pytest.raises(SystemExit):
        run([*argv, "--out", "x.json", option, "-1"])
    err = capsys.readouterr().err
    assert err.endswith(f"argument {option}: give a number of seconds, 0 or more, not '-1'\n")
