"""``vvlab import-gtfs`` on hostile feeds: damaged and encrypted zips, zip bombs, FIFOs,
devices, folders and dangling links where a file should be, oversized files, lines and
names, Ctrl-C and a full disk. Each ends in one line naming the feed's file (or the
map's), never a traceback, a hang or unbounded memory."""

from __future__ import annotations

import errno
import io
import os
import struct
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest
from gtfskit import PRAGUE, copied, line_of_stops, write_feed, write_table, zipped

import vvlab
import vvlab.design
from vvlab.cli import main
from vvlab.design import GTFSError, GTFSWarning, from_gtfs
from vvlab.design.gtfs_files import MAX_FILE_BYTES, MAX_LINE_BYTES, MAX_NAME_CHARS

ROOT = Path(vvlab.__file__).resolve().parents[1]
STOPS_HEADER = "stop_id,stop_name,stop_lat,stop_lon\n"


def import_gtfs(feed: Path, out: Path, *more: str) -> tuple[int, str]:
    """``vvlab import-gtfs FEED --out OUT``: the exit status and stderr (a bare
    ``KeyboardInterrupt`` fails the test instead of stopping pytest)."""
    stderr = io.StringIO()
    real, sys.stderr = sys.stderr, stderr
    try:
        code = main(["import-gtfs", str(feed), "--out", str(out), *more], out=io.StringIO())
    except KeyboardInterrupt as err:
        pytest.fail(f"a bare KeyboardInterrupt escaped: {err!r}")
    finally:
        sys.stderr = real
    return code, stderr.getvalue()


def one_line(text: str) -> str:
    assert text.count("\n") == 1 and "Traceback" not in text, text
    return text


def small_feed(tmp_path: Path, names: str = "abcd") -> Path:
    return write_feed(
        tmp_path / "feed", line_of_stops(names), [("1", "U1", 1, "")], [("1", "0", list(names))]
    )


# -- damaged and encrypted zips --------------------------------------------------------


def zip_bytes(folder: Path, compression: int) -> bytearray:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", compression) as archive:
        for path in sorted(folder.iterdir()):
            archive.write(path, path.name)
    return bytearray(buffer.getvalue())


def member_data_offset(data: bytearray, name: str) -> int:
    """Where ``name``'s packed bytes start (after its local header)."""
    with zipfile.ZipFile(io.BytesIO(bytes(data))) as archive:
        header = archive.getinfo(name).header_offset
    name_len, extra_len = struct.unpack("<HH", data[header + 26 : header + 30])
    return header + 30 + name_len + extra_len


def central_entry(data: bytearray, name: str) -> int:
    """Where ``name``'s entry in the zip's directory starts."""
    at = data.index(b"PK\x01\x02")
    while data[at + 46 : at + 46 + len(name)] != name.encode():
        at = data.index(b"PK\x01\x02", at + 4)
    return at


def damaged_zip(tmp_path: Path, how: str) -> Path:
    """The Prague feed zipped with ``stops.txt`` damaged: ``bad data`` (its deflate
    stream garbled), ``bad crc`` (a stored digit changed) or ``encrypted`` (its flag
    set in its local header and the directory)."""
    compression = zipfile.ZIP_STORED if how == "bad crc" else zipfile.ZIP_DEFLATED
    data = zip_bytes(PRAGUE, compression)
    start = member_data_offset(data, "stops.txt")
    if how == "bad data":
        data[start : start + 4] = b"\xff\xff\xff\xff"
    elif how == "bad crc":
        digit = data.index(b"50.", start) + 3
        data[digit] = ord("9") if data[digit] != ord("9") else ord("8")
    else:
        data[data.rindex(b"PK\x03\x04", 0, start) + 6] |= 0x1
        data[central_entry(data, "stops.txt") + 8] |= 0x1
    path = tmp_path / "damaged.zip"
    path.write_bytes(bytes(data))
    return path


@pytest.mark.parametrize(
    ("how", "message"),
    [
        ("bad data", "damaged.zip: stops.txt: the zip file is damaged (Error -3 while"),
        ("bad crc", "damaged.zip: stops.txt: the zip file is damaged (Bad CRC-32"),
        ("encrypted", "damaged.zip: stops.txt is encrypted (password protected)"),
    ],
)
def test_a_damaged_or_encrypted_zip_is_one_line_naming_the_file(tmp_path, how, message):
    code, err = import_gtfs(damaged_zip(tmp_path, how), tmp_path / "city.json")
    assert code == 2 and message in one_line(err), err
    assert not (tmp_path / "city.json").exists()


def set_sizes(path: Path, name: str, packed: int | None, unpacked: int) -> None:
    """Make the zip's directory state other sizes for ``name`` (its data unchanged)."""
    data = bytearray(path.read_bytes())
    at = central_entry(data, name)
    if packed is not None:
        data[at + 20 : at + 24] = struct.pack("<I", packed)
    data[at + 24 : at + 28] = struct.pack("<I", unpacked)
    path.write_bytes(bytes(data))


def test_a_zip_bomb_is_refused_before_it_is_inflated(tmp_path):
    folder = small_feed(tmp_path)
    bomb = tmp_path / "bomb.zip"
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(folder.iterdir()):
            if path.name != "stops.txt":
                archive.write(path, path.name)
        with archive.open("stops.txt", "w") as member:  # 70 MB of name, packed to ~70 KB
            member.write(STOPS_HEADER.encode() + b"a,")
            for _ in range(70):
                member.write(b"A" * 2**20)
            member.write(b",50,14\n")
    assert bomb.stat().st_size < 2**20
    with pytest.raises(GTFSError, match=r"bomb.zip: stops.txt would unpack from \d+ KB to 70 MB"):
        from_gtfs(bomb)


def test_a_zip_stating_a_huge_file_is_refused_from_its_directory(tmp_path):
    feed = zipped(small_feed(tmp_path), tmp_path / "huge.zip")
    set_sizes(feed, "stop_times.txt", None, 2**32 - 1)  # the most a zip without zip64 states
    with pytest.raises(GTFSError, match=r"huge.zip: stop_times.txt would unpack from .* to 4 GB"):
        from_gtfs(feed)


def test_a_zip_stating_less_than_it_holds_reads_no_more_than_stated(tmp_path):
    feed = zipped(small_feed(tmp_path), tmp_path / "lies.zip")
    set_sizes(feed, "stops.txt", None, len(STOPS_HEADER) + 3)
    with pytest.raises(GTFSError, match=r"lies.zip: stops.txt: the zip file is damaged"):
        from_gtfs(feed)


# -- files that are not regular files --------------------------------------------------


def swap_stops(tmp_path: Path, kind: str) -> Path:
    feed = copied(tmp_path)
    stops = feed / "stops.txt"
    stops.unlink()
    if kind == "dangling link":
        stops.symlink_to(tmp_path / "nowhere.txt")
    elif kind == "folder":
        stops.mkdir()
    elif kind == "FIFO":
        os.mkfifo(stops)
    else:
        stops.symlink_to("/dev/zero")
    return feed


def import_in_a_process(feed: Path, out: Path) -> subprocess.CompletedProcess:
    """``vvlab import-gtfs`` in a process of its own: a FIFO opened for reading would
    block, and the timeout fails the test instead of hanging it."""
    return subprocess.run(
        [sys.executable, "-m", "vvlab", "import-gtfs", str(feed), "--out", str(out)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip


NOT_TEXT = ": a GTFS feed holds text files only"


@pytest.mark.parametrize(
    ("kind", "message"),
    [
        ("dangling link", "stops.txt is a link to a file that does not exist"),
        ("folder", "stops.txt is a folder, not a file" + NOT_TEXT),
        ("FIFO", "stops.txt is a FIFO (named pipe), not a file" + NOT_TEXT),
        ("link to /dev/zero", "stops.txt is a character device, not a file" + NOT_TEXT),
    ],
)
def test_stops_that_is_no_regular_file_is_refused_by_name_without_reading(tmp_path, kind, message):
    feed = swap_stops(tmp_path, kind)
    done = import_in_a_process(feed, tmp_path / "city.json")
    assert done.returncode == 2
    assert one_line(done.stderr) == f"vvlab import-gtfs: {feed}: {message}\n"


def test_a_fifo_as_the_feed_itself_does_not_block(tmp_path):
    fifo = tmp_path / "feed.zip"
    os.mkfifo(fifo)
    done = import_in_a_process(fifo, tmp_path / "city.json")
    assert done.returncode == 2
    assert (
        one_line(done.stderr)
        == f"vvlab import-gtfs: {fifo} is a FIFO (named pipe), not a file{NOT_TEXT}\n"
    )


def test_a_file_larger_than_the_limit_is_refused_before_reading(tmp_path):
    feed = small_feed(tmp_path)
    os.truncate(feed / "stop_times.txt", MAX_FILE_BYTES + 2**30)  # sparse: no disk used
    with pytest.raises(GTFSError, match=r"feed: stop_times.txt is 9 GB, more than the 8 GB"):
        from_gtfs(feed)


# -- lines and names -------------------------------------------------------------------


def test_a_line_longer_than_the_limit_is_refused_by_its_number(tmp_path):
    feed = small_feed(tmp_path)
    with (feed / "stops.txt").open("a", encoding="utf-8") as fh:
        fh.write(f"x,{'N' * (MAX_LINE_BYTES + 1)},50,14\n")
    with pytest.raises(GTFSError, match=r"feed: stops.txt: line 6 is longer than 64 KB"):
        from_gtfs(feed)


def test_a_name_longer_than_the_limit_is_cut_with_a_note(tmp_path):
    stops = line_of_stops("abc")
    stops["b"] = ("Very long " * 6000, *stops["b"][1:])  # 60 KB: a line within the limit
    feed = write_feed(tmp_path / "feed", stops, [("1", "U1", 1, "")], [("1", "0", ["a", "b", "c"])])
    with pytest.warns(GTFSWarning, match=r"feed: stops.txt: 1 stop_name longer than 200 .* line 3"):
        city = from_gtfs(feed)
    name = city.stations[city.lines[0].stations[1]].name
    assert len(name) <= MAX_NAME_CHARS and name.endswith("…") and name.startswith("Very long")


# -- Ctrl-C and a full disk ------------------------------------------------------------


def test_ctrl_c_during_the_import_is_one_line_and_130(tmp_path, monkeypatch):
    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(vvlab.design, "from_gtfs", interrupted)
    code, err = import_gtfs(PRAGUE, tmp_path / "city.json")
    assert code == 130
    assert one_line(err.lstrip("\n")) == (
        f"vvlab import-gtfs: interrupted: nothing was written to {tmp_path / 'city.json'}\n"
    )


def test_a_full_disk_while_writing_the_map_is_one_line_and_keeps_the_old_file(
    tmp_path, monkeypatch
):
    out = tmp_path / "city.json"
    out.write_text("old", encoding="utf-8")

    def full(fd):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(os, "fsync", full)
    code, err = import_gtfs(PRAGUE, out, "--force")
    assert code != 0 and str(out) in one_line(err) and "No space left on device" in err
    assert out.read_text(encoding="utf-8") == "old"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["city.json"]


def test_a_header_only_trips_file_says_there_are_no_trips(tmp_path):
    feed = small_feed(tmp_path)
    write_table(feed / "trips.txt", ["route_id", "service_id", "trip_id"], [])
    code, err = import_gtfs(feed, tmp_path / "city.json")
    assert code == 2
    assert (
        one_line(err)
        == f"vvlab import-gtfs: {feed}: trips.txt: no trip of the chosen routes (U1)\n"
    )
