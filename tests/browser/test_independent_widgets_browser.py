"""Real-browser check that widgets keep apart (issue 29, point 1): any number of map
editors and play widgets in one JupyterLab page, in one notebook or in several open
together, each get their own clicks and drags only.

Notebook ``a.ipynb`` shows two editors (``a`` and ``b``, both on the tutorial city, in
"add station" mode) and a play widget; ``b.ipynb`` shows a third editor (``nb``). Each
click and drag is made with the mouse on one canvas; then the page is read: the canvas
clicked shows the change (its stations, its line being drawn), every other canvas's
figure data (plotly's ``gd.data``, without ``uid``) is exactly as before. The editors
share their city, so a click taken by the wrong editor would show. The notebooks run
in one page at 1400×900 with JupyterLab's default settings; ``b.ipynb`` is opened from
the file browser in a second tab while ``a.ipynb`` stays open (its widgets stay in the
page, hidden). Screenshots: ``30-*.png`` to ``39-*.png``.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator

import pytest
from lab_server import SCREENSHOTS, chromium, serve_lab, write_notebook
from test_editor_browser import STATION_AT_JS, UNIT_PX_JS
from test_jupyterlab import RENDER_TIMEOUT, _button, _lab_page, _wait_until
from test_reload_browser import DATA_JS, STATIONS_JS

pytestmark = pytest.mark.browser

EDITOR = 'MapEditor("tutorial", autosave=False)'
NOTEBOOKS = {
    "a.ipynb": [
        f"from vvlab.widgets import MapEditor, PlayWidget\na = {EDITOR}\n"
        'a.mode.value = "add station"\na',
        f'b = {EDITOR}\nb.mode.value = "add station"\nb',
        'pw = PlayWidget("tutorial", seats=["person"], seed=1)\npw',
    ],
    "b.ipynb": [
        f'from vvlab.widgets import MapEditor\nnb = {EDITOR}\nnb.mode.value = "add station"\nnb'
    ],
}
# Where a point of the plan is on the page: [x, y] in client pixels (plotly's axes).
PIXEL_JS = """([gd, x, y]) => {
    const fl = gd._fullLayout, box = gd.querySelector(".main-svg").getBoundingClientRect();
    return [box.left + fl._size.l + fl.xaxis.l2p(x), box.top + fl._size.t + fl.yaxis.l2p(y)];
}"""
# The grid point in view (one unit inside the axes) farthest from every station: [x, y].
EMPTY_GRID_JS = """gd => {
    const role = r => gd.data.find(t => t.meta && t.meta.role === r);
    const grid = role("grid"), st = role("stations"), fl = gd._fullLayout;
    const inside = (v, [a, b]) => v > Math.min(a, b) + 1 && v < Math.max(a, b) - 1;
    const far = (x, y) => Math.min(...st.x.map((sx, i) => Math.hypot(sx - x, st.y[i] - y)));
    let best = null;
    grid.x.forEach((x, i) => {
        const y = grid.y[i];
        if (!inside(x, fl.xaxis.range) || !inside(y, fl.yaxis.range)) return;
        if (!best || far(x, y) > far(...best)) best = [x, y];
    });
    return best;
}"""
# The stations of the line being drawn, in order (none while no line is drawn).
DRAFT_JS = """gd => {
    const t = gd.data.find(t => t.meta && t.meta.role === "draft");
    return t && t.meta.ids ? t.meta.ids : [];
}"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving a folder with both notebooks; yields the server's URL."""
    base = tmp_path_factory.mktemp("independent")
    root = base / "root"
    root.mkdir()
    for name, cells in NOTEBOOKS.items():
        write_notebook(root / name, cells)
    with serve_lab(root, base) as url:
        yield url


@pytest.fixture(scope="module")
def page(lab: str) -> Iterator:
    """``a.ipynb`` open at 1400×900 in headless Chromium, its cells run."""
    with chromium() as browser:
        pg = _lab_page(browser, f"{lab}/lab/tree/a.ipynb")
        _run_all(pg, "a.ipynb")
        yield pg


def _notebook(page, name: str):
    """The notebook of the file ``name``: found by its first cell's code."""
    first = NOTEBOOKS[name][0].splitlines()[1]
    return page.locator(".jp-NotebookPanel", has_text=first)


def _run_all(page, name: str) -> None:
    """Run every cell of the notebook ``name`` (shown) once its kernel is idle."""
    cells = _notebook(page, name).locator(".jp-CodeCell")
    cells.nth(len(NOTEBOOKS[name]) - 1).wait_for(timeout=RENDER_TIMEOUT)
    idle = page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle"))
    idle.wait_for(timeout=RENDER_TIMEOUT)
    cells.nth(0).locator(".jp-InputArea-editor").click()
    for _ in NOTEBOOKS[name]:
        page.keyboard.press("Shift+Enter")


def _plot(page, name: str, index: int, button: str = "Undo"):
    """The plotly plot of cell ``index`` of notebook ``name``, in view and drawn."""
    out = _notebook(page, name).locator(".jp-CodeCell").nth(index).locator(".jp-OutputArea")
    out.scroll_into_view_if_needed(timeout=RENDER_TIMEOUT)
    _button(out, button).first.wait_for(timeout=RENDER_TIMEOUT)
    plot = out.locator(".js-plotly-plot").first
    plot.locator(".scatterlayer path.point").first.wait_for(timeout=RENDER_TIMEOUT)
    plot.evaluate("el => el.scrollIntoView({block: 'center'})")
    time.sleep(0.6)  # the drag script attaches every half second
    return plot


def _data(plot) -> str:
    return plot.evaluate(DATA_JS)


def _mode(page, name: str, index: int, mode: str) -> None:
    """Click the mode button ``mode`` of the editor in cell ``index``."""
    out = _notebook(page, name).locator(".jp-CodeCell").nth(index).locator(".jp-OutputArea")
    toggle = out.locator("button.widget-toggle-button", has_text=re.compile(rf"^\s*{mode}\s*$"))
    toggle.scroll_into_view_if_needed()
    toggle.click()
    _wait_until(page, lambda: "mod-active" in (toggle.get_attribute("class") or ""), mode)


def _click_at(page, plot, x: float, y: float) -> None:
    """A mouse click on the plan point ``(x, y)`` of ``plot``, hovered first."""
    px, py = page.evaluate(PIXEL_JS, [plot.element_handle(), x, y])
    page.mouse.move(px, py)
    time.sleep(0.4)  # plotly reports the hovered point
    page.mouse.click(px, py)


def _click_station(page, plot, sid: str) -> None:
    x, y = page.evaluate(STATION_AT_JS, [plot.element_handle(), sid])[2:]
    _click_at(page, plot, x, y)


def _drag_station(page, plot, sid: str, steps: int) -> tuple[float, float]:
    """Drag the station ``sid`` of ``plot`` ``steps`` grid steps right; where it went."""
    gd = plot.element_handle()
    px, py, x, y = page.evaluate(STATION_AT_JS, [gd, sid])
    unit = abs(page.evaluate(UNIT_PX_JS, gd))
    page.mouse.move(px, py)
    time.sleep(0.4)
    page.mouse.down()
    for k in range(1, 9):  # in steps, as a hand moves
        page.mouse.move(px + steps * unit * k / 8, py, steps=2)
    page.mouse.up()
    return x + steps, y


def _add_station(page, plot) -> None:
    """A click on the empty grid point farthest from the stations; waits for it."""
    before = plot.evaluate(STATIONS_JS)
    _click_at(page, plot, *plot.evaluate(EMPTY_GRID_JS))
    _wait_until(
        page, lambda: plot.evaluate(STATIONS_JS) == before + 1, "the click added no station"
    )


def _unchanged(page, plots: dict, before: dict[str, str], what: str) -> None:
    """Each of ``plots`` (by name) still shows the figure data ``before``; given the
    kernel a moment to send a wrong change."""
    time.sleep(1.5)
    for name, plot in plots.items():
        assert _data(plot) == before[name], f"{what} changed the {name} too"


def _at(page, plot, sid: str) -> list[float]:
    return page.evaluate(STATION_AT_JS, [plot.element_handle(), sid])[2:]


def test_two_editors_in_one_notebook(page) -> None:
    """A grid click on the second canvas adds a station to the second editor only; a
    station dragged on the first moves in the first only; stations clicked in "draw
    line" mode on the second make the second's line only."""
    a, b = _plot(page, "a.ipynb", 0), _plot(page, "a.ipynb", 1)
    page.screenshot(path=SCREENSHOTS / "30-two-editors.png")
    before = {"first editor": _data(a)}
    b = _plot(page, "a.ipynb", 1)
    _add_station(page, b)
    page.screenshot(path=SCREENSHOTS / "31-second-editor-station-added.png")
    _unchanged(page, {"first editor": a}, before, "a click on the second editor's grid")

    before = {"second editor": _data(b)}
    a = _plot(page, "a.ipynb", 0)
    to = _drag_station(page, a, "lake", 2)
    _wait_until(page, lambda: _at(page, a, "lake") == list(to), "the first editor's lake stayed")
    page.screenshot(path=SCREENSHOTS / "32-first-editor-dragged.png")
    _unchanged(page, {"second editor": b}, before, "a drag on the first editor")
    assert _at(page, b, "lake") == [3, -3]

    _mode(page, "a.ipynb", 0, "draw line")
    _mode(page, "a.ipynb", 1, "draw line")
    before = {"first editor": _data(a)}
    b = _plot(page, "a.ipynb", 1)
    for stop, drawn in (("zoo", ["zoo"]), ("castle", ["zoo", "castle"])):
        _click_station(page, b, stop)
        _wait_until(page, lambda d=drawn: b.evaluate(DRAFT_JS) == d, f"the line is not {drawn}")
    page.screenshot(path=SCREENSHOTS / "33-second-editor-line.png")
    _unchanged(page, {"first editor": a}, before, "drawing a line on the second editor")
    assert a.evaluate(DRAFT_JS) == []


def test_play_map_click_leaves_the_editors_alone(page) -> None:
    """A click on a line of the play widget's map picks that line in the play widget
    (its preview shows) and changes neither editor of the notebook."""
    editors = {
        "first editor": _plot(page, "a.ipynb", 0),
        "second editor": _plot(page, "a.ipynb", 1),
    }
    before = {name: _data(plot) for name, plot in editors.items()}
    play = _plot(page, "a.ipynb", 2, "Confirm")
    out = _notebook(page, "a.ipynb").locator(".jp-CodeCell").nth(2).locator(".jp-OutputArea")
    _click_at(page, play, -3, 0)  # line A, between Harbour and Market
    _wait_until(
        page, lambda: out.get_by_text("line A: fills").count() == 1, "line A was not picked"
    )
    page.screenshot(path=SCREENSHOTS / "34-play-line-picked.png")
    _unchanged(page, editors, before, "a click on the play map")


def _open_from_file_browser(page, name: str) -> None:
    """Open the notebook ``name`` with a double-click in the file browser (a new tab;
    the notebooks open before stay open)."""
    browser = page.locator("#filebrowser")
    if not browser.is_visible():
        page.locator('.jp-SideBar [data-id="filebrowser"]').click()
    item = browser.locator(".jp-DirListing-item", has_text=re.compile(rf"^\s*{re.escape(name)}"))
    item.dblclick()
    _notebook(page, name).locator(".jp-CodeCell").first.wait_for(timeout=RENDER_TIMEOUT)


def test_two_notebooks_open_together(page) -> None:
    """With ``a.ipynb`` open, ``b.ipynb`` opened in a second tab: a grid click, a drag
    and a line drawn on its editor change it only, not the hidden editors of
    ``a.ipynb``; back on ``a.ipynb``, stations clicked there extend its line only."""
    a, b = _plot(page, "a.ipynb", 0), _plot(page, "a.ipynb", 1)
    hidden = {"first editor of a.ipynb": a, "second editor of a.ipynb": b}
    before = {name: _data(plot) for name, plot in hidden.items()}
    _open_from_file_browser(page, "b.ipynb")
    _run_all(page, "b.ipynb")
    nb = _plot(page, "b.ipynb", 0)
    assert not a.is_visible(), "a.ipynb is shown beside b.ipynb, not behind it"
    page.screenshot(path=SCREENSHOTS / "35-second-notebook.png")

    _add_station(page, nb)
    to = _drag_station(page, nb, "zoo", 2)
    _wait_until(page, lambda: _at(page, nb, "zoo") == list(to), "b.ipynb's zoo stayed")
    page.screenshot(path=SCREENSHOTS / "36-second-notebook-edited.png")
    _mode(page, "b.ipynb", 0, "draw line")
    for stop, drawn in (("park", ["park"]), ("lake", ["park", "lake"])):
        _click_station(page, nb, stop)
        _wait_until(page, lambda d=drawn: nb.evaluate(DRAFT_JS) == d, f"the line is not {drawn}")
    page.screenshot(path=SCREENSHOTS / "37-second-notebook-line.png")
    _unchanged(page, hidden, before, "editing in b.ipynb")

    before = {"editor of b.ipynb": _data(nb)}
    page.locator(".lm-DockPanel-tabBar .lm-TabBar-tab", has_text="a.ipynb").click()
    a = _plot(page, "a.ipynb", 0)
    _mode(page, "a.ipynb", 0, "draw line")
    page.screenshot(path=SCREENSHOTS / "38-first-notebook-again.png")
    for stop, drawn in (("north", ["north"]), ("university", ["north", "university"])):
        _click_station(page, a, stop)
        _wait_until(page, lambda d=drawn: a.evaluate(DRAFT_JS) == d, f"the line is not {drawn}")
    page.screenshot(path=SCREENSHOTS / "39-first-notebook-line.png")
    _unchanged(page, {"editor of b.ipynb": nb}, before, "drawing a line in a.ipynb")
