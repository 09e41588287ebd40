"""Jupyter widgets over plain controllers: play a game (``PlayWidget``), edit a map
(``MapEditor``), explore balance with simulations (``BalanceExplorer``).

Three subpackages, each a plain controller (``controller``: no ipywidgets, no plotly,
so tests and scripts drive it without a notebook) and a thin ipywidgets view
(``view``), plus their parts: :mod:`vvlab.widgets.play`, :mod:`vvlab.widgets.editor`,
:mod:`vvlab.widgets.explorer`. The views load ipywidgets and plotly on first use.

Examples
--------
>>> from vvlab.widgets import PlayController, PlayWidget
>>> PlayController("tutorial", seats=["person", "random"], seed=3).current_player
0
>>> PlayWidget.__module__
'vvlab.widgets.play.view'
"""

from vvlab.widgets.lazy import lazy_attributes
from vvlab.widgets.play.controller import PERSON, PlayController, PlayError
from vvlab.widgets.play.preview import Preview

__all__ = [
    "PERSON",
    "BalanceExplorer",
    "BalanceExplorerController",
    "MapEditor",
    "MapEditorController",
    "PlayController",
    "PlayError",
    "PlayWidget",
    "Preview",
]

# Controllers of the editor and explorer, and every view, load on first use.
__getattr__ = lazy_attributes(
    __name__,
    {
        "PlayWidget": "vvlab.widgets.play.view",
        "MapEditor": "vvlab.widgets.editor.view",
        "MapEditorController": "vvlab.widgets.editor.controller",
        "BalanceExplorer": "vvlab.widgets.explorer.view",
        "BalanceExplorerController": "vvlab.widgets.explorer.controller",
    },
)
