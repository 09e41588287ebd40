"""Plain-text views of sheets and games (terminal play, notebooks before plotly)."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vvlab.engine.cards import Card
    from vvlab.engine.game import Game
    from vvlab.engine.sheet import Sheet
    from vvlab.model import CityMap


def card_text(card: Card, shuffle: bool = True) -> str:
    """A card as people read it (the CLI, the widgets): express cards and the shuffle
    icon in words, since ``(3)`` reads badly and ``↻`` is missing from many monospace
    fonts. ``str(card)`` keeps the compact form that ``Card.parse`` reads. Without
    ``shuffle`` the shuffle icon is left out (for a text that says it in words).

    >>> from vvlab import Card
    >>> [card_text(c) for c in (Card.number(4), Card.express(3), Card.star(), Card.free())]
    ['4', 'express 3', 'star', 'free']
    >>> card_text(Card.number(6, shuffle=True)), card_text(Card.express(2, shuffle=True))
    ('6 (shuffle)', 'express 2 (shuffle)')
    """
    face = {"number": str(card.value), "express": f"express {card.value}"}.get(card.kind, card.kind)
    return face + (" (shuffle)" if shuffle and card.shuffle else "")


def cards_text(cards: Sequence[Card]) -> str:
    """Cards as people read them, comma-separated.

    >>> from vvlab import Card
    >>> cards_text([Card.number(3), Card.express(2), Card.free()])
    '3, express 2, free'
    """
    return ", ".join(card_text(c) for c in cards)


def _wagon(sheet: Sheet, line_id: str) -> str:
    entries = sheet.indicators[line_id]
    boxes = entries + ["_"] * sheet.free_indicators(line_id)
    return "[" + "|".join(boxes) + "]"


def _bonus(sheet: Sheet, line_id: str) -> str:
    line = sheet.city.line(line_id)
    done = sheet.completed.get(line_id)
    if done:
        return f"done: {done.kind} +{done.points} (turn {done.turn})"
    if line_id in sheet.crossed_out:
        return f"bonus -/{line.bonus_later} (first gone)"
    return f"bonus {line.bonus_first}/{line.bonus_later}"


def with_station_names(city: CityMap, text: str) -> str:
    """``text`` with each quoted station id (``'wuhletal'``) written as the station's
    name, for messages shown to a person.

    >>> from vvlab import load_map
    >>> with_station_names(load_map("tutorial"), "station 'harbour' is already filled")
    'station Harbour is already filled'
    """
    stations = city.stations

    def name(m: re.Match[str]) -> str:
        sid = m.group(1)
        return stations[sid].name if sid in stations else m.group(0)

    return re.sub(r"'([^']+)'", name, text)


def render_sheet(sheet: Sheet) -> str:
    """One line per subway line: wagon entries, bonus state and the route's marks.

    ``[X]`` is a crossed station, ``[6]`` a star number, ``[ ]`` an empty station.

    Examples
    --------
    >>> from vvlab import Card, Game, Move
    >>> game = Game("tutorial", cards=[Card.number(2)])
    >>> _ = game.play(Move(line="C"))
    >>> print(render_sheet(game.sheets[0]).splitlines()[2])
    C  [2]     bonus 3/2  Airport[X] Mill[X] Central[ ]
    """
    city = sheet.city
    wagons = {ln.id: _wagon(sheet, ln.id) for ln in city.lines}
    bonuses = {ln.id: _bonus(sheet, ln.id) for ln in city.lines}
    id_w = max(len(i) for i in wagons)
    wagon_w = max(len(w) for w in wagons.values())
    bonus_w = max(len(b) for b in bonuses.values())
    rows = []
    for ln in city.lines:
        route = " ".join(f"{city.stations[s].name}[{sheet.marks.get(s, ' ')}]" for s in ln.stations)
        rows.append(
            f"{ln.id.ljust(id_w)}  {wagons[ln.id].ljust(wagon_w)}  "
            f"{bonuses[ln.id].ljust(bonus_w)}  {route}"
        )
    return "\n".join(rows)


def render_game(game: Game) -> str:
    """The game's state: card, cards seen since the shuffle, each sheet and live score."""
    head = [repr(game)]
    if game.card is not None:
        seen = cards_text(game.seen_since_shuffle)
        head.append(f"Card: {card_text(game.card)}; seen since the last shuffle: {seen}")
    for p, sheet in enumerate(game.sheets):
        head += ["", f"Player {p + 1}: {game.score(p)}", render_sheet(sheet)]
    return "\n".join(head)
