"""The plan coloured by how often each station is filled at the end of a game."""

from __future__ import annotations

from typing import TYPE_CHECKING

import plotly.graph_objects as go

from vvlab.model.markup import literal
from vvlab.plan.geometry import HEIGHT, WIDTH, station_size
from vvlab.plan.wagons import map_geometry
from vvlab.viz.names import station_names
from vvlab.viz.plan import line_traces, plan_axes, plan_layout, station_trace

if TYPE_CHECKING:
    import pandas as pd

    from vvlab.model.citymap import CityMap
    from vvlab.sim.result import SimulationResult

COLORSCALE = "Viridis"


def station_fill_rates(
    city: CityMap, result: SimulationResult, bot: str | None = None
) -> pd.Series:
    """The share of games in which each station is filled at the end, in map order.

    Averaged over the seats (each seat played the same games), or over the seats
    played by ``bot``.

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=2, bots=["greedy", "random"], games=50,
    ...                      seed=1, workers=1, progress=False)
    >>> rates = station_fill_rates(res.city, res)
    >>> rates.index[:3].tolist(), bool(rates.between(0, 1).all())
    (['harbour', 'market', 'central'], True)
    """
    frame = result.stations
    known = {str(s) for s in frame["station"].unique()}
    if known != set(city.stations):
        raise ValueError(f"the result was not played on {city.id!r} (its stations differ)")
    if bot is not None:
        bots = [str(b) for b in frame["bot"].unique()]
        if bot not in bots:
            raise ValueError(f"no bot {bot!r} in the result (bots: {', '.join(bots)})")
        frame = frame[frame["bot"] == bot]
    rates = frame.groupby(frame["station"].astype(str))["fill_rate"].mean()
    return rates.reindex(list(city.stations)).rename("fill_rate")


def station_heatmap(
    city: CityMap | None,
    result: SimulationResult,
    bot: str | None = None,
    *,
    width: int = WIDTH,
    height: int = HEIGHT,
) -> go.Figure:
    """The plan with each station coloured by how often it is filled at the end.

    Parameters
    ----------
    city
        The map the result was played on (``None``: the one in the result's metadata).
    result
        A :class:`~vvlab.sim.result.SimulationResult`.
    bot
        Only the seats played by this bot spec; by default every seat.
    width, height
        Figure size in pixels.

    Returns
    -------
    plotly.graph_objects.Figure
        The lines (faded, ``meta["role"] == "line"``) and one ``stations`` trace whose
        ``marker.color`` is the fill rate of each station, in map order, and the
        ``names`` of transfer stations and termini (where they fit).

    Examples
    --------
    >>> import vvlab
    >>> res = vvlab.simulate("tutorial", players=1, bots=["greedy"], games=40, seed=2,
    ...                      workers=1, progress=False)
    >>> fig = station_heatmap(None, res)
    >>> stations = [t for t in fig.data if t.meta["role"] == "stations"][0]
    >>> list(stations.marker.color) == station_fill_rates(res.city, res).tolist()
    True
    """
    city = city if city is not None else result.city
    rates = station_fill_rates(city, result, bot)
    geo = map_geometry(city, width, height)
    stations = station_trace(
        city,
        color=rates.tolist(),
        marker={
            "size": [station_size(len(city.lines_through(s))) + 5 for s in city.stations],
            "colorscale": COLORSCALE,
            "cmin": 0,
            "cmax": 1,
            "line": {"color": "#555555", "width": 0.8},
            "colorbar": {"title": {"text": "filled at<br>the end"}, "tickformat": ".0%"},
        },
    )
    stations.update(
        mode="markers",
        customdata=[[*row, rate] for row, rate in zip(stations.customdata, rates, strict=True)],
        hovertemplate=stations.hovertemplate.replace(
            "<extra>", "<br>filled in %{customdata[3]:.1%} of games<extra>"
        ),
    )
    names = station_names(city, geo)
    fig = go.Figure([*line_traces(city, geo, showlegend=False, opacity=0.45), stations, *names])
    x_axis, y_axis = plan_axes(geo)
    games = int(result.metadata["games"])
    who = f"seats played by {bot}" if bot is not None else "all seats"
    title = f"<b>{literal(city.name)}</b>: how often each station is filled at the end ({who}, "
    title += f"{games} games)"
    fig.update_layout(plan_layout(title, width, height), xaxis=x_axis, yaxis=y_axis)
    return fig
