"""Restricted play: what a strategy restriction costs a strong player, on the same deals.

After Jaffe et al., "Evaluating competitive game balance with restricted play" (AIIDE
2012): a mechanic matters as much as a strong player loses by being kept from it. If
the expert loses almost nothing when it may never write a star in a transfer station,
the star mechanic does not matter on this map; if it loses a lot, it does. Each
restriction (:data:`RESTRICTIONS`) is a parameter of the ``expert`` bot
(``expert:restrict=no-race``), played compiled like the expert; a restricted bot that
has no legal move satisfying its restriction plays its best unrestricted move.

The restricted and the unrestricted bot play the same solo deals (same seed), so the
cost is measured game by game, and its confidence interval is that of a paired mean:
much narrower than the difference of two independent means, since most of a score's
spread is the deal's.

Pitfall: a cost near zero says the restriction rarely binds *for this bot*, not that
no player would miss the mechanic; the ``changed`` column says how often it bound at
all (the share of deals whose score it changed).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.bots.base import parse_spec
from vvlab.compiled.spec import RESTRICTIONS
from vvlab.engine.game import MAX_PLAYERS
from vvlab.model import load_map
from vvlab.sim.stats import ci95

__all__ = ["RESTRICTIONS", "restricted_bot", "restricted_play"]

COLUMNS = ["games", "unrestricted", "restricted", "cost", "ci95", "cost_share", "changed"]


def restricted_play(
    city: Any,
    restrictions: str | Sequence[str] = tuple(RESTRICTIONS),
    *,
    bot: str = "expert",
    games: int = 300,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    players: int = 1,
    progress: bool = False,
) -> pd.DataFrame:
    """The cost of each restriction to ``bot`` on ``city``: its mean solo score
    unrestricted minus restricted, on the same ``games`` deals; or, with ``players``
    of 2 or more, in head-to-head games: the restricted bot in the first seat against
    the unrestricted bot in the others, the cost being the unrestricted seats' mean
    score minus the restricted seat's in the same game (a race for first bonuses only
    exists with rivals: ``no-race`` means something only there).

    Parameters
    ----------
    city
        A built-in map name, a path, a map dict or a ``CityMap``.
    restrictions
        One of :data:`RESTRICTIONS` or a list of them (by default all).
    bot
        The bot restricted, a spec that takes a ``restrict`` parameter (``"expert"``,
        or with parameters: ``"expert:weights=my.json"``).
    games, seed, ruleset
        The deals (at least 2), the same for every run.
    players
        1 (solo, the default) or 2-6 (head to head, see above).
    progress
        Show each simulation's progress bar.

    Returns
    -------
    pandas.DataFrame
        Indexed by ``restriction``: ``games``, ``unrestricted`` and ``restricted``
        (mean scores), ``cost`` (their difference), ``ci95`` (half-width of its 95%
        interval, paired by deal), ``cost_share`` (the cost over the unrestricted mean)
        and ``changed`` (the share of deals whose score the restriction changed; head
        to head: where the restricted seat's score differs from the others' mean),
        and head to head ``wins`` (the share of games the restricted seat scored at
        least as much as every other seat); ``attrs`` holds ``city``, ``bot``,
        ``seed``, ``ruleset`` and ``players``.

    Examples
    --------
    >>> table = restricted_play("tutorial", ["no-transfer-stars", "no-race"], games=50,
    ...                         seed=3)
    >>> table.index.tolist(), list(table.columns[:4])
    (['no-transfer-stars', 'no-race'], ['games', 'unrestricted', 'restricted', 'cost'])
    >>> bool(np.allclose(table["cost"], table["unrestricted"] - table["restricted"]))
    True
    >>> table.attrs["seed"], table.attrs["bot"]
    (3, 'expert')
    >>> duel = restricted_play("tutorial", "no-race", games=50, seed=3, players=2)
    >>> duel.columns.tolist()[-1], duel.attrs["players"]
    ('wins', 2)
    >>> restricted_play("tutorial", "no-stars")
    Traceback (most recent call last):
    ...
    ValueError: unknown restriction 'no-stars'; restrictions: no-transfer-stars, ...

    See Also
    --------
    vvlab.analysis.skill_ladder : how strong each bot is on the same deals.
    """
    from vvlab.sim.run import simulate

    names = list(dict.fromkeys([restrictions] if isinstance(restrictions, str) else restrictions))
    unknown = [r for r in names if r not in RESTRICTIONS]
    if unknown or not names:
        raise ValueError(
            f"unknown restriction {', '.join(map(repr, unknown)) or '(none given)'}; "
            f"restrictions: {', '.join(RESTRICTIONS)}"
        )
    if "restrict" in parse_spec(bot)[1]:
        raise ValueError(f"bot {bot!r} is restricted already: give the unrestricted bot")
    if games < 2:
        raise ValueError(f"restricted_play needs at least 2 games for an interval, got {games}")
    if not 1 <= players <= MAX_PLAYERS:
        raise ValueError(f"players must be from 1 to {MAX_PLAYERS}, got {players!r}")
    city = load_map(city)

    def seats(first: str) -> pd.DataFrame:
        bots = [first] + [bot] * (players - 1)
        run = simulate(city, players, bots, games, seed, ruleset, workers=1, progress=progress)
        return run.games.pivot(index="game", columns="player", values="score").astype(float)

    if players == 1:
        free = seats(bot)[0].to_numpy()
        rows = [_row(name, free, seats(restricted_bot(bot, name))[0].to_numpy()) for name in names]
    else:
        rows = [_duel(name, seats(restricted_bot(bot, name))) for name in names]
    table = pd.DataFrame(rows).set_index("restriction")
    table.attrs.update(city=city.id, bot=bot, seed=seed,
                       ruleset=str(getattr(ruleset, "name", ruleset)), players=players)  # fmt: skip
    return table[COLUMNS + (["wins"] if players > 1 else [])]


def restricted_bot(bot: str, restriction: str) -> str:
    """The spec of ``bot`` with a restriction added to its parameters.

    >>> restricted_bot("expert", "no-race"), restricted_bot("expert:weights=w.json", "no-race")
    ('expert:restrict=no-race', 'expert:weights=w.json,restrict=no-race')
    """
    return f"{bot}{',' if ':' in bot else ':'}restrict={restriction}"


def _row(name: str, free: np.ndarray, kept: np.ndarray) -> dict[str, Any]:
    cost = free - kept
    return {
        "restriction": name,
        "games": len(cost),
        "unrestricted": float(free.mean()),
        "restricted": float(kept.mean()),
        "cost": float(cost.mean()),
        "ci95": float(ci95(cost.std(ddof=1), len(cost))),
        "cost_share": float(cost.mean() / free.mean()) if free.mean() else np.nan,
        "changed": float((cost != 0).mean()),
    }


def _duel(name: str, scores: pd.DataFrame) -> dict[str, Any]:
    """A head-to-head row: seat 0 restricted, the other seats not (one game a row)."""
    kept, others = scores[0].to_numpy(), scores.drop(columns=0)
    row = _row(name, others.mean(axis=1).to_numpy(), kept)
    row["wins"] = float((kept >= others.max(axis=1).to_numpy()).mean())
    return row
