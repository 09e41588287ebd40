"""The four built-in cities meet every default balance target at the three default
levels (``greedy``, ``lookahead:depth=1`` and ``expert``), judged on deals other than
those they were tuned on and those of ``maps/README.md`` (seed 2026), except the known
failures below, which no choice of boxes and bonuses removed (``maps/README.md`` says
why): any other failing target fails the test; a city with known failures is an
expected failure (xfail) while one of them still fails.
"""

from __future__ import annotations

import pytest

from vvlab.design import check_balance

CITIES = ["amsterdam", "berlin", "paris", "madrid"]
GAMES, SEED = 3000, 11
KNOWN_FAILURES = {
    "amsterdam": {
        ("expert", "completion", "M54"),
        ("expert", "completion", "T5"),
        ("expert", "harder-pays-more", ""),
    },
    "berlin": {
        ("expert", "completion", "U1"),
        ("expert", "completion", "U2"),
        ("expert", "completion", "U3"),
        ("expert", "completion", "U5"),
        ("expert", "completion", "U6"),
        ("expert", "completion", "U8"),
        ("expert", "completion", "U9"),
        ("expert", "harder-pays-more", ""),
    },
    "paris": {("expert", "completion", "2"), ("expert", "harder-pays-more", "")},
    "madrid": {("expert", "harder-pays-more", "")},
}
"""(level, target, line) that fail at the expert level. Amsterdam and Berlin: with the
boxes and bonuses tuned for greedy and lookahead:depth=1: the re-tunes found at three
levels broke the easier cities' place (they scored below Paris and Madrid), so these two
keep their numbers until a route change (``maps/README.md``). Berlin's U5, U6 and U8,
and the bonus order of Paris and Madrid: since the expert's ``shared`` weight (issue
18), which completes lines of few boxes more often; Amsterdam's T5, Berlin's U2 and
Paris's line 2: since its ``own_runs`` and ``chain`` weights, the same way. The maps
await a re-tune at the expert level."""


@pytest.mark.parametrize("city", CITIES)
def test_every_default_target_passes_at_every_level(city: str) -> None:
    report = check_balance(city, games=GAMES, seed=SEED, progress=False, workers=1)
    assert report.levels == ["greedy", "lookahead:depth=1", "expert"]
    failed = report.failures()
    found = set(zip(failed["level"], failed["target"], failed["line"], strict=True))
    known = KNOWN_FAILURES.get(city, set())
    assert found <= known, failed.to_string()
    if found:
        pytest.xfail(f"known failures: {sorted(found)}")
