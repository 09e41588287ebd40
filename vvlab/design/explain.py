"""Why a target still fails after tuning, and which route edit would help:
:func:`explain`. Boxes and bonuses have limits (1-6 boxes, the bonus range); what they
cannot reach needs the network itself changed, which tuning never does.
"""

from __future__ import annotations

from typing import Any

from vvlab.design.report import BalanceReport, measured_text
from vvlab.design.setting import MAX_BOXES, MIN_BOXES
from vvlab.model import CityMap


def _line_note(city: CityMap, row: Any, vary: tuple[str, ...]) -> str:
    line = next(ln for ln in city.lines if ln.id == row.line)
    rate = measured_text("completion", row.measured)
    n = len(line.stations)
    where = f"line {line.id} ({n} stations) is completed in {rate} of {row.level} games"
    if row.margin < 0 and row.measured > float(row.bound.split("..")[1].rstrip("%")) / 100:
        limit = f" even with {line.indicators} box" if line.indicators == MIN_BOXES else ""
        fix = "lengthen its route (more stations) or end it where it meets fewer lines"
        if "indicators" not in vary:
            fix = "allow tuning its boxes (vary='indicators'), or " + fix
        return f"{where}{limit}, above {row.bound}: {fix}"
    limit = f" even with {line.indicators} boxes" if line.indicators == MAX_BOXES else ""
    fix = "shorten its route, or split it into two lines"
    return f"{where}{limit}, below {row.bound}: {fix}"


CITY_NOTES = {
    "harder-pays-more": "first bonuses do not follow difficulty ({m}, wanted {b}): when lines "
    "are about equally hard no bonus order shows it; make line lengths differ more",
    "star-share": "star points are {m} of the score (wanted {b}): change how many stations "
    "lines share (more transfers: more star points)",
    "game-length": "a game lasts {m} turns (wanted {b}): the lines' 1-6 boxes cannot make "
    "the total fit; add or remove a line",
    "skill-gap": "good play gains only {m} points over random play (wanted {b}): give "
    "players more choice (more transfers, lines of different lengths)",
}


def explain(city: CityMap, report: BalanceReport, vary: tuple[str, ...]) -> list[str]:
    """One sentence per failing target of ``report``: what fails, and the route edit
    that would help (never made here).

    >>> import vvlab
    >>> from vvlab.design import check_balance
    >>> city = vvlab.load_map("tutorial")
    >>> notes = explain(city, check_balance(city, bots=["greedy"], games=200, progress=False),
    ...                 ("indicators", "bonus"))
    >>> any(n.startswith("greedy: a game lasts") for n in notes)
    True
    """
    notes = []
    for row in report.failures().itertuples(index=False):
        if row.target == "completion":
            notes.append(f"{row.level}: {_line_note(city, row, vary)}")
        elif row.target in CITY_NOTES:
            m = measured_text(row.target, row.measured)
            notes.append(f"{row.level}: " + CITY_NOTES[row.target].format(m=m, b=row.bound))
        else:
            notes.append(f"line {row.line}: {row.target} {row.measured:g} is outside {row.bound}")
    return notes
