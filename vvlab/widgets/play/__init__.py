"""Play Voll verplant at one screen, people and bots.

:class:`~vvlab.widgets.play.controller.PlayController` (plain, no ipywidgets) carries
the game; :class:`~vvlab.widgets.play.view.PlayWidget` shows it and loads ipywidgets
and plotly on first use. The parts: ``preview`` (what a pending move would do, the
scoreboard rows), ``sheet_map`` (the sheet as a clickable plotly map), ``panels``
(HTML of the card, the cards seen, the scoreboard, the final scores), ``city_picker``
(the set-up's City list, which names the city played).

Examples
--------
>>> from vvlab.widgets.play import PlayController, PlayWidget
>>> PlayController("tutorial", seed=3).legal_lines()
['A', 'B', 'C', 'D']
>>> PlayWidget.__module__
'vvlab.widgets.play.view'
"""

from vvlab.widgets.lazy import lazy_attributes
from vvlab.widgets.play.controller import PERSON, PlayController, PlayError
from vvlab.widgets.play.preview import Preview

__all__ = ["PERSON", "PlayController", "PlayError", "PlayWidget", "Preview"]

__getattr__ = lazy_attributes(__name__, {"PlayWidget": "vvlab.widgets.play.view"})
