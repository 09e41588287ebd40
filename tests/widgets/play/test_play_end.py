"""The end of a solo game as shown, and messages that name stations by name."""

from __future__ import annotations

import re

import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from vvlab.widgets import PlayController, PlayError, PlayWidget


def play_to_the_end(widget: PlayWidget) -> None:
    c = widget.controller
    while not c.is_over:
        c.choose(**({"line": c.legal_lines()[0]} if c.legal_lines() else _free(c)))
        c.confirm()
    widget.refresh()


def _free(c: PlayController) -> dict[str, str | None]:
    move = c.game.legal_moves(c.current_player)[0]
    return {"station": move.station}


def test_solo_game_over_shows_the_final_state():
    widget = PlayWidget("tutorial", seats=["person"], seed=3)
    play_to_the_end(widget)
    c = widget.controller
    turns, total = c.game.turn, c.game.score(0).total
    title = widget.figure.layout.title.text
    assert f"game over after {turns} turns" in title and f"final score <b>{total}</b>" in title
    assert f"turn {turns + 1}" not in title
    assert c.status() == f"Game over after {turns} turns: final score {total} points."
    assert widget.confirm_button.layout.display == "none"
    assert "Play turn" not in widget.status_html.value
    assert widget.end_panel.layout.display is None


def test_a_filled_station_is_named_by_its_name():
    for seed in range(50):
        c = PlayController("berlin", seats=["person"], seed=seed)
        while not c.is_over and c.card.kind != "free":
            c.choose(line=c.legal_lines()[0])
            c.confirm()
        filled = [s for s, m in c.game.sheets[0].marks.items() if m]
        if not c.is_over and filled:
            break
    name = c.city.stations[filled[0]].name
    with pytest.raises(PlayError) as err:
        c.choose(station=filled[0])
    message = str(err.value)
    assert name in message and f"'{filled[0]}'" not in message and "  " not in message


def test_cards_are_shown_in_words():
    widget = PlayWidget("berlin", seats=["person"], seed=5)
    c = widget.controller
    shown = []
    while not c.is_over:
        shown += [c.status(), widget.card_html.value, widget.seen_html.value]
        c.choose(**({"line": c.legal_lines()[0]} if c.legal_lines() else _free(c)))
        c.confirm()
        widget.refresh()
    shown += [*c.log, widget.transcript_text.value]
    text = "\n".join(shown)
    kinds = {card.kind for card in (r.card for r in c.game.history)}
    assert "express" in kinds and any(r.card.shuffle for r in c.game.history)
    assert "↻" not in text and not re.search(r"card \(\d+\)|>\(\d+\)<|: \(\d+\)", text)
    assert "card express " in text and "(shuffle)" in text
    assert all("  " not in line.strip() for line in c.log[0].splitlines())


def test_displaying_the_widget_sends_the_whole_map_first(monkeypatch):
    """A view draws the model's _widget_data/_widget_layout: they must hold the map as it
    is now (not as it was built) when the widget is displayed, and be sent even if the
    kernel thinks the browser has them (edits lost before plotly's code loaded)."""
    widget = PlayWidget("tutorial", seats=["person"], seed=1)
    widget.line_buttons[widget.controller.legal_lines()[0]].click()
    widget.confirm_button.click()
    fig, sent = widget.figure, []
    monkeypatch.setattr(fig, "send_state", lambda key=None: sent.append(key))
    bundle = widget._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert fig._widget_data == fig._data
    assert fig._widget_layout == fig._layout_obj._props
    assert "turn 2" in fig._widget_layout["title"]["text"]
    assert sent and set(sent[-1]) == {"_widget_data", "_widget_layout"}
