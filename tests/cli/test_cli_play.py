"""``vvlab play``: scripted terminal games, bad input, quitting."""

import io

import pytest
from clikit import run

import vvlab
from vvlab.cli import main


def test_play_a_solo_game_rejecting_bad_input():
    # seed 3 on the tutorial map; answers are tried in order, bad ones are rejected
    answers = ["Z", "?", "a", "A", "b", "B", "c", "C", "d", "D"] + ["A", "B", "C", "D"] * 5
    answers = ["nonsense", *answers]
    code, text, prompts = run(["play", "tutorial", "--seed", "3"], answers)
    assert code in (0, 130)
    assert "Not possible: no line called 'nonsense'" in text
    assert "would fill" in text  # the help lists what each line would fill
    assert prompts[0].startswith("Player 1, card ")


def test_play_to_the_end_prints_the_score_breakdown():
    answers = ["A", "B", "C", "D"]
    stations = [
        "Harbour",
        "Market",
        "Central",
        "Castle",
        "Zoo",
        "North",
        "University",
        "Park",
        "South",
        "Airport",
        "Mill",
        "Lake",
    ]
    code, text, _ = run(
        ["play", "tutorial", "--seed", "1", "--players", "2"],
        _answers_for_any_card(answers, stations),
    )
    assert code == 0
    assert "Game over." in text
    assert "Player 1: bonus" in text and "Player 2: bonus" in text and "Winner:" in text


def _answers_for_any_card(lines, stations):
    """Alternate line ids and station names: wrong kinds are rejected and asked again."""
    for i in range(400):
        yield lines[i % len(lines)]
        yield stations[i % len(stations)]


@pytest.mark.parametrize(("answers", "turns"), [(["q"], 0), (["A", "quit"], 1), ([], 0)])
def test_quit_or_the_end_of_input_ends_the_game_with_a_replay_hint(answers, turns):
    code, text, _ = run(["play", "tutorial", "--seed", "4"], answers)
    assert code == 0
    assert text.endswith(f"Game stopped after {turns} turns (replay it with --seed 4).\n")


def test_ctrl_c_stops_the_game_with_a_replay_hint_and_130(capsys):
    def ctrl_c(prompt):
        raise KeyboardInterrupt

    out = io.StringIO()
    assert main(["play", "tutorial", "--seed", "4"], out=out, ask=ctrl_c) == 130
    assert out.getvalue().endswith("Game stopped after 0 turns (replay it with --seed 4).\n")
    assert capsys.readouterr().err == "\nvvlab play: interrupted\n"


def test_the_banner_fits_80_columns_with_a_long_city_and_six_players():
    _, text, _ = run(["play", "madrid", "--players", "6", "--ruleset", "metro-x"], ["q"])
    first, second = text.splitlines()[:2]
    assert first == "Madrid, metro-x, 6 players." and second == "Type ? for help, q to quit."


@pytest.mark.parametrize("players", ["0", "7"])
def test_bad_player_count_is_an_error(players, capsys):
    code, _, _ = run(["play", "tutorial", "--players", players])
    assert code == 2
    assert "players must be a whole number from 1 to 6" in capsys.readouterr().err


def test_play_with_a_user_ruleset_file(tmp_path):
    from vvlab.engine.rulesets import save_ruleset

    house = vvlab.Ruleset(
        "house", deck=[vvlab.Card.number(9, shuffle=True)], penalty=vvlab.Penalty(divisor=1)
    )
    path = tmp_path / "house.json"
    save_ruleset(house, path)
    code, text, _ = run(
        ["play", "tutorial", "--seed", "1", "--ruleset", str(path)], ["A", "A", "B", "B", "C", "D"]
    )
    assert code == 0
    assert "house" in text and "Game over." in text
    # number 9 on A, A, B, B, C, D fills every station: 5 + 5 + 3 + 2 bonus, nothing empty
    assert "Player 1: bonus 15 + stars 0 - penalty 0 (0 empty) = 15" in text


def test_bad_ruleset_file_is_a_clear_error(tmp_path, capsys):
    path = tmp_path / "broken.json"
    path.write_text('{"name": "x"}')
    code, _, _ = run(["play", "tutorial", "--ruleset", str(path)])
    assert code == 2
    assert "ruleset file" in capsys.readouterr().err
