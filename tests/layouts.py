"""Schematic layouts worked out once per test process, shared by the layout tests
(``tests/design/test_design_schematic.py``) and the printing tests
(``tests/printing/test_printing_sheet.py``), which ``tests/conftest.py`` runs in one
worker.

The layout is what ``vvlab sheet --schematic`` does by default: it stops by work, so the
same city gives the same layout on a loaded machine too.
"""

from __future__ import annotations

from functools import cache

import vvlab
from vvlab.model import CityMap

_LAID_OUT: dict[str, object] = {}


def laid_out_result(city: CityMap):
    """``schematic_layout(city)`` with its defaults, once per city and process."""
    from vvlab.design import schematic_layout

    key = repr(city.to_dict())
    if key not in _LAID_OUT:
        _LAID_OUT[key] = schematic_layout(city)
    return _LAID_OUT[key]


@cache
def builtin_result(name: str):
    """:func:`laid_out_result` of a built-in city."""
    return laid_out_result(vvlab.load_map(name))
