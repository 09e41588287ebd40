"""``vvlab import-gtfs``: writes the draft city, refuses an existing file without
--force, reports the notes of max_stations, and a bad feed or option with exit 2."""

from __future__ import annotations

import pytest
from clikit import run
from gtfskit import PRAGUE, copied

import vvlab


def test_writes_the_city_and_refuses_an_existing_file(tmp_path, capsys) -> None:
    out = tmp_path / "prague.json"
    code, text, _ = run(["import-gtfs", str(PRAGUE), "--out", str(out), "--name", "Praha"])
    assert code == 0
    assert text.splitlines()[-2:] == [
        "Praha: 3 lines, 23 stations (3 transfers), 0 bent edges",
        f"city written to {out}",
    ]
    city = vvlab.load_map(out)
    assert (city.id, city.name, [line.id for line in city.lines]) == ("prague", "Praha",
                                                                      ["A", "B", "C"])  # fmt: skip
    before = out.read_bytes()
    code, _, _ = run(["import-gtfs", str(PRAGUE), "--out", str(out), "--routes", "A"])
    assert code == 2
    assert "exists (give --force to replace it)" in capsys.readouterr().err
    assert out.read_bytes() == before
    code, _, _ = run(["import-gtfs", str(PRAGUE), "--out", str(out), "--routes", "A", "--force"])
    assert code == 0
    assert [line.id for line in vvlab.load_map(out).lines] == ["A"]


def test_the_default_name_comes_from_the_feed_and_lines_fit_80_columns(tmp_path) -> None:
    feed = copied(tmp_path, "new_york-gtfs")
    routes = (feed / "routes.txt").read_text(encoding="utf-8")
    (feed / "routes.txt").write_text(routes.replace("Nemocnice Motol", "Motol " * 20))
    out = tmp_path / "c.json"
    code, text, _ = run(["import-gtfs", str(feed), "--out", str(out)])
    assert code == 0
    assert vvlab.load_map(out).name == "New York"
    assert text.splitlines()[-2] == "New York: 3 lines, 23 stations (3 transfers), 0 bent edges"
    assert text.splitlines()[0].endswith("Motol Moto…")
    assert all(len(line) <= 80 for line in text.splitlines()[:-1])  # the last: --out's path


def test_options_choose_routes_types_and_length(tmp_path, capsys) -> None:
    out = tmp_path / "c.json"
    argv = ["import-gtfs", str(PRAGUE), "--out", str(out), "--route-types", "1,0",
            "--routes", "C,22", "--max-stations", "6", "--id", "praha"]  # fmt: skip
    code = run(argv)[0]
    assert code == 0, capsys.readouterr().err
    city = vvlab.load_map(out)
    assert city.id == "praha" and [len(line.stations) for line in city.lines] == [6, 6]
    notes = capsys.readouterr().err.splitlines()
    assert notes[0].startswith("vvlab import-gtfs: note: line C: 3 of 9 stations dropped")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--routes", "X"], "routes.txt: no route 'X'"),
        (["--route-types", "metro"], "--route-types takes GTFS route_type numbers"),
        (["--routes", ","], "--routes names nothing"),
    ],
)
def test_bad_options_exit_2_and_write_nothing(args, message, tmp_path, capsys) -> None:
    out = tmp_path / "x.json"
    assert run(["import-gtfs", str(PRAGUE), "--out", str(out), *args])[0] == 2
    assert message in capsys.readouterr().err
    assert not out.exists()


def test_a_bad_feed_exits_2_naming_the_file(tmp_path, capsys) -> None:
    feed = copied(tmp_path)
    (feed / "stop_times.txt").unlink()
    out = tmp_path / "x.json"
    assert run(["import-gtfs", str(feed), "--out", str(out)])[0] == 2
    assert capsys.readouterr().err == (
        f"vvlab import-gtfs: {feed}: no stop_times.txt in the feed (a GTFS feed needs it)\n"
    )
    assert not out.exists()


def test_schematic_lays_the_imported_city_out_keeping_every_rule(tmp_path) -> None:
    from vvlab.design import from_gtfs, layout_violations
    from vvlab.model import load_map

    out = tmp_path / "x.json"
    assert run(["import-gtfs", str(PRAGUE), "--out", str(out), "--schematic"])[0] == 0
    assert layout_violations(load_map(out), from_gtfs(PRAGUE)) == []


def test_schematic_lays_the_city_out(tmp_path, monkeypatch) -> None:
    import vvlab.design

    calls = []

    def layout(city):
        calls.append(city.id)
        return city

    monkeypatch.setattr(vvlab.design, "schematic", layout, raising=False)
    out = tmp_path / "x.json"
    assert run(["import-gtfs", str(PRAGUE), "--out", str(out), "--schematic"])[0] == 0
    assert calls == ["prague"]
