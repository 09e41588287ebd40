""" "Balance for me" in the map editor: :class:`TuneBar` runs
:func:`vvlab.design.tune` in the background (progress bar, Cancel), then shows in a
designer's words (:mod:`vvlab.design.summary`) one paragraph for the city, one checkbox
per changed line with the reason, and the verdicts' tables folded away ("Details");
"Accept" applies the checked lines' boxes and bonuses as one undoable edit. With "also
suggest route changes" checked, route edits that would help are offered too, each shown
on the map and applied on its own (:class:`~vvlab.widgets.editor.route_choices.RouteChoices`).
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, compile_notes_in, row
from vvlab.widgets.editor.route_choices import RouteChoices
from vvlab.widgets.job import Job

VARY = ("indicators", "bonus")
"""What "Balance for me" changes; with "also suggest route changes", routes too."""

if TYPE_CHECKING:
    from vvlab.design import TuneResult
    from vvlab.widgets.editor.host import Editor

TUNE_GAMES = 300
"""Solo games per level and candidate: enough to rank candidates, quick in the editor."""
TUNE_EVALUATIONS = 120
"""Candidate cities judged at most by one click."""

STALE = (
    "The city's lines have changed since this search, so what it says above was "
    "measured on the city as it was: press “Balance for me” again to measure it as it is."
)
"""Said under the results once an edit changes what the games play (routes, boxes or
bonuses) to something the search neither started from nor offered."""


def played(city: Any) -> tuple[Any, ...]:
    """What the games of ``city`` depend on: each line's route, boxes and bonus (where
    the stations are drawn does not change a game).

    >>> import vvlab
    >>> paris = vvlab.load_map("paris")
    >>> played(paris) == played(vvlab.load_map("paris"))
    True
    """
    return tuple((ln.id, ln.stations, ln.indicators, ln.bonus) for ln in city.lines)


class TuneBar:
    """The "Balance for me" row and its results.

    ``last_tune`` is the last :class:`~vvlab.design.TuneResult`; the search runs in the
    background (``job``: progress, Cancel, the bar's messages); ``wait()`` waits for it
    to end (for scripts and tests).
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.last_tune: TuneResult | None = None
        self._searched: tuple[Any, ...] | None = None  # the city this bar's search started from
        self._fresh: set[tuple[Any, ...]] = set()  # the cities its results describe
        self.routes_choice = w.Checkbox(False, description="also suggest route changes",
                                        indent=False, layout=w.Layout(width="auto"))  # fmt: skip
        self.tune_button = button(
            "Balance for me",
            reads=[(self.routes_choice, "value")],
            icon="magic",
            button_style="info",
        )
        self.tune_button.on_click(lambda _: editor.act(self.start, at=self.job.message))
        self.job = Job(self.tune_button, "balancing", describe=self._failed)
        self.cancel_tune_button, self.tune_progress = self.job.controls
        self.tune_status = w.HTML()
        self.stale = w.HTML(f"<i>{html.escape(STALE)}</i>")
        self.stale.layout.display = "none"
        self.line_choices: dict[str, w.Checkbox] = {}
        self.choices_box = w.VBox()
        self.accept_button = button("Accept checked lines", reads=[], button_style="success")
        self.accept_button.on_click(lambda _: editor.act(self.accept, at=self.job.message))
        self.accept_button.layout.display = "none"
        self.route_choices = RouteChoices(editor, self.job)
        head = row(self.tune_button, self.routes_choice, *self.job.controls)
        parts = [head, self.job.message, self.tune_status, self.stale, self.choices_box,
                 self.accept_button]  # fmt: skip
        self.box = w.VBox([*parts, self.route_choices.box])

    @property
    def running(self) -> bool:
        """True while a search runs in the background."""
        return self.job.running

    def start(self) -> None:
        """Tune a copy of the city in the background (``MapError`` first when the city
        has problems); cancelled, nothing is offered."""
        from vvlab.design import tune

        city = self.editor.controller.valid_city()
        self._searched = played(city)
        self.tune_status.value = ""
        self.stale.layout.display = "none"
        self.choices_box.children, self.line_choices = (), {}
        self.accept_button.layout.display = "none"
        self.route_choices.clear()
        vary = ("indicators", "bonus", "routes") if self.routes_choice.value else VARY

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            with compile_notes_in(self.job.message):
                return tune(city, games=TUNE_GAMES, max_evaluations=TUNE_EVALUATIONS,
                            vary=vary, progress=step, cancel=cancelled)  # fmt: skip

        self.job.start(work, self.show)

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the background search has ended."""
        self.job.wait(timeout)

    def _failed(self, err: Exception) -> str:
        return f"balancing failed: {err}"

    def show(self, result: TuneResult) -> str:
        """Offer what a search found (this bar's, or a :func:`~vvlab.design.tune` run
        in the notebook on this city): its lines' numbers and its route edits."""
        from vvlab.design.tune_words import change_text, change_words, tuned_summary

        self.last_tune = result
        now = self.editor.controller.city()  # a search run in the notebook: this city
        start = self._searched or (played(now) if now is not None else None)
        self._fresh, self._searched = {start, played(result.city)}, None
        changed = result.changes[result.changes["changed"]]
        names = result.after.names
        self.line_choices = {
            r.line: w.Checkbox(
                True, description=change_text(r, names), indent=False,
                layout=w.Layout(width="auto", flex="0 0 auto"),
            )
            for r in changed.itertuples()
        }  # fmt: skip
        beside = w.Layout(flex="1 1 0%", min_width="0", margin="0 0 0 8px")
        reasons = {
            r.line: w.HTML(
                f"— {html.escape(change_words(r, result.before, result.after))}", layout=beside
            )
            for r in changed.itertuples()
        }
        details = w.HTML(
            "<details><summary>Details</summary>"
            f"<p>Before</p>{result.before.table_html()}"
            f"<p>With the changes</p>{result.after.table_html()}</details>"
        )
        lines = [
            w.HBox([box, reasons[lid]], layout=w.Layout(align_items="baseline"))
            for lid, box in self.line_choices.items()
        ]  # the reason beside its line, wrapped within the row
        self.choices_box.children = (*lines, details)
        self.accept_button.reads = [(box, "value") for box in self.line_choices.values()]
        self.accept_button.layout.display = None if self.line_choices else "none"
        self.tune_status.value = f"<div>{html.escape(tuned_summary(result))}</div>"
        self.route_choices.offer(result.routes)
        self.editor.refresh()  # the first route edit drawn on the canvas
        return ""

    def accept(self) -> None:
        """Apply the checked lines' boxes and bonuses as one undoable edit."""
        if self.last_tune is None:
            return
        chosen = [lid for lid, box in self.line_choices.items() if box.value]
        lines = {ln.id: ln for ln in self.last_tune.city.lines}
        numbers = {lid: (lines[lid].indicators, lines[lid].bonus_first, lines[lid].bonus_later)
                   for lid in chosen if lid in lines}  # fmt: skip
        if not numbers:
            self.job.say("no line checked: nothing changed")
            return
        label = f"balance for me: {', '.join(sorted(numbers))}"
        self.editor.controller.line_edits.set_numbers(numbers, label)
        self.job.say(f"{label} (undo takes it back)")
        self.accept_button.layout.display = "none"
        self.choices_box.children, self.line_choices = (), {}

    def refresh(self) -> None:
        """The results stay until accepted or run again; once the city's lines are
        neither those searched from nor those offered, a note says they are out of date."""
        city = self.editor.controller.city()
        if self.last_tune is None or city is None:
            return
        now = played(city)
        self.stale.layout.display = "none" if now in self._fresh else None
