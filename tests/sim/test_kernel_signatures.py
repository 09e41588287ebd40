"""The kernels take their arrays in named parts (``vvlab.compiled.parts``), never in
long rows of positional parameters, and the fast path's outcome is the block record's."""

from __future__ import annotations

import inspect
from dataclasses import fields

from numba.core.registry import CPUDispatcher

from vvlab.compiled import Outcome, kernels
from vvlab.sim.blocks import BlockRecord

MAX_PARAMETERS = 10


def kernel_functions() -> dict[str, object]:
    """Every function of ``vvlab.compiled.kernels``: the compiled kernels (their Python
    function) and the plain functions defined there."""
    found = {}
    for name, value in vars(kernels).items():
        if isinstance(value, CPUDispatcher):
            found[name] = value.py_func
        elif inspect.isfunction(value) and value.__module__ == kernels.__name__:
            found[name] = value
    return found


def test_no_kernel_takes_more_than_ten_parameters():
    functions = kernel_functions()
    assert {"play_games", "_play_block", "_play_turn", "_decide", "_expert"} <= set(functions)
    counts = {name: len(inspect.signature(f).parameters) for name, f in functions.items()}
    assert {name: n for name, n in counts.items() if n > MAX_PARAMETERS} == {}


def test_the_block_record_holds_the_outcome_the_kernels_write():
    assert [f.name for f in fields(BlockRecord)] == ["block", *Outcome._fields]
    rec = BlockRecord.empty_record(0, games=2, players=3, lines=4, stations=12)
    assert all(rec.outcome[i] is getattr(rec, name) for i, name in enumerate(Outcome._fields))
