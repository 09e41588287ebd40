"""``vvlab simulate --workers 2`` stopped by a signal leaves nothing behind.

SIGTERM and SIGHUP (a closed terminal) stop the command like Ctrl-C: the finished blocks
stay in ``--out``, the message tells how to resume, and ``--resume`` then gives the
result of an uninterrupted run. After any of SIGTERM, SIGHUP and SIGKILL no worker
process survives and no ``vvlab-sim-*`` folder is left in the temporary folder.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import vvlab
from vvlab.sim import SimulationResult, simulate

pytestmark = pytest.mark.skipif(
    not sys.platform.startswith("linux"), reason="POSIX signals, /proc or psutil"
)

GAMES, SEED = 256 * 16, 5
"""16 blocks with the reference engine: a few seconds, so signals land mid-run."""
ARGV = (
    f"simulate tutorial --games {GAMES} --seed {SEED} --bots greedy --engine reference"
    " --chunk-blocks 1 --no-progress"
).split()
TIMEOUT = 120.0
"""Only to avoid hanging: generous, nothing here measures time."""


@pytest.fixture(scope="module")
def whole() -> SimulationResult:
    """The uninterrupted run, in this process."""
    return simulate(
        "tutorial", bots="greedy", games=GAMES, seed=SEED, engine="reference", workers=1,
        progress=False,
    )  # fmt: skip


@pytest.fixture
def processes() -> Iterator[list[int]]:
    """Process ids the test saw; any still alive at the end are killed."""
    seen: list[int] = []
    yield seen
    for pid in seen:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)


@pytest.fixture
def tmp() -> Iterator[Path]:
    """The commands' TMPDIR: a short folder of the system's temporary folder, since the
    forkserver's socket lives below it and a socket's path has at most 107 bytes (the
    test's own ``tmp_path`` can be longer)."""
    folder = Path(tempfile.mkdtemp(prefix="vvp-"))
    yield folder
    shutil.rmtree(folder, ignore_errors=True)


LAUNCH = """
import sys
from vvlab.cli import main
from vvlab.sim import executors
executors.MP_START_METHOD = sys.argv[1]
sys.exit(main(sys.argv[2:]))
"""
"""``python -m vvlab`` with the process pool's start method as first argument."""


def _command(
    out: Path, tmp: Path, *extra: str, method: str | None = None
) -> tuple[list[str], dict[str, str]]:
    """``vvlab simulate`` (with the given start method), and its environment."""
    root = str(Path(vvlab.__file__).resolve().parents[1])
    path = os.pathsep.join([root, os.environ.get("PYTHONPATH", "")])
    env = dict(os.environ, PYTHONPATH=path, TMPDIR=str(tmp))
    python = ["-m", "vvlab"] if method is None else ["-c", LAUNCH, method]
    return [sys.executable, *python, *ARGV, "--workers", "2", "--out", str(out), *extra], env


def _start(
    out: Path, tmp: Path, seen: list[int], method: str | None = None
) -> tuple[subprocess.Popen, list[int]]:
    """Start the command; return it and the processes below it (workers, a forkserver)
    once a block is written.

    Its output goes to files (``out``'s name + ``.stdout``/``.stderr``): a pipe would
    stay open as long as any worker lives."""
    argv, env = _command(out, tmp, method=method)
    with open(f"{out}.stdout", "w") as stdout, open(f"{out}.stderr", "w") as stderr:
        proc = subprocess.Popen(
            argv, stdout=stdout, stderr=stderr, env=env, start_new_session=True,
            preexec_fn=_default_signals,
        )  # fmt: skip
    seen.append(proc.pid)
    deadline = time.monotonic() + TIMEOUT
    workers: list[int] = []
    while len(workers) < 2 or not list(out.glob("_blocks/block-*.npz")):
        if proc.poll() is not None:
            pytest.fail(f"the run ended before the signal: {_stderr(out)}")
        assert time.monotonic() < deadline, "the run did not get going"
        time.sleep(0.05)
        workers = _descendants(proc.pid)
        seen.extend(w for w in workers if w not in seen)
    return proc, workers


def _default_signals() -> None:
    """In the child: the signals' default actions, whatever the test runner inherited
    (``nohup`` ignores SIGHUP, a shell's background job SIGINT)."""
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, signal.SIG_DFL)


def _stderr(out: Path) -> str:
    return Path(f"{out}.stderr").read_text()


def _descendants(pid: int) -> list[int]:
    """Every process below ``pid`` (psutil if installed, else /proc)."""
    try:
        import psutil
    except ImportError:
        parents: dict[int, int] = {}
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit():
                stat = _stat(int(entry.name))
                if stat is not None:
                    parents[int(entry.name)] = int(stat.split()[1])
        found, todo = [], [pid]
        while todo:
            here = todo.pop()
            kids = [p for p, parent in parents.items() if parent == here]
            found += kids
            todo += kids
        return found
    try:
        return [p.pid for p in psutil.Process(pid).children(recursive=True)]
    except psutil.NoSuchProcess:
        return []


def _stat(pid: int) -> str | None:
    """``/proc/PID/stat`` after the command name: state, ppid, ...; None when gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    return text.rsplit(")", 1)[1]


def _alive(pid: int) -> bool:
    """True while ``pid`` runs (a zombie waiting to be reaped counts as gone)."""
    try:
        import psutil
    except ImportError:
        stat = _stat(pid)
        return stat is not None and stat.split()[0] not in ("Z", "X")
    try:
        return psutil.Process(pid).status() not in (psutil.STATUS_ZOMBIE, psutil.STATUS_DEAD)
    except psutil.NoSuchProcess:
        return False


def _survivors(pids: list[int]) -> list[int]:
    """The processes among ``pids`` still alive after they had time to notice."""
    deadline = time.monotonic() + TIMEOUT
    while any(_alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    return [p for p in pids if _alive(p)]


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGHUP], ids=["TERM", "HUP"])
def test_term_and_hup_stop_like_ctrl_c_and_resume_finishes(tmp_path, tmp, whole, processes, signum):
    out = tmp_path / "run.parquet"
    proc, workers = _start(out, tmp, processes)
    proc.send_signal(signum)
    proc.wait(timeout=TIMEOUT)
    err = _stderr(out)
    assert _survivors(workers) == []
    assert proc.returncode == 128 + signum, err
    name = signal.Signals(signum).name
    assert f"simulation interrupted by {name}" in err and "--resume" in err, err
    assert "Traceback" not in err
    assert list(tmp.glob("vvlab-sim-*")) == []
    kept = list(out.glob("_blocks/block-*.npz"))
    assert 1 <= len(kept) < 16

    argv, env = _command(out, tmp, "--resume")
    done = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    resumed = SimulationResult.from_parquet(out)
    assert resumed.metadata["execution"]["resumed_blocks"] == len(kept)
    assert resumed.equals(whole)
    assert list(tmp.glob("vvlab-sim-*")) == []


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_workers_exit_and_clean_up_when_the_command_is_killed(tmp_path, tmp, processes, method):
    out = tmp_path / "run.parquet"
    proc, workers = _start(out, tmp, processes, method)
    assert list(tmp.glob("vvlab-sim-*")), "the pool's marker folder is in TMPDIR"
    proc.kill()
    proc.wait(timeout=TIMEOUT)
    assert _survivors(workers) == []
    assert list(tmp.glob("vvlab-sim-*")) == []


SERIAL = """
import os, signal, sys
from vvlab.sim import SimulationInterrupted, simulate

def progress(done, total):
    if done >= 512:
        os.kill(os.getpid(), signal.SIGTERM)

try:
    simulate("tutorial", games=1024, engine="reference", workers=1, progress=progress,
             out=sys.argv[1])
except SimulationInterrupted as err:
    print(err.signum, err.finished_blocks, signal.getsignal(signal.SIGTERM) is signal.SIG_DFL)
    print(err)
"""


def test_sigterm_interrupts_a_run_in_process_too(tmp_path):
    out = tmp_path / "run"
    code = [sys.executable, "-c", SERIAL, str(out)]
    done = subprocess.run(code, capture_output=True, text=True, timeout=TIMEOUT)
    assert done.returncode == 0, done.stderr
    outcome, message = done.stdout.splitlines()
    assert outcome == f"{int(signal.SIGTERM)} [0, 1] True"
    assert message.startswith("simulation interrupted by SIGTERM: 2 of 4 blocks"), message
    assert "resume=True" in message


def test_a_programs_own_sigterm_handler_is_left_alone():
    def mine(signum, frame):
        raise AssertionError("not sent")

    seen = []
    previous = signal.signal(signal.SIGTERM, mine)
    try:
        simulate(
            "tutorial", games=10, workers=1, engine="reference",
            progress=lambda done, total: seen.append(signal.getsignal(signal.SIGTERM)),
        )  # fmt: skip
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert seen == [mine]


def test_marker_folders_of_dead_runs_are_removed_by_the_next_run(tmp_path, monkeypatch):
    from vvlab.sim import executors

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    live, lock = executors._marker_folder()
    dead, gone = executors._marker_folder()
    os.close(gone)  # as when the run and its workers were killed together
    assert Path(dead).is_dir() and Path(dead).name.startswith("vvlab-sim-")
    other = tmp_path / "vvlab-sim-nolock"  # not a vvlab run folder of this kind: kept
    other.mkdir()
    try:
        executors.remove_stale_markers()
        assert sorted(tmp_path.iterdir()) == sorted([Path(live), other])
    finally:
        os.close(lock)


_POOL = _SENT = None  # the pool of the next test and its flag, seen by its forked worker


def _send_half_a_result() -> None:
    """In a worker: start a result message to the parent and never finish it (as a
    worker ended mid-send leaves it), then wait to be stopped."""
    import struct
    import time

    _POOL._result_queue._writer._send(struct.pack("!i", 1000) + b"x" * 10)
    _SENT.set()
    time.sleep(120)


@pytest.mark.skipif(sys.platform == "win32", reason="fork")
def test_stopping_workers_ends_a_result_cut_off_mid_message() -> None:
    """Ctrl-C under load once hung for good: a worker was ended while sending its
    result, and the pool's reading thread waited for the rest of the message. After
    the pool is stopped, it shuts down (the thread reads the end of the pipe)."""
    import multiprocessing
    import threading
    import time
    from concurrent.futures import ProcessPoolExecutor

    from vvlab.sim import executors

    global _POOL, _SENT
    context = multiprocessing.get_context("fork")
    _SENT = context.Event()
    _POOL = pool = ProcessPoolExecutor(1, context)
    future = pool.submit(_send_half_a_result)
    assert _SENT.wait(60), "the worker did not start"
    time.sleep(0.2)  # the reading thread has taken the header and waits for the rest
    executors._stop(pool, {future: ((0, 1),)})
    shut = threading.Thread(target=pool.shutdown, kwargs={"wait": True}, daemon=True)
    shut.start()
    shut.join(60)  # a safety net: the shutdown returns at once
    assert not shut.is_alive(), "the pool waited for the rest of a cut-off result"
