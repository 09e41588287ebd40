"""Bad input is refused before any work, with a clear message; bot errors and dead
workers are reported with what is needed to find them."""

from __future__ import annotations

import re

import pytest
from simkit import BadAt, Crashing, DieOnce, FirstLegal, run

import vvlab
from vvlab.bots import REGISTRY, BotError
from vvlab.sim import SimulationError
from vvlab.sim import run as run_module


@pytest.fixture
def no_work(monkeypatch):
    """Fail loudly if any chunk would be played."""

    def refuse(*args, **kwargs):
        raise AssertionError("work started")

    monkeypatch.setattr(run_module, "run_chunks", refuse)


BAD = [
    ({"games": 0}, ValueError, "games must be a whole number >= 1, got 0"),
    ({"games": -5}, ValueError, "games must be a whole number >= 1, got -5"),
    ({"games": 2.5}, ValueError, "games must be a whole number >= 1, got 2.5"),
    ({"games": True}, ValueError, "games must be a whole number >= 1, got True"),
    ({"players": 0}, ValueError, "players must be a whole number from 1 to 6, got 0"),
    ({"players": 7}, ValueError, "players must be a whole number from 1 to 6, got 7"),
    ({"seed": -1}, ValueError, "seed must be a whole number from 0 to"),
    ({"players": 2, "bots": ["random"] * 3}, ValueError, "3 bots for 2 players"),
    ({"bots": ["random", "random"]}, ValueError, "2 bots for 1 player: give one bot per"),
    ({"bots": "cautious"}, ValueError, "bot of player 0: unknown bot 'cautious'; bots: "),
    ({"bots": "random:depth=2"}, ValueError, "bot 'random' has no parameter depth"),
    ({"bots": 42}, TypeError, "a bot is a name, a bot object or a function"),
    ({"ruleset": "metrox"}, ValueError, "unknown ruleset 'metrox'; built-in rulesets: "),
    ({"workers": 0}, ValueError, "workers must be a whole number >= 1, got 0"),
    ({"chunk_blocks": 0}, ValueError, "chunk_blocks must be a whole number >= 1"),
    ({"engine": "numba"}, ValueError, "unknown engine 'numba'; engines: auto, reference, fast"),
    ({"bots": FirstLegal(), "engine": "fast"}, ValueError, "no fast path for bots"),
    ({"resume": True, "out": None}, ValueError, "resume=True needs out=FOLDER"),
    ({"client": object()}, TypeError, "client must be a dask.distributed.Client"),
    ({"city": "atlantis"}, vvlab.MapError, 'no built-in map "atlantis"'),
]
if "greedy" in REGISTRY:
    BAD.append(({"bots": "greedy:foo=1"}, ValueError, "bot 'greedy' has no parameter foo"))


@pytest.mark.parametrize(
    ("params", "error", "message"), BAD, ids=lambda x: re.sub(" at 0x[0-9a-f]+", "", repr(x))[:40]
)
def test_bad_input_is_refused_before_any_work(no_work, tmp_path, params, error, message):
    out = tmp_path / "never"
    with pytest.raises(error, match=re.escape(message)):
        run(**{"out": out, **params})
    assert not out.exists()


def test_unknown_bot_lists_the_bots(no_work):
    with pytest.raises(ValueError) as info:
        run(bots="cautious")
    assert all(name in str(info.value) for name in REGISTRY)


def test_unpicklable_bot_with_workers_says_use_workers_1(no_work):
    with pytest.raises(ValueError, match=r"cannot be sent to worker processes.*use workers=1"):
        run(players=2, bots=[lambda view, rng: view.legal_moves[0], "random"], workers=2)


def test_unpicklable_bot_plays_in_process():
    res = run(bots=lambda view, rng: view.legal_moves[0], games=20, workers=1)
    assert res.bots == ["<lambda>"]


def test_out_that_is_a_file(no_work, tmp_path):
    path = tmp_path / "file"
    path.write_text("x")
    with pytest.raises(ValueError, match="is a file, not a folder"):
        run(out=path)


def test_illegal_move_names_bot_player_turn_move_game_and_seed():
    with pytest.raises(BotError) as info:
        run(players=2, bots=["random", BadAt(game=299, turn=3)], games=400, seed=9)
    text = str(info.value)
    assert "bot 'bad' (player 1) returned an illegal move on turn 3: Move(line='nope')" in text
    assert "no line 'nope' on this map" in text
    assert "in game 299 of the run (block 1, game 43 of the block), seed 9" in text


def test_illegal_move_in_a_worker_process_is_reported_the_same_way():
    with pytest.raises(BotError) as info:
        run(players=2, bots=[BadAt(turn=2), "random"], games=600, seed=9, workers=2)
    text = str(info.value)
    assert "bot 'bad' (player 0) returned an illegal move on turn 2: Move(line='nope')" in text
    assert re.search(r"in game \d+ of the run \(block \d, game 0 of the block\), seed 9", text)


def test_a_crashing_bot_is_a_bot_error_with_the_cause():
    with pytest.raises(BotError) as info:
        run(bots=Crashing(), games=10, seed=1)
    text = str(info.value)
    assert "bot 'crashing' (player 0) failed on turn 2: ZeroDivisionError" in text
    assert "game 0 of the run (block 0, game 0 of the block), seed 1" in text
    assert isinstance(info.value.__cause__.__cause__, ZeroDivisionError)


def test_a_dead_worker_is_reported_with_its_chunk_and_finished_blocks_kept(tmp_path):
    flag, out = tmp_path / "died", tmp_path / "out"
    params = {"players": 2, "games": 256 * 8, "seed": 3, "workers": 2, "chunk_blocks": 1}
    with pytest.raises(SimulationError) as info:
        run(**params, bots=DieOnce(str(flag)), out=out)
    text = str(info.value)
    found = re.search(r"a worker process died while playing block (\d) \(games (\d+)-(\d+)\)", text)
    assert found, text
    dead = int(found.group(1))
    assert (int(found.group(2)), int(found.group(3))) == (dead * 256, dead * 256 + 255)
    assert "kept in" in text and "resume=True" in text
    kept = sorted(int(p.stem[-6:]) for p in (out / "_blocks").glob("block-*.npz"))
    assert kept == info.value.finished_blocks and dead not in kept
    resumed = run(**params, bots=DieOnce(str(flag)), out=out, resume=True)
    assert resumed.equals(run(**params, bots=DieOnce(str(flag))))
