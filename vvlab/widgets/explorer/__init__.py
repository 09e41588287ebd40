"""Explore the balance of cities, bots and player counts with simulations.

:class:`~vvlab.widgets.explorer.controller.BalanceExplorerController` (plain, no
ipywidgets or plotly) holds the choices, runs the simulations (with progress and
cancel), keeps batches of results (``batch``) and runs what-if changes (``changes``);
:class:`~vvlab.widgets.explorer.view.BalanceExplorer` shows it with ipywidgets and the
``vvlab.viz`` figures (``figures``), loaded on first use.

Examples
--------
>>> from vvlab.widgets.explorer import BalanceExplorer, BalanceExplorerController
>>> BalanceExplorerController(["tutorial"], ["greedy", "random"], [1]).plan()[1]["bots"]
['random']
>>> BalanceExplorer.__module__
'vvlab.widgets.explorer.view'
"""

from vvlab.widgets.explorer.batch import Batch, ExplorerError
from vvlab.widgets.explorer.controller import BalanceExplorerController
from vvlab.widgets.lazy import lazy_attributes

__all__ = ["BalanceExplorer", "BalanceExplorerController", "Batch", "ExplorerError"]

__getattr__ = lazy_attributes(__name__, {"BalanceExplorer": "vvlab.widgets.explorer.view"})
