"""What a balance target is measured from: :class:`Play`, a level's solo games (and
``random``'s on the same deals), with the two things every verdict needs beyond a
plain average.

**Difficulty without the bonuses' pull.** A strong player completes a line *because*
it pays well, so a line's completion rate with the city's own bonuses says as much
about its bonus as about its route. A line's difficulty at a level is therefore
measured on the same deals with every line given the same bonus
(:func:`equal_bonus`: by default the city's median first and later bonus); those games
are played once per city, level and deals (:func:`equal_bonus_games`, kept for reuse,
so a tuning search that only moves bonuses plays them once). Lines are ranked by their
completion rate in those games to the whole percent, ties (a level that completes
nearly every line) broken by the mean turn of completion, an incomplete line counting
as the game's length + 1 (:meth:`Play.ease`).

**Sampling uncertainty.** Every measure is computed for a ``(k, games)`` matrix of
game weights at once: the first row all ones (the measured value), the others
bootstrap resamples of the games (:meth:`Play.resampled`, drawn from a seed), the
same resample for the level, ``random`` and the equal-bonus games (they share deals).
The spread of the resampled values is the measured value's uncertainty.

>>> import vvlab
>>> city = vvlab.load_map("tutorial")
>>> equal_bonus(city), [ln.bonus_first for ln in city.lines]
((4, 3), [5, 5, 3, 2])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from functools import cached_property, lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from vvlab.sim.frames import PER_GAME_SEAT
from vvlab.sim.kept import Kept

if TYPE_CHECKING:
    from vvlab.model import CityMap
    from vvlab.sim import SimulationResult

__all__ = ["Play", "equal_bonus", "equal_bonus_city", "equal_bonus_games"]

RESAMPLES = 200
"""Bootstrap resamples of the games behind each verdict's uncertainty."""
BOOTSTRAP_STREAM = 30
"""Mixed into the judged seed for the resamples, so they do not repeat the deals'."""
TIE_PERCENT = 100
"""Completion rates are compared to the whole percent; within one, the mean turn of
completion decides which line is easier."""
KEPT = 64
"""Equal-bonus runs, and cities, kept for reuse (a tuning search asks for the same ones
often)."""


_PLAYED, _CITIES = Kept(KEPT), Kept(KEPT)


def _median(values: list[int]) -> int:
    """The median rounded half up to a whole number (bonuses are whole points)."""
    return int(np.floor(float(np.median(values)) + 0.5))


def equal_bonus(city: CityMap) -> tuple[int, int]:
    """The bonus every line gets for measuring difficulty: the city's median first and
    later bonus (rounded half up). ``later <= first`` holds, as it does line by line."""
    return (
        _median([ln.bonus_first for ln in city.lines]),
        _median([ln.bonus_later for ln in city.lines]),
    )


def equal_bonus_city(city: CityMap, bonus: tuple[int, int] | None = None) -> CityMap:
    """``city`` with every line paying ``bonus`` (default :func:`equal_bonus`); the
    boxes and everything else stay.

    >>> import vvlab
    >>> same = equal_bonus_city(vvlab.load_map("tutorial"), (5, 3))
    >>> {(ln.bonus_first, ln.bonus_later) for ln in same.lines}
    {(5, 3)}
    """
    from vvlab.design.setting import Setting
    from vvlab.model import CityMap

    first, later = bonus if bonus is not None else equal_bonus(city)
    n = len(city.lines)
    own = Setting.of(city)
    data = replace(own, first=(first,) * n, later=(later,) * n).data(city)
    key = json.dumps(data, ensure_ascii=False)  # asked per level and candidate: kept
    return _CITIES.get(key, lambda: CityMap.from_dict(data))


def equal_bonus_games(
    city: CityMap,
    result: SimulationResult,
    bot: Any = None,
    bonus: tuple[int, int] | None = None,
    **run: Any,
) -> SimulationResult:
    """The games of ``result`` (its bot, games, seed and ruleset: the same deals)
    replayed on :func:`equal_bonus_city`; ``result`` itself when every line already
    pays the same. ``bot`` is the bot object when ``result``'s spec cannot rebuild it;
    ``run`` goes to :func:`vvlab.simulate` (``workers``, ``cancel``). Kept for reuse.
    """
    from vvlab.sim import simulate

    same = equal_bonus_city(city, bonus)
    if same.to_dict() == city.to_dict():
        return result
    bot = bot if bot is not None else result.bots[0]
    games, seed = int(result.metadata["games"]), result.seed
    ruleset = json.dumps(result.metadata["ruleset"], sort_keys=True)
    key = (json.dumps(same.to_dict(), sort_keys=True), str(result.bots[0]), games, seed, ruleset)
    run |= {"games": games, "seed": seed, "ruleset": result.ruleset, "progress": False}
    return _PLAYED.get(key, lambda: simulate(same, players=1, bots=[bot], **run))


@dataclass
class Play:
    """What a target is measured from: the ``city``, and for a ``level`` (a bot
    label; ``""`` for the map's rules) its solo games (``result``), ``random``'s on the
    same deals (``baseline``) and the same deals with every line's bonus equal
    (``equal``: played when first needed unless given; ``bot`` and ``run`` say how).

    Measures read the games through :meth:`mean`, :meth:`rates` and :meth:`ease`,
    which give one value per row of ``weights`` (``None``: one row of ones, the
    measured value); :meth:`resampled` adds bootstrap rows.
    """

    city: CityMap
    level: str = ""
    result: SimulationResult | None = None
    baseline: SimulationResult | None = None
    equal: SimulationResult | None = None
    bot: Any = None
    bonus: tuple[int, int] | None = None
    weights: np.ndarray | None = None
    run: dict[str, Any] = field(default_factory=dict)
    tables: dict[str, Any] = field(default_factory=dict, repr=False)
    sums: dict[str, Any] = field(default_factory=dict, repr=False)

    # -- the games as arrays ----------------------------------------------------------

    def _games(self, of: str) -> SimulationResult:
        """The run a measure reads: ``"result"``, ``"baseline"`` or ``"equal"``."""
        if of == "equal":
            if self.equal is None:
                assert self.result is not None, "a map rule has no games"
                self.equal = equal_bonus_games(self.city, self.result, self.bot, self.bonus,
                                               **self.run)  # fmt: skip
            return self.equal
        run = self.result if of == "result" else self.baseline
        assert run is not None, f"no {of} games to measure"
        return run

    def _table(self, of: str) -> dict[str, np.ndarray]:
        """Per game (in game order): each ``games`` measure and ``turns``, and per line
        (in the city's order) whether it was completed and the turn it was (the game's
        length + 1 when it was not), read from the run's arrays
        (:meth:`~vvlab.sim.SimulationResult.arrays`: no frame is built)."""
        if of not in self.tables:
            run = self._games(of)
            a = run.arrays()
            table = {c: a[c][:, 0].astype(float) for c in PER_GAME_SEAT}  # the solo seat
            table["turns"] = a["turns"].astype(float)
            played = pd.Index([line["id"] for line in run.metadata["map"]["lines"]])
            col = played.get_indexer([ln.id for ln in self.city.lines])
            when = np.zeros((len(table["turns"]), len(col)))
            when[:, col >= 0] = a["line_turn"][:, 0, col[col >= 0]]
            done = when > 0
            length = table["turns"][:, None] + 1
            table |= {"completed": done.astype(float), "turn": np.where(done, when, length)}
            self.tables[of] = table
        return self.tables[of]

    def _weighted(self, values: np.ndarray) -> np.ndarray:
        """The weighted mean over games (axis 0 of ``values``) for each weight row; a
        plain mean for every row when the run has another number of games."""
        w = self.weights
        if w is None or w.shape[1] != len(values):
            return np.broadcast_to(values.mean(axis=0), (self.rows, *values.shape[1:])).copy()
        # einsum's own loop, not BLAS: a product this small is done before BLAS's threads
        # would get a core on a busy machine, and a tuning search makes thousands
        totals = np.einsum("rg,g...->r...", w, values)
        return totals / w.sum(axis=1).reshape((-1,) + (1,) * (values.ndim - 1))

    def _means(self, of: str) -> dict[str, np.ndarray]:
        """Every column of :meth:`_table` averaged per weight row, all in one product
        (a measure reads several columns of the same games, each bootstrap row a
        weighted sum over all games)."""
        if of not in self.sums:
            table = self._table(of)
            flat = {c: v.reshape(len(v), -1) for c, v in table.items()}
            averaged = self._weighted(np.hstack(list(flat.values())))
            ends = np.cumsum([0] + [v.shape[1] for v in flat.values()])
            self.sums[of] = {
                c: averaged[:, a:b].reshape((-1, *v.shape[1:]))
                for (c, v), a, b in zip(table.items(), ends[:-1], ends[1:], strict=True)
            }
        return self.sums[of]

    @property
    def rows(self) -> int:
        """How many values each measure gives (1 + the bootstrap resamples)."""
        return 1 if self.weights is None else len(self.weights)

    # -- what measures read -----------------------------------------------------------

    def mean(self, column: str, of: str = "result") -> np.ndarray:
        """The mean of a ``games`` measure (``"score"``, ``"stars"``, ``"empty"``...) or
        of ``"turns"``, per row."""
        return self._means(of)[column]

    def rates(self, of: str = "result") -> np.ndarray:
        """Each line's share of games that complete it, ``(rows, lines)``."""
        return self._means(of)["completed"]

    def completion_turns(self, of: str = "equal") -> np.ndarray:
        """Each line's mean turn of completion (an incomplete line: the game's length
        + 1), ``(rows, lines)``."""
        return self._means(of)["turn"]

    def ease(self) -> np.ndarray:
        """How easy each line is with equal bonuses, ``(rows, lines)``, higher easier:
        the completion rate to the whole percent, then the earlier mean turn of
        completion (games last far fewer than 10,000 turns)."""
        percent = np.round(self.rates("equal") * TIE_PERCENT)
        return percent * 10_000 - self.completion_turns("equal")

    def difficulty(self) -> pd.DataFrame:
        """Each line's difficulty at this level, measured with equal bonuses: its
        completion rate (``completion``), mean turn of completion (``turn``) and
        ``ease`` (:meth:`ease`; higher is easier), one row per line."""
        rates, turns, ease = self.rates("equal")[0], self.completion_turns()[0], self.ease()[0]
        ids = [ln.id for ln in self.city.lines]
        columns = {"line": ids, "completion": rates, "turn": turns, "ease": ease}
        return pd.DataFrame({"level": self.level, **columns})

    @cached_property
    def completion(self) -> pd.Series:
        """The share of games that complete each line, by line id (the measured
        value, whatever the weights)."""
        assert self.result is not None, "a map rule has no games"
        return self.result.lines.groupby("line", observed=True)["completed"].mean()

    def rate(self, line_id: str) -> float:
        """The completion rate of one line (0 for a line no game completed)."""
        return float(self.completion.get(line_id, 0.0))

    def resampled(self, seed: int, resamples: int = RESAMPLES) -> Play:
        """This play with ``resamples`` bootstrap rows of game weights after the row
        of ones, drawn from ``seed`` (the same seed, the same rows)."""
        if self.result is None:
            return self
        weights = _bootstrap(seed, len(self.result.games), resamples)
        return replace(self, weights=weights, sums={})


@lru_cache(maxsize=8)
def _bootstrap(seed: int, games: int, resamples: int) -> np.ndarray:
    """A row of ones, then ``resamples`` rows of how often each of ``games`` games is
    drawn, from ``seed`` (read-only: kept, as every candidate of a tuning search is
    judged on the same deals).

    >>> w = _bootstrap(0, 5, 3)
    >>> w.shape, w[0].tolist(), w.sum(axis=1).tolist()
    ((4, 5), [1.0, 1.0, 1.0, 1.0, 1.0], [5.0, 5.0, 5.0, 5.0])
    """
    rng = np.random.default_rng([seed, BOOTSTRAP_STREAM])
    draws = rng.multinomial(games, np.full(games, 1.0 / games), size=resamples).astype(float)
    weights = np.vstack([np.ones((1, games)), draws])
    weights.flags.writeable = False
    return weights
