"""Checking a run's parameters before any work starts, and splitting it into chunks.

Every mistake is reported here, with a clear message, before a single game is played:
games (at most :data:`MAX_GAMES`), players, bots, ruleset, workers, chunk size, and
whether the bots can be sent to worker processes. Workers are capped at the useful
number (:func:`cap_workers`), and the plan of chunks is computed as it is read
(:class:`ChunkPlan`), so planning costs a few bytes per block, not Python objects.
"""

from __future__ import annotations

import hashlib
import json
import os
import pickle
import warnings
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache
from typing import Any, overload

import numpy as np

from vvlab import __version__
from vvlab.bots.base import bot_label, bot_name, make_bot
from vvlab.engine import Ruleset, get_ruleset
from vvlab.engine.game import MAX_PLAYERS, MAX_SEED
from vvlab.model import CityMap, load_map
from vvlab.model.io import map_text
from vvlab.sim.deal import BLOCK_SIZE

FORMAT = "vvlab-simulation/1"
"""Format tag of the run's parameters (``run.json``, and the core of ``metadata.json``)."""

MAX_GAMES = 10**9
"""Most games one run may have (3.9 million seed blocks); bigger runs are refused before
anything starts. Split more games into several runs with different seeds."""

MAX_CHUNK_BLOCKS = 16
"""Largest automatic chunk (4096 games): keeps progress and Ctrl-C fine-grained."""

CHUNKS_PER_WORKER = 4

Chunk = tuple[tuple[int, int], ...]
"""One task for a worker: ``(block, games)`` pairs, in block order."""


@dataclass(frozen=True)
class RunSpec:
    """What decides a run's result: map, ruleset, bots, players, games, seed.

    ``bots`` holds, per seat, the canonical spec string of a registered bot or the bot
    object itself (user bots); ``labels`` the spec strings shown in the frames.
    """

    city: CityMap
    ruleset: Ruleset
    bots: tuple[Any, ...]
    labels: tuple[str, ...]
    players: int
    games: int
    seed: int

    @property
    def blocks(self) -> int:
        """Number of seed blocks; the last one may be partial."""
        return -(-self.games // BLOCK_SIZE)

    def block_games(self, block: int) -> int:
        """Games played in ``block`` (``BLOCK_SIZE`` except maybe in the last block)."""
        return min(BLOCK_SIZE, self.games - block * BLOCK_SIZE)

    @cached_property
    def map_sha256(self) -> str:
        """sha256 of the map's canonical JSON text (:func:`~vvlab.model.io.map_json`),
        computed once per map: a tuning search starts thousands of runs on a few maps
        each, and the canonical text is slow to make (the compact one is the key)."""
        return _map_sha256(json.dumps(self.city.to_dict(), ensure_ascii=False))

    def record(self) -> dict[str, Any]:
        """The parameters as plain data: ``run.json``, and the core of the metadata."""
        bots = [
            {"player": p, "spec": label, "name": _bot_name(bot), "params": _bot_params(bot)}
            for p, (bot, label) in enumerate(zip(self.bots, self.labels, strict=True))
        ]
        return {
            "format": FORMAT,
            "map_id": self.city.id,
            "map_name": self.city.name,
            "map_sha256": self.map_sha256,
            "ruleset": self.ruleset.to_dict(),
            "players": self.players,
            "bots": bots,
            "games": self.games,
            "seed": self.seed,
            "block_size": BLOCK_SIZE,
            "vvlab_version": __version__,
        }


@lru_cache(maxsize=64)
def _map_sha256(compact: str) -> str:
    """sha256 of the canonical text of the map data in ``compact`` (its JSON text
    without spaces)."""
    return hashlib.sha256(map_text(json.loads(compact)).encode()).hexdigest()


NOT_IDENTITY = ("map", "execution")
"""Keys of a result's metadata that are not in ``run.json``: the map itself (its hash
is) and how the run was executed."""


def run_identity(record: dict[str, Any]) -> str:
    """The run's identity: sha256 of its parameters as canonical JSON (sorted keys, no
    spaces), from ``run.json``'s content or a result's metadata (whose ``map`` and
    ``execution`` are left out: the same data). Every block file and result file of a
    run folder carries it.

    >>> spec = prepare_run("tutorial", 2, None, 700, 11, None)
    >>> meta = {**spec.record(), "map": spec.city.to_dict(), "execution": {"workers": 2}}
    >>> run_identity(spec.record()) == run_identity(meta), len(run_identity(meta))
    (True, 64)
    """
    return canonical_sha256({k: v for k, v in record.items() if k not in NOT_IDENTITY})


def canonical_sha256(data: Any) -> str:
    """sha256 of ``data`` as canonical JSON (sorted keys, no spaces).

    >>> canonical_sha256({"b": 1, "a": [2]}) == canonical_sha256({"a": [2], "b": 1})
    True
    """
    text = json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def _bot_name(bot: Any) -> str:
    return bot_name(make_bot(bot))


def _bot_params(bot: Any) -> dict[str, Any]:
    params = getattr(make_bot(bot), "params", None) or {}
    return json.loads(json.dumps(params, default=repr, sort_keys=True))


def check_int(name: str, value: Any, low: int, high: int | None = None) -> int:
    """``value`` as an int if it is a whole number in ``[low, high]``, else ``ValueError``.

    >>> check_int("games", 10, 1)
    10
    >>> check_int("games", 0, 1)
    Traceback (most recent call last):
    ...
    ValueError: games must be a whole number >= 1, got 0
    """
    ok = not isinstance(value, bool) and hasattr(value, "__index__")
    if ok and low <= int(value) and (high is None or int(value) <= high):
        return int(value)
    bound = f">= {low}" if high is None else f"from {low} to {high}"
    raise ValueError(f"{name} must be a whole number {bound}, got {value!r}")


def resolve_bots(bots: Any, players: int) -> tuple[tuple[Any, ...], tuple[str, ...]]:
    """One bot per seat from ``bots`` (``None``, one bot for all, or one per player).

    Returns the bots to send to workers (canonical spec strings for registered bots,
    objects otherwise) and their labels. Unknown names and parameters are errors.

    >>> resolve_bots("random", 2)
    (('random', 'random'), ('random', 'random'))
    >>> resolve_bots(["random"] * 3, 2)
    Traceback (most recent call last):
    ...
    ValueError: 3 bots for 2 players: give one bot per player, or one bot for all
    """
    if bots is None:
        bots = ["random"]
    elif isinstance(bots, str) or not isinstance(bots, Sequence):
        bots = [bots]
    bots = list(bots)
    if len(bots) == 1:
        bots = bots * players
    if len(bots) != players:
        raise ValueError(
            f"{len(bots)} bots for {players} player{'s' * (players != 1)}: "
            "give one bot per player, or one bot for all"
        )
    sendable = []
    for p, bot in enumerate(bots):
        try:
            made = make_bot(bot)
        except (ValueError, TypeError) as err:
            raise type(err)(f"bot of player {p}: {err}") from None
        sendable.append(bot_label(made) if isinstance(bot, str) else bot)
    return tuple(sendable), tuple(bot_label(make_bot(b)) for b in sendable)


def check_games(games: Any) -> int:
    """``games`` as an int from 1 to :data:`MAX_GAMES`, else a ``ValueError``.

    >>> check_games(10**12)
    Traceback (most recent call last):
    ...
    ValueError: games=1,000,000,000,000 is too many for one run: at most 1,000,000,000 \
(vvlab.sim.params.MAX_GAMES); split them into runs with different seeds
    """
    games = check_int("games", games, 1)
    if games > MAX_GAMES:
        raise ValueError(
            f"games={games:,} is too many for one run: at most {MAX_GAMES:,} "
            "(vvlab.sim.params.MAX_GAMES); split them into runs with different seeds"
        )
    return games


def prepare_run(city: Any, players: Any, bots: Any, games: Any, seed: Any, ruleset: Any) -> RunSpec:
    """Check and normalise the parameters that decide a run's result."""
    games = check_games(games)
    players = check_int("players", players, 1, MAX_PLAYERS)
    seed = check_int("seed", seed, 0, MAX_SEED)
    rules = get_ruleset(ruleset)
    city_map = load_map(city)
    sendable, labels = resolve_bots(bots, players)
    return RunSpec(city_map, rules, sendable, labels, players, games, seed)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system has one).

    >>> available_cores() >= 1
    True
    """
    count = getattr(os, "process_cpu_count", None)  # Python >= 3.13
    if count is not None:
        return count() or 1
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0)) or 1
    return os.cpu_count() or 1


def check_workers(workers: Any) -> int:
    """Worker processes: ``None`` means every core (:func:`available_cores`)."""
    if workers is None:
        return available_cores()
    return check_int("workers", workers, 1)


def cap_workers(workers: int, blocks: int, asked: Any = None) -> int:
    """The useful number of worker processes: at most the cores and the blocks to play.

    More processes than cores only wait for each other (and each one costs memory);
    more than blocks have nothing to do. When ``asked`` (the caller's own ``workers``,
    ``None`` for the default) was lowered, a ``UserWarning`` says so, once.

    >>> import warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     cap_workers(1000, 1, asked=1000)
    1
    >>> print(caught[0].message)  # doctest: +ELLIPSIS
    workers=1000 lowered to 1: this machine has ... and the run has 1 block of 256 games to play ...
    """
    cores = available_cores()
    useful = max(1, min(workers, cores, blocks))
    if asked is not None and useful < workers and blocks > 0:
        warnings.warn(
            f"workers={workers} lowered to {useful}: this machine has {cores} "
            f"core{'s' * (cores != 1)} and the run has {blocks} block{'s' * (blocks != 1)} "
            f"of {BLOCK_SIZE} games to play (the result is the same for any workers)",
            UserWarning,
            stacklevel=3,
        )
    return useful


def check_sendable(spec: RunSpec, workers: int, client: Any) -> None:
    """Bot objects must pickle to reach worker processes (Dask: cloudpickle)."""
    if workers <= 1 and client is None:
        return
    for p, bot in enumerate(spec.bots):
        if isinstance(bot, str):
            continue
        try:
            _dumps(bot, client)
        except Exception as err:
            where = "the Dask workers" if client is not None else "worker processes"
            raise ValueError(
                f"bot {spec.labels[p]!r} of player {p} cannot be sent to {where} "
                f"({type(err).__name__}: {err}); use workers=1, or define the bot at "
                "the top level of a module"
            ) from None


def _dumps(obj: Any, client: Any) -> bytes:
    if client is None:
        return pickle.dumps(obj)
    from distributed.protocol.pickle import dumps

    return dumps(obj)


def auto_chunk_blocks(blocks: int, workers: int) -> int:
    """Blocks per chunk: at least four chunks per worker (so that uneven chunks balance
    out), at most :data:`MAX_CHUNK_BLOCKS` blocks each; one block in process.

    >>> auto_chunk_blocks(4, 1), auto_chunk_blocks(20, 2), auto_chunk_blocks(4000, 8)
    (1, 2, 16)
    """
    if workers <= 1:
        return 1
    return max(1, min(MAX_CHUNK_BLOCKS, blocks // (CHUNKS_PER_WORKER * workers)))


class ChunkPlan(Sequence[Chunk]):
    """The chunks of a run, computed as they are read: ``blocks`` (in order, a numpy
    array) split into chunks of ``size`` blocks. Holds 8 bytes per block, so that even
    a run of :data:`MAX_GAMES` games is planned in a few dozen megabytes."""

    def __init__(self, blocks: Sequence[int], size: int, games: int):
        self.blocks = np.asarray(blocks, dtype=np.int64).reshape(-1)
        self.size, self.games = size, games

    def __len__(self) -> int:
        return -(-len(self.blocks) // self.size)

    def _chunk(self, i: int) -> Chunk:
        part = self.blocks[i * self.size : (i + 1) * self.size].tolist()
        return tuple((b, min(BLOCK_SIZE, self.games - b * BLOCK_SIZE)) for b in part)

    @overload
    def __getitem__(self, i: int) -> Chunk: ...
    @overload
    def __getitem__(self, i: slice) -> list[Chunk]: ...
    def __getitem__(self, i: int | slice) -> Chunk | list[Chunk]:
        if isinstance(i, slice):
            return [self._chunk(j) for j in range(*i.indices(len(self)))]
        n = len(self)
        if not -n <= i < n:
            raise IndexError("chunk index out of range")
        return self._chunk(i % n)

    def __iter__(self) -> Iterator[Chunk]:
        return (self._chunk(i) for i in range(len(self)))

    def __repr__(self) -> str:
        return f"ChunkPlan({len(self.blocks)} blocks in {len(self)} chunks of {self.size})"


def plan_chunks(spec: RunSpec, blocks: Sequence[int], size: int) -> ChunkPlan:
    """Split ``blocks`` (in order) into chunks of ``size`` blocks.

    >>> spec = prepare_run("tutorial", 1, None, 700, 0, None)
    >>> plan = plan_chunks(spec, [0, 1, 2], 2)
    >>> len(plan), list(plan)
    (2, [((0, 256), (1, 256)), ((2, 188),)])
    """
    return ChunkPlan(blocks, size, spec.games)
