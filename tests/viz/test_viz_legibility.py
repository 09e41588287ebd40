"""Figures legible at the size they are shown: legends inside, labels apart, horizontal
axis labels, whole-number histogram bins, the mean marker beside the bars."""

from __future__ import annotations

import itertools

import pandas as pd
import pytest
from legend_check import legend_fits

import vvlab
from vvlab.plan.geometry import WIDTH, boxes_overlap
from vvlab.plan.text import plain_text
from vvlab.viz import (
    bonus_race,
    draw_map,
    fill_progress,
    line_completion,
    score_breakdown,
    score_distribution,
    station_heatmap,
)
from vvlab.viz.layout import fit_legend, legend_entries, legend_width
from vvlab.viz.plan import LEGEND_CHARS, line_label
from vvlab.viz.results import BAR_WIDTH

LONG_BOTS = ["lookahead:depth=1", "greedy", "random"]


@pytest.fixture(scope="module")
def runs():
    """Long bot specs on several cities (two of them with long names)."""
    return [
        vvlab.simulate(city, players=3, bots=LONG_BOTS, games=12, seed=4, workers=1, progress=False)
        for city in ("amsterdam", "tutorial")
    ]


def figures(runs):
    one = runs[0]
    yield "distribution", score_distribution(runs)
    yield "distribution by city", score_distribution(runs, by="city")
    yield "breakdown", score_breakdown(runs)
    yield "breakdown by city", score_breakdown(runs, by="city")
    yield "lines", line_completion(one)
    yield "heatmap", station_heatmap(None, one)
    yield "race", bonus_race(runs)
    yield "fill", fill_progress(one)
    yield "plan", draw_map(one.city, names=True)


def test_legend_width_grows_with_characters_and_size():
    assert legend_width("abcd", 10) > legend_width("ab", 10)
    assert legend_width("ab", 20) == 2 * legend_width("ab", 10)
    assert legend_width("<b>ab</b>") == legend_width("ab")


def test_legend_width_is_generous_for_the_entries_vvlab_shows():
    """At least the 0.62 em per character the browser tests' legends fitted with."""
    entries = [*LONG_BOTS, "lookahead:depth=2,samples=8", "rollout", "first bonus"]
    for name in vvlab.builtin_maps():
        entries += [line_label(line, LEGEND_CHARS) for line in vvlab.load_map(name).lines]
    for entry in entries:
        assert legend_width(entry, 12) >= 0.62 * 12 * len(plain_text(entry)), entry


def test_every_legend_fits_inside_its_figure(runs):
    for name, fig in figures(runs):
        entries = legend_entries(fig)
        assert legend_fits(fig), (name, entries, fig.layout.margin.r)
    # the long names are really in the legends checked
    dist = score_distribution(runs, by="city")
    assert "amsterdam" in legend_entries(dist)
    assert "lookahead:depth=1" in legend_entries(score_distribution(runs))


@pytest.mark.parametrize("width", [WIDTH, 600, 420])
def test_every_chart_legend_fits_at_any_width(runs, width):
    """fit_legend at a narrower figure: every entry still inside, and a legend beside
    the plot takes at most about a third of the width (else it goes below the plot)."""
    for name, fig in figures(runs):
        if name in ("plan", "heatmap") or not legend_entries(fig):
            continue  # the plans' legend has its own margin (maps drawn to their size)
        fig = fit_legend(fig.update_layout(width=width))
        margin = fig.layout.margin
        assert legend_fits(fig) and margin.r <= 0.37 * width, (name, width, margin)
        below = fig.layout.legend.orientation == "h"
        long = "lookahead:depth=1" in legend_entries(fig)
        assert below if long and width == 420 else True, (name, "beside a plot 420 px wide")
        assert not below if width == WIDTH else True, (name, "below at the default width")


def test_breakdown_mean_marker_is_beside_the_bars(runs):
    fig = score_breakdown(runs)
    bars = [t for t in fig.data if t.type == "bar"]
    (mean,) = [t for t in fig.data if t.name == "mean score"]
    for i, x in enumerate(mean.x):
        for bar in bars:
            assert x - bar.x[i] > bar.width / 2 == BAR_WIDTH / 2
    assert mean.textposition == "middle right"
    assert list(fig.layout.xaxis.ticktext) == mean.meta["groups"]


def test_bonus_race_labels_are_horizontal(runs):
    fig = bonus_race(runs)
    for trace in fig.data:
        assert trace.orientation == "h"
        assert all(isinstance(label, str) for label in trace.y)
    assert fig.layout.yaxis.tickangle in (None, 0)


def test_histogram_bins_are_whole_and_aligned_on_half_integers():
    scores = list(range(0, 121, 2)) * 3 + [5, 7]
    games = pd.DataFrame({"bot": "x", "score": scores})
    metadata = {
        "players": 1,
        "games": len(scores),
        "seed": 0,
        "map_id": "m",
        "ruleset": {"name": "r"},
    }
    from types import SimpleNamespace

    fig = score_distribution(SimpleNamespace(games=games, metadata=metadata))
    (hist,) = [t for t in fig.data if t.meta["role"] == "histogram"]
    size = hist.x[1] - hist.x[0]
    assert size == int(size) and size > 1 and hist.meta["bin_size"] == size
    assert len(hist.x) <= 40
    for centre in hist.x:
        low = centre - size / 2
        assert low - int(low) in (0.5, -0.5) or (low + 0.5) == int(low + 0.5)
    edges = [c - size / 2 for c in hist.x]
    assert all((e + 0.5).is_integer() for e in edges)
    assert [b - a for a, b in itertools.pairwise(hist.x)] == [size] * (len(hist.x) - 1)
    assert sum(hist.y) == pytest.approx(1)


@pytest.mark.parametrize("draw", ["plan", "heatmap"])
def test_station_names_on_the_plan_do_not_overlap(builtin, draw):
    from vvlab.viz.names import rank_stations

    if draw == "plan":
        fig = draw_map(builtin, names=True)
    else:
        res = vvlab.simulate(builtin, games=4, seed=1, workers=1, progress=False)
        fig = station_heatmap(None, res)
    (names,) = [t for t in fig.data if t.meta and t.meta.get("role") == "names"]
    shown = names.meta["ids"]
    important = rank_stations([line.stations for line in builtin.lines], list(builtin.stations))
    assert set(shown) <= set(important)
    assert len(shown) >= min(3, len(important))
    written = [text.replace("<br>", " ") for text in names.text]  # long names on two lines
    assert written == [builtin.stations[s].name for s in shown]
    for a, b in itertools.combinations(names.meta["boxes"], 2):
        assert not boxes_overlap(a, b)
    transfers = [s for s in builtin.stations if len(builtin.lines_through(s)) > 1]
    assert set(transfers[:1]) <= set(shown) or len(transfers) == 0


def test_distribution_mean_labels_sit_above_their_error_bars(runs):
    fig = score_distribution(runs)
    for mean in (t for t in fig.data if t.meta["role"] == "mean"):
        assert mean.textposition == "top center"  # not across the horizontal CI bar
