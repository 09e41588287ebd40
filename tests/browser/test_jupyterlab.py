"""Real-browser smoke test: the widgets render and respond in JupyterLab with Chromium.

Starts JupyterLab (default settings, cell windowing on) on a free localhost port with
a small notebook in a temporary folder, opens it in Debian's Chromium
(``/usr/bin/chromium``, installed by ``apt-get install -y chromium``; ``.ci/run`` does
this) driven by Playwright, runs every cell with Shift+Enter (a second ``PlayWidget``
out of view by then) and then, in the page:

- clicks a line button of the ``PlayWidget`` (after another, a change of mind) and
  "Confirm", and checks that the turn advanced (status text, map title), that the
  plotly map changed (its markers) and that the indicator box shows the number written
  (the SVG text in the page); then a second turn, a star, at 1400×900;
- types 6 lines and 40 stations into the ``MapEditor``, clicks "Generate" and checks
  that its statistics and canvas changed;
- checks that each ``PlayWidget`` map holds and draws its city's points, and that at
  1400×900 the map and the Confirm button are inside the viewport together and each
  map's legend and labels inside its output area (:mod:`figure_checks`);
- runs a small ``BalanceExplorer`` and checks, tab by tab at 1400×900, that each
  figure's legend, titles and tick labels lie inside its output area.

A screenshot of each step goes to ``tests/browser/screenshots/`` (git-ignored), and
``widget-play.png`` and ``widget-editor.png`` cropped to the widgets: the README's
screenshots. ``VVLAB_README_IMAGES=docs/images python -m pytest tests/browser`` also
copies these two there.

Skips when Chromium, Playwright or JupyterLab is missing. Run it alone with
``python -m pytest tests/browser -m browser``.
"""

from __future__ import annotations

import os
import re
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from figure_checks import shown_figure_problems
from lab_server import SCREENSHOTS, chromium, notebook_lab

pytestmark = pytest.mark.browser

NOTEBOOK = "widgets.ipynb"
RENDER_TIMEOUT = 120_000  # ms; kernel start, imports and the first widget render
STEP_TIMEOUT = 30_000  # ms; one click -> kernel -> widget update -> re-render
BROWSER_ERRORS: list[str] = []  # JavaScript errors seen in the page, for failure messages

PLAY_CELL = (
    'from vvlab.widgets import PlayWidget\nw = PlayWidget("tutorial", seats=["person"], seed=1)\nw'
)
EDITOR_CELL = 'from vvlab.widgets import MapEditor\ned = MapEditor("tutorial")\ned'
# A long output pushes the next widget out of the viewport when the cells run, as in
# notebooks/02-play.ipynb after Run All: its map must still be drawn with its points.
FILLER_CELL = 'print("\\n".join(f"line {i}" for i in range(150)))'
VERSUS_CELL = 'v = PlayWidget("berlin", seats=["person", "greedy"], seed=2)\nv'
EXPLORER_CELL = (
    "from vvlab.widgets import BalanceExplorer\n"
    'BalanceExplorer(["tutorial", "berlin"], bots=["greedy", "lookahead:depth=1"],'
    " players=[1, 2], games=40, seed=3)"
)
CELLS = [PLAY_CELL, EDITOR_CELL, FILLER_CELL, VERSUS_CELL, EXPLORER_CELL]
MAP_CELLS = {0: "tutorial", 3: "berlin"}  # the cells showing a PlayWidget

# Every marker plotly draws in the map: its shape, place and colour, as one string.
MARKERS_JS = """el => Array.from(el.querySelectorAll('.scatterlayer path.point'))
    .map(p => [p.getAttribute('d'), p.getAttribute('transform'), p.style.fill].join(' '))"""


@pytest.fixture(scope="module")
def lab(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A JupyterLab server on a free localhost port, serving a folder with the test
    notebook; yields the notebook's URL and stops the server (and its kernels)."""
    with notebook_lab(tmp_path_factory.mktemp("lab"), NOTEBOOK, CELLS) as url:
        yield url


@pytest.fixture(scope="module")
def page(lab: str) -> Iterator:
    """The test notebook open in headless Chromium, every cell run."""
    with chromium() as browser:
        pg = _lab_page(browser, lab, 1600, errors=BROWSER_ERRORS)
        cells = pg.locator(".jp-Notebook .jp-CodeCell")
        cells.nth(1).wait_for(timeout=RENDER_TIMEOUT)
        pg.screenshot(path=SCREENSHOTS / "01-notebook-open.png")
        # Run the cells only once the kernel is connected, or Shift+Enter does nothing.
        idle = pg.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle"))
        idle.wait_for(timeout=RENDER_TIMEOUT)
        cells.nth(0).locator(".jp-InputArea-editor").click()
        for _ in CELLS:  # run every cell, as Run All does
            pg.keyboard.press("Shift+Enter")
        prompt = cells.nth(len(CELLS) - 1).locator(".jp-InputPrompt")
        try:
            pg.wait_for_function(
                "el => /\\[(\\*|\\d+)\\]/.test(el.textContent)",
                arg=prompt.element_handle(),
                timeout=STEP_TIMEOUT,
            )
        except Exception as err:
            pg.screenshot(path=SCREENSHOTS / "failed-run-cells.png")
            raise AssertionError("Shift+Enter did not run the notebook's cells") from err
        yield pg


def _output(page, index: int):
    return page.locator(".jp-Notebook .jp-CodeCell").nth(index).locator(".jp-OutputArea")


def _wait_rendered(page, index: int, button: str, what: str):
    """The output of cell ``index`` once its widget shows the button ``button`` and a
    plotly plot; fails with what the output shows instead."""
    out = _output(page, index)
    try:
        _button(out, button).wait_for(timeout=RENDER_TIMEOUT)
        out.locator(".js-plotly-plot .scatterlayer path.point").first.wait_for(
            timeout=RENDER_TIMEOUT
        )
    except Exception as err:
        page.screenshot(path=SCREENSHOTS / f"failed-{what}.png")
        shown = out.inner_text(timeout=5_000) if out.count() else "(no output)"
        raise AssertionError(
            f"the {what} did not render within {RENDER_TIMEOUT // 1000} s; "
            f"the cell output shows: {shown[:1500]!r}"
        ) from err
    return out


def _lab_page(browser, url: str, height: int = 900, errors: list[str] | None = None):
    """A page of ``browser`` 1400 px wide and ``height`` tall, each step given
    :data:`STEP_TIMEOUT`, opened at ``url`` (JupyterLab: :data:`RENDER_TIMEOUT`);
    the page's errors and console errors go to ``errors``."""
    page = browser.new_page(viewport={"width": 1400, "height": height})
    page.set_default_timeout(STEP_TIMEOUT)
    if errors is not None:
        page.on("pageerror", lambda err: errors.append(f"page error: {err}"))
        page.on(
            "console",
            lambda msg: errors.append(f"console: {msg.text}") if msg.type == "error" else None,
        )
    page.goto(url, timeout=RENDER_TIMEOUT)
    return page


def _button(out, text: str):
    """The widget button whose whole text is ``text``."""
    return out.locator("button.widget-button", has_text=re.compile(rf"^\s*{re.escape(text)}\s*$"))


def _tab(out, title: str) -> None:
    """Open the tab ``title`` of the widget in ``out`` (the map editor's: files, print...)."""
    tab = out.locator(".lm-TabBar-tab", has_text=re.compile(rf"^\s*{re.escape(title)}\s*$"))
    tab.click()
    tab.page.wait_for_timeout(300)  # the pane is shown


def _markers(plot) -> list[str]:
    return plot.evaluate(MARKERS_JS)


def _wait_until(page, condition, message: str, timeout: float = STEP_TIMEOUT / 1000) -> None:
    """Wait until ``condition()`` holds; else fail with ``message`` and a screenshot."""
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            page.screenshot(path=SCREENSHOTS / "failed.png")
            errors = "\n".join(BROWSER_ERRORS[-10:]) or "none"
            raise AssertionError(
                f"{message} (see {SCREENSHOTS / 'failed.png'}); browser errors:\n{errors}"
            )
        time.sleep(0.25)


def _crop(page, out, bottom, name: str) -> None:
    """Screenshot ``out`` (a cell output) from its top down to the bottom of ``bottom``
    as ``name``; copied to ``$VVLAB_README_IMAGES`` when set (the README's images)."""
    out.evaluate("el => el.scrollIntoView({block: 'start'})")
    top, end = out.bounding_box(), bottom.bounding_box()
    assert top and end, f"{name}: the widget is not visible"
    height = min(end["y"] + end["height"] + 8, page.viewport_size["height"]) - top["y"]
    clip = {"x": top["x"], "y": top["y"], "width": top["width"], "height": height}
    page.screenshot(path=SCREENSHOTS / name, clip=clip)
    target = os.environ.get("VVLAB_README_IMAGES")
    if target:
        Path(target).mkdir(parents=True, exist_ok=True)
        shutil.copy(SCREENSHOTS / name, Path(target) / name)


def test_play_widget_turn_in_browser(page) -> None:
    from vvlab.widgets import PlayController

    game = PlayController("tutorial", seats=["person"], seed=1)
    line = game.legal_lines()[0]
    out = _wait_rendered(page, 0, line, "PlayWidget")
    plot = out.locator(".js-plotly-plot").first
    title = plot.locator(".gtitle")
    status = out.locator(".widget-html", has_text=re.compile(r"Turn \d+, card")).first
    page.screenshot(path=SCREENSHOTS / "02-play-rendered.png")
    assert "Turn 1," in status.inner_text(), status.inner_text()
    assert "turn 1 " in title.text_content(), title.text_content()
    before = _markers(plot)

    # A change of mind first: another line's preview, then the line played. Two
    # redraws before the turn's: the one that lost an empty box's label in plotly.js.
    other = game.legal_lines()[1]
    _button(out, other).click()
    _wait_until(
        page,
        lambda: out.get_by_text(f"line {other}: fills").count() == 1,
        f"picking line {other} showed no preview",
    )
    _button(out, line).click()
    preview = out.get_by_text(f"line {line}: fills")
    _wait_until(
        page,
        lambda: preview.count() == 1 and len(_markers(plot)) > len(before),
        f"picking line {line} showed no preview (text and markers on the map)",
    )
    page.screenshot(path=SCREENSHOTS / "03-play-line-picked.png")
    picked = _markers(plot)

    _button(out, "Confirm").click()
    _wait_until(
        page,
        lambda: "Turn 2," in status.inner_text(),
        f"the turn did not advance after Confirm: {status.inner_text()!r}",
    )
    _wait_until(
        page,
        lambda: "turn 2 " in title.text_content() and _markers(plot) not in (before, picked),
        "the map was not redrawn after the turn: its title says "
        f"{title.text_content()!r}, its markers changed: {_markers(plot) != picked}",
    )
    assert len(_markers(plot)) > len(before), "the confirmed move left no crosses on the map"
    assert preview.count() == 0, "the preview text stayed after confirming"
    game.choose(line=line)
    game.confirm()
    _wait_boxes(page, plot, game, line)
    page.screenshot(path=SCREENSHOTS / "04-play-turn-confirmed.png")
    _crop(page, out, out, "widget-play.png")
    _play_turn_at_1400_by_900(page, out, plot, game)


def _wait_boxes(page, plot, game, line: str) -> None:
    """Wait until the indicator boxes of ``line`` show on screen what the sheet of
    ``game`` (the widget's twin, a ``PlayController``) has written in them."""
    sheet = game.game.sheets[0]
    written = [*sheet.indicators[line], *[""] * sheet.free_indicators(line)]
    _wait_until(
        page,
        lambda: plot.evaluate(BOXES_JS, line) == written,
        f"line {line}'s indicator boxes show {plot.evaluate(BOXES_JS, line)} on screen, "
        f"not {written} as written on the sheet",
    )


def _play_turn_at_1400_by_900(page, out, plot, game) -> None:
    """The next turn (a star for seed 1) on a 1400x900 screen: what it writes shows in
    its indicator box as the turn is played."""
    size = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        line = game.legal_lines()[0]
        _button(out, line).click()
        _button(out, "Confirm").click()
        game.choose(line=line)
        game.confirm()
        _wait_boxes(page, plot, game, line)
        plot.evaluate("el => el.scrollIntoView({block: 'start'})")
        page.screenshot(path=SCREENSHOTS / "09-play-boxes-1400x900.png")
    finally:
        page.set_viewport_size(size)


def test_map_editor_generate_in_browser(page) -> None:
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    plot = out.locator(".js-plotly-plot").first
    stats = out.locator(".widget-html", has_text="Statistics").first
    out.evaluate("el => el.scrollIntoView({block: 'start'})")
    page.screenshot(path=SCREENSHOTS / "05-editor-rendered.png")
    stats_before, before = stats.inner_text(), _markers(plot)
    assert "12 stations, 4 lines" in stats_before, stats_before

    # A smaller city than the default: typing into the fields reaches the kernel too.
    _tab(out, "City & files")
    for label, value in (("lines", "6"), ("stations", "40")):
        field = out.locator(".widget-text", has=page.locator("label", has_text=label))
        field.locator("input").first.fill(value)
        field.locator("input").first.press("Tab")  # number fields sync on blur
    _button(out, "Generate").click()
    _tab(out, "Problems")
    _wait_until(
        page,
        lambda: stats.inner_text() != stats_before,
        f"the statistics did not change after Generate: {stats_before!r}",
    )
    _wait_until(
        page,
        lambda: len(_markers(plot)) != len(before),
        f"the canvas was not redrawn after Generate ({len(before)} markers)",
    )
    assert "6 lines" in stats.inner_text(), (
        f"Generate did not use the fields: {stats.inner_text()!r}"
    )
    page.screenshot(path=SCREENSHOTS / "06-editor-generated.png")
    _crop(page, out, plot.locator(".scatterlayer").first, "widget-editor.png")  # no blank below


# The texts plotly drew in the indicator boxes of a line, as the page shows them.
BOXES_JS = """(gd, line) => {
    const i = gd._fullData.findIndex(
        t => t.meta && t.meta.role === 'indicators' && t.meta.line === line);
    const layer = gd.querySelector('.scatterlayer .' + CSS.escape('trace' + gd._fullData[i].uid));
    return Array.from(layer.querySelectorAll('.textpoint'))
        .map(p => (p.textContent || '').trim());
}"""


# The number of points plotly holds in the traces of a plot (gd.data), all traces.
POINTS_JS = """el => (el.data || []).reduce((n, t) => n + (t.x ? t.x.length : 0), 0)"""


def test_every_play_map_has_its_points(page) -> None:
    """After the cells ran (one widget out of view then), each PlayWidget's map holds
    its city's traces and draws their markers once scrolled into view."""
    from vvlab import load_map

    for index, city in MAP_CELLS.items():
        out = _output(page, index)
        out.evaluate("el => el.scrollIntoView({block: 'start'})")
        plot = out.locator(".js-plotly-plot").first
        try:
            plot.wait_for(timeout=RENDER_TIMEOUT)
        except Exception as err:
            page.screenshot(path=SCREENSHOTS / f"failed-map-{index}.png")
            raise AssertionError(f"cell {index}: no plotly map rendered") from err
        stations = len(load_map(city).stations)
        _wait_until(
            page,
            lambda p=plot, n=stations: p.evaluate(POINTS_JS) >= n and len(_markers(p)) >= n,
            f"cell {index}: the {city} map has {plot.evaluate(POINTS_JS)} points in its "
            f"data and {len(_markers(plot))} markers drawn, expected at least {stations}",
        )
        page.screenshot(path=SCREENSHOTS / f"07-map-cell-{index}.png")


def test_play_widget_fits_1400_by_900(page) -> None:
    """On a 1400×900 screen the map and the Confirm button are seen together."""
    size = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        out = _output(page, 0)
        _button(out, "Confirm").wait_for()
        out.evaluate("el => el.scrollIntoView({block: 'start'})")
        time.sleep(0.5)  # let JupyterLab lay out the resized page
        page.screenshot(path=SCREENSHOTS / "08-play-1400x900.png")
        boxes = {
            "map": out.locator(".js-plotly-plot").first.bounding_box(),
            "Confirm": _button(out, "Confirm").bounding_box(),
        }
        for name, box in boxes.items():
            assert box is not None, f"the {name} is not visible"
            inside = box["y"] >= 0 and box["y"] + box["height"] <= 900
            inside = inside and box["x"] >= 0 and box["x"] + box["width"] <= 1400
            assert inside, f"the {name} is not inside the 1400×900 viewport: {box}"
        problems = shown_figure_problems(out, "play widget") + shown_figure_problems(
            _output(page, 3), "play widget against a bot"
        )
        assert not problems, "\n".join(problems)
    finally:
        page.set_viewport_size(size)


def _drawn_traces(out) -> int:
    """How many traces the figures shown (in the tab on view) under ``out`` draw."""
    return out.evaluate(
        """el => Array.from(el.querySelectorAll('.js-plotly-plot'))
            .filter(gd => gd.getClientRects().length > 0)
            .reduce((n, gd) => n + (gd.data || []).length, 0)"""
    )


def test_explorer_figures_fit_1400_by_900(page) -> None:
    """After a run, each tab's figure of the BalanceExplorer, at 1400×900, shows its
    legend, titles and tick labels inside the output area."""
    size = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        out = _output(page, 4)
        _button(out, "Run").click()
        plots = out.locator(".js-plotly-plot .scatterlayer, .js-plotly-plot .barlayer")
        _wait_until(page, lambda: plots.count() > 0, "the explorer drew no figure", 120)
        problems = []
        for tab in out.locator(".lm-TabBar-tab").all():
            tab.click()
            name = tab.inner_text().strip()
            _wait_until(
                page,
                lambda: _drawn_traces(out) > 0,
                f"the explorer's {name} tab shows no figure of the run",
                60,
            )
            out.evaluate("el => el.scrollIntoView({block: 'start'})")
            time.sleep(0.5)  # the tab's figure lays out when shown
            page.screenshot(path=SCREENSHOTS / f"14-explorer-{name.replace(' ', '-')}.png")
            problems += shown_figure_problems(out, f"explorer tab {name!r}")
        assert not problems, "\n".join(problems)
    finally:
        page.set_viewport_size(size)
