"""Designing cities: balance targets as data and verdicts on a city's balance.

Each balance target is one entry of a registry (:mod:`vvlab.design.target_registry`;
the built-in ones in :mod:`vvlab.design.builtin_targets`) read by the whole package;
:class:`BalanceTargets` holds their bounds (:mod:`vvlab.design.targets`);
:func:`check_balance` judges a city against them at every skill level and returns a
:class:`BalanceReport`; :func:`tune` proposes indicator boxes and bonuses that meet
them (a :class:`TuneResult`); :func:`compare_maps` sets two versions of a city side
by side (a :class:`MapComparison`); :func:`from_gtfs` drafts a city from a GTFS feed
(:class:`GTFSError` when it cannot); :func:`schematic` lays a city out octilinearly
(:func:`schematic_layout` also reports how it went, a :class:`SchematicResult`;
:func:`layout_quality` measures any drawing; :func:`layout_violations` lists every
breach of the hard rules of a layout as a :class:`Violation`, using :func:`edge_order`
and :func:`same_cyclic_order`). This layer sits above
:mod:`vvlab.analysis` and below :mod:`vvlab.viz`: it imports neither plotly nor
ipywidgets.

Examples
--------
>>> from vvlab.design import BalanceTargets, check_balance
>>> BalanceTargets().completion
(0.1, 0.95)
"""

from vvlab.design.balance import check_balance
from vvlab.design.compare import MapComparison, compare_maps
from vvlab.design.gtfs import GTFSError, GTFSWarning, from_gtfs
from vvlab.design.layout_quality import layout_quality
from vvlab.design.layout_rules import (
    Violation,
    edge_order,
    layout_violations,
    same_cyclic_order,
)
from vvlab.design.report import BalanceReport
from vvlab.design.schematic import SchematicResult, SchematicWarning, schematic, schematic_layout
from vvlab.design.targets import BalanceTargets
from vvlab.design.tune import TuneResult, tune

__all__ = [
    "BalanceReport",
    "BalanceTargets",
    "GTFSError",
    "GTFSWarning",
    "MapComparison",
    "SchematicResult",
    "SchematicWarning",
    "TuneResult",
    "Violation",
    "check_balance",
    "compare_maps",
    "edge_order",
    "from_gtfs",
    "layout_quality",
    "layout_violations",
    "same_cyclic_order",
    "schematic",
    "schematic_layout",
    "tune",
]
