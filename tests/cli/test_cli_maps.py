"""``vvlab maps``, ``show`` and ``validate``: built-in maps and map files."""

import json

from clikit import run

import vvlab


def test_maps_lists_every_builtin_map():
    code, text, _ = run(["maps"])
    assert code == 0
    assert "tutorial" in text and "4 lines, 12 stations, 2 transfer stations" in text


def test_show_prints_lines_transfers_and_totals():
    code, text, _ = run(["show", "tutorial"])
    assert code == 0
    assert "Harbour - Market - Central - Castle - Zoo" in text
    assert "Central   6  A B C" in text
    assert "Totals: 4 lines, 12 stations, 2 transfer stations, 6 indicator boxes" in text


def test_validate_reports_every_problem_and_fails(tmp_path, capsys):
    good = tmp_path / "good.json"
    vvlab.load_map("tutorial").save(good)
    bad = tmp_path / "bad.json"
    data = json.loads(good.read_text())
    data["lines"][0]["indicators"] = 9
    data["lines"][1]["color"] = "blue"
    bad.write_text(json.dumps(data))
    code, text, _ = run(["validate", str(good), str(bad)])
    assert code == 1
    assert f"ok   {good}" in text
    assert "lines[0].indicators" in text and "lines[1].color" in text
    assert run(["validate", str(good)])[0] == 0


def test_unknown_map_is_a_clear_error(capsys):
    code, _, _ = run(["show", "atlantis"])
    assert code == 1
    assert 'no built-in map "atlantis"' in capsys.readouterr().err


def test_berlin_is_the_default_map():
    code, text, _ = run(["show"])
    assert code == 0 and text.startswith("Berlin (berlin)")
