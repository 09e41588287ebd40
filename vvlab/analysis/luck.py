"""Luck versus skill: how much of the score the card order decides, and how far the
bots are from the best play in hindsight.

:func:`vvlab.simulate` deals game ``g`` of a run with seed ``s`` from the first child
of ``SeedSequence(s, spawn_key=(g // 256,))``, whatever the bots and the number of
players (see :mod:`vvlab.sim.deal`): solo runs of different bots with the same seed
play the same card orders. :func:`same_deals` makes such runs, :func:`deal_cards`
rebuilds their card orders.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.analysis.hindsight import hindsight_bound
from vvlab.engine import Card, get_ruleset
from vvlab.model import load_map
from vvlab.sim.deal import BLOCK_SIZE, block_seeds, deal_block

SOURCES = ("deal", "bot", "residual", "total")


def deal_cards(
    city: Any, games: int, seed: int = 0, ruleset: Any = "voll-verplant"
) -> list[tuple[Card, ...]]:
    """The card orders of games ``0 .. games - 1`` of a :func:`vvlab.simulate` run.

    Examples
    --------
    >>> import vvlab
    >>> from vvlab.sim import replay_game
    >>> orders = deal_cards("tutorial", 3, seed=5)
    >>> played = replay_game("tutorial", 2, bots="greedy", seed=5)
    >>> orders[2] == tuple(t.card for t in played.history)
    True
    """
    city, rules = load_map(city), get_ruleset(ruleset)
    out: list[tuple[Card, ...]] = []
    for block in range(-(-games // BLOCK_SIZE)):
        n = min(BLOCK_SIZE, games - block * BLOCK_SIZE)
        cards_rng, _ = block_seeds(seed, block, 1)
        orders = deal_block(seed, block, n, rules, city.total_indicators, cards_rng)
        out += [tuple(rules.deck[i] for i in order) for order in orders]
    return out


def same_deals(
    city: Any,
    bots: Sequence[Any],
    games: int = 200,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    *,
    workers: int | None = 1,
    progress: bool = False,
) -> list[Any]:
    """One solo :func:`vvlab.simulate` run per bot, all with the same seed and so the
    same card orders: the input of :func:`luck_vs_skill`."""
    from vvlab.sim.run import simulate

    return [
        simulate(city, 1, [b], games, seed, ruleset, workers=workers, progress=progress)
        for b in bots
    ]


def _solo_games(results: Any) -> pd.DataFrame:
    if isinstance(results, pd.DataFrame):
        frame = results
    else:
        runs = [results] if hasattr(results, "games") else list(results)
        frame = pd.concat([r.games for r in runs], ignore_index=True)
    if "player" in frame and (frame["player"] != 0).any():
        raise ValueError("luck_vs_skill needs solo games (players=1): bots must not interact")
    return frame.assign(bot=frame["bot"].astype(str))


def luck_vs_skill(results: Any) -> pd.DataFrame:
    """Share of the score variance explained by the card order and by the bot.

    A two-way analysis of variance without replication over a table of solo scores,
    one per (deal, bot): every bot must play every deal once. A deal is a (``seed``,
    ``game``) pair, so runs with the same seed share deals (see :func:`same_deals`).

    Parameters
    ----------
    results : SimulationResult, list of them, or a ``games`` DataFrame
        Solo runs (stacked); columns ``seed``, ``game``, ``bot``, ``score``.

    Returns
    -------
    pandas.DataFrame
        Indexed by source ``deal`` (luck: the card order), ``bot`` (skill: the
        strategy), ``residual`` (how a bot's edge varies from deal to deal, and the
        bots' own randomness) and ``total``: ``ss`` (sum of squares), ``df``, ``ms``
        (ss / df) and ``share`` (ss / total ss; the first three add up to 1). The
        seeds, deals and bots are in ``.attrs``.

    Examples
    --------
    >>> scores = pd.DataFrame({"seed": 0, "game": [0, 1, 0, 1], "bot": list("aabb"),
    ...                        "score": [10, 14, 12, 16]})
    >>> luck_vs_skill(scores)["share"].round(3).tolist()
    [0.8, 0.2, 0.0, 1.0]
    """
    frame = _solo_games(results)
    table = frame.pivot_table(index=["seed", "game"], columns="bot", values="score", aggfunc="size")
    if table.isna().any().any() or (table != 1).any().any():
        raise ValueError("every bot must play every deal (seed, game) exactly once")
    x = frame.pivot_table(index=["seed", "game"], columns="bot", values="score").to_numpy(float)
    deals, bots = x.shape
    if deals < 2 or bots < 2:
        raise ValueError(f"need at least 2 deals and 2 bots, got {deals} and {bots}")
    grand = x.mean()
    ss = {
        "deal": bots * float(((x.mean(axis=1) - grand) ** 2).sum()),
        "bot": deals * float(((x.mean(axis=0) - grand) ** 2).sum()),
        "total": float(((x - grand) ** 2).sum()),
    }
    ss["residual"] = max(0.0, ss["total"] - ss["deal"] - ss["bot"])
    df = {"deal": deals - 1, "bot": bots - 1, "residual": (deals - 1) * (bots - 1)}
    df["total"] = deals * bots - 1
    out = pd.DataFrame({"ss": [ss[s] for s in SOURCES], "df": [df[s] for s in SOURCES]})
    out.index = pd.Index(SOURCES, name="source")
    out["ms"] = out["ss"] / out["df"].where(out["df"] > 0)
    out["share"] = out["ss"] / ss["total"] if ss["total"] > 0 else np.nan
    out.attrs.update(
        seeds=sorted(int(s) for s in frame["seed"].unique()),
        deals=deals,
        bots=list(table.columns),
    )
    return out


def hindsight_scores(
    city: Any,
    games: int,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    *,
    beam: int = 256,
    exact_limit: int = 2_000_000,
) -> pd.DataFrame:
    """:func:`hindsight_bound` of games ``0 .. games - 1`` of a run with ``seed``.

    Returns a frame with ``game``, ``seed``, ``hindsight`` (the bound), ``exact``,
    ``bonus``, ``stars``, ``penalty`` and ``empty``.
    """
    city = load_map(city)
    rows = []
    for g, cards in enumerate(deal_cards(city, games, seed, ruleset)):
        best = hindsight_bound(city, cards, ruleset, beam=beam, exact_limit=exact_limit)
        b = best.breakdown
        rows.append((g, seed, best.score, best.exact, b.bonus, b.stars, b.penalty, b.empty))
    columns = ["game", "seed", "hindsight", "exact", "bonus", "stars", "penalty", "empty"]
    return pd.DataFrame(rows, columns=columns)


def hindsight_gap(
    cities: Any,
    bots: Any = ("greedy",),
    games: int = 20,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    *,
    beam: int = 256,
    exact_limit: int = 2_000_000,
    workers: int | None = 1,
    progress: bool = False,
) -> pd.DataFrame:
    """Per city and bot: the bot's mean solo score against the mean hindsight bound on
    the same deals (games ``0 .. games - 1`` of ``seed``).

    Parameters
    ----------
    cities
        A city (name, path, dict, ``CityMap``) or a list of them.
    bots
        A bot spec or a list of them; each plays the same deals solo.

    Returns
    -------
    pandas.DataFrame
        Indexed by (``city``, ``bot``): ``games``, ``seed``, ``bot_mean``,
        ``hindsight_mean``, ``gap`` (hindsight minus bot, mean over games), ``share``
        (bot mean / hindsight mean), ``exact`` (share of games solved exactly; where it
        is below 1 the hindsight figures are lower bounds and the gap is too) and
        ``strongest`` (the bot with the best mean in its city).

    Examples
    --------
    >>> gap = hindsight_gap("tutorial", ["random", "greedy"], games=4, seed=3)
    >>> gap.index.tolist()
    [('tutorial', 'random'), ('tutorial', 'greedy')]
    >>> bool((gap["gap"] >= 0).all()), gap["exact"].tolist()
    (True, [1.0, 1.0])
    """
    cities = [cities] if isinstance(cities, (str, dict)) or hasattr(cities, "lines") else cities
    bots = [bots] if isinstance(bots, str) else list(bots)
    parts = []
    for source in cities:
        city = load_map(source)
        best = hindsight_scores(city, games, seed, ruleset, beam=beam, exact_limit=exact_limit)
        for run in same_deals(city, bots, games, seed, ruleset, workers=workers, progress=progress):
            scores = run.games.sort_values("game")["score"].to_numpy(float)
            bound = best["hindsight"].to_numpy(float)
            parts.append(
                {
                    "city": city.id,
                    "bot": run.bots[0],
                    "games": games,
                    "seed": seed,
                    "bot_mean": scores.mean(),
                    "hindsight_mean": bound.mean(),
                    "gap": float((bound - scores).mean()),
                    "share": scores.mean() / bound.mean() if bound.mean() else np.nan,
                    "exact": float(best["exact"].mean()),
                }
            )
    out = pd.DataFrame(parts).set_index(["city", "bot"])
    out["strongest"] = out["bot_mean"] == out.groupby(level="city")["bot_mean"].transform("max")
    return out
