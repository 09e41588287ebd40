"""Real-browser check that the widgets' state survives (issue 29, point 2): a map
editor and a play widget, changed from the kernel after they were shown, draw the same
figures after the page is reloaded, and a second display of the editor draws them too.

The notebook shows an editor and a play widget, then changes both from code (stations
added, four turns played) so that every change reaches the page as an edit, never as
the state shown first. The figures' data (plotly's ``gd.data`` of each plot, without
``uid``) is read in the page before and after ``page.reload()`` (the notebook saved
first, as JupyterLab's autosave does) and must be equal, and must hold the edits.
Screenshots: ``21-before-reload.png``, ``22-after-reload.png``.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from lab_server import SCREENSHOTS, chromium, serve_lab, write_notebook
from test_jupyterlab import RENDER_TIMEOUT, STEP_TIMEOUT

pytestmark = pytest.mark.browser

NOTEBOOK = "reload.ipynb"
CELLS = [
    "from vvlab.widgets import MapEditor, PlayWidget\n"
    'ed = MapEditor("tutorial", autosave=False)\ned',
    'ed.mode.value = "add station"\nfor x in range(-6, 7, 3):\n    ed.click_grid(x, -5)\n'
    'print("stations", len(ed.controller.stations))',
    'pw = PlayWidget("tutorial", seats=["person"], seed=1)\npw',
    "for _ in range(4):\n    pw.line_buttons[pw.controller.legal_lines()[0]].click()\n"
    '    pw.confirm_button.click()\nprint("turn", pw.controller.game.turn)',
    "ed",  # the same editor shown again
]
PLOTS = {"editor": 0, "play": 2, "editor again": 4}  # the cells showing a plot
# Each plot's traces as plotly.js holds them, without the trace's uid and plotly's mark
# of a trace restyled from Python (``_doNotReportToPy``).
DATA_JS = """el => JSON.stringify(el.data.map(t => {
    const {uid, _doNotReportToPy, ...rest} = t; return rest; }))"""
ERRORS: list[str] = []  # the page's console errors
STATIONS_JS = """el => el.data.find(t => t.meta && t.meta.role === "stations").x.length"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, object]]:
    """JupyterLab serving a folder with the test notebook: (its URL, its path)."""
    base = tmp_path_factory.mktemp("reload")
    root = base / "root"
    root.mkdir()
    write_notebook(root / NOTEBOOK, CELLS)
    with serve_lab(root, base) as url:
        yield f"{url}/lab/tree/{NOTEBOOK}", root / NOTEBOOK


def _cells(page):
    return page.locator(".jp-Notebook .jp-CodeCell")


def _plot(page, index: int):
    out = _cells(page).nth(index).locator(".jp-OutputArea")
    out.evaluate("el => el.scrollIntoView({block: 'center'})")
    plot = out.locator(".js-plotly-plot").first
    try:
        plot.locator(".scatterlayer path.point").first.wait_for(timeout=RENDER_TIMEOUT)
    except Exception as err:
        page.screenshot(path=SCREENSHOTS / "failed-reload.png")
        raise AssertionError(
            f"cell {index} shows no plot with points; it shows: "
            f"{out.inner_text()[:500]!r}; browser errors: {ERRORS[-5:]}"
        ) from err
    return plot


def _printed(page, index: int, word: str) -> int:
    """The number cell ``index`` printed after ``word`` (waits for it)."""
    out = _cells(page).nth(index).locator(".jp-OutputArea")
    deadline = time.monotonic() + RENDER_TIMEOUT / 1000
    while not (found := re.search(rf"{word} (\d+)", out.inner_text())):
        assert time.monotonic() < deadline, f"cell {index} printed: {out.inner_text()!r}"
        time.sleep(0.5)
    return int(found.group(1))


def _figures(page) -> dict[str, str]:
    """Each plot's data once it stops changing (the last edits may still arrive)."""
    shown: dict[str, str] = {}
    for _ in range(20):
        now = {name: _plot(page, i).evaluate(DATA_JS) for name, i in PLOTS.items()}
        if now == shown:
            return now
        shown = now
        time.sleep(1)
    return shown


def _difference(shown: str, wanted: str) -> str:
    """Where two plots' data differ: the first trace and properties, in words."""
    a, b = json.loads(shown), json.loads(wanted)
    if len(a) != len(b):
        return f"{len(a)} traces, not {len(b)}"
    for k, (s, t) in enumerate(zip(a, b, strict=True)):
        keys = sorted(key for key in s.keys() | t.keys() if s.get(key) != t.get(key))
        if keys:
            role = t.get("meta", {}).get("role", "?") if isinstance(t.get("meta"), dict) else "?"
            return (
                f"trace {k} ({role}): {', '.join(keys)}: shown {str(s)[:700]} wanted {str(t)[:700]}"
            )
    return "none"


def test_widgets_draw_the_same_after_a_reload(lab) -> None:
    url, path = lab
    with chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 900})
        page.set_default_timeout(STEP_TIMEOUT)
        ERRORS.clear()
        page.on("console", lambda m: ERRORS.append(m.text) if m.type == "error" else None)
        page.goto(url, timeout=RENDER_TIMEOUT)
        _cells(page).nth(1).wait_for(timeout=RENDER_TIMEOUT)
        idle = page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle"))
        idle.wait_for(timeout=RENDER_TIMEOUT)
        _cells(page).nth(0).locator(".jp-InputArea-editor").click()
        for _ in CELLS:
            page.keyboard.press("Shift+Enter")
        stations = _printed(page, 1, "stations")
        turn = _printed(page, 3, "turn")
        assert turn == 4
        before = _figures(page)
        editor = _plot(page, PLOTS["editor"])
        assert editor.evaluate(STATIONS_JS) == stations, "the edits did not reach the canvas"
        assert before["editor again"] == before["editor"], "a second display drew otherwise: " + (
            _difference(before["editor again"], before["editor"])
        )
        page.screenshot(path=SCREENSHOTS / "21-before-reload.png")

        page.keyboard.press("Control+s")
        deadline = time.monotonic() + STEP_TIMEOUT / 1000
        while "widget-view" not in path.read_text() and time.monotonic() < deadline:
            time.sleep(0.5)
        page.reload(timeout=RENDER_TIMEOUT)
        after = _figures(page)
        page.screenshot(path=SCREENSHOTS / "22-after-reload.png")
        failed = [e for e in ERRORS if "Failed to initialize" in e]
        assert not failed, f"a widget failed in the reloaded page: {failed[:3]}"
        for name in PLOTS:
            assert after[name] == before[name], f"the {name}'s figure changed on reload: " + (
                _difference(after[name], before[name])
            )
        assert _plot(page, PLOTS["editor"]).evaluate(STATIONS_JS) == stations
