"""The play widget's sheet as the browser draws it (the indicator boxes, the star value
labels) and its City picker, which names the city being played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

import vvlab
from vvlab import Card, Game, Move
from vvlab.viz.plan import BLANK
from vvlab.widgets import PlayWidget

HARBOUR_TOWN = {**vvlab.load_map("tutorial").to_dict(), "id": "harbour-town"}
HARBOUR_TOWN["name"] = "Harbour Town"


class DrawnLabels:
    """The labels plotly.js shows for the points of one trace redrawn in place, each
    update of the figure redrawing every trace.

    As plotly.js 3 does (the scatter trace's text join and ``Drawing.textPointStyle``,
    seen in Chromium): a point given an empty text loses its text element; at the next
    redraw such a point loses its label too, and the redraw after that makes a new one.
    So a number written in a box that was "" shows one update late, or not at all.
    """

    def __init__(self, texts: Sequence[str]):
        self.states: list[str] = []
        self.draw(texts)

    def draw(self, texts: Sequence[str]) -> list[str]:
        """Redraw with ``texts``; returns the labels seen (``""`` where none is drawn)."""
        texts = list(texts)
        before = self.states + ["none"] * (len(texts) - len(self.states))
        self.states = [
            "none" if was == "no text" else "text" if text else "no text"
            for was, text in zip(before, texts, strict=False)
        ]
        return [t if state == "text" else "" for t, state in zip(texts, self.states, strict=True)]


def box_texts(widget: PlayWidget, line: str) -> tuple[str, ...]:
    return widget.map.trace("indicators", line).text


def test_the_number_written_shows_in_its_box_in_the_same_update():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    drawn = DrawnLabels(box_texts(widget, "A"))  # the widget displayed
    for line in ("B", "A"):  # a change of mind: two previews drawn
        widget.line_buttons[line].click()
        drawn.draw(box_texts(widget, "A"))
    widget.confirm_button.click()
    assert widget.controller.game.turn == 1
    assert drawn.draw(box_texts(widget, "A")) == ["4", BLANK]
    sent = widget.map.figure_update.last_restyle[widget.map.index[("indicators", "A")]]
    assert sent["text"] == ["4", BLANK]  # in the turn's own update


def test_express_star_and_number_show_in_their_boxes_and_a_free_card_in_none():
    widget = PlayWidget("tutorial", seats=["person"], seed=26)
    c = widget.controller
    drawn = {line.id: DrawnLabels(box_texts(widget, line.id)) for line in c.city.lines}

    def click(button: Any) -> dict[str, list[str]]:
        button.click()
        return {line: labels.draw(box_texts(widget, line)) for line, labels in drawn.items()}

    for expected in (Card.express(3), Card.star(), Card.number(6, shuffle=True)):
        assert c.card == expected
        click(widget.line_buttons[c.legal_lines()[0]])
        shown = click(widget.confirm_button)
        assert expected.face in shown["A"] + shown["B"]
    assert shown == {"A": ["(3)", "★"], "B": ["6", BLANK], "C": [BLANK], "D": [BLANK]}
    assert c.card == Card.free()
    empty = next(s for s in c.city.stations if s not in c.game.sheets[0].marks)
    widget.map.click_station(empty)
    assert click(widget.confirm_button) == shown
    assert c.game.sheets[0].marks[empty] == "X"


def test_a_box_emptied_by_undo_shows_the_next_number():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    drawn = DrawnLabels(box_texts(widget, "A"))
    for line in ("A", "A"):
        widget.line_buttons[line].click()
        widget.confirm_button.click()
        drawn.draw(box_texts(widget, "A"))
        widget.undo_button.click()
        assert drawn.draw(box_texts(widget, "A")) == [BLANK, BLANK]
    widget.line_buttons["A"].click()
    widget.confirm_button.click()
    assert drawn.draw(box_texts(widget, "A")) == ["4", BLANK]


def test_a_star_value_shows_again_when_the_star_over_it_is_taken_back():
    widget = PlayWidget("tutorial", seats=["person"], seed=3)
    stations = widget.map.trace("stations")
    central = list(stations.meta["ids"]).index("central")
    drawn = DrawnLabels(stations.text)
    game = Game(widget.controller.city, players=1, cards=[Card.number(2), Card.star()] * 8)
    game.play([Move(line="A")])
    game.play([Move(line="A")])  # the star goes to central, over its star value 6
    widget.map.paint(game.sheets[0], "a star in central")
    assert drawn.draw(stations.text)[central] == BLANK
    widget.refresh()  # the widget's own game: no star in central
    assert drawn.draw(stations.text)[central] == "6"


# -- the City picker ---------------------------------------------------------------------
@pytest.fixture
def town_file(tmp_path: Path) -> Path:
    path = tmp_path / "harbour-town.json"
    vvlab.CityMap.from_dict(HARBOUR_TOWN).save(path)
    return path


def test_a_game_started_from_a_file_is_named_in_the_picker(town_file: Path):
    widget = PlayWidget("berlin", seats=["person"], seed=0)
    widget.city_path.value = str(town_file)
    widget.start_button.click()
    assert widget.message == "" and widget.controller.city.name == "Harbour Town"
    assert widget.city_select.label == "Harbour Town"
    assert widget.city_select.value is widget.controller.city
    assert widget.city_path.value == ""  # the picker names it now


@pytest.mark.parametrize("given", ["path", "text path", "dict", "CityMap"])
def test_a_widget_made_with_a_city_of_its_own_names_it(town_file: Path, given: str):
    city = {
        "path": town_file,
        "text path": str(town_file),
        "dict": HARBOUR_TOWN,
        "CityMap": vvlab.CityMap.from_dict(HARBOUR_TOWN),
    }[given]
    widget = PlayWidget(city, seats=["person"], seed=0)
    assert widget.city_select.label == "Harbour Town"
    assert widget.city_select.value is widget.controller.city


def test_picking_a_city_starts_it_and_the_file_city_stays_listed(town_file: Path):
    widget = PlayWidget(town_file, seats=["person", "greedy"], seed=0)
    c = widget.controller
    widget.line_buttons[c.legal_lines()[0]].click()
    widget.confirm_button.click()
    assert c.game.turn == 1
    widget.city_select.value = "tutorial"
    assert (c.city.id, c.game.turn, c.seats) == ("tutorial", 0, ("person", "greedy"))
    assert widget.city_select.label == "tutorial"
    assert set(widget.line_buttons) == {line.id for line in c.city.lines}
    widget.city_select.label = "Harbour Town"
    assert c.city.name == "Harbour Town" and c.game.turn == 0
    assert [label for label, _ in widget.city_select.options].count("Harbour Town") == 1


def test_a_refused_pick_leaves_the_played_city_named():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    widget.seat_boxes[0].value = "no such bot"
    widget.city_select.value = "berlin"
    assert "seat 1" in widget.message
    assert widget.controller.city.id == "tutorial" and widget.city_select.value == "tutorial"
