"""Batch simulation: many games with bots, seeded in blocks, into pandas frames.

``vvlab.sim.simulate`` (also ``vvlab.simulate``) plays the games, in this process, a
process pool or on a Dask cluster, and returns a :class:`SimulationResult` with the
``games``, ``lines`` and ``stations`` frames. Importing ``vvlab.sim`` stays cheap:
pandas is loaded on first use of these names (so Dask and pool workers, which only
need :mod:`vvlab.sim.worker`, never load it).

Examples
--------
>>> from vvlab.sim import simulate
>>> res = simulate("tutorial", games=10, workers=1, progress=False)
>>> len(res.games)
10
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

_LAZY = {
    "simulate": "vvlab.sim.run",
    "SimulationResult": "vvlab.sim.result",
    "SimulationError": "vvlab.sim.errors",
    "SimulationInterrupted": "vvlab.sim.errors",
    "SimulationCancelled": "vvlab.sim.errors",
    "RunFolderError": "vvlab.sim.errors",
    "connect_scheduler": "vvlab.sim.executors",
    "replay_game": "vvlab.sim.replay",
    "replay_games": "vvlab.sim.replay",
    "BLOCK_SIZE": "vvlab.sim.deal",
}

__all__ = sorted(_LAZY)


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'vvlab.sim' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
