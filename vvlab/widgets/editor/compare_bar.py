""" "Compare with a saved file" in the map editor: :class:`CompareBar` sets the city
being edited (b) against a saved version (a) with :func:`vvlab.design.compare_maps`:
what changed, and the verdicts that differ on the same deals.
"""

from __future__ import annotations

import html
from typing import TYPE_CHECKING

import ipywidgets as w

from vvlab.widgets.controls import button, row

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
        f"<tr><td>{html.escape(r.change)}</td><td>{html.escape(r.item)}</td>"
        f"<td>{html.escape(r.a)}</td><td>{html.escape(r.b)}</td></tr>"
        for r in cmp.structure.itertuples()
    )
    changes = (
        f"<table><tr><th>change</th><th>item</th><th>saved</th><th>now</th></tr>{rows}</table>"
        if rows
        else "<p>nothing changed</p>"
    )
    differ = cmp.balance[cmp.balance["passed_a"] != cmp.balance["passed_b"]]
    items = "".join(
        f"<li>{html.escape(r.level or '(any)')} {html.escape(r.target)} {html.escape(r.line)}: "
        f"{'PASS' if r.passed_a is True else 'FAIL'} → {'PASS' if r.passed_b is True else 'FAIL'}"
        "</li>"
        for r in differ.itertuples()
    )
    verdicts = f"<ul>{items}</ul>" if items else "<p>the same verdict on every target</p>"
    return (
        f"<div><b>Saved</b>: {html.escape(cmp.report_a.heading())}<br>"
        f"<b>Now</b>: {html.escape(cmp.report_b.heading())}{changes}"
        f"<b>Verdicts that differ</b>{verdicts}</div>"
    )


class CompareBar:
    """A path field, "Compare" and the comparison (``last_comparison``)."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.last_comparison: MapComparison | None = None
        self.compare_path = w.Text(description="compare", layout=w.Layout(width="420px"))
        self.compare_button = button("Compare with saved", icon="columns")
        self.compare_button.on_click(lambda _: editor.act(self.compare))
        self.comparison = w.HTML()
        self.box = w.VBox([row(self.compare_path, self.compare_button), self.comparison])

    def compare(self) -> None:
        """Compare the saved city at the path with the city being edited."""
        from vvlab.design import compare_maps

        source = self.compare_path.value.strip()
        if not source:
            raise ValueError("give the saved city's file (or a built-in map name) to compare")
        now = self.editor.controller.valid_city()
        self.comparison.value = "comparing..."
        try:
            cmp = compare_maps(source, now, games=COMPARE_GAMES)
        except Exception:
            self.comparison.value = ""
            raise
        self.last_comparison = cmp
        self.comparison.value = comparison_html(cmp)

    def refresh(self) -> None:
        """The field offers where the editor saves (a built-in name works too)."""
        self.compare_path.placeholder = str(self.editor.controller.default_path())
