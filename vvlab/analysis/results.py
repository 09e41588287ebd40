"""Result tables: runs stacked with their labels, and the numbers behind the figures.

Every function takes a :class:`~vvlab.sim.result.SimulationResult` or a list of them
(several runs to compare). Only ``games``, ``lines`` and ``metadata`` are read, so a
hand-built object with those attributes works too. pandas only: :mod:`vvlab.viz` draws
these tables, nothing here imports plotly.

Two sets of groupings (each a column of :func:`games_table`):

- :data:`LABEL_GROUPINGS` are text labels that mean the same in every run (bot spec,
  player count, map, ruleset): the figure tables and the :mod:`vvlab.viz` figures,
  which compare runs, group by one of them.
- :data:`SUMMARY_GROUPINGS` add ``player``, the seat: a number that means something
  only within a run. :func:`vvlab.analysis.summary` and :func:`vvlab.analysis.compare`
  group by them.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import numpy as np
import pandas as pd

from vvlab.sim.stats import group_stats

if TYPE_CHECKING:
    from vvlab.sim.result import SimulationResult

    Results = SimulationResult | Sequence[SimulationResult]
else:
    Results = Any

LABEL_GROUPINGS = ("bot", "players", "city", "ruleset")
"""Groupings by a text label that means the same in every run: what the figure tables
(:func:`score_stats`, :func:`breakdown_table`) and the figures group by."""
SUMMARY_GROUPINGS = ("bot", "player", "city", "players", "ruleset")
""":data:`LABEL_GROUPINGS` and ``player`` (the seat): what :func:`~vvlab.analysis.summary`
and :func:`~vvlab.analysis.compare` group by."""
OUTCOMES = ("first bonus won", "later bonus", "crossed out, not completed", "nobody completed")
"""What became of each first bonus on each seat's sheet (see :func:`bonus_race_table`)."""


def as_results(result: Results) -> list[Any]:
    """A list of results from one result or a sequence of them.

    >>> as_results("run"), as_results(["a", "b"])
    (['run'], ['a', 'b'])
    """
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
    """A run's ``players``, ``city`` and ``ruleset`` labels, from its metadata.

    >>> from types import SimpleNamespace
    >>> run_labels(SimpleNamespace(metadata={"players": 2, "map_id": "berlin"}))
    {'players': '2 players', 'city': 'berlin', 'ruleset': '?'}
    """
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


def check_by(by: str, allowed: Sequence[str] = LABEL_GROUPINGS) -> str:
    """``by`` if it is one of ``allowed`` (a grouping column), else ``ValueError``.

    >>> check_by("bot")
    'bot'
    >>> check_by("seat")
    Traceback (most recent call last):
    ...
    ValueError: by must be one of bot, players, city, ruleset, got 'seat'
    """
    if not isinstance(by, str) or by not in allowed:
        raise ValueError(f"by must be one of {', '.join(allowed)}, got {by!r}")
    return by


def check_keys(by: str | Sequence[str], allowed: Sequence[str] = SUMMARY_GROUPINGS) -> list[str]:
    """The grouping columns of ``by``, one name or several, each checked by
    :func:`check_by`.

    >>> check_keys("bot"), check_keys(["players", "player"])
    (['bot'], ['players', 'player'])
    """
    keys = [by] if isinstance(by, str) else list(by)
    if not keys:
        raise ValueError(f"by must be one of {', '.join(allowed)}, got {by!r}")
    return [check_by(key, allowed) for key in keys]


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


def score_stats(
    result: Results,
    by: str = "bot",
    measure: str = "score",
    *,
    table: pd.DataFrame | None = None,
) -> pd.DataFrame:
    """Per group of ``by`` (one of :data:`LABEL_GROUPINGS`), groups in figure order:
    ``games``, ``mean``, ``std`` and ``ci95`` of a measure (see
    :func:`~vvlab.sim.stats.group_stats`; ``NaN`` std and ci95 for one game).
    ``table`` is ``games_table(result)`` when the caller has it already.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> stats = score_stats(res)
    >>> stats.index.tolist(), stats["games"].tolist()
    (['greedy', 'random'], [30, 30])
    """
    table = games_table(result) if table is None else table
    return group_stats(table, check_by(by), measure).reindex(group_order(table, by))


def breakdown_table(result: Results, by: str = "bot") -> pd.DataFrame:
    """Per group, the mean ``bonus``, ``stars``, ``penalty`` (as a positive number of
    points lost) and ``score`` (= bonus + stars - penalty), groups in figure order.

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = breakdown_table(res)
    >>> bool(np.allclose(table["bonus"] + table["stars"] - table["penalty"], table["score"]))
    True
    """
    table = games_table(result)
    columns = ["bonus", "stars", "penalty", "score"]
    means = table.groupby(check_by(by), sort=False)[columns].mean()
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


def _outcome_rows(result: Any) -> pd.DataFrame:
    """One row per sheet and line of a run: ``players`` label, ``bot``, ``outcome``."""
    lines = result.lines
    return pd.DataFrame(
        {
            "players": run_labels(result)["players"],
            "bot": lines["bot"].astype(str).to_numpy(),
            "outcome": bonus_outcomes(lines).to_numpy(),
        }
    )


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
    frame = pd.concat([_outcome_rows(res) for res in as_results(result)], ignore_index=True)
    counts = pd.crosstab([frame["players"], frame["bot"]], frame["outcome"])
    counts = counts.reindex(columns=list(OUTCOMES), fill_value=0)
    shares = counts.div(counts.sum(axis=1), axis=0)
    shares["sheet_lines"] = counts.sum(axis=1)
    order = group_order(frame, "players")
    bots = list(dict.fromkeys(frame["bot"]))
    index = [(p, b) for p in order for b in bots if (p, b) in shares.index]
    return shares.reindex(pd.MultiIndex.from_tuples(index, names=["players", "bot"]))
