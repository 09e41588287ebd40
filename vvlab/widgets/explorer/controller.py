"""The plain controller of a balance study, behind ``BalanceExplorer``.

No ipywidgets and no plotly here: :class:`BalanceExplorerController` holds the choices
(cities, bots, player counts, ruleset, games, seed), runs every (city, player count)
combination cancellably, keeps named batches of results (:mod:`.batch`), exports them
as parquet and runs what-if changes of one line or of the deck (:mod:`.changes`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vvlab.analysis.what_if import WhatIf, what_if
from vvlab.bots import BotError
from vvlab.engine.game import MAX_PLAYERS
from vvlab.model import MapError, load_map
from vvlab.sim import BLOCK_SIZE, SimulationCancelled, SimulationError, simulate
from vvlab.sim.run import Cancel
from vvlab.widgets.explorer.batch import Batch, ExplorerError, lineups, result_label, slug
from vvlab.widgets.explorer.changes import describe_change, parse_deck, what_if_change

if TYPE_CHECKING:
    from vvlab.sim.result import SimulationResult

__all__ = [
    "BOT_CHOICES",
    "PLAYER_CHOICES",
    "BalanceExplorerController",
    "Batch",
    "ExplorerError",
    "describe_change",
    "lineups",
    "parse_deck",
]

BOT_CHOICES = ("greedy", "random", "lookahead:depth=1", "expert", "rollout:samples=16")
"""Bots offered by the explorer (any bot spec works in the controller)."""
PLAYER_CHOICES = tuple(range(1, MAX_PLAYERS + 1))
"""Player counts offered by the explorer."""
Progress = Callable[[int, int], Any]
"""Called as ``progress(games_done, games_total)`` while the explorer runs."""
PROBLEMS = (ValueError, TypeError, OSError, MapError, BotError, SimulationError)


def _cancel_flag(cancel: Any) -> Cancel:
    """``cancel`` for :func:`vvlab.simulate`: a bool becomes a callable answering it.

    >>> _cancel_flag(True)(), _cancel_flag(None)
    (True, None)
    """
    if isinstance(cancel, bool):
        return lambda: cancel
    return cancel


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
        Bot specs; seats take them in turn (see :func:`~vvlab.widgets.explorer.batch.lineups`).
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
    vvlab.widgets.explorer.batch.ExplorerError: the number of games must be ... >= 1, got 0
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
        self.cancelled = False
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
        """Simulate every planned run with :func:`vvlab.simulate`; the new batch becomes
        :attr:`current`.

        Parameters
        ----------
        progress
            ``progress(games_done, games_total)``, in games over all the runs, after
            every finished chunk of blocks.
        cancel
            A ``threading.Event`` (or a callable, or a bool) looked at between blocks;
            when set the run stops: :attr:`cancelled` is set, :attr:`message` says so,
            nothing of the run is kept and :attr:`current` stays what it was.

        Returns
        -------
        Batch or None
            ``None`` when cancelled. Bad choices raise :class:`ExplorerError`.

        Examples
        --------
        >>> c = BalanceExplorerController(["tutorial"], ["greedy"], [1, 2], games=300)
        >>> seen = []
        >>> c.run(lambda done, total: seen.append((done, total))).labels
        ['tutorial, 1 player (greedy)', 'tutorial, 2 players (greedy, greedy)']
        >>> seen
        [(256, 600), (300, 600), (556, 600), (600, 600)]
        >>> c.run(cancel=lambda: True), c.cancelled, c.current.name
        (None, True, 'run 1')
        >>> c.message
        'cancelled after 0 of 2 blocks; nothing kept, the figures show the previous result'
        """
        runs = self.plan()
        self.cancelled = False
        try:
            results = self._simulate(runs, progress, _cancel_flag(cancel))
        except SimulationCancelled as err:
            self.cancelled = True
            blocks = -(-runs[0]["games"] // BLOCK_SIZE)
            done = f"cancelled after {len(err.finished_blocks)} of {blocks} blocks"
            self.message = f"{done}; nothing kept, the figures show the previous result"
            return None
        except PROBLEMS as err:
            raise ExplorerError(str(err)) from None
        self._runs += 1
        self.current = Batch(f"run {self._runs}", tuple(results), self._settings(results))
        sheets = sum(len(r.games) for r in results)
        count = f"{len(results)} result{'s' * (len(results) != 1)}"
        self.message = f"{self.current.name}: {count}, {sheets} sheets"
        return self.current

    def _simulate(
        self, runs: list[dict[str, Any]], progress: Progress | None, cancel: Cancel
    ) -> list[SimulationResult]:
        """Each run in turn with :func:`vvlab.simulate`; ``progress`` counts the games
        of the runs before it too."""
        total, before = sum(r["games"] for r in runs), 0
        results = []
        for kw in runs:

            def report(games: int, _: int, before: int = before) -> None:
                progress(before + games, total)  # type: ignore[misc]

            hook = False if progress is None else report
            results.append(simulate(**kw, workers=self.workers, progress=hook, cancel=cancel))
            before += kw["games"]
        return results

    def _settings(self, results: list[SimulationResult]) -> dict[str, Any]:
        """What a batch was run with."""
        return {
            "cities": list(dict.fromkeys(str(r.metadata["map_id"]) for r in results)),
            "bots": list(self.bots),
            "players": sorted(set(self.players)),
            "ruleset": results[0].ruleset.name,
            "games": int(self.games),
            "seed": int(self.seed),
        }

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
        change = what_if_change(base.city, line, indicators, bonus, deck)
        games = _check_games(games if games is not None else int(base.metadata["games"]))
        kw = dict(players=base.players, bots=base.bots, games=games, seed=base.seed)
        try:
            outcome = what_if(base.city, change, ruleset=base.ruleset, workers=self.workers, **kw)
        except PROBLEMS as err:
            raise ExplorerError(f"what-if: {err}") from None
        self.message = f"what-if on {result_label(base)}: {describe_change(change)}"
        return outcome
