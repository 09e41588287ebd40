"""Plain-text views of sheets and games (terminal play, notebooks before plotly)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vvlab.engine.game import Game
    from vvlab.engine.sheet import Sheet


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
        seen = " ".join(str(c) for c in game.seen_since_shuffle)
        head.append(f"Card: {game.card}    seen since last shuffle: {seen}")
    for p, sheet in enumerate(game.sheets):
        head += ["", f"Player {p + 1}: {game.score(p)}", render_sheet(sheet)]
    return "\n".join(head)
