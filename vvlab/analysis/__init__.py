"""Analysis of simulation results: pandas in, pandas out.

>>> import vvlab.analysis
>>> sorted(vvlab.analysis.__all__)  # doctest: +NORMALIZE_WHITESPACE
['HindsightBound', 'WhatIf', 'apply_change', 'compare', 'deal_cards', 'hindsight_bound',
 'hindsight_gap', 'hindsight_scores', 'line_table', 'luck_vs_skill', 'same_deals',
 'station_table', 'summary', 'what_if']
"""

from vvlab.analysis.hindsight import HindsightBound, hindsight_bound
from vvlab.analysis.luck import (
    deal_cards,
    hindsight_gap,
    hindsight_scores,
    luck_vs_skill,
    same_deals,
)
from vvlab.analysis.tables import compare, line_table, station_table, summary
from vvlab.analysis.what_if import WhatIf, apply_change, what_if

__all__ = [
    "HindsightBound",
    "WhatIf",
    "apply_change",
    "compare",
    "deal_cards",
    "hindsight_bound",
    "hindsight_gap",
    "hindsight_scores",
    "line_table",
    "luck_vs_skill",
    "same_deals",
    "station_table",
    "summary",
    "what_if",
]
