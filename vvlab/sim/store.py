"""The output folder of a run: parameters, finished blocks as they come, final results.

Layout of ``out``::

    run.json                  the run's parameters, checked by resume=True
    _blocks/block-000012.npz  one file per finished block, while the run is going
    games.parquet, lines.parquet, stations.parquet, metadata.json   at the end

Every file is written atomically (:mod:`vvlab.model.files`: a temporary file, synced,
then a rename), so Ctrl-C or a crash never leaves half a file. Once the results are
written the block cache is removed: the parquet files hold everything, and
``metadata.json`` marks the run done.
"""

from __future__ import annotations

import json
import os
import shutil
import zipfile
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from vvlab.model.files import atomic_path, atomic_write
from vvlab.sim.blocks import BlockRecord
from vvlab.sim.params import RunSpec

RESULT_FILES = ("games.parquet", "lines.parquet", "stations.parquet", "metadata.json")
RESUME_HINT = "resume=True (command line: --resume)"


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (2-space indent, UTF-8)."""
    atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", overwrite=True)


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

    def __init__(self, folder: Path, record: dict[str, Any]):
        self.folder = folder
        self.blocks_dir = folder / "_blocks"
        self.record = record

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
        store = cls(path, record)
        if not store.is_complete():
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

    def block_path(self, block: int) -> Path:
        return self.blocks_dir / f"block-{block:06d}.npz"

    def save(self, records: list[BlockRecord]) -> None:
        """Write finished blocks, each atomically."""
        for rec in records:
            arrays = {f.name: getattr(rec, f.name) for f in fields(rec) if f.name != "block"}
            path = self.block_path(rec.block)
            with atomic_path(path, overwrite=True) as tmp, open(tmp, "wb") as fh:
                np.savez(fh, **arrays)

    def load(self, spec: RunSpec) -> dict[int, BlockRecord]:
        """The finished blocks on disk; a file that is unreadable or does not fit the run
        is ignored (its block is played again)."""
        found: dict[int, BlockRecord] = {}
        shape = (len(spec.city.lines), len(spec.city.stations))
        for block in range(spec.blocks):
            path = self.block_path(block)
            if path.is_file():
                rec = _read_block(path, block)
                if rec is not None and _fits(rec, spec.block_games(block), spec.players, shape):
                    found[block] = rec
        return found

    def finish(self, result: Any) -> None:
        """Write the results as parquet, then remove the block cache."""
        result.to_parquet(self.folder)
        shutil.rmtree(self.blocks_dir, ignore_errors=True)


def _read_block(path: Path, block: int) -> BlockRecord | None:
    try:
        with np.load(path) as data:
            arrays = {f.name: data[f.name] for f in fields(BlockRecord) if f.name != "block"}
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile):
        return None
    return BlockRecord(block=block, **arrays)


def _fits(rec: BlockRecord, games: int, players: int, shape: tuple[int, int]) -> bool:
    lines, stations = shape
    return (
        rec.score.shape == (games, players)
        and rec.turns.shape == (games,)
        and rec.line_turn.shape == (games, players, lines)
        and rec.line_bonus.shape == (games, players, lines)
        and rec.station_filled.shape == (players, stations)
    )
