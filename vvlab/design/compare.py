"""Two versions of a city side by side: :func:`compare_maps` lists what changed in the
network and numbers (:attr:`MapComparison.structure`) and judges both on the same
deals (:attr:`MapComparison.balance`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pandas as pd

from vvlab.design.balance import DEFAULT_BOTS, check_balance
from vvlab.design.report import BalanceReport
from vvlab.design.targets import BalanceTargets
from vvlab.model import CityMap, load_map
from vvlab.model.steps import Cancel
from vvlab.sim.run import Progress

STRUCTURE_COLUMNS = ["change", "item", "a", "b"]
"""The columns of :attr:`MapComparison.structure`."""


def _added_removed(kind: str, a: Sequence[str], b: Sequence[str]) -> list[dict[str, Any]]:
    rows = [{"change": f"{kind} removed", "item": i, "a": i, "b": ""} for i in a if i not in b]
    return rows + [{"change": f"{kind} added", "item": i, "a": "", "b": i} for i in b if i not in a]


def structure(a: CityMap, b: CityMap) -> pd.DataFrame:
    """What differs between ``a`` and ``b``: stations and lines added or removed,
    stations moved or renamed, routes, boxes and bonuses changed; one row each.

    >>> import vvlab
    >>> data = vvlab.load_map("tutorial").to_dict()
    >>> data["lines"][0]["indicators"] = 3
    >>> structure(vvlab.load_map("tutorial"), vvlab.CityMap.from_dict(data)).values.tolist()
    [['boxes', 'A', '2', '3']]
    """
    rows = _added_removed("station", list(a.stations), list(b.stations))
    for sid in (s for s in a.stations if s in b.stations):
        sa, sb = a.stations[sid], b.stations[sid]
        if (sa.x, sa.y) != (sb.x, sb.y):
            rows.append({"change": "station moved", "item": sid,
                         "a": f"({sa.x:g}, {sa.y:g})", "b": f"({sb.x:g}, {sb.y:g})"})  # fmt: skip
        if sa.name != sb.name:
            rows.append({"change": "station renamed", "item": sid, "a": sa.name, "b": sb.name})
    lines_a, lines_b = {ln.id: ln for ln in a.lines}, {ln.id: ln for ln in b.lines}
    rows += _added_removed("line", list(lines_a), list(lines_b))
    for lid in (i for i in lines_a if i in lines_b):
        la, lb = lines_a[lid], lines_b[lid]
        pairs = {
            "route": (" - ".join(la.stations), " - ".join(lb.stations)),
            "boxes": (str(la.indicators), str(lb.indicators)),
            "bonus": (f"{la.bonus_first}/{la.bonus_later}", f"{lb.bonus_first}/{lb.bonus_later}"),
        }
        rows += [
            {"change": k, "item": lid, "a": va, "b": vb}
            for k, (va, vb) in pairs.items()
            if va != vb
        ]
    return pd.DataFrame(rows, columns=STRUCTURE_COLUMNS)


def side_by_side(ra: BalanceReport, rb: BalanceReport) -> pd.DataFrame:
    """Both verdicts in one table, a row per (level, target, line) in either."""
    keys = ["level", "target", "line"]
    cols = ["measured", "passed", "margin"]
    return pd.merge(ra.table[keys + cols], rb.table[keys + cols], on=keys, how="outer",
                    suffixes=("_a", "_b"), sort=False)  # fmt: skip


@dataclass
class MapComparison:
    """Two versions of a city: ``structure`` (what changed) and ``balance`` (both
    verdicts on the same deals, ``report_a`` and ``report_b`` in full)."""

    a: CityMap
    b: CityMap
    structure: pd.DataFrame
    report_a: BalanceReport
    report_b: BalanceReport

    @property
    def balance(self) -> pd.DataFrame:
        """Both verdicts side by side (columns ``..._a`` and ``..._b``)."""
        return side_by_side(self.report_a, self.report_b)

    def text(self, width: int = 80) -> str:
        """Both in a designer's words, wrapped to ``width`` columns: the changes, both
        verdicts, and the targets one meets and the other misses
        (:func:`~vvlab.design.compare_words.comparison_text`)."""
        from vvlab.design.compare_words import comparison_text

        return comparison_text(self, width)


def compare_maps(
    a: Any,
    b: Any,
    targets: BalanceTargets | None = None,
    *,
    bots: Sequence[Any] = DEFAULT_BOTS,
    games: int = 1000,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    progress: Progress = False,
    cancel: Cancel = None,
) -> MapComparison:
    """Compare two versions of a city (names, files, data or ``CityMap``): what changed,
    and both balance verdicts from the same deals (``seed``); ``progress`` and
    ``cancel`` as for :func:`~vvlab.design.balance.check_balance` (a cancelled
    comparison raises :class:`~vvlab.model.steps.Cancelled`).

    Examples
    --------
    >>> import vvlab
    >>> data = vvlab.load_map("tutorial").to_dict()
    >>> data["lines"][1]["bonus"] = [9, 4]
    >>> cmp = compare_maps("tutorial", data, bots=["greedy"], games=200)
    >>> cmp.structure.values.tolist()
    [['bonus', 'B', '5/3', '9/4']]
    >>> sorted(set(cmp.balance.columns) - {"level", "target", "line"})[:2]
    ['margin_a', 'margin_b']
    """
    city_a, city_b = load_map(a), load_map(b)
    run = {"bots": bots, "games": games, "seed": seed, "ruleset": ruleset, "progress": progress}
    run["cancel"] = cancel
    return MapComparison(
        city_a,
        city_b,
        structure(city_a, city_b),
        check_balance(city_a, targets, **run),
        check_balance(city_b, targets, **run),
    )
