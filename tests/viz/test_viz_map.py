"""draw_map and draw_game, tested on what the figures contain."""

from __future__ import annotations

import math

import numpy as np
import plotly.graph_objects as go
import pytest

import vvlab
from vvlab.plan.geometry import LINE_GAP, line_path, segment_offsets, station_size
from vvlab.plan.wagons import map_geometry
from vvlab.viz import draw_game, draw_map
from vvlab.viz.plan import BLANK, line_label


def role(fig: go.Figure, name: str, axis: str = "x") -> list:
    return [t for t in fig.data if t.meta["role"] == name and t.xaxis == axis]


def by_line(fig: go.Figure, name: str, axis: str = "x") -> dict:
    return {t.meta["line"]: t for t in role(fig, name, axis)}


def stations_of(fig: go.Figure, axis: str = "x") -> go.Scatter:
    (trace,) = role(fig, "stations", axis)
    return trace


def points(trace, axes: str = "xy") -> list[float]:
    """The coordinates of a trace on ``axes``; the gaps (``None``) between the pieces
    of the names' leaders left out."""
    values = [v for axis in axes for v in trace[axis]]
    if trace.meta["role"] == "leaders":
        values = [v for v in values if v is not None]
    return values


def test_one_trace_per_line_and_wagon_part(tutorial):
    fig = draw_map(tutorial)
    n = len(tutorial.lines)
    # line, wagon, indicators, bonus per line; stations, their names, the names' leaders
    assert len(fig.data) == 4 * n + 3
    assert [t.name for t in role(fig, "line")] == [line_label(ln) for ln in tutorial.lines]
    assert [t.name for t in role(fig, "line")] == [
        "A · Amber",
        "B · Blue",
        "C · Crimson",
        "D · Green",
    ]
    assert all(t.showlegend is not False for t in role(fig, "line"))
    assert all(t.showlegend is False for t in fig.data if t.meta["role"] != "line")


def test_line_colours_are_the_maps(builtin_plan):
    builtin, fig = builtin_plan
    lines = by_line(fig, "line")
    assert list(lines) == [ln.id for ln in builtin.lines]
    for line in builtin.lines:
        assert lines[line.id].line.color == line.color
        assert by_line(fig, "wagon")[line.id].marker.color == line.color
        assert by_line(fig, "indicators")[line.id].marker.line.color == line.color


def test_polylines_are_the_stations_with_offsets(corridor):
    """Unshared lines run exactly through their stations; shared ones are shifted by
    the offsets of the geometry, which are perpendicular and a gap apart."""
    fig = draw_map(corridor)
    unit = map_geometry(corridor).frame.unit
    offsets = segment_offsets(corridor, LINE_GAP * unit)
    lines = by_line(fig, "line")
    for line in corridor.lines:
        path = line_path(corridor, line.id, offsets)
        assert list(zip(lines[line.id].x, lines[line.id].y, strict=True)) == path
    g = LINE_GAP * unit
    assert list(zip(lines["S"].x, lines["S"].y, strict=True)) == [(12, 3), (16, 3)]
    assert list(zip(lines["Q"].x, lines["Q"].y, strict=True)) == [(4, 4), (4, 0), (8, 0)]
    p = list(zip(lines["P"].x, lines["P"].y, strict=True))
    np.testing.assert_allclose(p, [(0, -g / 2), (4, -g / 2), (4, -g), (8, -g), (8, 0), (12, 3)])
    r = list(zip(lines["R"].x, lines["R"].y, strict=True))
    np.testing.assert_allclose(r, [(8, g), (4, g), (4, g / 2), (0, g / 2)])


def test_station_markers_sized_by_lines_through(builtin_plan):
    builtin, fig = builtin_plan
    trace = stations_of(fig)
    ids = trace.meta["ids"]
    assert ids == list(builtin.stations)
    assert list(zip(trace.x, trace.y, strict=True)) == [
        (builtin.stations[s].x, builtin.stations[s].y) for s in ids
    ]
    through = [len(builtin.lines_through(s)) for s in ids]
    sizes = list(trace.marker.size)
    for i in range(len(ids)):
        for j in range(len(ids)):
            if through[i] < through[j]:
                assert sizes[i] < sizes[j]
            elif through[i] == through[j]:
                assert sizes[i] == sizes[j]
    assert sizes == [station_size(n) for n in through]


def test_transfer_stations_labelled_with_star_value(builtin_plan):
    builtin, fig = builtin_plan
    trace = stations_of(fig)
    for sid, text in zip(trace.meta["ids"], trace.text, strict=True):
        expected = str(builtin.star_value(sid)) if sid in builtin.transfer_stations else BLANK
        assert text == expected


def test_hover_names_lines_and_star_value(tutorial):
    trace = stations_of(draw_map(tutorial))
    row = dict(zip(trace.meta["ids"], trace.customdata, strict=True))["central"]
    assert list(row) == ["Central", "A, B, C", 6]
    assert all(f"customdata[{i}]" in trace.hovertemplate for i in range(3))


def test_wagons_with_indicator_boxes_and_bonus(builtin_plan):
    builtin, fig = builtin_plan
    for line in builtin.lines:
        boxes = by_line(fig, "indicators")[line.id]
        assert len(boxes.x) == line.indicators and list(boxes.text) == [BLANK] * line.indicators
        assert by_line(fig, "bonus")[line.id].text == (f"{line.bonus_first}/{line.bonus_later}",)
        wagon = by_line(fig, "wagon")[line.id]
        assert wagon.text == (f"<b>{line.id}</b>",)
    links = [s for s in fig.layout.shapes if s.name.endswith("wagon link")]
    assert len(links) == len(builtin.lines)
    for shape, line in zip(links, builtin.lines, strict=True):
        first = builtin.stations[line.stations[0]]
        assert (shape.x0, shape.y0) == (first.x, first.y)


def test_wagons_clear_of_stations_and_finite(builtin_plan):
    builtin, fig = builtin_plan
    stations = {(s.x, s.y) for s in builtin.stations.values()}
    for name in ("wagon", "indicators", "bonus"):
        for trace in role(fig, name):
            assert not set(zip(trace.x, trace.y, strict=True)) & stations
    for trace in fig.data:
        assert all(math.isfinite(v) for v in points(trace))
    x0, x1 = fig.layout.xaxis.range
    y0, y1 = fig.layout.yaxis.range
    for trace in fig.data:
        xs, ys = points(trace, "x"), points(trace, "y")
        assert all(x0 <= x <= x1 for x in xs) and all(y0 <= y <= y1 for y in ys)


def test_readable_plan_layout(builtin_plan):
    builtin, fig = builtin_plan
    layout = fig.layout
    assert (layout.width, layout.height) == (1000, 700)
    assert layout.yaxis.scaleanchor == "x" and layout.yaxis.scaleratio == 1
    assert layout.xaxis.visible is False and layout.yaxis.visible is False
    assert layout.xaxis.showgrid is False and layout.yaxis.showgrid is False
    (x0, x1), (y0, y1) = layout.xaxis.range, layout.yaxis.range
    plot_w = 1000 - layout.margin.l - layout.margin.r
    plot_h = 700 - layout.margin.t - layout.margin.b
    assert (x1 - x0) / plot_w == pytest.approx((y1 - y0) / plot_h)  # ranges fit the ratio
    assert builtin.name in layout.title.text


# -- with a sheet ------------------------------------------------------------------------
def test_sheet_marks(scripted_game):
    city = scripted_game.city
    fig = draw_map(game=scripted_game, player=0)
    sheet = scripted_game.sheets[0]
    (crossed,) = role(fig, "crossed")
    crossed_ids = sorted(s for s, m in sheet.marks.items() if m == "X")
    assert sorted(crossed.meta["ids"]) == crossed_ids
    expected = {(city.stations[s].x, city.stations[s].y) for s in crossed_ids}
    assert set(zip(crossed.x, crossed.y, strict=True)) == expected
    assert crossed.marker.symbol == "x-thin"
    (stars,) = role(fig, "stars")
    north = city.stations["north"]
    assert list(zip(stars.x, stars.y, stars.text, strict=True)) == [(north.x, north.y, "2")]
    marks = dict(zip(stations_of(fig).meta["ids"], stations_of(fig).customdata, strict=True))
    assert marks["north"][3] == "star 2" and marks["harbour"][3] == "crossed"
    assert marks["lake"][3] == "empty"


def test_a_written_star_hides_the_star_value_under_it(tutorial):
    """Two numbers in one station would overlap: the star written replaces the value."""
    game = vvlab.Game(tutorial, players=1, seed=0)
    game.sheets[0].marks.update({"central": tutorial.star_value("central"), "park": "X"})
    fig = draw_map(game=game, player=0)
    (stars,) = role(fig, "stars")
    labels = dict(zip(stations_of(fig).meta["ids"], stations_of(fig).text, strict=True))
    assert stars.meta["ids"] == ["central"] and labels["central"] == BLANK
    assert labels["park"] == str(tutorial.star_value("park"))  # crossed: the value stays


def test_sheet_indicator_entries(scripted_game):
    fig = draw_map(game=scripted_game, player=0)
    boxes = by_line(fig, "indicators")
    assert {k: list(t.text) for k, t in boxes.items()} == {
        "A": ["4", "(3)"],
        "B": ["★", BLANK],
        "C": ["3"],
        "D": [BLANK],
    }
    for line_id, trace in boxes.items():
        entries = scripted_game.sheets[0].indicators[line_id]
        colors = list(trace.marker.color)
        assert [c != "#FFFFFF" for c in colors] == [i < len(entries) for i in range(len(colors))]


def test_completed_lines_and_bonuses(scripted_game):
    p1 = draw_map(game=scripted_game, player=0)
    done = by_line(p1, "completed")
    assert set(done) == {"A", "C"}
    assert done["A"].meta["bonus"] == "first" and done["A"].line.color == "#E8A317"
    assert list(zip(done["C"].x, done["C"].y, strict=True)) == list(
        zip(by_line(p1, "line")["C"].x, by_line(p1, "line")["C"].y, strict=True)
    )
    assert done["C"].line.width > by_line(p1, "line")["C"].line.width
    bonus = {k: t.text[0] for k, t in by_line(p1, "bonus").items()}
    assert bonus["A"] == "✓<b>5</b>/3" and bonus["C"] == "✓<b>3</b>/2"
    assert "<s>2</s>" in bonus["D"] and bonus["B"] == "5/3"
    p2 = draw_map(game=scripted_game, player=1)
    bonus = {k: t.text[0] for k, t in by_line(p2, "bonus").items()}
    assert "<s>3</s>" in bonus["C"] and bonus["C"].endswith("/✓<b>2</b>")  # later bonus
    assert "<s>5</s>" in bonus["A"] and "✓" not in bonus["A"]
    assert bonus["D"] == "✓<b>2</b>/1"
    assert {t.meta["line"]: t.meta["bonus"] for t in role(p2, "completed")} == {
        "C": "later",
        "D": "first",
    }


def test_live_score_in_title(scripted_game):
    for player in (0, 1):
        score = scripted_game.score(player)
        title = draw_map(game=scripted_game, player=player).layout.title.text
        assert f"player {player + 1}" in title
        assert f"bonus {score.bonus} + stars {score.stars} − penalty {score.penalty}" in title
        assert title.endswith(f"= <b>{score.total}</b>")


def test_a_sheet_alone(scripted_game):
    sheet = scripted_game.sheets[1]
    fig = draw_map(scripted_game.city, sheet=sheet)
    assert len(role(fig, "crossed")[0].x) == len(sheet.marks) - 1  # lake holds a star
    assert "= <b>" in fig.layout.title.text and "player" not in fig.layout.title.text


def test_bad_arguments(scripted_game, tutorial):
    with pytest.raises(ValueError, match="either sheet"):
        draw_map(sheet=scripted_game.sheets[0], game=scripted_game)
    with pytest.raises(IndexError):
        draw_map(game=scripted_game, player=2)
    with pytest.raises(ValueError, match="not for"):
        draw_map(vvlab.load_map("berlin"), sheet=scripted_game.sheets[0])
    with pytest.raises(ValueError, match="needs a city"):
        draw_map()


def test_draw_game_one_plan_per_player(scripted_game):
    fig = draw_game(scripted_game)
    assert fig.layout.height == 1400
    for p, axis in enumerate(("x", "x2")):
        assert len(role(fig, "line", axis)) == len(scripted_game.city.lines)
        legend = [t.showlegend is not False for t in role(fig, "line", axis)]
        assert all(legend) if p == 0 else not any(legend)
        crossed = role(fig, "crossed", axis)[0]
        marks = scripted_game.sheets[p].marks
        assert sorted(crossed.meta["ids"]) == sorted(s for s, m in marks.items() if m == "X")
        total = scripted_game.score(p).total
        assert any(
            f"player {p + 1}" in a.text and a.text.endswith(f"<b>{total}</b>")
            for a in fig.layout.annotations
        )
    assert fig.layout.yaxis2.scaleanchor == "x2"


@pytest.mark.parametrize(("lines", "stations", "seed"), [(2, 8, 0), (3, 12, 1), (12, 120, 2)])
def test_generated_cities_draw(lines, stations, seed):
    from vvlab.model.generate import generate_city

    city = generate_city(lines=lines, stations=stations, seed=seed)
    fig = draw_map(city)
    assert len(role(fig, "line")) == len(role(fig, "wagon")) == len(city.lines)
    for trace in fig.data:
        assert all(math.isfinite(v) for v in points(trace))
    for line in city.lines:
        assert len(by_line(fig, "indicators")[line.id].x) == line.indicators


def test_long_line_names_keep_the_legend_inside_its_margin():
    """A feed's long route names are cut in the legend (plotly would widen the margin
    and shrink the plot under names placed for its full size); the hover keeps them."""
    from vvlab.viz.plan import LEGEND_CHARS

    data = vvlab.load_map("tutorial").to_dict()
    data["lines"][0]["name"] = "Nemocnice Motol - Depo Hostivař"
    fig = vvlab.viz.draw_map(vvlab.CityMap.from_dict(data))
    line = next(t for t in fig.data if t.meta.get("role") == "line" and t.meta["line"] == "A")
    assert line.name == "A · Nemocnice Mo…" and len(line.name) == LEGEND_CHARS
    wagon = next(t for t in fig.data if t.meta.get("role") == "wagon" and t.meta["line"] == "A")
    assert "Depo Hostivař" in wagon.hovertext[0]
