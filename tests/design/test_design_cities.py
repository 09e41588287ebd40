"""The four built-in cities meet every default balance target at both default levels
(``greedy`` and ``lookahead:depth=1``), judged on deals other than those they were tuned
on (seed 7) and those of ``maps/README.md`` (seed 2026).

The smallest margins there (3,000 games, seed 11): Amsterdam's M52 completed in 92% of
look-ahead games (margin 0.04, about six standard errors below 95%), Paris's Spearman
-0.62 at ``greedy`` (0.06), and the game length of the 26-box cities, 27.87 turns
(0.02): a game's length depends only on the deal and the total of boxes (standard
deviation 0.9 turns), so its mean over 3,000 games is about eight standard errors
below 28.
"""

from __future__ import annotations

import pytest

from vvlab.design import check_balance

CITIES = ["amsterdam", "berlin", "paris", "madrid"]
GAMES, SEED = 3000, 11


@pytest.mark.parametrize("city", CITIES)
def test_every_default_target_passes_at_both_levels(city: str) -> None:
    report = check_balance(city, games=GAMES, seed=SEED, progress=False, workers=1)
    assert report.levels == ["greedy", "lookahead:depth=1"]
    assert report.passed, report.failures().to_string()
