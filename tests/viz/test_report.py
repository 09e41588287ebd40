"""The HTML report: every section, plotly.js embedded once, no network; the CLI."""

from __future__ import annotations

import re
from html.parser import HTMLParser

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
    assert page.sections == [sid for sid, _ in SECTIONS]
    assert page.plots == 7  # plan, distribution, breakdown, lines, heatmap, race, fill
    for sid in ("metadata", "summary", "lines", "stations", "hindsight"):
        assert page.tables.get(sid) == 1, sid


def test_works_offline_with_plotly_js_embedded_once(solo_page):
    page = Page(solo_page)
    assert page.script_src == [] and page.link_href == []
    assert solo_page.count("Plotly.newPlot") == 7
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
    assert page.sections == [sid for sid, _ in SECTIONS] and page.script_src == []
    assert "seed 4" in " ".join(page.text)


def test_cli_report_bad_map(tmp_path, capsys):
    code = main(["report", "nowhere", "--games", "5", "--out", str(tmp_path / "r.html")])
    assert code != 0
    assert not (tmp_path / "r.html").exists()
