"""Real-browser check of the first run after an install: a play widget whose bot waits
for the compiler says so in its status line, in the page, while it waits.

JupyterLab (default settings) runs with ``NUMBA_CACHE_DIR`` at an empty temporary
folder, so the expert's first move compiles its kernel (several seconds). The person
picks a line and confirms; the test then sees the note in the widget's status line,
then the next turn. Screenshot: ``cold-start-note.png``.
"""

from __future__ import annotations

import re

import pytest
from lab_server import SCREENSHOTS, chromium, serve_lab, write_notebook
from test_jupyterlab import RENDER_TIMEOUT, _button, _lab_page, _wait_until

from vvlab.compiled.notice import NOTE
from vvlab.widgets import PlayController

pytestmark = pytest.mark.browser

NOTEBOOK = "cold.ipynb"
SEATS = ["person", "expert"]
CELL = (
    f'from vvlab.widgets import PlayWidget\nw = PlayWidget("tutorial", seats={SEATS!r}, seed=1)\nw'
)
NOTE_START = NOTE.split("(")[0].strip()


def test_the_play_widget_says_it_compiles_in_its_status_line(tmp_path) -> None:
    root = tmp_path / "root"
    root.mkdir()
    write_notebook(root / NOTEBOOK, [CELL])
    line = PlayController("tutorial", seats=SEATS, seed=1).legal_lines()[0]
    cold = {"NUMBA_CACHE_DIR": str(tmp_path / "numba")}
    with serve_lab(root, tmp_path / "lab", env=cold) as url, chromium() as browser:
        page = _lab_page(browser, f"{url}/lab/tree/{NOTEBOOK}")
        idle = page.locator("#jp-main-statusbar").get_by_text(re.compile(r"\|\s*Idle"))
        idle.wait_for(timeout=RENDER_TIMEOUT)
        page.locator(".jp-CodeCell .jp-InputArea-editor").first.click()
        page.keyboard.press("Shift+Enter")
        out = page.locator(".jp-CodeCell").first.locator(".jp-OutputArea")
        _button(out, line).wait_for(timeout=RENDER_TIMEOUT)
        _button(out, line).click()
        _button(out, "Confirm").click()  # the expert moves: its kernel compiles now
        note = out.locator(".widget-html", has_text=NOTE_START)
        _wait_until(page, lambda: note.count() > 0, "no compile note in the status line", 120)
        assert re.search(r"\(about \d+ s\)… \d+ s", note.first.inner_text())
        page.screenshot(path=SCREENSHOTS / "cold-start-note.png")
        turn = out.locator(".widget-html", has_text=re.compile(r"Turn 2, card"))
        _wait_until(page, lambda: turn.count() > 0, "the turn did not go on after compiling", 300)
        assert note.count() == 0  # the status line shows the game again
