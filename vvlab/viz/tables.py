"""The numbers behind the result figures, as pandas frames (no plotly here).

Every function takes a :class:`~vvlab.sim.result.SimulationResult` or a list of them
(several runs to compare). Only ``games``, ``lines`` and ``metadata`` are read, so a
hand-built object with those attributes works too.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

if TYPE_CHECKING:
    from vvlab.sim.result import SimulationResult

    Results = SimulationResult | Sequence[SimulationResult]
else:
    Results = Any

GROUPINGS = ("bot", "players", "city", "ruleset")
Z95 = 1.959963984540054
OUTCOMES = ("first bonus won", "later bonus", "crossed out, not completed", "nobody completed")
"""What became of each first bonus on each seat's sheet (see :func:`bonus_race_table`)."""


def as_results(result: Results) -> list[Any]:
    """A list of results from one result or a sequence of them."""
    results = list(result) if isinstance(result, (list, tuple)) else [result]
    if not results:
        raise ValueError("no simulation result given")
    return results


def players_label(players: int) -> str:
    """``"1 player"``, ``"2 players"``.

    >>> players_label(1), players_label(3)
    ('1 player', '3 players')
    """
    return f"{players} player{'s' * (players != 1)}"


def run_labels(result: Any) -> dict[str, str]:
    """A run's ``players``, ``city`` and ``ruleset`` labels, from its metadata."""
    m = result.metadata
    return {
        "players": players_label(int(m["players"])),
        "city": str(m.get("map_id", "?")),
        "ruleset": str(m.get("ruleset", {}).get("name", "?")),
    }


def games_table(result: Results) -> pd.DataFrame:
    """The ``games`` frames of every run stacked, with the grouping columns as text:
    ``run`` (index in the list), ``bot``, ``players`` (``"2 players"``), ``city`` (map
    id) and ``ruleset`` (name).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = games_table([res, res])
    >>> len(table), table["run"].unique().tolist(), table["players"].iloc[0]
    (120, [0, 1], '2 players')
    """
    parts = []
    for run, res in enumerate(as_results(result)):
        part = res.games.assign(run=run, bot=res.games["bot"].astype(str), **run_labels(res))
        parts.append(part)
    return pd.concat(parts, ignore_index=True)


def check_by(by: str) -> str:
    """``by`` if it names a grouping (:data:`GROUPINGS`), else ``ValueError``."""
    if by not in GROUPINGS:
        raise ValueError(f"by must be one of {', '.join(GROUPINGS)}, got {by!r}")
    return by


def group_order(table: pd.DataFrame, by: str) -> list[str]:
    """The groups of ``by`` in figure order: player counts ascending, the rest as met.

    >>> frame = pd.DataFrame({"players": ["3 players", "1 player"], "bot": ["b", "a"]})
    >>> group_order(frame, "players"), group_order(frame, "bot")
    (['1 player', '3 players'], ['b', 'a'])
    """
    groups = list(dict.fromkeys(table[check_by(by)].astype(str)))
    if by == "players":
        groups.sort(key=lambda g: int(g.split()[0]))
    return groups


def score_stats(result: Results, by: str = "bot", measure: str = "score") -> pd.DataFrame:
    """Per group: ``games``, ``mean``, ``std`` and ``ci95`` (half-width of the normal
    95% interval of the mean) of a measure, groups in figure order.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> stats = score_stats(res)
    >>> stats.index.tolist(), stats["games"].tolist()
    (['greedy', 'random'], [30, 30])
    """
    table = games_table(result)
    stats = table.groupby(check_by(by), sort=False)[measure].agg(["count", "mean", "std"])
    stats = stats.rename(columns={"count": "games"}).reindex(group_order(table, by))
    stats["ci95"] = Z95 * stats["std"].fillna(0.0) / np.sqrt(stats["games"])
    return stats


def breakdown_table(result: Results, by: str = "bot") -> pd.DataFrame:
    """Per group, the mean ``bonus``, ``stars``, ``penalty`` (as a positive number of
    points lost) and ``score`` (= bonus + stars - penalty), groups in figure order."""
    table = games_table(result)
    means = table.groupby(check_by(by), sort=False)[["bonus", "stars", "penalty", "score"]].mean()
    return means.reindex(group_order(table, by))


def line_completion_table(result: SimulationResult) -> pd.DataFrame:
    """Per line and bot: ``rate`` (share of sheets completing the line), ``turn`` (mean
    turn of completion, over the sheets that completed it), ``sheets``, and the line's
    ``bonus_first`` and ``bonus_later``. Lines run from the most to the least often
    completed (over all seats), bots in seat order.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=1, bots=["greedy"], games=30, seed=1,
    ...                      workers=1, progress=False)
    >>> table = line_completion_table(res)
    >>> table.columns.tolist()
    ['rate', 'turn', 'sheets', 'bonus_first', 'bonus_later']
    """
    lines = result.lines.assign(
        line=result.lines["line"].astype(str),
        bot=result.lines["bot"].astype(str),
        turn=result.lines["turn_completed"].astype("Float64"),
    )
    table = lines.groupby(["line", "bot"], sort=False).agg(
        rate=("completed", "mean"), turn=("turn", "mean"), sheets=("completed", "size")
    )
    table["turn"] = table["turn"].astype(float)
    order = lines.groupby("line", sort=False)["completed"].mean().sort_values(ascending=False)
    bots = list(dict.fromkeys(lines["bot"]))
    table = table.reindex(pd.MultiIndex.from_product([order.index, bots], names=["line", "bot"]))
    bonus = {ln["id"]: ln["bonus"] for ln in result.metadata["map"]["lines"]}
    lines_of = table.index.get_level_values("line")
    table["bonus_first"] = [bonus[ln][0] for ln in lines_of]
    table["bonus_later"] = [bonus[ln][1] for ln in lines_of]
    return table


def bonus_outcomes(lines: pd.DataFrame) -> pd.Series:
    """For each row of a ``lines`` frame, one of :data:`OUTCOMES`: the first bonus won;
    the later bonus (the first went to someone else earlier); the first struck out
    because someone else took it and the line never completed here; or nobody in the
    game completed the line.

    >>> lines = pd.DataFrame({"game": [0, 0, 1, 1], "line": ["A", "A", "A", "A"],
    ...                       "bonus_kind": ["first", "none", "later", "none"]})
    >>> bonus_outcomes(lines).tolist()  # game 1: a later bonus needs a first, here none
    ['first bonus won', 'crossed out, not completed', 'later bonus', 'nobody completed']
    """
    kind = lines["bonus_kind"].astype(str)
    won = kind.eq("first")
    taken = won.groupby([lines["game"], lines["line"].astype(str)]).transform("any")
    picked = np.select([won, kind.eq("later"), taken], list(OUTCOMES[:3]), default=OUTCOMES[3])
    return pd.Series(picked, index=lines.index, name="outcome")


def bonus_race_table(result: Results) -> pd.DataFrame:
    """Per player count and bot: the share of first bonuses (one per line and sheet)
    ending in each of :data:`OUTCOMES`, and the number of ``sheet_lines`` counted.
    The shares of a row add up to 1: the first outcome is a first bonus won, the
    second and the third are first bonuses lost to another player.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = bonus_race_table(res)
    >>> table.index.tolist()
    [('2 players', 'greedy'), ('2 players', 'random')]
    >>> bool(np.allclose(table[list(OUTCOMES)].sum(axis=1), 1))
    True
    """
    parts = []
    for res in as_results(result):
        lines = res.lines
        parts.append(
            pd.DataFrame(
                {
                    "players": run_labels(res)["players"],
                    "bot": lines["bot"].astype(str).to_numpy(),
                    "outcome": bonus_outcomes(lines).to_numpy(),
                }
            )
        )
    frame = pd.concat(parts, ignore_index=True)
    counts = pd.crosstab([frame["players"], frame["bot"]], frame["outcome"])
    counts = counts.reindex(columns=list(OUTCOMES), fill_value=0)
    shares = counts.div(counts.sum(axis=1), axis=0)
    shares["sheet_lines"] = counts.sum(axis=1)
    order = group_order(frame, "players")
    bots = list(dict.fromkeys(frame["bot"]))
    index = [(p, b) for p in order for b in bots if (p, b) in shares.index]
    return shares.reindex(pd.MultiIndex.from_tuples(index, names=["players", "bot"]))
