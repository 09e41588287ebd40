"""Same seed, same frames: whatever the workers, chunks, process pool or start method."""

from __future__ import annotations

import pandas as pd
import pytest
from simkit import FirstLegal, UniformLike, first_legal, run

import vvlab
from vvlab.bots import REGISTRY
from vvlab.sim import executors

BOT_SETS = [["random", "random"], [FirstLegal(), "random"]]
if "greedy" in REGISTRY:
    BOT_SETS.append(["greedy", "random"])


def test_same_seed_same_frames(two_player_run):
    again = run(players=2, games=700, seed=11)
    assert again.equals(two_player_run)
    other = run(players=2, games=700, seed=12)
    assert not other.equals(two_player_run)
    assert not other.games["score"].equals(two_player_run.games["score"])


@pytest.mark.parametrize("bots", BOT_SETS, ids=lambda b: ",".join(map(str, b)))
def test_serial_equals_process_pool_and_any_chunking(bots):
    serial = run(players=2, bots=bots, games=700, seed=5)
    pool = run(players=2, bots=bots, games=700, seed=5, workers=2)
    assert pool.metadata["execution"]["executor"] == "process pool"
    assert pool.equals(serial)
    for size in (2, 3):
        chunked = run(players=2, bots=bots, games=700, seed=5, workers=2, chunk_blocks=size)
        assert chunked.metadata["execution"]["chunk_blocks"] == size
        assert chunked.equals(serial)
    assert run(players=2, bots=bots, games=700, seed=5, chunk_blocks=2).equals(serial)


def test_process_pool_started_with_spawn(monkeypatch):
    """Workers get everything from their arguments: nothing from the parent's memory."""
    monkeypatch.setattr(executors, "MP_START_METHOD", "spawn")
    bots = [first_legal, UniformLike()]
    serial = run(players=2, bots=bots, games=600, seed=2)
    spawned = run(players=2, bots=bots, games=600, seed=2, workers=2)
    assert spawned.metadata["execution"]["executor"] == "process pool"
    assert spawned.equals(serial)


def test_first_games_of_a_bigger_run_equal_a_smaller_run(two_player_run):
    small = run(players=2, games=300, seed=11)
    big = two_player_run
    for name, key in (("games", "game"), ("lines", "game")):
        head = getattr(big, name)
        head = head[head[key] < 300].reset_index(drop=True)
        pd.testing.assert_frame_equal(head, getattr(small, name), check_exact=True)


def test_a_user_bot_that_plays_like_random_gives_the_random_frames():
    """Bots get the same generators whatever they are: only the label differs."""
    mine = run(players=2, bots=UniformLike(), games=300, seed=8)
    ref = run(players=2, bots="random", games=300, seed=8)
    cols = ["score", "bonus", "stars", "penalty", "empty", "turns", "rank"]
    assert mine.games[cols].equals(ref.games[cols])
    assert list(mine.games["bot"].cat.categories) == ["uniform-like"]


def test_bots_default_to_random_and_one_bot_plays_every_seat():
    default = run(players=3, games=50, seed=1)
    assert default.bots == ["random"] * 3
    assert run(players=3, bots="random", games=50, seed=1).equals(default)
    assert run(players=3, bots=["random"], games=50, seed=1).equals(default)
    assert vvlab.simulate(
        "tutorial", players=3, games=50, seed=1, workers=1, progress=False
    ).equals(default)


@pytest.mark.parametrize(
    "bots", [["greedy", "random"], ["lookahead:depth=1", "random"], ["rollout:samples=2"] * 2]
)
def test_fast_path_equals_reference_engine(bots):
    """engine="fast" (auto for built-in bots) gives the same frames as the reference."""
    kw = dict(players=2, bots=bots, games=300 if "greedy" in bots else 40, seed=4)
    fast, ref = run(engine="fast", **kw), run(engine="reference", **kw)
    assert fast.metadata["execution"]["engine"] == "fast"
    assert ref.metadata["execution"]["engine"] == "reference"
    assert fast.equals(ref)


def test_fast_path_with_a_process_pool_and_berlin():
    kw = dict(city="berlin", players=1, bots=["greedy"], games=600, seed=8)
    assert run(workers=2, chunk_blocks=1, **kw).equals(run(workers=1, **kw))
