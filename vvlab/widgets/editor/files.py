"""What the map editor opens (blank, built-in copy, file, data) and where it may save
(``<plain id>.json`` files, no path tricks)."""

from __future__ import annotations

import copy
import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from vvlab.model import load_map
from vvlab.model.validate import FORMAT, ID_PATTERN, MAX_ID_LENGTH
from vvlab.widgets.editor.history import MapData

BLANK = "(blank)"
"""The value of the "open" dropdown's entry "blank city" (``None`` would mean no
selection to the dropdown)."""
OTHER = "(open)"
"""The value of the "open" dropdown's entry for a city that is neither blank nor a copy
of a built-in map (generated, from a file...)."""


def check_save_path(path: Path, root: Path | None = None) -> Path:
    """``path`` if the editor may write a map there, else ``ValueError`` saying why.

    The file name must be a plain map id (as for the built-in maps) plus ``.json``;
    ``..`` is refused anywhere in the path; the folder must exist; an existing entry
    must be a regular file, not a link or a folder. With ``root``, the file must sit
    directly in that folder.

    Examples
    --------
    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> check_save_path(folder / "my-city.json") == folder / "my-city.json"
    True
    >>> check_save_path(folder / ".." / "x.json")
    Traceback (most recent call last):
    ...
    ValueError: refusing a path with "..": .../../x.json
    >>> check_save_path(folder / "my city.json")
    Traceback (most recent call last):
    ...
    ValueError: bad file name 'my city.json': use <id>.json, the id of letters, digits, \
"_" and "-", starting with a letter or digit
    """
    path = Path(path)
    if ".." in path.parts:
        raise ValueError(f'refusing a path with "..": {path}')
    stem, suffix = path.name[: -len(".json")], path.name[-len(".json") :]
    if suffix != ".json" or not ID_PATTERN.fullmatch(stem) or len(stem) > MAX_ID_LENGTH:
        raise ValueError(
            f"bad file name {path.name!r}: use <id>.json, the id of letters, digits, "
            '"_" and "-", starting with a letter or digit'
        )
    if root is not None and path.parent.resolve() != Path(root).resolve():
        raise ValueError(f"{path} is not directly in {root}")
    if not path.parent.is_dir():
        raise ValueError(f"no folder {path.parent}")
    if path.is_symlink() or (path.exists() and not path.is_file()):
        raise ValueError(f"{path} is not a regular file; refusing to write there")
    return path


def blank_map(id: str = "new-city", name: str = "New city") -> MapData:
    """Map data of a city with no stations and no lines (not valid yet).

    Examples
    --------
    >>> sorted(blank_map())
    ['description', 'format', 'id', 'lines', 'name', 'recommended_for_new_players', 'stations']
    """
    return {
        "format": FORMAT,
        "id": id,
        "name": name,
        "description": "",
        "recommended_for_new_players": False,
        "stations": {},
        "lines": [],
    }


def opened_source(data: Mapping[str, Any], builtins: Sequence[str]) -> tuple[Any, str]:
    """What is open, as ``(value, label)`` of the editor's "open" dropdown: a built-in
    name for a copy of it, :data:`BLANK` for a blank city, else :data:`OTHER` and the
    city's name.

    Examples
    --------
    >>> opened_source(source_data("tutorial"), ["paris", "tutorial"])
    ('tutorial', 'tutorial')
    >>> opened_source(blank_map(), ["tutorial"])
    ('(blank)', 'blank city')
    >>> opened_source({"id": "generated", "name": "Generated city"}, ["tutorial"])
    ('(open)', 'Generated city (open now)')
    """
    city_id = data.get("id")
    for name in builtins:
        if city_id == f"{name}-copy":
            return name, name
    if city_id == blank_map()["id"]:
        return BLANK, "blank city"
    return OTHER, f"{data.get('name')} (open now)"


def source_data(source: Any = None) -> MapData:
    """Map data to edit from ``None`` (a blank city), a built-in map name (as a copy
    with id ``<name>-copy``), a path to a ``.json`` file, map data or a ``CityMap``.

    >>> source_data("tutorial")["name"], source_data(None)["stations"]
    ('Tutorial (copy)', {})
    """
    if source is None:
        return blank_map()
    if isinstance(source, Mapping):
        return copy.deepcopy(dict(source))
    if _builtin_name(source):
        data = load_map(source).to_dict()
        data["id"], data["name"] = f"{data['id']}-copy", f"{data['name']} (copy)"
        return data
    return load_map(source).to_dict()


def source_file(source: Any) -> Path | None:
    """The file ``source`` names (see :func:`source_data`), or ``None`` for a built-in
    name, map data or a blank city.

    >>> source_file("cities/ring.json").as_posix(), source_file("tutorial"), source_file(None)
    ('cities/ring.json', None, None)
    """
    if isinstance(source, (str, os.PathLike)) and not _builtin_name(source):
        return Path(source)
    return None


def _builtin_name(source: Any) -> bool:
    return isinstance(source, str) and not source.endswith(".json") and "/" not in source
