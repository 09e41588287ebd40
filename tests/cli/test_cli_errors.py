"""One function maps every error of every command to its message and exit status."""

from __future__ import annotations

import io

import pytest
from clikit import run

import vvlab.cli.maps
import vvlab.cli.play
import vvlab.cli.report
import vvlab.cli.simulate
from vvlab.bots.base import BotError
from vvlab.cli.errors import HANDLED, error_message, exit_code, interruption, report_error
from vvlab.design import GTFSError
from vvlab.engine.errors import IllegalMove
from vvlab.model import MapError
from vvlab.model.errors import Problem
from vvlab.sim.errors import RunFolderError, SimulationError, SimulationInterrupted

ERRORS = [
    (SimulationInterrupted("stopped; resume with --resume"), 130),
    (MapError([Problem("lines", "must not be empty")], source="my.json"), 1),
    (FileExistsError("r already exists and is not empty"), 2),
    (ImportError("simulate needs pandas: pip install vvlab[sim]"), 2),
    (ModuleNotFoundError("No module named 'distributed'"), 2),
    (ValueError("players must be a whole number from 1 to 6, got 7"), 2),
    (IllegalMove(0, "Z", "no such line"), 2),
    (GTFSError("feed.zip: no stop_times.txt in the feed (a GTFS feed needs it)"), 2),
    (SimulationError("a worker process died"), 1),
    (BotError("bot 'mine' chose an illegal move"), 1),
    (RunFolderError("r/_blocks/block-000003.npz belongs to another run: remove it"), 1),
    (SimulationInterrupted("stopped by SIGTERM", signum=15), 143),
]


@pytest.mark.parametrize(("err", "code"), ERRORS, ids=lambda e: type(e).__name__)
def test_each_error_has_its_exit_status_and_message(err, code, capsys):
    assert isinstance(err, HANDLED)
    assert exit_code(err) == code
    assert report_error("simulate", err) == code
    start = "\n" if code > 128 else ""  # after a progress bar cut short
    assert capsys.readouterr().err == f"{start}vvlab simulate: {err}\n"


def test_a_map_error_prints_every_problem_on_its_own_line():
    err = MapError([Problem("id", "bad id ''"), Problem("lines", "must not be empty")], "m.json")
    assert error_message("show", err) == (
        "vvlab show: m.json: 2 problems\n  id: bad id ''\n  lines: must not be empty\n"
    )


def test_report_error_writes_to_the_stream_it_is_given(capsys):
    stream = io.StringIO()
    assert report_error("report", SimulationError("scheduler gone"), stream) == 1
    assert stream.getvalue() == "vvlab report: scheduler gone\n"
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("err", [RuntimeError("bug"), KeyError("bug"), KeyboardInterrupt()])
def test_other_errors_are_not_handled(err):
    assert not isinstance(err, HANDLED)


COMMANDS = [
    (vvlab.cli.maps, "cmd_maps", ["maps"]),
    (vvlab.cli.maps, "cmd_show", ["show"]),
    (vvlab.cli.maps, "cmd_validate", ["validate", "x.json"]),
    (vvlab.cli.play, "cmd_play", ["play"]),
    (vvlab.cli.simulate, "cmd_simulate", ["simulate", "tutorial"]),
    (vvlab.cli.report, "cmd_report", ["report", "tutorial"]),
]


def _raising(err):
    def command(*args, **kwargs):
        raise err

    return command


COMMAND_IDS = [argv[0] for _, _, argv in COMMANDS]


@pytest.mark.parametrize(("module", "name", "argv"), COMMANDS, ids=COMMAND_IDS)
@pytest.mark.parametrize(("err", "code"), ERRORS[:3] + ERRORS[-2:], ids=lambda e: repr(e)[:20])
def test_every_command_reports_errors_the_same_way(
    module, name, argv, err, code, monkeypatch, capsys
):
    monkeypatch.setattr(module, name, _raising(err))
    assert run(argv)[0] == code
    if isinstance(err, KeyboardInterrupt):  # said by the command, not by the run
        err = interruption(argv[0], err, "report.html" if argv[0] == "report" else None)
    assert capsys.readouterr().err == error_message(argv[0], err)


@pytest.mark.parametrize(("module", "name", "argv"), COMMANDS[::3], ids=COMMAND_IDS[::3])
def test_a_bug_keeps_its_traceback(module, name, argv, monkeypatch):
    monkeypatch.setattr(module, name, _raising(RuntimeError("a bug")))
    with pytest.raises(RuntimeError, match="a bug"):
        run(argv)


def test_an_interrupted_simulation_says_how_to_resume(tmp_path, monkeypatch, capsys):
    message = f"interrupted after 1 of 4 blocks; resume with --out {tmp_path} --resume"
    monkeypatch.setattr("vvlab.sim.run.simulate", _raising(SimulationInterrupted(message)))
    code, text, _ = run(["simulate", "tutorial", "--out", str(tmp_path)])
    assert code == 130 and text == ""
    assert capsys.readouterr().err == f"\nvvlab simulate: {message}\n"
