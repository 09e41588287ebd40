"""What a bar of the map editor sees of the editor: :class:`Editor`.

The view (:class:`~vvlab.widgets.editor.view.MapEditor`) builds its bars and hands
itself to each; a bar knows it only through this protocol, so the bars never import the
view, and the editor's modules import one another in a tree
(``tests/widgets/editor/test_editor_imports.py``). What a bar needs of another bar
(the draw bar: the canvas mode and the line picker) it is given when it is built.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    import ipywidgets as w

    from vvlab.widgets.editor.controller import MapEditorController
    from vvlab.widgets.editor.painter import CanvasPainter


class Editor(Protocol):
    """The map editor as its bars use it.

    Attributes
    ----------
    controller
        The city being edited.
    painter
        Draws the canvas; ``painter.fit()`` fits the view to the city.
    message
        The message area beside the canvas (each bar in a tab has its own).
    selected
        The selected station's id, or ``None``.

    Examples
    --------
    >>> from vvlab.widgets.editor.view import MapEditor
    >>> editor: Editor = MapEditor()
    >>> editor.selected is None and callable(editor.act)
    True
    """

    controller: MapEditorController
    painter: CanvasPainter
    message: w.HTML
    selected: str | None

    def act(self, action: Callable[..., Any], *args: Any, at: w.HTML | None = None) -> None:
        """Run ``action``: an expected error becomes a message in ``at`` (default
        ``message``), then one redraw."""

    def error_text(self, err: Exception) -> str:
        """An error as the designer reads it (stations and lines by their names)."""

    def selected_station(self) -> str:
        """The selected station; ``EditError`` when none is."""

    def refresh(self) -> None:
        """Redraw the canvas, the panels and every bar."""
