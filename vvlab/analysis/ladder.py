"""The skill ladder: how strong and how fast each bot is on one city.

Balance is only as good as the players simulated: a city balanced for a weak bot may
be broken for strong players. :func:`skill_ladder` plays the same solo deals with each
bot of a ladder, from random play to the strongest, and sets each against the
*hindsight bound* of the deals (:func:`~vvlab.analysis.hindsight_bound`: the best
score when the whole card order is known in advance), so that "how good is this bot"
has an absolute answer: the share of that bound it reaches. It also times each bot in
the compiled simulator, since a strong bot that is too slow for thousands of games is
no use to balance work.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.analysis.luck import hindsight_scores
from vvlab.model import load_map
from vvlab.sim.stats import ci95

__all__ = ["LADDER", "games_per_second", "skill_ladder"]

LADDER = ("random", "greedy", "lookahead:depth=1", "expert", "rollout:samples=16")
"""The default ladder, weakest first."""

COLUMNS = ["games", "mean", "std", "ci95", "bound_share", "games_per_s", "speed_vs_greedy"]


def skill_ladder(
    city: Any,
    bots: Sequence[str] = LADDER,
    games: int = 300,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    *,
    bound_games: int = 20,
    beam: int = 256,
    timing_s: float = 0.5,
    progress: bool = False,
) -> pd.DataFrame:
    """Each bot's solo strength on ``city``: all play the same ``games`` deals.

    Parameters
    ----------
    city
        A built-in map name, a path, a map dict or a ``CityMap``.
    bots
        Bot specs, weakest first by convention (the table keeps this order).
    games, seed, ruleset
        The solo games each bot plays (the same card orders for every bot).
    bound_games, beam
        The hindsight bound is searched on the first ``bound_games`` deals (a beam
        search of width ``beam`` where the exact search is too large: then the bound
        is a lower bound of the best score, and the shares are upper bounds).
    timing_s
        Each bot's speed is timed on at least this many seconds of play (see
        :func:`games_per_second`).
    progress
        Show each simulation's progress bar.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``bot``: ``games``, ``mean``, ``std`` and ``ci95`` of the solo
        score; ``bound_share`` (the bot's mean over the first ``bound_games`` deals
        divided by the mean hindsight bound of those deals); ``games_per_s`` (solo
        games per second on one core, compiled, after a warm-up game) and
        ``speed_vs_greedy`` (that speed over greedy's, when greedy is on the ladder).
        ``attrs`` holds ``city``, ``seed``, ``ruleset``, ``bound_games``, ``beam`` and
        ``bound_mean``.

    Examples
    --------
    >>> ladder = skill_ladder("tutorial", ["random", "greedy"], games=40, seed=3,
    ...                       bound_games=5)
    >>> ladder.index.tolist(), list(ladder.columns[:4])
    (['random', 'greedy'], ['games', 'mean', 'std', 'ci95'])
    >>> bool(ladder.loc["greedy", "mean"] > ladder.loc["random", "mean"])
    True
    >>> bool((ladder["bound_share"] <= 1).all()), ladder.attrs["seed"]
    (True, 3)
    """
    from vvlab.sim.run import simulate

    if not bots:
        raise ValueError("skill_ladder needs at least one bot")
    if not 1 <= bound_games <= games:
        raise ValueError(f"bound_games must be from 1 to games ({games}), got {bound_games}")
    city = load_map(city)
    bound = hindsight_scores(city, bound_games, seed, ruleset, beam=beam)
    bound_mean = float(bound["hindsight"].mean())
    rows = []
    for bot in bots:
        run = simulate(city, 1, [bot], games, seed, ruleset, workers=1, progress=progress)
        scores = run.games.sort_values("game")["score"].to_numpy(float)
        std = float(scores.std(ddof=1)) if games > 1 else np.nan
        rows.append(
            {
                "bot": run.bots[0],
                "games": games,
                "mean": float(scores.mean()),
                "std": std,
                "ci95": float(ci95(std, games)),
                "bound_share": float(scores[:bound_games].mean()) / bound_mean,
                "games_per_s": games_per_second(city, run.bots[0], seed, ruleset, timing_s),
            }
        )
    table = pd.DataFrame(rows).set_index("bot")
    greedy = table["games_per_s"].get("greedy")
    table["speed_vs_greedy"] = table["games_per_s"] / greedy if greedy else np.nan
    table.attrs.update(
        city=city.id, seed=seed, ruleset=str(getattr(ruleset, "name", ruleset)),
        bound_games=bound_games, beam=beam, bound_mean=bound_mean,
    )  # fmt: skip
    return table[COLUMNS]


def games_per_second(
    city: Any, bot: str, seed: int = 0, ruleset: Any = "voll-verplant", seconds: float = 0.5
) -> float:
    """Solo games per second of ``bot`` on one core in :func:`vvlab.simulate` (the
    compiled simulator where the bot has a kernel): after a warm-up game (which
    compiles the kernels), runs of 256, 512, ... games until one lasts ``seconds``,
    so that the fixed cost of a run (checks, tables) does not hide a fast bot's speed.

    >>> games_per_second("tutorial", "greedy", seconds=0.05) > 0
    True
    """
    from vvlab.sim.run import simulate

    simulate(city, 1, [bot], 1, seed, ruleset, workers=1, progress=False)
    games = 256
    while True:
        start = time.perf_counter()
        simulate(city, 1, [bot], games, seed, ruleset, workers=1, progress=False)
        elapsed = time.perf_counter() - start
        if elapsed >= seconds or games >= 1 << 22:
            return games / elapsed
        games *= 2 if elapsed > seconds / 8 else 8
