"""Names are text everywhere: a city, line or station named with plotly/HTML markup
(``<a href>``, ``<b>``, ``<br>``) shows that markup literally in every figure of
``vvlab report`` and of ``vvlab.viz`` (titles, hovers, labels, legends, the data a
hover template shows), never interpreted."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import vvlab
from vvlab.viz import (
    bonus_vs_completion,
    draw_game,
    draw_map,
    fill_progress,
    station_heatmap,
)
from vvlab.viz.exports import report_figures

CITY = '<a href="https://x">Click me</a>'
LINE = "<b>Amber</b>"
STATIONS = {"central": "<b>x</b>", "mill": "A<br>B", "park": '<a href="https://y">P</a>'}
RULESET = "<i>house</i> rules"
MARKUP = ("<a ", "<a>", "</a>", "<b>x</b>", "<b>Amber</b>", "A<br>B", "<i>")
"""What must never reach a figure unescaped: every piece of the names' markup."""


@pytest.fixture(scope="module")
def city():
    data = vvlab.load_map("tutorial").to_dict()
    data["name"] = CITY
    data["lines"][0]["name"] = LINE
    for sid, name in STATIONS.items():
        data["stations"][sid]["name"] = name
    return vvlab.load_map(data)


def strings(value: Any) -> Iterator[str]:
    """Every string in a figure's JSON that plotly may show: data, layout, customdata
    (hover templates show it), but not ``meta`` (the code's own notes, never drawn)."""
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            if key != "meta":
                yield from strings(item)
    elif isinstance(value, (list, tuple, np.ndarray)):
        for item in value:
            yield from strings(item)


def unescaped(fig) -> list[str]:
    """The texts of ``fig`` (a figure, or its JSON) that hold a name's markup as is."""
    found = fig if isinstance(fig, dict) else fig.to_plotly_json()
    return [text for text in strings(found) if any(m in text for m in MARKUP)]


def shows(fig, escaped: str) -> bool:
    return any(escaped in text for text in strings(fig.to_plotly_json()))


@pytest.mark.parametrize("players", [1, 2])
def test_no_figure_of_the_report_interprets_a_name(city, players):
    res = vvlab.simulate(city, players, "greedy", 12, seed=3, workers=1, progress=False)
    figures = report_figures(res)
    assert len(figures) == 5 + players  # the bonus race with two players
    for section, fig in figures.items():
        assert unescaped(fig) == [], section
    title = figures["station-heatmap"].layout.title.text
    assert '&lt;a href="https://x"&gt;Click me&lt;/a&gt;' in title  # shown, as text


def test_a_ruleset_named_with_markup_shows_it_as_text(city):
    from vvlab.engine.rulesets import Ruleset, get_ruleset
    from vvlab.viz import score_breakdown, score_distribution

    base = get_ruleset("voll-verplant")
    house = Ruleset(RULESET, deck=base.deck, penalty=base.penalty)
    res = vvlab.simulate(city, 1, "greedy", 12, seed=3, ruleset=house, workers=1, progress=False)
    game = vvlab.Game(city, players=1, ruleset=house, seed=1)
    figures = [
        score_distribution(res, by="ruleset"),
        score_breakdown(res, by="ruleset"),
        *report_figures(res).values(),
        draw_game(game),
    ]
    for fig in figures:
        assert unescaped(fig) == []
    assert shows(figures[0], "&lt;i&gt;house&lt;/i&gt; rules")


def test_the_plan_and_a_game_show_names_as_text(city):
    game = vvlab.Game(city, players=2, seed=1)
    for _ in range(4):
        game.play([game.legal_moves(p)[0] for p in range(2)])
    for fig in (draw_map(city), draw_map(city, names=True), draw_game(game), fill_progress(game)):
        assert unescaped(fig) == []
    named = draw_map(city, names=True)
    assert shows(named, "&lt;b&gt;x&lt;/b&gt;") and shows(named, "A&lt;br&gt;B")
    assert shows(named, "&lt;b&gt;Amber&lt;/b&gt;")  # the line's legend entry


def test_the_balance_scatter_and_heatmap_show_names_as_text(city):
    import pandas as pd

    lines = pd.DataFrame(
        {"city": [CITY, "Berlin"], "line": ["A", "U1"], "line_rate": [0.5, 0.7],
         "bonus_first": [5, 6]}
    )  # fmt: skip
    res = vvlab.simulate(city, 1, "greedy", 8, seed=2, workers=1, progress=False)
    for fig in (bonus_vs_completion(lines), station_heatmap(city, res)):
        assert unescaped(fig) == []


def _html_values(widget) -> Iterator[str]:
    """The HTML every ``HTML`` widget under ``widget`` shows."""
    import ipywidgets as w

    if isinstance(widget, w.HTML):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from _html_values(child)


def test_the_play_widget_shows_names_as_text(city):
    pytest.importorskip("ipywidgets")
    from vvlab.widgets.play.view import PlayWidget

    widget = PlayWidget(city, seats=["person"], seed=0)
    assert unescaped(widget.figure) == []
    assert not [v for v in _html_values(widget) if any(m in v for m in MARKUP)]
    assert shows(widget.figure, "&lt;a href=")


def test_the_editor_canvas_shows_names_as_text(city):
    from vvlab.widgets.editor.sketch import canvas_frame, sketch_traces

    data = city.to_dict()
    del data["lines"][0]["color"]  # a draft with a problem: drawn as a sketch
    traces = sketch_traces(data, canvas_frame((-1, -1, 12, 12), 920, 640))
    assert unescaped({"data": traces}) == []
    assert any("&lt;b&gt;x&lt;/b&gt;" in text for text in strings(traces))


def test_a_name_with_a_template_field_is_not_filled_in_by_plotly():
    """plotly fills ``%{...}`` in hover and text templates: names put into a template
    keep it as text (the city "Q%{y}Q" is not shown as "Q12Q" on hover)."""
    data = vvlab.load_map("tutorial").to_dict()
    data["name"] = "Q%{y}Q"
    data["lines"][0]["name"] = "L%{x}L"
    data["stations"]["central"]["name"] = "S%{text}S"
    templated = vvlab.load_map(data)
    res = vvlab.simulate(templated, 2, "greedy", 12, seed=3, workers=1, progress=False)
    import pandas as pd

    lines = pd.DataFrame(
        {"city": ["Q%{y}Q"], "line": ["A"], "line_rate": [0.5], "bonus_first": [5]}
    )
    figures = dict(report_figures(res))
    figures |= {"map": draw_map(templated), "lines": bonus_vs_completion(lines)}
    for section, fig in figures.items():
        found = fig.to_plotly_json()
        templates = [
            text
            for trace in found["data"]
            for key in ("hovertemplate", "texttemplate")
            for text in strings(trace.get(key, ""))
        ]
        assert not [t for t in templates if any(n in t for n in ("Q%{y", "L%{x", "S%{text"))], (
            section
        )
