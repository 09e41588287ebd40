"""A readable transcript of a game: turn by turn, then the final scores."""

from __future__ import annotations

from typing import TYPE_CHECKING

from vvlab.engine.cards import Move
from vvlab.engine.render import card_text

if TYPE_CHECKING:
    from vvlab.engine.game import Game
    from vvlab.engine.history import TurnRecord


def _names(game: Game, stations: tuple[str, ...]) -> str:
    return ", ".join(game.city.stations[s].name for s in stations) or "nothing"


def _move_text(game: Game, record: TurnRecord, player: int) -> str:
    move: Move = record.moves[player]
    filled = record.filled[player]
    if move.line is not None:
        if record.card.kind == "star" and filled:
            value = game.city.star_value(filled[0])
            return f"line {move.line}: star {value} at {_names(game, filled)}"
        return f"line {move.line}: crossed {_names(game, filled)}"
    if move.station is not None:
        return f"free: crossed {_names(game, filled)}"
    return "free: pass (no empty station)"


def turn_text(game: Game, record: TurnRecord, for_people: bool = False) -> list[str]:
    """The transcript lines of one turn; ``for_people`` writes the card in words
    (:func:`vvlab.engine.render.card_text`) as the CLI and the widgets show it, instead
    of the compact form of transcripts."""
    if for_people:
        shuffle = ", then all cards are shuffled" if record.shuffled else ""
        out = [f"Turn {record.turn}: card {card_text(record.card, shuffle=False)}{shuffle}"]
    else:
        shuffle = "  -> all cards shuffled" if record.shuffled else ""
        out = [f"Turn {record.turn}: card {record.card}{shuffle}"]
    for p in range(game.players):
        out.append(f"  P{p + 1} {_move_text(game, record, p)}")
        for b in record.bonuses[p]:
            out.append(f"     completes {b.line}: {b.kind} bonus +{b.points}")
    return out


def game_transcript(game: Game, for_people: bool = False) -> str:
    """The whole game so far as text (see :meth:`vvlab.Game.transcript`); with
    ``for_people`` the cards are written in words, as in :func:`turn_text`."""
    seed = "scripted cards" if game.seed is None else f"seed {game.seed}"
    lines = [
        f"{game.city.name} ({game.city.id}), ruleset {game.ruleset.name}, "
        f"{game.players} player{'s' if game.players > 1 else ''}, {seed}",
    ]
    for record in game.history:
        lines += turn_text(game, record, for_people)
    state = "Game over" if game.is_over else f"In progress after turn {game.turn}"
    shuffles = f"{game.shuffles} shuffle" + ("" if game.shuffles == 1 else "s")
    lines.append(f"{state}: {game.turn} turns, {shuffles}")
    for p in range(game.players):
        lines.append(f"  P{p + 1}: {game.score(p)}")
    if game.is_over:
        lines.append("Winner: " + ", ".join(f"P{p + 1}" for p in game.winners()))
    return "\n".join(lines) + "\n"
