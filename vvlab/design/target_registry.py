"""The balance targets, one entry each: a :class:`Target` holds everything about its
target (its bound in :class:`~vvlab.design.targets.BalanceTargets`, how
:func:`~vvlab.design.check_balance` measures and judges it, how the report writes it,
the advice of :func:`~vvlab.design.explain.explain`, whether
:func:`~vvlab.design.tune` scores it), and every part of :mod:`vvlab.design` reads the
entries instead of naming targets one by one.

The built-in targets register themselves in :mod:`vvlab.design.builtin_targets`;
:func:`register` adds one for good, :func:`registered` for a ``with`` block (a test, a
notebook).

>>> [t.name for t in all_targets()][:2]
['completion', 'harder-pays-more']
>>> measured_text("completion", 0.953), measured_text("bonus-range", 4.0)
('95.3%', '4')
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, NamedTuple

from vvlab.design.play import Play

if TYPE_CHECKING:
    from vvlab.model import CityMap, Line

BASELINE = "random"
"""The level every level is compared with (the skill gap's base): played on the same
deals whenever a city is judged."""
SHOWN = {
    "share": "{:.1%}",
    "whole": "{:.0f}",
    "number": "{:.2f}",
}
"""How a measured value is written, by a target's ``shown``."""

Range = tuple[float, float]
NOT_MEASURED = "not measured"
"""What a value that could not be measured is written as, where its target says no
more (:attr:`Target.missing`)."""


@dataclass(frozen=True)
class Bound:
    """A bound of :class:`~vvlab.design.targets.BalanceTargets`: the ``field`` it is
    read from (and its key in the JSON file), its ``default`` (a ``(low, high)`` pair
    for a range, else a number) and the values it may take (``within``; ``outside``
    is the error, formatted with ``name``, ``low``, ``high`` and ``value``).

    >>> share = Bound("completion", (0.1, 0.95), within=(0, 1),
    ...               outside="{name}: shares are between 0 and 1, got {low}..{high}")
    >>> share.check([0.2, 0.9])
    (0.2, 0.9)
    >>> share.check((0.2, 1.5))
    Traceback (most recent call last):
    ...
    ValueError: completion: shares are between 0 and 1, got 0.2..1.5
    """

    field: str
    default: float | Range
    within: Range = (-math.inf, math.inf)
    outside: str = "{name} must be within the allowed values, got {value}"

    @property
    def is_range(self) -> bool:
        """True for a ``(low, high)`` range, False for a single number."""
        return isinstance(self.default, tuple)

    def check(self, value: Any) -> float | Range:
        """``value`` as this bound holds it (floats), or a ``ValueError`` naming it."""
        checked = _range(self.field, value) if self.is_range else _number(self.field, value)
        low, high = checked if isinstance(checked, tuple) else (checked, checked)
        if low < self.within[0] or high > self.within[1]:
            raise ValueError(
                self.outside.format(name=self.field, low=low, high=high, value=checked)
            )
        return checked


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


class Allowed(NamedTuple):
    """Where a measured value must lie: ``low`` and ``high`` (``None``: no bound on
    that side), ``width`` (the scale of its margin: the allowed range's width, or a
    scale for a one-sided bound) and ``text`` (the bound as the report writes it)."""

    low: float | None
    high: float | None
    width: float
    text: str


Measure = Callable[[Play], dict[str, Any]]
Rule = Callable[[Any, "Line | None"], Allowed]
Advice = Callable[[Any, "CityMap", Any, tuple[str, ...]], str]


def outside(row: Any, city: CityMap, bound: Any, vary: tuple[str, ...]) -> str:
    """The advice of a target that says nothing more: what is outside which bound."""
    where = f"line {row.line}" if row.line else row.level or "(any)"
    return f"{where}: {row.target} {row.measured:g} is outside {row.bound}"


@dataclass(frozen=True)
class Target:
    """One balance target: everything the design package needs to know about it.

    Parameters
    ----------
    name
        The report's row name (``"completion"``, ``"game-length"``...).
    about
        What it asks, in a few words.
    measure
        ``measure(play) -> {line: value}`` from a :class:`~vvlab.design.play.Play`: a
        value per line id, or one for the city under ``""``; nothing where it is not
        judged. A value is a number, or an array with one value per row of the play's
        game weights (the measured value first, then bootstrap resamples: what the
        verdict's uncertainty is taken from; a number has none).
    allowed
        ``allowed(bound, line) -> Allowed`` from its bound's value (``None`` without
        a bound) and the line (``None`` for a city-wide value).
    bound
        Its :class:`Bound` in ``BalanceTargets``, or ``None`` for a fixed rule.
    shown
        How a measured value is written: a key of :data:`SHOWN`.
    advice
        ``advice(row, city, bound, vary) -> str``: the sentence for a failing report
        row, with the route edit that would help (:func:`outside` by default).
    on_map
        Judged from the map alone, once for every level (``level`` ``""``), listed
        line by line; else from each level's games, target by target.
    tuned
        Scored by :func:`~vvlab.design.tune` (False for a rule every candidate keeps).
    missing
        What is written instead of a value that could not be measured (NaN): why, in
        words (``"not measured: no game scored a point"``).
    """

    name: str
    about: str
    measure: Measure
    allowed: Rule
    bound: Bound | None = None
    shown: str = "number"
    advice: Advice = outside
    on_map: bool = False
    tuned: bool = True
    missing: str = NOT_MEASURED

    def bound_in(self, targets: Any) -> Any:
        """This target's bound in ``targets`` (``None`` for a fixed rule)."""
        return None if self.bound is None else getattr(targets, self.bound.field)


_REGISTRY: dict[str, Target] = {}


def register(target: Target) -> Target:
    """Add ``target`` (after those registered before it: the report's order); its name
    and bound field must be new. Returns it, so that ``NAME = register(Target(...))``."""
    if target.name in _REGISTRY:
        raise ValueError(f"a balance target {target.name!r} is registered already")
    if target.shown not in SHOWN:
        raise ValueError(f"{target.name}: shown must be one of {sorted(SHOWN)}")
    if target.bound is not None:
        if target.bound.field in {b.field for b in all_bounds()}:
            raise ValueError(f"{target.name}: the bound {target.bound.field!r} is taken")
        target.bound.check(target.bound.default)
    _REGISTRY[target.name] = target
    return target


def unregister(name: str) -> Target:
    """Remove the target ``name`` and return it."""
    return _REGISTRY.pop(name)


@contextmanager
def registered(target: Target) -> Iterator[Target]:
    """``target`` registered inside the ``with`` block only.

    >>> extra = Target("no-target", "never fails", lambda play: {},
    ...                lambda bound, line: Allowed(None, None, 1.0, "any"))
    >>> with registered(extra):
    ...     find("no-target") is extra
    True
    >>> find("no-target") is None
    True
    """
    register(target)
    try:
        yield target
    finally:
        unregister(target.name)


def all_targets() -> tuple[Target, ...]:
    """Every registered target, in the order the report lists them."""
    return tuple(_REGISTRY.values())


def all_bounds() -> tuple[Bound, ...]:
    """The bounds of every registered target: the fields of ``BalanceTargets``."""
    return tuple(t.bound for t in _REGISTRY.values() if t.bound is not None)


def find(name: str) -> Target | None:
    """The target called ``name``, or ``None``."""
    return _REGISTRY.get(name)


def measured_text(target: str, value: float) -> str:
    """A measured value of ``target`` as the report writes it: for NaN, why it was
    not measured (the target's ``missing``); an unknown target's as a number.

    >>> measured_text("game-length", 23.456), measured_text("star-share", float("nan"))
    ('23.46', 'not measured: no game scored a point')
    """
    entry = find(target)
    if value != value:
        return entry.missing if entry else NOT_MEASURED
    return SHOWN[entry.shown if entry else "number"].format(value)


def is_tuned(target: str) -> bool:
    """Whether :func:`~vvlab.design.tune` scores ``target`` (an unknown one: yes)."""
    entry = find(target)
    return entry.tuned if entry else True
