"""``vvlab play``: a solo or hot-seat game in the terminal, one card for every player."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from vvlab.cli.fit import WIDTH, fit, fit_line
from vvlab.cli.options import DEFAULT_MAP, PLAYERS
from vvlab.engine import RULESETS, Game, Move
from vvlab.engine.render import card_text, cards_text, render_sheet, with_station_names
from vvlab.engine.transcript import turn_text

QUIT = ("q", "quit", "exit")
"""Answers that stop the game."""


def add_parsers(sub: argparse._SubParsersAction) -> None:
    """Add ``play`` to the ``vvlab`` parser's subcommands."""
    play = sub.add_parser("play", help="play in the terminal, solo or hot-seat")
    play.add_argument("map", nargs="?", default=DEFAULT_MAP, help="built-in name or .json file")
    play.add_argument("--players", type=int, default=1, help=f"{PLAYERS} players at one screen")
    play.add_argument("--seed", type=int, default=None, help="seed for the shuffled deck")
    play.add_argument(
        "--ruleset",
        default="voll-verplant",
        help=f"{' or '.join(RULESETS)}, or a ruleset .json file",
    )
    play.set_defaults(run=cmd_play)


def _choose(game: Game, player: int, ask: Callable[[str], str], out: TextIO) -> Move:
    """Ask one player for a move until it is legal (the free card passes by itself when
    no station is empty)."""
    legal = game.legal_moves(player)
    if legal == [Move()]:
        out.write(f"Player {player + 1}: no empty station left, the free card passes.\n")
        return Move()
    card = game.card
    free = card is not None and card.kind == "free"
    what = "an empty station" if free else "a line"
    options = "" if free else " (" + " ".join(m.line or "" for m in legal) + ")"
    prompt = f"Player {player + 1}, card {card_text(card)}: choose {what}{options} > "
    if len(prompt) > WIDTH - 10:  # the lines on a line of their own, the answer after it
        out.write(fit_line(prompt[:-3]) + "\n")
        prompt = f"Player {player + 1} > "
    while True:
        answer = ask(prompt)
        answer = answer.strip()
        if answer in ("?", "help"):
            out.write(fit(_help(game, player, legal)) + "\n")
            continue
        move = _parse_move(game, answer, free)
        noun = "empty station" if free else "line"
        reason = game.why_illegal(player, move) if move else f"no {noun} called {answer!r}"
        if reason is None and move is not None:
            return move
        reason = with_station_names(game.city, reason or "")
        out.write(fit_line(f"  Not possible: {reason}. Try again.") + "\n")


def _parse_move(game: Game, answer: str, free: bool) -> Move | None:
    """The move an answer names: a line (id or name) or, for the free card, a station.

    >>> game = Game("tutorial", seed=1)
    >>> _parse_move(game, "amber", free=False), _parse_move(game, "Zoo", free=True)
    (Move(line='A'), Move(station='zoo'))
    >>> _parse_move(game, "Z", free=False) is None
    True
    """
    key = answer.casefold()
    if free:
        for sid, station in game.city.stations.items():
            if key in (sid.casefold(), station.name.casefold()):
                return Move(station=sid)
        return None
    for line in game.city.lines:
        if key in (line.id.casefold(), line.name.casefold()):
            return Move(line=line.id)
    return None


def _help(game: Game, player: int, legal: list[Move]) -> str:
    """What ``?`` prints: the empty stations, or what each line would fill."""
    sheet = game.sheets[player]
    if legal and legal[0].station is not None:
        names = [game.city.stations[m.station].name for m in legal if m.station]
        return "  Empty stations: " + ", ".join(names)
    rows = []
    for m in legal:
        assert m.line is not None and game.card is not None
        reached = sheet.stations_reached(m.line, game.card)
        names = ", ".join(game.city.stations[s].name for s in reached) or "nothing"
        rows.append(f"  {m.line}: would fill {names}")
    return "\n".join(rows) + "\n  Type a line id or name; q quits."


def play_terminal(game: Game, ask: Callable[[str], str], out: TextIO) -> int:
    """Play ``game`` in the terminal: every player picks a move for the same card."""
    while not game.is_over:
        seen = cards_text(game.seen_since_shuffle)
        card = card_text(game.card)
        head = f"=== Turn {game.turn + 1}: card {card}; seen since the last shuffle: {seen}"
        out.write("\n" + fit_line(head) + "\n")
        moves = []
        for p in range(game.players):
            out.write(fit_line(f"\nPlayer {p + 1} - {game.score(p)}") + "\n")
            out.write(fit(render_sheet(game.sheets[p])) + "\n")
            moves.append(_choose(game, p, ask, out))
        record = game.play(moves)
        out.write(fit("\n".join(turn_text(game, record, for_people=True))) + "\n")
    out.write("\nGame over.\n")
    for p in range(game.players):
        out.write(fit_line(f"Player {p + 1}: {game.score(p)}") + "\n")
    out.write("Winner: " + ", ".join(f"Player {p + 1}" for p in game.winners()) + "\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str] = input) -> int:
    """A solo or hot-seat game in the terminal; ``ask`` reads an answer. A :data:`QUIT`
    word or the end of input ends the game (exit status 0); Ctrl-C or a signal stops it
    as any command (:func:`vvlab.cli.errors.interruption`). Both say how to replay it."""
    game = Game(args.map, players=args.players, ruleset=args.ruleset, seed=args.seed)
    who = f"{game.players} players" if game.players > 1 else "solo"
    out.write(fit_line(f"{game.city.name}, {game.ruleset.name}, {who}.") + "\n")
    out.write("Type ? for help, q to quit.\n")

    def asking(prompt: str) -> str:
        answer = ask(prompt)
        if answer.strip().casefold() in QUIT:
            raise EOFError
        return answer

    try:
        return play_terminal(game, asking, out)
    except EOFError:
        out.write(_stopped(game))
        return 0
    except KeyboardInterrupt:
        out.write(_stopped(game))
        raise


def _stopped(game: Game) -> str:
    return f"\nGame stopped after {game.turn} turns (replay it with --seed {game.seed}).\n"
