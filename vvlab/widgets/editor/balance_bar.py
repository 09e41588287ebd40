"""The quick balance of the map editor: :class:`BalanceBar` plays solo greedy games on
the city being edited in the background (progress, Cancel: :class:`~vvlab.widgets.job.Job`),
then shows their summary, the verdict on every balance target at that level, and two
figures, redrawn in place on the next run."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, compile_notes_in, message_html, number, row
from vvlab.widgets.editor.stats import QuickBalance, quick_balance, warm_up
from vvlab.widgets.figure_update import FigureUpdate
from vvlab.widgets.job import Job

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor


class BalanceBar:
    """Quick balance: solo greedy games on the city, their summary, the verdict on every
    balance target at that level, and figures (``last_balance`` is the last
    :class:`~vvlab.widgets.editor.stats.QuickBalance`); ``wait()`` waits for a run in
    the background to end.

    >>> from vvlab.widgets.editor.view import MapEditor
    >>> bar = MapEditor("tutorial").balance_bar
    >>> bar.balance_games.value = 20; bar.balance_button.click(); bar.wait()
    >>> "20 solo games" in bar.balance_summary.value, len(bar.last_balance.result.games)
    (True, 20)
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.last_balance: QuickBalance | None = None
        self.balance_games = number("games", 2000)
        self.balance_seed = number("seed", 0)
        self.balance_button = button(
            "Quick balance",
            reads=[(self.balance_games, "value"), (self.balance_seed, "value")],
            icon="bar-chart",
        )
        self.job = Job(self.balance_button, "playing the games", describe=editor.error_text)
        self.balance_button.on_click(lambda _: editor.act(self.start, at=self.job.message))
        self.balance_summary = w.HTML()
        self.balance_verdict = w.HTML()
        self.figure_updates: list[FigureUpdate] = []  # made at the first run
        self.balance_figures = w.VBox()
        head = row(self.balance_games, self.balance_seed, self.balance_button, *self.job.controls)
        parts = [head, self.job.message, self.balance_summary, self.balance_verdict]
        self.box = w.VBox([*parts, self.balance_figures])
        warm_up()

    def start(self) -> None:
        """Play the games in the background (``MapError`` first when the city has
        problems); the last results stay until the new ones are in."""
        city = self.editor.controller.valid_city()
        games, seed = self.balance_games.value, self.balance_seed.value

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            with compile_notes_in(self.balance_summary):
                return quick_balance(city, games, seed, progress=step, cancel=cancelled)

        self.job.start(work, self._show)

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the games in the background are played."""
        self.job.wait(timeout)

    def _show(self, qb: QuickBalance) -> str:
        self.last_balance = qb
        self.balance_summary.value = message_html(qb.summary())
        self.balance_verdict.value = qb.report.compact_html() if qb.report else ""
        figures = tuple(_at_pane_width(f) for f in (qb.score_figure(), qb.lines_figure()))
        if not self.figure_updates:
            self.figure_updates = [FigureUpdate() for _ in figures]
            self.balance_figures.children = [update.widget for update in self.figure_updates]
        for update, fig in zip(self.figure_updates, figures, strict=True):
            update.show(fig)
        return ""

    def refresh(self) -> None:
        """Nothing to show between two runs."""


FIGURE_WIDTH = 900
"""The quick balance's figures' width in pixels: their tab pane spans the editor (968
px in JupyterLab at 1400×900, less its scroll bar); at the canvas' 600 px the three
titles of the lines figure ran into each other."""


def _at_pane_width(fig: Any) -> Any:
    """A figure as wide as the editor's tab pane, its legend fitted again to that
    width."""
    from vvlab.viz.layout import fit_legend

    width = min(fig.layout.width or FIGURE_WIDTH, FIGURE_WIDTH)
    return fit_legend(fig.update_layout(width=width))
