""" "Balance for me" in the map editor: :class:`TuneBar` runs
:func:`vvlab.design.tune` in the background (progress bar, Cancel), then shows the
verdicts before and after, what still fails and why, and one checkbox per changed line;
"Accept" applies the checked lines' boxes and bonuses as one undoable edit.
"""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, compile_notes_in, row
from vvlab.widgets.job import Job

if TYPE_CHECKING:
    from vvlab.design import TuneResult
    from vvlab.widgets.editor.host import Editor

TUNE_GAMES = 300
"""Solo games per level and candidate: enough to rank candidates, quick in the editor."""
TUNE_EVALUATIONS = 120
"""Candidate cities judged at most by one click."""


def change_text(r: Any) -> str:
    """One line's change in words: ``U1: 1 → 3 boxes, bonus 5/3 → 7/2``."""
    parts = []
    if r.boxes_before != r.boxes_after:
        parts.append(f"{r.boxes_before} → {r.boxes_after} boxes")
    if r.bonus_before != r.bonus_after:
        parts.append(f"bonus {r.bonus_before} → {r.bonus_after}")
    return f"{r.line}: {', '.join(parts)}"


class TuneBar:
    """The "Balance for me" row and its results.

    ``last_tune`` is the last :class:`~vvlab.design.TuneResult`; the search runs in the
    background (``job``: progress, Cancel, the bar's messages); ``wait()`` waits for it
    to end (for scripts and tests).
    """

    def __init__(self, editor: Editor):
        self.editor = editor
        self.last_tune: TuneResult | None = None
        self.tune_button = button("Balance for me", icon="magic", button_style="info")
        self.tune_button.on_click(lambda _: editor.act(self.start, at=self.job.message))
        self.job = Job(self.tune_button, "balancing", describe=self._failed)
        self.cancel_tune_button, self.tune_progress = self.job.controls
        self.tune_status = w.HTML()
        self.line_choices: dict[str, w.Checkbox] = {}
        self.choices_box = w.VBox()
        self.accept_button = button("Accept checked lines", button_style="success")
        self.accept_button.on_click(lambda _: editor.act(self.accept, at=self.job.message))
        self.accept_button.layout.display = "none"
        head = row(self.tune_button, *self.job.controls)
        parts = [head, self.job.message, self.tune_status, self.choices_box, self.accept_button]
        self.box = w.VBox(parts)

    @property
    def running(self) -> bool:
        """True while a search runs in the background."""
        return self.job.running

    def start(self) -> None:
        """Tune a copy of the city in the background (``MapError`` first when the city
        has problems); cancelled, nothing is offered."""
        from vvlab.design import tune

        city = self.editor.controller.valid_city()
        self.tune_status.value = ""
        self.choices_box.children, self.line_choices = (), {}
        self.accept_button.layout.display = "none"

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            with compile_notes_in(self.job.message):
                return tune(city, games=TUNE_GAMES, max_evaluations=TUNE_EVALUATIONS,
                            progress=step, cancel=cancelled)  # fmt: skip

        self.job.start(work, self._finish)

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the background search has ended."""
        self.job.wait(timeout)

    def _failed(self, err: Exception) -> str:
        return f"balancing failed: {err}"

    def _finish(self, result: TuneResult) -> str:
        self._show_result(result)
        return ""

    def _show_result(self, result: TuneResult) -> None:
        self.last_tune = result
        ends = {"converged": "no better numbers found nearby", "cancelled": "cancelled",
                "max_evaluations": f"{len(result.history)} candidates judged",
                "budget_s": "out of time"}  # fmt: skip
        notes = "".join(f"<li>{html.escape(n)}</li>" for n in result.explanation)
        self.tune_status.value = (
            f"<div>before: {html.escape(result.before.heading())}<br>"
            f"after: {html.escape(result.after.heading())} "
            f"({html.escape(ends.get(result.stopped, result.stopped))})"
            + (f"<ul style='margin:2px 0'>{notes}</ul>" if notes else "")
            + "</div>"
        )
        changed = result.changes[result.changes["changed"]]
        self.line_choices = {
            r.line: w.Checkbox(
                True, description=change_text(r), indent=False, layout=w.Layout(width="auto")
            )
            for r in changed.itertuples()
        }
        self.choices_box.children = tuple(self.line_choices.values())
        self.accept_button.layout.display = None if self.line_choices else "none"

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
        """Nothing to redraw on an edit: the results stay until accepted or run again."""
