"""Real-browser check of the route edits of "Balance for me" (issue 30, point 3): the
route edit a search proposes shows on the editor's canvas (the line's new route dashed
in its colour, rings on the stations it touches) with its sentence in the tab; "Apply
this route" gives the line its new route on the canvas, and Undo takes it back.

The notebook writes nothing: the city (Short Town, whose one-box line Short is completed
in nearly every game) is written by the test, tuned in the kernel with route edits
asked for, and shown in an editor (``tune_bar.show``). Screenshots ``40-*.png`` to ``42-*.png``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from lab_server import SCREENSHOTS, chromium, serve_lab, write_notebook
from test_jupyterlab import RENDER_TIMEOUT, _button, _lab_page, _tab, _wait_until

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "design"))
from test_design_tune_routes import short_line_city

pytestmark = pytest.mark.browser

CELL = """from vvlab.design import BalanceTargets, tune
from vvlab.widgets import MapEditor
targets = BalanceTargets(turns=(1, 100), star_share=(0, 1), skill_gap_min=-100,
                         spearman_max=1)
found = tune("short.json", targets, vary=("indicators", "routes"), bots=["greedy"],
             games=400, max_evaluations=30, seed=3, progress=False)
ed = MapEditor("short.json", autosave=False)
ed.tune_bar.show(found)
ed"""
# The route edit drawn on the canvas: the stations of its dashed route (none when hidden).
PREVIEW_JS = """gd => {
    const t = gd.data.find(t => t.meta && t.meta.role === "preview" && t.visible !== false);
    return t ? t.meta.ids : [];
}"""
# The stations the line Short runs through, as the canvas draws them (its hover text).
SHORT_JS = """gd => gd.data.filter(t => t.meta && t.meta.role === "line" && t.meta.line === "S"
    && t.visible !== false).map(t => t.x.length)"""


@pytest.fixture(scope="module")
def page(tmp_path_factory: pytest.TempPathFactory) -> Iterator:
    """The notebook open at 1400×900, its cell run."""
    base = tmp_path_factory.mktemp("routes")
    root = base / "root"
    root.mkdir()
    short_line_city().save(root / "short.json")
    write_notebook(root / "routes.ipynb", [CELL])
    with serve_lab(root, base) as url, chromium() as browser:
        pg = _lab_page(browser, f"{url}/lab/tree/routes.ipynb")
        cell = pg.locator(".jp-Notebook .jp-CodeCell").first
        cell.wait_for(timeout=RENDER_TIMEOUT)
        idle = pg.locator("#jp-main-statusbar").get_by_text("Idle")
        idle.first.wait_for(timeout=RENDER_TIMEOUT)
        cell.locator(".jp-InputArea-editor").click()
        pg.keyboard.press("Shift+Enter")
        yield pg


def test_a_route_edit_shown_on_the_canvas_and_applied(page) -> None:
    out = page.locator(".jp-Notebook .jp-CodeCell").first.locator(".jp-OutputArea")
    _button(out, "Undo").wait_for(timeout=RENDER_TIMEOUT)
    plot = out.locator(".js-plotly-plot").first
    plot.locator(".scatterlayer path.point").first.wait_for(timeout=RENDER_TIMEOUT)
    preview = lambda: plot.evaluate(PREVIEW_JS)  # noqa: E731
    _wait_until(page, lambda: preview() == ["p1", "p0", "m5", "m6"], "no route edit drawn")
    _tab(out, "Balance for me")
    sentence = out.locator(".widget-html", has_text="Short ends one station later, at Main 6")
    _wait_until(page, lambda: sentence.count() > 0, "the route edit is not listed")
    said = " ".join(sentence.first.inner_text().split())
    assert "(on from Main 5)" in said and "now in " in said and "m6" not in said, said
    plot.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "40-route-edit-shown.png")
    sentence.first.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "41-route-edit-listed.png")
    drawn = plot.evaluate(SHORT_JS)
    apply = _button(out, "Apply this route")
    apply.scroll_into_view_if_needed()
    apply.click()
    done = out.locator(".widget-html", has_text="balance for me: Short ends one station later")
    _wait_until(page, lambda: done.count() > 0 and not preview(), "Apply did not apply it")
    _wait_until(page, lambda: plot.evaluate(SHORT_JS) != drawn, "the canvas kept the route")
    stale = out.locator(".widget-html", has_text="measured on the city as it was")
    _wait_until(page, lambda: stale.count() == 1 and stale.is_visible(), "no out-of-date note")
    plot.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "42-route-edit-applied.png")
    stale.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "43-route-edit-results-out-of-date.png")
    _button(out, "Undo").click()
    _wait_until(page, lambda: plot.evaluate(SHORT_JS) == drawn, "Undo did not restore it")
    _wait_until(page, lambda: not stale.is_visible(), "the note stayed after Undo")
