"""Real-browser check of the map editor's quick balance: its figures appear, and a
second run redraws them in place (no new plots) and reaches the page quickly.

Reuses the JupyterLab server and page of ``test_jupyterlab.py`` (its own instance:
the fixtures are module-scoped). The round-trip times are printed, not asserted
(``-s`` shows them); the figures' count and the summary are asserted. Run it with
``python -m pytest tests/browser/test_editor_browser.py -m browser -s``.
"""

from __future__ import annotations

import time

import pytest
from test_jupyterlab import (  # the fixtures, imported to be used here
    SCREENSHOTS,
    _button,
    _wait_rendered,
    _wait_until,
    lab,  # noqa: F401
    page,  # noqa: F401
)

pytestmark = pytest.mark.browser


def test_quick_balance_figures_update_in_place(page) -> None:  # noqa: F811
    out = _wait_rendered(page, 1, "Quick balance", "MapEditor")
    plots = out.locator(".js-plotly-plot")
    summary = out.locator(".widget-html", has_text="solo greedy games")
    assert plots.count() == 1  # the canvas only, until a balance ran
    start = time.monotonic()
    _button(out, "Quick balance").click()
    _wait_until(page, lambda: plots.count() == 3, "the balance figures did not appear", 60)
    first = time.monotonic() - start
    text = summary.first.inner_text()
    seed = out.locator(".widget-text", has=page.locator("label", has_text="seed")).nth(1)
    seed.locator("input").first.fill("7")
    seed.locator("input").first.press("Tab")
    start = time.monotonic()
    _button(out, "Quick balance").click()
    _wait_until(
        page,
        lambda: summary.count() and summary.first.inner_text() != text,
        "the second balance did not update the summary",
    )
    # the figures redraw in place: wait until their title names the new seed
    _wait_until(
        page,
        lambda: "seed 7" in (plots.nth(2).locator(".gtitle").first.text_content() or ""),
        "the balance figures did not show the new run",
    )
    again = time.monotonic() - start
    assert plots.count() == 3, "a second balance made new plots"
    page.screenshot(path=SCREENSHOTS / "07-editor-balance.png")
    print(f"\nquick balance in the browser: first {first:.2f} s, again {again:.2f} s")
