"""Route edits offered by "Balance for me" (:class:`RouteChoices`): one row per
:class:`~vvlab.design.tune_routes.RouteSuggestion` — what changes, with station names,
and why, measured — with "Show on map" (the edit drawn over the canvas:
:mod:`~vvlab.widgets.editor.route_preview`) and "Apply this route" (the line's new route as one
undoable edit). The first suggestion is shown on the map as soon as they come in.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button
from vvlab.widgets.editor.route_preview import RoutePreview

if TYPE_CHECKING:
    from vvlab.design.tune_routes import RouteSuggestion
    from vvlab.widgets.editor.host import Editor
    from vvlab.widgets.job import Job

HEADING = "<b>Route changes that would help</b> (measured with the numbers above)"


class RouteChoices:
    """The route suggestions of the last search: ``suggestions``, their rows in
    ``box``, the one shown on the map (``shown``, an index, or ``None``)."""

    def __init__(self, editor: Editor, job: Job):
        self.editor, self.job = editor, job
        self.suggestions: list[RouteSuggestion] = []
        self.shown: int | None = None
        self.box = w.VBox()

    def offer(self, suggestions: Sequence[RouteSuggestion]) -> None:
        """Show ``suggestions`` (none: nothing), the first one on the map."""
        self.suggestions = list(suggestions)
        rows = [self._row(k, s) for k, s in enumerate(self.suggestions)]
        self.box.children = [w.HTML(HEADING), *rows] if rows else []
        self.show(0 if rows else None)

    def _row(self, k: int, s: RouteSuggestion) -> w.HBox:
        look = button("Show on map", icon="eye")
        look.on_click(lambda _: self.editor.act(self.show, k, at=self.job.message))
        apply = button("Apply this route", button_style="success")
        apply.on_click(lambda _: self.editor.act(self.apply, k, at=self.job.message))
        beside = w.Layout(flex="1 1 0%", min_width="0", margin="0 0 0 8px")
        words = w.HTML(f"<b>{html.escape(s.text)}</b> — {html.escape(s.why)}", layout=beside)
        return w.HBox([look, apply, words], layout=w.Layout(align_items="baseline"))

    def show(self, k: int | None) -> None:
        """Draw suggestion ``k`` over the canvas (``None``: none)."""
        self.shown = k
        if k is None:
            self.editor.controller.preview = None
            return
        s = self.suggestions[k]
        self.editor.controller.preview = RoutePreview(s.line, s.route, s.edit.stations, s.text)

    def apply(self, k: int) -> None:
        """Give the line of suggestion ``k`` its new route, one undoable edit; the other
        suggestions were measured on the old route, so they go."""
        s = self.suggestions[k]
        label = f"balance for me: {s.text}"
        self.editor.controller.line_edits.set_route(s.line, s.route, label)
        self.job.say(f"{label} (undo takes it back)")
        self.clear()

    def clear(self) -> None:
        """Offer nothing, show nothing on the map."""
        self.suggestions, self.box.children = [], []
        self.show(None)

    def refresh(self) -> Any:
        """Nothing to redraw: the preview is drawn with the canvas."""
