""" "Compare with a saved file" in the map editor: :class:`CompareBar` sets the city
being edited (b) against a saved version (a) with :func:`vvlab.design.compare_maps`:
what changed, and the verdicts that differ on the same deals. The games run in the
background with progress and Cancel (:class:`~vvlab.widgets.job.Job`) and stop at the
next block of games when cancelled.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, row
from vvlab.widgets.job import Job

if TYPE_CHECKING:
    from vvlab.design import MapComparison
    from vvlab.widgets.editor.host import Editor

COMPARE_GAMES = 500
"""Solo games per level and version."""


def comparison_html(cmp: MapComparison) -> str:
    """The changes as a table and the verdicts that differ as a list.

    >>> from vvlab.design import compare_maps
    >>> "nothing changed" in comparison_html(compare_maps("tutorial", "tutorial",
    ...                                                   bots=["greedy"], games=50))
    True
    """
    rows = "".join(
        "<tr>" + "".join(f"<td>{html.escape(cell)}</td>" for cell in _named(cmp, r)) + "</tr>"
        for r in cmp.structure.itertuples()
    )
    changes = (
        f"<table><tr><th>change</th><th>item</th><th>saved</th><th>now</th></tr>{rows}</table>"
        if rows
        else "<p>nothing changed</p>"
    )
    from vvlab.design.words import level_words

    differ = cmp.balance[cmp.balance["passed_a"] != cmp.balance["passed_b"]]
    items = "".join(
        f"<li>{html.escape(level_words(r.level) if r.level else 'every level')} "
        f"{html.escape(r.target)} "
        f"{html.escape(_line_name(cmp, r.line) if r.line else '')}: "
        f"{'PASS' if r.passed_a is True else 'FAIL'} → {'PASS' if r.passed_b is True else 'FAIL'}"
        "</li>"
        for r in differ.itertuples()
    )
    verdicts = f"<ul>{items}</ul>" if items else "<p>the same verdict on every target</p>"
    return (
        f"<div><b>Saved</b>: {html.escape(cmp.report_a.summary())}<br>"
        f"<b>Now</b>: {html.escape(cmp.report_b.summary())}{changes}"
        f"<b>Verdicts that differ</b>{verdicts}</div>"
    )


def _station_name(cmp: MapComparison, sid: str) -> str:
    for city in (cmp.b, cmp.a):
        if sid in city.stations:
            return city.stations[sid].name
    return sid


def _line_name(cmp: MapComparison, lid: str) -> str:
    for city in (cmp.b, cmp.a):
        for line in city.lines:
            if line.id == lid:
                return line.name
    return lid


def _named(cmp: MapComparison, row: Any) -> tuple[str, str, str, str]:
    """A change as the table shows it: stations and lines by their names.

    >>> import vvlab
    >>> from vvlab.design import compare_maps
    >>> data = vvlab.load_map("tutorial").to_dict(); data["lines"][2]["stations"].reverse()
    >>> cmp = compare_maps("tutorial", data, bots=["greedy"], games=20)
    >>> [_named(cmp, r) for r in cmp.structure.itertuples()]
    [('route', 'Crimson', 'Airport - Mill - Central', 'Central - Mill - Airport')]
    """
    change, item, a, b = row.change, row.item, row.a, row.b
    if change.startswith("station"):
        named = _station_name(cmp, item)
        return change, named, *(named if v == item else v for v in (a, b))
    named = _line_name(cmp, item)
    if change == "route":
        a, b = (" - ".join(_station_name(cmp, s) for s in v.split(" - ") if s) for v in (a, b))
        return change, named, a, b
    return change, named, *(named if v == item else v for v in (a, b))


class _GamesPlayed:
    """The games of a comparison's runs told to ``step`` as one count out of
    ``total``: each run (the random bot's and each level's games, for each version)
    counts from 0 again.

    >>> seen = []
    >>> games = _GamesPlayed(lambda done, total: seen.append(done), 1000)
    >>> for done in (256, 500, 256, 500):
    ...     games.tell(done, 500)
    >>> seen
    [256, 500, 756, 1000]
    """

    def __init__(self, step: Callable[[int, int], None], total: int):
        self.step, self.total, self.before = step, total, 0

    def tell(self, done: int, total: int) -> None:
        """``done`` of the ``total`` games of the current run are played."""
        self.step(min(self.before + done, self.total), self.total)
        if done >= total:
            self.before += total


class CompareBar:
    """A path field, "Compare" and the comparison (``last_comparison``), played in the
    background (``job``: Cancel, the bar's messages); ``wait()`` waits for it."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.last_comparison: MapComparison | None = None
        self.compare_path = w.Text(description="compare", layout=w.Layout(width="360px"))
        self.compare_button = button(
            "Compare with saved", reads=[(self.compare_path, "value")], icon="columns"
        )
        self.job = Job(self.compare_button, "comparing", describe=editor.error_text)
        self.compare_button.on_click(lambda _: editor.act(self.compare, at=self.job.message))
        self.comparison = w.HTML()
        head = row(self.compare_path, self.compare_button, *self.job.controls)
        self.box = w.VBox([head, self.job.message, self.comparison])

    def compare(self) -> None:
        """Compare the saved city at the path with the city being edited."""
        from vvlab.design import compare_maps
        from vvlab.design.balance import DEFAULT_BOTS

        source = self.compare_path.value.strip()
        if not source:
            raise ValueError("give the saved city's file (or a built-in map name) to compare")
        now = self.editor.controller.valid_city()
        self.comparison.value = ""

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            games = _GamesPlayed(step, COMPARE_GAMES * 2 * (1 + len(DEFAULT_BOTS)))
            return compare_maps(source, now, games=COMPARE_GAMES, progress=games.tell,
                                cancel=cancelled)  # fmt: skip

        self.job.start(work, self._show)

    def _show(self, cmp: MapComparison) -> str:
        self.last_comparison = cmp
        self.comparison.value = comparison_html(cmp)
        return ""

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the comparison in the background has ended."""
        self.job.wait(timeout)

    def refresh(self) -> None:
        """The field offers where the editor saves (a built-in name works too)."""
        self.compare_path.placeholder = str(self.editor.controller.default_path())
