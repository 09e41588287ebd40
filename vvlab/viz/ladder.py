"""The skill ladder drawn: how close each bot comes to the best play in hindsight, and
what its strength costs in speed (:func:`vvlab.analysis.skill_ladder`)."""

from __future__ import annotations

import math
from typing import Any

import plotly.graph_objects as go
from plotly.subplots import make_subplots

from vvlab.plan.geometry import WIDTH
from vvlab.viz.colors import bot_colors
from vvlab.viz.plan import FONT, INK

HEIGHT = 420
ROW_PX = 46
"""Height of one bot's row, pixels (the figure grows with the ladder)."""


def skill_ladder(table: Any) -> go.Figure:
    """Two panels, a row per bot of a :func:`vvlab.analysis.skill_ladder` table: the
    share of the hindsight bound its mean score reaches (with the 95% interval of the
    mean as an error bar) and its speed in solo games per second (log scale).

    Examples
    --------
    >>> import vvlab
    >>> table = vvlab.analysis.skill_ladder("tutorial", ["random", "greedy"], games=40,
    ...                                     bound_games=5, timing_s=0.02)
    >>> fig = skill_ladder(table)
    >>> [t.meta["role"] for t in fig.data], list(fig.data[0].y)
    (['share', 'speed'], ['random', 'greedy'])
    >>> fig.data[0].text[1].endswith("%")
    True
    """
    bots = [str(b) for b in table.index]
    colors = [bot_colors(bots)[b] for b in bots]
    bound = float(table.attrs.get("bound_mean", float("nan")))
    share = table["bound_share"].to_numpy(float)
    err = (table["ci95"].to_numpy(float) / bound) if bound > 0 else None
    speed = table["games_per_s"].to_numpy(float)
    titles = ("share of the hindsight bound", "solo games per second")
    fig = make_subplots(rows=1, cols=2, shared_yaxes=True, horizontal_spacing=0.04,
                        subplot_titles=titles)  # fmt: skip
    fig.add_trace(_bars(bots, share, colors, "share", [f"{v:.0%}" for v in share], err), 1, 1)
    fig.add_trace(_bars(bots, speed, colors, "speed", [f"{v:,.0f}" for v in speed]), 1, 2)
    attrs = table.attrs
    title = (
        f"<b>Skill ladder</b> · {attrs.get('city', '')} · {attrs.get('ruleset', '')} · "
        f"{int(table['games'].iloc[0])} solo games, seed {attrs.get('seed', '')}"
    )
    fig.update_layout(
        title={"text": title, "x": 0.01, "xanchor": "left", "font": {"size": 16}},
        template="plotly_white",
        font={"family": FONT, "color": INK},
        width=WIDTH,
        height=max(HEIGHT, 160 + ROW_PX * len(bots)),
        showlegend=False,
        margin={"l": 150, "r": 40, "t": 90, "b": 50},
        bargap=0.35,
    )
    fig.update_xaxes(range=[0, 1.12], tickformat=".0%", row=1, col=1)
    top = max(float(speed.max()), 10.0)
    fig.update_xaxes(type="log", range=[0, math.log10(top) + 0.3], row=1, col=2)  # from 1
    fig.update_yaxes(autorange="reversed", ticklabelstandoff=6, row=1, col=1)
    return fig


def _bars(
    bots: list[str], values: Any, colors: list[str], role: str, text: list[str], err: Any = None
) -> go.Bar:
    return go.Bar(
        x=values,
        y=bots,
        orientation="h",
        marker={"color": colors},
        text=text,
        textposition="inside",  # clear of the error bar at the bar's end
        insidetextanchor="start",
        textfont={"color": "#FFFFFF"},
        error_x=None if err is None else {"type": "data", "array": err, "thickness": 1.2},
        hovertemplate="%{y}: %{text}<extra></extra>",
        meta={"role": role},
    )
