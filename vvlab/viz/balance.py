"""Balance of lines across cities: first bonus against completion rate, labelled.

Many lines share a bonus and complete in (nearly) the same share of games, so their
points sit on top of each other; labels drawn at each point would stack into one
unreadable word. :func:`bonus_vs_completion` gives the lines at the same point one
label ("11, U9, L1"), places the labels with the name placer of the plans
(:func:`~vvlab.plan.names.place_names`, in its own :data:`LABELS` style) around their
points (clear of the markers and of each other, inside the plot) and leaves a label
that finds no room to the hover text.
"""

from __future__ import annotations

from typing import Any

import plotly.graph_objects as go

from vvlab.model.markup import literal
from vvlab.plan.names import NameStyle, place_names
from vvlab.viz.colors import group_colors
from vvlab.viz.layout import fit_legend
from vvlab.viz.plan import FONT, INK

LABEL_SIZE = 11  # px, the font of the line labels
MARKER_SIZE = 10  # px
SYMBOLS = {"in line": "circle", "over-rewarded": "triangle-up", "under-rewarded": "square"}
MARGIN = {"l": 70, "t": 70, "b": 60}
LABELS = NameStyle(size=LABEL_SIZE, leading=1.3, gap=MARKER_SIZE / 2 / 0.8 + 1 - MARKER_SIZE / 2)
"""The line labels, in pixels: as far from a marker as plotly sets text off beside one,
in one of two rings."""


def _groups(lines: Any) -> dict[tuple[float, float], list[str]]:
    """The line ids at each distinct (completion, bonus) point, in table order."""
    groups: dict[tuple[float, float], list[str]] = {}
    columns = (lines["line_rate"], lines["bonus_first"], lines["line"])
    for rate, bonus, line in zip(*columns, strict=True):
        groups.setdefault((round(float(rate), 4), float(bonus)), []).append(str(line))
    return groups


def _ranges(lines: Any) -> tuple[list[float], list[float]]:
    """Fixed axis ranges, so that the labels can be placed in pixels beforehand."""
    low, high = float(lines["bonus_first"].min()), float(lines["bonus_first"].max())
    return [-0.05, 1.05], [low - 1, high + 1]


def plot_area(fig: go.Figure) -> tuple[float, float]:
    """Width and height in pixels of the plot area of a one-panel ``fig``."""
    margin = fig.layout.margin  # a side not set has plotly's default (a figure
    # without a legend, of one city, has no right margin of ours)
    sides = zip((margin.l, margin.r, margin.t, margin.b), (80, 80, 100, 80), strict=True)
    left, right, top, bottom = (default if side is None else side for side, default in sides)
    return fig.layout.width - left - right, fig.layout.height - top - bottom


def to_pixels(fig: go.Figure, x: float, y: float) -> tuple[float, float]:
    """The point (``x``, ``y``) in pixels from the plot area's bottom-left corner."""
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    width, height = plot_area(fig)
    return (x - x0) / (x1 - x0) * width, (y - y0) / (y1 - y0) * height


def from_pixels(fig: go.Figure, px: float, py: float) -> tuple[float, float]:
    """The data point at (``px``, ``py``) pixels: :func:`to_pixels` undone."""
    (x0, x1), (y0, y1) = fig.layout.xaxis.range, fig.layout.yaxis.range
    width, height = plot_area(fig)
    return x0 + px / width * (x1 - x0), y0 + py / height * (y1 - y0)


def _label_trace(fig: go.Figure, groups: dict[tuple[float, float], list[str]]) -> go.Scatter:
    """One text label per point, each placed where it hits no other label or marker,
    centred in its box."""
    points = {str(k): to_pixels(fig, x, y) for k, (x, y) in enumerate(groups)}
    texts = {str(k): ", ".join(ids) for k, ids in enumerate(groups.values())}
    width, height = plot_area(fig)
    placed = place_names(
        texts, points, dict.fromkeys(points, MARKER_SIZE / 2), key=set(),
        bounds=(0, 0, width, height), style=LABELS,
    )  # fmt: skip
    centres = [
        from_pixels(fig, (b[0] + b[2]) / 2, (b[1] + b[3]) / 2) for _, b, *_ in placed.values()
    ]
    return go.Scatter(
        x=[x for x, _ in centres],
        y=[y for _, y in centres],
        mode="text",
        text=[name.text for name in placed.values()],
        textposition="middle center",
        textfont={"size": LABEL_SIZE, "color": INK, "family": FONT},
        hoverinfo="skip",
        showlegend=False,
        meta={"role": "labels"},
    )


def _city_trace(city: str, part: Any, color: str) -> go.Scatter:
    verdicts = part["verdict"] if "verdict" in part else ["in line"] * len(part)
    return go.Scatter(
        x=part["line_rate"].tolist(),
        y=part["bonus_first"].tolist(),
        mode="markers",
        name=literal(city),
        marker={
            "size": MARKER_SIZE,
            "color": color,
            "symbol": [SYMBOLS.get(v, "circle") for v in verdicts],
            "line": {"color": "white", "width": 1},
        },
        customdata=[[line, v] for line, v in zip(part["line"], verdicts, strict=True)],
        hovertemplate=(
            f"<b>{literal(city)} %{{customdata[0]}}</b><br>completed in %{{x:.0%}} of games"
            "<br>first bonus %{y}<br>%{customdata[1]}<extra></extra>"
        ),
        meta={"role": "lines", "city": city},
    )


def _verdict_keys(lines: Any) -> list[go.Scatter]:
    """Legend entries for the marker symbols, one per verdict shown."""
    shown = list(dict.fromkeys(lines["verdict"])) if "verdict" in lines else []
    return [
        go.Scatter(
            x=[None],
            y=[None],
            mode="markers",
            name=verdict,
            marker={"size": MARKER_SIZE, "color": "#888888", "symbol": SYMBOLS.get(verdict)},
            legendgroup="verdict",
            meta={"role": "verdict"},
        )
        for verdict in shown
    ]


def bonus_vs_completion(
    lines: Any, *, title: str = "First bonus against completion rate", width: int = 900
) -> go.Figure:
    """Each line's first bonus against the share of games it is completed in.

    Parameters
    ----------
    lines
        A table with a row per line: ``city``, ``line``, ``line_rate`` (0-1),
        ``bonus_first`` and optionally ``verdict`` ("in line", "over-rewarded",
        "under-rewarded"), as in ``notebooks/04-balance.ipynb``.
    title
        The figure's title.
    width
        Width in pixels (the height is 520).

    Returns
    -------
    plotly.graph_objects.Figure
        A ``lines`` trace per city (colour), the marker symbol its verdict, legend
        entries per verdict, and one ``labels`` trace: the line ids at each point,
        placed so that no two labels overlap (a label without room is left out; the
        hover names every line).

    Examples
    --------
    >>> import pandas as pd
    >>> lines = pd.DataFrame({"city": ["a", "a", "b"], "line": ["11", "U9", "L1"],
    ...                       "line_rate": [1.0, 1.0, 0.5], "bonus_first": [6, 6, 8]})
    >>> fig = bonus_vs_completion(lines)
    >>> [t.meta["role"] for t in fig.data]
    ['lines', 'lines', 'labels']
    >>> sorted(fig.data[-1].text)
    ['11, U9', 'L1']
    """
    colors = group_colors(lines["city"], by="city")
    fig = go.Figure(
        [_city_trace(c, lines[lines["city"] == c], colors[str(c)]) for c in colors]
        + _verdict_keys(lines)
    )
    x_range, y_range = _ranges(lines)
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left"},
        template="plotly_white",
        font={"family": FONT, "color": INK},
        width=width,
        height=520,
        margin=MARGIN,
        xaxis={"title": "share of games the line is completed", "range": x_range},
        yaxis={"title": "first bonus", "range": y_range, "dtick": 1},
        xaxis_tickformat=".0%",
    )
    fit_legend(fig)  # sets the right margin: the plot area is known from here on
    fig.add_trace(_label_trace(fig, _groups(lines)))
    return fig
