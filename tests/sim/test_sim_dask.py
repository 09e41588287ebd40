"""A real Dask LocalCluster gives the serial result; an unreachable scheduler is an error."""

from __future__ import annotations

import io
import time

import pytest
from simkit import run

from vvlab.cli import main
from vvlab.sim import SimulationError, connect_scheduler

distributed = pytest.importorskip("distributed")

UNREACHABLE = "tcp://127.0.0.1:9"  # the discard port: nothing listens there


@pytest.fixture(scope="module")
def client():
    cluster = distributed.LocalCluster(
        n_workers=2, processes=True, threads_per_worker=1, dashboard_address=":0"
    )
    with cluster, distributed.Client(cluster) as dask_client:
        yield dask_client


def test_dask_equals_serial(client):
    serial = run(players=2, games=700, seed=5)
    on_dask = run(players=2, games=700, seed=5, client=client, workers=None)
    assert on_dask.metadata["execution"]["executor"] == "dask"
    assert on_dask.metadata["execution"]["workers"] == 2
    assert on_dask.equals(serial)
    assert run(players=2, games=700, seed=5, client=client, chunk_blocks=2).equals(serial)


def test_dask_keeps_blocks_in_out(client, tmp_path):
    res = run(players=1, games=600, seed=3, client=client, out=tmp_path / "r")
    assert res.equals(run(players=1, games=600, seed=3))
    assert (tmp_path / "r" / "games.parquet").is_file()


def test_unreachable_scheduler_is_a_clear_error_not_a_hang():
    start = time.monotonic()
    with pytest.raises(SimulationError, match=f"cannot reach the Dask scheduler at {UNREACHABLE}"):
        connect_scheduler(UNREACHABLE, timeout=1)
    assert time.monotonic() - start < 15


def test_cli_unreachable_scheduler(tmp_path, capsys):
    argv = [
        "simulate",
        "tutorial",
        "--games",
        "10",
        "--scheduler",
        UNREACHABLE,
        "--scheduler-timeout",
        "1",
        "--out",
        str(tmp_path / "r"),
    ]
    assert main(argv, out=io.StringIO()) == 1
    assert "cannot reach the Dask scheduler" in capsys.readouterr().err


def test_dask_run_can_be_cancelled(client):
    import threading

    from vvlab.sim import SimulationCancelled

    stop = threading.Event()

    def progress(done, total):
        stop.set()

    with pytest.raises(SimulationCancelled) as info:
        run(players=1, games=256 * 12, seed=4, client=client, chunk_blocks=1,
            engine="reference", bots=["greedy"], progress=progress, cancel=stop)  # fmt: skip
    assert 1 <= len(info.value.finished_blocks) < 12
    assert sorted(r.block for r in info.value.records) == info.value.finished_blocks
