"""The result files of a run: three parquet frames and ``metadata.json``, checked.

Layout of a result folder (``SimulationResult.to_parquet``, or a finished ``out=``)::

    games.parquet, lines.parquet, stations.parquet   the frames
    metadata.json    the run's metadata and, under "manifest", what the files must be

Each parquet file carries in its footer (key ``vvlab``) the run's identity
(:func:`~vvlab.sim.params.run_identity`) and its frame's name. ``metadata.json`` is
written last (atomically): its ``manifest`` holds the format (:data:`FILES_FORMAT`),
the run identity, the sha256 of the metadata itself and, per parquet file, its sha256,
size and rows. Reading checks the manifest, the metadata and every footer at once
(:func:`open_result`) and a file's sha256 when its frame is first read
(:meth:`ResultFiles.load`); a mismatch is a :class:`~vvlab.sim.errors.RunFolderError`
naming the file. A folder without a manifest (an older vvlab) is refused with the
command that regenerates it.

Examples
--------
>>> import tempfile, vvlab
>>> res = vvlab.simulate("tutorial", games=20, seed=1, workers=1, progress=False)
>>> folder = res.to_parquet(tempfile.mkdtemp())
>>> metadata, files = open_result(folder)
>>> metadata == res.metadata, sorted(files.manifest["files"])
(True, ['games.parquet', 'lines.parquet', 'stations.parquet'])
>>> files.load("games").equals(res.games)
True
"""

from __future__ import annotations

import hashlib
import json
import os
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq

from vvlab.model.files import atomic_path, atomic_write
from vvlab.sim.errors import RunFolderError
from vvlab.sim.params import FORMAT, canonical_sha256, run_identity

FILES_FORMAT = "vvlab-run-files/1"
"""Format tag of the ``manifest`` in ``metadata.json``."""

FRAMES = ("games", "lines", "stations")
RESULT_FILES = (*(f"{frame}.parquet" for frame in FRAMES), "metadata.json")
"""The files of a finished run folder; ``metadata.json`` is written last."""

FOOTER_KEY = b"vvlab"
"""Key of a parquet file's footer metadata that holds the run identity and frame."""


def replacing(path: Path, durable: bool = True) -> AbstractContextManager[Path]:
    """:func:`~vvlab.model.files.atomic_path` for a file of a run folder, which a
    resumed or repeated run replaces (``run.json``, block files, parquet files);
    ``durable=False`` for the block files, a cache checked by checksum when read."""
    return atomic_path(path, overwrite=True, durable=durable)


def write_json(path: Path, data: Any) -> None:
    """Write JSON atomically (2-space indent, UTF-8), replacing the file if it exists."""
    atomic_write(path, json.dumps(data, indent=2, ensure_ascii=False) + "\n", overwrite=True)


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes, read a megabyte at a time."""
    digest = hashlib.sha256()
    with open(path, "rb") as fh:
        while chunk := fh.read(1 << 20):
            digest.update(chunk)
    return digest.hexdigest()


class FrameWriter:
    """Appends parts of one frame to a parquet file, each part a row group or more."""

    def __init__(self, path: Path, name: str, run_id: str):
        self.path, self.name, self.run_id = path, name, run_id
        self.writer: pq.ParquetWriter | None = None
        self.schema: pa.Schema | None = None
        self.rows = 0
        self.info: dict[str, Any] = {}

    def write(self, frame: pd.DataFrame) -> None:
        table = pa.Table.from_pandas(frame, preserve_index=False)
        if self.writer is None:
            footer = json.dumps({"run_id": self.run_id, "frame": self.name}).encode()
            self.schema = table.schema.with_metadata({**table.schema.metadata, FOOTER_KEY: footer})
            self.writer = pq.ParquetWriter(self.path, self.schema)
        self.writer.write_table(table.replace_schema_metadata(self.schema.metadata))
        self.rows += len(frame)

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()
            self.writer = None


@contextmanager
def frame_file(path: Path, name: str, run_id: str) -> Iterator[FrameWriter]:
    """A :class:`FrameWriter` on a temporary file that becomes ``path`` (atomically)
    when the block ends without error; its ``info`` then holds the file's sha256, size
    and rows for the manifest."""
    with replacing(path) as tmp:
        writer = FrameWriter(tmp, name, run_id)
        try:
            yield writer
        finally:
            writer.close()
        writer.info = {
            "sha256": file_sha256(tmp),
            "bytes": tmp.stat().st_size,
            "rows": writer.rows,
        }


def write_frame(path: Path, frame: pd.DataFrame, name: str, run_id: str) -> dict[str, Any]:
    """Write a whole frame to ``path``; returns its entry of the manifest."""
    with frame_file(path, name, run_id) as writer:
        writer.write(frame)
    return writer.info


def write_manifest(folder: Path, metadata: dict[str, Any], files: dict[str, Any]) -> None:
    """Write ``metadata.json``: the metadata and the manifest of the ``files`` (name to
    :func:`write_frame`'s entry). Comes last: it marks the folder complete."""
    manifest = {
        "format": FILES_FORMAT,
        "run_id": run_identity(metadata),
        "metadata_sha256": canonical_sha256(metadata),
        "files": files,
    }
    write_json(folder / "metadata.json", {**metadata, "manifest": manifest})


class ResultFiles:
    """The checked files of a result folder; :meth:`load` reads one frame."""

    def __init__(self, folder: Path, manifest: dict[str, Any]):
        self.folder, self.manifest = folder, manifest

    def load(self, name: str) -> pd.DataFrame:
        """The ``name`` frame, after checking the file's sha256 against the manifest."""
        return pd.read_parquet(self.verified(name), engine="pyarrow")

    def verified(self, name: str) -> Path:
        """The path of the ``name`` frame's file, whose sha256 matches the manifest."""
        path = self.folder / f"{name}.parquet"
        if file_sha256(path) != self.manifest["files"][path.name]["sha256"]:
            raise RunFolderError(f"{path} is damaged: {_NOT_SUM}", path)
        return path


_NOT_SUM = "its bytes do not match their checksum in metadata.json; regenerate the folder"


def open_result(folder: str | os.PathLike[str]) -> tuple[dict[str, Any], ResultFiles]:
    """The metadata of a result folder and its :class:`ResultFiles`, after checking
    the manifest, the metadata and each parquet file's footer (not yet the files'
    bytes: see :meth:`ResultFiles.load`)."""
    path = Path(folder)
    names = RESULT_FILES
    missing = [n for n in names if not (path / n).is_file()]
    if missing:
        raise FileNotFoundError(
            f"{path} is not a complete simulation result (missing {', '.join(missing)})"
        )
    meta_path = path / "metadata.json"
    try:
        stored = json.loads(meta_path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as err:
        raise RunFolderError(f"{meta_path} is unreadable: {err}", meta_path) from None
    if not isinstance(stored, dict) or stored.get("format") != FORMAT:
        found = stored.get("format") if isinstance(stored, dict) else None
        raise RunFolderError(f"{path}: unknown result format {found!r}", meta_path)
    metadata = {k: v for k, v in stored.items() if k != "manifest"}
    manifest = stored.get("manifest")
    if manifest is None:
        raise RunFolderError(
            f"{meta_path} was written by an older vvlab, without the checksums this "
            f"version checks; regenerate the folder: {regenerate_command(metadata)} "
            "(data/sample: python scripts/make_data.py)",
            meta_path,
        )
    _check_manifest(meta_path, metadata, manifest)
    for name in FRAMES:
        _check_footer(path / f"{name}.parquet", name, manifest)
    return metadata, ResultFiles(path, manifest)


def _check_manifest(meta_path: Path, metadata: dict[str, Any], manifest: Any) -> None:
    if not isinstance(manifest, dict) or manifest.get("format") != FILES_FORMAT:
        found = manifest.get("format") if isinstance(manifest, dict) else None
        raise RunFolderError(f"{meta_path}: unknown manifest format {found!r}", meta_path)
    files = manifest.get("files")
    if not isinstance(files, dict) or any(f"{f}.parquet" not in files for f in FRAMES):
        raise RunFolderError(f"{meta_path}: the manifest does not list every frame", meta_path)
    same_metadata = manifest.get("metadata_sha256") == canonical_sha256(metadata)
    if not same_metadata or manifest.get("run_id") != run_identity(metadata):
        raise RunFolderError(
            f"{meta_path} was changed after it was written (it no longer matches its "
            "checksum); regenerate the folder",
            meta_path,
        )


def _check_footer(path: Path, name: str, manifest: dict[str, Any]) -> None:
    """The footer of a parquet file names this run and frame; its size is right."""
    entry = manifest["files"][path.name]
    try:
        footer_bytes = (pq.read_schema(path).metadata or {}).get(FOOTER_KEY)
        footer = json.loads(footer_bytes) if footer_bytes is not None else {}
    except (OSError, ValueError, pa.ArrowException) as err:
        if file_sha256(path) != entry.get("sha256"):
            raise RunFolderError(f"{path} is damaged: {_NOT_SUM}", path) from None
        raise RunFolderError(f"{path} is unreadable: {err}", path) from None
    run_id = manifest["run_id"]
    if footer.get("run_id") != run_id:
        theirs = str(footer.get("run_id"))[:12]
        raise RunFolderError(
            f"{path} belongs to another run (run {theirs}, this folder's run "
            f"{run_id[:12]}): it is not read; regenerate the folder",
            path,
        )
    if footer.get("frame") != name:
        raise RunFolderError(
            f"{path} holds the {footer.get('frame')} frame, not {name}; regenerate the folder",
            path,
        )
    if path.stat().st_size != entry.get("bytes"):
        raise RunFolderError(f"{path} is damaged: {_NOT_SUM}", path)


def regenerate_command(metadata: dict[str, Any]) -> str:
    """The ``vvlab simulate`` command that plays the run of ``metadata`` again.

    >>> meta = {"map_id": "berlin", "players": 2, "games": 500, "seed": 7,
    ...         "bots": [{"spec": "greedy"}, {"spec": "random"}],
    ...         "ruleset": {"name": "metro-x"}}
    >>> regenerate_command(meta)
    'vvlab simulate berlin --players 2 --bots greedy,random --games 500 --seed 7 \
--ruleset metro-x --out NEW_FOLDER'
    """
    try:
        bots = ",".join(str(b["spec"]) for b in metadata["bots"])
        return (
            f"vvlab simulate {metadata['map_id']} --players {metadata['players']} "
            f"--bots {bots} --games {metadata['games']} --seed {metadata['seed']} "
            f"--ruleset {metadata['ruleset']['name']} --out NEW_FOLDER"
        )
    except (KeyError, TypeError):
        return "vvlab.simulate(...) with the run's parameters, then .to_parquet(NEW_FOLDER)"
