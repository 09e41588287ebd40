"""What the explorer runs and keeps: the seatings of a run (:func:`lineups`), a
:class:`Batch` of results with their labels, and :class:`ExplorerError`, the message
of a refused choice. Plain data, no widgets."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vvlab.design.report import BalanceReport
    from vvlab.sim.result import SimulationResult


class ExplorerError(ValueError):
    """A choice the explorer refuses; the message says why, for the user."""


def lineups(bots: Sequence[str], players: int) -> list[tuple[str, ...]]:
    """The seatings of ``players`` seats: seat ``p`` plays ``bots[p % len(bots)]``; with
    fewer seats than bots, more seatings follow, so that every bot plays.

    Examples
    --------
    >>> lineups(["greedy", "random"], 3)
    [('greedy', 'random', 'greedy')]
    >>> lineups(["greedy", "random", "lookahead"], 2)
    [('greedy', 'random'), ('lookahead', 'greedy')]
    >>> lineups(["greedy", "random"], 1)
    [('greedy',), ('random',)]
    """
    count = -(-len(bots) // players) if players < len(bots) else 1
    return [
        tuple(bots[(k * players + p) % len(bots)] for p in range(players)) for k in range(count)
    ]


def result_label(result: SimulationResult) -> str:
    """``"tutorial, 2 players (greedy, random)"``: which run of a batch this is.

    >>> import vvlab
    >>> result_label(vvlab.simulate("tutorial", 2, ["greedy", "random"], games=10,
    ...                             workers=1, progress=False))
    'tutorial, 2 players (greedy, random)'
    """
    n = result.players
    return f"{result.metadata['map_id']}, {n} player{'s' * (n != 1)} ({', '.join(result.bots)})"


def slug(text: str) -> str:
    """A safe folder name from a label.

    >>> slug("tutorial, 2 players (greedy, lookahead:depth=1)")
    'tutorial-2-players-greedy-lookahead-depth-1'
    """
    return re.sub(r"[^A-Za-z0-9_]+", "-", text).strip("-").lower() or "result"


@dataclass(frozen=True)
class Batch:
    """The results of one run of the explorer, one per (city, player count, seating).

    ``settings`` records what was asked (cities, bots, players, ruleset, games, seed);
    every result records its own seed in its metadata and ``games`` frame.

    Examples
    --------
    >>> import vvlab
    >>> solo = [vvlab.simulate("tutorial", 1, [bot], games=10, seed=4, workers=1,
    ...                        progress=False) for bot in ("greedy", "random")]
    >>> batch = Batch("run 1", tuple(solo), {"seed": 4})
    >>> batch.labels, batch.seed
    (['tutorial, 1 player (greedy)', 'tutorial, 1 player (random)'], 4)
    >>> batch.result("tutorial, 1 player (random)") is solo[1]
    True
    """

    name: str
    results: tuple[SimulationResult, ...]
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        """The label of every result (see :func:`result_label`), in order."""
        return [result_label(r) for r in self.results]

    @property
    def seed(self) -> int:
        """The seed every run of the batch used."""
        return int(self.settings["seed"])

    def result(self, label: str | int = 0) -> SimulationResult:
        """A result by label (see :func:`result_label`) or position."""
        if isinstance(label, int):
            return self.results[label]
        for r in self.results:
            if result_label(r) == label:
                return r
        raise ExplorerError(f"no result {label!r} in {self.name!r}")


def solo_verdict(batch: Batch, label: str | int = 0) -> BalanceReport | None:
    """The balance targets judged at the bot of a solo result of ``batch``
    (:func:`vvlab.design.balance.judge`); ``random``'s games for the skill gap come from
    the batch when it has them on the same city, else they are played (same deals).
    ``None`` for a game of several players or seats: the targets are solo measures.

    >>> import vvlab
    >>> solo = vvlab.simulate("tutorial", 1, ["greedy"], games=30, seed=4, progress=False)
    >>> solo_verdict(Batch("run 1", (solo,), {"seed": 4})).levels
    ['greedy']
    """
    from vvlab.design.balance import BASELINE, judge_result

    res = batch.result(label)
    games = int(res.metadata["games"])
    same = [r for r in batch.results if r.players == 1 and r.bots == [BASELINE]
            and r.city.id == res.city.id and int(r.metadata["games"]) == games]  # fmt: skip
    return judge_result(res, same[0] if same else None)
