"""Helpers of the simulation tests: ``run`` and picklable user bots (importable by
worker processes)."""

from __future__ import annotations

import multiprocessing
import os

from vvlab.bots import BotBase
from vvlab.engine import Move
from vvlab.sim import simulate


def run(**kwargs):
    """``simulate`` on the tutorial map, serial and quiet unless told otherwise."""
    return simulate(**{"city": "tutorial", "workers": 1, "progress": False, **kwargs})


def first_legal(view, rng):
    """A user bot as a plain function: always the first legal move."""
    return view.legal_moves[0]


class FirstLegal(BotBase):
    """A user bot as a class: always the first legal move."""

    name = "first-legal"

    def choose(self, view, rng):
        return view.legal_moves[0]


class UniformLike(BotBase):
    """Plays like the random bot (one ``rng.random()`` a turn)."""

    name = "uniform-like"

    def choose(self, view, rng):
        legal = view.legal_moves
        return legal[int(rng.random() * len(legal))]


class BadAt(BotBase):
    """First legal move, except an illegal move on ``turn`` of game number ``game``
    (counted by this object; every game when ``game`` is None)."""

    name = "bad"

    def __init__(self, game: int | None = None, turn: int = 3):
        super().__init__()
        self.game, self.turn, self.seen = game, turn, -1

    def choose(self, view, rng):
        if view.turn == 1:
            self.seen += 1
        if view.turn == self.turn and self.game in (None, self.seen):
            return Move(line="nope")
        return view.legal_moves[0]


class Crashing(BotBase):
    """Raises on turn 2 of every game."""

    name = "crashing"

    def choose(self, view, rng):
        if view.turn == 2:
            raise ZeroDivisionError("the bot divided by zero")
        return view.legal_moves[0]


class DieOnce(UniformLike):
    """Plays like the random bot; the first worker process that uses it after the flag
    file is gone creates the flag and dies at once (never in the main process)."""

    name = "die-once"

    def __init__(self, flag: str):
        super().__init__()
        self.params = {}  # the flag path is not part of the spec
        self.flag = flag

    def choose(self, view, rng):
        if multiprocessing.parent_process() is not None:
            try:
                os.close(os.open(self.flag, os.O_CREAT | os.O_EXCL))
            except FileExistsError:
                pass
            else:
                os._exit(3)
        return super().choose(view, rng)
