"""The JSON side of map validation: parsing, and naming values and paths in messages.

Map files are parsed to plain data that remembers duplicate keys;
:mod:`vvlab.model.validate` checks that data and re-exports the public names from
here. The same readers serve other JSON documents (the engine's ruleset files): give
:func:`parse_json_text` and :func:`read_json_file` the error class to raise. Only the
standard library.
"""

from __future__ import annotations

import errno
import json
import math
import os
import re
import stat
from collections.abc import Callable, Iterable, Mapping

from .errors import MapError, Problem, ProblemsError

__all__ = [
    "MAX_COORDINATE",
    "MAX_FILE_BYTES",
    "Checker",
    "JsonObject",
    "check_coordinate",
    "check_object",
    "parse_json_text",
    "parse_map_text",
    "read_json_file",
    "read_map_file",
]

MAX_COORDINATE = 1_000_000
"""Coordinates (of stations and of the bends between them) lie from
``-MAX_COORDINATE`` to ``MAX_COORDINATE``."""
MAX_FILE_BYTES = 5 * 1024 * 1024
"""Map files larger than this (in bytes) are refused before they are read."""

_BOM = "\ufeff"
_PLAIN_KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
_QUOTE_LIMIT = 60
_JSON_TYPES = (
    (bool, "boolean"),  # before int: bool is an int in Python, but not a JSON number
    ((int, float), "number"),
    (str, "string"),
    (list, "array"),
    (dict, "object"),
)


class JsonObject(dict):
    """A parsed JSON object that remembers the keys written more than once.

    The value kept for a repeated key is the last one, as with :func:`json.loads`;
    ``duplicate_keys`` lists each repeated key once, in the order of its second
    appearance. :func:`vvlab.model.validate.validate_map_data` reports them.

    Examples
    --------
    >>> obj = JsonObject.from_pairs([("a", 1), ("b", 2), ("a", 3)])
    >>> obj, obj.duplicate_keys
    ({'a': 3, 'b': 2}, ('a',))
    """

    duplicate_keys: tuple[str, ...] = ()

    @classmethod
    def from_pairs(cls, pairs: Iterable[tuple[str, object]]) -> JsonObject:
        """Build an object from ``(key, value)`` pairs (a ``json`` object_pairs_hook)."""
        obj = cls()
        duplicates: list[str] = []
        for key, value in pairs:
            if key in obj and key not in duplicates:
                duplicates.append(key)
            obj[key] = value
        obj.duplicate_keys = tuple(duplicates)
        return obj


def parse_map_text(text: str, source: str | None = None) -> object:
    """Parse the JSON text of a map, keeping track of duplicate keys.

    Objects become :class:`JsonObject` (a ``dict``) so that keys written twice can be
    reported later by :func:`vvlab.model.validate.validate_map_data`. The literals
    ``NaN`` and ``Infinity`` are accepted here and reported by the validator.

    Parameters
    ----------
    text : str
        The JSON text. A leading byte order mark is ignored.
    source : str, optional
        Where the text came from (a file name), for the error message.

    Returns
    -------
    object
        The parsed JSON value, not yet validated.

    Raises
    ------
    MapError
        If the text is not JSON; the one problem gives the line and column.

    Examples
    --------
    >>> parse_map_text('{"id": "berlin", "id": "paris"}').duplicate_keys
    ('id',)
    >>> try:
    ...     parse_map_text('{"id": "berlin",\\n "name": }', source="berlin.json")
    ... except MapError as err:
    ...     print(err)
    berlin.json: 1 problem
      (map): invalid JSON at line 2, column 10: Expecting value
    """
    return parse_json_text(text, source, MapError)


def parse_json_text(
    text: str, source: str | None = None, error: type[ProblemsError] = MapError
) -> object:
    """:func:`parse_map_text` for any JSON document: raise ``error`` (a
    :class:`~vvlab.model.errors.ProblemsError` class) with the one problem.

    >>> try:
    ...     parse_json_text("[" * 100_000)
    ... except MapError as err:
    ...     print(err.problems[0])
    (map): invalid JSON: nested too deeply
    """
    if text.startswith(_BOM):
        text = text[len(_BOM) :]
    try:
        return json.loads(text, object_pairs_hook=JsonObject.from_pairs)
    except json.JSONDecodeError as err:
        where = f"line {err.lineno}, column {err.colno}"
        problem = Problem("", f"invalid JSON at {where}: {err.msg}")
    except RecursionError:
        problem = Problem("", "invalid JSON: nested too deeply")
    except ValueError as err:  # an integer of more than sys.get_int_max_str_digits() digits
        problem = Problem("", f"invalid JSON: {err}")
    raise error([problem], source)


def read_map_file(path: str | os.PathLike[str]) -> object:
    """Read and parse a map file (UTF-8 JSON of at most :data:`MAX_FILE_BYTES`).

    The size is checked before anything is read, so a huge file costs nothing.

    Parameters
    ----------
    path : str or os.PathLike
        The file to read.

    Returns
    -------
    object
        The parsed JSON value, not yet validated (see :func:`parse_map_text`).

    Raises
    ------
    MapError
        If the file is missing, unreadable, too large, not UTF-8 or not JSON;
        ``source`` is ``str(path)``.

    Examples
    --------
    >>> try:
    ...     read_map_file("no/such/map.json")
    ... except MapError as err:
    ...     print(err)
    no/such/map.json: 1 problem
      (map): no such file
    """
    return read_json_file(path, MapError, MAX_FILE_BYTES)


def read_json_file(
    path: str | os.PathLike[str],
    error: type[ProblemsError] = MapError,
    limit: int = MAX_FILE_BYTES,
) -> object:
    """:func:`read_map_file` for any JSON document of at most ``limit`` bytes: raise
    ``error`` (a :class:`~vvlab.model.errors.ProblemsError` class, ``source`` the path).
    """
    source = str(path)
    problem: Problem | None = None
    try:
        raw = _read_at_most(path, limit)
    except FileNotFoundError:
        problem = Problem("", "no such file")
    except OSError as err:
        problem = Problem("", f"cannot read file: {err.strerror or err}")
    except _TooLarge as err:
        problem = Problem("", str(err))
    if problem is not None:
        raise error([problem], source)
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as err:
        raise error([Problem("", _not_utf8(raw, err.start))], source) from None
    return parse_json_text(text, source, error)


class _TooLarge(Exception):
    def __init__(self, size: int, limit: int):
        super().__init__(
            f"file too large: {size} bytes, the limit is {limit} bytes ({limit / 2**20:g} MB)"
        )


def _read_at_most(path: str | os.PathLike[str], limit: int) -> bytes:
    """The bytes of the file; raise ``_TooLarge`` without reading if it has more, and
    ``OSError`` for anything but a regular file (reading a FIFO would wait forever)."""
    info = os.stat(path)
    if not stat.S_ISREG(info.st_mode):
        raise OSError(errno.EINVAL, "not a regular file (a folder, device or pipe)")
    size = info.st_size
    if size <= limit:
        with open(path, "rb") as file:
            raw = file.read(limit + 1)  # the file may have grown since os.stat
        size = len(raw)
    if size > limit:
        raise _TooLarge(size, limit)
    return raw


def _not_utf8(raw: bytes, start: int) -> str:
    line = raw.count(b"\n", 0, start) + 1
    column = start - (raw.rfind(b"\n", 0, start) + 1) + 1
    return f"not valid UTF-8: byte 0x{raw[start]:02X} at line {line}, column {column}"


# -- kinds of values --------------------------------------------------------------------


def is_json_int(value: object) -> bool:
    """True for a JSON integer: an ``int`` that is not a ``bool``.

    >>> is_json_int(3), is_json_int(3.0), is_json_int(True)
    (True, False, False)
    """
    return isinstance(value, int) and not isinstance(value, bool)


def is_json_number(value: object) -> bool:
    """True for a JSON number: an ``int`` or ``float`` that is not a ``bool``."""
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def is_finite_number(value: float) -> bool:
    """True unless the number is NaN, infinite, or an ``int`` too large for a float."""
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too large for a float
        return False


def duplicate_key_problems(obj: dict, key: object, path: str) -> list[Problem]:
    """The problem of ``key`` if it was written twice in ``obj`` (a :class:`JsonObject`)."""
    if key in getattr(obj, "duplicate_keys", ()):
        return [Problem(path, f"duplicate key {quote(key)}")]
    return []


# -- naming values and paths in messages ------------------------------------------------


def key_path(path: str, key: object) -> str:
    """The JSON path of ``key`` in the object at ``path``.

    >>> key_path("stations", "alex"), key_path("stations", "a b"), key_path("", "id")
    ('stations.alex', 'stations["a b"]', 'id')
    """
    if isinstance(key, str) and _PLAIN_KEY.fullmatch(key):
        return f"{path}.{key}" if path else key
    return f"{path}[{quote(key)}]"


def json_type(value: object) -> str:
    """The JSON type name of a value (a Python type name if it is not JSON).

    >>> json_type(True), json_type(3), json_type(None), json_type([1])
    ('boolean', 'number', 'null', 'array')
    """
    if value is None:
        return "null"
    for kind, name in _JSON_TYPES:
        if isinstance(value, kind):
            return name
    return type(value).__name__


def describe(value: object) -> str:
    """The JSON type of a value, followed by the value itself if it is a scalar.

    >>> describe("7"), describe(False), describe({})
    ('string "7"', 'boolean false', 'object')
    """
    kind = json_type(value)
    if kind in ("boolean", "number", "string"):
        return f"{kind} {quote(value)}"
    return kind


def quote(value: object) -> str:
    """The value as JSON, cut short if it is long; never raises.

    >>> print(quote("foo"), quote(float("nan")), quote([2, 5]), quote("x" * 99)[-4:])
    "foo" NaN [2, 5] xx…"
    >>> print(quote("Schönhauser\u200b\x85"))
    "Schönhauser\\u200b\\u0085"
    """
    if isinstance(value, str):
        return _dumps(value if len(value) <= _QUOTE_LIMIT else value[:_QUOTE_LIMIT] + "…")
    try:
        text = _dumps(value)
    except (TypeError, ValueError, RecursionError):  # not JSON, or a huge int
        return f"<{json_type(value)}>"
    return text if len(text) <= _QUOTE_LIMIT else text[:_QUOTE_LIMIT] + "…"


def _dumps(value: object) -> str:
    """JSON with readable non-ASCII text, but invisible characters escaped."""
    text = json.dumps(value, ensure_ascii=False)
    if text.isprintable():
        return text
    return "".join(char if char.isprintable() else json.dumps(char)[1:-1] for char in text)


Checker = Callable[[object, str], list[Problem]]
"""Checks one JSON value at a path and lists its problems."""


def check_object(
    obj: dict, path: str, fields: Mapping[str, Checker], required: tuple[str, ...]
) -> list[Problem]:
    """Duplicate, unknown and missing keys of a JSON object, and each known key's own
    checker (maps and rulesets are checked this way).

    >>> check_object({"a": 1, "b": 2}, "x", {"a": lambda v, p: []}, ("a", "c"))
    [Problem(path='x.b', message='unknown key "b"'), Problem(path='x', message='missing key "c"')]
    """
    problems: list[Problem] = []
    for key, value in obj.items():
        child_path = key_path(path, key)
        problems += duplicate_key_problems(obj, key, child_path)
        checker = fields.get(key) if isinstance(key, str) else None
        if checker is None:
            problems.append(Problem(child_path, f"unknown key {quote(key)}"))
        else:
            problems += checker(value, child_path)
    missing = [key for key in required if key not in obj]
    problems += [Problem(path, f"missing key {quote(key)}") for key in missing]
    return problems


def check_coordinate(value: object, path: str) -> list[Problem]:
    """The problem of a coordinate that is not a finite number within
    :data:`MAX_COORDINATE` (a station's ``x`` or ``y``, a bend's point).

    >>> check_coordinate(2.5, "x"), check_coordinate(True, "x")[0].message
    ([], 'must be a number, got boolean true')
    """
    if not is_json_number(value):
        return [Problem(path, f"must be a number, got {describe(value)}")]
    if not is_finite_number(value):
        return [Problem(path, f"must be a finite number, got {quote(value)}")]
    if not -MAX_COORDINATE <= value <= MAX_COORDINATE:
        message = f"must be from -{MAX_COORDINATE} to {MAX_COORDINATE}, got {quote(value)}"
        return [Problem(path, message)]
    return []
