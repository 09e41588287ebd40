"""A full disk, an unwritable run folder or Ctrl-C before the first game: a message that
says what was kept (and how to go on), never a traceback."""

from __future__ import annotations

import errno
import io
import os
from pathlib import Path

import pytest

from vvlab.cli import main
from vvlab.sim import SimulationError, SimulationInterrupted, simulate
from vvlab.sim import run as run_module
from vvlab.sim.store import BlockStore

PARAMS = {"city": "tutorial", "games": 256 * 6, "seed": 2, "engine": "reference"}
ARGV = ["simulate", "tutorial", "--games", "1536", "--seed", "2", "--engine", "reference"]
FULL = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))


def run(**kwargs):
    """``simulate`` quietly; a bare ``KeyboardInterrupt`` fails the test instead of
    stopping pytest."""
    try:
        return simulate(**{**PARAMS, "workers": 1, "progress": False, **kwargs})
    except KeyboardInterrupt as err:
        if isinstance(err, SimulationInterrupted):
            raise
        pytest.fail(f"a bare KeyboardInterrupt escaped: {err!r}")


def cli(argv, capsys):
    """``vvlab ARGV``: the exit status and stderr (a bare ``KeyboardInterrupt`` fails)."""
    try:
        code = main(argv, out=io.StringIO())
    except KeyboardInterrupt as err:
        pytest.fail(f"a bare KeyboardInterrupt escaped: {err!r}")
    return code, capsys.readouterr().err


def blocks_on_disk(out: Path) -> list[int]:
    return sorted(int(p.stem.split("-")[1]) for p in out.glob("_blocks/block-*.npz"))


@pytest.fixture
def disk_full_after(monkeypatch):
    """``disk_full_after(n)``: the store writes ``n`` blocks, then the disk is full."""

    def patch(n: int) -> None:
        save = BlockStore.save
        written: list[int] = []

        def save_until_full(self, records):
            for record in records:
                if len(written) >= n:
                    raise FULL
                save(self, [record])
                written.append(record.block)

        monkeypatch.setattr(BlockStore, "save", save_until_full)

    return patch


@pytest.mark.parametrize("workers", [1, 2])
def test_a_full_disk_while_saving_blocks_says_what_was_kept(
    tmp_path, monkeypatch, disk_full_after, workers
):
    out = tmp_path / "run"
    disk_full_after(2)
    with pytest.raises(SimulationError) as info:
        run(out=out, workers=workers, chunk_blocks=1)
    text = str(info.value)
    assert "No space left on device" in text, text
    assert "2 of 6 blocks (512 of 1536 games) are finished and kept in" in text, text
    assert "resume=True" in text
    assert info.value.finished_blocks == blocks_on_disk(out) and len(blocks_on_disk(out)) == 2
    monkeypatch.undo()
    assert run(out=out, resume=True).equals(run())


def test_a_full_disk_while_writing_the_results_keeps_every_block(tmp_path, monkeypatch):
    out = tmp_path / "run"

    def full(self, *args):
        raise FULL

    monkeypatch.setattr(BlockStore, "finish", full)
    with pytest.raises(SimulationError) as info:
        run(out=out)
    text = str(info.value)
    assert f"cannot write the results to {out}" in text and "No space left" in text, text
    assert "all 6 blocks are finished and kept" in text and "resume=True" in text, text
    monkeypatch.undo()
    resumed = run(out=out, resume=True)
    assert resumed.metadata["execution"]["resumed_blocks"] == 6
    assert resumed.equals(run())


def test_the_command_line_reports_a_full_disk_with_a_message(tmp_path, disk_full_after, capsys):
    out = tmp_path / "run"
    disk_full_after(1)
    code, err = cli([*ARGV, "--workers", "1", "--out", str(out), "--no-progress"], capsys)
    assert code == 1
    # the note of a first run after an install (the simulator compiling) may come first
    lines = [line for line in err.splitlines() if not line.startswith("vvlab: compiling")]
    assert lines[0].startswith("vvlab simulate: cannot write block 1 ") and "Traceback" not in err
    assert "1 of 6 blocks" in err and "--resume" in err and len(lines) == 1, err


@pytest.fixture
def read_only(monkeypatch):
    """``read_only(folder)``: no folder can be made in ``folder`` (as if it were not
    writable; tests may run as root, whom permissions do not stop)."""

    def patch(folder: Path) -> None:
        mkdir = Path.mkdir

        def refuse(self, *args, **kwargs):
            if Path(os.path.abspath(self)).parent == Path(os.path.abspath(folder)):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(self))
            return mkdir(self, *args, **kwargs)

        monkeypatch.setattr(Path, "mkdir", refuse)

    return patch


def test_an_out_folder_that_cannot_be_made(tmp_path, read_only, capsys):
    read_only(tmp_path)
    out = tmp_path / "run"
    with pytest.raises(SimulationError, match=f"cannot write the run folder {out}: Permission"):
        run(out=out)
    code, err = cli([*ARGV, "--out", str(out)], capsys)
    assert code == 1 and err.startswith(f"vvlab simulate: cannot write the run folder {out}")
    assert "--out" in err and "out=" not in err and "Traceback" not in err, err


def test_an_unwritable_default_data_folder(tmp_path, monkeypatch, read_only, capsys):
    monkeypatch.chdir(tmp_path)
    read_only(Path("."))
    code, err = cli(ARGV, capsys)
    assert code == 1, err
    folder = os.path.join("data", "tutorial-1p-1536g-seed2.parquet")
    assert err.startswith(f"vvlab simulate: cannot write the run folder {folder}"), err
    assert "Permission denied" in err and "--out" in err and "Traceback" not in err


def test_ctrl_c_while_planning_is_an_interruption(tmp_path, monkeypatch, capsys):
    def planning(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(run_module, "plan_chunks", planning)
    with pytest.raises(SimulationInterrupted, match="simulation interrupted"):
        run()
    code, err = cli([*ARGV, "--out", str(tmp_path / "run")], capsys)
    assert code == 130
    assert err.startswith("\nvvlab simulate: simulation interrupted") and "Traceback" not in err
