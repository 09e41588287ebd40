"""Autosave for the map editor: the city being edited, as it is after every change
(valid or not), in ``vvlab-drafts/<city id>.json`` of the working folder.

The working folder is the controller's ``folder``, where Save writes ``<id>.json``
(the notebook's folder unless another is given); drafts go to its subfolder
:data:`DRAFTS`, made on the first write (with a ``.gitignore`` that keeps it out of
git), so a draft never stands where a city is saved. :class:`Autosave` listens to the
edit history and writes the map data as compact JSON (:func:`draft_text`) whenever it
is a new state: after every edit, undo and redo, never for a city just opened. The
write goes through the one atomic writer (:func:`vvlab.model.files.atomic_path`)
without its two disk syncs: they cost more than an edit may take, and what autosave
guards against (a page reload, a closed tab, a kernel that died) loses nothing without
them, as the rename is atomic for every other process; only a power cut right after an
edit may cost that draft, never the saved city. A draft that cannot be written (a full
disk, a read-only folder) is reported once in :attr:`Autosave.failure` and editing
goes on.

On opening a city, :meth:`Autosave.offer` finds its draft when it is newer than the
saved city file (or there is none: a built-in city's copy, a blank city) and holds
what it read (:class:`DraftOffer`), so the draft can still be restored after the next
edit has replaced it on disk. A draft that cannot be read is copied beside it as
``<id>.unreadable.json`` and named in the offer.

Examples
--------
>>> import tempfile
>>> from vvlab.widgets.editor.history import EditHistory
>>> folder = Path(tempfile.mkdtemp())
>>> history = EditHistory({"id": "ring", "stations": {}})
>>> autosave = Autosave(history, folder)
>>> autosave.path().relative_to(folder).as_posix()
'vvlab-drafts/ring.json'
>>> history.edit(lambda data: data["stations"].update(a={"x": 1}), "add station a")
>>> autosave.path().read_text()
'{"id":"ring","stations":{"a":{"x":1}}}'
>>> Autosave(EditHistory({"id": "ring"}), folder).offer(None).data["stations"]
{'a': {'x': 1}}
"""

from __future__ import annotations

import json
import math
import re
import stat
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from vvlab.model.files import WriteRefused, atomic_path, atomic_write
from vvlab.model.validate import ID_PATTERN, MAX_ID_LENGTH
from vvlab.widgets.editor.history import EditHistory, MapData

__all__ = ["DRAFTS", "Autosave", "DraftOffer", "draft_stem", "draft_text"]

DRAFTS = "vvlab-drafts"
"""The subfolder of the working folder that holds the drafts."""
KEEP_OUT_OF_GIT = "# drafts of the map editor, kept until the city is saved\n*\n"
"""The drafts' folder's ``.gitignore``: a draft is never committed by accident."""
UNREADABLE = ".unreadable"
"""Added to the name of a copy of a draft that cannot be read (never an id's part)."""


def draft_text(data: MapData) -> str:
    """The map data as a draft holds it: compact JSON, keys in the data's order.

    >>> draft_text({"id": "Zürich", "stations": {}})
    '{"id":"Zürich","stations":{}}'
    """
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def draft_stem(city_id: Any) -> str:
    """The name of a city's draft file without ``.json``: the city's id when it is a
    valid id, else the id with everything but letters, digits, ``_`` and ``-``
    replaced (a draft's id may be anything).

    >>> draft_stem("paris-copy"), draft_stem("../my city"), draft_stem(None)
    ('paris-copy', 'my-city', 'untitled')
    """
    text = str(city_id) if isinstance(city_id, str) else ""
    if ID_PATTERN.fullmatch(text) and len(text) <= MAX_ID_LENGTH:
        return text
    stem = re.sub(r"[^A-Za-z0-9_-]+", "-", text).lstrip("-_")[:MAX_ID_LENGTH].rstrip("-_")
    return stem or "untitled"


def _clock(seconds: float) -> str:
    """Local time of day ``HH:MM``, with the day before it when not today."""
    when, now = time.localtime(seconds), time.localtime()
    same_day = (when.tm_year, when.tm_yday) == (now.tm_year, now.tm_yday)
    return time.strftime("%H:%M" if same_day else "%d %b %H:%M", when)


@dataclass(frozen=True)
class DraftOffer:
    """A draft found on opening a city.

    Attributes
    ----------
    path
        The draft file.
    time
        When it was written, local time (``"14:05"``; the day too when not today).
    data
        Its map data, or ``None`` when it cannot be read.
    problem
        Why it cannot be read, and where a copy of it is kept (``""`` when it can).
    """

    path: Path
    time: str
    data: MapData | None
    problem: str = ""


class Autosave:
    """Writes ``history``'s data to ``<folder>/vvlab-drafts/<id>.json`` after every
    change (a listener of ``history``); see the module's description.

    Parameters
    ----------
    history
        The edited data; the state it holds now counts as written (just opened).
    folder
        The working folder; the drafts go to its subfolder :data:`DRAFTS`.

    Attributes
    ----------
    folder
        The drafts' folder.
    failure
        The message of a write that failed, once for a run of failures, until the view
        shows it (:meth:`take_failure`); ``""`` when there is none.
    """

    def __init__(self, history: EditHistory, folder: Path):
        self.history = history
        self.folder = Path(folder) / DRAFTS
        self.failure = ""
        self._seen: MapData = history.data
        self._written: tuple[Path, str] | None = None
        self._failing = False
        self._paused = False
        history.listeners.append(self.save)

    def path(self, data: MapData | None = None) -> Path:
        """The draft file of ``data`` (default: the data being edited)."""
        city_id = (self.history.data if data is None else data).get("id")
        return self.folder / f"{draft_stem(city_id)}.json"

    # -- writing ----------------------------------------------------------------------
    def save(self) -> None:
        """Write the data being edited when it is a state not written yet; a failure
        goes to :attr:`failure`, never raised."""
        data = self.history.data
        if data is self._seen or self._paused:
            return
        self._seen = data
        path, text = self.path(data), draft_text(data)
        if self._written == (path, text):
            return
        try:
            self._write(path, text)
        except (OSError, ValueError) as err:
            if not self._failing:
                self.failure = f"Autosave could not keep a draft: {_reason(err)}. Editing goes on."
            self._failing = True
            return
        self._failing = False
        previous, self._written = self._written, (path, text)
        if previous is not None and previous[0] != path:
            previous[0].unlink(missing_ok=True)  # this editor's draft under the old id

    def _write(self, path: Path, text: str) -> None:
        if self.folder.is_symlink():
            raise WriteRefused(f"{self.folder} is a link; a draft is never written through one")
        squatter = not_a_draft(path)
        if squatter:
            raise WriteRefused(squatter)
        if not self.folder.is_dir():
            self.folder.mkdir()
            atomic_write(self.folder / ".gitignore", KEEP_OUT_OF_GIT)
        with atomic_path(path, overwrite=True, durable=False) as tmp:
            tmp.write_text(text, encoding="utf-8")

    @contextmanager
    def opening(self) -> Iterator[None]:
        """Changes inside the block open a city: they write no draft (a city just
        opened is no draft), and the next edit writes afresh."""
        self._paused = True
        try:
            yield
        finally:
            self._paused = False
            self._seen, self._written, self._failing = self.history.data, None, False

    @property
    def failing(self) -> bool:
        """True from a write that failed until a draft is written again."""
        return self._failing

    def take_failure(self) -> str:
        """:attr:`failure`, which is then cleared (shown once)."""
        failure, self.failure = self.failure, ""
        return failure

    def remove(self) -> None:
        """Remove the draft of the city being edited (it was saved), and the one this
        editor wrote last; the next change writes a draft again."""
        paths = {self.path(), *([self._written[0]] if self._written else [])}
        self._seen, self._written = self.history.data, None
        for path in paths:
            try:
                if path.is_file() and not path.is_symlink():
                    path.unlink()
            except OSError as err:  # the city is saved all the same
                self.failure = f"The draft {path.name} could not be removed ({_reason(err)})"

    def wrote(self, path: Path) -> bool:
        """True when ``path`` holds a draft this editor wrote."""
        return self._written is not None and self._written[0] == path

    # -- opening --------------------------------------------------------------------
    def offer(self, saved: Path | None) -> DraftOffer | None:
        """The draft of the city being edited when it is newer than the ``saved`` city
        file (any draft when ``None`` or the file is missing) and differs from the
        city; else ``None``."""
        path = self.path()
        try:
            stamp = path.lstat().st_mtime
        except OSError:
            return None
        if saved is not None and _modified(saved) >= stamp:
            return None
        squatter = not_a_draft(path)  # never read: a pipe would wait for ever
        if squatter:
            return DraftOffer(path, _clock(stamp), None, squatter)
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict):
                raise ValueError("it holds no city")
        except (OSError, ValueError) as err:
            return DraftOffer(path, _clock(stamp), None, self._keep_unreadable(path, err))
        if data == self.history.data:
            return None
        return DraftOffer(path, _clock(stamp), data)

    def _keep_unreadable(self, path: Path, err: Exception) -> str:
        """Copy a draft that cannot be read beside it (the next edit replaces it); say
        why it cannot be read and where the copy is."""
        reason = f"{path.name} cannot be read ({_reason(err)})"
        copy = path.with_name(path.stem + UNREADABLE + ".json")
        try:
            atomic_write(copy, path.read_bytes(), overwrite=True)
        except (OSError, ValueError) as failed:
            return f"{reason}; it could not be copied aside ({_reason(failed)})"
        return f"{reason}; it is kept as {DRAFTS}/{copy.name}"


def not_a_draft(path: Path) -> str:
    """Why autosave neither reads nor writes ``path``: a folder, a link (to a file
    elsewhere, perhaps a saved city) or a pipe where the draft goes; ``""`` for a
    plain file or none.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> not_a_draft(folder / "berlin.json")
    ''
    >>> (folder / "berlin.json").mkdir(); not_a_draft(folder / "berlin.json")[:45]
    "berlin.json in the drafts' folder is a folder"
    """
    try:
        info = path.lstat()
    except FileNotFoundError:
        return ""
    except OSError as err:
        return f"{path.name} in the drafts' folder cannot be looked at ({_reason(err)})"
    if stat.S_ISREG(info.st_mode):
        return ""
    link = stat.S_ISLNK(info.st_mode)
    kind = (
        "a folder" if stat.S_ISDIR(info.st_mode)
        else "a link to another file" if link
        else "a pipe" if stat.S_ISFIFO(info.st_mode)
        else "no plain file"
    )  # fmt: skip
    return (
        f"{path.name} in the drafts' folder is {kind}, not a draft: autosave never writes "
        f"{'through' if link else 'over'} it (move it away to keep drafts)"
    )


def _modified(path: Path) -> float:
    """When the file ``path`` was last written; ``-inf`` when there is none."""
    try:
        return path.stat().st_mtime if path.is_file() else -math.inf
    except OSError:
        return -math.inf


def _reason(err: Exception) -> str:
    """A failure in a few words: the system's (``No space left on device``)."""
    if isinstance(err, OSError) and err.strerror:
        return err.strerror
    if isinstance(err, json.JSONDecodeError):
        return f"not JSON: {err.msg} at line {err.lineno}"
    return str(err)
