"""Bots whose decisions run compiled (numba): the view becomes the kernels' arrays.

A compiled bot declares its kernel with ``kernel_spec()``
(:class:`~vvlab.compiled.KernelSpec`): the simulator's fast path plays its seat with that
kernel, and :meth:`CompiledBot.choose` calls the same kernel on one view, so both paths
play the same moves.
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from vvlab.bots.base import BotBase
from vvlab.compiled import (
    CARD_KINDS,
    CompiledCity,
    KernelSpec,
    SeatView,
    SheetState,
    compile_city,
)
from vvlab.compiled.notice import first_use
from vvlab.compiled.spec import COMPILE_SECONDS
from vvlab.engine import Move
from vvlab.engine.view import PlayerView


class SheetArrays:
    """A view's sheet as the integer arrays of the compiled kernels (one city cached)."""

    def __init__(self) -> None:
        self._for: tuple = (None, None)  # the (city, ruleset) compiled, kept alive
        self.compiled: CompiledCity | None = None

    def compiled_for(self, view: PlayerView) -> CompiledCity:
        """The arrays of the view's city and ruleset (compiled once per pair)."""
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

    def state(self, view: PlayerView) -> tuple[SheetState, np.ndarray]:
        """The viewing player's sheet, and ``avail`` (each line's bonus still to be had)."""
        compiled, sheet, city = self.compiled_for(view), view.sheet, view.city
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
        avail = np.where(gone, compiled.city.bonus_later, compiled.city.bonus_first)
        return SheetState(mark, empty, boxes, done), avail.astype(np.int64)

    def next_counts(self, view: PlayerView) -> np.ndarray:
        """How many of each distinct card the next card can be (card counting)."""
        unseen: Counter = view.unseen
        distinct = self.compiled_for(view).distinct
        return np.array([unseen.get(c, 0) for c in distinct], np.int64)

    def move(self, view: PlayerView, line: int, station: int) -> Move:
        """The kernel's answer (a line, a station, or neither: a pass) as a move."""
        if line >= 0:
            return Move(line=self.line_ids[line])
        if station >= 0:
            return Move(station=self.station_ids[station])
        return Move()


class CompiledBot(BotBase):
    """Base of the bots that decide in :mod:`vvlab.compiled.kernels`; subclasses give
    :meth:`kernel_spec` and implement :meth:`decide` on the arrays. The same kernel
    decides in the compiled fast path, so both paths play the same moves."""

    def __init__(self, **params: int):
        super().__init__(**params)
        self._arrays = SheetArrays()

    def kernel_spec(self) -> KernelSpec:
        """The kernel that plays this bot's seat in the compiled fast path."""
        raise NotImplementedError

    def decide(self, kind: int, view: PlayerView, u: float, arrays: tuple) -> tuple[int, int]:
        """``(line, station)`` from the kernel; ``arrays`` are its arguments after the
        card kind: the card's value, the :class:`~vvlab.compiled.Setup`, the
        :class:`~vvlab.compiled.SeatView`, the buffer of the stations chosen and a
        zeroed scratch row per line (see :meth:`choose`)."""
        raise NotImplementedError

    def choose(self, view: PlayerView, rng: np.random.Generator) -> Move:
        u = rng.random() if self.kernel_spec().draws_uniform else 0.0
        compiled = self._arrays.compiled_for(view)
        sheet, avail = self._arrays.state(view)
        best = np.zeros(len(view.city.stations) + 1, np.int64)
        dec = np.zeros(len(view.city.lines), np.int64)
        seen = SeatView(sheet, avail, self._arrays.next_counts(view))
        args = (view.card.value, compiled.setup, seen, best, dec)
        kernel = self.kernel_spec().kernel
        with first_use(("decide", kernel), about=COMPILE_SECONDS.get(kernel, 1.0)):
            line, station = self.decide(CARD_KINDS.index(view.card.kind), view, u, args)
        return self._arrays.move(view, line, station)
