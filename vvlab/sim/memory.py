"""How much memory a run's frames take, and the check that a run without ``out=`` fits.

A run without ``out=`` builds its ``games``, ``lines`` and ``stations`` frames in this
process; building them needs about twice their size at the peak (the block records and
the frames at once). So the frames may take at most :data:`MEMORY_SHARE` of the
machine's memory; a bigger run is refused before it starts, with the size it would have
and the way out: ``out=FOLDER`` writes the frames to parquet as blocks finish and keeps
memory bounded whatever the number of games.

Examples
--------
>>> from vvlab.sim.params import prepare_run
>>> spec = prepare_run("tutorial", 2, None, 10**6, 0, None)
>>> frames_bytes(spec) // 10**6  # bytes per game: 2 x 29 (games) + 2 x 4 x 13 (lines)
162
>>> check_memory(prepare_run("tutorial", 1, None, 10**9, 0, None), physical=16 * 10**9)
Traceback (most recent call last):
...
ValueError: games=1,000,000,000 without out= would build frames of about 81.0 GB in \
memory, more than 25% of this machine's 16.0 GB; give out=FOLDER to write them to \
parquet as the blocks finish (memory stays bounded), or play fewer games
"""

from __future__ import annotations

import os
from typing import Any

import numpy as np

from vvlab.sim.blocks import BlockRecord
from vvlab.sim.frames import FrameBuilder
from vvlab.sim.params import RunSpec

MEMORY_SHARE = 0.25
"""The share of the machine's memory the frames of a run without ``out=`` may take."""

FALLBACK_MEMORY = 8 * 2**30
"""The memory assumed where the system does not tell (8 GiB)."""


RECORD_CACHE_SHARE = 0.05
"""With ``out=``, finished blocks are also kept in memory up to this share of the
machine's memory (at most :data:`RECORD_CACHE_MAX` bytes), so that writing the results
need not read them back from disk; the rest is read back block by block."""

RECORD_CACHE_MAX = 2**30


def record_cache_bytes() -> int:
    """How many bytes of finished blocks a run with ``out=`` keeps in memory.

    >>> 0 < record_cache_bytes() <= RECORD_CACHE_MAX
    True
    """
    return int(min(RECORD_CACHE_MAX, RECORD_CACHE_SHARE * physical_memory()))


def physical_memory() -> int:
    """The machine's memory in bytes (``SC_PHYS_PAGES * SC_PAGE_SIZE``), or
    :data:`FALLBACK_MEMORY` where the system does not tell."""
    try:
        total = os.sysconf("SC_PHYS_PAGES") * os.sysconf("SC_PAGE_SIZE")
    except (AttributeError, ValueError, OSError):
        return FALLBACK_MEMORY
    return total if total > 0 else FALLBACK_MEMORY


def size_text(n: float) -> str:
    """``810 MB``, ``81.0 GB`` (powers of 1000).

    >>> size_text(810_000_123), size_text(81e9), size_text(2**20)
    ('810 MB', '81.0 GB', '1 MB')
    """
    return f"{n / 1e9:.1f} GB" if n >= 1e9 else f"{n / 1e6:.0f} MB"


def frames_bytes(spec: RunSpec) -> int:
    """The memory the frames of ``spec`` take, from their dtypes: the frames of one
    and of two games are built (a few milliseconds); their difference is the cost of
    a game, the rest (categories, ``stations``) does not grow with the games."""
    city = spec.city
    shape = (city.id, len(city.lines), len(city.stations), spec.players, spec.labels)
    if shape not in _SIZES:  # the same shape of run is checked again and again (tune)
        _SIZES[shape] = tuple(_template_bytes(spec, games) for games in (1, 2))
    one, two = _SIZES[shape]
    per_game = two - one
    return one - per_game + per_game * spec.games


_SIZES: dict[tuple[Any, ...], tuple[int, ...]] = {}
"""The frames' bytes for one and two games, by the run's shape (city, its lines and
stations, players, bots): an estimate, so a city edited under the same name and size
keeps it."""


def _template_bytes(spec: RunSpec, games: int) -> int:
    city = spec.city
    rec = BlockRecord.empty_record(0, games, spec.players, len(city.lines), len(city.stations))
    builder = FrameBuilder(spec.city, spec.ruleset, spec.labels, spec.seed, spec.games)
    arrays = {n: getattr(rec, n) for n in builder.ARRAYS}
    frames = (
        builder.games(arrays, 0, turns_dtype=np.int16),
        builder.lines(arrays, 0),
        builder.stations(rec.station_filled.astype(np.int64)),
    )
    return int(sum(f.memory_usage(index=False, deep=True).sum() for f in frames))


def check_memory(spec: RunSpec, physical: int | None = None) -> None:
    """Refuse a run without ``out=`` whose frames would take more than
    :data:`MEMORY_SHARE` of ``physical`` bytes (default: :func:`physical_memory`)."""
    physical = physical_memory() if physical is None else physical
    need = frames_bytes(spec)
    if need <= MEMORY_SHARE * physical:
        return
    raise ValueError(
        f"games={spec.games:,} without out= would build frames of about {size_text(need)} "
        f"in memory, more than {MEMORY_SHARE:.0%} of this machine's {size_text(physical)}; "
        "give out=FOLDER to write them to parquet as the blocks finish (memory stays "
        "bounded), or play fewer games"
    )
