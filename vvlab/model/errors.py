"""Errors of the map layer: every problem found in a map (or another JSON document),
each with its JSON path."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True)
class Problem:
    """One problem in a map file.

    ``path`` is the JSON path of the offending value in the style
    ``lines[3].stations[5]`` or ``stations.alexanderplatz.x`` (``stations["a b"]`` for
    keys that are not plain identifiers); an empty path means the document as a whole.

    Examples
    --------
    >>> str(Problem("lines[0].indicators", "must be between 1 and 6, got 7"))
    'lines[0].indicators: must be between 1 and 6, got 7'
    >>> str(Problem("", "unknown format 'x'"))
    "(map): unknown format 'x'"
    """

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path or '(map)'}: {self.message}"


class ProblemsError(ValueError):
    """A document could not be loaded; ``problems`` lists every problem found, each
    with its JSON path, and ``source`` says where the document came from (or ``None``).

    The base of :class:`MapError` and of the engine's ``RulesetError``; the file
    readers of :mod:`vvlab.model.validate_json` raise whichever subclass they are
    given.
    """

    def __init__(self, problems: Iterable[Problem], source: str | None = None):
        self.problems: list[Problem] = list(problems)
        self.source = source
        super().__init__(self._text())

    def _text(self) -> str:
        n = len(self.problems)
        head = f"{self.source}: " if self.source else ""
        head += f"{n} problem" + ("" if n == 1 else "s")
        return "\n  ".join([head, *(str(p) for p in self.problems)])

    def as_records(self) -> list[dict[str, str]]:
        """The problems as plain data: ``[{"path": ..., "message": ...}, ...]``."""
        return [{"path": p.path, "message": p.message} for p in self.problems]


class MapError(ProblemsError):
    """A map could not be loaded; ``problems`` lists every problem found, not just the first.

    Examples
    --------
    >>> err = MapError([Problem("id", "bad id ''"), Problem("lines", "must not be empty")],
    ...                source="my.json")
    >>> [p.path for p in err.problems]
    ['id', 'lines']
    >>> print(err)
    my.json: 2 problems
      id: bad id ''
      lines: must not be empty
    """
