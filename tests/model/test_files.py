"""The one atomic writer: all or nothing, permissions kept, no temporary files left."""

from __future__ import annotations

import os

import pytest

import vvlab
from vvlab.model import files
from vvlab.model.files import atomic_path, atomic_write


def test_a_failed_write_leaves_the_old_file_and_no_temporary(tmp_path):
    target = tmp_path / "city.json"
    target.write_text("old")
    with pytest.raises(RuntimeError), atomic_path(target, overwrite=True) as tmp:
        tmp.write_text("half a fi")
        raise RuntimeError("crash")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["city.json"]


def test_existing_permissions_are_kept_and_new_files_get_0644(tmp_path):
    target = tmp_path / "a.txt"
    target.write_text("x")
    target.chmod(0o600)
    atomic_write(target, "y", overwrite=True)
    assert (target.read_text(), target.stat().st_mode & 0o777) == ("y", 0o600)
    fresh = atomic_write(tmp_path / "b.bin", b"\x00")
    assert fresh.stat().st_mode & 0o777 == 0o644


def test_the_file_is_synced_before_the_rename(tmp_path, monkeypatch):
    order = []
    monkeypatch.setattr(files, "_sync_file", lambda path: order.append(("sync", path.name)))
    real_replace = os.replace

    def replace(source, target):
        order.append(("rename", os.path.basename(source)))
        real_replace(source, target)

    monkeypatch.setattr(files.os, "replace", replace)
    atomic_write(tmp_path / "m.json", "{}")
    assert [step for step, _ in order] == ["sync", "rename"]
    assert order[0][1] == order[1][1]


def test_maps_run_folders_and_reports_use_it(tmp_path, monkeypatch):
    written = []
    real = files.atomic_path

    def spy(path, overwrite=False):
        written.append(os.path.basename(path))
        return real(path, overwrite)

    monkeypatch.setattr(files, "atomic_path", spy)
    vvlab.load_map("tutorial").save(tmp_path / "t.json")
    vvlab.simulate("tutorial", games=5, workers=1, progress=False, out=tmp_path / "run")
    assert "t.json" in written
    assert {"run.json", "metadata.json"} <= set(written)
