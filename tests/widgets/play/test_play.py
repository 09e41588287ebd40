"""PlayWidget and PlayController driven headlessly: buttons, plotly clicks, undo, preview."""

from __future__ import annotations

import numpy as np
import pytest

pytest.importorskip("ipywidgets")
pytest.importorskip("anywidget")

from vvlab import Game, Move, load_map
from vvlab.bots import make_bot
from vvlab.engine.transcript import game_transcript
from vvlab.viz.plan import BLANK
from vvlab.widgets import PlayController, PlayError, PlayWidget


def enabled(widget: PlayWidget) -> list[str]:
    return [line for line, b in widget.line_buttons.items() if not b.disabled]


def person_turn(widget: PlayWidget, game: Game, player: int, pick: int = 0) -> Move:
    """Make the current person's move through the UI: a line button, or a map click on
    an empty station for a free card. Checks the buttons against the engine's moves."""
    legal = game.legal_moves(player)
    if game.card.kind == "free":
        assert enabled(widget) == []
        move = legal[pick % len(legal)]
        widget.map.click_station(move.station)
    else:
        assert enabled(widget) == [m.line for m in legal]
        move = legal[pick % len(legal)]
        widget.line_buttons[move.line].click()
    assert widget.message == ""
    assert widget.controller.choice == move
    widget.confirm_button.click()
    return move


def test_solo_game_to_the_end_by_buttons():
    widget = PlayWidget("berlin", seats=["person"], seed=11)
    twin = Game("berlin", players=1, seed=11)
    figure = widget.figure
    frees = 0
    while not twin.is_over:
        assert widget.controller.card == twin.card
        frees += twin.card.kind == "free"
        move = person_turn(widget, twin, 0, pick=twin.turn * 7)
        twin.play([move])
        assert widget.controller.game.state() == twin.state()
    city = load_map("berlin")
    assert twin.turn == city.total_indicators + frees
    assert widget.controller.is_over and widget.end_panel.layout.display is None
    assert widget.transcript_text.value == game_transcript(twin, for_people=True)
    assert f"<td style='padding:2px 8px;text-align:right'>{twin.score(0).total}</td>" in (
        widget.final_html.value
    )
    assert widget.confirm_button.disabled and enabled(widget) == []
    assert widget.figure is figure  # redrawn in place, never replaced
    crossed = widget.map.trace("crossed")
    assert sorted(crossed.meta["ids"]) == sorted(
        s for s, m in twin.sheets[0].marks.items() if m == "X"
    )


def test_two_persons_and_a_bot_to_the_end():
    seats = ["person", "person", "greedy"]
    widget = PlayWidget("amsterdam", seats=seats, seed=4)
    twin = Game("amsterdam", players=3, seed=4)
    bot = make_bot("greedy")
    bot_rng = [np.random.default_rng(s) for s in np.random.SeedSequence(4).spawn(3)][2]
    while not twin.is_over:
        c = widget.controller
        assert c.current_player == 0 and "P1 (person)" in widget.figure.layout.title.text
        m0 = person_turn(widget, twin, 0, pick=0)
        assert c.game.turn == twin.turn  # not played yet: P2 chooses for the same card
        assert c.current_player == 1 and "P2 (person)" in widget.figure.layout.title.text
        assert c.card == twin.card
        m1 = person_turn(widget, twin, 1, pick=-1)
        m2 = bot.choose(twin.view(2), bot_rng)
        record = twin.play([m0, m1, m2])
        assert c.game.history[-1] == record
        assert c.game.state() == twin.state()
        for row in c.scoreboard():
            assert row["total"] == twin.score(row["player"]).total
            assert set(row["completed"]) == set(twin.sheets[row["player"]].completed)
    assert c.log[-1].startswith(f"Turn {twin.turn}: card")
    final = c.final_scores()
    assert [r["player"] for r in final if r["winner"]] == twin.winners()
    assert widget.end_panel.layout.display is None
    assert "winner" in widget.final_html.value


def test_free_card_by_a_click_on_the_map():
    widget = PlayWidget("tutorial", seats=["person"], seed=17)  # first card: free
    c, city = widget.controller, load_map("tutorial")
    assert c.card.kind == "free" and enabled(widget) == []
    assert widget.map.trace("line", "A").hoverinfo == "skip"  # clicks go to stations
    widget.map.click_line("A")  # a line is no answer to a free card
    assert "click a station" in widget.message and c.choice is None
    widget.map.click_station("zoo")
    assert c.choice == Move(station="zoo") and widget.message == ""
    preview = widget.map.trace("preview")
    assert list(preview.meta["ids"]) == ["zoo"]
    assert (preview.x[0], preview.y[0]) == (city.stations["zoo"].x, city.stations["zoo"].y)
    widget.confirm_button.click()
    assert c.game.sheets[0].marks == {"zoo": "X"} and c.game.turn == 1
    assert list(widget.map.trace("crossed").meta["ids"]) == ["zoo"]
    assert list(widget.map.trace("preview").x) == []
    assert widget.map.trace("line", "A").hoverinfo == "text"  # a line card: lines take clicks


def test_illegal_choices_give_messages_not_tracebacks():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    c = widget.controller
    widget.line_buttons["C"].click()
    widget.confirm_button.click()  # C has one indicator box, now used
    assert "C" not in enabled(widget)
    state = c.game.state()
    widget.map.click_line("C")
    assert "line C has no free indicator box" in widget.message
    assert "no free indicator box" in widget.message_html.value
    widget.map.click_station("central")  # on A, B and C: ambiguous
    assert "lines A, B pass Central" in widget.message
    widget.map.click_station("lake")  # only line D passes the lake
    assert widget.message == "" and c.choice == Move(line="D")
    with pytest.raises(PlayError, match="no line 'Z' on this map"):
        c.choose(line="Z")
    assert c.game.state() == state
    widget.seat_boxes[0].value = "cautious"
    widget.start_button.click()
    assert "unknown bot 'cautious'" in widget.message and c.game.state() == state
    widget.confirm_button.click()
    assert c.game.turn == 2  # the refused set-up left the game running


def test_undo_choice_and_solo_turn():
    c = PlayController("tutorial", seats=["person", "random"], seed=5)
    with pytest.raises(PlayError, match="nothing to undo yet"):
        c.undo()
    start, card = c.game.state(), c.card
    c.choose(line="A")
    assert c.undo() == "your choice of line A" and c.choice is None
    c.choose(line="B")
    first = c.confirm()
    after = c.game.state()
    assert c.undo() == "turn 1"
    assert c.game.state() == start and c.card == card and c.log == []
    c.choose(line="B")
    assert c.confirm() == first  # the bot's randomness was rewound too
    assert c.game.state() == after


def test_undo_between_persons_and_no_undo_of_played_turns():
    widget = PlayWidget("tutorial", seats=["person", "person"], seed=0)
    c = widget.controller
    widget.line_buttons["A"].click()
    widget.confirm_button.click()
    assert c.current_player == 1 and not widget.undo_button.disabled
    widget.undo_button.click()  # back to P1's pick
    assert c.current_player == 0 and c.choice == Move(line="A")
    assert "Undone: the move confirmed by P1 (person)" in widget.message_html.value
    widget.line_buttons["B"].click()
    widget.confirm_button.click()
    widget.line_buttons["C"].click()
    widget.confirm_button.click()
    assert c.game.history[-1].moves == (Move(line="B"), Move(line="C"))
    assert widget.undo_button.disabled
    with pytest.raises(PlayError, match="only with one person"):
        c.undo()


def test_preview_matches_the_engine():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)  # cards 4, 3, 3, ...
    c = widget.controller
    widget.line_buttons["C"].click()
    p = c.preview()
    assert p.stations == ("airport", "mill", "central")
    assert [(b.line, b.kind, b.points) for b in p.completes] == [("C", "first", 3)]
    assert (p.before.total, p.after.total, p.delta) == (-6, -1, 5)
    preview = widget.map.trace("preview")
    assert list(preview.meta["ids"]) == ["airport", "mill", "central"]
    assert list(preview.text) == ["1", "2", "3"]
    assert "score -6 → -1 (+5)" in widget.preview_html.value
    widget.line_buttons["A"].click()  # change of mind: A from the harbour, stops at central
    p = c.preview()
    assert p.stations == ("harbour", "market", "central", "castle")
    widget.confirm_button.click()
    assert c.game.history[-1].filled == (p.stations,)
    assert c.game.score(0) == p.after
    for line in c.legal_lines():  # every preview agrees with a twin game
        c.choose(line=line)
        p = c.preview()
        twin = Game.from_record(c.game.to_record())
        record = twin.play([Move(line=line)])
        assert p.stations == record.filled[0]
        assert p.after == twin.score(0) and p.delta == twin.score(0).total - p.before.total


def test_star_preview_writes_the_star_value():
    widget = PlayWidget("tutorial", seed=3)  # first card: star
    c = widget.controller
    assert c.card.kind == "star"
    widget.line_buttons["B"].click()
    p = c.preview()
    assert p.stations == ("north",) and p.mark == 2
    assert p.delta == 3  # star 2, and one empty station fewer: penalty 6 -> 5
    assert list(widget.map.trace("preview").text) == ["★2"]
    assert "fills North (star 2)" in widget.preview_html.value
    widget.confirm_button.click()
    assert c.game.sheets[0].marks == {"north": 2} and c.game.score(0).total == -3
    assert list(widget.map.trace("stars").text) == ["2"]


def test_play_again_same_and_new_seed():
    widget = PlayWidget("berlin", seats=["person", "greedy"], seed=21)
    c = widget.controller
    first = c.card
    for _ in range(3):
        person_turn(widget, c.game, 0)
    assert c.game.turn == 3
    widget.play_again_button.click()
    assert c.game.turn == 0 and c.card == first and c.log == []
    seed = next(s for s in range(100) if Game("berlin", seed=s).card != first)
    widget.seed_input.value = seed
    widget.play_again_button.click()
    assert c.config.seed == seed and c.card == Game("berlin", seed=seed).card != first


def test_setup_controls_start_a_new_city():
    widget = PlayWidget("tutorial", seats=["person"], seed=0)
    widget.city_select.value = "paris"
    widget.players_select.value = 3
    widget.seat_boxes[1].value = "greedy"
    widget.seat_boxes[2].value = "random"
    widget.ruleset_select.value = "metro-x"
    widget.start_button.click()
    c = widget.controller
    assert widget.message == ""
    assert (c.city.id, c.seats, c.game.ruleset.name) == (
        "paris",
        ("person", "greedy", "random"),
        "metro-x",
    )
    assert set(widget.line_buttons) == {ln.id for ln in c.city.lines}
    assert widget.figure in widget.game_area.children
    figure = widget.figure
    widget.start_button.click()  # the same city again: the figure is kept
    assert widget.figure is figure and c.game.turn == 0
    assert {t.meta.get("line") for t in widget.figure.data if t.meta["role"] == "line"} == set(
        widget.line_buttons
    )


def test_bots_only_table_plays_turn_by_turn():
    widget = PlayWidget("tutorial", seats=["greedy", "random"], seed=2)
    c = widget.controller
    assert c.current_player is None and widget.confirm_button.description == "Play turn (bots)"
    assert enabled(widget) == [] and "the bots play" in widget.status_html.value
    while not c.is_over:
        turn = c.game.turn
        widget.confirm_button.click()
        assert c.game.turn == turn + 1 and widget.message == ""
    assert widget.confirm_button.disabled and widget.end_panel.layout.display is None


def test_map_updates_never_set_a_property_and_its_parent_together():
    """plotly.js drops a whole update that sets e.g. ``marker`` and ``marker.color`` at
    once (the browser test found the map frozen after a turn): check every message."""
    widget = PlayWidget("tutorial", seats=["person"], seed=5)
    twin = Game("tutorial", players=1, seed=5)
    sent: list[dict] = []
    send = widget.figure._send_update_msg

    def spy(restyle_data, relayout_data, *args, **kwargs):
        sent.append({**restyle_data, **relayout_data})
        return send(restyle_data, relayout_data, *args, **kwargs)

    widget.figure._send_update_msg = spy
    for _ in range(3):
        twin.play([person_turn(widget, twin, 0)])
    assert any(any(k.startswith("marker") for k in msg) for msg in sent)
    for msg in sent:
        for key in msg:
            parents = [key[:i] for i, ch in enumerate(key) if ch == "."]
            assert not set(parents) & set(msg), f"{key} sent with its parent: {sorted(msg)}"


def test_a_star_written_in_a_transfer_replaces_its_star_value_on_the_map():
    from vvlab import Card, Game, Move

    widget = PlayWidget("tutorial", seed=3)
    game = Game(widget.controller.city, players=1, cards=[Card.number(2), Card.star()] * 8)
    game.play([Move(line="A")])  # harbour, market
    game.play([Move(line="A")])  # the star goes to central, a transfer
    assert game.sheets[0].marks["central"] == 6
    widget.map.paint(game.sheets[0], "a star in central")
    stations = widget.map.trace("stations")
    labels = dict(zip(stations.meta["ids"], stations.text, strict=True))
    assert labels["central"] == BLANK and labels["park"] == "4"  # the star shows the 6
    assert "6" in list(widget.map.trace("stars").text)
