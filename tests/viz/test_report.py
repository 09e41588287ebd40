"""The HTML report: every section, plotly.js embedded once, no network; the CLI."""

from __future__ import annotations

import html
import os
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

import vvlab
from vvlab.cli import main
from vvlab.viz.report import SECTIONS, build_report, write_report


class Page(HTMLParser):
    """Sections, script sources, plotly divs, tables and the text of a page."""

    def __init__(self, text: str):
        super().__init__()
        self.sections: list[str] = []
        self.script_src: list[str] = []
        self.link_href: list[str] = []
        self.plots = 0
        self.tables: dict[str, int] = {}
        self.text: list[str] = []
        self._section = ""
        # script bodies (the plotly.js bundle) are skipped: only their tags matter here
        self.feed(re.sub(r"(<script[^>]*>).*?(</script>)", r"\1\2", text, flags=re.S))

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "section":
            self._section = a["id"]
            self.sections.append(a["id"])
        if tag == "script" and a.get("src"):
            self.script_src.append(a["src"])
        if tag == "link" and a.get("href"):
            self.link_href.append(a["href"])
        if tag == "div" and "plotly-graph-div" in (a.get("class") or ""):
            self.plots += 1
        if tag == "table":
            self.tables[self._section] = self.tables.get(self._section, 0) + 1

    def handle_data(self, data):
        self.text.append(data)


@pytest.fixture(scope="module")
def solo_page() -> str:
    res = vvlab.simulate("tutorial", 1, ["greedy"], 40, 7, workers=1, progress=False)
    return build_report(result=res, hindsight_games=3)


def test_every_section_in_order(solo_page):
    page = Page(solo_page)
    assert page.sections == [sid for sid, _ in SECTIONS if sid != "bonus-race"]  # solo
    assert page.plots == 6  # plan, distribution, breakdown, lines, heatmap, fill
    for sid in ("metadata", "balance", "summary", "lines", "stations", "hindsight"):
        assert page.tables.get(sid) == 1, sid


def test_balance_targets_judged_at_the_runs_bot(solo_page):
    from vvlab.design import check_balance

    section = solo_page.split('<section id="balance">')[1].split("</section>")[0]
    report = check_balance("tutorial", bots=["greedy"], games=40, seed=7, progress=False)
    thin = int(report.table["thin"].sum())  # passes nearer their bound than their spread
    assert section.count("PASS") == len(report.table) - len(report.failures()) - thin
    assert section.count("THIN") == thin
    assert section.count("FAIL") == len(report.failures())
    assert "greedy; 40 solo games per level, seed 7" in section
    said = f"<p class='summary'>{html.escape(report.summary())}</p>"  # the verdict in words
    assert said in section and section.index(said) < section.index("<table")
    assert "n/a" not in section


def test_works_offline_with_plotly_js_embedded_once(solo_page):
    page = Page(solo_page)
    assert page.script_src == [] and page.link_href == []
    assert solo_page.count("Plotly.newPlot") == 6
    assert solo_page.count("plotly.js v") == 1  # the bundle's banner


def test_metadata_seed_and_hindsight(solo_page):
    text = " ".join(Page(solo_page).text)
    assert "seed 7" in text and "Tutorial" in text and "greedy" in text
    assert "First 3 games of the run, seed 7" in text
    assert "the optimum" in text  # the tutorial map is solved exactly


def test_multiplayer_report_skips_hindsight(tmp_path):
    path = write_report(
        tmp_path / "sub" / "r.html",
        "tutorial",
        games=12,
        players=2,
        bots=["random", "greedy"],
        seed=1,
        workers=1,
    )
    text = path.read_text(encoding="utf-8")
    assert "solo measure" in text and text.count("<section id=") == len(SECTIONS)
    assert "The balance targets are solo measures" in text
    assert [p.name for p in path.parent.iterdir()] == ["r.html"]  # no temporary left


def test_cli_report(tmp_path, capsys):
    out = tmp_path / "report.html"
    code = main(
        [
            "report",
            "tutorial",
            "--games",
            "15",
            "--seed",
            "4",
            "--bots",
            "greedy",
            "--workers",
            "1",
            "--hindsight-games",
            "2",
            "--out",
            str(out),
        ]
    )
    assert code == 0
    assert f"report written to {out}" in capsys.readouterr().out
    page = Page(out.read_text(encoding="utf-8"))
    solo = [sid for sid, _ in SECTIONS if sid != "bonus-race"]
    assert page.sections == solo and page.script_src == []
    assert "seed 4" in " ".join(page.text)


def test_cli_report_bad_map(tmp_path, capsys):
    code = main(["report", "nowhere", "--games", "5", "--out", str(tmp_path / "r.html")])
    assert code != 0
    assert not (tmp_path / "r.html").exists()


def test_report_names_the_bots_rounds_tables_and_keeps_one_rate(tmp_path):
    res = vvlab.simulate(
        "tutorial", 2, ["lookahead:depth=1", "greedy"], 30, 5, workers=1, progress=False
    )
    page_text = build_report(result=res, hindsight_games=0)
    page = Page(page_text)
    assert "bonus-race" in page.sections  # two players: there is a race
    heading = re.search(r"<h1>(.*?)</h1>", page_text).group(1)
    assert "(lookahead:depth=1, greedy)" in heading
    for table in re.findall(r"<table.*?</table>", page_text, flags=re.S):
        numbers = re.findall(r"<td>(-?\d+\.\d+)</td>", table)
        assert not any(re.fullmatch(r"-?\d+\.\d{4,}", n) for n in numbers)
    lines = re.search(r'<section id="lines">.*?</section>', page_text, flags=re.S).group(0)
    header = re.findall(r"<th>(\w+)</th>", lines)
    assert "rate" in header
    solo = vvlab.simulate("tutorial", 1, ["greedy"], 10, 5, workers=1, progress=False)
    solo_lines = re.search(
        r'<section id="lines">.*?</section>',
        build_report(result=solo, hindsight_games=0),
        flags=re.S,
    ).group(0)
    assert "line_rate" not in solo_lines and "<th>rate</th>" in solo_lines


def test_rounded_tables():
    import pandas as pd

    from vvlab.viz.exports import rounded

    frame = pd.DataFrame({"games": [50.0], "mean": [15.16666], "ci95": [0.596225]})
    assert rounded(frame).iloc[0].tolist() == [50, 15.17, 0.596]
    html_table = _table_html(frame)
    assert "15.17" in html_table and "50<" in html_table and "15.167" not in html_table


def _table_html(frame):
    from vvlab.viz.report import _table

    return _table(frame)


REPORT = ["report", "tutorial", "--games", "10", "--seed", "2", "--bots", "greedy",
          "--workers", "1", "--hindsight-games", "0"]  # fmt: skip


def test_cli_report_tables_as_csv_and_force(tmp_path, capsys):
    import pandas as pd

    out, tables = tmp_path / "r.html", tmp_path / "tables"
    argv = [*REPORT, "--out", str(out), "--tables", str(tables)]
    assert main(argv) == 0
    assert f"tables written to {tables}" in capsys.readouterr().out
    assert sorted(p.name for p in tables.iterdir()) == ["lines.csv", "stations.csv", "summary.csv"]
    summary = pd.read_csv(tables / "summary.csv", index_col=0)
    assert summary.loc["greedy", "games"] == 10
    out.unlink()
    before = (tables / "lines.csv").read_bytes()
    assert main(argv) == 2  # an existing table is refused before anything is written
    assert "exists" in capsys.readouterr().err and not out.exists()
    assert main([*argv, "--force"]) == 0 and (tables / "lines.csv").read_bytes() == before


def test_cli_report_figures_without_kaleido_says_how_to_get_it(tmp_path, capsys, monkeypatch):
    from vvlab.viz import exports

    monkeypatch.setattr(exports, "kaleido_available", lambda: False)
    out, figures = tmp_path / "r.html", tmp_path / "figs"
    assert main([*REPORT, "--out", str(out), "--figures", str(figures)]) == 2
    assert "pip install kaleido" in capsys.readouterr().err
    assert not out.exists() and not figures.exists()
    with pytest.raises(exports.ExportUnavailable, match="pip install kaleido"):
        vvlab.viz.export(None, tmp_path / "x")


@pytest.mark.skipif(
    not __import__("vvlab.viz.exports").viz.exports.kaleido_available(),
    reason="kaleido is not installed",
)
def test_cli_report_figures_as_png_and_svg(tmp_path, monkeypatch):
    if "BROWSER_PATH" not in os.environ and Path("/usr/bin/chromium").exists():
        monkeypatch.setenv("BROWSER_PATH", "/usr/bin/chromium")  # Debian's, as in CI
    figures = tmp_path / "figs"
    try:
        code = main([*REPORT, "--out", str(tmp_path / "r.html"), "--figures", str(figures)])
    except Exception as err:  # pragma: no cover - a kaleido without a browser
        pytest.skip(f"kaleido cannot run here: {err}")
    if code != 0:
        pytest.skip("kaleido cannot run here (no browser)")
    names = {p.name for p in figures.iterdir()}
    assert {"plan.png", "plan.svg", "score-breakdown.svg"} <= names
    assert "bonus-race.png" not in names  # solo
    assert (figures / "plan.png").read_bytes()[:4] == b"\x89PNG"
    assert (figures / "plan.svg").read_text(encoding="utf-8").lstrip().startswith("<svg")


def test_export_in_python_refuses_existing_files(tmp_path):
    import vvlab.viz

    res = vvlab.simulate("tutorial", 2, ["greedy", "random"], 10, 1, workers=1, progress=False)
    paths = vvlab.viz.export(res, tmp_path, figures=False)
    assert [p.name for p in paths] == ["summary.csv", "lines.csv", "stations.csv"]
    with pytest.raises(FileExistsError):
        vvlab.viz.export(res, tmp_path, figures=False)
    assert len(vvlab.viz.export(res, tmp_path, figures=False, overwrite=True)) == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "lines.csv",
        "stations.csv",
        "summary.csv",
    ]


def test_cli_report_figures_failing_in_kaleido_write_nothing(tmp_path, capsys, monkeypatch):
    import plotly.graph_objects as go

    from vvlab.viz import exports

    def no_browser(self, *args, **kwargs):
        raise RuntimeError("Kaleido requires Google Chrome to be installed.")

    monkeypatch.setattr(exports, "kaleido_available", lambda: True)
    monkeypatch.setattr(go.Figure, "to_image", no_browser)
    out, tables, figures = tmp_path / "r.html", tmp_path / "t", tmp_path / "f"
    argv = [*REPORT, "--out", str(out), "--tables", str(tables), "--figures", str(figures)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "pip install kaleido" in err and "Chrome" in err
    assert not out.exists() and not any(tables.glob("*")) and not any(figures.glob("*"))


def test_report_plan_and_heatmap_name_the_stations():
    from vvlab.viz.exports import report_figures

    res = vvlab.simulate("berlin", 1, ["greedy"], 5, 1, workers=1, progress=False)
    figures = report_figures(res)
    for sid in ("plan", "station-heatmap"):
        (names,) = [t for t in figures[sid].data if t.meta and t.meta.get("role") == "names"]
        assert "Alexanderplatz" in names.text, sid
