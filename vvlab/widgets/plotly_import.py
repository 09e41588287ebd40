"""plotly's ``FigureWidget`` without its slowest import.

``plotly.basewidget`` imports ``plotly.io``, which imports ``nbformat``, which imports
``jsonschema``; when the optional package ``rfc3987_syntax`` is installed, jsonschema
imports it to check the ``iri`` string format, and it compiles some 40 Lark grammars
on import: 1-2.5 s of a widget's first start-up in a fresh kernel, for a check no
widget uses. :func:`import_figure_widget` imports the widget with that one package
hidden, so jsonschema skips the ``iri`` check (only when jsonschema was not imported
yet; nothing else changes, and ``rfc3987_syntax`` itself stays importable).
"""

from __future__ import annotations

import sys
from typing import Any

SKIPPED = "rfc3987_syntax"
"""The package hidden while plotly's widget is imported."""


def import_figure_widget() -> Any:
    """``plotly.graph_objects.FigureWidget``, imported without :data:`SKIPPED`.

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
    return FigureWidget
