"""Where a command writes: a path ending in a separator names a folder, and a file
name promises its format; both are refused in one line before anything is written."""

from __future__ import annotations

import pytest
from clikit import run
from gtfskit import PRAGUE


@pytest.mark.parametrize(
    "argv",
    [
        ["sheet", "tutorial"],
        ["cards"],
        ["import-gtfs", str(PRAGUE)],
    ],
)
def test_an_out_ending_in_a_separator_is_refused_not_written_as_a_file(tmp_path, capsys, argv):
    target = f"{tmp_path / 'maps'}/"
    assert run([*argv, "--out", target])[0] == 2
    said = capsys.readouterr().err
    assert f"--out {target} names a folder: give a file name, e.g. {target}" in said
    assert said.count("\n") == 1
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("command", [["sheet", "tutorial"], ["cards"]])
def test_a_sheet_or_deck_named_for_another_format_is_refused(tmp_path, capsys, command):
    assert run([*command, "--out", str(tmp_path / "berlin.png")])[0] == 2
    said = capsys.readouterr().err
    assert "berlin.png: vvlab " in said and "writes PDF (.pdf)" in said and said.count("\n") == 1
    assert list(tmp_path.iterdir()) == []
