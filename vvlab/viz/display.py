"""Notebook display: ``CityMap``, ``Game`` and ``SimulationResult`` as plotly figures.

The model and the engine know nothing of plotly. Instead, :func:`enable_notebook_display`
(called by ``import vvlab.viz``) registers IPython formatters for their classes, by
module and class name, so nothing is imported early. Outside IPython it does nothing.

In a notebook::

    import vvlab, vvlab.viz
    vvlab.load_map("berlin")          # the plan, with its legend and hover
    game                              # every player's sheet with the live score
    result                            # the score distribution per bot
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any

import plotly.graph_objects as go
import plotly.io as pio

PLOTLY_MIME = "application/vnd.plotly.v1+json"


def city_figure(city: Any) -> go.Figure:
    """The figure a ``CityMap`` shows as: :func:`~vvlab.viz.maps.draw_map`."""
    from vvlab.viz.maps import draw_map

    return draw_map(city)


def game_figure(game: Any) -> go.Figure:
    """The figure a ``Game`` shows as: the sheet (one player) or every sheet."""
    from vvlab.viz.maps import draw_game, draw_map

    return draw_map(game=game) if game.players == 1 else draw_game(game)


def result_figure(result: Any) -> go.Figure:
    """The figure a ``SimulationResult`` shows as: the score distribution per bot."""
    from vvlab.viz.results import score_distribution

    return score_distribution(result, by="bot")


FIGURES: dict[tuple[str, str], Callable[[Any], go.Figure]] = {
    ("vvlab.model.citymap", "CityMap"): city_figure,
    ("vvlab.engine.game", "Game"): game_figure,
    ("vvlab.sim.result", "SimulationResult"): result_figure,
}
"""The classes shown as figures, by (module, class name), and their figure."""


def figure_bundle(fig: go.Figure) -> dict[str, Any]:
    """The figure as a notebook mime bundle.

    Plotly's default renderer is used when it only produces mime data (as in Jupyter);
    otherwise (a terminal, where it would open a browser) the plotly JSON mime type.

    >>> bundle = figure_bundle(go.Figure(go.Scatter(x=[1], y=[2])))
    >>> bundle["application/vnd.plotly.v1+json"]["data"][0]["type"]
    'scatter'
    """
    from plotly.io.base_renderers import MimetypeRenderer  # imports IPython: not at startup

    names = [n for n in (pio.renderers.default or "").split("+") if n]
    if names and all(isinstance(pio.renderers[n], MimetypeRenderer) for n in names):
        bundle = dict(fig._repr_mimebundle_() or {})
        if PLOTLY_MIME in bundle:
            return bundle
    return pio.renderers["plotly_mimetype"].to_mimebundle(fig.to_dict())


def _formatter(make: Callable[[Any], go.Figure]) -> Callable[[Any], dict[str, Any] | None]:
    def format_as_figure(obj: Any) -> dict[str, Any] | None:
        try:
            return figure_bundle(make(obj))
        except Exception as error:  # the text view stays; say why the figure is missing
            print(f"vvlab.viz: no figure for {type(obj).__name__}: {error}", file=sys.stderr)
            return None

    return format_as_figure


def running_ipython() -> Any | None:
    """The running IPython shell, or ``None`` (IPython is never imported here).

    >>> running_ipython() is None  # under pytest
    True
    """
    ipython = sys.modules.get("IPython")
    return ipython.get_ipython() if ipython is not None else None


def enable_notebook_display(shell: Any | None = None) -> bool:
    """Show ``CityMap``, ``Game`` and ``SimulationResult`` as figures in IPython.

    Registers a mime-bundle formatter for each class (see :data:`FIGURES`) with the
    shell's display formatter; the text views (``_repr_pretty_``) stay as fallback.

    Parameters
    ----------
    shell
        An IPython shell (anything with ``display_formatter``); by default the
        running one.

    Returns
    -------
    bool
        True when formatters were registered, False outside IPython.

    Examples
    --------
    >>> enable_notebook_display()  # not in IPython: nothing to do
    False
    """
    shell = shell if shell is not None else running_ipython()
    if shell is None:
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    for (module, name), make in FIGURES.items():
        formatter.for_type_by_name(module, name, _formatter(make))
    return True


def disable_notebook_display(shell: Any | None = None) -> bool:
    """Undo :func:`enable_notebook_display`: back to the text views.

    >>> disable_notebook_display()
    False
    """
    shell = shell if shell is not None else running_ipython()
    if shell is None:
        return False
    formatter = shell.display_formatter.mimebundle_formatter
    for module, name in FIGURES:
        formatter.deferred_printers.pop((module, name), None)
        for cls in list(formatter.type_printers):
            if (cls.__module__, cls.__name__) == (module, name):
                formatter.type_printers.pop(cls)
    return True
