"""Bots whose decisions run compiled (numba): the view becomes the kernels' arrays."""

from __future__ import annotations

from collections import Counter

import numpy as np

from vvlab.bots.base import BotBase
from vvlab.engine import Move
from vvlab.engine.view import PlayerView

_KINDS = {"number": 0, "express": 1, "star": 2, "free": 3}


class SheetArrays:
    """A view's sheet as the integer arrays of the compiled kernels (one city cached)."""

    def __init__(self) -> None:
        self._for: tuple = (None, None)  # the (city, ruleset) compiled, kept alive
        self.compiled = None

    def compiled_for(self, view: PlayerView):
        from vvlab.sim.fast import compile_city

        city, ruleset = self._for
        if city is not view.city or ruleset is not view.ruleset:
            self.compiled, self._for = (
                compile_city(view.city, view.ruleset),
                (view.city, view.ruleset),
            )
            self.station_ids = list(view.city.stations)
            self.station_index = {s: i for i, s in enumerate(self.station_ids)}
            self.line_ids = [line.id for line in view.city.lines]
        return self.compiled

    def state(self, view: PlayerView) -> tuple[np.ndarray, ...]:
        """``(mark, empty, boxes, done)`` for the viewing player, and ``avail``."""
        cc, sheet, city = self.compiled_for(view), view.sheet, view.city
        mark = np.zeros(len(city.stations), np.int64)
        for sid, m in sheet.marks.items():
            mark[self.station_index[sid]] = 1 if isinstance(m, str) else m
        empty = np.array(
            [sum(s not in sheet.marks for s in line.stations) for line in city.lines], np.int64
        )
        boxes = np.array([sheet.free_indicators(i) for i in self.line_ids], np.int64)
        done = np.array(
            [sheet.completed[i].turn if i in sheet.completed else 0 for i in self.line_ids],
            np.int64,
        )
        gone = np.array([i in view.first_taken for i in self.line_ids])
        avail = np.where(gone, cc.city[7], cc.city[6]).astype(np.int64)
        return (mark, empty, boxes, done), avail

    def next_counts(self, view: PlayerView) -> np.ndarray:
        """How many of each distinct card the next card can be (card counting)."""
        unseen: Counter = view.unseen
        return np.array([unseen.get(c, 0) for c in self.compiled.distinct], np.int64)

    def move(self, view: PlayerView, line: int, station: int) -> Move:
        if line >= 0:
            return Move(line=self.line_ids[line])
        if station >= 0:
            return Move(station=self.station_ids[station])
        return Move()


class CompiledBot(BotBase):
    """Base of the bots that decide in :mod:`vvlab.sim.kernels`; subclasses implement
    :meth:`decide` on the arrays. The same kernel decides in the compiled fast path, so
    both paths play the same moves."""

    def __init__(self, **params):
        super().__init__(**params)
        self._arrays = SheetArrays()

    def decide(self, kind: int, view: PlayerView, u: float, arrays: tuple) -> tuple[int, int]:
        raise NotImplementedError

    def uses_random(self) -> bool:
        """True if the bot draws one ``rng.random()`` every turn."""
        return False

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        u = rng.random() if self.uses_random() else 0.0
        cc = self._arrays.compiled_for(view)
        st, avail = self._arrays.state(view)
        best = np.zeros(len(view.city.stations) + 1, np.int64)
        dec = np.zeros(len(view.city.lines), np.int64)
        args = (
            view.card.value,
            cc.city,
            cc.types,
            cc.reach,
            cc.weight,
            st,
            avail,
            self._arrays.next_counts(view),
            best,
            dec,
        )
        line, station = self.decide(_KINDS[view.card.kind], view, u, args)
        return self._arrays.move(view, line, station)
