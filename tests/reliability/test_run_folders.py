"""Run folders carry their run's identity and checksums: a block or a result file of
another run, a changed or damaged file, and folders of an older vvlab are refused with
a message naming the file, never mixed into a result."""

from __future__ import annotations

import hashlib
import io
import json
import shutil
import threading
from contextlib import redirect_stderr
from pathlib import Path

import numpy as np
import pyarrow.parquet as pq
import pytest

import vvlab
from vvlab import SimulationResult
from vvlab.model.io import map_json
from vvlab.sim import RunFolderError, SimulationCancelled, simulate

ROOT = Path(vvlab.__file__).resolve().parents[1]
SAMPLE = ROOT / "data" / "sample"
FRAME_FILES = ("games.parquet", "lines.parquet", "stations.parquet")


def run(**kwargs):
    """``simulate`` on the tutorial map, serial and quiet."""
    return simulate(**{"city": "tutorial", "workers": 1, "progress": False, **kwargs})


def keep_blocks(out: Path, blocks: int, **params) -> None:
    """Start a run in ``out`` and cancel it once ``blocks`` blocks are kept there."""
    stop = threading.Event()

    def progress(done, total):
        if done >= blocks * 256:
            stop.set()

    with pytest.raises(SimulationCancelled):
        run(**params, out=out, progress=progress, cancel=stop)


def block_file(out: Path, block: int) -> Path:
    return out / "_blocks" / f"block-{block:06d}.npz"


def rewrite_block(path: Path, change, checksum: bool = True) -> None:
    """Let ``change`` edit the members of a block file's archive and write them back,
    behind a checksum line that matches (``checksum=False``: a bare ``.npz``, as an
    older vvlab wrote)."""
    from vvlab.sim.blockfiles import verified_archive

    with np.load(io.BytesIO(verified_archive(path))) as data:
        members = {name: data[name] for name in data.files}
    change(members)
    archive = io.BytesIO()
    np.savez(archive, **members)
    line = f"vvlab-block/2 sha256={hashlib.sha256(archive.getvalue()).hexdigest()}\n"
    path.write_bytes((line.encode() if checksum else b"") + archive.getvalue())


PARAMS = {"games": 1500, "players": 2}  # 6 blocks, the last one partial


# -- blocks ---------------------------------------------------------------------------
def test_a_block_of_another_run_is_refused_on_resume(tmp_path):
    mine, theirs = tmp_path / "seed5", tmp_path / "seed6"
    keep_blocks(mine, 3, **PARAMS, seed=5)
    keep_blocks(theirs, 4, **PARAMS, seed=6)
    shutil.copy(block_file(theirs, 3), block_file(mine, 3))
    with pytest.raises(RunFolderError, match=r"block-000003\.npz belongs to another run") as info:
        run(**PARAMS, seed=5, out=mine, resume=True)
    assert isinstance(info.value, ValueError)
    assert Path(info.value.path) == block_file(mine, 3)
    assert "remove it" in str(info.value)
    assert not (mine / "games.parquet").exists()

    from vvlab.cli import main

    argv = [
        "simulate",
        "tutorial",
        "--players",
        "2",
        "--games",
        "1500",
        "--seed",
        "5",
        "--bots",
        "random",
    ]
    err = io.StringIO()
    with redirect_stderr(err):
        code = main([*argv, "--workers", "1", "--out", str(mine), "--resume", "--no-progress"])
    assert code != 0 and "block-000003.npz" in err.getvalue()

    block_file(mine, 3).unlink()  # what the message says: then resume plays it again
    assert run(**PARAMS, seed=5, out=mine, resume=True).equals(run(**PARAMS, seed=5))


def test_a_block_under_another_number_is_refused(tmp_path):
    out = tmp_path / "r"
    keep_blocks(out, 3, **PARAMS, seed=5)
    shutil.copy(block_file(out, 1), block_file(out, 3))
    with pytest.raises(RunFolderError, match=r"block-000003\.npz holds block 1"):
        run(**PARAMS, seed=5, out=out, resume=True)


def test_a_block_whose_numbers_changed_behind_a_matching_checksum_is_refused(tmp_path):
    out = tmp_path / "r"
    keep_blocks(out, 3, **PARAMS, seed=5)

    def add_a_point(members):
        members["score"] = members["score"] + 1

    rewrite_block(block_file(out, 2), add_a_point)
    with pytest.raises(RunFolderError, match=r"block-000002\.npz is damaged.*checksum"):
        run(**PARAMS, seed=5, out=out, resume=True)


def test_a_block_of_an_older_vvlab_is_refused_with_what_to_do(tmp_path):
    out = tmp_path / "r"
    keep_blocks(out, 3, **PARAMS, seed=5)
    rewrite_block(block_file(out, 0), lambda members: None, checksum=False)
    with pytest.raises(RunFolderError, match=r"block-000000\.npz was written by an older") as info:
        run(**PARAMS, seed=5, out=out, resume=True)
    assert f"remove {out / '_blocks'}" in str(info.value)


def flip_a_zip_header_byte(data: bytes) -> bytes:
    """The first entry's modification time changed: its data, and so its arrays, stay."""
    at = data.index(b"PK\x03\x04") + 10
    return data[:at] + bytes([data[at] ^ 0x01]) + data[at + 1 :]


@pytest.mark.parametrize(
    "damage",
    [lambda data: data[: len(data) // 2], lambda data: b"", flip_a_zip_header_byte],
    ids=["cut-short", "empty", "zip-header-byte"],
)
def test_a_block_file_that_fails_its_checksum_is_played_again_with_a_note(tmp_path, damage):
    out = tmp_path / "r"
    keep_blocks(out, 3, **PARAMS, seed=5)
    path = block_file(out, 1)
    path.write_bytes(damage(path.read_bytes()))
    with pytest.warns(UserWarning, match=r"cut short or changed.*block-000001\.npz.*played again"):
        resumed = run(**PARAMS, seed=5, out=out, resume=True)
    assert resumed.metadata["execution"]["resumed_blocks"] == 2  # blocks 0 and 2, not 1
    assert resumed.equals(run(**PARAMS, seed=5))


def test_a_block_file_damaged_after_resuming_started_is_refused_when_read(tmp_path):
    from vvlab.sim.params import prepare_run
    from vvlab.sim.store import BlockStore

    out = tmp_path / "r"
    keep_blocks(out, 3, **PARAMS, seed=5)
    spec = prepare_run("tutorial", 2, None, PARAMS["games"], 5, None)
    store = BlockStore.open(out, spec, resume=True)
    assert sorted(store.load(spec)) == [0, 1, 2]
    path = block_file(out, 2)
    path.write_bytes(flip_a_zip_header_byte(path.read_bytes()))
    with pytest.raises(RunFolderError, match=r"block-000002\.npz is damaged.*played again"):
        store.read(2)


# -- result files ---------------------------------------------------------------------
@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    """Two finished run folders that differ only in the seed (5 and 6)."""
    base = tmp_path_factory.mktemp("runs")
    params = {"players": 2, "games": 300}
    return {seed: (base / f"seed{seed}", run(**params, seed=seed, out=base / f"seed{seed}"))
            for seed in (5, 6)}  # fmt: skip


def copy_run(folder: Path, to: Path) -> Path:
    shutil.copytree(folder, to)
    return to


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_result_files_carry_the_run_identity_and_checksums(two_runs):
    from vvlab.sim.params import run_identity

    folder, res = two_runs[5]
    identity = run_identity(json.loads((folder / "run.json").read_text()))
    assert run_identity(res.metadata) == identity
    assert run_identity(two_runs[6][1].metadata) != identity
    manifest = json.loads((folder / "metadata.json").read_text())["manifest"]
    assert manifest["run_id"] == identity
    for name in FRAME_FILES:
        footer = json.loads(pq.read_schema(folder / name).metadata[b"vvlab"])
        assert footer == {"run_id": identity, "frame": name.split(".")[0]}
        assert manifest["files"][name]["sha256"] == sha256(folder / name)
    assert "manifest" not in SimulationResult.from_parquet(folder).metadata


def test_a_games_parquet_of_another_run_is_refused(two_runs, tmp_path):
    folder = copy_run(two_runs[5][0], tmp_path / "r")
    shutil.copy(two_runs[6][0] / "games.parquet", folder / "games.parquet")
    with pytest.raises(RunFolderError, match=r"games\.parquet belongs to another run") as info:
        SimulationResult.from_parquet(folder).games  # noqa: B018
    assert Path(info.value.path) == folder / "games.parquet"


def test_a_frame_file_under_another_name_is_refused(two_runs, tmp_path):
    folder = copy_run(two_runs[5][0], tmp_path / "r")
    shutil.copy(folder / "lines.parquet", folder / "games.parquet")
    with pytest.raises(RunFolderError, match=r"games\.parquet holds the lines frame"):
        SimulationResult.from_parquet(folder).games  # noqa: B018


@pytest.mark.parametrize("name", FRAME_FILES)
def test_flipped_bytes_in_a_result_file_are_refused(two_runs, tmp_path, name):
    folder = copy_run(two_runs[5][0], tmp_path / "r")
    data = bytearray((folder / name).read_bytes())
    data[len(data) // 3] ^= 0xFF
    (folder / name).write_bytes(bytes(data))
    with pytest.raises(RunFolderError, match=rf"{name} is damaged.*checksum"):
        SimulationResult.from_parquet(folder).equals(two_runs[5][1])


@pytest.mark.parametrize(
    "edit",
    [
        lambda m: m.update(seed=7),
        lambda m: m["map"]["stations"]["central"].update(name="Elsewhere"),
    ],
    ids=["seed", "map"],
)
def test_an_edited_metadata_json_is_refused(two_runs, tmp_path, edit):
    folder = copy_run(two_runs[5][0], tmp_path / "r")
    meta = json.loads((folder / "metadata.json").read_text())
    edit(meta)
    (folder / "metadata.json").write_text(json.dumps(meta))
    with pytest.raises(RunFolderError, match=r"metadata\.json .*changed"):
        SimulationResult.from_parquet(folder)


def test_a_result_folder_of_an_older_vvlab_is_refused_with_how_to_regenerate(two_runs, tmp_path):
    res = two_runs[5][1]
    old = tmp_path / "old"
    old.mkdir()
    for name in ("games", "lines", "stations"):
        getattr(res, name).to_parquet(old / f"{name}.parquet", index=False)
    (old / "metadata.json").write_text(json.dumps(res.metadata))
    with pytest.raises(RunFolderError, match=r"metadata\.json was written by an older") as info:
        SimulationResult.from_parquet(old)
    command = "vvlab simulate tutorial --players 2 --bots random,random --games 300 --seed 5"
    assert command in str(info.value) and "--ruleset voll-verplant" in str(info.value)


def test_resuming_a_finished_folder_refuses_results_of_another_run(two_runs, tmp_path):
    folder = copy_run(two_runs[5][0], tmp_path / "r")
    for name in (*FRAME_FILES, "metadata.json"):
        shutil.copy(two_runs[6][0] / name, folder / name)
    with pytest.raises(RunFolderError, match=r"metadata\.json belongs to another run"):
        run(players=2, games=300, seed=5, out=folder, resume=True)
    assert run(players=2, games=300, seed=5, out=two_runs[5][0], resume=True).equals(two_runs[5][1])


def test_a_round_trip_keeps_the_checks(two_runs, tmp_path):
    back = SimulationResult.from_parquet(two_runs[5][0])
    again = back.to_parquet(tmp_path / "again")
    assert SimulationResult.from_parquet(again).equals(two_runs[5][1])
    assert SimulationResult.from_parquet(again).metadata == back.metadata


# -- the sample data ------------------------------------------------------------------
def test_the_sample_data_are_in_the_checked_format():
    index = json.loads((SAMPLE / "index.json").read_text())["runs"]
    assert len(index) == len([p for p in SAMPLE.iterdir() if p.is_dir()])
    for entry in index:
        folder = SAMPLE / entry["name"]
        assert "manifest" in json.loads((folder / "metadata.json").read_text()), folder
        res = SimulationResult.from_parquet(folder)
        assert len(res.games) == entry["games"] * entry["players"]
        city = vvlab.load_map(entry["city"])  # the map as shipped now, not an older one
        shipped = hashlib.sha256(map_json(city).encode()).hexdigest()
        assert res.metadata["map_sha256"] == shipped, (
            f"{folder.name} was played on an older {city.name}: python scripts/make_data.py"
        )
    entry = next(e for e in index if e["name"] == "amsterdam-1p-random-voll-verplant")
    fresh = simulate("amsterdam", 1, ["random"], entry["games"], seed=entry["seed"],
                     ruleset=entry["ruleset"], workers=1, progress=False)  # fmt: skip
    assert SimulationResult.from_parquet(SAMPLE / entry["name"]).equals(fresh)


def test_ctrl_c_while_writing_the_results_keeps_every_block(tmp_path, monkeypatch):
    from vvlab.sim import SimulationInterrupted, store

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    out = tmp_path / "r"
    monkeypatch.setattr(store, "write_run", interrupted)
    with pytest.raises(SimulationInterrupted, match="while writing the results") as info:
        run(**PARAMS, seed=5, out=out)
    assert info.value.finished_blocks == list(range(6))
    assert not (out / "metadata.json").exists()
    monkeypatch.undo()
    resumed = run(**PARAMS, seed=5, out=out, resume=True)
    assert resumed.metadata["execution"]["resumed_blocks"] == 6
    assert resumed.equals(run(**PARAMS, seed=5))
