"""The bot protocol, bots by name with parameters, and playing a game with bots."""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

import numpy as np

from vvlab.engine import Game, Move
from vvlab.engine.view import PlayerView


@runtime_checkable
class Bot(Protocol):
    """A strategy: one method that picks a legal move from a player's view.

    Write your own in a few lines; any object with a ``name`` and a ``choose`` method
    works, and so does a plain function ``(view, rng) -> Move``:

    >>> def first_line(view, rng):
    ...     return view.legal_moves[0]
    >>> from vvlab.bots import make_bot, play_game
    >>> import vvlab
    >>> game = play_game(vvlab.Game("tutorial", seed=1), [make_bot(first_line)], seed=1)
    >>> game.is_over
    True
    """

    name: str

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        """The move to play; ``rng`` is the only source of randomness allowed."""
        ...


class BotBase:
    """Convenience base class: keeps the parameters and writes the bot's spec.

    Subclasses set ``name`` and take their parameters as keyword arguments.
    """

    name = "bot"

    def __init__(self, **params: Any):
        self.params = params

    @property
    def spec(self) -> str:
        """The name with parameters, e.g. ``"lookahead:depth=2"`` (see :func:`make_bot`)."""
        if not self.params:
            return self.name
        return self.name + ":" + ",".join(f"{k}={v}" for k, v in self.params.items())

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<bot {self.spec}>"


class FunctionBot(BotBase):
    """A bot made from a function ``(view, rng) -> Move``."""

    def __init__(self, fn: Callable[[PlayerView, np.random.Generator], Move], name: str = ""):
        super().__init__()
        self.fn = fn
        self.name = name or getattr(fn, "__name__", "function")

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        return self.fn(view, rng)


class BotError(RuntimeError):
    """A bot returned an illegal move; names the bot, the turn, the move and why."""


REGISTRY: dict[str, type[BotBase]] = {}


def register(cls: type[BotBase]) -> type[BotBase]:
    """Class decorator: make a bot selectable by its ``name`` in :func:`make_bot`."""
    REGISTRY[cls.name] = cls
    return cls


def _convert(text: str) -> Any:
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text.strip()


def parse_spec(spec: str) -> tuple[str, dict[str, Any]]:
    """Split ``"lookahead:depth=2,samples=8"`` into a name and typed parameters.

    >>> parse_spec("lookahead:depth=2,greedy=true")
    ('lookahead', {'depth': 2, 'greedy': True})
    """
    name, _, rest = spec.strip().partition(":")
    params: dict[str, Any] = {}
    for item in filter(None, (p.strip() for p in rest.split(","))):
        key, eq, value = item.partition("=")
        if not eq or not key.strip():
            raise ValueError(f"bot {spec!r}: parameters are written key=value, got {item!r}")
        params[key.strip()] = _convert(value)
    return name.strip(), params


def make_bot(spec: str | Bot | Callable[..., Move]) -> Bot:
    """A bot from a spec string (``"greedy"``, ``"lookahead:depth=2"``), a bot object
    or a function ``(view, rng) -> Move``.

    >>> make_bot("random")
    <bot random>
    >>> make_bot("lookahead:depth=2").params
    {'depth': 2}
    >>> make_bot("cautious")
    Traceback (most recent call last):
    ...
    ValueError: unknown bot 'cautious'; bots: expert, greedy, lookahead, random, rollout
    """
    if isinstance(spec, str):
        name, params = parse_spec(spec)
        if name not in REGISTRY:
            raise ValueError(f"unknown bot {name!r}; bots: {', '.join(sorted(REGISTRY))}")
        cls = REGISTRY[name]
        allowed = [
            name
            for name, p in inspect.signature(cls.__init__).parameters.items()
            if name != "self" and p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)
        ]
        unknown = sorted(set(params) - set(allowed))
        if unknown:
            raise ValueError(
                f"bot {name!r} has no parameter {', '.join(unknown)}; "
                f"its parameters: {', '.join(allowed) or 'none'}"
            )
        return cls(**params)
    if isinstance(spec, Bot):
        return spec
    if callable(spec):
        return FunctionBot(spec)
    raise TypeError(f"a bot is a name, a bot object or a function, not {type(spec).__name__}")


def bot_name(bot: Any) -> str:
    """A bot's name (``"lookahead"``), or its class name when it has none.

    >>> bot_name(make_bot("lookahead:depth=2")), bot_name(object())
    ('lookahead', 'object')
    """
    return str(getattr(bot, "name", type(bot).__name__))


def bot_label(bot: Any) -> str:
    """A bot's spec string (``"lookahead:depth=2"``), or its name for a user bot.

    >>> bot_label("random"), bot_label(make_bot("lookahead:depth=2"))
    ('random', 'lookahead:depth=2')
    """
    if isinstance(bot, str):
        return bot
    for attr in ("spec", "name", "__name__"):
        if getattr(bot, attr, None):
            return str(getattr(bot, attr))
    return type(bot).__name__


def bot_rngs(seed: int | np.random.SeedSequence, players: int) -> list[np.random.Generator]:
    """One independent generator per seat, from a seed."""
    ss = seed if isinstance(seed, np.random.SeedSequence) else np.random.SeedSequence(seed)
    return [np.random.default_rng(child) for child in ss.spawn(players)]


def choose_moves(
    game: Game, bots: Sequence[Bot], rngs: Sequence[np.random.Generator]
) -> list[Move]:
    """Every bot's move for the revealed card; ``BotError`` on an illegal one."""
    moves = []
    for p, (bot, rng) in enumerate(zip(bots, rngs, strict=True)):
        move = bot.choose(game.view(p), rng)
        reason = game.why_illegal(p, move)
        if reason:
            raise BotError(
                f"bot {bot_name(bot)!r} (player {p}) returned an illegal move on "
                f"turn {game.turn + 1}: {move!r}: {reason} (card {game.card})"
            )
        moves.append(move)
    return moves


def play_game(
    game: Game,
    bots: Sequence[Bot | str],
    seed: int | np.random.SeedSequence | None = None,
    rngs: Sequence[np.random.Generator] | None = None,
) -> Game:
    """Play ``game`` to the end with one bot per player; returns the finished game.

    The bots' randomness comes from ``rngs`` (one generator per seat) or from ``seed``.
    """
    bots = [make_bot(b) for b in bots]
    if len(bots) != game.players:
        raise ValueError(f"{len(bots)} bots for {game.players} players")
    if rngs is None:
        rngs = bot_rngs(0 if seed is None else seed, game.players)
    while not game.is_over:
        game.play(choose_moves(game, bots, rngs))
    return game
