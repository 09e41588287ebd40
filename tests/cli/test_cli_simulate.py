"""``vvlab simulate`` on the command line."""

from __future__ import annotations

import pytest
from clikit import run

from vvlab import SimulationResult
from vvlab.sim import simulate


def cli(argv):
    code, text, _ = run(argv)
    return code, text


def test_simulate_writes_a_folder_and_prints_the_summary(tmp_path):
    folder = tmp_path / "tut"
    argv = "simulate tutorial --games 300 --players 2 --bots random,random --seed 3"
    code, text = cli([*argv.split(), "--workers", "1", "--out", str(folder)])
    assert code == 0
    folded = [line for line in text.splitlines() if str(folder) not in line]  # a path can't fold
    assert max(map(len, folded)) <= 80
    assert "SimulationResult: tutorial, voll-verplant, 2 players (random, random)," in text
    assert "\n  300 games, seed 3, " in text
    assert "score" in text and "ci95" in text and f"results in {folder}" in text
    res = SimulationResult.from_parquet(folder)
    assert len(res.games) == 600
    same = simulate("tutorial", players=2, games=300, seed=3, workers=1, progress=False)
    assert res.equals(same)


def test_default_out_folder_and_resume_of_a_finished_run(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    argv = ["simulate", "tutorial", "--games", "20", "--workers", "1", "--ruleset", "metro-x"]
    assert cli(argv)[0] == 0
    folder = tmp_path / "data" / "tutorial-1p-20g-seed0.parquet"
    assert SimulationResult.from_parquet(folder).metadata["ruleset"]["name"] == "metro-x"
    code, text = cli([*argv, "--resume"])
    assert code == 0 and "20 games" in text


def test_existing_out_folder_needs_resume(tmp_path, capsys):
    argv = ["simulate", "tutorial", "--games", "5", "--workers", "1", "--out", str(tmp_path)]
    (tmp_path / "something").write_text("x")
    assert cli(argv)[0] == 2
    assert "already exists and is not empty" in capsys.readouterr().err


def test_bad_bots_and_bot_parameters(tmp_path, capsys):
    base = ["simulate", "tutorial", "--games", "5", "--out", str(tmp_path / "x")]
    assert cli([*base, "--bots", "cautious"])[0] == 2
    assert "unknown bot 'cautious'" in capsys.readouterr().err
    assert cli([*base, "--players", "2", "--bots", "random,random,random"])[0] == 2
    assert "3 bots for 2 players" in capsys.readouterr().err
    assert cli([*base, "--games", "0"])[0] == 2
    assert "games must be a whole number >= 1" in capsys.readouterr().err
    assert not (tmp_path / "x").exists()


def test_bots_with_parameters_are_split_correctly():
    from vvlab.cli.options import split_bots

    assert split_bots("lookahead:depth=2,samples=8,random") == [
        "lookahead:depth=2,samples=8",
        "random",
    ]
    assert split_bots("greedy") == ["greedy"]


def test_the_command_line_default_bot_is_the_expert(tmp_path, capsys):
    folder = tmp_path / "default"
    argv = ["simulate", "tutorial", "--games", "20", "--workers", "1", "--out", str(folder)]
    assert cli(argv)[0] == 0
    assert SimulationResult.from_parquet(folder).bots == ["expert"]
    for command in ("simulate", "report"):
        with pytest.raises(SystemExit):
            cli([command, "--help"])
        assert "(default expert)" in " ".join(capsys.readouterr().out.split())
    # the Python API keeps its own default
    assert simulate("tutorial", games=4, seed=1, workers=1, progress=False).bots == ["random"]
