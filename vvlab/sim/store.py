"""The output folder of a run: parameters, finished blocks as they come, final results.

Layout of ``out``::

    run.json                  the run's parameters, checked by resume=True
    _blocks/block-000012.npz  one file per finished block, while the run is going
    games.parquet, lines.parquet, stations.parquet, metadata.json   at the end

Every file is written atomically (:mod:`vvlab.model.files`: a temporary file, synced,
then a rename), so Ctrl-C or a crash never leaves half a file. Every block file and
result file carries the run's identity (:func:`~vvlab.sim.params.run_identity`, the
hash of ``run.json``'s content) and a checksum (:mod:`vvlab.sim.blockfiles`,
:mod:`vvlab.sim.resultfiles`): resuming refuses, naming the file, a block of another
run, a block under another number and files of an older vvlab. A block file whose
bytes do not match its checksum (cut short, empty, changed) is never read: its block is
played again, and a note (a ``UserWarning``) names the file.

Finished blocks stay on disk, not in memory (:class:`Finished` knows which they are);
at the end the frames are written from them a row group at a time
(:mod:`vvlab.sim.streaming`) and the block cache is removed: the parquet files hold
everything, and ``metadata.json`` marks the run done. The result is read back from
the folder on first access. A crash while the cache is removed leaves part of it
beside the finished results; resuming the run removes it once the results verify
(:meth:`BlockStore.tidy`).
"""

from __future__ import annotations

import json
import os
import shutil
import warnings
from collections.abc import Callable, Iterator, MutableMapping
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from vvlab.model.files import leftover_temporaries
from vvlab.sim.blockfiles import block_number, read_block, write_block
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.errors import RunFolderError
from vvlab.sim.memory import record_cache_bytes
from vvlab.sim.params import RunSpec, run_identity
from vvlab.sim.resultfiles import FRAMES, RESULT_FILES, open_result, write_json
from vvlab.sim.streaming import write_run

RESUME_HINT = "resume=True (command line: --resume)"

__all__ = ["RESULT_FILES", "RESUME_HINT", "BlockStore", "Finished", "write_json"]


def _short(key: str, value: Any) -> str:
    if key == "ruleset" and isinstance(value, dict):
        return repr(value.get("name"))
    if key == "bots" and isinstance(value, list):
        return ",".join(str(b.get("spec")) for b in value if isinstance(b, dict))
    if key == "map_sha256" and isinstance(value, str):
        return value[:12]
    return repr(value)


class BlockStore:
    """Finished blocks of one run, kept in ``folder`` (see the module docstring)."""

    def __init__(self, folder: Path, record: dict[str, Any], spec: RunSpec | None = None):
        self.folder = folder
        self.blocks_dir = folder / "_blocks"
        self.record = record
        self.run_id = run_identity(record)
        self.spec = spec

    @classmethod
    def open(cls, folder: str | os.PathLike[str], spec: RunSpec, resume: bool) -> BlockStore:
        """Check ``folder`` against the run and prepare it; refuses to mix two runs."""
        path = Path(folder)
        record = json.loads(json.dumps(spec.record()))
        if path.exists() and not path.is_dir():
            raise ValueError(f"out={os.fspath(path)!r} is a file, not a folder")
        busy = path.is_dir() and any(path.iterdir())
        stored = cls._read_run(path)
        if busy and not resume:
            raise FileExistsError(
                f"{path} already exists and is not empty: {RESUME_HINT} continues the run "
                "saved there; otherwise choose another folder or remove it"
            )
        if busy and stored is None:
            raise ValueError(f"{path} holds no run.json: there is no run to resume there")
        if stored is not None and stored != record:
            diff = [
                f"{k}: {_short(k, stored.get(k))} there, {_short(k, record.get(k))} now"
                for k in sorted(set(stored) | set(record))
                if stored.get(k) != record.get(k)
            ]
            raise ValueError(
                f"cannot resume: {path} holds a different run ({'; '.join(diff)}); resuming "
                "needs the same map, ruleset, bots, players, games and seed"
            )
        store = cls(path, record, spec)
        if store.is_complete():
            _note_tidied(path, store.tidy())
        else:
            store.blocks_dir.mkdir(parents=True, exist_ok=True)
            write_json(path / "run.json", record)
        return store

    @staticmethod
    def _read_run(path: Path) -> dict[str, Any] | None:
        try:
            return json.loads((path / "run.json").read_text(encoding="utf-8"))
        except FileNotFoundError:
            return None
        except (OSError, ValueError) as err:
            raise ValueError(f"{path / 'run.json'} is unreadable: {err}") from None

    def is_complete(self) -> bool:
        """True when the final results are all there."""
        return all((self.folder / name).is_file() for name in RESULT_FILES)

    def result(self) -> Any:
        """The finished run's result, read from the folder on first access; refuses
        result files of another run."""
        from vvlab.sim.result import SimulationResult

        result = SimulationResult.from_parquet(self.folder)
        if run_identity(result.metadata) != self.run_id:
            path = self.folder / "metadata.json"
            raise RunFolderError(
                f"{path} belongs to another run than {self.folder / 'run.json'}: the "
                "folder's results are not this run's; choose another folder",
                path,
            )
        return result

    def tidy(self) -> list[Path]:
        """Remove what a crash left beside the finished results (the block cache,
        temporary files), once every result file matches its checksum; returns what
        was removed."""
        leftovers = self._leftovers()
        if leftovers:
            self.result()  # this run's results, not another's
            files = open_result(self.folder)[1]
            for frame in FRAMES:
                files.verified(frame)
        _remove(leftovers)
        return leftovers

    def _leftovers(self) -> list[Path]:
        """The block cache and the temporary files of killed writers, where there."""
        found = [self.blocks_dir] if self.blocks_dir.exists() else []
        for name in (*RESULT_FILES, "run.json"):
            found += leftover_temporaries(self.folder / name)
        return found

    def block_path(self, block: int) -> Path:
        return self.blocks_dir / f"block-{block:06d}.npz"

    def save(self, records: list[BlockRecord]) -> None:
        """Write finished blocks, each atomically, with the run identity and checksum."""
        for rec in records:
            write_block(self.block_path(rec.block), rec, self.run_id)

    def read(self, block: int) -> BlockRecord:
        """A kept block, checked (see :func:`~vvlab.sim.blockfiles.read_block`)."""
        path = self.block_path(block)
        rec = read_block(path, block, self.run_id)
        if rec is None or not _fits(rec, self._spec(), block):
            raise RunFolderError(
                f"{path} is damaged (it no longer matches its checksum): remove it and "
                "resume (the block is played again)",
                path,
            )
        return rec

    def _spec(self) -> RunSpec:
        if self.spec is None:
            raise ValueError("this BlockStore was made without its RunSpec")
        return self.spec

    def load(self, spec: RunSpec) -> Finished:
        """The finished blocks on disk, each checked but not kept in memory. A file
        that does not match its checksum is not read (its block is played again, with
        a note); one of another run or block, or of an older vvlab, is refused."""
        self.spec = spec
        finished = Finished(spec, self)
        damaged: list[str] = []
        with os.scandir(self.blocks_dir) as entries:  # the files there, not every name
            for entry in entries:
                block = block_number(entry.name)
                if block is None or block >= spec.blocks:
                    continue
                rec = read_block(Path(entry.path), block, self.run_id)
                if rec is not None and _fits(rec, spec, block):
                    finished[block] = rec
                else:
                    damaged.append(entry.name)
        if damaged:
            _note_damaged(self.blocks_dir, sorted(damaged))
        return finished

    def finish(
        self,
        spec: RunSpec,
        execution: dict[str, Any],
        read: Callable[[int], BlockRecord] | None = None,
    ) -> Any:
        """Write the results as parquet from the kept blocks (``read(b)`` gives block
        ``b``, by default from its file), remove the block cache (and temporary files
        a killed earlier attempt left) and return the result (read from the folder on
        first access)."""
        write_run(self.folder, spec, read or self.read, execution)
        _remove(self._leftovers())
        return self.result()


class Finished(MutableMapping[int, BlockRecord]):
    """The finished blocks of a run, block number to record, with their ``games``.

    Without a ``store`` the records are kept here (the result is built from them).
    With one they are on disk, and kept here too only up to
    :func:`~vvlab.sim.memory.record_cache_bytes` (records are small next to the frames:
    writing the results then reads none back); which blocks are done stays in memory
    (a bit per block) and a record not kept is read back when asked for.

    >>> from vvlab.sim.params import prepare_run
    >>> spec = prepare_run("tutorial", 1, None, 600, 0, None)
    >>> done = Finished(spec)
    >>> done[1] = BlockRecord.empty_record(1, 256, 1, 4, 12)
    >>> list(done), done.games, done.missing().tolist()
    ([1], 256, [0, 2])
    """

    def __init__(self, spec: RunSpec, store: BlockStore | None = None):
        self.spec, self.store = spec, store
        self.done = np.zeros(spec.blocks, dtype=bool)
        self.games = 0
        self._records: dict[int, BlockRecord] = {}
        self._budget = record_cache_bytes() if store is not None else None
        self._kept_bytes = 0

    def __setitem__(self, block: int, record: BlockRecord) -> None:
        if not self.done[block]:
            self.done[block] = True
            self.games += self.spec.block_games(block)
        if self._budget is None:
            self._records[block] = record
        elif block not in self._records and self._kept_bytes + _nbytes(record) <= self._budget:
            self._records[block] = record
            self._kept_bytes += _nbytes(record)

    def __getitem__(self, block: int) -> BlockRecord:
        if not (0 <= block < len(self.done) and self.done[block]):
            raise KeyError(block)
        record = self._records.get(block)
        return record if record is not None else self.store.read(block)  # type: ignore[union-attr]

    def __delitem__(self, block: int) -> None:
        if not (0 <= block < len(self.done) and self.done[block]):
            raise KeyError(block)
        self.done[block] = False
        self.games -= self.spec.block_games(block)
        record = self._records.pop(block, None)
        if record is not None and self._budget is not None:
            self._kept_bytes -= _nbytes(record)

    def __contains__(self, block: object) -> bool:
        return (
            isinstance(block, (int, np.integer))
            and 0 <= block < len(self.done)
            and bool(self.done[block])
        )

    def __iter__(self) -> Iterator[int]:
        return (int(b) for b in np.flatnonzero(self.done))

    def __len__(self) -> int:
        return int(np.count_nonzero(self.done))

    def missing(self) -> np.ndarray:
        """The blocks still to play, in order."""
        return np.flatnonzero(~self.done)


def _remove(paths: list[Path]) -> None:
    for path in paths:
        if path.is_dir():
            shutil.rmtree(path, ignore_errors=True)
        else:
            path.unlink(missing_ok=True)


def _note_tidied(folder: Path, removed: list[Path]) -> None:
    if removed:
        names = ", ".join(p.name for p in removed)
        warnings.warn(
            f"{folder} holds a finished run: removed what a crash left beside its "
            f"results ({names})",
            UserWarning,
            stacklevel=5,
        )


def _note_damaged(folder: Path, names: list[str]) -> None:
    """Say which block files were damaged (cut short, empty, changed): played again."""
    shown = ", ".join(names[:3]) + (f" and {len(names) - 3} more" if len(names) > 3 else "")
    warnings.warn(
        f"block files cut short or changed (not matching their checksum) in {folder}: "
        f"{shown}; their games are played again",
        UserWarning,
        stacklevel=4,
    )


def _nbytes(record: BlockRecord) -> int:
    return sum(getattr(record, f.name).nbytes for f in fields(record) if f.name != "block")


def _fits(rec: BlockRecord, spec: RunSpec, block: int) -> bool:
    games, players = spec.block_games(block), spec.players
    lines, stations = len(spec.city.lines), len(spec.city.stations)
    return (
        rec.score.shape == (games, players)
        and rec.turns.shape == (games,)
        and rec.line_turn.shape == (games, players, lines)
        and rec.line_bonus.shape == (games, players, lines)
        and rec.station_filled.shape == (players, stations)
    )
