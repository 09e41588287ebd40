"""``vvlab sheet`` and ``vvlab cards``: what they write, what they refuse, exit codes."""

from __future__ import annotations

import io

import pytest

from vvlab.cli import main


def run(argv):
    """``main(argv)``: the exit status and what it printed (stderr goes to capsys)."""
    out = io.StringIO()
    return main(argv, out=out), out.getvalue(), []


def test_sheet_writes_a_pdf_and_refuses_to_replace_it(tmp_path):
    out = tmp_path / "t.pdf"
    code, text, _ = run(["sheet", "tutorial", "--out", str(out)])
    assert code == 0 and f"sheet written to {out}" in text
    first = out.read_bytes()
    assert first.startswith(b"%PDF-")
    code, _, _ = run(["sheet", "tutorial", "--out", str(out), "--paper", "letter"])
    assert code == 2 and out.read_bytes() == first
    code, _, _ = run(["sheet", "tutorial", "--out", str(out), "--paper", "letter", "--force"])
    assert code == 0 and out.read_bytes() != first


def test_sheet_writes_svg_when_asked(tmp_path):
    out = tmp_path / "t.svg"
    assert run(["sheet", "tutorial", "--out", str(out)])[0] == 0
    assert out.read_text().count("data-station=") == 12


def test_sheet_default_name_is_the_map(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert run(["sheet", "tutorial", "--copies", "2"])[0] == 0
    assert (tmp_path / "tutorial.pdf").exists()


def test_bad_paper_size_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as stop:
        main(["sheet", "tutorial", "--paper", "a3", "--out", str(tmp_path / "t.pdf")])
    assert stop.value.code == 2
    assert "invalid choice: 'a3'" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_missing_map_fails_with_status_1(tmp_path, capsys):
    code, _, _ = run(["sheet", str(tmp_path / "nowhere.json"), "--out", str(tmp_path / "t.pdf")])
    assert code == 1
    assert "nowhere.json" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []


def test_a_cramped_city_names_its_pairs_and_writes_nothing(tmp_path, capsys):
    code, _, _ = run(["sheet", "berlin", "--out", str(tmp_path / "b.pdf")])
    assert code == 2
    err = capsys.readouterr().err
    assert err.startswith("vvlab sheet: Berlin does not fit on A4") and "--schematic" in err
    assert "schematic=True" not in err  # the command line's way, not Python's
    assert list(tmp_path.iterdir()) == []


def test_copies_in_an_svg_are_refused(tmp_path, capsys):
    code, _, _ = run(["sheet", "tutorial", "--out", str(tmp_path / "t.svg"), "--copies", "2"])
    assert code == 2 and "an SVG holds one sheet" in capsys.readouterr().err


def test_cards_write_and_refuse_without_force(tmp_path, capsys):
    out = tmp_path / "cards.pdf"
    code, text, _ = run(["cards", "--ruleset", "metro-x", "--out", str(out)])
    assert f"cards written to {out}" in text
    assert code == 0 and out.read_bytes().startswith(b"%PDF-")
    assert run(["cards", "--out", str(out)])[0] == 2
    assert "exists" in capsys.readouterr().err
    assert run(["cards", "--out", str(out), "--force", "--paper", "letter"])[0] == 0
    assert run(["cards", "--ruleset", "nosuch", "--out", str(tmp_path / "x.pdf")])[0] == 2
    assert not (tmp_path / "x.pdf").exists()
