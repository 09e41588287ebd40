"""vvlab: a Jupyter workbench for the flip-and-write game Voll verplant (Metro X).

Examples
--------
>>> import vvlab
>>> city = vvlab.load_map("tutorial")
>>> game = vvlab.Game(city, players=2, seed=7)
>>> while not game.is_over:
...     _ = game.play([game.legal_moves(p)[0] for p in range(game.players)])
>>> game.turn >= city.total_indicators
True
"""

from vvlab.engine import (
    RULESETS,
    Card,
    Game,
    GameError,
    IllegalMove,
    Move,
    Penalty,
    Ruleset,
    RulesetError,
    Score,
    Sheet,
    get_ruleset,
    load_ruleset,
    save_ruleset,
)
from vvlab.model import CityMap, Line, MapError, Problem, Station, builtin_maps, load_map

__version__ = "0.1.0"

__all__ = [
    "RULESETS",
    "Card",
    "CityMap",
    "Game",
    "GameError",
    "IllegalMove",
    "Line",
    "MapError",
    "Move",
    "Penalty",
    "Problem",
    "Ruleset",
    "RulesetError",
    "Score",
    "Sheet",
    "SimulationResult",
    "Station",
    "__version__",
    "builtin_maps",
    "get_ruleset",
    "load_map",
    "load_ruleset",
    "save_ruleset",
    "simulate",
]

# Simulation needs pandas: loaded on first use, so model and engine users never pay for it.
_LAZY = {"simulate": "vvlab.sim.run", "SimulationResult": "vvlab.sim.result"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'vvlab' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
