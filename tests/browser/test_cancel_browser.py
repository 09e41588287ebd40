"""Real-browser check of Cancel on a long editor action (issue 29, point 5): in
JupyterLab at 1400×900, "Tidy layout (schematic)" on Madrid (many seconds of search)
shows its progress in its own bar beside the button; Cancel there stops it: the bar
says so in words, the canvas keeps every station where it was, and the kernel's work
has ended (a second cell reads that its thread is gone and nothing can be undone).

Screenshots: ``31-editor-tidy-progress.png`` (running), ``32-editor-tidy-cancelled.png``.
Run it with ``python -m pytest tests/browser/test_cancel_browser.py -m browser``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from lab_server import SCREENSHOTS, chromium, notebook_lab
from test_jupyterlab import RENDER_TIMEOUT, STEP_TIMEOUT, _button, _lab_page, _tab

pytestmark = pytest.mark.browser

NOTEBOOK = "cancel.ipynb"
CELLS = [
    'from vvlab.widgets import MapEditor\ned = MapEditor("madrid", autosave=False)\ned',
    "ed.layout_bar.wait(120)\njob = ed.layout_bar.job\n"
    'print("work ended", not job.thread.is_alive(), "undo", ed.controller.can_undo)',
]
STATIONS_JS = """el => JSON.stringify(
    el.data.filter(t => t.meta && t.meta.role === "stations").map(t => [t.x, t.y]))"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a folder with the test notebook: its URL."""
    with notebook_lab(tmp_path_factory.mktemp("cancel"), NOTEBOOK, CELLS) as url:
        yield url


def _wait_for_text(page, out, pattern: str, what: str, timeout_s: float) -> str:
    """The output's text once it matches ``pattern``; else fail with a screenshot."""
    deadline = time.monotonic() + timeout_s
    while not (found := re.search(pattern, out.inner_text())):
        if time.monotonic() > deadline:
            page.screenshot(path=SCREENSHOTS / "failed-cancel.png")
            raise AssertionError(f"{what}; the output shows: {out.inner_text()[-800:]!r}")
        time.sleep(0.2)
    return found.group(0)


def test_cancel_stops_the_tidy_layout_in_jupyterlab(lab: str) -> None:
    with chromium() as browser:
        page = _lab_page(browser, lab)
        cells = page.locator(".jp-Notebook .jp-CodeCell")
        cells.nth(1).wait_for(timeout=RENDER_TIMEOUT)
        idle = page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle"))
        idle.wait_for(timeout=RENDER_TIMEOUT)
        cells.nth(0).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")  # the editor only; the check runs later
        out = cells.nth(0).locator(".jp-OutputArea")
        plot = out.locator(".js-plotly-plot").first
        plot.locator(".scatterlayer path.point").first.wait_for(timeout=RENDER_TIMEOUT)
        before = plot.evaluate(STATIONS_JS)

        _tab(out, "Layout")
        tidy = _button(out, "Tidy layout (schematic)")
        tidy.scroll_into_view_if_needed()
        tidy.click()
        said = _wait_for_text(
            page, out, r"laying the city out: \d+ %… \d+ s \(Cancel stops it\)",
            "the layout showed no progress", STEP_TIMEOUT / 1000,
        )  # fmt: skip
        cancel = out.locator("button.widget-button:visible", has_text=re.compile(r"^\s*Cancel"))
        assert cancel.count() == 1, "one Cancel is shown: the running layout's"
        siblings = tidy.evaluate(
            "b => Array.from(b.closest('.widget-hbox').children).filter(e => e.offsetParent)"
            ".map(e => e.className)"
        )  # what is shown in the row of the button (a button in a widget of its own too)
        assert any("progress" in name for name in siblings), f"no progress bar by it: {siblings}"
        assert tidy.is_disabled()
        page.screenshot(path=SCREENSHOTS / "31-editor-tidy-progress.png")
        cancel.click()
        _wait_for_text(
            page, out, "cancelled laying the city out: nothing changed",
            f"Cancel did not stop the layout (it said {said!r})", STEP_TIMEOUT / 1000,
        )  # fmt: skip
        assert not tidy.is_disabled() and cancel.count() == 0
        page.screenshot(path=SCREENSHOTS / "32-editor-tidy-cancelled.png")

        cells.nth(1).locator(".jp-InputArea-editor").click()
        page.keyboard.press("Shift+Enter")
        check = cells.nth(1).locator(".jp-OutputArea")
        _wait_for_text(
            page, check, r"work ended \w+ undo \w+", "the check cell printed nothing", 150
        )
        assert "work ended True undo False" in check.inner_text()
        assert plot.evaluate(STATIONS_JS) == before, "the canvas moved stations"
        assert "stations laid out" not in out.inner_text()
