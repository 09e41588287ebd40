"""Analysis of simulation results: pandas in, pandas out (never plotly or widgets).

>>> import vvlab.analysis
>>> sorted(vvlab.analysis.__all__)  # doctest: +NORMALIZE_WHITESPACE
['HindsightBound', 'LABEL_GROUPINGS', 'LADDER', 'OUTCOMES', 'RESTRICTIONS', 'Results',
 'SUMMARY_GROUPINGS', 'WhatIf', 'Z95', 'apply_change', 'as_results', 'bonus_outcomes',
 'bonus_race_table', 'breakdown_table', 'check_by', 'check_keys', 'compare', 'deal_cards',
 'games_table', 'group_order', 'hindsight_bound', 'hindsight_gap', 'hindsight_scores',
 'line_completion_table', 'line_table', 'luck_vs_skill', 'players_label',
 'restricted_play', 'run_labels', 'same_deals', 'score_stats', 'skill_ladder',
 'station_table', 'summary', 'what_if']
"""

from vvlab.analysis.hindsight import HindsightBound, hindsight_bound
from vvlab.analysis.ladder import LADDER, skill_ladder
from vvlab.analysis.luck import (
    deal_cards,
    hindsight_gap,
    hindsight_scores,
    luck_vs_skill,
    same_deals,
)
from vvlab.analysis.restricted import RESTRICTIONS, restricted_play
from vvlab.analysis.results import (
    LABEL_GROUPINGS,
    OUTCOMES,
    SUMMARY_GROUPINGS,
    Results,
    as_results,
    bonus_outcomes,
    bonus_race_table,
    breakdown_table,
    check_by,
    check_keys,
    games_table,
    group_order,
    line_completion_table,
    players_label,
    run_labels,
    score_stats,
)
from vvlab.analysis.tables import compare, line_table, station_table, summary
from vvlab.analysis.what_if import WhatIf, apply_change, what_if
from vvlab.sim.stats import Z95

__all__ = [
    "LABEL_GROUPINGS",
    "LADDER",
    "OUTCOMES",
    "RESTRICTIONS",
    "SUMMARY_GROUPINGS",
    "Z95",
    "HindsightBound",
    "Results",
    "WhatIf",
    "apply_change",
    "as_results",
    "bonus_outcomes",
    "bonus_race_table",
    "breakdown_table",
    "check_by",
    "check_keys",
    "compare",
    "deal_cards",
    "games_table",
    "group_order",
    "hindsight_bound",
    "hindsight_gap",
    "hindsight_scores",
    "line_completion_table",
    "line_table",
    "luck_vs_skill",
    "players_label",
    "restricted_play",
    "run_labels",
    "same_deals",
    "score_stats",
    "skill_ladder",
    "station_table",
    "summary",
    "what_if",
]
