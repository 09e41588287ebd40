"""HTML of the play widget's panels: the card, the cards seen, scoreboard, final scores."""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Any

from vvlab.engine import Card
from vvlab.engine.render import card_text, cards_text

_WHAT = {
    "number": "cross {v} stations in a row on one line (stop at a filled one)",
    "express": "express: cross {v} empty stations on one line, skipping filled ones",
    "star": "star: write the star value in the first empty station of a line",
    "free": "free: cross any one empty station",
}
_CELL = "padding:2px 8px;text-align:right"


def card_html(card: Card | None) -> str:
    """The revealed card, big, with what it does.

    >>> print(card_html(Card.express(2)))
    <div ...><span style='font-size:30px;...'>express 2</span><br>express: cross 2 empty ...</div>
    >>> print(card_html(None))
    <div style=...>No card: the game is over.</div>
    """
    box = "style='display:inline-block;padding:4px 12px;margin-right:16px'"
    if card is None:
        return f"<div {box}>No card: the game is over.</div>"
    what = _WHAT[card.kind].format(v=card.value)
    if card.shuffle:
        what += "; then all cards are shuffled"
    face = f"<span style='font-size:30px;font-weight:bold'>{html.escape(card_text(card))}</span>"
    return f"<div {box}>{face}<br>{html.escape(what)}</div>"


def seen_html(cards: Sequence[Card]) -> str:
    """The cards revealed since the last shuffle (the current one last).

    >>> print(seen_html([Card.number(3), Card.star()]))
    <div ...>Seen since the last shuffle (2): <b>3, star</b></div>
    """
    faces = html.escape(cards_text(cards))
    return (
        f"<div style='padding:4px'>Seen since the last shuffle ({len(cards)}): <b>{faces}</b></div>"
    )


def _table(head: Sequence[str], rows: Sequence[Sequence[Any]], bold: set[int]) -> str:
    th = "".join(f"<th style='{_CELL}'>{html.escape(h)}</th>" for h in head)
    body = []
    for i, row in enumerate(rows):
        cells = "".join(f"<td style='{_CELL}'>{html.escape(str(v))}</td>" for v in row)
        style = " style='font-weight:bold;background:#FFF6D5'" if i in bold else ""
        body.append(f"<tr{style}>{cells}</tr>")
    return f"<table><tr>{th}</tr>{''.join(body)}</table>"


def scoreboard_html(rows: Sequence[dict[str, Any]], shown: int | None = None) -> str:
    """The live scoreboard; the row of the sheet on the map in bold.

    >>> html_ = scoreboard_html([{"player": 0, "label": "P1", "total": 5, "bonus": 6,
    ...     "stars": 4, "penalty": 5, "empty": 10, "completed": ["U2"], "first": ["U2"]}])
    >>> "<td style='padding:2px 8px;text-align:right'>U2*</td>" in html_
    True
    """
    head = ["player", "score", "bonus", "stars", "penalty", "empty", "completed (* first)"]
    body = [
        [
            r["label"],
            r["total"],
            r["bonus"],
            r["stars"],
            -r["penalty"],
            r["empty"],
            " ".join(ln + ("*" if ln in r["first"] else "") for ln in r["completed"]) or "-",
        ]
        for r in rows
    ]
    bold = {i for i, r in enumerate(rows) if r["player"] == shown}
    return "<b>Scoreboard</b>" + _table(head, body, bold)


def end_html(ranked_rows: Sequence[dict[str, Any]]) -> str:
    """Final scores, best first, with their breakdown and the winners marked.

    >>> end_html([{"player": 0, "label": "P1", "total": 7, "bonus": 7, "stars": 0,
    ...     "penalty": 0, "empty": 0, "completed": ["A"], "first": ["A"], "rank": 1,
    ...     "winner": True}]).count("winner")
    1
    """
    head = ["rank", "player", "total", "bonus", "stars", "penalty", "empty", "completed"]
    body = [
        [
            r["rank"],
            r["label"] + (" - winner" if r["winner"] else ""),
            r["total"],
            r["bonus"],
            r["stars"],
            -r["penalty"],
            r["empty"],
            len(r["completed"]),
        ]
        for r in ranked_rows
    ]
    bold = {i for i, r in enumerate(ranked_rows) if r["winner"]}
    return "<h3>Final scores</h3>" + _table(head, body, bold)
