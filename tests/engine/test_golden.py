"""Golden transcript of one seeded game, diffed line by line.

Set VVLAB_UPDATE_GOLDEN=1 to rewrite the file after a deliberate change, then review the
diff in version control.
"""

import difflib
import os
from pathlib import Path

import numpy as np
import pytest

import vvlab
from vvlab import Game

GOLDEN = Path(__file__).parent.parent / "golden"


def play_seeded(name: str, players: int, seed: int, ruleset: str) -> Game:
    """A seeded game where each player picks a uniformly random legal move."""
    rng = np.random.default_rng(seed)
    game = Game(name, players=players, seed=seed, ruleset=ruleset)
    while not game.is_over:
        game.play([rng.choice(game.legal_moves(p)) for p in range(players)])
    return game


@pytest.mark.parametrize(
    ("name", "players", "seed", "ruleset"),
    [("tutorial", 2, 7, "voll-verplant"), ("tutorial", 3, 2026, "metro-x")],
)
def test_golden_transcript(name, players, seed, ruleset):
    text = play_seeded(name, players, seed, ruleset).transcript()
    path = GOLDEN / f"{name}-{players}p-seed{seed}-{ruleset}.txt"
    if os.environ.get("VVLAB_UPDATE_GOLDEN"):
        path.write_text(text, encoding="utf-8")
    expected = path.read_text(encoding="utf-8")
    diff = "".join(
        difflib.unified_diff(expected.splitlines(True), text.splitlines(True), "golden", "now")
    )
    assert text == expected, f"transcript differs from {path.name}:\n{diff}"


def test_transcript_names_everything():
    game = play_seeded("tutorial", 2, 7, "voll-verplant")
    text = game.transcript()
    assert text.startswith("Tutorial (tutorial), ruleset voll-verplant, 2 players, seed 7")
    assert text.count("\nTurn ") == game.turn
    for p in range(2):
        assert f"P{p + 1}: {game.score(p)}" in text
    assert "Winner: " in text


def test_history_replays_to_the_same_state():
    game = play_seeded("tutorial", 3, 5, "metro-x")
    record = game.to_record()
    again = Game.from_record(record)
    assert again.state() == game.state()
    assert again.transcript() == game.transcript()
    scripted = dict(record, seed=None)  # replay from the recorded cards alone
    assert Game.from_record(scripted).sheets[0].state() == game.sheets[0].state()


def test_record_that_does_not_replay_is_refused():
    game = play_seeded("tutorial", 1, 5, "voll-verplant")
    record = game.to_record()
    record["cards"][0] = vvlab.Card.free().to_dict()
    with pytest.raises(vvlab.GameError, match="does not replay"):
        Game.from_record(record)
