"""Real-browser check of the map editor's quick balance: its figures appear, and a
second run redraws them in place (no new plots) and reaches the page quickly.

Reuses the JupyterLab server and page of ``test_jupyterlab.py`` (its own instance:
the fixtures are module-scoped). The round-trip times are printed, not asserted
(``-s`` shows them); the figures' count and the summary are asserted. Run it with
``python -m pytest tests/browser/test_editor_browser.py -m browser -s``.
"""

from __future__ import annotations

import re
import time

import pytest
from figure_checks import shown_figure_problems
from test_jupyterlab import (  # the fixtures, imported to be used here
    SCREENSHOTS,
    _button,
    _tab,
    _wait_rendered,
    _wait_until,
    lab,  # noqa: F401
    page,  # noqa: F401
)

pytestmark = pytest.mark.browser


def test_quick_balance_figures_update_in_place(page) -> None:  # noqa: F811
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    _tab(out, "Quick balance")
    plots = out.locator(".js-plotly-plot")
    summary = out.locator(".widget-html", has_text="solo games played")
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
        f"the second balance did not update the summary: {text!r}",
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
    problems = shown_figure_problems(out, "editor's quick balance")  # 1400 px wide
    assert not problems, "\n".join(problems)
    print(f"\nquick balance in the browser: first {first:.2f} s, again {again:.2f} s")


def _field(out, kind: str, label: str):
    """The control of class ``kind`` labelled exactly ``label`` (its first)."""
    name = out.page.locator("label", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    return out.locator(f".{kind}", has=name).first


def test_apply_right_after_switching_lines_in_browser(page) -> None:  # noqa: F811
    """Nothing typed is lost: a line picked, its boxes and bonus typed and Apply
    clicked at once, as fast as Playwright goes (no wait for the kernel), round after
    round; then each line, picked again, shows what was applied."""
    out = _wait_rendered(page, 1, "Apply", "MapEditor")
    picker = _field(out, "widget-dropdown", "line").locator("select")
    shown_id = _field(out, "widget-text", "id").locator("input")
    boxes, first, later = (
        _field(out, "widget-text", label).locator("input") for label in ("boxes", "first", "later")
    )
    apply = _button(out, "Apply")
    apply.scroll_into_view_if_needed()

    def stored(lid: str) -> tuple[str, str, str]:
        picker.select_option(lid)
        _wait_until(page, lambda: shown_id.input_value() == lid, f"line {lid} was not shown")
        time.sleep(0.5)  # every field of the line has arrived
        return boxes.input_value(), first.input_value(), later.input_value()

    lids = picker.locator("option").all_inner_texts()
    wanted: dict[str, tuple[str, str, str]] = {}
    for round_ in range(3):
        for k, lid in enumerate(lids):
            values = (str((round_ + k) % 6 + 1), str(10 + round_ * 4 + k), str(round_ + k))
            picker.select_option(lid)  # no wait: its form shows at once, in the page
            for field, value in zip((boxes, first, later), values, strict=True):
                field.fill(value)
            apply.click()
            wanted[lid] = values
        time.sleep(0.5)
        found = {lid: stored(lid) for lid in lids}
        assert found == wanted, f"round {round_}: Apply kept other values than typed"
    page.screenshot(path=SCREENSHOTS / "13-editor-apply-fast.png")


# Where a station of the canvas is on the page: [x, y] in client pixels, from the plot's
# data and its axes (plotly's own conversion).
STATION_AT_JS = """([gd, sid]) => {
    const t = gd.data.find(t => t.meta && t.meta.role === "stations");
    const i = t.meta.ids.indexOf(sid), fl = gd._fullLayout;
    const box = gd.querySelector(".main-svg").getBoundingClientRect();
    return [box.left + fl._size.l + fl.xaxis.l2p(t.x[i]),
            box.top + fl._size.t + fl.yaxis.l2p(t.y[i]), t.x[i], t.y[i]];
}"""
# The size in pixels of one unit of the plan (x axis).
UNIT_PX_JS = "gd => gd._fullLayout.xaxis.l2p(1) - gd._fullLayout.xaxis.l2p(0)"
# The axes' ranges as plotly.js shows them.
RANGES_JS = "gd => [gd._fullLayout.xaxis.range, gd._fullLayout.yaxis.range]"
# Each number written on the canvas (a transfer's star value) with the distance in
# pixels from its centre to the nearest station's centre.
STAR_TEXTS_JS = """gd => {
    const t = gd.data.find(t => t.meta && t.meta.role === "stations"), fl = gd._fullLayout;
    const at = t.x.map((x, i) => [fl.xaxis.l2p(x), fl.yaxis.l2p(t.y[i])]);
    const svg = gd.querySelector(".main-svg").getBoundingClientRect();
    const origin = {left: svg.left + fl._size.l, top: svg.top + fl._size.t};
    return Array.from(gd.querySelectorAll(".scatterlayer .textpoint text"))
        .filter(el => /^\\d+$/.test(el.textContent))
        .map(el => {
            const r = el.getBoundingClientRect();
            const cx = r.left + r.width / 2 - origin.left, cy = r.top + r.height / 2 - origin.top;
            return [el.textContent, Math.min(...at.map(([x, y]) => Math.hypot(x - cx, y - cy)))];
        });
}"""


def test_drag_a_station_in_browser(page) -> None:  # noqa: F811
    """At 1400×900 the canvas writes each transfer's star value in its station, as the
    sheet does; a station pressed, dragged two grid steps right and released moves
    there, and the view stays as it was."""
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    plot = out.locator(".js-plotly-plot").first
    page.set_viewport_size({"width": 1400, "height": 900})
    plot.evaluate("el => el.scrollIntoView({block: 'center'})")
    time.sleep(0.5)
    gd = plot.element_handle()
    from vvlab import load_map

    city = load_map("tutorial")
    stars = page.evaluate(STAR_TEXTS_JS, gd)
    page.screenshot(path=SCREENSHOTS / "14-editor-canvas-1400x900.png")
    page.set_viewport_size({"width": 1400, "height": 1600})
    wanted = sorted(str(city.star_value(s)) for s in city.transfer_stations)
    assert sorted(text for text, _ in stars) == wanted, stars
    assert all(off < 4 for _, off in stars), f"a star value is off its station: {stars}"
    view = page.evaluate(RANGES_JS, gd)
    sid = "zoo"
    px, py, x0, y0 = page.evaluate(STATION_AT_JS, [gd, sid])
    unit = abs(page.evaluate(UNIT_PX_JS, gd))
    page.mouse.move(px, py)
    time.sleep(0.4)  # plotly reports the hovered station
    page.mouse.down()
    for k in range(1, 9):  # in steps, as a hand moves
        page.mouse.move(px + 2 * unit * k / 8, py, steps=2)
    page.screenshot(path=SCREENSHOTS / "09-editor-dragging.png")
    page.mouse.up()
    _wait_until(
        page,
        lambda: page.evaluate(STATION_AT_JS, [gd, sid])[2:] == [x0 + 2, y0],
        f"the station {sid} did not move from ({x0}, {y0}) to ({x0 + 2}, {y0}): "
        f"it is at {page.evaluate(STATION_AT_JS, [gd, sid])[2:]}",
    )
    names = out.locator(".widget-text", has=page.locator("label", has_text="name"))
    shown = names.first.locator("input").first.input_value()  # the station's, beside the canvas
    assert shown == city.stations[sid].name, f"the name box shows {shown!r}"
    assert page.evaluate(RANGES_JS, gd) == view, "the view moved with the station"
    page.screenshot(path=SCREENSHOTS / "10-editor-dragged.png")


def test_balance_for_me_in_browser(page) -> None:  # noqa: F811
    """The editor's "Balance for me" shows its progress, then one paragraph for the city
    in a designer's words, one checkbox per changed line with the reason beside it, and
    the verdicts' tables folded away under "Details"; "Accept checked lines" applies
    them as one edit."""
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    _tab(out, "Balance for me")
    tune_button = _button(out, "Balance for me")
    tune_button.scroll_into_view_if_needed()
    start = time.monotonic()
    tune_button.click()
    # has_text matches the text content, also of parts JupyterLab leaves unrendered
    # off-screen (which inner_text leaves out)
    running = out.locator(".widget-html", has_text="balancing")
    _wait_until(page, lambda: running.count() > 0, "no progress was shown")
    verdict = re.compile(  # the tune's paragraph, not the quick balance's verdict
        r"^\s*(With (this change|these \d+ changes), |No other boxes or bonuses do better\. )"
        r"Tutorial \(copy\) (misses|passes)"
    )
    status = out.locator(".widget-html", has_text=verdict)
    _wait_until(page, lambda: status.count() > 0, "the verdict in words did not appear", 300)
    took = time.monotonic() - start
    paragraph = status.first.inner_text()
    for word in ("n/a", "seed", "greedy", "lookahead", "expert", "--", "=True"):
        assert word not in paragraph, (word, paragraph)
    assert "players" in paragraph, paragraph
    boxes = out.locator(".widget-checkbox", has_text="→")  # a changed line's
    _wait_until(page, lambda: boxes.count() >= 1, "no changed line was offered")
    assert boxes.first.locator("input").is_checked()
    names = ("Amber", "Blue", "Crimson", "Green")  # the tutorial's lines, by name
    for k in range(boxes.count()):
        said = " ".join(boxes.nth(k).locator("xpath=..").inner_text().split())  # its row
        assert said.split(":")[0] in names and " — " in said, said  # name, change, why
    details = out.locator("details", has_text="With the changes")  # not the quick balance's
    assert details.count() == 1 and details.get_attribute("open") is None  # on demand
    assert not details.locator("table").first.is_visible()
    boxes.first.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "11-editor-balance-for-me.png")
    details.locator("summary").click()
    _wait_until(page, lambda: details.locator("table").first.is_visible(), "no details shown")
    assert details.locator("td", has_text="PASS").count() >= 1
    details.locator("summary").scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "12-editor-balance-details.png")
    print(f"\nbalance for me, as shown:\n{paragraph}")
    _button(out, "Accept checked lines").click()
    _wait_until(
        page,
        lambda: (
            out.locator(".widget-html", has_text="balance for me:").count() > 0
            and boxes.count() == 0
        ),
        "accepting did not apply the checked lines",
    )
    print(f"\nbalance for me in the browser: {took:.1f} s")


# The bends' handles on the canvas: [[x, y], ...] in plan units (none while hidden).
BENDS_JS = """gd => {
    const t = gd.data.find(t => t.meta && t.meta.role === "bends" && t.visible !== false);
    return t ? t.x.map((x, i) => [x, t.y[i]]) : [];
}"""


def test_bend_a_line_in_browser(page) -> None:  # noqa: F811
    """In "move" mode, the line from Castle to Zoo pressed halfway and dragged two grid
    steps up gets a bend there; its handle dragged moves it; a double-click on the
    handle removes it."""
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    out.locator("button.widget-toggle-button", has_text=re.compile(r"^\s*move\s*$")).click()
    plot = out.locator(".js-plotly-plot").first
    plot.evaluate("el => el.scrollIntoView({block: 'center'})")
    gd = plot.element_handle()
    _wait_until(page, lambda: page.evaluate(BENDS_JS, gd) == [], "no bends expected yet")
    ax, ay, x0, y0 = page.evaluate(STATION_AT_JS, [gd, "castle"])
    x1 = page.evaluate(STATION_AT_JS, [gd, "zoo"])[2]
    unit = abs(page.evaluate(UNIT_PX_JS, gd))
    px, py = ax + unit * round((x1 - x0) / 2), ay  # a grid point on the line, not a station
    page.mouse.move(px, py)
    time.sleep(0.4)
    page.mouse.down()
    for k in range(1, 9):
        page.mouse.move(px, py - 2 * unit * k / 8, steps=2)
    page.mouse.up()
    bend_x = x0 + round((x1 - x0) / 2)

    def bent() -> bool:
        handles = page.evaluate(BENDS_JS, gd)
        return len(handles) == 1 and handles[0][0] == bend_x and abs(handles[0][1] - y0) == 2

    _wait_until(page, bent, f"the line got no bend two grid steps off ({bend_x}, {y0})")
    page.screenshot(path=SCREENSHOTS / "12-editor-bend.png")
    hx, hy = px, py - 2 * unit  # the bend's handle: dragged one grid step right
    page.mouse.move(hx, hy)
    time.sleep(0.4)
    page.mouse.down()
    for k in range(1, 5):
        page.mouse.move(hx + unit * k / 4, hy, steps=2)
    page.mouse.up()
    _wait_until(
        page,
        lambda: [h[0] for h in page.evaluate(BENDS_JS, gd)] == [bend_x + 1],
        "the bend's handle did not move one grid step right",
    )
    page.mouse.move(hx + unit, hy)
    time.sleep(0.4)
    page.mouse.dblclick(hx + unit, hy)
    _wait_until(page, lambda: page.evaluate(BENDS_JS, gd) == [], "the bend was not removed")


# The boxes of the editor's parts on the page, in client pixels: the whole editor (the
# cell's widget), its output area, the canvas's figure and its drawing area (the axes).
MEASURE_JS = """el => {
    const box = e => { const r = e.getBoundingClientRect();
        return {x: r.x, y: r.y, width: r.width, height: r.height}; };
    const editor = el.querySelector(".jp-OutputArea-output .widget-vbox");
    const gd = el.querySelector(".js-plotly-plot"), size = gd._fullLayout._size;
    return {editor: box(editor), area: box(el), figure: box(gd.querySelector(".main-svg")),
            canvas: {x: box(gd).x + size.l, y: box(gd).y + size.t, width: size.w, height: size.h}};
}"""


def _shown_field(out, label: str):
    """The text field labelled exactly ``label`` that is shown (others of that label
    hide in tabs, or belong to another mode or line)."""
    name = out.page.locator("label", has_text=re.compile(rf"^\s*{re.escape(label)}\s*$"))
    return out.locator(".widget-text:visible", has=name).first


def _inside(box, width: int, height: int) -> bool:
    return (
        box["x"] >= 0
        and box["y"] >= 0
        and box["x"] + box["width"] <= width
        and box["y"] + box["height"] <= height
    )


def test_the_editor_fits_one_screen_in_browser(page) -> None:  # noqa: F811
    """At 1400×900 the whole editor is at most 760 px tall and 1100 px wide, its canvas
    at least 400×300, and in "draw line" mode Finish line and the line's name, boxes
    and bonuses are on screen beside the canvas without scrolling."""
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    size = page.viewport_size
    page.set_viewport_size({"width": 1400, "height": 900})
    try:
        out.locator(
            "button.widget-toggle-button", has_text=re.compile(r"^\s*draw line\s*$")
        ).click()
        out.evaluate("el => el.scrollIntoView({block: 'start'})")
        time.sleep(1.0)  # the mode's controls arrive, JupyterLab lays the page out
        page.screenshot(path=SCREENSHOTS / "14-editor-one-screen.png")
        boxes = out.evaluate(MEASURE_JS)
        print(f"\neditor parts at 1400×900: {boxes}")
        editor, canvas = boxes["editor"], boxes["canvas"]
        assert editor["height"] <= 760 and editor["width"] <= 1100, editor
        assert canvas["width"] >= 400 and canvas["height"] >= 300, canvas
        assert _inside(canvas, 1400, 900), f"the canvas is not on screen: {canvas}"
        right = canvas["x"] + canvas["width"]
        labels = {"Finish line": _button(out, "Finish line")}
        labels |= {label: _shown_field(out, label) for label in ("name", "boxes", "first", "later")}
        for label, control in labels.items():
            box = control.bounding_box()
            assert box is not None, f"{label} is not shown in draw line mode"
            assert _inside(box, 1400, 900), f"{label} needs scrolling: {box}"
            assert box["x"] >= right - 1, f"{label} is not beside the canvas: {box}"
        _check_refusal_shown_in_full(out)
    finally:
        page.set_viewport_size(size)


# How a message is shown: its box, whether its element (and its content) shows all of
# its text, and whether the pane that holds it shows all of its box.
SHOWN_JS = """el => {
    const r = el.getBoundingClientRect(), inner = el.firstElementChild || el;
    const pane = el.closest(".vvlab-editor-pane") || el.parentElement;
    const p = pane.getBoundingClientRect();
    return {box: {x: r.x, y: r.y, width: r.width, height: r.height},
            whole: el.scrollHeight <= el.clientHeight && inner.scrollHeight <= inner.clientHeight,
            in_pane: r.top >= p.top - 1 && r.bottom <= p.bottom + 1};
}"""


def _open_city(out, name: str) -> None:
    _tab(out, "City & files")
    out.locator(".widget-tab .widget-dropdown:visible select").first.select_option(name)
    _button(out, "Open").click()


def _check_refusal_shown_in_full(out) -> None:
    """Berlin as drawn is too cramped to print: the refusal (a long message naming the
    crowded stations) is shown under "Print sheet", whole, on screen."""
    pg = out.page
    out.locator("button.widget-toggle-button", has_text=re.compile(r"^\s*select\s*$")).click()
    _open_city(out, "berlin")
    _wait_until(
        pg,
        lambda: "Berlin" in (out.locator(".js-plotly-plot .gtitle").first.text_content() or ""),
        "Berlin did not open",
    )
    _tab(out, "Print")
    button = _button(out, "Print sheet")
    button.click()
    refusal = out.locator(".widget-html:visible", has_text="does not print readably").last
    _wait_until(pg, lambda: refusal.count() > 0, "no refusal was shown")
    time.sleep(0.5)
    pg.screenshot(path=SCREENSHOTS / "15-editor-print-refused.png")
    shown = refusal.evaluate(SHOWN_JS)
    near = button.bounding_box()
    try:
        assert shown["whole"], f"the refusal is cut: {shown}"
        assert shown["in_pane"], f"the refusal is partly scrolled out of its tab: {shown}"
        assert _inside(shown["box"], 1400, 900), f"the refusal is off screen: {shown}"
        gap = shown["box"]["y"] - (near["y"] + near["height"])
        assert 0 <= gap <= 60, f"the refusal is {gap:.0f} px from Print sheet: {shown}, {near}"
        text = refusal.inner_text()
        assert text.rstrip().endswith("or use larger paper."), text
    finally:
        _open_city(out, "tutorial")  # the tests after this one edit the tutorial
        _tab(out, "Problems")


def test_autosave_offers_the_draft_in_browser(page) -> None:  # noqa: F811
    """An edit keeps a draft; the editor's cell run again (a new editor on the same
    city) offers "Restore the draft from HH:MM", which brings the edit back. Last: it
    replaces the editor the tests above use."""
    out = _wait_rendered(page, 1, "Undo", "MapEditor")
    _tab(out, "City & files")
    city_name = out.locator(
        ".widget-tab .widget-text:visible", has=page.locator("label", has_text="name")
    ).first
    city_name.locator("input").first.fill("Tutorial (draft)")
    city_name.locator("input").first.press("Tab")
    _button(out, "Set city id/name").click()
    time.sleep(1.0)  # the edit reaches the kernel, which writes the draft
    page.locator(".jp-Notebook .jp-CodeCell").nth(1).locator(".jp-InputArea-editor").click()
    page.keyboard.press("Shift+Enter")  # the cell again: MapEditor("tutorial")
    restore = out.locator(
        "button.widget-button", has_text=re.compile(r"^\s*Restore the draft from \d\d:\d\d\s*$")
    )
    _wait_until(page, lambda: restore.count() == 1, "the new editor offered no draft")
    restore.scroll_into_view_if_needed()
    page.screenshot(path=SCREENSHOTS / "13-editor-draft-offered.png")
    restore.click()
    _tab(out, "City & files")
    _wait_until(
        page,
        lambda: city_name.locator("input").first.input_value() == "Tutorial (draft)",
        "restoring the draft did not bring the city's new name back",
    )
    assert restore.count() == 0 or not restore.is_visible()
