"""``simulate(progress=callable, cancel=...)``: progress reaches every caller, a cancel
flag stops a run between blocks (in process and in a process pool), keeps what was
finished, and a resumed run equals the uninterrupted one."""

from __future__ import annotations

import threading

import pytest
from simkit import run

from vvlab.sim import SimulationCancelled, SimulationError

PARAMS = {"players": 2, "games": 1500, "seed": 7}  # 6 blocks, the last one partial


def test_progress_callable_counts_games_up_to_the_total():
    seen = []
    res = run(**PARAMS, progress=lambda done, total: seen.append((done, total)))
    assert [d for d, _ in seen] == [256, 512, 768, 1024, 1280, 1500]
    assert {t for _, t in seen} == {1500}
    assert res.equals(run(**PARAMS))


def test_cancel_between_blocks_in_process_carries_the_finished_blocks():
    stop, seen = threading.Event(), []

    def progress(done, total):
        seen.append(done)
        if done >= 512:
            stop.set()

    with pytest.raises(SimulationCancelled) as info:
        run(**PARAMS, progress=progress, cancel=stop)
    err = info.value
    assert isinstance(err, SimulationError)
    assert err.finished_blocks == [0, 1]
    assert [r.block for r in err.records] == [0, 1]
    assert seen == [256, 512]
    assert "2 of 6 blocks (512 of 1500 games)" in str(err)


def test_cancel_accepts_a_callable_and_rejects_other_types():
    with pytest.raises(SimulationCancelled) as info:
        run(**PARAMS, cancel=lambda: True)
    assert info.value.finished_blocks == []
    with pytest.raises(TypeError, match=r"cancel must be a threading\.Event"):
        run(**PARAMS, cancel=True)
    with pytest.raises(TypeError, match="progress must be True, False or a callable"):
        run(**PARAMS, progress="yes")


def test_cancelled_run_keeps_blocks_in_out_and_resume_equals_whole(tmp_path):
    whole = run(**PARAMS)
    out = tmp_path / "run"
    stop = threading.Event()

    def progress(done, total):
        if done >= 768:
            stop.set()

    with pytest.raises(SimulationCancelled) as info:
        run(**PARAMS, out=out, progress=progress, cancel=stop)
    assert "resume=True" in str(info.value)
    kept = sorted(int(p.stem.split("-")[1]) for p in (out / "_blocks").glob("block-*.npz"))
    assert kept == [0, 1, 2]
    resumed = run(**PARAMS, out=out, resume=True)
    assert resumed.metadata["execution"]["resumed_blocks"] == 3
    assert resumed.equals(whole)


def test_cancel_stops_a_process_pool():
    stop = threading.Event()
    seen = []

    def progress(done, total):
        seen.append(done)
        stop.set()

    params = {"players": 1, "games": 256 * 16, "seed": 3, "bots": ["greedy"], "engine": "reference"}
    with pytest.raises(SimulationCancelled) as info:
        run(**params, workers=2, chunk_blocks=1, progress=progress, cancel=stop)
    err = info.value
    assert 1 <= len(err.finished_blocks) < 16
    assert len(seen) >= 1
    whole = run(**params)
    by_block = {r.block: r for r in err.records}
    expected = whole.games.groupby(whole.games["game"] // 256)["score"].sum()
    for block, record in by_block.items():
        assert int(record.score.sum()) == int(expected[block])
