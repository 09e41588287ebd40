"""Real-browser check that names are text in ``vvlab report``: a city and stations
named with markup (``<a href>``, ``<b>``, ``<br>``) show it literally in the page's
plotly figures, with no link, bold or line break made of it. Screenshot:
``report-markup-names.png``.
"""

from __future__ import annotations

import pytest
from lab_server import SCREENSHOTS, chromium

import vvlab
from vvlab.viz.report import write_report

pytestmark = pytest.mark.browser

CITY = '<a href="https://x">Click me</a>'


def test_report_figures_show_markup_in_names_as_text(tmp_path) -> None:
    data = vvlab.load_map("tutorial").to_dict()
    data["name"] = CITY
    data["stations"]["central"]["name"] = "<b>x</b>"
    data["stations"]["mill"]["name"] = "A<br>B"
    res = vvlab.simulate(data, 1, "greedy", 12, seed=3, workers=1, progress=False)
    path = write_report(tmp_path / "report.html", result=res, hindsight_games=0)
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1200, "height": 1000})
        page.goto(path.as_uri())
        plots = page.locator(".js-plotly-plot .main-svg")
        plots.first.wait_for()
        titles = page.locator(".js-plotly-plot .gtitle").all_text_contents()
        assert sum(CITY in title for title in titles) >= 3, titles  # shown as written
        assert page.locator(".js-plotly-plot svg a").count() == 0  # no link made of it
        names = page.locator(".js-plotly-plot text").all_text_contents()
        assert "<b>x</b>" in names and "A<br>B" in names  # one line, as written
        page.locator("#plan").scroll_into_view_if_needed()
        page.screenshot(path=SCREENSHOTS / "report-markup-names.png")
