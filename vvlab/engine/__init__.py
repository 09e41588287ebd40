"""The rules engine: cards, rulesets, sheets and games. The reference implementation.

Examples
--------
>>> import tempfile
>>> from pathlib import Path
>>> from vvlab.engine import get_ruleset, load_ruleset, save_ruleset
>>> path = Path(tempfile.mkdtemp()) / "house.json"
>>> save_ruleset(get_ruleset("metro-x"), path)
>>> load_ruleset(path) == get_ruleset("metro-x")
True
"""

from vvlab.engine.cards import Card, Move
from vvlab.engine.errors import GameError, IllegalMove, RulesetError
from vvlab.engine.game import Game
from vvlab.engine.history import BonusTaken, TurnRecord
from vvlab.engine.rulesets import (
    RULESETS,
    Penalty,
    Ruleset,
    get_ruleset,
    load_ruleset,
    save_ruleset,
)
from vvlab.engine.sheet import Completion, Score, Sheet
from vvlab.engine.view import PlayerView

__all__ = [
    "RULESETS",
    "BonusTaken",
    "Card",
    "Completion",
    "Game",
    "GameError",
    "IllegalMove",
    "Move",
    "Penalty",
    "PlayerView",
    "Ruleset",
    "RulesetError",
    "Score",
    "Sheet",
    "TurnRecord",
    "get_ruleset",
    "load_ruleset",
    "save_ruleset",
]
