"""The state of a balance study: the plain controller behind ``BalanceExplorer``.

No ipywidgets and no plotly here: :class:`BalanceExplorerController` holds the choices
(cities, bots, player counts, ruleset, games, seed), runs every (city, player count)
combination cancellably, keeps named batches of results, exports them as parquet and
runs what-if changes of one line or of the deck.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from vvlab.analysis.what_if import WhatIf, what_if
from vvlab.bots import BotError
from vvlab.engine import Card
from vvlab.model import MapError, load_map
from vvlab.sim.errors import SimulationError
from vvlab.sim.result import SimulationResult
from vvlab.widgets.explorer_run import Cancelled, Progress, simulate_cancellable

BOT_CHOICES = ("greedy", "random", "lookahead:depth=1", "rollout:samples=16")
"""Bots offered by the explorer (any bot spec works in the controller)."""
PLAYER_CHOICES = (1, 2, 3, 4, 5, 6)
PROBLEMS = (ValueError, TypeError, OSError, MapError, BotError, SimulationError)


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
    """``"tutorial, 2 players (greedy, random)"``: which run of a batch this is."""
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
    """

    name: str
    results: tuple[SimulationResult, ...]
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def labels(self) -> list[str]:
        return [result_label(r) for r in self.results]

    @property
    def seed(self) -> int:
        return int(self.settings["seed"])

    def result(self, label: str | int = 0) -> SimulationResult:
        """A result by label (see :func:`result_label`) or position."""
        if isinstance(label, int):
            return self.results[label]
        for r in self.results:
            if result_label(r) == label:
                return r
        raise ExplorerError(f"no result {label!r} in {self.name!r}")


def _check_games(games: Any) -> int:
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ExplorerError(f"the number of games must be a whole number >= 1, got {games!r}")
    return games


def _load_city(city: Any) -> Any:
    try:
        return load_map(city)
    except PROBLEMS as err:
        raise ExplorerError(f"cannot load the city {city!r}: {err}") from None


class BalanceExplorerController:
    """Simulate cities x player counts with bots, keep and export the results, what-if.

    Parameters
    ----------
    cities
        Built-in map names, map files, dicts or ``CityMap`` objects (at least one).
    bots
        Bot specs; seats take them in turn (see :func:`lineups`).
    players
        Player counts, each 1-6; one run per city and player count.
    ruleset, games, seed
        As for :func:`vvlab.simulate`; every run uses the same seed.
    workers
        Processes per run (1: in this process).

    Examples
    --------
    >>> c = BalanceExplorerController(["tutorial"], bots=["greedy", "random"],
    ...                               players=[2], games=100, seed=3)
    >>> batch = c.run()
    >>> batch.labels, batch.seed, c.message
    (['tutorial, 2 players (greedy, random)'], 3, 'run 1: 1 result, 200 sheets')
    >>> c.keep("first")
    'first'
    >>> c.games = 0
    >>> c.run()  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vvlab.widgets.explorer_state.ExplorerError: the number of games must be ... >= 1, got 0
    """

    def __init__(
        self,
        cities: Sequence[Any] = ("berlin",),
        bots: Sequence[str] = ("greedy",),
        players: Sequence[int] = (1,),
        ruleset: Any = "voll-verplant",
        games: int = 1000,
        seed: int = 0,
        workers: int = 1,
    ):
        self.cities = [cities] if isinstance(cities, str) else list(cities)
        self.bots = [bots] if isinstance(bots, str) else list(bots)
        self.players = [players] if isinstance(players, int) else list(players)
        self.ruleset, self.games, self.seed, self.workers = ruleset, games, seed, workers
        self.current: Batch | None = None
        self.kept: dict[str, Batch] = {}
        self.message = ""
        self._runs = 0

    # -- running ------------------------------------------------------------------------
    def plan(self) -> list[dict[str, Any]]:
        """The runs the choices make (keyword arguments of each simulation); raises
        :class:`ExplorerError` for a missing or bad choice."""
        if not self.cities:
            raise ExplorerError("pick at least one city")
        if not self.bots:
            raise ExplorerError("pick at least one bot")
        if not self.players:
            raise ExplorerError("pick at least one player count")
        games = _check_games(self.games)
        runs = []
        for city in map(_load_city, self.cities):
            for n in sorted(set(self.players)):
                for seats in lineups(self.bots, n):
                    runs.append(
                        dict(city=city, players=n, bots=list(seats), games=games, seed=self.seed)
                    )
                    runs[-1]["ruleset"] = self.ruleset
        return runs

    def run(self, progress: Progress | None = None, cancel: Any = None) -> Batch | None:
        """Simulate every planned run; the new batch becomes :attr:`current`.

        Parameters
        ----------
        progress
            ``progress(games_done, games_total)`` after each batch of blocks.
        cancel
            A ``threading.Event`` (or callable, or bool) looked at between batches of
            blocks; when raised the run stops, returns ``None`` and :attr:`current` stays
            what it was.

        Returns
        -------
        Batch or None
            ``None`` when cancelled. Bad choices raise :class:`ExplorerError`.
        """
        runs = self.plan()
        try:
            results = simulate_cancellable(runs, progress, cancel, self.workers)
        except Cancelled as err:
            self.message = f"{err}; nothing kept, the figures show the previous result"
            return None
        except PROBLEMS as err:
            raise ExplorerError(str(err)) from None
        self._runs += 1
        settings = {
            "cities": list(dict.fromkeys(str(r.metadata["map_id"]) for r in results)),
            "bots": list(self.bots),
            "players": sorted(set(self.players)),
            "ruleset": results[0].ruleset.name,
            "games": int(self.games),
            "seed": int(self.seed),
        }
        self.current = Batch(f"run {self._runs}", tuple(results), settings)
        sheets = sum(len(r.games) for r in results)
        count = f"{len(results)} result{'s' * (len(results) != 1)}"
        self.message = f"{self.current.name}: {count}, {sheets} sheets"
        return self.current

    # -- keeping and exporting ----------------------------------------------------------
    def default_name(self) -> str:
        """A name for keeping :attr:`current`: cities, players, games and seed."""
        if self.current is None:
            raise ExplorerError("nothing to keep yet: run a simulation first")
        s = self.current.settings
        players = ",".join(map(str, s["players"]))
        return f"{'+'.join(s['cities'])} {players}p {s['games']} games seed {s['seed']}"

    def keep(self, name: str | None = None) -> str:
        """Keep :attr:`current` under ``name`` (default :meth:`default_name`)."""
        if self.current is None:
            raise ExplorerError("nothing to keep yet: run a simulation first")
        name = (name or "").strip() or self.default_name()
        if name in self.kept:
            raise ExplorerError(f"a result named {name!r} is kept already: choose another name")
        self.kept[name] = Batch(name, self.current.results, self.current.settings)
        self.message = f"kept {name!r}"
        return name

    def drop(self, name: str) -> None:
        """Forget a kept batch."""
        if self.kept.pop(name, None) is None:
            raise ExplorerError(f"no kept result named {name!r}")
        self.message = f"dropped {name!r}"

    def batch(self, name: str | None = None) -> Batch:
        """A kept batch by name, or :attr:`current` for ``None``."""
        if name is None:
            if self.current is None:
                raise ExplorerError("no result yet: run a simulation first")
            return self.current
        if name not in self.kept:
            raise ExplorerError(f"no kept result named {name!r}")
        return self.kept[name]

    def export(
        self, folder: str | Path, name: str | None = None, overwrite: bool = False
    ) -> list[Path]:
        """Write a batch (kept ``name`` or the current one) as parquet: one folder per
        result, ``folder/<batch>/<result>/`` (see ``SimulationResult.to_parquet``).
        An existing result folder is refused unless ``overwrite``."""
        batch = self.batch(name)
        if not str(folder).strip():
            raise ExplorerError("give a folder to export to")
        root = Path(folder).expanduser() / slug(batch.name)
        targets = [root / slug(label) for label in batch.labels]
        taken = [t for t in targets if t.exists() and any(t.iterdir())]
        if taken and not overwrite:
            raise ExplorerError(f"{taken[0]} exists already: choose another folder")
        try:
            paths = [r.to_parquet(t) for r, t in zip(batch.results, targets, strict=True)]
        except OSError as err:
            raise ExplorerError(f"cannot write to {root}: {err}") from None
        self.message = f"exported {len(paths)} result{'s' * (len(paths) != 1)} to {root}"
        return paths

    # -- what if ------------------------------------------------------------------------
    def line_ids(self, label: str | int = 0) -> list[str]:
        """The line ids of a result's map in the current batch."""
        return [ln.id for ln in self.batch().result(label).city.lines]

    def what_if(
        self,
        label: str | int = 0,
        line: str | None = None,
        indicators: int | None = None,
        bonus: Sequence[int] | None = None,
        deck: str | Sequence[Any] | None = None,
        games: int | None = None,
    ) -> WhatIf:
        """Rerun a result of the current batch with one line or the deck changed.

        Parameters
        ----------
        label
            The result (label or position) whose map, players, bots, ruleset, games
            and seed are used.
        line, indicators, bonus
            The line to change, its new number of indicator boxes and ``[first,
            later]`` bonus (``None`` leaves either as it is).
        deck
            A new deck: cards as text (``"3, 4, (2), star, free, 6!"``) or a list.
        games
            Games of both runs (default: as many as the result).

        Returns
        -------
        WhatIf
            ``comparison`` (original -> changed, by bot) and ``lines`` (completion
            rates of both runs).
        """
        base = self.batch().result(label)
        change = self._change(base, line, indicators, bonus, deck)
        games = _check_games(games if games is not None else int(base.metadata["games"]))
        kw = dict(players=base.players, bots=base.bots, games=games, seed=base.seed)
        try:
            outcome = what_if(base.city, change, ruleset=base.ruleset, workers=self.workers, **kw)
        except PROBLEMS as err:
            raise ExplorerError(f"what-if: {err}") from None
        self.message = f"what-if on {result_label(base)}: {describe_change(change)}"
        return outcome

    @staticmethod
    def _change(
        base: SimulationResult,
        line: str | None,
        indicators: int | None,
        bonus: Sequence[int] | None,
        deck: Any,
    ) -> dict[str, Any]:
        change: dict[str, Any] = {}
        edits: dict[str, Any] = {}
        if indicators is not None:
            edits["indicators"] = indicators
        if bonus is not None:
            edits["bonus"] = [int(b) for b in bonus]
        if edits:
            ids = [ln.id for ln in base.city.lines]
            if line not in ids:
                raise ExplorerError(f"pick a line to change (one of {', '.join(ids)})")
            change["lines"] = {line: edits}
        if deck is not None and (not isinstance(deck, str) or deck.strip()):
            change["deck"] = parse_deck(deck)
        if not change:
            raise ExplorerError("nothing to change: set indicator boxes, bonus or a deck")
        return change


def parse_deck(deck: str | Sequence[Any]) -> list[Card]:
    """Cards from text (comma or space separated) or a list of cards or texts.

    >>> parse_deck("3, 4 (2) star 6!")
    [Card.number(3), Card.number(4), Card.express(2), Card.star(), Card.number(6, shuffle=True)]
    >>> parse_deck("3, seven")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    vvlab.widgets.explorer_state.ExplorerError: deck: not a card: 'seven' (write 3, ...)
    """
    tokens = re.split(r"[,\s]+", deck.strip()) if isinstance(deck, str) else list(deck)
    try:
        cards = [t if isinstance(t, Card) else Card.parse(str(t)) for t in tokens if t != ""]
    except ValueError as err:
        raise ExplorerError(f"deck: {err}") from None
    if not cards:
        raise ExplorerError("deck: no cards given")
    return cards


def describe_change(change: dict[str, Any]) -> str:
    """A change in words.

    >>> describe_change({"lines": {"A": {"indicators": 3, "bonus": [6, 2]}}})
    'line A: indicators 3, bonus [6, 2]'
    """
    parts = [
        f"line {ln}: " + ", ".join(f"{k} {v}" for k, v in edits.items())
        for ln, edits in change.get("lines", {}).items()
    ]
    if "deck" in change:
        parts.append("deck " + " ".join(str(c) for c in change["deck"]))
    return "; ".join(parts)
