"""Long names on a sheet: a city's long title shrinks, then wraps onto two lines, then
is cut short, never running over the panel; a long station name is broken onto lines
and still drawn; a name's markup characters are printed as written."""

from __future__ import annotations

import warnings

import pytest
from sheet_checks import _text_box, check_no_overlaps, overlap

import vvlab
from vvlab.printing import sheet_page
from vvlab.printing.fit import ELLIPSIS
from vvlab.printing.page import Text
from vvlab.printing.sheet import HEADER, MARGIN, PANEL, TWO_LINE_TITLE

LONG_TITLE = "Verkehrsverbund Rhein-Ruhr und Verkehrsverbund Rhein-Sieg im Nachtverkehr " * 3
ONE_WORD = "Llanfairpwllgwyngyllgogerychwyrndrobwllllantysiliogogogoch" * 3
LONG_NAME = "Flughafen Berlin Brandenburg Willy Brandt Terminal 1 und 2 (Bahnhof)"


def _page(title: str = "Tutorial", **names: str):
    data = vvlab.load_map("tutorial").to_dict()
    data["name"] = title
    for sid, name in names.items():
        data["stations"][sid]["name"] = name
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a name left out warns: none may be
        return sheet_page(data)


def _title(page) -> list[Text]:
    left = page.width - MARGIN - PANEL
    return [
        s
        for s in page.shapes
        if isinstance(s, Text) and s.bold and s.y < MARGIN + 10 and s.x < left
    ]


def _heading(page) -> Text:
    (found,) = [s for s in page.shapes if isinstance(s, Text) and s.text == "Wagons and score"]
    return found


@pytest.mark.parametrize("title", [LONG_TITLE, ONE_WORD, "Rhein-Ruhr " * 9])
def test_a_long_title_never_runs_over_the_panel(title):
    page = _page(title)
    lines = _title(page)
    panel_x = page.width - MARGIN - PANEL
    heading = _text_box(_heading(page))
    assert 1 <= len(lines) <= 2
    for line in lines:
        box = _text_box(line)
        assert box[2] <= panel_x - 4.0 + 1e-9 and not overlap(box, heading)
        assert line.size >= TWO_LINE_TITLE and box[3] < MARGIN + HEADER
    shown = " ".join(line.text for line in lines)
    if shown != " ".join(title.split()):
        assert shown.endswith(ELLIPSIS) and title.startswith(shown[:-1].split(" ")[0])


def test_a_title_that_fits_smaller_stays_whole_on_one_line():
    title = "Verkehrsverbund Rhein-Ruhr Nachtnetz Linien Dortmund"
    (line,) = _title(_page(title))
    assert line.text == title and TWO_LINE_TITLE < line.size < 7.0


def test_a_two_line_title_keeps_clear_of_the_line_under_it():
    page = _page(LONG_TITLE)
    (subtitle,) = [s for s in page.shapes if isinstance(s, Text) and s.text.startswith("Voll")]
    boxes = [_text_box(line) for line in _title(page)]
    assert len(boxes) == 2 and not overlap(*boxes)
    assert not any(overlap(box, _text_box(subtitle)) for box in boxes)


def _name_lines(page) -> list[str]:
    return [s.text for s in page.shapes if isinstance(s, Text) and s.fill == "#333333"]


@pytest.mark.parametrize("sid", ["central", "mill", "airport"])
def test_a_long_station_name_is_broken_onto_lines_and_drawn(sid):
    page = _page(**{sid: LONG_NAME})
    lines = _name_lines(page)
    words = " ".join(lines).split()
    at = words.index("Flughafen")
    assert " ".join(words[at : at + len(LONG_NAME.split())]) == LONG_NAME
    check_no_overlaps(page, page.width - MARGIN - PANEL, MARGIN + HEADER - 1.0)


def test_station_names_with_markup_are_printed_as_written():
    names = {"central": "<b>x</b>", "mill": "A<br>B", "park": '<a href="https://x">Click</a>'}
    shown = _name_lines(_page("<b>Bold</b> & co", **names))
    assert {"<b>x</b>", "A<br>B"} <= set(shown)
    assert any("Click</a>" in text for text in shown)
    assert "A" not in shown and "B" not in shown  # not broken where the name says <br>


def _house(name: str):
    from vvlab import Card
    from vvlab.engine.rulesets import Penalty, Ruleset

    deck = (Card.number(2), Card.star(shuffle=True))
    return Ruleset(name, deck=deck, penalty=Penalty(divisor=3))


def test_a_long_ruleset_name_stays_on_its_card_and_under_the_title():
    from vvlab.printing.cards import card_pages

    name = "House rules of the Thursday club, with two extra stars " * 2
    texts = [s for s in card_pages(_house(name))[0].shapes if isinstance(s, Text)]
    names = [s for s in texts if s.text.startswith("House rules")]
    assert len(names) == 2 and all(s.text.endswith(ELLIPSIS) for s in names)
    for shape in names:  # clear of the card's corner marks, which share its baseline
        assert not any(overlap(_text_box(shape), _text_box(t)) for t in texts if t != shape)
    page = sheet_page("tutorial", ruleset=_house(name))
    (subtitle,) = [s for s in page.shapes if isinstance(s, Text) and s.text.startswith("Voll")]
    assert _text_box(subtitle)[2] <= page.width - MARGIN - PANEL - 4.0
    assert subtitle.text.endswith("player: ______________")


def test_a_ruleset_name_the_font_lacks_is_refused_before_printing_cards(tmp_path):
    from vvlab.printing import SheetTextError, write_cards

    with pytest.raises(SheetTextError, match="cannot draw 家 \\(the ruleset's name\\)"):
        write_cards(tmp_path / "c.pdf", ruleset=_house("家 rules"))
    assert not (tmp_path / "c.pdf").exists()
