"""What if a design changed: simulate a modified copy of a city or ruleset and compare."""

from __future__ import annotations

import copy
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Union

import pandas as pd

from vvlab.analysis.tables import compare
from vvlab.engine import Card, Penalty, Ruleset, get_ruleset
from vvlab.model import CityMap, load_map

Change = Union[dict[str, Any], Callable[[dict[str, Any]], dict[str, Any]]]  # noqa: UP007
CHANGE_KEYS = ("lines", "deck", "penalty", "ruleset", "map")
LINE_KEYS = ("name", "color", "indicators", "bonus", "stations")


@dataclass(frozen=True)
class WhatIf:
    """The outcome of :func:`what_if`: both runs, their comparison and the line rates.

    ``comparison`` is :func:`vvlab.analysis.compare` (original -> modified, by bot);
    ``lines`` holds per line the completion rate of both runs and its change.
    """

    comparison: pd.DataFrame
    lines: pd.DataFrame
    original: Any = field(repr=False)
    modified: Any = field(repr=False)
    change: Any = None
    seed: int = 0

    def __repr__(self) -> str:
        text = self.comparison.to_string(float_format=lambda x: f"{x:.3f}")
        return f"WhatIf(change={self.change!r}, seed={self.seed})\n{text}"


def _change_lines(data: dict[str, Any], lines: dict[str, Any]) -> None:
    known = {ln["id"]: ln for ln in data["lines"]}
    for line_id, edits in lines.items():
        if line_id not in known:
            raise ValueError(
                f"no line {line_id!r} on map {data['id']!r} (lines: {', '.join(known)})"
            )
        if not isinstance(edits, dict):
            raise TypeError(f"lines[{line_id!r}] must be a dict of line keys, got {edits!r}")
        bad = [k for k in edits if k not in LINE_KEYS]
        if bad:
            raise ValueError(
                f"lines[{line_id!r}]: unknown key(s) {', '.join(map(repr, bad))}; "
                f"a line change sets {', '.join(LINE_KEYS)}"
            )
        known[line_id].update(copy.deepcopy(edits))


def _deck(cards: Sequence[Card | str]) -> tuple[Card, ...]:
    return tuple(c if isinstance(c, Card) else Card.parse(c) for c in cards)


def apply_change(city: Any, change: Change, ruleset: Any = None) -> tuple[CityMap, Ruleset]:
    """The modified (city, ruleset): see :func:`what_if` for the forms of ``change``.

    Examples
    --------
    >>> city, rules = apply_change("tutorial", {"lines": {"D": {"bonus": [9, 1]}},
    ...                                         "deck": ["3", "4", "(2)", "star", "5!"]})
    >>> city.line("D").bonus_first, rules.deck_summary(), rules.name
    (9, '1×3, 1×4, 1×(2), 1×★, 1×5↻', 'voll-verplant (changed)')
    >>> apply_change("tutorial", {"lines": {"Z": {"bonus": [1, 0]}}})
    Traceback (most recent call last):
    ...
    ValueError: no line 'Z' on map 'tutorial' (lines: A, B, C, D)
    """
    data = load_map(city).to_dict()
    rules = get_ruleset(ruleset)
    if callable(change):
        return load_map(change(copy.deepcopy(data))), rules
    if not isinstance(change, dict):
        raise TypeError(f"change is a dict or a function of the map dict, got {change!r}")
    bad = [k for k in change if k not in CHANGE_KEYS]
    if bad:
        raise ValueError(
            f"unknown change key(s) {', '.join(map(repr, bad))}; keys: {', '.join(CHANGE_KEYS)}"
        )
    if "map" in change:
        data = change["map"](copy.deepcopy(data))
    _change_lines(data, change.get("lines", {}))
    if "ruleset" in change:
        rules = get_ruleset(change["ruleset"])
    if "deck" in change or "penalty" in change:
        penalty = change.get("penalty", rules.penalty)
        if isinstance(penalty, dict):
            penalty = Penalty.from_dict(penalty)
        deck = _deck(change["deck"]) if "deck" in change else rules.deck
        rules = Ruleset(f"{rules.name} (changed)", deck, penalty, description="what_if change")
    return load_map(data), rules


def _line_rates(original: Any, modified: Any) -> pd.DataFrame:
    def rates(res: Any) -> pd.Series:
        lines = res.lines.assign(line=res.lines["line"].astype(str))
        return lines.groupby("line", sort=False)["completed"].mean()

    out = pd.DataFrame({"rate_a": rates(original), "rate_b": rates(modified)})
    out["difference"] = out["rate_b"] - out["rate_a"]
    out.index.name = "line"
    return out


def what_if(
    city: Any,
    change: Change,
    *,
    players: int = 1,
    bots: Sequence[Any] | str = ("greedy",),
    games: int = 2000,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    measure: str = "score",
    workers: int | None = None,
    progress: bool = False,
) -> WhatIf:
    """Simulate a modified copy of a city (and ruleset) and compare it with the original.

    Both runs use the same seed, so they share their random numbers (common random
    numbers): with an unchanged deck they deal the same card orders.

    Parameters
    ----------
    city
        A built-in name, path, map dict or ``CityMap``.
    change
        Either a function taking the map dict (a copy of ``CityMap.to_dict()``) and
        returning the modified dict, or a dict with any of these keys:

        - ``"lines"``: ``{line_id: {key: value}}`` with keys ``indicators``,
          ``bonus`` (``[first, later]``), ``stations``, ``name``, ``color``;
        - ``"deck"``: the new deck, ``Card`` objects or their text (``"3"``, ``"(2)"``
          express, ``"star"``, ``"free"``, ``"6!"`` with the shuffle icon);
        - ``"penalty"``: a ``Penalty`` or its dict (``{"divisor": 3}``);
        - ``"ruleset"``: the ruleset of the modified run (name, file or ``Ruleset``);
        - ``"map"``: a function of the map dict, applied before ``"lines"``.

        Unknown keys or line ids raise ``ValueError``; an invalid map ``MapError``.
    players, bots, games, seed, ruleset, workers, progress
        As for :func:`vvlab.simulate`, the same for both runs.
    measure
        The ``games`` column compared (default ``"score"``).

    Returns
    -------
    WhatIf
        ``comparison`` (:func:`~vvlab.analysis.compare` by bot), ``lines`` (completion
        rate per line, ``rate_a`` original, ``rate_b`` modified, ``difference``),
        ``original`` and ``modified`` results, ``change`` and ``seed``.

    Examples
    --------
    >>> res = what_if("tutorial", {"lines": {"A": {"indicators": 3}}}, games=200, seed=1,
    ...               workers=1)
    >>> bool(res.lines.loc["A", "difference"] > 0), res.comparison.index.tolist()
    (True, ['greedy'])
    """
    from vvlab.sim.run import simulate

    new_city, new_rules = apply_change(city, change, ruleset)
    kw = dict(players=players, bots=bots, games=games, seed=seed, workers=workers)
    original = simulate(city, ruleset=ruleset, progress=progress, **kw)
    modified = simulate(new_city, ruleset=new_rules, progress=progress, **kw)
    return WhatIf(
        compare(original, modified, measure=measure),
        _line_rates(original, modified),
        original,
        modified,
        change,
        seed,
    )
