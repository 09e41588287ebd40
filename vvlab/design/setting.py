"""What tuning may change in a city: :class:`Setting`, each line's indicator boxes and
bonus pair, and the candidate changes the search tries (:func:`proposals`).

The proposals are guided by the last verdict (a :class:`~vvlab.design.report.BalanceReport`):
boxes move from the line completed most often to the one completed least (the total
stays, so the game length does), the total follows the game-length target, the first
bonuses are re-ordered or spread so that harder lines pay more, and two lines swap
first bonuses where the level that orders them worst asks for it. When no single change
helps, the best ones are tried in pairs (:func:`paired_moves`). Every proposal
keeps the bonus rules (``first`` in the targets' range, ``0 <= later <= first``) and
1-6 boxes a line.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, replace
from typing import Any

from vvlab.design.builtin_targets import COMPLETION, GAME_LENGTH, HARDER_PAYS_MORE
from vvlab.design.report import BalanceReport
from vvlab.design.targets import BalanceTargets
from vvlab.model import CityMap
from vvlab.model.validate import MAX_INDICATORS, MIN_INDICATORS

MIN_BOXES, MAX_BOXES = MIN_INDICATORS, MAX_INDICATORS
"""Indicator boxes a line may have (the map format's range)."""
LATER_SHARE = 0.6
"""A spread bonus's later value as a share of its first (the built-in cities' habit)."""


@dataclass(frozen=True)
class Setting:
    """Boxes, first and later bonus of every line, in the city's line order."""

    boxes: tuple[int, ...]
    first: tuple[int, ...]
    later: tuple[int, ...]

    @classmethod
    def of(cls, city: CityMap) -> Setting:
        """The setting a city has.

        >>> import vvlab
        >>> Setting.of(vvlab.load_map("tutorial")).boxes
        (2, 2, 1, 1)
        """
        lines = city.lines
        return cls(
            tuple(ln.indicators for ln in lines),
            tuple(ln.bonus_first for ln in lines),
            tuple(ln.bonus_later for ln in lines),
        )

    def apply(self, city: CityMap) -> CityMap:
        """A new city: ``city`` with this setting (nothing else changes).

        >>> import vvlab
        >>> city = vvlab.load_map("tutorial")
        >>> s = Setting.of(city)
        >>> Setting.of(replace(s, boxes=(1, 1, 1, 1)).apply(city)).boxes
        (1, 1, 1, 1)
        """
        return CityMap.from_dict(self.data(city))

    def data(self, city: CityMap) -> dict[str, Any]:
        """The map data of :meth:`apply`'s city (not checked: a quick key for it).

        >>> import vvlab
        >>> city = vvlab.load_map("tutorial")
        >>> Setting.of(city).data(city) == city.to_dict()
        True
        """
        data = city.to_dict()
        for line, boxes, first, later in zip(
            data["lines"], self.boxes, self.first, self.later, strict=True
        ):
            line["indicators"], line["bonus"] = boxes, [first, later]
        return data

    def clamp(self, targets: BalanceTargets) -> Setting:
        """The nearest setting that keeps the rules: 1-6 boxes, ``first`` in the
        targets' range, ``0 <= later <= first``.

        >>> Setting((0, 9), (12, 0), (5, 3)).clamp(BalanceTargets())
        Setting(boxes=(1, 6), first=(10, 1), later=(5, 1))
        """
        low, high = (round(v) for v in targets.bonus_first)
        first = tuple(min(max(f, low), high) for f in self.first)
        return Setting(
            tuple(min(max(b, MIN_BOXES), MAX_BOXES) for b in self.boxes),
            first,
            tuple(min(max(la, 0), f) for la, f in zip(self.later, first, strict=True)),
        )


@dataclass(frozen=True)
class Proposal:
    """A candidate setting and what it changes, in words."""

    setting: Setting
    change: str


def completion_rates(
    report: BalanceReport, ids: list[str], level: str | None = None
) -> list[float]:
    """Each line's completion rate at ``level``, or averaged over the report's levels
    (``None``), in the line order of ``ids``."""
    t = report.table
    t = t[t["target"] == COMPLETION.name]
    if level is not None:
        t = t[t["level"] == level]
    rows = t.groupby("line")["measured"].mean()
    return [float(rows.get(i, 0.5)) for i in ids]


def ease_ranks(report: BalanceReport, ids: list[str], level: str | None = None) -> list[float]:
    """How easy each line is with equal bonuses (the report's ``difficulty``: higher is
    easier), as its rank among the lines at ``level`` or averaged over the levels
    (``None``), in the line order of ``ids``; the completion rates with the city's own
    bonuses when the report has no difficulty.

    >>> import pandas as pd
    >>> rows = {"level": ["a", "a", "b", "b"], "line": ["X", "Y", "X", "Y"],
    ...         "completion": [0.9, 0.4, 0.5, 0.6], "turn": [9, 12, 10, 11],
    ...         "ease": [90, 40, 50, 60]}
    >>> report = BalanceReport(pd.DataFrame(columns=BalanceReport.COLUMNS), "c", ["a", "b"],
    ...                        10, 0, "voll-verplant", difficulty=pd.DataFrame(rows))
    >>> ease_ranks(report, ["X", "Y"]), ease_ranks(report, ["X", "Y"], "b")
    ([1.5, 1.5], [1.0, 2.0])
    """
    d = report.difficulty
    if d is None or d.empty:
        return completion_rates(report, ids, level)
    if level is not None:
        d = d[d["level"] == level]
    ranks = d.groupby("level")["ease"].rank(method="average")
    mean = ranks.groupby(d["line"]).mean()
    return [float(mean.get(i, (len(ids) + 1) / 2)) for i in ids]


def worst_order_level(report: BalanceReport) -> str | None:
    """The level whose first bonuses follow difficulty least (the lowest margin of
    harder-pays-more), or ``None`` when no level measures it."""
    t = report.table
    rows = t[t["target"] == HARDER_PAYS_MORE.name].dropna(subset=["margin"])
    if rows.empty:
        return None
    return str(rows.loc[rows["margin"].idxmin(), "level"])


def mean_turns(report: BalanceReport) -> float:
    t = report.table
    return float(t[t["target"] == GAME_LENGTH.name]["measured"].mean())


def _with_boxes(s: Setting, k: int, delta: int) -> Setting:
    boxes = list(s.boxes)
    boxes[k] += delta
    return replace(s, boxes=tuple(boxes))


def _later_for(first: int, old_first: int, old_later: int) -> int:
    """The later bonus that keeps its share of the first one."""
    if old_first <= 0:
        return round(first * LATER_SHARE)
    return min(first, max(0, round(first * old_later / old_first)))


def _with_first(s: Setting, first: list[int]) -> Setting:
    later = [_later_for(f, of, ol) for f, of, ol in zip(first, s.first, s.later, strict=True)]
    return replace(s, first=tuple(first), later=tuple(later))


def box_moves(s: Setting, rates: list[float], ids: list[str], width: int = 3) -> Iterator[Proposal]:
    """A box from a line completed often to one completed rarely (the total stays)."""
    order = sorted(range(len(rates)), key=lambda k: -rates[k])
    givers = [k for k in order if s.boxes[k] > MIN_BOXES][:width]
    takers = [k for k in reversed(order) if s.boxes[k] < MAX_BOXES][:width]
    for a in givers:
        for b in takers:
            if a != b and rates[a] > rates[b]:
                moved = _with_boxes(_with_boxes(s, a, -1), b, +1)
                yield Proposal(moved, f"a box from {ids[a]} to {ids[b]}")


def total_moves(
    s: Setting, stations: list[int], turns: float, t: BalanceTargets
) -> Iterator[Proposal]:
    """The total of boxes changed: to what puts the mean game length in the middle of
    its target, then one more and one fewer (the game length may sit anywhere in its
    range). Boxes go to the lines with the most stations per box and come from those
    with the fewest."""
    total, n = sum(s.boxes), len(stations)
    per_box = turns / total if total and turns == turns else 1.0  # free cards add turns
    middle = round((t.turns[0] + t.turns[1]) / 2 / per_box)
    for want in dict.fromkeys((middle, total + 1, total - 1)):
        want = min(max(want, MIN_BOXES * n), MAX_BOXES * n)
        if want == middle or t.turns[0] <= want * per_box <= t.turns[1]:
            boxes = _change_total(list(s.boxes), stations, want)
            if boxes != list(s.boxes):
                yield Proposal(replace(s, boxes=tuple(boxes)), f"total boxes {total}->{want}")


def _change_total(boxes: list[int], stations: list[int], want: int) -> list[int]:
    step = 1 if want > sum(boxes) else -1
    while sum(boxes) != want:
        room = [k for k in range(len(boxes)) if MIN_BOXES <= boxes[k] + step <= MAX_BOXES]
        k = max(room, key=lambda k: (step * stations[k] / boxes[k], -k))
        boxes[k] += step
    return boxes


def bonus_moves(
    s: Setting, ease: list[float], ids: list[str], t: BalanceTargets
) -> Iterator[Proposal]:
    """First bonuses re-ordered (the largest to the hardest line, the least ``ease``),
    spread around their mean, all raised or lowered by one, and single steps of one
    line's."""
    n = len(ease)
    hardest_first = sorted(range(n), key=lambda k: (ease[k], k))
    ranked = [0] * n
    for value, k in zip(sorted(s.first, reverse=True), hardest_first, strict=True):
        ranked[k] = value
    yield Proposal(_with_first(s, ranked), "bonuses re-ordered by difficulty")
    low, high = (round(v) for v in t.bonus_first)
    mid = sum(s.first) / n
    for half in (2, 3, 4):
        lo, hi = max(low, round(mid - half)), min(high, round(mid + half))
        spread = [0] * n
        for r, k in enumerate(hardest_first):
            spread[k] = round(hi - (hi - lo) * r / max(n - 1, 1))
        yield Proposal(_with_first(s, spread), f"bonuses spread {lo}..{hi}")
    for delta in (+1, -1):
        shifted = [min(max(f + delta, low), high) for f in s.first]
        yield Proposal(_with_first(s, shifted), f"every first bonus {delta:+d}")
    for k in range(n):
        for delta in (+1, -1):
            first = list(s.first)
            first[k] = min(max(first[k] + delta, low), high)
            if first[k] != s.first[k]:
                yield Proposal(_with_first(s, first), f"{ids[k]}'s first bonus {delta:+d}")


def swap_moves(s: Setting, rates: list[float], ids: list[str], level: str) -> Iterator[Proposal]:
    """Two lines' first bonuses swapped where the easier line at ``level`` (the
    greater of ``rates``: its ease with equal bonuses) pays more (a discordant pair of
    harder-pays-more there), the pairs furthest apart first. The bonuses stay the same
    set, so only their order moves; the levels may disagree about which lines are
    hard, so the order one level asks for is tried on its own.

    >>> s = Setting((2, 2, 2), (9, 5, 3), (5, 3, 2))
    >>> for p in swap_moves(s, [0.9, 0.5, 0.2], ["A", "B", "C"], "expert"):
    ...     print(p.change, p.setting.first)
    A and C swap first bonuses (expert) (3, 5, 9)
    A and B swap first bonuses (expert) (5, 9, 3)
    B and C swap first bonuses (expert) (9, 3, 5)
    """
    n = len(rates)
    pairs = [
        (a, b)
        for a in range(n)
        for b in range(a + 1, n)
        if (s.first[a] - s.first[b]) * (rates[a] - rates[b]) > 0
    ]
    pairs.sort(
        key=lambda ab: -abs(rates[ab[0]] - rates[ab[1]]) * abs(s.first[ab[0]] - s.first[ab[1]])
    )
    for a, b in pairs:
        first = list(s.first)
        first[a], first[b] = first[b], first[a]
        yield Proposal(_with_first(s, first), f"{ids[a]} and {ids[b]} swap first bonuses ({level})")


def paired_moves(s: Setting, near: list[Proposal], t: BalanceTargets) -> Iterator[Proposal]:
    """Two of the changes around ``s`` made together (each pair of ``near``, in their
    order): a way out where every single change costs one level what it gains another.

    >>> s = Setting((2, 2), (5, 5), (3, 3))
    >>> near = [Proposal(Setting((2, 2), (4, 5), (2, 3)), "A -1"),
    ...         Proposal(Setting((3, 1), (5, 5), (3, 3)), "a box")]
    >>> [(p.change, p.setting) for p in paired_moves(s, near, BalanceTargets())]
    [('A -1 and a box', Setting(boxes=(3, 1), first=(4, 5), later=(2, 3)))]
    """
    for i, a in enumerate(near):
        for b in near[i + 1 :]:
            both = _together(s, a.setting, b.setting).clamp(t)
            if both not in (s, a.setting, b.setting):
                yield Proposal(both, f"{a.change} and {b.change}")


def _together(s: Setting, a: Setting, b: Setting) -> Setting:
    """``s`` with the changes of both ``a`` and ``b``."""

    def field(name: str) -> tuple[int, ...]:
        base, x, y = (getattr(v, name) for v in (s, a, b))
        return tuple(p + q - m for m, p, q in zip(base, x, y, strict=True))

    return Setting(field("boxes"), field("first"), field("later"))


def proposals(
    s: Setting, report: BalanceReport, city: CityMap, t: BalanceTargets, vary: tuple[str, ...]
) -> list[Proposal]:
    """The candidates around ``s``, most promising first, each new and in the rules."""
    ids = [ln.id for ln in city.lines]
    rates = completion_rates(report, ids)
    found: list[Proposal] = []
    if "indicators" in vary:
        found += total_moves(s, [len(ln.stations) for ln in city.lines], mean_turns(report), t)
    if "bonus" in vary:
        found += bonus_moves(s, ease_ranks(report, ids), ids, t)
    if "indicators" in vary:
        found += box_moves(s, rates, ids)
    level = worst_order_level(report)
    if "bonus" in vary and level is not None:  # last: only once the moves above are spent
        found += swap_moves(s, ease_ranks(report, ids, level), ids, level)
    seen: dict[Setting, Proposal] = {}
    for p in found:
        clamped = p.setting.clamp(t)
        if clamped != s and clamped not in seen:
            seen[clamped] = Proposal(clamped, p.change)
    return list(seen.values())


def describe(city: CityMap, before: Setting, after: Setting) -> list[dict[str, Any]]:
    """Per line: boxes and bonus before and after."""
    return [
        {
            "line": ln.id,
            "boxes_before": before.boxes[k],
            "boxes_after": after.boxes[k],
            "bonus_before": f"{before.first[k]}/{before.later[k]}",
            "bonus_after": f"{after.first[k]}/{after.later[k]}",
            "changed": (before.boxes[k], before.first[k], before.later[k])
            != (after.boxes[k], after.first[k], after.later[k]),
        }
        for k, ln in enumerate(city.lines)
    ]
