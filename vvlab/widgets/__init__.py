"""Jupyter widgets over plain controllers: play a game (``PlayWidget``), edit a map
(``MapEditor``), explore balance with simulations (``BalanceExplorer``).

Each widget is a thin ipywidgets view; its controller carries all the state and can
be driven without a notebook (``PlayController``). The controllers import neither
ipywidgets nor plotly; the widgets load them on first use.

Examples
--------
>>> from vvlab.widgets import PlayController, PlayWidget
>>> PlayController("tutorial", seats=["person", "random"], seed=3).current_player
0
>>> PlayWidget.__module__
'vvlab.widgets.play'
"""

from vvlab.widgets.play_preview import Preview
from vvlab.widgets.play_state import PERSON, PlayController, PlayError

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

# Widgets (ipywidgets, plotly) load on first use: name -> module.
_LAZY = {
    "PlayWidget": "vvlab.widgets.play",
    "MapEditor": "vvlab.widgets.editor",
    "MapEditorController": "vvlab.widgets.editor_state",
    "BalanceExplorer": "vvlab.widgets.explorer",
    "BalanceExplorerController": "vvlab.widgets.explorer_state",
}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'vvlab.widgets' has no attribute {name!r}")
