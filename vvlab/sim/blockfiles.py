"""One finished block of a run on disk: ``_blocks/block-000012.npz`` in a run folder.

A block file is one line, ``vvlab-block/2 sha256=<64 hex digits>``, then an ``.npz``
archive whose sha256 that is. The archive holds the arrays of a
:class:`~vvlab.sim.blocks.BlockRecord` and a ``meta`` entry (JSON): the format, the
run's identity (:func:`~vvlab.sim.params.run_identity`, the hash of ``run.json``'s
content), the block number and the sha256 of the arrays (names, dtypes, shapes and
bytes).

Reading a block checks the file's bytes against its checksum line first: a file cut
short, empty, or with any byte changed (in the data or in the archive's headers) is
never read; its block is played again, and the run says so with a note. A file that
passes is then checked for its run, its number and its arrays, so a block of another
run, a block copied under another number and files of an older vvlab are refused with
a :class:`~vvlab.sim.errors.RunFolderError` naming the file, and never mixed into a
result.

Examples
--------
>>> import tempfile, vvlab
>>> from pathlib import Path
>>> from vvlab.bots import make_bot
>>> from vvlab.sim.blocks import play_block_reference
>>> rec = play_block_reference(vvlab.load_map("tutorial"), vvlab.get_ruleset(),
...                            [make_bot("random")], seed=1, block=3, games=4)
>>> path = Path(tempfile.mkdtemp()) / "block-000003.npz"
>>> write_block(path, rec, run_id="ab" * 32)
>>> read_block(path, 3, run_id="ab" * 32).equals(rec)
True
>>> read_block(path, 3, run_id="cd" * 32)
Traceback (most recent call last):
...
vvlab.sim.errors.RunFolderError: .../block-000003.npz belongs to another run (run abababababab, \
this run cdcdcdcdcdcd): remove it (resume then plays block 3 again)
"""

from __future__ import annotations

import hashlib
import io
import json
import zipfile
from dataclasses import fields
from pathlib import Path
from typing import Any

import numpy as np

from vvlab.sim.blocks import BlockRecord
from vvlab.sim.errors import RunFolderError
from vvlab.sim.resultfiles import replacing

BLOCK_FORMAT = "vvlab-block/2"
"""Format tag of a block file's checksum line and of its ``meta`` entry."""

_CHECKSUM_LINE = f"{BLOCK_FORMAT} sha256=".encode()
_LINE_BYTES = len(_CHECKSUM_LINE) + 64 + 1  # the tag, 64 hex digits, a newline

ARRAYS = tuple(f.name for f in fields(BlockRecord) if f.name != "block")
"""The arrays of a block file, in the order their checksum reads them."""


def arrays_sha256(arrays: dict[str, np.ndarray]) -> str:
    """sha256 of a block's arrays: each one's name, dtype, shape and bytes, in order."""
    digest = hashlib.sha256()
    for name in ARRAYS:
        a = np.ascontiguousarray(arrays[name])
        digest.update(f"{name}:{a.dtype.str}:{a.shape};".encode())
        digest.update(a.tobytes())
    return digest.hexdigest()


def write_block(path: Path, record: BlockRecord, run_id: str) -> None:
    """Write ``record`` to ``path`` (atomically): the checksum line, then the archive
    with the run's identity and the arrays' checksum."""
    arrays = {name: getattr(record, name) for name in ARRAYS}
    meta = {
        "format": BLOCK_FORMAT,
        "run_id": run_id,
        "block": record.block,
        "sha256": arrays_sha256(arrays),
    }
    archive = io.BytesIO()
    np.savez(archive, **arrays, meta=np.array(json.dumps(meta)))
    data = archive.getvalue()
    line = _CHECKSUM_LINE + hashlib.sha256(data).hexdigest().encode() + b"\n"
    # not synced to disk: a block file is a cache checked when read; one cut short by a
    # power loss fails its checksum line, and its block is played again
    with replacing(path, durable=False) as tmp:
        tmp.write_bytes(line + data)


def _again(block: int) -> str:
    return f"remove it (resume then plays block {block} again)"


def verified_archive(path: Path) -> bytes | None:
    """The archive in the block file ``path``, or ``None`` when the file is missing,
    cut short, or its bytes do not match its checksum line; a file without that line
    (an older vvlab's) is a :class:`RunFolderError`.

    >>> import tempfile
    >>> path = Path(tempfile.mkdtemp()) / "block-000000.npz"
    >>> _ = path.write_bytes(b"")
    >>> verified_archive(path) is None
    True
    """
    try:
        data = path.read_bytes()
    except OSError:
        return None
    if data.startswith(b"PK"):  # a bare .npz: vvlab-block/1 or older
        raise RunFolderError(
            f"{path} was written by an older vvlab, without the checksum this version "
            f"checks: remove {path.parent} (resume then plays its blocks again), or "
            "start the run afresh in a new folder",
            path,
        )
    line, archive = data[:_LINE_BYTES], data[_LINE_BYTES:]
    expected = _CHECKSUM_LINE + hashlib.sha256(archive).hexdigest().encode() + b"\n"
    return archive if line == expected else None


def read_block(path: Path, block: int, run_id: str) -> BlockRecord | None:
    """The record in ``path``, checked to be block ``block`` of run ``run_id``.

    Returns ``None`` when the file does not match its checksum line (cut short, empty,
    a byte changed: its block is played again); raises :class:`RunFolderError` when it
    is of another run or another block, its arrays do not match their checksum, or an
    older vvlab wrote it.
    """
    archive = verified_archive(path)
    if archive is None:
        return None
    try:
        data = np.load(io.BytesIO(archive), allow_pickle=False)
    except (OSError, ValueError, EOFError, zipfile.BadZipFile) as err:
        raise _damaged(path, block, f"unreadable: {err}") from None
    with data:
        meta = _meta(data, path)
        if meta.get("run_id") != run_id:
            theirs = str(meta.get("run_id"))[:12]
            raise RunFolderError(
                f"{path} belongs to another run (run {theirs}, this run {run_id[:12]}): "
                + _again(block),
                path,
            )
        if meta.get("block") != block:
            raise RunFolderError(
                f"{path} holds block {meta.get('block')}, not block {block}: " + _again(block),
                path,
            )
        try:
            arrays = {name: data[name] for name in ARRAYS}
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
            raise _damaged(path, block, f"unreadable: {err}") from None
    if arrays_sha256(arrays) != meta.get("sha256"):
        raise _damaged(path, block, "its data do not match their checksum")
    return BlockRecord(block=block, **arrays)


def _meta(data: Any, path: Path) -> dict[str, Any]:
    try:
        meta = json.loads(str(data["meta"]))
    except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile) as err:
        raise RunFolderError(f"{path} is damaged (its meta entry: {err})", path) from None
    if not isinstance(meta, dict) or meta.get("format") != BLOCK_FORMAT:
        raise RunFolderError(f"{path} is not a vvlab block file ({BLOCK_FORMAT})", path)
    return meta


def _damaged(path: Path, block: int, why: str) -> RunFolderError:
    return RunFolderError(f"{path} is damaged ({why}): " + _again(block), path)


def block_number(name: str) -> int | None:
    """The block of a block file's name, ``None`` for other names (temporary files).

    >>> block_number("block-000012.npz"), block_number("block-1234567.npz")
    (12, 1234567)
    >>> block_number(".block-000012.npz.x1y2.tmp"), block_number("notes.txt")
    (None, None)
    """
    if not (name.startswith("block-") and name.endswith(".npz")):
        return None
    digits = name[len("block-") : -len(".npz")]
    return int(digits) if digits.isdigit() else None
