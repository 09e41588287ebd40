"""A city from real data, and a tidy layout, in the map editor: :class:`LayoutBar`.

"Import GTFS…" replaces the city with one read from a transit agency's GTFS feed
(:func:`vvlab.design.from_gtfs`: a zip or folder, every metro route or the routes
named); "Tidy layout (schematic)" lays the stations out as a metro map
(:func:`vvlab.design.schematic`, in the background: it may take a while) and moves them
there, with straight edges (bends drawn for the old places go), keeping the stations
pinned in the station bar where they are if "keep the pinned stations" is ticked. Both
are one undoable edit; the import asks before replacing unsaved edits.
"""

from __future__ import annotations

import threading
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from vvlab.widgets.controls import button, message_html, row

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
    """The GTFS import and the schematic layout; ``wait()`` waits for a layout running
    in the background (for scripts and tests)."""

    def __init__(self, editor: Editor):
        self.editor = editor
        self.thread: threading.Thread | None = None
        self.gtfs_path = w.Text(description="GTFS feed", placeholder="feed.zip or folder",
                                layout=w.Layout(width="340px"))  # fmt: skip
        self.gtfs_routes = w.Text(description="routes", placeholder="all metro routes",
                                  layout=w.Layout(width="240px"))  # fmt: skip
        self.import_gtfs_button = button("Import GTFS…", icon="download")
        self.import_gtfs_button.on_click(lambda _: editor.act(self._ask_import))
        self.confirm_import_button = button("Replace the city", button_style="warning")
        self.confirm_import_button.layout.display = "none"
        self.confirm_import_button.on_click(lambda _: editor.act(self.import_gtfs))
        self.tidy_button = button("Tidy layout (schematic)", icon="th")
        self.tidy_button.on_click(lambda _: editor.act(self.start_tidy))
        self.keep_pinned = w.Checkbox(False, description="keep the pinned stations",
                                      indent=False, layout=w.Layout(width="auto"))  # fmt: skip
        self.layout_status = w.HTML()
        importing = row(self.gtfs_path, self.gtfs_routes, self.import_gtfs_button,
                        self.confirm_import_button)  # fmt: skip
        self.box = w.VBox([importing, row(self.tidy_button, self.keep_pinned, self.layout_status)])

    def _ask_import(self) -> None:
        if not self.editor.controller.modified:
            self.import_gtfs()
            return
        self.confirm_import_button.layout.display = None
        self.editor.message.value = message_html(
            'The import replaces this city and its edits: press "Replace the city" to go on '
            "(Undo brings them back)"
        )

    def import_gtfs(self) -> None:
        """Replace the city with the one read from the feed (one undoable edit)."""
        from vvlab.design import from_gtfs

        self.confirm_import_button.layout.display = "none"
        path = self.gtfs_path.value.strip()
        if not path:
            raise ValueError("give the GTFS feed: a .zip file or a folder of .txt files")
        city = from_gtfs(path, _routes(self.gtfs_routes.value))
        self.editor.controller.load(city.to_dict())
        self.editor.selected = None
        self.editor.painter.fit()
        lines = ", ".join(ln.name for ln in city.lines)
        self.editor.message.value = message_html(
            f"imported {len(city.stations)} stations on the lines {lines} (Undo takes it back)"
        )

    @property
    def running(self) -> bool:
        """True while a layout is worked out in the background."""
        return self.thread is not None and self.thread.is_alive()

    def start_tidy(self) -> None:
        """Lay the city out as a metro map in the background, then move its stations
        there (``MapError`` first when the city has problems)."""
        from vvlab.design import schematic

        if self.running:
            return
        city = self.editor.controller.valid_city()
        fixed = self.editor.controller.pinned_stations() if self.keep_pinned.value else frozenset()
        self.tidy_button.disabled = True
        self.layout_status.value = "laying out..."

        def work() -> None:
            try:
                laid_out = schematic(city, fixed=fixed)  # as `vvlab sheet --schematic` does
            except Exception as err:  # shown to the user, never lost
                self._done(message_html(f"no layout: {err}", error=True))
            else:
                self._apply(city, laid_out)

        self.thread = threading.Thread(target=work, name="vvlab-schematic", daemon=True)
        self.thread.start()

    def _apply(self, city: Any, laid_out: Any) -> None:
        """Move the stations (those still there: the user may have edited meanwhile)."""
        live = self.editor.controller.history.data["stations"]
        positions = {sid: (st.x, st.y) for sid, st in laid_out.stations.items() if sid in live}
        bends = {
            edge.between: [tuple(p) for p in edge.via]
            for edge in laid_out.edges
            if set(edge.between) <= live.keys()
        }  # the layout's own bends replace those drawn for the old places
        place = self.editor.controller.station_edits.place_all
        self.editor.act(place, positions, "tidy layout", True, bends)
        self.editor.painter.fit()
        self.editor.refresh()
        self._done(message_html(f"{len(positions)} stations laid out (Undo takes it back)"))

    def _done(self, status: str) -> None:
        self.tidy_button.disabled = False
        self.layout_status.value = status

    def wait(self, timeout: float | None = None) -> None:
        """Wait until the background layout has ended."""
        if self.thread is not None:
            self.thread.join(timeout)

    def refresh(self) -> None:
        """Nothing to redraw on an edit."""
