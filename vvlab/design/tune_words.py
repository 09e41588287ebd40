"""Why "Balance for me" changed a line, and what it found, in a designer's words:
:func:`change_text` (the change), :func:`change_words` (why) and
:func:`tuned_summary` (one paragraph for the city), for the editor's tune bar and
anyone showing a :class:`~vvlab.design.TuneResult`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from vvlab.design.summary import Finding, failing
from vvlab.design.words import and_list, how_often, how_often_between

if TYPE_CHECKING:
    from vvlab.design.report import BalanceReport
    from vvlab.design.tune_routes import RouteEdit
    from vvlab.model import CityMap

__all__ = [
    "ALONGSIDE",
    "CITY_REASONS",
    "change_text",
    "change_words",
    "route_text",
    "route_words",
    "tuned_summary",
]


def change_text(row: Any, names: dict[str, str] | None = None) -> str:
    """One line's change in words (a row of ``TuneResult.changes``).

    >>> from types import SimpleNamespace as Row
    >>> change_text(Row(line="U1", boxes_before=1, boxes_after=3, bonus_before="5/3",
    ...                 bonus_after="7/2"), {"U1": "Ring"})
    'Ring: 1 → 3 boxes, bonus 5/3 → 7/2'
    """
    parts = []
    if row.boxes_before != row.boxes_after:
        parts.append(f"{row.boxes_before} → {row.boxes_after} boxes")
    if row.bonus_before != row.bonus_after:
        parts.append(f"bonus {row.bonus_before} → {row.bonus_after}")
    return f"{(names or {}).get(row.line, row.line)}: {', '.join(parts)}"


CITY_REASONS = {
    "game-length": ("boxes", "so that a game lasts as long as wanted"),
    "harder-pays-more": ("bonus", "so that the lines that pay more are the harder ones"),
    "star-share": ("", "so that star points weigh as wanted"),
}
"""Why a line changed when its own numbers were not at fault: the city-wide target
its change served, and what of a line must change to serve it (``""``: anything)."""
ALONGSIDE = "for the city as a whole: how one line pays changes how players treat the others"
"""Why a line changed when no target of its own nor of the city names it."""


def change_words(row: Any, before: BalanceReport, after: BalanceReport) -> str:
    """Why a line changed, in the game's words: how often players completed it before
    and after, or the city-wide target the change served.

    >>> import pandas as pd
    >>> from types import SimpleNamespace as Row
    >>> from vvlab.design.report import BalanceReport
    >>> def report(rate):
    ...     row = {"level": "expert", "target": "completion", "line": "U9", "measured": rate,
    ...            "bound": "10%..95%", "passed": rate <= 0.95, "margin": 0.95 - rate}
    ...     return BalanceReport(pd.DataFrame([row]), "b", ["expert"], 300, 0, "voll-verplant")
    >>> change_words(Row(line="U9", boxes_before=2, boxes_after=1), report(0.99), report(0.9))
    'strong players completed it almost every game (99%); now in 90% of games'
    """
    own = [f for f in failing(before) if f.line == row.line and f.target == "completion"]
    if own:
        return _completed_then_and_now(own[0], _rates_of_line(after, row.line))
    boxes = getattr(row, "boxes_before", None) != getattr(row, "boxes_after", None)
    bonus = getattr(row, "bonus_before", None) != getattr(row, "bonus_after", None)
    changed = {"": True, "boxes": boxes, "bonus": bonus}
    served = [
        CITY_REASONS[f.target][1]
        for f in failing(before)
        if not f.line and f.target in CITY_REASONS and changed[CITY_REASONS[f.target][0]]
    ]
    return and_list(list(dict.fromkeys(served))) if served else ALONGSIDE


def _completed_then_and_now(f: Finding, now: dict[str, float]) -> str:
    """How often a line's players completed it before (levels alike said once) and
    the range of rates now."""
    by_words: dict[str, list[str]] = {}
    for r in sorted(f.rows, key=lambda r: -r.measured):
        by_words.setdefault(how_often(r.measured), []).append(r.level)
    then = [
        f"{f.players(levels)} {'never completed it' if said == 'never' else 'completed it ' + said}"
        for said, levels in by_words.items()
    ]
    rates = [now[r.level] for r in f.rows if r.level in now]
    if not rates:
        return and_list(then)
    return f"{and_list(then)}; now {how_often_between(min(rates), max(rates))}"


def _rates_of_line(report: BalanceReport, line: str) -> dict[str, float]:
    t = report.table
    rows = t[(t["target"] == "completion") & (t["line"] == line)]
    return dict(zip(rows["level"], rows["measured"], strict=True))


def tuned_summary(result: Any) -> str:
    """What "Balance for me" found (a :class:`~vvlab.design.TuneResult`), as one
    paragraph: how many lines it changes and the verdict with them (or without, when
    nothing helped), and whether the search was cut short.

    >>> import pandas as pd
    >>> from types import SimpleNamespace
    >>> from vvlab.design.report import BalanceReport
    >>> ok = {"level": "expert", "target": "game-length", "line": "", "measured": 24.0,
    ...       "bound": "20..28 turns", "passed": True, "margin": 0.5}
    >>> after = BalanceReport(pd.DataFrame([ok]), "b", ["expert"], 300, 0, "voll-verplant",
    ...                       names={"": "Berlin"})
    >>> found = SimpleNamespace(changes=pd.DataFrame({"changed": [True, False]}),
    ...                         before=None, after=after, stopped="cancelled")
    >>> print(tuned_summary(found))  # doctest: +NORMALIZE_WHITESPACE
    You cancelled the search: here is the best found so far. With this change, Berlin
    passes every balance target for strong players (300 games each).
    """
    changed = int(result.changes["changed"].sum())
    if changed == 0:
        verdict = result.before.summary()
        if not result.before.passed:
            verdict = "No other boxes or bonuses do better. " + verdict
    else:
        lead = "this change" if changed == 1 else f"these {changed} changes"
        verdict = f"With {lead}, {result.after.summary()}"
    cut = {"cancelled": "You cancelled the search: here is the best found so far. ",
           "budget_s": "The search ran out of time: here is the best found so far. "}  # fmt: skip
    return cut.get(result.stopped, "") + verdict


ROUTE_TEXT = {
    ("earlier", "end"): "{line} ends one station earlier, at {station} ({old} is left off)",
    ("earlier", "start"): "{line} starts one station later, at {station} ({old} is left off)",
    ("later", "end"): "{line} ends one station later, at {station} (on from {near})",
    ("later", "start"): "{line} starts one station earlier, at {station} (before {near})",
    ("off", ""): "{line} no longer stops at {station} (it runs from {near} straight to {next})",
    ("move", "end"): "{line} ends at {station} instead of {old}",
    ("move", "start"): "{line} starts at {station} instead of {old}",
}
"""What a route edit changes, by its kind and end (:class:`~vvlab.design.tune_routes.RouteEdit`)."""


def route_text(edit: RouteEdit, city: CityMap) -> str:
    """What a route edit changes, with the names of the line and stations of ``city``.

    >>> import vvlab
    >>> from vvlab.design.tune_routes import RouteEdit
    >>> city = vvlab.load_map("tutorial")
    >>> route_text(RouteEdit("D", "later", "end", "central", ("lake", "park"),
    ...                      ("lake", "park", "central")), city)
    'Green ends one station later, at Central (on from Park)'
    >>> route_text(RouteEdit("B", "off", "", "central", city.line("B").stations,
    ...                      ("north", "university", "park", "south")), city)
    'Blue no longer stops at Central (it runs from University straight to Park)'
    """

    def name(sid: str) -> str:
        return city.stations[sid].name if sid in city.stations else sid

    route = edit.after if edit.kind == "later" else edit.before
    k = route.index(edit.station)
    near = route[k - 1] if edit.end != "start" else route[k + 1]
    after = route[min(k + 1, len(route) - 1)]
    return ROUTE_TEXT[(edit.kind, edit.end)].format(
        line=city.line(edit.line).name, station=name(edit.station), old=name(edit.old),
        near=name(near), next=name(after),
    )  # fmt: skip


def route_words(edit: RouteEdit, before: BalanceReport, after: BalanceReport) -> str:
    """Why a route edit helps, measured on the same deals: how often players completed
    the line before and with it (when the line missed its completion target), the
    city-wide targets it brings within their bounds, and how many targets are missed
    before and with it.

    >>> import pandas as pd
    >>> from vvlab.design.report import BalanceReport
    >>> from vvlab.design.tune_routes import RouteEdit
    >>> def report(rate):
    ...     row = {"level": "greedy", "target": "completion", "line": "S", "measured": rate,
    ...            "bound": "10%..95%", "passed": rate <= 0.95, "margin": 0.95 - rate}
    ...     return BalanceReport(pd.DataFrame([row]), "t", ["greedy"], 300, 0, "voll-verplant")
    >>> edit = RouteEdit("S", "later", "end", "m4", ("p0", "m5"), ("p0", "m5", "m4"))
    >>> route_words(edit, report(0.99), report(0.76))
    'new players completed it almost every game (99%); now in 76% of games; 1 balance \
target missed before, none with this change'
    """
    own = [f for f in failing(before) if f.line == edit.line and f.target == "completion"]
    parts = [_completed_then_and_now(own[0], _rates_of_line(after, edit.line))] if own else []
    now_failing = {(f.target, f.line) for f in failing(after)}
    parts += [
        CITY_REASONS[f.target][1].replace("so that", "now")
        for f in failing(before)
        if not f.line and f.target in CITY_REASONS and (f.target, "") not in now_failing
    ]
    missed = [len({(r.target, r.line) for r in b.failures().itertuples()}) for b in (before, after)]
    counts = [f"{n} balance target{'s' if n != 1 else ''}" if n else "none" for n in missed]
    parts.append(f"{counts[0]} missed before, {counts[1]} with this change")
    return "; ".join(parts)
