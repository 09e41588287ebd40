"""Plotly figures of maps, sheets, games and simulation results.

Every function returns a ``plotly.graph_objects.Figure`` and shows nothing by itself
(``fig.show()``, or leave it last in a notebook cell). ``import vvlab.viz`` also makes
``CityMap``, ``Game`` and ``SimulationResult`` display as figures in a notebook (see
:func:`enable_notebook_display`); outside IPython that does nothing. ``import vvlab``
alone never imports plotly.

Examples
--------
>>> import vvlab, vvlab.viz
>>> fig = vvlab.viz.draw_map(vvlab.load_map("tutorial"))
>>> type(fig).__name__, fig.layout.width, fig.layout.height
('Figure', 960, 700)
"""

from vvlab.viz.balance import bonus_vs_completion
from vvlab.viz.colors import bot_colors
from vvlab.viz.display import disable_notebook_display, enable_notebook_display
from vvlab.viz.exports import export
from vvlab.viz.heatmap import station_fill_rates, station_heatmap
from vvlab.viz.ladder import skill_ladder
from vvlab.viz.maps import draw_game, draw_map
from vvlab.viz.progress import fill_progress, fill_table
from vvlab.viz.race import bonus_race
from vvlab.viz.results import line_completion, score_breakdown, score_distribution

__all__ = [
    "bonus_race",
    "bonus_vs_completion",
    "bot_colors",
    "disable_notebook_display",
    "draw_game",
    "draw_map",
    "enable_notebook_display",
    "export",
    "fill_progress",
    "fill_table",
    "line_completion",
    "score_breakdown",
    "score_distribution",
    "skill_ladder",
    "station_fill_rates",
    "station_heatmap",
]

enable_notebook_display()  # a no-op outside IPython
