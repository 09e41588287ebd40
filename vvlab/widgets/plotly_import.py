"""plotly's ``FigureWidget`` without its slowest import.

``plotly.basewidget`` imports ``plotly.io``, which imports ``nbformat``, which imports
``jsonschema``; when the optional package ``rfc3987_syntax`` is installed, jsonschema
imports it to check the ``iri`` string format, and it compiles some 40 Lark grammars
on import: 1-2.5 s of a widget's first start-up in a fresh kernel, for a check no
widget uses. :func:`import_figure_widget` imports the widget with that one package
hidden, so jsonschema skips the ``iri`` check (only when jsonschema was not imported
yet; nothing else changes, and ``rfc3987_syntax`` itself stays importable).

The class returned (a subclass of plotly's) also

- opens the widget's comm only once the figure is complete: plotly's own opens it (the
  front-end model's first state) before it sets the figure's data and layout, which
  follow as updates; a view rendered from that first state draws empty axes (-1 to 6)
  and never recovers, as plotly's view ignores later data updates;
- gives the figure as it is now whenever the browser asks for the widget's whole state:
  plotly keeps the state it syncs (``_widget_data``, ``_widget_layout``) as it was
  when the figure was displayed and sends every later edit as a message the browser
  replays once; a page reloaded (or a notebook opened again with its kernel alive)
  asks for the whole state and so drew the figure as first shown: a blank canvas
  beside "15 stations". Only the reply changes; no edit sends more than before.
"""

from __future__ import annotations

import sys
from copy import deepcopy
from functools import cache
from typing import Any

from vvlab.widgets.lazy import LAB_EXTRA
from vvlab.widgets.plotly_bundle import answer, loader

SKIPPED = "rfc3987_syntax"
"""The package hidden while plotly's widget is imported."""


def _complete_on_open(base: Any) -> Any:
    """A subclass of plotly's ``FigureWidget`` whose comm opens with the whole figure."""

    class FigureWidget(base):
        __doc__ = base.__doc__
        _esm = loader()  # plotly's code comes once per page: see plotly_bundle

        def __init__(self, *args: Any, open_early: bool = False, **kwargs: Any) -> None:
            """``open_early``: open the comm as plotly does, before the figure is set (a
            widget made empty and filled once shown needs it; see ``figure_update``)."""
            self.__dict__["_complete"] = open_early  # past plotly's __setattr__
            super().__init__(*args, **kwargs)
            self.on_msg(answer)
            if not open_early:
                self.__dict__["_complete"] = True
                self.open()

        def open(self) -> None:
            """Open the comm, with the figure's data and layout in its first state."""
            if self.__dict__.get("_complete", True):
                super().open()

        def get_state(self, key: Any = None, drop_defaults: bool = False) -> dict[str, Any]:
            """The synced state; its figure (``_widget_data``, ``_widget_layout``) is
            the figure as it is now, whoever asks (a reloaded page asks for all)."""
            state = super().get_state(key, drop_defaults)
            if "_layout_obj" not in self.__dict__:  # plotly's __init__ not yet done
                return state
            for name, value in current_figure(self).items():
                if name in state:
                    to_json = self.trait_metadata(name, "to_json", self._trait_to_json)
                    state[name] = to_json(value, self)
            return state

    FigureWidget.__module__ = __name__
    return FigureWidget


def current_figure(widget: Any) -> dict[str, Any]:
    """The figure ``widget`` shows now, as the values of its synced ``_widget_data``
    and ``_widget_layout`` (copies).

    >>> import plotly.graph_objects as go
    >>> fig = go.FigureWidget(go.Bar(y=[1]))
    >>> fig.data[0].y = [2]
    >>> current_figure(fig)["_widget_data"][0]["y"], fig._widget_data[0]["y"]
    ([2], [1])
    """
    return {
        "_widget_data": deepcopy(widget._data),
        "_widget_layout": deepcopy(widget._layout_obj._props),
    }


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
    if FigureWidget.__module__ == "plotly.missing_anywidget":  # plotly's stand-in
        raise ModuleNotFoundError(
            f"the widgets' figures need anywidget, which is not installed: install the "
            f"widgets with {LAB_EXTRA}",
            name="anywidget",
        )
    return _complete_on_open(FigureWidget)
