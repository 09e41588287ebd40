"""The compiled fast path's data and kernels: the only part of vvlab that uses numba.

- :mod:`vvlab.compiled.tables`: the reach table and penalty weight behind a sheet's
  value (numpy only);
- :mod:`vvlab.compiled.arrays`: a city and ruleset as named integer arrays
  (:func:`compile_city`, numpy only);
- :mod:`vvlab.compiled.parts`: the named parts of the kernels' parameters, and the
  :class:`Outcome` of a block they write (numpy only);
- :mod:`vvlab.compiled.spec`: :class:`KernelSpec`, what a compiled bot asks of the
  kernels (``bot.kernel_spec()``);
- :mod:`vvlab.compiled.kernels`: the numba kernels (dealing, moves, the bots'
  decisions, whole games), compiled on first use and cached on disk;
- :mod:`vvlab.compiled.cache`: where they are cached when numba can write neither
  next to the package nor in the home folder (a private temporary folder, with a
  warning naming it; uncached when even that fails).

Importing this package compiles nothing and does not import numba: the kernels load
when :mod:`vvlab.compiled.kernels` is first imported.

Examples
--------
>>> import vvlab
>>> from vvlab.compiled import KernelSpec, compile_city
>>> compile_city(vvlab.load_map("tutorial"), vvlab.get_ruleset()).weight
500
>>> KernelSpec("greedy").code
1
"""

from vvlab.compiled.arrays import (
    CARD_KINDS,
    CardTypes,
    CityArrays,
    CompiledCity,
    DeckArrays,
    SheetState,
    compile_city,
)
from vvlab.compiled.parts import Deals, Outcome, Seats, SeatView, Setup, ValueTables
from vvlab.compiled.spec import EXPERT_WEIGHTS, KERNELS, MAX_DEPTH, KernelSpec
from vvlab.compiled.tables import MAX_BOXES, MAX_STATIONS, penalty_weight, reach_table

__all__ = [
    "CARD_KINDS",
    "EXPERT_WEIGHTS",
    "KERNELS",
    "MAX_BOXES",
    "MAX_DEPTH",
    "MAX_STATIONS",
    "CardTypes",
    "CityArrays",
    "CompiledCity",
    "Deals",
    "DeckArrays",
    "KernelSpec",
    "Outcome",
    "SeatView",
    "Seats",
    "Setup",
    "SheetState",
    "ValueTables",
    "compile_city",
    "penalty_weight",
    "reach_table",
]
