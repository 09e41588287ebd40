"""Balance targets as data: :class:`BalanceTargets`, the bounds a city is judged
against (:func:`~vvlab.design.check_balance`).

Its fields are the bounds of the registered targets
(:mod:`vvlab.design.target_registry`; the built-in ones and their defaults are listed
in :mod:`vvlab.design.builtin_targets`), so a target registered there is a field here,
validated and saved with the others. Every bound can be changed
(``BalanceTargets(turns=(18, 30))``) and the targets saved and read as JSON
(:meth:`BalanceTargets.save`, :meth:`BalanceTargets.load`).
"""

from __future__ import annotations

import json
import os
from dataclasses import FrozenInstanceError
from pathlib import Path
from typing import Any

# The built-in targets register their bounds when imported: the fields of BalanceTargets.
import vvlab.design.builtin_targets  # noqa: F401
from vvlab.design.target_registry import Range, all_bounds
from vvlab.model.files import atomic_write

__all__ = ["FORMAT", "BalanceTargets", "Range"]

FORMAT = "vvlab-balance-targets/1"
"""The ``format`` field of a targets file."""


class BalanceTargets:
    """The balance targets' bounds, one keyword (and attribute) per registered bound,
    each defaulting to its registry entry's. Ranges are ``(low, high)``, inclusive;
    shares are fractions (0.1 is 10%). Frozen, compared and hashed by value.

    Examples
    --------
    >>> t = BalanceTargets(turns=(18, 30))
    >>> t.turns, t.completion
    ((18.0, 30.0), (0.1, 0.95))
    >>> BalanceTargets.from_dict(t.to_dict()) == t
    True
    >>> BalanceTargets(star_share=(0.5, 0.2))
    Traceback (most recent call last):
    ...
    ValueError: star_share: the low bound 0.5 is above the high bound 0.2
    """

    __slots__ = ("_values",)

    def __init__(self, **bounds: Any) -> None:
        known = {b.field: b for b in all_bounds()}
        unknown = sorted(set(bounds) - set(known))
        if unknown:
            who = type(self).__name__
            raise TypeError(f"{who}.__init__() got an unexpected keyword argument {unknown[0]!r}")
        values = {name: b.check(bounds.get(name, b.default)) for name, b in known.items()}
        object.__setattr__(self, "_values", values)

    def __getattr__(self, name: str) -> Any:
        """A bound by its field name; one registered after these targets were made has
        its default."""
        if name != "_values":
            values = self._values
            if name in values:
                return values[name]
            for bound in all_bounds():
                if bound.field == name:
                    return bound.check(bound.default)
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def _all(self) -> dict[str, Any]:
        """Every registered bound's value, in the registry's order."""
        return {b.field: getattr(self, b.field) for b in all_bounds()}

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"cannot delete field {name!r}")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BalanceTargets):
            return NotImplemented
        return self._all() == other._all()

    def __hash__(self) -> int:
        return hash(tuple(self._all().items()))

    def __repr__(self) -> str:
        bounds = ", ".join(f"{k}={v!r}" for k, v in self._all().items())
        return f"{type(self).__name__}({bounds})"

    def __dir__(self) -> list[str]:
        return [*super().__dir__(), *self._all()]

    def __reduce__(self) -> tuple[Any, tuple[dict[str, Any]]]:
        return (_rebuild, (self._all(),))

    def replace(self, **changes: Any) -> BalanceTargets:
        """These targets with some bounds changed (what ``dataclasses.replace`` did
        when the bounds were a dataclass's fields).

        >>> BalanceTargets().replace(turns=(18, 30)).turns
        (18.0, 30.0)
        """
        return type(self)(**{**self._all(), **changes})

    def to_dict(self) -> dict[str, Any]:
        """The targets as JSON-ready data, with their ``format``."""
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in self._all().items()}
        return {"format": FORMAT, **data}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> BalanceTargets:
        """Targets from :meth:`to_dict`'s form; a missing bound keeps its default, an
        unknown name or a wrong ``format`` is an error."""
        if not isinstance(data, dict):
            raise ValueError(f"balance targets must be a JSON object, got {type(data).__name__}")
        data = dict(data)
        found = data.pop("format", FORMAT)
        if found != FORMAT:
            raise ValueError(f"not a balance targets file: format {found!r}, expected {FORMAT!r}")
        known = {b.field for b in all_bounds()}
        unknown = sorted(set(data) - known)
        if unknown:
            raise ValueError(f"unknown balance targets {unknown}; known: {sorted(known)}")
        return cls(**{k: tuple(v) if isinstance(v, list) else v for k, v in data.items()})

    def save(self, path: str | os.PathLike[str], overwrite: bool = False) -> Path:
        """Write the targets as JSON, atomically; an existing file is replaced only
        with ``overwrite=True``."""
        text = json.dumps(self.to_dict(), indent=2) + "\n"
        return atomic_write(path, text, overwrite=overwrite)

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> BalanceTargets:
        """Targets from a JSON file written by :meth:`save` (or by hand)."""
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except json.JSONDecodeError as err:
            raise ValueError(f"{path}: not JSON ({err})") from None
        try:
            return cls.from_dict(data)
        except (TypeError, ValueError) as err:
            raise ValueError(f"{path}: {err}") from None


def _rebuild(values: dict[str, Any]) -> BalanceTargets:
    """Targets from their bounds (how a pickled one is read back)."""
    return BalanceTargets(**values)
