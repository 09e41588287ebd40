"""Real-browser test of the four notebooks: Run All in JupyterLab, then look at them.

JupyterLab (its default settings, cell windowing on) serves a temporary folder laid
out like the repository: ``notebooks/`` with copies of the notebooks and
``data/sample/`` (the notebooks read ``../data/sample``). Each notebook is opened in
Chromium at 1400×900, run with "Run" → "Run All Cells", and must finish without an
error output. Then every cell is scrolled into view from top to bottom (windowing
renders only the cells near the viewport) and, in the page, every plotly figure is
checked (:mod:`figure_checks`):

- a map (a trace with ``meta.role == "stations"``) holds its points and draws them;
- its legend stays inside the figure;
- its legend, titles and tick labels stay inside what its output area shows (a
  figure wider than the output area is cut off on the right, or scrolls);
- no two of its text labels (point labels, station names, titles, tick labels,
  legend entries, annotations) overlap;

and every play widget (an output with a "Confirm" button), scrolled to the top, shows
its map and the Confirm button inside the 1400×900 viewport together.

The kernel runs with ``VVLAB_FULL`` unset (the notebooks' small parameters). A
screenshot of each notebook goes to ``tests/browser/screenshots/``; the time of each
notebook is printed (``-s``). Run it alone with
``python -m pytest tests/browser/test_notebooks_browser.py -m browser -s``.
"""

from __future__ import annotations

import contextlib
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from figure_checks import FIGURE_JS, named_problems
from lab_server import REPO, SCREENSHOTS, chromium, serve_lab

pytestmark = pytest.mark.browser

NOTEBOOKS = sorted(p.name for p in (REPO / "notebooks").glob("*.ipynb"))
VIEWPORT = {"width": 1400, "height": 900}
OPEN_TIMEOUT = 120  # s; JupyterLab's first page load and kernel start on a busy machine
RUN_TIMEOUT = 600  # s; a notebook takes up to about 60 s headless, more in a browser
DRAW_TIMEOUT = 30  # s; a figure scrolled into view is drawn

# The state of the open notebook, from its model (every cell, rendered or not):
# kernel status, how many code cells ran, errors shown, and the cells with figures.
STATE_JS = """() => {
    const app = window.jupyterapp;
    const panel = app && app.shell.currentWidget;
    if (!panel || !panel.content || !panel.content.model || !panel.sessionContext) return null;
    const session = panel.sessionContext.session;
    const cells = panel.content.model.cells;
    const state = {status: session && session.kernel ? session.kernel.status : 'none',
                   cells: cells.length, code: 0, ran: 0, errors: [], figures: []};
    for (let i = 0; i < cells.length; i++) {
        const cell = cells.get(i);
        if (cell.type !== 'code') continue;
        state.code += 1;
        if (cell.executionCount) state.ran += 1;
        for (const out of cell.outputs.toJSON()) {
            if (out.output_type === 'error') {
                state.errors.push(`cell ${i}: ${out.ename}: ${out.evalue}`);
            }
            const text = [].concat(out.text || []).join('');
            if (out.name === 'stderr' && text.includes('Traceback')) {
                state.errors.push(`cell ${i}: ${text.slice(-500)}`);
            }
            const data = out.data || {};
            const shown = 'application/vnd.plotly.v1+json' in data
                || 'application/vnd.jupyter.widget-view+json' in data;
            if (shown && !state.figures.includes(i)) state.figures.push(i);
        }
    }
    return state;
}"""
CELL_JS = "i => window.jupyterapp.shell.currentWidget.content.widgets[i].node"
SCROLL_JS = "i => window.jupyterapp.shell.currentWidget.content.scrollToItem(i, 'start')"
SHUTDOWN_JS = "() => window.jupyterapp.shell.currentWidget.sessionContext.shutdown()"
# Outputs of a cell that hold a play widget: a widget button whose text is "Confirm".
PLAY_OUTPUTS_JS = """node => Array.from(node.querySelectorAll('.jp-OutputArea-output'))
    .filter(out => Array.from(out.querySelectorAll('button.widget-button'))
        .some(b => b.textContent.trim() === 'Confirm'))"""


@pytest.fixture(scope="module")
def lab_root(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """JupyterLab serving copies of the notebooks and the sample data; its base URL."""
    base = tmp_path_factory.mktemp("notebooks-lab")
    root = base / "root"
    (root / "notebooks").mkdir(parents=True)
    for name in NOTEBOOKS:
        shutil.copy(REPO / "notebooks" / name, root / "notebooks" / name)
    shutil.copytree(REPO / "data" / "sample", root / "data" / "sample")
    shutil.copytree(REPO / "data" / "gtfs", root / "data" / "gtfs")  # notebook 03's feed
    env = {
        "VVLAB_FULL": None,
        "VVLAB_DATA": None,
        "VVLAB_GTFS": None,
    }  # small parameters, ../data/sample
    # window.jupyterapp: the notebook model (execution counts, outputs) for the test
    args = ["--LabApp.expose_app_in_browser=True"]
    with serve_lab(root, base, env=env, args=args) as url:
        yield url


@pytest.fixture(scope="module")
def browser(lab_root: str) -> Iterator:
    """Headless Chromium, shared by the notebooks' pages."""
    with chromium() as launched:
        yield launched


def _state(page) -> dict | None:
    return page.evaluate(STATE_JS)


def _wait_state(page, ready, message: str, timeout: float, shot: str) -> dict:
    """Poll the notebook's state until ``ready(state)``; fail with ``message``."""
    deadline = time.monotonic() + timeout
    while True:
        state = _state(page)
        if state and state["errors"]:
            page.screenshot(path=SCREENSHOTS / f"failed-{shot}.png")
            raise AssertionError(f"{shot}: error outputs: {state['errors']}")
        if state and ready(state):
            return state
        if time.monotonic() > deadline:
            page.screenshot(path=SCREENSHOTS / f"failed-{shot}.png")
            raise AssertionError(f"{shot}: {message} within {timeout:.0f} s; state {state}")
        time.sleep(0.5)


def _run_all(page, shot: str) -> dict:
    """Open the notebook's "Run" menu, click "Run All Cells"; wait until every code
    cell ran and the kernel is idle."""
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    return _wait_state(
        page,
        lambda s: s["ran"] == s["code"] and s["status"] == "idle",
        "Run All did not finish",
        RUN_TIMEOUT,
        shot,
    )


def _empty_map(figure: dict) -> bool:
    return figure["map"] and not 0 < figure["points"] <= figure["markers"]


def _waiting(figure: dict) -> bool:
    """A figure widget before its data arrived: no trace and no message, empty axes."""
    said = any(label["kind"] == "annotation-text" for label in figure["labels"])
    return figure["traces"] == 0 and not said


def _check_figures(page, node, where: str) -> list[str]:
    """Wait until each figure of a cell is drawn (a map: with its markers); then its
    problems, each prefixed with ``where`` and the figure's title."""
    problems: list[str] = []
    deadline = time.monotonic() + DRAW_TIMEOUT
    while True:
        plots = node.query_selector_all(".js-plotly-plot")
        seen = [f for f in (plot.evaluate(FIGURE_JS) for plot in plots) if not f.get("hidden")]
        drawn = [f for f in seen if f["drawn"] and f["figure"][2] > f["figure"][0]]
        pending = len(drawn) < len(seen) or any(_empty_map(f) or _waiting(f) for f in drawn)
        if not pending or time.monotonic() > deadline:
            break
        time.sleep(0.5)
    if len(drawn) < len(seen):
        problems.append(f"{where}: {len(seen) - len(drawn)} of {len(seen)} figures not drawn")
    for figure in drawn:
        problems += named_problems(figure, where)
    return problems


def _check_play_fits(page, node, where: str) -> list[str]:
    """Each play widget in the cell, scrolled to the top: map and Confirm in view."""
    problems = []
    outputs = page.evaluate_handle(PLAY_OUTPUTS_JS, node)
    for index in range(outputs.evaluate("list => list.length")):
        out = outputs.evaluate_handle("(list, i) => list[i]", index)
        out.evaluate("el => el.scrollIntoView({block: 'start'})")
        time.sleep(0.5)  # let the windowed list lay out the scrolled cells
        # a map is shown once its figure is set up (a round trip to a busy kernel);
        # one not there after a minute is reported below as not in view
        with contextlib.suppress(Exception):
            page.wait_for_function(
                "el => el.querySelector('.js-plotly-plot')", arg=out, timeout=60_000
            )
        boxes = {
            "map": out.evaluate_handle("el => el.querySelector('.js-plotly-plot')"),
            "Confirm": out.evaluate_handle(
                """el => Array.from(el.querySelectorAll('button.widget-button'))
                    .find(b => b.textContent.trim() === 'Confirm')"""
            ),
        }
        for name, handle in boxes.items():
            element = handle.as_element()
            box = element.bounding_box() if element else None
            inside = box is not None and box["y"] >= 0 and box["x"] >= 0
            inside = inside and box["y"] + box["height"] <= VIEWPORT["height"]
            inside = inside and box["x"] + box["width"] <= VIEWPORT["width"]
            if not inside:
                problems.append(f"{where}: the play widget's {name} is not inside 1400×900: {box}")
    return problems


def _check_cells(page, figures: list[int], cells: int, name: str) -> list[str]:
    """Scroll every cell into view, top to bottom; check those with figures."""
    problems = []
    for index in range(cells):
        page.evaluate(SCROLL_JS, index)
        if index not in figures:
            continue
        node = page.evaluate_handle(CELL_JS, index)
        where = f"{name}, cell {index}"
        found = _check_figures(page, node, where)
        if found:  # the cell as the user sees it, to look at
            node.screenshot(path=SCREENSHOTS / f"failed-{Path(name).stem}-cell-{index}.png")
        problems += found
        problems += _check_play_fits(page, node, where)
        shown = node.evaluate("n => n.innerText")
        if "Traceback (most recent call last)" in shown:
            problems.append(f"{where}: a traceback is shown: {shown[-800:]!r}")
    return problems


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_notebook_runs_and_draws_in_browser(browser, lab_root: str, name: str) -> None:
    shot = Path(name).stem
    page = browser.new_page(viewport=VIEWPORT)
    try:
        page.set_default_timeout(DRAW_TIMEOUT * 1000)
        start = time.monotonic()
        # a workspace of its own: no tabs of the notebooks before (and their kernels)
        url = f"{lab_root}/lab/workspaces/{shot}/tree/notebooks/{name}"
        page.goto(url, timeout=OPEN_TIMEOUT * 1000)
        _wait_state(page, lambda s: s["status"] == "idle", "no idle kernel", OPEN_TIMEOUT, shot)
        opened = time.monotonic()
        state = _run_all(page, shot)
        ran = time.monotonic()
        problems = _check_cells(page, state["figures"], state["cells"], name)
        page.screenshot(path=SCREENSHOTS / f"notebook-{shot}.png")
        checked = time.monotonic()
        print(
            f"\n{name}: opened in {opened - start:.1f} s, Run All {ran - opened:.1f} s, "
            f"{len(state['figures'])} cells with figures checked in {checked - ran:.1f} s"
        )
        assert not problems, f"{len(problems)} problems:\n" + "\n".join(problems)
    finally:
        with contextlib.suppress(Exception):  # the kernel would run on until the server stops
            page.evaluate(SHUTDOWN_JS)
        page.close()
