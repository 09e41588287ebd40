"""Luck versus skill: shared deals, the variance decomposition, the hindsight gap."""

from __future__ import annotations

import pandas as pd
import pytest

import vvlab
from vvlab.analysis import deal_cards, hindsight_gap, luck_vs_skill, same_deals
from vvlab.sim import replay_game


def test_solo_runs_of_different_bots_share_the_card_orders():
    orders = deal_cards("tutorial", 260, seed=8)  # two seed blocks
    for game in (0, 5, 257):
        a = replay_game("tutorial", game, bots="random", seed=8)
        b = replay_game("tutorial", game, bots="greedy", seed=8)
        cards = tuple(t.card for t in a.history)
        assert cards == tuple(t.card for t in b.history) == orders[game]


def test_deals_do_not_depend_on_the_number_of_games():
    assert deal_cards("tutorial", 3, seed=4) == deal_cards("tutorial", 300, seed=4)[:3]


def table(rows: list[tuple[int, str, float]], seed: int = 0) -> pd.DataFrame:
    return pd.DataFrame(
        [{"seed": seed, "game": g, "player": 0, "bot": b, "score": s} for g, b, s in rows]
    )


def test_pure_luck_and_pure_skill():
    luck = table([(0, "a", 10), (0, "b", 10), (1, "a", 20), (1, "b", 20)])
    assert luck_vs_skill(luck)["share"].tolist() == [1.0, 0.0, 0.0, 1.0]
    skill = table([(0, "a", 10), (0, "b", 14), (1, "a", 10), (1, "b", 14)])
    assert luck_vs_skill(skill)["share"].tolist() == [0.0, 1.0, 0.0, 1.0]


def test_known_decomposition_with_interaction():
    # deals x bots: [[10, 12], [14, 20]]; grand mean 14
    out = luck_vs_skill(table([(0, "a", 10), (0, "b", 12), (1, "a", 14), (1, "b", 20)]))
    assert out.loc["deal", "ss"] == pytest.approx(2 * (9 + 9))
    assert out.loc["bot", "ss"] == pytest.approx(2 * (4 + 4))
    assert out.loc["total", "ss"] == pytest.approx(16 + 4 + 0 + 36)
    assert out.loc["residual", "ss"] == pytest.approx(56 - 36 - 16)
    assert out.loc[["deal", "bot", "residual"], "share"].sum() == pytest.approx(1)
    assert out["df"].tolist() == [1, 1, 1, 3]
    assert out.attrs["seeds"] == [0] and out.attrs["bots"] == ["a", "b"]


def test_unbalanced_or_multiplayer_input_is_refused():
    with pytest.raises(ValueError, match="every bot must play every deal"):
        luck_vs_skill(table([(0, "a", 10), (0, "b", 12), (1, "a", 14)]))
    two = table([(0, "a", 1), (0, "b", 2)]).assign(player=[0, 1])
    with pytest.raises(ValueError, match="solo"):
        luck_vs_skill(two)
    with pytest.raises(ValueError, match="at least 2 deals"):
        luck_vs_skill(table([(0, "a", 1), (0, "b", 2)]))


def test_a_real_run_splits_the_variance():
    runs = same_deals("tutorial", ["random", "greedy"], games=120, seed=5)
    assert [r.seed for r in runs] == [5, 5]
    out = luck_vs_skill(runs)
    assert out.attrs["deals"] == 120
    parts = out.loc[["deal", "bot", "residual"], "share"]
    assert parts.sum() == pytest.approx(1)
    assert (parts > 0).all()
    assert out.loc["total", "ss"] == pytest.approx(
        pd.concat([r.games for r in runs])["score"].var(ddof=0) * 240
    )


def test_hindsight_gap_on_the_tutorial_map():
    gap = hindsight_gap(["tutorial"], ["random", "greedy"], games=8, seed=2)
    assert gap.index.tolist() == [("tutorial", "random"), ("tutorial", "greedy")]
    assert (gap["gap"] >= 0).all() and (gap["exact"] == 1).all()
    assert gap["hindsight_mean"].nunique() == 1  # same deals for both bots
    assert gap.index[gap["strongest"]].tolist() == [gap["bot_mean"].idxmax()]
    res = vvlab.simulate("tutorial", 1, ["greedy"], 8, 2, workers=1, progress=False)
    assert gap.loc[("tutorial", "greedy"), "bot_mean"] == res.games["score"].mean()
    row = gap.loc[("tutorial", "greedy")]
    assert row["gap"] == pytest.approx(row["hindsight_mean"] - row["bot_mean"])
