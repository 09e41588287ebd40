"""Every command that writes a file (``import-gtfs``, ``sheet``, ``cards``, ``tune``,
``report``) says a full disk, a folder, a wrong ending or a link to nowhere in one line
that names the file, and keeps the old file."""

from __future__ import annotations

import errno
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest
from gtfskit import PRAGUE

import vvlab
from vvlab.cli import main
from vvlab.model import files

QUICK_TUNE = "--bots greedy --games 20 --max-evaluations 1 --no-progress"
COMMANDS = {
    "import-gtfs": ["import-gtfs", str(PRAGUE), "--routes", "A"],
    "sheet": ["sheet", "tutorial"],
    "cards": ["cards"],
    "tune": ["tune", "tutorial", *QUICK_TUNE.split()],
    "report": ["report", "tutorial", "--games", "10", "--hindsight-games", "0", "--no-progress"],
}
"""Each writing command, quick, without its ``--out``."""
ENDING = {"import-gtfs": ".json", "sheet": ".pdf", "cards": ".pdf", "tune": ".json",
          "report": ".html"}  # fmt: skip


def cli(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    """``vvlab ARGV`` in this process: the exit status and what it said on stderr."""
    code = main(argv, out=io.StringIO())
    return code, capsys.readouterr().err


@pytest.fixture
def full_disk(monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk fills up while a file is synced (after its bytes were written)."""

    def full(path: Path) -> None:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(files, "_sync_file", full)


@pytest.mark.parametrize("force", [False, True])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_full_disk_is_one_line_naming_the_file(command, force, tmp_path, full_disk, capsys):
    out = tmp_path / f"old{ENDING[command]}"
    if force:
        out.write_text("the old file\n")
    code, err = cli([*COMMANDS[command], "--out", str(out), *(["--force"] * force)], capsys)
    assert code == 1, err
    kept = "the old file is kept" if force else "nothing was written"
    assert err == f"vvlab {command}: cannot write {out}: No space left on device; {kept}\n"
    assert out.read_text() == "the old file\n" if force else not out.exists()
    assert [p.name for p in tmp_path.iterdir()] == ([out.name] if force else [])


WRAPPER = """
import errno, os, sys
def full(fd):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
os.fsync = full
from vvlab.cli import main
sys.exit(main(sys.argv[1:]))
"""
"""``python -m vvlab`` on a disk that is full when a file is synced."""


def test_a_full_disk_in_a_real_process_keeps_the_old_sheet(tmp_path):
    out = tmp_path / "tutorial.pdf"
    out.write_bytes(b"%PDF old")
    root = str(Path(vvlab.__file__).resolve().parents[1])
    done = subprocess.run(
        [sys.executable, "-c", WRAPPER, "sheet", "tutorial", "--out", str(out), "--force"],
        capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=root), timeout=300,
    )  # fmt: skip
    assert done.returncode == 1, done.stderr
    assert done.stderr == f"vvlab sheet: cannot write {out}: No space left on device; " \
        "the old file is kept\n"  # fmt: skip
    assert out.read_bytes() == b"%PDF old" and len(list(tmp_path.iterdir())) == 1


@pytest.mark.parametrize("command", COMMANDS)
def test_an_out_folder_is_refused_with_a_file_name_to_give(command, tmp_path, capsys):
    for out in (f"{tmp_path}/new/", str(tmp_path)):
        code, err = cli([*COMMANDS[command], "--out", out], capsys)
        assert code == 2
        assert err.startswith(f"vvlab {command}: --out {out} names a folder: give a file name, ")
        assert err.count("\n") == 1 and os.path.join(out, "") in err
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", COMMANDS)
def test_help_says_what_out_takes(command, capsys):
    with pytest.raises(SystemExit):
        main([command.split()[0], "--help"])
    said = " ".join(capsys.readouterr().out.split())
    assert f"a file ending in {ENDING[command]}" in said
    assert "(a folder, or a name ending in /, is refused)" in said


@pytest.mark.parametrize("command", COMMANDS)
def test_an_ending_of_another_format_is_refused(command, tmp_path, capsys):
    out = tmp_path / "x.png"
    code, err = cli([*COMMANDS[command], "--out", str(out)], capsys)
    assert code == 2 and not out.exists()
    assert err.startswith(f"vvlab {command}: --out {out}: vvlab {command} writes ")
    assert f"({ENDING[command]})" in err and "give a file name ending in" in err


def test_a_sheet_as_svg_is_still_written(tmp_path, capsys):
    code, _ = cli(["sheet", "tutorial", "--out", str(tmp_path / "t.SVG")], capsys)
    assert code == 0 and (tmp_path / "t.SVG").read_text().startswith("<?xml")


@pytest.mark.parametrize("command", COMMANDS)
def test_a_link_to_nowhere_is_said_in_words(command, tmp_path, capsys):
    link = tmp_path / f"link{ENDING[command]}"
    link.symlink_to(tmp_path / "gone" / f"x{ENDING[command]}")
    code, err = cli([*COMMANDS[command], "--out", str(link)], capsys)
    assert code == 2, err
    assert err == f"vvlab {command}: {link} is a link to {tmp_path}/gone/x{ENDING[command]}, " \
        "whose folder does not exist: remove the link or make the folder\n"  # fmt: skip


def test_a_read_only_file_is_kept_even_with_force(tmp_path, capsys):
    out = tmp_path / "cards.pdf"
    out.write_bytes(b"old")
    out.chmod(0o444)
    code, err = cli(["cards", "--out", str(out), "--force"], capsys)
    assert (code, err) == (2, f"vvlab cards: {out} is read-only: refusing to replace it\n")
    assert out.read_bytes() == b"old"


@pytest.mark.parametrize("command", COMMANDS)
def test_a_folder_that_is_a_link_to_nowhere_is_said_in_words(command, tmp_path, capsys):
    link = tmp_path / "folder"
    link.symlink_to(tmp_path / "gone")
    out = link / f"x{ENDING[command]}"
    code, err = cli([*COMMANDS[command], "--out", str(out)], capsys)
    assert code == 2 and "File exists" not in err and err.count("\n") == 1, err
    assert err.startswith(f"vvlab {command}: cannot write {out}: ") and "does not exist" in err
