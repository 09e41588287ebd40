"""Bounds on the work of a run: games, memory and worker processes are checked before
anything is played, and a run with ``out=`` keeps its memory bounded (blocks go to
disk, the frames are written in row groups and read back on first access)."""

from __future__ import annotations

import gc
import tracemalloc
import warnings
import weakref

import pyarrow.parquet as pq
import pytest

from vvlab import SimulationResult
from vvlab.sim import executors, simulate, store, worker
from vvlab.sim import run as run_module
from vvlab.sim.blocks import BlockRecord


def run(**kwargs):
    """``simulate`` on the tutorial map, serial and quiet."""
    return simulate(**{"city": "tutorial", "workers": 1, "progress": False, **kwargs})


class WorkStarted(Exception):
    """Raised instead of playing: the run got past every check."""


def refuse(*args, **kwargs):
    raise WorkStarted


# -- games ----------------------------------------------------------------------------
def test_games_above_the_limit_are_refused_before_anything(tmp_path, monkeypatch):
    monkeypatch.setattr(run_module, "block_player", refuse)
    for out in (None, tmp_path / "big"):
        with pytest.raises(ValueError, match=r"games=1,000,000,000,000 .*at most 1,000,000,000"):
            run(games=10**12, out=out)
    assert not (tmp_path / "big").exists()
    from vvlab.sim.params import MAX_GAMES

    assert MAX_GAMES == 10**9


def test_a_run_at_the_limit_with_out_plans_in_bounded_memory(tmp_path, monkeypatch):
    games = 10**9  # vvlab.sim.params.MAX_GAMES
    seen = {}

    def planned(task, chunks, on_done, workers, client=None, stop=None):
        seen["chunks"], seen["workers"] = chunks, workers
        raise WorkStarted

    monkeypatch.setattr(run_module, "run_chunks", planned)
    tracemalloc.start()
    try:
        with pytest.raises(WorkStarted):
            run(games=games, out=tmp_path / "big", workers=2)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert peak < 100 * 2**20  # a few bytes per block, not Python objects for each
    chunks, blocks = seen["chunks"], -(-games // 256)
    assert sum(len(c) for c in chunks[:3]) == 3 * len(chunks[0])
    assert chunks[0][0] == (0, 256)
    assert chunks[-1][-1] == (blocks - 1, games - (blocks - 1) * 256)
    assert sum(len(c) for c in chunks) == blocks
    assert (tmp_path / "big" / "run.json").is_file()


# -- memory ---------------------------------------------------------------------------
def test_a_run_without_out_whose_frames_would_not_fit_is_refused(tmp_path, monkeypatch):
    from vvlab.sim import memory

    monkeypatch.setattr(memory, "physical_memory", lambda: 10**9)
    monkeypatch.setattr(run_module, "run_chunks", refuse)
    with pytest.raises(ValueError) as info:
        run(games=10**7)
    text = str(info.value)
    assert "games=10,000,000" in text and "out=FOLDER" in text and "1.0 GB" in text
    assert "about 810 MB" in text  # 10**7 games x (29 + 4 lines x 13) bytes
    with pytest.raises(WorkStarted):  # with out= the frames go to disk: no limit
        run(games=10**7, out=tmp_path / "big")
    with pytest.raises(WorkStarted):  # and a run that fits goes ahead
        run(games=10**5)


def test_the_memory_estimate_is_the_size_of_the_frames():
    from vvlab.sim import memory
    from vvlab.sim.params import prepare_run

    for players, games in ((1, 300), (3, 700)):
        res = run(players=players, games=games, seed=1)
        spec = prepare_run("tutorial", players, None, games, 1, None)
        actual = sum(
            getattr(res, n).memory_usage(index=False, deep=True).sum()
            for n in ("games", "lines", "stations")
        )
        assert 0.95 < memory.frames_bytes(spec) / actual < 1.05


def test_physical_memory_has_a_fallback(monkeypatch):
    from vvlab.sim import memory

    assert memory.physical_memory() > 2**20

    def unknown(name):
        raise ValueError(name)

    monkeypatch.setattr(memory.os, "sysconf", unknown, raising=False)
    assert memory.physical_memory() == memory.FALLBACK_MEMORY


# -- workers --------------------------------------------------------------------------
@pytest.fixture
def serial_spy(monkeypatch):
    """Play every run in this process, recording the workers it was given."""
    seen = []

    def serial(task, chunks, on_done, workers, client=None, stop=executors.never):
        seen.append(workers)
        executors.run_serial(task, chunks, on_done, stop)
        return "serial"

    monkeypatch.setattr(run_module, "run_chunks", serial)
    return seen


def worker_warnings(call):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        result = call()
    return result, [str(w.message) for w in caught if "workers=" in str(w.message)]


@pytest.mark.parametrize(
    ("cores", "games", "useful", "reason"),
    [(2, 20_000, 2, "2 cores"), (64, 3 * 256, 3, "3 blocks")],
)
def test_workers_are_capped_at_cores_and_blocks(monkeypatch, serial_spy, cores, games, useful,
                                                reason):  # fmt: skip
    from vvlab.sim import params

    monkeypatch.setattr(params, "available_cores", lambda: cores)
    res, said = worker_warnings(lambda: run(games=games, workers=1000))
    assert serial_spy == [useful]
    assert len(said) == 1 and f"workers=1000 lowered to {useful}" in said[0] and reason in said[0]
    execution = res.metadata["execution"]
    assert execution["workers"] == useful and execution["workers_requested"] == 1000
    assert res.equals(run(games=games))


def test_the_default_workers_are_not_reported(monkeypatch, serial_spy):
    from vvlab.sim import params

    monkeypatch.setattr(params, "available_cores", lambda: 64)
    res, said = worker_warnings(lambda: run(games=600, workers=None))
    assert said == [] and serial_spy == [3]
    assert "workers_requested" not in res.metadata["execution"]


# -- bounded memory with out= ---------------------------------------------------------
def test_with_out_finished_blocks_do_not_pile_up_in_memory(tmp_path, monkeypatch):
    made: list[weakref.ref] = []
    play_block = worker.play_block

    def tracked(task, block, games):
        record = play_block(task, block, games)
        made.append(weakref.ref(record))
        return record

    def whole_frames(*args, **kwargs):
        raise AssertionError("the frames of the whole run were built in memory")

    counts = []

    def progress(done, total):
        gc.collect()
        counts.append(sum(ref() is not None for ref in made))

    monkeypatch.setattr(worker, "play_block", tracked)
    monkeypatch.setattr(SimulationResult, "from_records", whole_frames)
    monkeypatch.setattr(store, "record_cache_bytes", lambda: 0)  # no blocks kept in memory
    res = run(players=2, games=256 * 10, seed=4, out=tmp_path / "r", progress=progress)
    assert len(counts) == 10 and max(counts) <= 2
    monkeypatch.undo()
    assert res.equals(run(players=2, games=256 * 10, seed=4))


def test_frames_are_written_in_block_order_whatever_the_completion_order(tmp_path, monkeypatch):
    from vvlab.sim import streaming

    def backwards(task, chunks, on_done, workers, client=None, stop=executors.never):
        for chunk in reversed(list(chunks)):
            on_done(worker.play_chunk(task, chunk))
        return "serial"

    monkeypatch.setattr(streaming, "ROW_GROUP_ROWS", 1)  # one block per row group
    monkeypatch.setattr(run_module, "run_chunks", backwards)
    params = {"players": 2, "games": 256 * 5 + 10, "seed": 3}
    res = run(**params, out=tmp_path / "r", chunk_blocks=2)
    monkeypatch.undo()
    assert res.equals(run(**params))
    for name in ("games", "lines"):
        parquet = pq.ParquetFile(tmp_path / "r" / f"{name}.parquet")
        assert parquet.num_row_groups == 6
        firsts = [parquet.read_row_group(i, ["game"])["game"][0].as_py() for i in range(6)]
        assert firsts == [0, 256, 512, 768, 1024, 1280]


def test_from_parquet_reads_each_frame_on_first_access(tmp_path):
    folder = run(players=2, games=300, seed=2).to_parquet(tmp_path / "r")
    back = SimulationResult.from_parquet(folder)
    (folder / "lines.parquet").rename(tmp_path / "elsewhere.parquet")
    assert len(back.games) == 600 and back.players == 2
    with pytest.raises(FileNotFoundError, match=r"lines\.parquet"):
        back.lines  # noqa: B018
    (tmp_path / "elsewhere.parquet").rename(folder / "lines.parquet")
    assert len(back.lines) == 600 * 4


def test_a_process_pool_keeps_only_the_chunks_in_flight():
    from vvlab.sim import executors
    from vvlab.sim.blocks import BlockRecord
    from vvlab.sim.params import plan_chunks, prepare_run
    from vvlab.sim.worker import ChunkTask

    spec = prepare_run("tutorial", 1, ["random"], 256 * 24, 3, "voll-verplant")
    chunks = plan_chunks(spec, range(spec.blocks), 1)
    alive = []

    def records_alive() -> int:
        gc.collect()
        return sum(isinstance(o, BlockRecord) for o in gc.get_objects())

    def on_done(records):
        del records[:]
        alive.append(records_alive())

    before = records_alive()  # records that earlier tests in this process still hold
    executors.run_pool(ChunkTask.from_spec(spec, "auto"), chunks, on_done, workers=2)
    assert len(alive) == 24
    assert max(alive) - before <= executors.IN_FLIGHT * 2


def test_with_out_blocks_within_the_cache_budget_are_not_read_back(tmp_path, monkeypatch):
    reads = []
    read_block = store.read_block

    def counting(*args, **kwargs):
        reads.append(args[1])
        return read_block(*args, **kwargs)

    monkeypatch.setattr(store, "read_block", counting)
    one_block = store._nbytes(BlockRecord.empty_record(0, 256, 1, 4, 12))  # tutorial, solo
    monkeypatch.setattr(store, "record_cache_bytes", lambda: int(4.5 * one_block))
    res = run(games=256 * 10, seed=4, out=tmp_path / "r")
    assert reads == [4, 5, 6, 7, 8, 9]  # the first four came from memory
    assert res.equals(run(games=256 * 10, seed=4))
