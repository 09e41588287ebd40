"""Balance targets as data: :class:`BalanceTargets`.

The targets a city is judged against (:func:`~vvlab.design.check_balance`), with the
defaults the built-in cities were balanced to:

========================  ==========================================================
``completion``            every line completed in 10-95% of solo games
``spearman_max``          Spearman(first bonus, completion rate) <= -0.6: harder
                          lines pay more
``star_share``            star points are 10-35% of the score
``turns``                 a solo game lasts 20-28 turns on average
``skill_gap_min``         a bot's mean score - ``random``'s >= 15 points
``bonus_first``           each line's first bonus in 1-10; always ``first >= later >= 0``
========================  ==========================================================

Every bound can be changed (``BalanceTargets(turns=(18, 30))``) and the targets saved
and read as JSON (:meth:`BalanceTargets.save`, :meth:`BalanceTargets.load`).
"""

from __future__ import annotations

import json
import math
import os
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import Any

from vvlab.model.files import atomic_write

FORMAT = "vvlab-balance-targets/1"
"""The ``format`` field of a targets file."""

Range = tuple[float, float]


@dataclass(frozen=True)
class BalanceTargets:
    """The balance targets; see the module's table. Ranges are ``(low, high)``,
    inclusive; shares are fractions (0.1 is 10%).

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

    completion: Range = (0.10, 0.95)
    spearman_max: float = -0.6
    star_share: Range = (0.10, 0.35)
    turns: Range = (20.0, 28.0)
    skill_gap_min: float = 15.0
    bonus_first: Range = (1.0, 10.0)

    def __post_init__(self) -> None:
        for name in ("completion", "star_share", "turns", "bonus_first"):
            object.__setattr__(self, name, _range(name, getattr(self, name)))
        for name in ("spearman_max", "skill_gap_min"):
            object.__setattr__(self, name, _number(name, getattr(self, name)))
        for name in ("completion", "star_share"):
            low, high = getattr(self, name)
            if low < 0 or high > 1:
                raise ValueError(f"{name}: shares are between 0 and 1, got {low}..{high}")
        if not -1 <= self.spearman_max <= 1:
            raise ValueError(f"spearman_max must be in -1..1, got {self.spearman_max}")
        if self.bonus_first[0] < 0:
            raise ValueError(f"bonus_first: a bonus is >= 0, got {self.bonus_first[0]}")

    def to_dict(self) -> dict[str, Any]:
        """The targets as JSON-ready data, with their ``format``."""
        data = {k: list(v) if isinstance(v, tuple) else v for k, v in asdict(self).items()}
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
        known = {f.name for f in fields(cls)}
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


def _number(name: str, value: Any) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise ValueError(f"{name} must be a finite number, got {value!r}")
    return float(value)


def _range(name: str, value: Any) -> Range:
    if not isinstance(value, (tuple, list)) or len(value) != 2:
        raise ValueError(f"{name} must be a pair (low, high), got {value!r}")
    low, high = (_number(name, v) for v in value)
    if low > high:
        raise ValueError(f"{name}: the low bound {low:g} is above the high bound {high:g}")
    return (low, high)
