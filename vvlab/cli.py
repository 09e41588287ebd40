"""The ``vvlab`` command line: maps, show, validate, play, simulate, report."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import TextIO

from vvlab.cli_report import add_report_parser, cmd_report
from vvlab.engine import RULESETS, Game, Move
from vvlab.engine.render import render_sheet
from vvlab.engine.transcript import turn_text
from vvlab.model import MapError, builtin_maps, load_map
from vvlab.sim.cli import add_simulate_parser, cmd_simulate

DEFAULT_MAP = "berlin"


def cmd_maps(args: argparse.Namespace, out: TextIO) -> int:
    """List the built-in maps with a one-line summary each."""
    for name in builtin_maps():
        city = load_map(name)
        tag = "  (recommended for new players)" if city.recommended_for_new_players else ""
        out.write(
            f"{name:<12} {city.name}: {len(city.lines)} lines, {len(city.stations)} stations, "
            f"{len(city.transfer_stations)} transfer stations, "
            f"{city.total_indicators} indicator boxes{tag}\n"
        )
    return 0


def cmd_show(args: argparse.Namespace, out: TextIO) -> int:
    """Print a map's lines, transfer stations and totals."""
    out.write(load_map(args.map).describe() + "\n")
    return 0


def cmd_validate(args: argparse.Namespace, out: TextIO) -> int:
    """Validate map files; every problem of every file is printed."""
    failed = 0
    for path in args.files:
        try:
            city = load_map(path)
        except MapError as err:
            failed += 1
            out.write(f"FAIL {err}\n")
        else:
            out.write(f"ok   {path}: {len(city.lines)} lines, {len(city.stations)} stations\n")
    return 1 if failed else 0


def _choose(game: Game, player: int, ask: Callable[[str], str], out: TextIO) -> Move:
    """Ask one player for a move until it is legal."""
    legal = game.legal_moves(player)
    if legal == [Move()]:
        out.write(f"Player {player + 1}: no empty station left, the free card passes.\n")
        return Move()
    card = game.card
    free = card is not None and card.kind == "free"
    what = "an empty station" if free else "a line"
    options = "" if free else " (" + " ".join(m.line or "" for m in legal) + ")"
    while True:
        answer = ask(f"Player {player + 1}, card {card}: choose {what}{options}, ? for help > ")
        answer = answer.strip()
        if answer in ("?", "help"):
            out.write(_help(game, player, legal) + "\n")
            continue
        move = _parse_move(game, answer, free)
        reason = game.why_illegal(player, move) if move else f"no {what[2:]} called {answer!r}"
        if reason is None and move is not None:
            return move
        out.write(f"  Not possible: {reason}. Try again.\n")


def _parse_move(game: Game, answer: str, free: bool) -> Move | None:
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
        seen = " ".join(str(c) for c in game.seen_since_shuffle)
        out.write(f"\n=== Turn {game.turn + 1}: card {game.card}   (seen since shuffle: {seen})\n")
        moves = []
        for p in range(game.players):
            out.write(f"\nPlayer {p + 1} - {game.score(p)}\n{render_sheet(game.sheets[p])}\n")
            moves.append(_choose(game, p, ask, out))
        record = game.play(moves)
        out.write("\n".join(turn_text(game, record)) + "\n")
    out.write("\nGame over.\n")
    for p in range(game.players):
        out.write(f"Player {p + 1}: {game.score(p)}\n")
    out.write("Winner: " + ", ".join(f"Player {p + 1}" for p in game.winners()) + "\n")
    return 0


def cmd_play(args: argparse.Namespace, out: TextIO, ask: Callable[[str], str]) -> int:
    """A solo or hot-seat game in the terminal."""
    game = Game(args.map, players=args.players, ruleset=args.ruleset, seed=args.seed)
    out.write(
        f"{game.city.name}, {game.ruleset.name}, {game.players} player(s), "
        f"seed {game.seed}. Type ? for help, q to quit.\n"
    )

    def asking(prompt: str) -> str:
        answer = ask(prompt)
        if answer.strip().casefold() in ("q", "quit", "exit"):
            raise KeyboardInterrupt
        return answer

    try:
        return play_terminal(game, asking, out)
    except (KeyboardInterrupt, EOFError):
        out.write(f"\nGame stopped after {game.turn} turns (replay it with --seed {game.seed}).\n")
        return 130


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``vvlab`` command."""
    from vvlab import __version__

    parser = argparse.ArgumentParser(prog="vvlab", description=__doc__)
    parser.add_argument("--version", action="version", version=f"vvlab {__version__}")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("maps", help="list the built-in maps")
    show = sub.add_parser("show", help="show a map's lines, transfers and totals")
    show.add_argument("map", nargs="?", default=DEFAULT_MAP, help="built-in name or .json file")
    val = sub.add_parser("validate", help="check map files; exit status 1 on any problem")
    val.add_argument("files", nargs="+", help="map files (or built-in names)")
    play = sub.add_parser("play", help="play in the terminal, solo or hot-seat")
    play.add_argument("map", nargs="?", default=DEFAULT_MAP, help="built-in name or .json file")
    play.add_argument("--players", type=int, default=1, help="1-6 players at one screen")
    play.add_argument("--seed", type=int, default=None, help="seed for the shuffled deck")
    play.add_argument(
        "--ruleset",
        default="voll-verplant",
        help=f"{' or '.join(RULESETS)}, or a ruleset .json file",
    )
    add_simulate_parser(sub)
    add_report_parser(sub)
    return parser


def main(
    argv: Sequence[str] | None = None, out: TextIO | None = None, ask: Callable[[str], str] = input
) -> int:
    """Run the command line; returns the exit status."""
    out = out or sys.stdout
    args = build_parser().parse_args(argv)
    try:
        if args.command == "play":
            return cmd_play(args, out, ask)
        if args.command == "simulate":
            return cmd_simulate(args, out)
        if args.command == "report":
            return cmd_report(args, out)
        return {"maps": cmd_maps, "show": cmd_show, "validate": cmd_validate}[args.command](
            args, out
        )
    except (MapError, ValueError) as err:
        sys.stderr.write(f"vvlab {args.command}: {err}\n")
        return 2 if not isinstance(err, MapError) else 1


if __name__ == "__main__":
    sys.exit(main())
