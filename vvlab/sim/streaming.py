"""Writing a run's frames from its block files, a row group at a time.

A run with ``out=`` keeps every finished block in ``out/_blocks`` (in whatever order
the workers finish them). Once all are there, :func:`write_run` reads them back in
block order, :data:`ROW_GROUP_ROWS` rows of ``lines`` at a time, builds that part of
the ``games`` and ``lines`` frames (:class:`~vvlab.sim.frames.FrameBuilder`) and
appends it to the parquet files as a row group; the station counts are summed on the
way. Memory stays bounded by one row group, whatever the number of games, and the
files read back to exactly the frames an in-memory run builds.

Examples
--------
>>> import tempfile, vvlab
>>> from pathlib import Path
>>> from vvlab.sim.params import prepare_run
>>> from vvlab.sim.worker import ChunkTask, play_block
>>> spec = prepare_run("tutorial", 2, None, 600, 3, None)
>>> task = ChunkTask.from_spec(spec, "auto")
>>> folder = Path(tempfile.mkdtemp())
>>> write_run(folder, spec, lambda b: play_block(task, b, spec.block_games(b)), {})
>>> vvlab.SimulationResult.from_parquet(folder).equals(
...     vvlab.simulate("tutorial", 2, games=600, seed=3, workers=1, progress=False))
True
"""

from __future__ import annotations

from collections.abc import Callable
from contextlib import ExitStack
from pathlib import Path
from typing import Any

import numpy as np

from vvlab.sim.blocks import BlockRecord
from vvlab.sim.deal import BLOCK_SIZE
from vvlab.sim.frames import FrameBuilder, small_int, stack
from vvlab.sim.params import RunSpec, run_identity
from vvlab.sim.resultfiles import frame_file, write_frame, write_manifest

ROW_GROUP_ROWS = 1 << 20
"""Rows of ``lines`` per parquet row group (about 13 MB in memory; at least one
block); ``games`` is cut at the same games."""


class _WiderTurns(Exception):
    """A game had more turns than the ``turns`` dtype holds: write again, wider."""

    def __init__(self, dtype: type):
        super().__init__(dtype)
        self.dtype = dtype


def blocks_per_group(spec: RunSpec) -> int:
    """Blocks per row group: :data:`ROW_GROUP_ROWS` rows of ``lines``, at least one.

    >>> from vvlab.sim.params import prepare_run
    >>> blocks_per_group(prepare_run("tutorial", 2, None, 10, 0, None))  # 2 x 4 lines
    512
    """
    rows = BLOCK_SIZE * spec.players * max(1, len(spec.city.lines))
    return max(1, ROW_GROUP_ROWS // rows)


def write_run(
    folder: Path,
    spec: RunSpec,
    read: Callable[[int], BlockRecord],
    execution: dict[str, Any],
) -> None:
    """Write the result files of ``spec`` into ``folder`` from its blocks (``read(b)``
    gives block ``b``): ``games`` and ``lines`` a row group at a time, ``stations``,
    then ``metadata.json`` (see :mod:`vvlab.sim.resultfiles`)."""
    run_id = run_identity(spec.record())
    (folder / "metadata.json").unlink(missing_ok=True)
    turns: type = np.int16
    while True:  # turns fit int16 in every real game; a wider dtype means writing again
        try:
            files = _write_frames(folder, spec, read, run_id, turns)
            break
        except _WiderTurns as wider:
            turns = wider.dtype
    metadata = {**spec.record(), "map": spec.city.to_dict(), "execution": execution}
    write_manifest(folder, metadata, files)


def _write_frames(
    folder: Path,
    spec: RunSpec,
    read: Callable[[int], BlockRecord],
    run_id: str,
    turns: type,
) -> dict[str, Any]:
    builder = FrameBuilder(spec.city, spec.ruleset, spec.labels, spec.seed, spec.games)
    filled = np.zeros((spec.players, len(spec.city.stations)), np.int64)
    group = blocks_per_group(spec)
    with ExitStack() as files:
        games = files.enter_context(frame_file(folder / "games.parquet", "games", run_id))
        lines = files.enter_context(frame_file(folder / "lines.parquet", "lines", run_id))
        for start in range(0, spec.blocks, group):
            arrays = stack([read(b) for b in range(start, min(start + group, spec.blocks))])
            most = int(arrays["turns"].max())
            if most > np.iinfo(turns).max:
                raise _WiderTurns(small_int(most, np.int16))
            games.write(builder.games(arrays, start * BLOCK_SIZE, turns))
            lines.write(builder.lines(arrays, start * BLOCK_SIZE))
            filled += arrays["station_filled"]
    stations = builder.stations(filled)
    return {
        "games.parquet": games.info,
        "lines.parquet": lines.info,
        "stations.parquet": write_frame(folder / "stations.parquet", stations, "stations", run_id),
    }
