"""Mean, spread and 95% interval of a measure per group: the one place that computes them.

Every table with a ``ci95`` column (:meth:`SimulationResult.summary
<vvlab.sim.result.SimulationResult.summary>`, :func:`vvlab.analysis.summary`, the tables
behind the :mod:`vvlab.viz` figures, the benchmarks) takes it from here. pandas and
numpy only.

The rule for a group of one game: its sample standard deviation is undefined, so
``std`` and ``ci95`` are ``NaN`` (never 0, which would claim an exact mean). Code that needs a
number, a figure say, decides how to show a missing interval (the figures of
:mod:`vvlab.viz` draw no error bar).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

import numpy as np
import pandas as pd

Z95 = 1.959963984540054
"""The 97.5% quantile of the standard normal distribution: a normal 95% interval of a
mean is ``mean ± Z95 * std / sqrt(n)``."""

Numbers = TypeVar("Numbers", float, np.ndarray, pd.Series)


def ci95(std: Numbers, n: float | np.ndarray | pd.Series) -> Numbers:
    """Half-width of the normal 95% interval of a mean, ``Z95 * std / sqrt(n)``.

    ``std`` is the sample standard deviation (``ddof=1``) of ``n`` values; a ``NaN``
    std (one value) gives ``NaN``. Works on numbers, numpy arrays and pandas Series.

    Examples
    --------
    >>> round(float(ci95(2.0, 4)), 4)
    1.96
    >>> ci95(pd.Series([2.0, np.nan]), pd.Series([4, 1])).round(4).tolist()
    [1.96, nan]
    """
    return Z95 * std / np.sqrt(n)


def group_stats(
    frame: pd.DataFrame,
    by: str | Sequence[str],
    column: str,
    *,
    extra: Sequence[str] = (),
    sort: bool = False,
) -> pd.DataFrame:
    """Per group of ``by``: ``games``, ``mean``, ``std``, ``ci95`` of ``column``.

    Parameters
    ----------
    frame
        One row per observation (a game, or a game and seat).
    by
        The grouping column, or several (then the index has one level per column).
    column
        The measure.
    extra
        More aggregations of ``column`` by their pandas names (``"min"``, ``"max"``,
        ``"median"``...), as columns after ``ci95``.
    sort
        Groups sorted by key (``True``) or in the order first met (``False``).

    Returns
    -------
    pandas.DataFrame
        ``games`` (count of values), ``mean``, ``std`` (sample, ``ddof=1``), ``ci95``
        (:func:`ci95`), then ``extra``. A group of one game has ``NaN`` ``std`` and
        ``ci95``: its spread is unknown, not zero.

    Examples
    --------
    >>> frame = pd.DataFrame({"bot": ["b", "b", "b", "b", "a"], "score": [10, 12, 14, 16, 7]})
    >>> stats = group_stats(frame, "bot", "score", extra=["max"])
    >>> stats.round(2)  # doctest: +NORMALIZE_WHITESPACE
         games  mean   std  ci95  max
    bot
    b        4  13.0  2.58  2.53   16
    a        1   7.0   NaN   NaN    7
    """
    keys = by if isinstance(by, str) else list(by)
    groups = frame.groupby(keys, sort=sort, observed=True)[column]
    stats = groups.agg(["count", "mean", "std", *extra]).rename(columns={"count": "games"})
    stats.insert(3, "ci95", ci95(stats["std"], stats["games"]))
    return stats
