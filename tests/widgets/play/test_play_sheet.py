"""The play widget's sheet as the browser draws it (the indicator boxes, the star value
labels) and its City picker, which names the city being played."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

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
    """The labels plotly.js draws for the points of one trace redrawn in place.

    As plotly.js does (``Drawing.textPointStyle`` and the scatter trace's text join):
    a point whose text is empty loses its text element, and a point that is still
    there at the next redraw gets no new one, so a text given to it later never shows.
    """

    def __init__(self, texts: Sequence[str]):
        self.lost: set[int] = set()
        self.shown: list[str] = []
        self.draw(texts)

    def draw(self, texts: Sequence[str]) -> list[str]:
        """Redraw with ``texts``; returns the labels seen (``""`` where none is drawn)."""
        texts = list(texts)
        lost = {i for i in self.lost if i < len(texts)}
        self.lost = lost | {i for i, text in enumerate(texts) if not text}
        self.shown = ["" if i in self.lost else text for i, text in enumerate(texts)]
        return self.shown


def box_texts(widget: PlayWidget, line: str) -> tuple[str, ...]:
    return widget.map.trace("indicators", line).text


def test_the_number_written_shows_in_its_box_in_the_same_update():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    drawn = DrawnLabels(box_texts(widget, "A"))  # the widget displayed
    widget.line_buttons["A"].click()
    drawn.draw(box_texts(widget, "A"))
    widget.confirm_button.click()
    assert widget.controller.game.turn == 1
    assert drawn.draw(box_texts(widget, "A")) == ["4", BLANK]
    sent = widget.map.figure_update.last_restyle[widget.map.index[("indicators", "A")]]
    assert sent["text"] == ["4", BLANK]  # in the turn's own update


def test_express_star_and_number_show_in_their_boxes_and_a_free_card_in_none():
    widget = PlayWidget("tutorial", seats=["person"], seed=26)
    c = widget.controller
    lines = [line.id for line in c.city.lines]
    drawn = {line: DrawnLabels(box_texts(widget, line)) for line in lines}
    faces = {}
    for expected in (Card.express(3), Card.star(), Card.number(6, shuffle=True)):
        assert c.card == expected
        line = c.legal_lines()[0]
        widget.line_buttons[line].click()
        widget.confirm_button.click()
        faces.setdefault(line, []).append(expected.face)
    assert faces == {"A": ["(3)", "★"], "B": ["6"]}
    shown = {line: drawn[line].draw(box_texts(widget, line)) for line in lines}
    assert shown == {"A": ["(3)", "★"], "B": ["6", BLANK], "C": [BLANK], "D": [BLANK]}
    assert c.card == Card.free()
    empty = next(s for s in c.city.stations if s not in c.game.sheets[0].marks)
    widget.map.click_station(empty)
    widget.confirm_button.click()
    assert c.game.sheets[0].marks[empty] == "X"
    assert {line: drawn[line].draw(box_texts(widget, line)) for line in lines} == shown


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
