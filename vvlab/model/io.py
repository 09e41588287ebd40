"""Loading and saving maps: built-in names, files and dicts; atomic writes."""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, Union

from vvlab.model.errors import MapError, Problem
from vvlab.model.files import atomic_write
from vvlab.model.validate import ID_PATTERN, MAX_ID_LENGTH, read_map_file
from vvlab.model.validate_json import quote

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap

MapSource = Union[str, "os.PathLike[str]", Mapping[str, Any], "CityMap"]


def maps_dir() -> Path:
    """The folder of the built-in maps.

    Inside an installed wheel the maps ship as ``vvlab/maps``; in a source checkout
    (editable install) they are the repository's top-level ``maps/`` folder.
    """
    packaged = Path(str(resources.files("vvlab"))) / "maps"
    if packaged.is_dir():
        return packaged
    return Path(__file__).resolve().parents[2] / "maps"


def builtin_maps() -> list[str]:
    """Names of the built-in maps, sorted.

    Examples
    --------
    >>> "tutorial" in builtin_maps()
    True
    """
    return sorted(p.stem for p in maps_dir().glob("*.json"))


def builtin_map_path(name: str) -> Path:
    """The file of a built-in map; ``MapError`` for a name that is not one.

    Names are plain ids; anything that would resolve outside ``maps/`` is refused.

    Examples
    --------
    >>> builtin_map_path("tutorial").name
    'tutorial.json'
    >>> builtin_map_path("../secret")
    Traceback (most recent call last):
    ...
    vvlab.model.errors.MapError: 1 problem
      (map): "../secret" is not a built-in map name: it would resolve outside maps/
    """
    root = maps_dir().resolve()
    if len(name) > MAX_ID_LENGTH:
        shown = quote(name[:40] + "...")
        msg = f"{shown} is not a map: a name has at most {MAX_ID_LENGTH} characters"
        raise MapError([Problem("", msg)])
    path = (root / f"{name}.json").resolve()
    if not ID_PATTERN.fullmatch(name) or path.parent != root:
        msg = f"{quote(name)} is not a built-in map name: it would resolve outside maps/"
        raise MapError([Problem("", msg)])
    if not path.is_file():
        known = ", ".join(builtin_maps()) or "none"
        msg = (
            f"no built-in map {quote(name)} (built-in maps: {known}; a file path must end in .json)"
        )
        raise MapError([Problem("", msg)])
    return path


def _is_path(source: str | os.PathLike[str]) -> bool:
    if not isinstance(source, str):
        return True
    return source.endswith(".json") or os.path.isfile(source)


def load_map(source: MapSource) -> CityMap:
    """Load a city map from a built-in name, a path to a ``.json`` file, or a dict.

    Parameters
    ----------
    source
        ``"berlin"`` (a built-in map, see :func:`builtin_maps`), a path such as
        ``"my-city.json"`` or ``pathlib.Path(...)``, a dict in the map format, or a
        ``CityMap`` (returned as is).

    Returns
    -------
    CityMap

    Raises
    ------
    MapError
        Listing every problem found, each with its JSON path (and the file name).

    Examples
    --------
    >>> city = load_map("tutorial")
    >>> load_map(city.to_dict()) == city
    True
    """
    from vvlab.model.citymap import CityMap

    if isinstance(source, CityMap):
        return source
    if isinstance(source, Mapping):
        return CityMap.from_dict(source)
    if not isinstance(source, (str, os.PathLike)):
        raise TypeError(f"load_map takes a name, a path or a dict, not {type(source).__name__}")
    path = Path(source) if _is_path(source) else builtin_map_path(str(source))
    data = read_map_file(path)
    return CityMap.from_dict(data, source=str(path))  # type: ignore[arg-type]


def map_json(city: CityMap) -> str:
    """The canonical JSON text of a map (2-space indent, UTF-8 characters kept)."""
    return map_text(city.to_dict())


def map_text(data: dict[str, Any]) -> str:
    """The canonical JSON text of map data (:meth:`CityMap.to_dict`'s).

    >>> map_text({"id": "x", "lines": []})
    '{\\n  "id": "x",\\n  "lines": []\\n}\\n'
    """
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def save_map(city: CityMap, path: str | os.PathLike[str], overwrite: bool = True) -> None:
    """Write ``city`` to ``path`` atomically (:func:`vvlab.model.files.atomic_write`), so
    a crash never leaves a half-written map behind.

    An existing regular file is replaced (it keeps its permissions) unless
    ``overwrite=False``; a folder, device, FIFO or read-only file is never replaced
    (:class:`vvlab.model.files.WriteRefused`)."""
    atomic_write(path, map_json(city), overwrite=overwrite)
