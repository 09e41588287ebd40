"""Analysis tables of simulation results: pandas in, pandas out.

Every function reads only the ``games``, ``lines``, ``stations``, ``metadata`` and
``city`` attributes of a :class:`~vvlab.sim.result.SimulationResult`, so a hand-built
object with those attributes works too. The grouping columns (``players``, ``city``,
``ruleset``) come from :func:`vvlab.analysis.results.games_table`.
"""

from __future__ import annotations

import math
import warnings
from collections.abc import Sequence
from typing import Any

import numpy as np
import pandas as pd

from vvlab.analysis.results import SUMMARY_GROUPINGS, Results, check_by, check_keys, games_table
from vvlab.sim.stats import group_stats

COMPONENTS = ("bonus", "stars", "penalty", "empty")


def summary(result: Results, by: str | Sequence[str] = ("bot",)) -> pd.DataFrame:
    """Score statistics per group.

    Parameters
    ----------
    result : SimulationResult or list of them
        Several results are stacked (their ``games`` rows pooled).
    by : str or sequence of str
        Any of :data:`~vvlab.analysis.results.SUMMARY_GROUPINGS`: ``"bot"``,
        ``"player"`` (seat), ``"city"`` (map id), ``"players"`` (``"2 players"``) and
        ``"ruleset"`` (name); the last three from the metadata.

    Returns
    -------
    pandas.DataFrame
        Indexed by the groups (in the order first met): ``games``, ``mean``, ``std``
        (sample) and ``ci95`` (half-width of the normal 95% interval of the mean) as
        :func:`~vvlab.sim.stats.group_stats` gives them (``NaN`` std and ci95 for a
        group of one game), ``q10``, ``q50``, ``q90`` of the score (linear
        interpolation) and the mean ``bonus``, ``stars``, ``penalty`` and ``empty``.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = summary(res)
    >>> table.index.tolist(), table["games"].tolist()
    (['greedy', 'random'], [30, 30])
    >>> stacked = summary([res, res], by=["players", "bot"])
    >>> stacked.index[0], int(stacked["games"].iloc[0])
    (('2 players', 'greedy'), 60)
    """
    keys = check_keys(by)
    key = keys if len(keys) > 1 else keys[0]
    table = games_table(result)
    out = group_stats(table, key, "score")
    groups = table.groupby(key, sort=False)
    quantiles = groups["score"].quantile([0.1, 0.5, 0.9]).unstack()
    for q in (0.1, 0.5, 0.9):
        out[f"q{round(100 * q)}"] = quantiles[q].astype(float)
    out[list(COMPONENTS)] = groups[list(COMPONENTS)].mean()
    return out


def _out_of_line(rate: pd.Series, bonus: pd.Series) -> pd.DataFrame:
    """Ranks of difficulty (1 - completion rate) and first bonus, and the flag."""
    ranks = pd.DataFrame(
        {
            "difficulty_rank": (1 - rate).rank(method="average"),
            "bonus_rank": bonus.rank(method="average"),
        }
    )
    gap = (ranks["difficulty_rank"] - ranks["bonus_rank"]).abs()
    ranks["out_of_line"] = gap >= len(rate) / 2
    return ranks


def line_table(result: Any) -> pd.DataFrame:
    """Difficulty versus reward, per line and bot.

    Parameters
    ----------
    result : SimulationResult
        One result (its ``lines`` frame and ``city``).

    Returns
    -------
    pandas.DataFrame
        Indexed by (``line``, ``bot``), lines in map order and bots in seat order:
        ``rate`` (share of sheets completing the line), ``turn`` (mean completion turn,
        completed sheets only, ``NaN`` if none), ``first_share`` (share of sheets that
        won the line's first bonus), ``sheets``, the line's ``bonus_first``,
        ``bonus_later`` and ``stations`` (count), and per line (same on every bot's
        row) ``line_rate`` (completion rate over all sheets), ``difficulty_rank``,
        ``bonus_rank`` and ``out_of_line``.

    Notes
    -----
    The out-of-line rule: lines are ranked by difficulty (``1 - line_rate``, the
    hardest gets the highest rank) and by first bonus (the largest gets the highest
    rank), ties getting their average rank. A line is ``out_of_line`` when the two
    ranks differ by at least half the number of lines: its first bonus does not match
    how hard it is to complete.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = line_table(res)
    >>> table.index.get_level_values("line").unique().tolist(), table["stations"].tolist()
    (['A', 'B', 'C', 'D'], [5, 5, 5, 5, 3, 3, 2, 2])
    """
    city = result.city
    ids = [ln.id for ln in city.lines]
    lines = result.lines
    frame = pd.DataFrame(
        {
            "line": lines["line"].astype(str),
            "bot": lines["bot"].astype(str),
            "completed": lines["completed"].astype(bool),
            "turn": lines["turn_completed"].astype("Float64"),
            "first": lines["bonus_kind"].astype(str).eq("first"),
        }
    )
    table = frame.groupby(["line", "bot"], sort=False).agg(
        rate=("completed", "mean"),
        turn=("turn", "mean"),
        first_share=("first", "mean"),
        sheets=("completed", "size"),
    )
    table["turn"] = table["turn"].astype(float)
    bots = list(dict.fromkeys(frame["bot"]))
    index = pd.MultiIndex.from_tuples(
        [(ln, b) for ln in ids for b in bots if (ln, b) in table.index], names=["line", "bot"]
    )
    table = table.reindex(index)
    per_line = pd.DataFrame(
        {
            "bonus_first": [ln.bonus_first for ln in city.lines],
            "bonus_later": [ln.bonus_later for ln in city.lines],
            "stations": [len(ln.stations) for ln in city.lines],
        },
        index=pd.Index(ids, name="line"),
    )
    per_line["line_rate"] = frame.groupby("line")["completed"].mean().reindex(ids)
    per_line = per_line.join(_out_of_line(per_line["line_rate"], per_line["bonus_first"]))
    return table.join(per_line, on="line")


def station_table(result: Any) -> pd.DataFrame:
    """How often each station ends up filled.

    Parameters
    ----------
    result : SimulationResult
        One result (its ``stations`` frame and ``city``).

    Returns
    -------
    pandas.DataFrame
        Indexed by ``station`` in map order: ``name``, ``lines_through``, ``stars``
        (the points a star card writes there), ``fill_rate`` (mean of the seats' fill
        rates) and one ``fill_<bot>`` column per bot (seat order; seats with the same
        bot pooled: filled / games).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=30,
    ...                      seed=1, workers=1, progress=False)
    >>> table = station_table(res)
    >>> table.columns.tolist()
    ['name', 'lines_through', 'stars', 'fill_rate', 'fill_greedy', 'fill_random']
    >>> table.loc["central", ["lines_through", "stars"]].tolist()
    [3, 6]
    """
    city = result.city
    ids = list(city.stations)
    st = result.stations.assign(
        station=result.stations["station"].astype(str), bot=result.stations["bot"].astype(str)
    )
    table = pd.DataFrame(
        {
            "name": [city.stations[s].name for s in ids],
            "lines_through": [len(city.lines_through(s)) for s in ids],
            "stars": [city.star_value(s) for s in ids],
        },
        index=pd.Index(ids, name="station"),
    )
    table["fill_rate"] = st.groupby("station")["fill_rate"].mean().reindex(ids)
    sums = st.groupby(["bot", "station"], sort=False)[["filled", "games"]].sum()
    for bot in dict.fromkeys(st["bot"]):
        part = sums.loc[bot]
        table[f"fill_{bot}"] = (part["filled"] / part["games"]).reindex(ids)
    return table


def welch_p(xa: np.ndarray, xb: np.ndarray, t: float) -> float:
    """Two-sided p-value of Welch's test: :func:`scipy.stats.ttest_ind` with
    ``equal_var=False`` if scipy imports, else the normal approximation
    ``2 (1 - Phi(|t|))`` (close for a few dozen games or more, a little small below).
    One constant group is fine for Welch's test; scipy's warning about "nearly
    identical" data, which that case sets off, is not passed on.

    >>> round(welch_p(np.array([0.0, 1.0]), np.array([0.0, 1.0]), 0.0), 3)
    1.0
    """
    if not math.isfinite(t):
        return math.nan
    stats = _scipy_stats()
    if stats is not None:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", "Precision loss", RuntimeWarning)
            return float(stats.ttest_ind(xb, xa, equal_var=False).pvalue)
    return math.erfc(abs(t) / math.sqrt(2))


def _scipy_stats() -> Any:
    """``scipy.stats`` (optional, for exact Welch p-values), imported on first use: it
    takes half a second, which every widget and ``import vvlab.viz`` would pay."""
    try:
        from scipy import stats
    except ImportError:  # pragma: no cover - depends on the environment
        return None
    return stats


def compare(a: Results, b: Results, measure: str = "score", by: str = "bot") -> pd.DataFrame:
    """What changed from ``a`` to ``b``, per group present in both.

    Parameters
    ----------
    a, b : SimulationResult or list of them
        The two designs or rulesets (lists are stacked).
    measure : str
        A column of the ``games`` frame (``"score"``, ``"bonus"``, ``"empty"``...).
    by : str
        One of :data:`~vvlab.analysis.results.SUMMARY_GROUPINGS`.

    Returns
    -------
    pandas.DataFrame
        Indexed by group (order of ``a``): ``n_a``, ``n_b``, ``mean_a``, ``mean_b``,
        ``difference`` (``mean_b - mean_a``), ``cohens_d`` (difference / pooled sample
        std), ``t`` (Welch's statistic, difference / sqrt(var_a/n_a + var_b/n_b)),
        ``p`` (two-sided, see :func:`welch_p`; ``NaN`` when both groups are constant)
        and ``significant`` (``p < 0.05``).

    Examples
    --------
    >>> import vvlab
    >>> kw = dict(players=2, bots=["greedy", "random"], games=30, workers=1, progress=False)
    >>> a = vvlab.simulate("tutorial", seed=1, **kw)
    >>> b = vvlab.simulate("tutorial", seed=2, **kw)
    >>> table = compare(a, b)
    >>> table.index.tolist(), table["n_a"].tolist()
    (['greedy', 'random'], [30, 30])
    >>> compare(a, a)["difference"].tolist(), compare(a, a)["significant"].tolist()
    ([0.0, 0.0], [False, False])
    """
    check_by(by, SUMMARY_GROUPINGS)
    ta, tb = games_table(a), games_table(b)
    groups_b = set(tb[by])
    rows = {}
    for group in dict.fromkeys(ta[by]):
        if group not in groups_b:
            continue
        xa = ta.loc[ta[by] == group, measure].to_numpy(float)
        xb = tb.loc[tb[by] == group, measure].to_numpy(float)
        na, nb = len(xa), len(xb)
        va = xa.var(ddof=1) if na > 1 else math.nan
        vb = xb.var(ddof=1) if nb > 1 else math.nan
        diff = float(xb.mean() - xa.mean())
        pooled = math.sqrt(((na - 1) * va + (nb - 1) * vb) / (na + nb - 2)) if na + nb > 2 else 0
        se = math.sqrt(va / na + vb / nb)
        d = diff / pooled if pooled > 0 else math.nan
        t = diff / se if se > 0 else math.nan
        p = welch_p(xa, xb, t)
        rows[group] = {
            "n_a": na,
            "n_b": nb,
            "mean_a": float(xa.mean()),
            "mean_b": float(xb.mean()),
            "difference": diff,
            "cohens_d": d,
            "t": t,
            "p": p,
            "significant": bool(p < 0.05),
        }
    columns = ["n_a", "n_b", "mean_a", "mean_b", "difference", "cohens_d", "t", "p"]
    table = pd.DataFrame.from_dict(rows, orient="index", columns=[*columns, "significant"])
    table.index.name = by
    return table
