"""Nothing a user has is destroyed: every writer refuses what is not a regular file,
a read-only file, and (unless asked) an existing file; the check comes before any work."""

from __future__ import annotations

import io
import os
import stat

import pytest

import vvlab
from vvlab.cli import main
from vvlab.model.files import WriteRefused, atomic_write
from vvlab.model.io import save_map
from vvlab.viz import report as report_module

root_only = pytest.mark.skipif(
    not hasattr(os, "geteuid") or os.geteuid() != 0, reason="creating a device needs root"
)


@pytest.fixture
def city():
    return vvlab.load_map("tutorial")


def run_cli(*argv: str) -> tuple[int, str]:
    out = io.StringIO()
    return main(list(argv), out=out), out.getvalue()


@root_only
def test_a_device_is_never_replaced(tmp_path, city, capsys):
    device = tmp_path / "null"
    os.mknod(device, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    mode = device.stat().st_mode
    with pytest.raises(WriteRefused, match="character device"):
        city.save(device)
    code, _ = run_cli("report", "tutorial", "--games", "5", "--out", str(device), "--force")
    assert code == 2
    assert "character device" in capsys.readouterr().err
    assert device.stat().st_mode == mode and stat.S_ISCHR(mode)


@pytest.mark.parametrize("kind", ["fifo", "folder"])
def test_a_fifo_or_a_folder_is_refused(tmp_path, city, kind):
    target = tmp_path / "target.json"
    if kind == "fifo":
        os.mkfifo(target)
    else:
        target.mkdir()
    with pytest.raises(WriteRefused, match="FIFO" if kind == "fifo" else "folder"):
        city.save(target)
    assert (stat.S_ISFIFO if kind == "fifo" else stat.S_ISDIR)(target.stat().st_mode)


def test_a_read_only_file_is_refused_even_for_root(tmp_path, city):
    target = tmp_path / "mine.json"
    target.write_text("my work")
    target.chmod(0o444)
    with pytest.raises(WriteRefused, match="read-only"):
        city.save(target)
    assert target.read_text() == "my work"


def test_save_replaces_a_regular_file_and_follows_links(tmp_path, city):
    real = tmp_path / "real.json"
    real.write_text("old")
    link = tmp_path / "link.json"
    link.symlink_to(real)
    city.save(link)
    assert link.is_symlink() and vvlab.load_map(real) == city
    with pytest.raises(FileExistsError):
        save_map(city, real, overwrite=False)


def test_new_writers_refuse_an_existing_file_unless_asked(tmp_path):
    target = tmp_path / "notes.txt"
    atomic_write(target, "first")
    with pytest.raises(FileExistsError, match="overwrite=True"):
        atomic_write(target, "second")
    assert atomic_write(target, "second", overwrite=True).read_text() == "second"


def test_report_refuses_an_existing_file_before_playing(tmp_path, monkeypatch, capsys):
    mine = tmp_path / "mymap.json"
    mine.write_text('{"my": "map"}')

    def no_build(*args, **kwargs):
        raise AssertionError("the report was built before its target was checked")

    monkeypatch.setattr(report_module, "build_report", no_build)
    code, _ = run_cli("report", "tutorial", "--games", "5", "--out", str(mine), "--force")
    assert code == 2
    assert "vvlab report writes HTML (.html)" in capsys.readouterr().err
    assert mine.read_text() == '{"my": "map"}'
    page = tmp_path / "mine.html"
    page.write_text("my page")
    code, _ = run_cli("report", "tutorial", "--games", "5", "--out", str(page))
    assert code == 2
    assert capsys.readouterr().err.endswith("mine.html exists (give --force to replace it)\n")
    assert page.read_text() == "my page"
    with pytest.raises(FileExistsError):
        report_module.write_report(mine, "tutorial", games=5)


def test_report_force_replaces_the_file(tmp_path):
    target = tmp_path / "report.html"
    target.write_text("old report")
    code, text = run_cli("report", "tutorial", "--games", "20", "--workers", "1",
                         "--hindsight-games", "0", "--no-progress", "--out", str(target),
                         "--force")  # fmt: skip
    assert code == 0 and "report written" in text
    assert target.read_text().startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("out", ["{folder}", "/proc/vvlab-report.html"])
def test_report_into_a_folder_or_proc_is_a_message(tmp_path, capsys, out):
    code, _ = run_cli("report", "tutorial", "--games", "5", "--out", out.format(folder=tmp_path))
    err = capsys.readouterr().err
    assert code == 2 and err.startswith("vvlab report: ") and "Traceback" not in err


def test_ctrl_c_while_the_report_is_built_is_a_message(tmp_path, monkeypatch, capsys):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(report_module, "build_report", interrupted)
    target = tmp_path / "r.html"
    code, _ = run_cli("report", "tutorial", "--games", "5", "--out", str(target))
    assert code == 130
    assert "nothing was written" in capsys.readouterr().err
    assert not target.exists() and list(tmp_path.iterdir()) == []


def test_save_ruleset_refuses_an_existing_file_and_a_fifo(tmp_path):
    from vvlab.engine.rulesets import get_ruleset, load_ruleset, save_ruleset

    rules, target = get_ruleset("metro-x"), tmp_path / "house.json"
    target.write_text("my rules")
    with pytest.raises(FileExistsError):
        save_ruleset(rules, target)
    assert target.read_text() == "my rules"
    save_ruleset(rules, target, overwrite=True)
    assert load_ruleset(target) == rules
    fifo = tmp_path / "pipe.json"
    os.mkfifo(fifo)
    with pytest.raises(WriteRefused, match="FIFO"):
        save_ruleset(rules, fifo, overwrite=True)
