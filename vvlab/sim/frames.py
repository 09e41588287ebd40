"""Building the result frames from block records, vectorised (no loop over rows).

Rows are in (game, player[, line]) order; ``game`` is the index in the run. Dtypes are
the smallest that fit the map (scores at least ``int16``), labels are categorical, and
``lines`` - the big frame, games x players x lines rows - costs about 13 bytes a row.
:class:`FrameBuilder` builds them part by part (a run folder writes them a row group at
a time); :func:`build_frames` all at once.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pandas as pd

from vvlab.engine import Ruleset
from vvlab.model import CityMap
from vvlab.sim.blocks import BONUS_FIRST, BONUS_LATER, BlockRecord

BONUS_KINDS = ("first", "later", "none")
"""Categories of ``lines.bonus_kind``."""

PER_GAME_SEAT = ("score", "bonus", "stars", "penalty", "empty", "lines_completed", "first_bonuses")


def small_int(bound: int, at_least: type = np.int8) -> type:
    """The smallest signed integer type (not below ``at_least``) holding ``±bound``.

    >>> small_int(100).__name__, small_int(300).__name__, small_int(5, np.int16).__name__
    ('int8', 'int16', 'int16')
    """
    for kind in (np.int8, np.int16, np.int32):
        if np.iinfo(kind).bits >= np.iinfo(at_least).bits and bound <= np.iinfo(kind).max:
            return kind
    return np.int64


def stack(records: Sequence[BlockRecord]) -> dict[str, np.ndarray]:
    """Concatenate records (already in block order) along games; sum station counts."""
    names = FrameBuilder.ARRAYS
    out = {n: np.concatenate([getattr(r, n) for r in records]) for n in names}
    out["station_filled"] = np.sum([r.station_filled for r in records], axis=0, dtype=np.int64)
    return out


def bot_dtype(labels: Sequence[str]) -> tuple[pd.CategoricalDtype, np.ndarray]:
    """The ``bot`` dtype (labels in seat order, without repeats) and each seat's code."""
    categories = list(dict.fromkeys(labels))
    codes = np.array([categories.index(lab) for lab in labels], np.int8)
    return pd.CategoricalDtype(categories), codes


def _bot_column(seat_codes: np.ndarray, codes: np.ndarray, dtype: pd.CategoricalDtype):
    return pd.Categorical.from_codes(seat_codes[codes] if codes.size else codes, dtype=dtype)


def score_bound(city: CityMap, ruleset: Ruleset) -> int:
    """The largest absolute value a score or one of its parts can take on ``city``."""
    bonus = sum(line.bonus_first for line in city.lines)
    stars = sum(city.star_value(s) for s in city.stations)
    penalty = max(ruleset.penalty(n) for n in range(len(city.stations) + 1))
    return max(bonus + stars, penalty)


class FrameBuilder:
    """Builds the frames of one run, part by part: everything that does not depend on
    the games (dtypes, categories, bonuses) is fixed here, so that the frames of
    consecutive parts (``first_game`` onwards) concatenate to the frames of the whole
    run, values and dtypes (see :mod:`vvlab.sim.streaming`).

    ``total_games`` is the run's number of games (it sets the dtype of ``game``).

    Examples
    --------
    >>> import vvlab
    >>> from vvlab.bots import make_bot
    >>> from vvlab.sim.blocks import play_block_reference
    >>> city, rules = vvlab.load_map("tutorial"), vvlab.get_ruleset()
    >>> rec = play_block_reference(city, rules, [make_bot("random")], 1, 0, 5)
    >>> builder = FrameBuilder(city, rules, ["random"], seed=1, total_games=5)
    >>> arrays = stack([rec])
    >>> builder.games(arrays, 2)["game"].tolist()
    [2, 3, 4, 5, 6]
    >>> whole = builder.games(arrays, 0)
    >>> whole.equals(build_frames([rec], city, rules, ["random"], 1)[0])
    True
    """

    ARRAYS = (*PER_GAME_SEAT, "turns", "line_turn", "line_bonus")
    """The arrays of a record that the ``games`` and ``lines`` frames are made of."""

    def __init__(
        self,
        city: CityMap,
        ruleset: Ruleset,
        labels: Sequence[str],
        seed: int,
        total_games: int,
    ):
        self.city, self.seed = city, seed
        self.bot_dtype, self.seat_codes = bot_dtype(labels)
        self.game_dtype = small_int(total_games, np.int32)
        self.total_games = total_games
        self.points = small_int(score_bound(city, ruleset), np.int16)
        self.counts = small_int(len(city.lines))
        self.empty_dtype = small_int(len(city.stations), np.int16)
        self.bonus_dtype = small_int(max(ln.bonus_first for ln in city.lines))
        self.first = np.array([ln.bonus_first for ln in city.lines], self.bonus_dtype)
        self.later = np.array([ln.bonus_later for ln in city.lines], self.bonus_dtype)
        self.line_dtype = pd.CategoricalDtype([ln.id for ln in city.lines])
        self.line_codes_dtype = small_int(len(city.lines))

    def _game(self, first_game: int, games: int, repeat: int) -> np.ndarray:
        numbers = np.arange(first_game, first_game + games, dtype=self.game_dtype)
        return np.repeat(numbers, repeat)

    def games(
        self, a: dict[str, np.ndarray], first_game: int, turns_dtype: type | None = None
    ) -> pd.DataFrame:
        """One row per (game, player), see :class:`~vvlab.sim.result.SimulationResult`.
        ``turns_dtype`` defaults to the smallest (at least ``int16``) that holds these
        games' turns."""
        games, players = a["score"].shape
        if turns_dtype is None:
            turns_dtype = small_int(int(a["turns"].max()) if games else 0, np.int16)
        player = np.tile(np.arange(players, dtype=np.int8), games)
        better = a["score"][:, None, :] > a["score"][:, :, None]  # [g, p, q]: q beat p
        columns = {
            "game": self._game(first_game, games, players),
            "seed": np.full(games * players, self.seed, np.int64),
            "player": player,
            "bot": _bot_column(self.seat_codes, player, self.bot_dtype),
            **{n: a[n].ravel().astype(self.points) for n in ("score", "bonus", "stars", "penalty")},
            "empty": a["empty"].ravel().astype(self.empty_dtype),
            "lines_completed": a["lines_completed"].ravel().astype(self.counts),
            "first_bonuses": a["first_bonuses"].ravel().astype(self.counts),
            "turns": np.repeat(a["turns"].astype(turns_dtype), players),
            "rank": (1 + better.sum(axis=2, dtype=np.int8)).ravel(),
        }
        return pd.DataFrame(columns, copy=False)

    def lines(self, a: dict[str, np.ndarray], first_game: int) -> pd.DataFrame:
        """One row per (game, player, line), see
        :class:`~vvlab.sim.result.SimulationResult`."""
        turn, kind = a["line_turn"], a["line_bonus"]
        games, players, nlines = turn.shape
        rows = games * players * nlines
        zero = self.bonus_dtype(0)
        bonus = np.where(
            kind == BONUS_FIRST, self.first, np.where(kind == BONUS_LATER, self.later, zero)
        )
        flat_turn = turn.reshape(rows).astype(np.int16, copy=False)
        completed = flat_turn > 0
        seat_bot = np.broadcast_to(self.seat_codes[None, :, None], turn.shape).reshape(rows)
        line_codes = np.broadcast_to(np.arange(nlines, dtype=self.line_codes_dtype), turn.shape)
        columns = {
            "game": self._game(first_game, games, players * nlines),
            "player": np.tile(np.repeat(np.arange(players, dtype=np.int8), nlines), games),
            "bot": pd.Categorical.from_codes(seat_bot, dtype=self.bot_dtype),
            "line": pd.Categorical.from_codes(line_codes.reshape(rows), dtype=self.line_dtype),
            "completed": completed,
            "turn_completed": pd.arrays.IntegerArray(flat_turn, ~completed),
            # codes of BONUS_KINDS: none 0 -> 2, first 1 -> 0, later 2 -> 1
            "bonus_kind": pd.Categorical.from_codes(
                ((kind.reshape(rows) + 2) % 3).astype(np.int8), categories=list(BONUS_KINDS)
            ),
            "bonus": bonus.reshape(rows),
        }
        return pd.DataFrame(columns, copy=False)

    def stations(self, filled: np.ndarray) -> pd.DataFrame:
        """One row per (player, station): how often the station was filled at the end
        of the run's ``total_games`` games (``filled`` summed over every block)."""
        city, games = self.city, self.total_games
        players, nstations = filled.shape
        player = np.repeat(np.arange(players, dtype=np.int8), nstations)
        ids = list(city.stations)
        through = [len(city.lines_through(s)) for s in ids]
        codes = np.tile(np.arange(nstations, dtype=np.int16), players)
        columns = {
            "player": player,
            "bot": _bot_column(self.seat_codes, player, self.bot_dtype),
            "station": pd.Categorical.from_codes(codes, categories=ids),
            "name": pd.Series([city.stations[s].name for s in ids] * players),
            "lines_through": np.tile(np.array(through, dtype=self.counts), players),
            "filled": filled.ravel().astype(small_int(games, np.int32)),
            "games": np.full(players * nstations, games, small_int(games, np.int32)),
            "fill_rate": filled.ravel() / games,
        }
        return pd.DataFrame(columns, copy=False)


def stack_records(records: Sequence[BlockRecord]) -> dict[str, np.ndarray]:
    """The arrays of a run's records (any order, blocks 0, 1, 2, ... without gaps),
    concatenated in game order (:func:`stack`)."""
    ordered = sorted(records, key=lambda r: r.block)
    if [r.block for r in ordered] != list(range(len(ordered))):
        raise ValueError("records must cover blocks 0, 1, 2, ... without gaps")
    return stack(ordered)


class RecordFrames:
    """The frames of a run just played, each built from its records' ``arrays`` on
    first :meth:`load` (a balance verdict reads the arrays alone, and building the
    frames of a small run costs more than reading them)."""

    def __init__(
        self,
        arrays: dict[str, np.ndarray],
        city: CityMap,
        ruleset: Ruleset,
        labels: Sequence[str],
        seed: int,
    ):
        for array in arrays.values():
            array.flags.writeable = False  # shared by the frames and :meth:`arrays`
        self.arrays = arrays
        self.builder = FrameBuilder(city, ruleset, labels, seed, arrays["turns"].shape[0])

    def load(self, name: str) -> pd.DataFrame:
        """The ``name`` frame (``games``, ``lines`` or ``stations``)."""
        if name == "stations":
            return self.builder.stations(self.arrays["station_filled"])
        return getattr(self.builder, name)(self.arrays, 0)


def build_frames(
    records: Sequence[BlockRecord],
    city: CityMap,
    ruleset: Ruleset,
    labels: Sequence[str],
    seed: int,
) -> tuple[pd.DataFrame, pd.DataFrame, pd.DataFrame]:
    """The ``games``, ``lines`` and ``stations`` frames of a run's records."""
    frames = RecordFrames(stack_records(records), city, ruleset, labels, seed)
    return frames.load("games"), frames.load("lines"), frames.load("stations")


def frame_arrays(
    games: pd.DataFrame, lines: pd.DataFrame, line_ids: Sequence[str]
) -> dict[str, np.ndarray]:
    """The arrays of :meth:`FrameBuilder.games` and :meth:`FrameBuilder.lines` again,
    from their frames (any row order): per (game, seat) each of
    :data:`PER_GAME_SEAT`, per game ``turns``, per (game, seat, line in the order of
    ``line_ids``) ``line_turn`` (0: never completed).

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, games=5, seed=1, progress=False)
    >>> again = frame_arrays(res.games, res.lines, [ln.id for ln in res.city.lines])
    >>> all(np.array_equal(again[k], res.arrays()[k]) for k in res.arrays())
    True
    """
    games = games.sort_values(["game", "player"])
    count, players = games["game"].nunique(), games["player"].nunique()
    out = {n: games[n].to_numpy(np.int64).reshape(count, players) for n in PER_GAME_SEAT}
    out["turns"] = games["turns"].to_numpy(np.int64)[::players]
    game = np.searchsorted(np.unique(games["game"].to_numpy()), lines["game"].to_numpy())
    line = pd.Index(list(line_ids)).get_indexer(lines["line"].astype(str))
    turn = np.zeros((count, players, len(line_ids)), np.int64)
    known = line >= 0
    where = (game[known], lines["player"].to_numpy()[known], line[known])
    turn[where] = lines["turn_completed"].fillna(0).to_numpy(np.int64)[known]
    return out | {"line_turn": turn}
