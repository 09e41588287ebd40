"""The report's figures and tables, and their export for use outside Python: the tables
as CSV, the figures as PNG and SVG (through kaleido, which needs a Chrome or Chromium).

Every file is written atomically (:func:`vvlab.model.files.atomic_write`); existing
files are refused unless ``overwrite=True``, and all targets are checked before the
first file is written.
"""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from typing import Any

import pandas as pd
import plotly.graph_objects as go

from vvlab.analysis import line_table, station_table, summary
from vvlab.viz.heatmap import station_heatmap
from vvlab.viz.maps import draw_map
from vvlab.viz.progress import fill_progress
from vvlab.viz.race import bonus_race
from vvlab.viz.results import line_completion, score_breakdown, score_distribution

IMAGE_FORMATS = ("png", "svg")
"""The image formats :func:`export` writes for each figure."""

KALEIDO_HINT = (
    "exporting figures as PNG or SVG needs kaleido: pip install kaleido "
    "(it also needs Chrome or Chromium; set BROWSER_PATH to the browser if it is not found)"
)


class ExportUnavailable(ImportError):
    """Figures cannot be written as images here (no kaleido, or no browser for it)."""


def kaleido_available() -> bool:
    """Whether kaleido can be imported (figures can then be written as images)."""
    return importlib.util.find_spec("kaleido") is not None


def require_kaleido() -> None:
    """Raise :class:`ExportUnavailable` with the ``pip install kaleido`` hint when
    kaleido cannot be imported."""
    if not kaleido_available():
        raise ExportUnavailable(KALEIDO_HINT)


def fill_figure(result: Any) -> tuple[go.Figure, str]:
    """Fill progress of the run (mean and band per bot), or of its game 0 replayed
    when :func:`fill_progress` takes only a game; with a note saying which."""
    try:
        fig = fill_progress(result)
        n = min(200, int(result.metadata["games"]))
        return fig, (
            f"Mean and 10–90% band per bot over the first {n} games of the run "
            f"(seed {result.seed}), replayed."
        )
    except (AttributeError, TypeError):
        from vvlab.sim.replay import replay_game

        fig = fill_progress(replay_game(result, 0))
        return fig, f"Game 0 of the run (seed {result.seed}), replayed."


def report_figures(result: Any) -> dict[str, go.Figure]:
    """The report's figures by section id; no bonus race for solo games (there is
    nobody to race).

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", bots="greedy", games=10, seed=1, workers=1,
    ...                      progress=False)
    >>> list(report_figures(res))  # doctest: +NORMALIZE_WHITESPACE
    ['plan', 'score-distribution', 'score-breakdown', 'line-completion',
     'station-heatmap', 'fill-progress']
    """
    figures = result_figures(result)
    figures["fill-progress"] = fill_figure(result)[0]
    return figures


def result_figures(result: Any) -> dict[str, go.Figure]:
    """:func:`report_figures` but the fill progress, which replays games and comes with
    a note (:func:`fill_figure`)."""
    figures = {
        "plan": draw_map(result.city, names=True),
        "score-distribution": score_distribution(result),
        "score-breakdown": score_breakdown(result),
        "line-completion": line_completion(result),
        "station-heatmap": station_heatmap(result.city, result),
    }
    if int(result.metadata["players"]) > 1:
        figures["bonus-race"] = bonus_race(result)
    return figures


def report_tables(result: Any) -> dict[str, pd.DataFrame]:
    """The report's tables by name (``summary``, ``lines``, ``stations``), full
    precision; ``lines`` without ``line_rate`` when it only repeats ``rate`` (one bot).

    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", bots="greedy", games=10, seed=1, workers=1,
    ...                      progress=False)
    >>> tables = report_tables(res)
    >>> list(tables), "line_rate" in tables["lines"], "rate" in tables["lines"]
    (['summary', 'lines', 'stations'], False, True)
    """
    lines = line_table(result)
    if "line_rate" in lines and "rate" in lines and lines["line_rate"].equals(lines["rate"]):
        lines = lines.drop(columns="line_rate")
    return {"summary": summary(result), "lines": lines, "stations": station_table(result)}


def rounded(frame: pd.DataFrame) -> pd.DataFrame:
    """``frame`` rounded for reading: whole-number columns as integers, shares and
    rates (columns within 0..1) to 3 decimals, means and spreads to 2, values of 100
    and more to 1.

    >>> frame = pd.DataFrame({"n": [3.0, 4.0], "rate": [0.12345, 1.0], "mean": [15.1666, 2.0],
    ...                       "big": [1234.567, 99.0]})
    >>> rounded(frame).to_dict("list")
    {'n': [3, 4], 'rate': [0.123, 1.0], 'mean': [15.17, 2.0], 'big': [1234.6, 99.0]}
    """
    out = frame.copy()
    for column in out.columns:
        values = out[column]
        if not pd.api.types.is_float_dtype(values):
            continue
        finite = values.dropna()
        if len(finite) and (finite == finite.round()).all() and finite.abs().max() < 2**53:
            out[column] = values.astype("Int64") if values.isna().any() else values.astype(int)
        elif len(finite) and finite.between(0, 1).all():
            out[column] = values.round(3)
        elif len(finite) and finite.abs().max() >= 100:
            out[column] = values.round(1)
        else:
            out[column] = values.round(2)
    return out


def check_targets(
    folder: str | os.PathLike[str], names: list[str], overwrite: bool = False
) -> list[Path]:
    """Create ``folder`` if needed and check each file ``names`` would write there
    (:func:`vvlab.model.files.check_target`: ``FileExistsError`` unless ``overwrite``)."""
    from vvlab.model.files import check_target

    folder = Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    return [check_target(folder / name, overwrite) for name in names]


def write_tables(
    tables: dict[str, pd.DataFrame], folder: str | os.PathLike[str], *, overwrite: bool = False
) -> list[Path]:
    """Each table as ``<name>.csv`` in ``folder`` (created if needed); returns the paths."""
    from vvlab.model.files import atomic_write

    folder = Path(folder)
    check_targets(folder, [f"{name}.csv" for name in tables], overwrite)
    return [
        atomic_write(folder / f"{name}.csv", frame.to_csv(), overwrite=overwrite)
        for name, frame in tables.items()
    ]


def write_figures(
    figures: dict[str, go.Figure],
    folder: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    formats: tuple[str, ...] = IMAGE_FORMATS,
) -> list[Path]:
    """Each figure as ``<name>.<format>`` in ``folder`` at the size it is drawn (PNG at
    twice the pixels), through kaleido: :class:`ExportUnavailable` without it."""
    from vvlab.model.files import atomic_write

    require_kaleido()
    folder = Path(folder)
    names = [f"{name}.{fmt}" for name in figures for fmt in formats]
    check_targets(folder, names, overwrite)
    images = []  # all drawn before the first is written: a failure leaves no files
    for name, fig in figures.items():
        for fmt in formats:
            try:
                data = fig.to_image(format=fmt, scale=2 if fmt == "png" else 1)
            except (RuntimeError, OSError, ValueError) as err:
                raise ExportUnavailable(f"{KALEIDO_HINT}; kaleido failed: {err}") from None
            images.append((folder / f"{name}.{fmt}", data))
    return [atomic_write(path, data, overwrite=overwrite) for path, data in images]


def export(
    result: Any,
    folder: str | os.PathLike[str],
    *,
    overwrite: bool = False,
    figures: bool = True,
    tables: bool = True,
) -> list[Path]:
    """Write the report's tables (CSV) and figures (PNG and SVG) of ``result`` to
    ``folder``; returns the paths written. Figures need kaleido
    (:class:`ExportUnavailable` says ``pip install kaleido``; checked before anything
    is written); ``figures=False`` writes the tables only.

    >>> import tempfile, vvlab
    >>> res = vvlab.simulate("tutorial", bots="greedy", games=10, seed=1, workers=1,
    ...                      progress=False)
    >>> folder = tempfile.mkdtemp()
    >>> [p.name for p in export(res, folder, figures=False)]
    ['summary.csv', 'lines.csv', 'stations.csv']
    >>> export(res, folder, figures=False)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vvlab.model.files.TargetExists: .../summary.csv exists (pass overwrite=True ...)
    """
    if figures:
        require_kaleido()
    tabs = report_tables(result) if tables else {}
    figs = report_figures(result) if figures else {}
    names = [f"{n}.csv" for n in tabs] + [f"{n}.{f}" for n in figs for f in IMAGE_FORMATS]
    check_targets(Path(folder), names, overwrite)  # all refused before any is written
    written = write_tables(tabs, folder, overwrite=overwrite) if tabs else []
    if figs:
        written += write_figures(figs, folder, overwrite=overwrite)
    return written
