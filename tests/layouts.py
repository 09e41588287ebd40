"""Schematic layouts worked out once per test process, shared by the layout tests
(``tests/design/test_design_schematic.py``) and the printing tests
(``tests/printing/test_printing_sheet.py``), which ``tests/conftest.py`` runs in one
worker: a layout of a built-in city takes up to a minute.

The work is what ``vvlab sheet --schematic`` does by default (a quarter of its 60 s);
the wall-clock safety net is far beyond it, so that a loaded machine stops by work too
and gives the same layout everywhere (stopped by time, it would depend on the load).
"""

from __future__ import annotations

from functools import cache

import vvlab
from vvlab.model import CityMap

WORK = 60 / 4
NET = 3600.0

_LAID_OUT: dict[str, object] = {}


def laid_out_result(city: CityMap):
    """``schematic_layout(city)`` at :data:`WORK`, once per city and process."""
    from vvlab.design import schematic_layout

    key = repr(city.to_dict())
    if key not in _LAID_OUT:
        _LAID_OUT[key] = schematic_layout(city, work_limit=WORK, time_limit_s=NET)
    return _LAID_OUT[key]


@cache
def builtin_result(name: str):
    """:func:`laid_out_result` of a built-in city."""
    return laid_out_result(vvlab.load_map(name))
