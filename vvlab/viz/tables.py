"""The result tables, kept here under their old names: they live in
:mod:`vvlab.analysis.results` (pandas only; import them from :mod:`vvlab.analysis`).

``GROUPINGS`` is :data:`vvlab.analysis.LABEL_GROUPINGS`, what the figures group by.

>>> from vvlab.viz import tables
>>> import vvlab.analysis
>>> tables.games_table is vvlab.analysis.games_table, tables.GROUPINGS
(True, ('bot', 'players', 'city', 'ruleset'))
"""

from vvlab.analysis.results import (
    LABEL_GROUPINGS,
    OUTCOMES,
    Results,
    as_results,
    bonus_outcomes,
    bonus_race_table,
    breakdown_table,
    check_by,
    games_table,
    group_order,
    line_completion_table,
    players_label,
    run_labels,
    score_stats,
)
from vvlab.sim.stats import Z95

GROUPINGS = LABEL_GROUPINGS

__all__ = [
    "GROUPINGS",
    "OUTCOMES",
    "Z95",
    "Results",
    "as_results",
    "bonus_outcomes",
    "bonus_race_table",
    "breakdown_table",
    "check_by",
    "games_table",
    "group_order",
    "line_completion_table",
    "players_label",
    "run_labels",
    "score_stats",
]
