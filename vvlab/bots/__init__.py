"""Bots: strategies that play Voll verplant. Select them by name with :func:`make_bot`."""

from vvlab.bots.base import (
    REGISTRY,
    Bot,
    BotBase,
    BotError,
    FunctionBot,
    bot_label,
    bot_name,
    bot_rngs,
    choose_moves,
    make_bot,
    parse_spec,
    play_game,
    register,
)
from vvlab.bots.expert import ExpertBot
from vvlab.bots.greedy import GreedyBot
from vvlab.bots.lookahead import LookaheadBot
from vvlab.bots.rollout import RolloutBot
from vvlab.bots.simple import RandomBot

__all__ = [
    "REGISTRY",
    "Bot",
    "BotBase",
    "BotError",
    "ExpertBot",
    "FunctionBot",
    "GreedyBot",
    "LookaheadBot",
    "RandomBot",
    "RolloutBot",
    "bot_label",
    "bot_name",
    "bot_rngs",
    "choose_moves",
    "make_bot",
    "parse_spec",
    "play_game",
    "register",
]
