"""The map editor's view: the part of the plan the canvas shows (:class:`ViewRange`),
kept while the content fits in it, and the content it must cover (:func:`content_box`).
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


def _inside(inner: Box, outer: Box) -> bool:
    return (
        outer[0] <= inner[0]
        and outer[1] <= inner[1]
        and inner[2] <= outer[2]
        and inner[3] <= outer[3]
    )


class ViewRange:
    """The canvas's view ``box`` (``x0, y0, x1, y1``): set by the first content (or
    :meth:`fit`), then kept while the content stays inside it, grown when not.

    >>> view = ViewRange()
    >>> view.update((0, 0, 4, 4))
    (0, 0, 4, 4)
    >>> view.update((1, 1, 3, 3))
    (0, 0, 4, 4)
    >>> view.update((1, 1, 6, 3))
    (0, 0, 6, 4)
    >>> view.fit(); view.update((1, 1, 3, 3))
    (1, 1, 3, 3)
    """

    def __init__(self) -> None:
        self.box: Box | None = None

    def update(self, content: Box | None) -> Box:
        """The view for ``content`` (the blank extent when ``None``)."""
        content = content or BLANK_EXTENT
        if self.box is None:
            self.box = content
        elif not _inside(content, self.box):
            b = self.box
            self.box = (
                min(b[0], content[0]),
                min(b[1], content[1]),
                max(b[2], content[2]),
                max(b[3], content[3]),
            )
        return self.box

    def fit(self) -> None:
        """Forget the view: the next :meth:`update` fits the content."""
        self.box = None
