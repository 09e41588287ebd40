"""The map editor's view: the part of the plan the canvas shows (:class:`ViewRange`),
changed only when the user asks (Fit), and the content a fit covers
(:func:`content_box`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vvlab.plan.geometry import Box
from vvlab.widgets.editor.history import placed

if TYPE_CHECKING:
    from vvlab.plan.wagons import MapGeometry
    from vvlab.widgets.editor.controller import MapEditorController

BLANK_EXTENT = (0.0, 0.0, 20.0, 14.0)
"""The view of a city without stations: ``(x0, y0, x1, y1)`` in grid steps."""

LABEL_STEPS = 2.0
"""Grid steps kept free around the content for station names and markers."""


def content_box(ed: MapEditorController, geo: MapGeometry | None = None) -> Box | None:
    """``(x0, y0, x1, y1)`` around every station and (with ``geo``) every wagon,
    :data:`LABEL_STEPS` grid steps wider for the names; ``None`` without stations.

    >>> from vvlab.widgets.editor.controller import MapEditorController
    >>> ed = MapEditorController()
    >>> content_box(ed) is None
    True
    >>> _ = ed.station_edits.add(0, 0); _ = ed.station_edits.add(4, 2)
    >>> content_box(ed)
    (-2.0, -2.0, 6.0, 4.0)
    """
    pts = [
        (float(s["x"]), float(s["y"])) for s in ed.history.data["stations"].values() if placed(s)
    ]
    if geo is not None:
        for wagon in geo.wagons.values():
            bx0, by0, bx1, by1 = wagon.bbox
            pts += [(bx0, by0), (bx1, by1)]
    if not pts:
        return None
    pad = LABEL_STEPS * ed.station_edits.grid_step
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    return (min(xs) - pad, min(ys) - pad, max(xs) + pad, max(ys) + pad)


class ViewRange:
    """The canvas's view ``box`` (``x0, y0, x1, y1``): set by the first content (or
    after :meth:`fit`), then kept whatever the content does. Stations added, moved or
    deleted, lines drawn, an undo or a draft loaded never move or rescale the axes: a
    designer's eye stays where it was, and what lies outside is shown by Fit.

    >>> view = ViewRange()
    >>> view.update((0, 0, 4, 4))
    (0, 0, 4, 4)
    >>> view.update((1, 1, 6, 3))
    (0, 0, 4, 4)
    >>> view.fit(); view.update((1, 1, 6, 3))
    (1, 1, 6, 3)
    """

    def __init__(self) -> None:
        self.box: Box | None = None

    def update(self, content: Box | None) -> Box:
        """The view: the one shown, or when none is yet, one over ``content`` (the
        blank extent when ``None``)."""
        if self.box is None:
            self.box = content or BLANK_EXTENT
        return self.box

    def fit(self) -> None:
        """Forget the view: the next :meth:`update` fits the content."""
        self.box = None
