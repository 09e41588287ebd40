"""A city from real data, and a tidy layout, in the map editor: :class:`LayoutBar`.

"Import GTFS…" replaces the city with one read from a transit agency's GTFS feed
(:func:`vvlab.design.from_gtfs`: a zip or folder, every metro route or the routes
named); "Tidy layout (schematic)" lays the stations out as a metro map
(:func:`vvlab.design.schematic`) and moves them there, with straight edges (bends
drawn for the old places go), keeping the stations pinned in the station bar where
they are if "keep the pinned stations" is ticked. Both may take a while: each runs in
the background with its own progress, Cancel and message area
(:class:`~vvlab.widgets.job.Job`), and stops within a step of its work when
cancelled, the city untouched. Both are one undoable edit; the import asks before
replacing unsaved edits.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, message_html, row
from vvlab.widgets.job import Job

if TYPE_CHECKING:
    from vvlab.widgets.editor.host import Editor


def _routes(text: str) -> list[str] | None:
    """Route names from a comma-separated field; ``None`` (every metro route) when blank.

    >>> _routes(" A, B ,"), _routes("  ")
    (['A', 'B'], None)
    """
    names = [part.strip() for part in text.split(",") if part.strip()]
    return names or None


class LayoutBar:
    """The GTFS import and the schematic layout, each in the background with its own
    progress, Cancel and message area (``import_job``, ``job``); ``wait()`` waits for
    both (for scripts and tests)."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.gtfs_path = w.Text(description="GTFS feed", placeholder="feed.zip or folder",
                                layout=w.Layout(width="340px"))  # fmt: skip
        self.gtfs_routes = w.Text(description="routes", placeholder="all metro routes",
                                  layout=w.Layout(width="240px"))  # fmt: skip
        self.import_gtfs_button = button(
            "Import GTFS…",
            reads=[(self.gtfs_path, "value"), (self.gtfs_routes, "value")],
            icon="download",
        )
        self.import_gtfs_button.on_click(lambda _: self._act(self._ask_import))
        self.confirm_import_button = button("Replace the city", button_style="warning")
        self.confirm_import_button.layout.display = "none"
        self.confirm_import_button.on_click(lambda _: self._act(self.import_gtfs))
        self.import_job = Job(self.import_gtfs_button, "importing the feed",
                              describe=editor.error_text, percent=True)  # fmt: skip
        self.import_message = self.import_job.message
        self.keep_pinned = w.Checkbox(False, description="keep the pinned stations",
                                      indent=False, layout=w.Layout(width="auto"))  # fmt: skip
        self.tidy_button = button(
            "Tidy layout (schematic)", reads=[(self.keep_pinned, "value")], icon="th"
        )
        self.tidy_button.on_click(lambda _: editor.act(self.start_tidy, at=self.layout_status))
        self.job = Job(self.tidy_button, "laying the city out", describe=self._no_layout,
                       percent=True)  # fmt: skip
        self.layout_status = self.job.message
        importing = row(self.gtfs_path, self.gtfs_routes, self.import_gtfs_button,
                        self.confirm_import_button, *self.import_job.controls)  # fmt: skip
        tidy = row(self.tidy_button, self.keep_pinned, *self.job.controls)
        self.box = w.VBox([importing, self.import_message, tidy, self.layout_status])

    def _act(self, action: Callable[[], None]) -> None:
        self.editor.act(action, at=self.import_message)

    def _ask_import(self) -> None:
        if not self.editor.controller.modified:
            self.import_gtfs()
            return
        self.confirm_import_button.layout.display = None
        self.import_message.value = message_html(
            'The import replaces this city and its edits: press "Replace the city" to go on '
            "(Undo brings them back)"
        )

    def import_gtfs(self) -> None:
        """Read the feed in the background, then replace the city with the one read
        (one undoable edit) unless cancelled."""
        from vvlab.design import from_gtfs

        self.confirm_import_button.layout.display = "none"
        path = self.gtfs_path.value.strip()
        if not path:
            raise ValueError("give the GTFS feed: a .zip file or a folder of .txt files")
        routes = _routes(self.gtfs_routes.value)

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            return from_gtfs(path, routes, progress=step, cancel=cancelled)

        self.import_job.start(work, self._imported)

    def _imported(self, city: Any) -> str:
        self.editor.controller.load(city.to_dict())
        self.editor.selected = None
        self.editor.painter.fit()
        self.editor.refresh()
        lines = ", ".join(ln.name for ln in city.lines)
        return f"imported {len(city.stations)} stations on the lines {lines} (Undo takes it back)"

    @property
    def running(self) -> bool:
        """True while a layout is worked out (or a feed read) in the background."""
        return self.job.running or self.import_job.running

    def start_tidy(self) -> None:
        """Lay the city out as a metro map in the background, then move its stations
        there unless cancelled (``MapError`` first when the city has problems)."""
        from vvlab.design import schematic

        city = self.editor.controller.valid_city()
        fixed = self.editor.controller.pinned_stations() if self.keep_pinned.value else frozenset()

        def work(step: Callable[[int, int], None], cancelled: Callable[[], bool]) -> Any:
            # as `vvlab sheet --schematic` does
            return schematic(city, fixed=fixed, progress=step, cancel=cancelled)

        self.job.start(work, self._apply)

    def _no_layout(self, err: Exception) -> str:
        return f"no layout: {self.editor.error_text(err)}"

    def _apply(self, laid_out: Any) -> str:
        """Move the stations (those still there: the user may have edited meanwhile)."""
        live = self.editor.controller.history.data["stations"]
        positions = {sid: (st.x, st.y) for sid, st in laid_out.stations.items() if sid in live}
        bends = {
            edge.between: [tuple(p) for p in edge.via]
            for edge in laid_out.edges
            if set(edge.between) <= live.keys()
        }  # the layout's own bends replace those drawn for the old places
        place = self.editor.controller.station_edits.place_all
        place(positions, "tidy layout", True, bends)
        self.editor.painter.fit()
        self.editor.refresh()
        return f"{len(positions)} stations laid out (Undo takes it back)"

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the background layout and import have ended."""
        self.job.wait(timeout)
        self.import_job.wait(timeout)

    def refresh(self) -> None:
        """Nothing to redraw on an edit."""
