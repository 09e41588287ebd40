"""plotly's ``FigureWidget`` without its slowest import.

``plotly.basewidget`` imports ``plotly.io``, which imports ``nbformat``, which imports
``jsonschema``; when the optional package ``rfc3987_syntax`` is installed, jsonschema
imports it to check the ``iri`` string format, and it compiles some 40 Lark grammars
on import: 1-2.5 s of a widget's first start-up in a fresh kernel, for a check no
widget uses. :func:`import_figure_widget` imports the widget with that one package
hidden, so jsonschema skips the ``iri`` check (only when jsonschema was not imported
yet; nothing else changes, and ``rfc3987_syntax`` itself stays importable).

The class returned also opens the widget's comm only once the figure is complete:
plotly's own opens it (the front-end model's first state) before it sets the figure's
data and layout, which follow as updates; a view rendered from that first state draws
empty axes (-1 to 6) and never recovers, as plotly's view ignores later data updates.
"""

from __future__ import annotations

import sys
from functools import cache
from typing import Any

SKIPPED = "rfc3987_syntax"
"""The package hidden while plotly's widget is imported."""


def _complete_on_open(base: Any) -> Any:
    """A subclass of plotly's ``FigureWidget`` whose comm opens with the whole figure."""

    class FigureWidget(base):
        __doc__ = base.__doc__

        def __init__(self, *args: Any, **kwargs: Any) -> None:
            self.__dict__["_complete"] = False  # past plotly's __setattr__
            super().__init__(*args, **kwargs)
            self.__dict__["_complete"] = True
            self.open()

        def open(self) -> None:
            """Open the comm, with the figure's data and layout in its first state."""
            if self.__dict__.get("_complete", True):
                super().open()

    FigureWidget.__module__ = __name__
    return FigureWidget


@cache
def import_figure_widget() -> Any:
    """``plotly.graph_objects.FigureWidget``, imported without :data:`SKIPPED`, whose
    comm opens once its figure is complete (a subclass).

    >>> import_figure_widget().__name__
    'FigureWidget'
    """
    hide = "jsonschema" not in sys.modules and SKIPPED not in sys.modules
    if hide:
        sys.modules[SKIPPED] = None  # type: ignore[assignment]  # import raises ImportError
    try:
        from plotly.graph_objects import FigureWidget
    finally:
        if hide and sys.modules.get(SKIPPED, "") is None:
            del sys.modules[SKIPPED]
    return _complete_on_open(FigureWidget)
