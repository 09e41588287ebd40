"""Interrupting a run keeps every finished block; resuming plays only the rest and
gives exactly the uninterrupted result."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from simkit import run

import vvlab
from vvlab.sim import SimulationInterrupted, engines, fast
from vvlab.sim.blocks import play_block_reference


def blocks_on_disk(folder):
    return sorted(int(p.stem.split("-")[1]) for p in (folder / "_blocks").glob("block-*.npz"))


def patch_block_player(monkeypatch, interrupt_at=None):
    """Count block plays; raise KeyboardInterrupt on play number ``interrupt_at``."""
    calls = []

    def counting_with(player):
        def counting(city, ruleset, bots, seed, block, games):
            calls.append(block)
            if len(calls) == interrupt_at:
                raise KeyboardInterrupt
            return player(city, ruleset, bots, seed, block, games)

        return counting

    monkeypatch.setattr(engines, "play_block_reference", counting_with(play_block_reference))
    monkeypatch.setattr(fast, "play_block_fast_cached", counting_with(fast.play_block_fast_cached))
    return calls


def test_interrupt_then_resume_equals_an_uninterrupted_run(tmp_path, monkeypatch):
    params = {"players": 2, "games": 1500, "seed": 7}  # 6 blocks, the last one partial
    whole = run(**params)
    out = tmp_path / "run.parquet"
    patch_block_player(monkeypatch, interrupt_at=4)
    with pytest.raises(SimulationInterrupted) as info:
        run(**params, out=out)
    message = str(info.value)
    assert "3 of 6 blocks (768 of 1500 games)" in message
    assert str(out) in message and "resume=True" in message and "--resume" in message
    assert info.value.finished_blocks == [0, 1, 2]
    assert blocks_on_disk(out) == [0, 1, 2]
    assert (out / "run.json").is_file() and not (out / "games.parquet").exists()
    assert not list((out / "_blocks").glob("*.tmp"))

    calls = patch_block_player(monkeypatch)
    resumed = run(**params, out=out, resume=True)
    assert calls == [3, 4, 5]  # only the missing blocks are played
    assert resumed.equals(whole)
    assert resumed.metadata["execution"]["resumed_blocks"] == 3
    assert not (out / "_blocks").exists()  # the cache goes once the parquet files are there
    assert vvlab.SimulationResult.from_parquet(out).equals(whole)

    calls.clear()
    again = run(**params, out=out, resume=True)  # already complete: read back, nothing played
    assert calls == [] and again.equals(whole)


def test_interrupt_without_out_says_nothing_was_kept(monkeypatch):
    patch_block_player(monkeypatch, interrupt_at=2)
    with pytest.raises(SimulationInterrupted, match="not kept: give out=FOLDER"):
        run(games=600)


def test_resume_refuses_a_different_run(tmp_path, monkeypatch):
    out = tmp_path / "r"
    patch_block_player(monkeypatch, interrupt_at=2)
    with pytest.raises(SimulationInterrupted):
        run(players=2, games=600, seed=1, out=out)
    monkeypatch.undo()
    with pytest.raises(ValueError, match=r"different run \(seed: 1 there, 2 now\)"):
        run(players=2, games=600, seed=2, out=out, resume=True)
    with pytest.raises(ValueError, match="bots: random,random there, random,first"):
        from simkit import first_legal

        run(players=2, bots=["random", first_legal], games=600, seed=1, out=out, resume=True)
    with pytest.raises(ValueError, match="games: 600 there, 700 now"):
        run(players=2, games=700, seed=1, out=out, resume=True)
    with pytest.raises(FileExistsError, match="already exists and is not empty"):
        run(players=2, games=600, seed=1, out=out)
    assert blocks_on_disk(out) == [0]  # refused runs touched nothing
    assert run(players=2, games=600, seed=1, out=out, resume=True).equals(
        run(players=2, games=600, seed=1)
    )


def test_a_damaged_block_file_is_played_again(tmp_path, monkeypatch):
    out = tmp_path / "r"
    patch_block_player(monkeypatch, interrupt_at=3)
    with pytest.raises(SimulationInterrupted):
        run(games=800, seed=4, out=out)
    (out / "_blocks" / "block-000001.npz").write_bytes(b"not a zip file")
    calls = patch_block_player(monkeypatch)
    with pytest.warns(UserWarning, match=r"block-000001\.npz; their games are played again"):
        resumed = run(games=800, seed=4, out=out, resume=True)
    assert calls == [1, 2, 3]
    assert resumed.equals(run(games=800, seed=4))


def finish_leaving_the_block_cache(monkeypatch, out, **params):
    """A finished run whose process died (kill -9) while removing its block cache,
    and while writing a file again: the results are whole, ``_blocks/`` and a
    temporary file are left."""
    from types import SimpleNamespace

    from vvlab.sim import store

    monkeypatch.setattr(store, "shutil", SimpleNamespace(rmtree=lambda path, **kw: None))
    finished = run(**params, out=out)
    monkeypatch.undo()
    (out / ".games.parquet.k2x9.tmp").write_bytes(b"half a file")
    assert blocks_on_disk(out) == list(range(finished.metadata["games"] // 256 + 1))
    return finished


def test_resume_on_a_finished_run_removes_what_a_crash_left(tmp_path, monkeypatch):
    params = {"players": 2, "games": 600, "seed": 3}
    out = tmp_path / "r"
    finished = finish_leaving_the_block_cache(monkeypatch, out, **params)
    calls = patch_block_player(monkeypatch)
    with pytest.warns(UserWarning, match=r"removed what a crash left .*\(_blocks, \.games"):
        resumed = run(**params, out=out, resume=True)
    assert calls == [] and resumed.equals(finished)
    assert sorted(p.name for p in out.iterdir()) == [
        "games.parquet", "lines.parquet", "metadata.json", "run.json", "stations.parquet"
    ]  # fmt: skip


def test_what_a_crash_left_stays_beside_results_that_fail_their_checksum(tmp_path, monkeypatch):
    params = {"players": 2, "games": 600, "seed": 3}
    out = tmp_path / "r"
    finish_leaving_the_block_cache(monkeypatch, out, **params)
    data = bytearray((out / "lines.parquet").read_bytes())
    data[len(data) // 2] ^= 0xFF
    (out / "lines.parquet").write_bytes(bytes(data))
    with pytest.raises(vvlab.sim.RunFolderError, match=r"lines\.parquet is damaged"):
        run(**params, out=out, resume=True)
    assert blocks_on_disk(out) == [0, 1, 2]


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_sigint_stops_the_command_line_and_resume_finishes(tmp_path):
    """A real Ctrl-C (SIGINT) to ``vvlab simulate`` with a process pool."""
    out = tmp_path / "cli.parquet"
    # the reference engine keeps the run long enough for the signal to land mid-run
    argv = (
        "simulate tutorial --games 4000 --players 2 --seed 5 --bots random --workers 2"
        " --chunk-blocks 1 --engine reference"
    )
    argv = [*argv.split(), "--out", str(out), "--no-progress"]
    root = str(Path(vvlab.__file__).resolve().parents[1])
    env = dict(os.environ, PYTHONPATH=os.pathsep.join([root, os.environ.get("PYTHONPATH", "")]))
    proc = subprocess.Popen(
        [sys.executable, "-m", "vvlab", *argv],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        # a shell may start background jobs with SIGINT ignored: undo that for the child
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    deadline = time.monotonic() + 60
    while not list(out.glob("_blocks/block-*.npz")) and proc.poll() is None:
        assert time.monotonic() < deadline, "no block was written"
        time.sleep(0.01)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert "simulation interrupted" in err and "--resume" in err
    kept = blocks_on_disk(out)
    assert 1 <= len(kept) < 16
    resumed = run(players=2, games=4000, seed=5, out=out, resume=True, workers=2)
    assert resumed.metadata["execution"]["resumed_blocks"] == len(kept)
    assert resumed.equals(run(players=2, games=4000, seed=5, workers=2))


def test_resuming_a_run_killed_while_writing_its_results_leaves_only_the_results(tmp_path):
    params = {"players": 2, "games": 600, "seed": 3}
    out = tmp_path / "r"
    run(**params, out=out)
    kept = tmp_path / "kept"
    (out / "_blocks").mkdir()
    shutil.copytree(out, kept)  # the folder as a kill -9 during the results left it
    for name in ("metadata.json", "games.parquet"):
        (kept / name).rename(kept / f".{name}.x1y2.tmp")
    with pytest.raises(FileNotFoundError):
        vvlab.SimulationResult.from_parquet(kept)
    assert run(**params, out=kept, resume=True).equals(run(**params))
    assert not [p.name for p in kept.iterdir() if p.name.startswith((".", "_"))]
