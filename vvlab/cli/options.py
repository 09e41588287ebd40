"""Arguments shared by several ``vvlab`` commands, defined once."""

from __future__ import annotations

import argparse
import os

from vvlab.engine.game import MAX_PLAYERS

DEFAULT_MAP = "berlin"
"""The map of ``vvlab show`` and ``vvlab play`` when none is named."""

DEFAULT_BOTS = "expert"
"""The bots of ``vvlab simulate`` and ``vvlab report`` when ``--bots`` is not given: the
strongest bot fast enough for thousands of games, so that a designer sees how good
players fare. (The Python API's default stays ``random``.)"""

PLAYERS = f"1-{MAX_PLAYERS}"
"""How many players a game takes, as the help texts say it."""


def add_run_arguments(parser: argparse.ArgumentParser, bots_help: str) -> None:
    """The arguments of a batch run (``simulate``, ``report``): a map, games, players,
    bots, seed, ruleset and workers.

    >>> parser = argparse.ArgumentParser()
    >>> add_run_arguments(parser, "bots")
    >>> args = parser.parse_args(["tutorial", "--players", "2"])
    >>> args.map, args.games, args.players, args.bots, args.seed, args.workers
    ('tutorial', 1000, 2, 'expert', 0, None)
    >>> "(default expert)" in " ".join(parser.format_help().split())
    True
    """
    parser.add_argument("map", help="built-in map name or .json file")
    parser.add_argument("--games", type=int, default=1000, help="number of games (default 1000)")
    parser.add_argument("--players", type=int, default=1, help=f"players per game, {PLAYERS}")
    parser.add_argument(
        "--bots", default=DEFAULT_BOTS, help=f"{bots_help} (default {DEFAULT_BOTS})"
    )
    parser.add_argument("--seed", type=int, default=0, help="seed of the run (default 0)")
    parser.add_argument("--ruleset", default="voll-verplant", help="ruleset name or .json file")
    parser.add_argument("--workers", type=int, default=None, help="processes (default: all cores)")


def add_progress_argument(parser: argparse.ArgumentParser) -> None:
    """``--no-progress``; see :func:`show_progress`."""
    parser.add_argument("--no-progress", action="store_true", help="no progress bar")


def show_progress(args: argparse.Namespace) -> bool:
    """Draw a progress bar unless ``--no-progress`` was given or nobody would see it
    (:func:`vvlab.sim.bars.visible`: stderr is no terminal).

    >>> show_progress(argparse.Namespace(no_progress=True))
    False
    """
    from vvlab.sim.bars import visible

    return not args.no_progress and visible()


def seconds(text: str) -> float:
    """An argparse type: a number of seconds, 0 or more (argparse names the option).

    >>> seconds("2.5")
    2.5
    >>> seconds("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: give a number of seconds, 0 or more, not '-1'
    """
    try:
        value = float(text)
    except ValueError:
        value = float("nan")
    if not 0 <= value < float("inf"):
        raise argparse.ArgumentTypeError(f"give a number of seconds, 0 or more, not {text!r}")
    return value


def split_bots(text: str | None) -> list[str] | None:
    """Bot specs from ``--bots`` (``None`` when it was not given): a part with ``=`` but
    no ``:`` is one more parameter of the bot before it.

    >>> split_bots("greedy, lookahead:depth=2,samples=8,random")
    ['greedy', 'lookahead:depth=2,samples=8', 'random']
    >>> split_bots(None) is None
    True
    >>> split_bots(" , ")
    Traceback (most recent call last):
    ...
    ValueError: --bots names no bot: give one spec (e.g. greedy) or one per player
    """
    if text is None:
        return None
    specs: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if specs and "=" in part and ":" not in part:
            specs[-1] += "," + part
        elif part:
            specs.append(part)
    if not specs:
        raise ValueError("--bots names no bot: give one spec (e.g. greedy) or one per player")
    return specs


def split_list(text: str, option: str) -> list[str]:
    """The comma-separated values of ``option`` (blanks dropped); a ``ValueError`` when
    there are none.

    >>> split_list("A, B,,C", "--routes")
    ['A', 'B', 'C']
    >>> split_list(" , ", "--routes")
    Traceback (most recent call last):
    ...
    ValueError: --routes names nothing: give comma-separated values
    """
    values = [part.strip() for part in text.split(",") if part.strip()]
    if not values:
        raise ValueError(f"{option} names nothing: give comma-separated values")
    return values


OUT_FILES: dict[str, tuple[str, tuple[str, ...]]] = {
    "sheet": ("sheet", (".pdf", ".svg")),
    "cards": ("cards", (".pdf",)),
    "report": ("report", (".html",)),
    "tune": ("tuned", (".json",)),
    "import-gtfs": ("city", (".json",)),
}
"""The commands whose ``--out`` is a file: an example name and the endings of the
formats they write."""

FORMAT_NAMES = {".pdf": "PDF", ".svg": "SVG", ".html": "HTML", ".json": "JSON"}

OUT_RULE = "a folder, or a name ending in /, is refused"
"""The one rule of every ``--out FILE``, as ``--help`` says it."""


def _formats(command: str) -> str:
    """``'PDF (.pdf) or SVG (.svg)'`` for ``sheet``."""
    return " or ".join(f"{FORMAT_NAMES[s]} ({s})" for s in OUT_FILES[command][1])


def document_out(command: str, parser: argparse.ArgumentParser) -> None:
    """Add the endings and :data:`OUT_RULE` to the help of ``command``'s ``--out``."""
    endings = " or ".join(OUT_FILES[command][1])
    for action in parser._actions:
        if action.dest == "out":
            action.help = f"{action.help}; a file ending in {endings} ({OUT_RULE})"


def check_out(command: str, out: str | None) -> None:
    """Refuse an ``--out`` that names a folder, or whose ending is not a format the
    command writes, before any work is done (:data:`OUT_RULE`).

    >>> check_out("sheet", "berlin.svg"), check_out("simulate", "runs/")
    (None, None)
    >>> check_out("sheet", "berlin.png")
    Traceback (most recent call last):
    ...
    ValueError: --out berlin.png: vvlab sheet writes PDF (.pdf) or SVG (.svg); give a file ...
    >>> check_out("report", "reports/")
    Traceback (most recent call last):
    ...
    vvlab.model.files.WriteRefused: --out reports/ names a folder: give a file name, e.g. ...
    """
    if out is None or command not in OUT_FILES:
        return
    from vvlab.model.files import WriteRefused

    example, endings = OUT_FILES[command]
    if out.endswith(("/", os.sep)) or os.path.isdir(out):
        named = os.path.join(out, example + endings[0])
        raise WriteRefused(f"--out {out} names a folder: give a file name, e.g. {named}")
    if os.path.lexists(out) and not os.path.isfile(out):
        return  # a device, a FIFO, a link to nowhere: the writer says what it is
    if not out.lower().endswith(endings):
        raise ValueError(
            f"--out {out}: vvlab {command} writes {_formats(command)}; "
            f"give a file name ending in {'one of them' if len(endings) > 1 else 'it'}"
        )
