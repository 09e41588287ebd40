"""SIGTERM or SIGINT sent to a command's whole process group (as a terminal's Ctrl-C or
a service manager does) ends every command with one line and exit status 128 + the
signal, worker processes included; the line names no option the command lacks."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from gtfskit import PRAGUE

import vvlab
from vvlab.sim import worker

pytestmark = pytest.mark.skipif(not sys.platform.startswith("linux"), reason="POSIX signals")

LAUNCH = """
import signal, sys
import vvlab.cli, vvlab.design, vvlab.printing

def ready(*args, **kwargs):
    print("ready", file=sys.stderr, flush=True)

def ready_then_wait(*args, **kwargs):  # a stand-in for a long piece of work
    ready()
    while True:
        signal.pause()

def ready_at_first_progress(args):
    said = []
    def progress(*done):
        if not said:
            said.append(ready())
    return progress

for name in ("simulate", "report", "check", "tune"):
    setattr(getattr(vvlab.cli, name), "show_progress", ready_at_first_progress)
for module, name in [(vvlab.printing, "write_sheet"), (vvlab.printing, "write_cards"),
                     (vvlab.design, "from_gtfs"), (vvlab.design, "compare_maps")]:
    setattr(module, name, ready_then_wait)
sys.exit(vvlab.cli.main(sys.argv[1:]))
"""
"""``python -m vvlab`` that says ``ready`` on stderr once the command's work runs:
a real run (its first progress), or a piece of work that waits for the signal."""

GAMES = ["--bots", "greedy", "--workers", "2", "--games"]
"""Followed by enough games for the signal to land while both workers play."""
COMMANDS = {
    "simulate": ["simulate", "tutorial", *GAMES, "8192", "--engine", "reference"],
    "report": ["report", "tutorial", *GAMES, "400000"],
    "check": ["check", "tutorial", "--bots", "greedy", "--games", "200000"],
    "tune": ["tune", "tutorial", "--bots", "greedy", "--games", "20000"],
    "compare": ["compare", "tutorial", "tutorial"],
    "sheet": ["sheet", "tutorial"],
    "cards": ["cards"],
    "import-gtfs": ["import-gtfs", str(PRAGUE)],
}
WRITES = {"report": "report.html", "tune": "tuned.json", "sheet": "tutorial.pdf",
          "cards": "cards.pdf", "import-gtfs": "city.json"}  # fmt: skip
TIMEOUT = 300.0
"""Only to avoid hanging: nothing here measures time."""


def _stopped(command: str, signum: int, folder: Path) -> tuple[int, str]:
    """Start ``vvlab COMMAND`` in a session of its own in ``folder``, wait for its ready
    line, signal the whole group; the exit status and what it said after ready."""
    argv = [*COMMANDS[command]]
    if command in WRITES:
        argv += ["--out", WRITES[command]]
    root = str(Path(vvlab.__file__).resolve().parents[1])
    proc = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, *argv], cwd=folder, stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE, text=True, start_new_session=True,
        env=dict(os.environ, PYTHONPATH=root), preexec_fn=_default_signals,
    )  # fmt: skip
    try:
        first = proc.stderr.readline()  # type: ignore[union-attr]
        while first and first != "ready\n":  # notes before the work (a compile)
            first = proc.stderr.readline()  # type: ignore[union-attr]
        assert first == "ready\n", f"the command ended first (exit {proc.wait()})"
        os.killpg(proc.pid, signum)
        _, rest = proc.communicate(timeout=TIMEOUT)  # until every process ends
        return proc.returncode, rest
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)


def _default_signals() -> None:
    """The signals' default actions, whatever the test runner inherited."""
    for signum in (signal.SIGINT, signal.SIGTERM):
        signal.signal(signum, signal.SIG_DFL)


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["TERM", "INT"])
@pytest.mark.parametrize("command", COMMANDS)
def test_a_signal_to_the_group_ends_a_command_in_one_line(command, signum, tmp_path):
    code, said = _stopped(command, signum, tmp_path)
    assert code == 128 + signum, said
    lines = said.strip("\n").splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"vvlab {command}: "), said
    assert "Traceback" not in said and "worker process died" not in said
    assert "out=" not in said and "overwrite=" not in said and "resume=True" not in said
    by = "" if signum == signal.SIGINT else f" by {signal.Signals(signum).name}"
    if command == "simulate":
        assert lines[0].startswith(f"vvlab simulate: simulation interrupted{by}: "), said
        assert "--resume" in said
    elif command in WRITES:
        assert lines[0] == f"vvlab {command}: interrupted{by}: nothing was written to " \
            f"{WRITES[command]}"  # fmt: skip
    else:
        assert lines[0] == f"vvlab {command}: interrupted{by}"
    assert sorted(p.name for p in tmp_path.iterdir() if not p.name.startswith("data")) == []


def _frame_in(module: str, function: str) -> Any:
    """A frame of ``function`` in a module named ``module`` (as the signal handler sees)."""
    scope: dict[str, Any] = {"__name__": module, "sys": sys}
    exec(f"def {function}():\n    return sys._getframe()", scope)
    return scope[function]()


def test_a_worker_never_leaves_while_it_sends_a_result(monkeypatch):
    """A message cut short in the pool's pipe would leave the parent waiting forever."""
    left: list[int] = []
    monkeypatch.setattr(worker, "_leave", lambda code, orphaned: left.append(code))
    monkeypatch.setattr(worker, "_STOPPING", False)
    worker._on_sigterm(signal.SIGTERM, _frame_in("multiprocessing.connection", "_send"))
    assert left == [] and worker._STOPPING  # it leaves before its next block
    worker._on_sigterm(signal.SIGTERM, _frame_in("multiprocessing.connection", "_recv"))
    worker._on_sigterm(signal.SIGTERM, _frame_in("vvlab.sim.worker", "play_block"))
    assert left == [143, 143]  # waiting for a task or playing: at once
