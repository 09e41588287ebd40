"""Why a target still fails after tuning, and which route edit would help:
:func:`explain`. Boxes and bonuses have limits (1-6 boxes, the bonus range); what they
cannot reach needs the network itself changed, which tuning never does. Each target's
sentence is its registry entry's ``advice`` (:mod:`vvlab.design.builtin_targets`).
"""

from __future__ import annotations

from vvlab.design.report import BalanceReport
from vvlab.design.target_registry import find, outside
from vvlab.model import CityMap


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
        target = find(row.target)
        if target is None:  # a report made while another target was registered
            notes.append(outside(row, city, None, vary))
        else:
            notes.append(target.advice(row, city, target.bound_in(report.targets), vary))
    return notes
