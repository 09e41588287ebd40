"""What a pending move would do (preview) and the scoreboard rows: plain data, no widgets."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from vvlab.engine import BonusTaken, Game, Move, Score
from vvlab.engine.sheet import Mark


@dataclass(frozen=True)
class Preview:
    """A pending move and its effect on the player's sheet.

    ``stations`` are filled in this order, each with ``mark`` (``"X"`` or the star
    number); ``completes`` lists the lines it would complete with the bonus each would
    take (exact: players completing a line on the same turn all take the first bonus).
    """

    player: int
    move: Move
    stations: tuple[str, ...]
    mark: Mark | None
    completes: tuple[BonusTaken, ...]
    before: Score
    after: Score

    @property
    def delta(self) -> int:
        """The change of the player's total score."""
        return self.after.total - self.before.total

    def text(self, names: dict[str, str] | None = None) -> str:
        """A line for the player, station names from ``names`` when given."""
        names = names or {}
        what = f"line {self.move.line}" if self.move.line else "free card"
        filled = ", ".join(names.get(s, s) for s in self.stations) or "nothing"
        star = f" (star {self.mark})" if self.mark not in (None, "X") else ""
        parts = [f"{what}: fills {filled}{star}"]
        parts += [f"completes {b.line}: {b.kind} bonus +{b.points}" for b in self.completes]
        parts.append(f"score {self.before.total} → {self.after.total} ({self.delta:+d})")
        return " · ".join(parts)


def preview_move(game: Game, player: int, move: Move) -> Preview:
    """The :class:`Preview` of a legal ``move`` of ``player`` for the revealed card.

    Examples
    --------
    >>> from vvlab import Card, Game, Move
    >>> game = Game("tutorial", cards=[Card.number(3), Card.star()])
    >>> p = preview_move(game, 0, Move(line="C"))
    >>> p.stations, [(b.line, b.kind, b.points) for b in p.completes], p.delta
    (('airport', 'mill', 'central'), [('C', 'first', 3)], 5)
    >>> game.play([Move(line="C")]) and game.score(0).total - p.before.total
    5
    """
    sheet = game.sheets[player].copy()
    if move.line is not None:
        filled = sheet.apply_line(move.line, game.card)
    elif move.station is not None:
        filled = sheet.apply_station(move.station)
    else:
        filled = []
    before = game.score(player)
    touched = {ln for sid in filled for ln in game.city.lines_through(sid)}
    completes = []
    for line in game.city.lines:
        if line.id in touched and line.id not in sheet.completed and sheet.is_complete(line.id):
            first = line.id not in game.first_taken
            kind, points = ("first", line.bonus_first) if first else ("later", line.bonus_later)
            completes.append(BonusTaken(line.id, kind, points))
    empty = len(game.city.stations) - len(sheet.marks)
    bonus = before.bonus + sum(b.points for b in completes)
    after = Score(bonus, sheet.star_points, game.ruleset.penalty(empty), empty)
    mark = sheet.marks[filled[0]] if filled else None
    return Preview(player, move, tuple(filled), mark, tuple(completes), before, after)


def scoreboard_rows(game: Game, labels: Sequence[str]) -> list[dict[str, Any]]:
    """One row per seat: ``player``, ``label``, ``total``, ``bonus``, ``stars``,
    ``penalty``, ``empty``, ``completed`` (line ids, in the order completed) and
    ``first`` (lines completed with the first bonus).

    >>> import vvlab
    >>> game = vvlab.Game("tutorial", players=2, seed=0)
    >>> row = scoreboard_rows(game, ["P1", "P2"])[1]
    >>> row["label"], row["total"], row["penalty"], row["completed"]
    ('P2', -6, 6, [])
    """
    rows = []
    for p, sheet in enumerate(game.sheets):
        score = game.score(p)
        done = sorted(sheet.completed.values(), key=lambda c: (c.turn, c.line))
        rows.append(
            {
                "player": p,
                "label": labels[p],
                "total": score.total,
                "bonus": score.bonus,
                "stars": score.stars,
                "penalty": score.penalty,
                "empty": score.empty,
                "completed": [c.line for c in done],
                "first": [c.line for c in done if c.kind == "first"],
            }
        )
    return rows


def ranked(rows: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Rows best total first, each with ``rank`` (ties share it) and ``winner``.

    >>> [(r["player"], r["rank"], r["winner"]) for r in ranked(
    ...     [{"player": 0, "total": 3}, {"player": 1, "total": 5}, {"player": 2, "total": 5}])]
    [(1, 1, True), (2, 1, True), (0, 3, False)]
    """
    order = sorted(rows, key=lambda r: (-r["total"], r["player"]))
    totals = [r["total"] for r in order]
    return [
        {**r, "rank": totals.index(r["total"]) + 1, "winner": r["total"] == totals[0]}
        for r in order
    ]
