"""Notebook display: CityMap and Game show a useful text view (until the plotly views)."""

import vvlab
from vvlab import Card, Game, Move


class Printer:
    """Stands in for IPython's pretty printer."""

    def __init__(self):
        self.parts = []

    def text(self, s):
        self.parts.append(s)


def shown(obj, cycle=False):
    printer = Printer()
    obj._repr_pretty_(printer, cycle)
    return "".join(printer.parts)


def test_city_map_shows_its_overview():
    city = vvlab.load_map("tutorial")
    text = shown(city)
    assert text == city.describe()
    assert "Transfer stations (star value)" in text and "Central   6  A B C" in text
    assert shown(city, cycle=True) == repr(city)


def test_game_shows_card_sheets_and_live_score():
    game = Game("tutorial", players=2, cards=[Card.number(3), Card.star(shuffle=True)])
    game.play([Move(line="C"), Move(line="A")])
    text = shown(game)
    assert text.startswith("<Game tutorial: 2 player(s), voll-verplant, turn 1, card ★↻>")
    assert "Card: star (shuffle); seen since the last shuffle: 3, star (shuffle)" in text
    assert "Player 1: bonus 3 + stars 0 - penalty 4 (9 empty) = -1" in text
    assert "C  [3]    done: first +3 (turn 1)  Airport[X] Mill[X] Central[X]" in text
    assert "Player 2: bonus 0 + stars 0 - penalty 4 (9 empty) = -4" in text
    assert "bonus -/2 (first gone)" in text  # player 2 struck out C's first bonus
