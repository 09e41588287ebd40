"""The expert bot: one evaluation per legal move, as greedy, with a fitted sheet value.

The value of a sheet, in points, is a sum over its incomplete lines and a term for its
empty stations, with weights (named by :data:`~vvlab.compiled.spec.EXPERT_WEIGHTS`)
fitted by ``scripts/train_expert.py`` on generated cities::

    V = star points written
        + sum over incomplete lines of
              bonus * chance * (w.bonus + w.bonus_late * progress)
            + w.star_potential * star value of the first empty station * P(star card)
            - w.leftover * max(0, empty - w.step * boxes)
        - (w.empty + w.empty_late * progress) * empty stations

``chance`` is the reach table (:mod:`vvlab.compiled.tables`) read between its rows and
columns at ``empty + w.gap * (runs of empty stations - 1) + w.excess_runs * max(0, runs
- boxes) + w.own_runs * max(0, own runs - boxes) - w.transfer * empty transfer stations
- w.shared * shared`` and ``boxes + w.boxes``, then shaped (``p + w.shape * p * (p -
1)``): blocked runs cost cards, transfers get filled from other lines. ``own runs`` are
the runs of empty stations on no other line: whatever the other lines fill, each takes
a card of the line's own (or a free or express card), so a line with more of them than
boxes is hard to complete however short it looks. ``shared`` sums over the line's
empty transfer stations the chance that another line fills it: that the other line's
boxes cross its empty stations up to this one, each empty transfer before it counted as
``w.chain`` of a station since a third line may fill it first (the same reach table;
lines taken as independent, read as the sheet was before the move), so a line whose
transfers lie just ahead on lines with boxes to spare counts as shorter than one whose
other lines are spent.

``bonus`` is the first bonus, less ``w.race`` times the best rival's chance of
completing the line (multiplayer: the expert sees which first bonuses are gone and the
other sheets), or the later bonus once the first is gone. ``progress`` is the share of
indicator boxes used, ``P(star card)`` the share of star cards among the unseen cards.
A line completed by the move is worth its bonus.

The weights ship with the package (``expert_weights.json``, one set per ruleset; a
ruleset of another name gets the ``voll-verplant`` set), with the seed, budget and
cities of their training.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path

import numpy as np

from vvlab.bots.base import register
from vvlab.bots.compiled import CompiledBot
from vvlab.compiled.spec import EXPERT_WEIGHTS, KernelSpec, restriction_code
from vvlab.engine.view import PlayerView

__all__ = ["WEIGHTS_FORMAT", "ExpertBot", "load_weights", "shipped_weights"]

WEIGHTS_FORMAT = "vvlab-expert-weights/1"
"""The ``format`` of a weights file."""

Weights = Mapping[str, Sequence[float]]


def load_weights(source: str | Path | Mapping) -> dict[str, tuple[float, ...]]:
    """The weight sets of a weights file (a path, or its parsed JSON), by ruleset name.

    >>> sets = load_weights(shipped_weights())
    >>> sorted(sets), len(sets["metro-x"]) == len(EXPERT_WEIGHTS)
    (['metro-x', 'voll-verplant'], True)
    """
    data = source if isinstance(source, Mapping) else json.loads(Path(source).read_text())
    if data.get("format") != WEIGHTS_FORMAT:
        raise ValueError(f"expert weights: format {data.get('format')!r}, not {WEIGHTS_FORMAT!r}")
    if list(data.get("names", [])) != list(EXPERT_WEIGHTS):
        raise ValueError(f"expert weights: names must be {list(EXPERT_WEIGHTS)}")
    return {name: _row(row) for name, row in data["weights"].items()}


@lru_cache(maxsize=1)
def shipped_weights() -> dict:
    """The weights file shipped with the package, parsed (with its training record).

    >>> shipped_weights()["format"]
    'vvlab-expert-weights/1'
    """
    text = resources.files("vvlab.bots").joinpath("expert_weights.json").read_text()
    return json.loads(text)


def _row(row: Sequence[float]) -> tuple[float, ...]:
    values = tuple(float(x) for x in row)
    if len(values) != len(EXPERT_WEIGHTS) or not all(np.isfinite(values)):
        raise ValueError(f"expert weights: {len(EXPERT_WEIGHTS)} finite numbers a set")
    return values


@register
class ExpertBot(CompiledBot):
    """Plays the legal move after which the fitted sheet value of the module docstring
    is highest; one evaluation per legal move, like ``greedy``, so it runs at bulk
    speed in the compiled simulator. Deterministic: ties go to the first move in map
    order. ``weights``: a weights file (path), or weight sets by ruleset name; the
    shipped ones by default. ``restrict``: a restriction of
    :data:`~vvlab.compiled.spec.RESTRICTIONS` (restricted play): the best move that
    satisfies it, or the best move when none does.

    >>> import numpy as np, vvlab
    >>> game = vvlab.Game("tutorial", cards=[vvlab.Card.number(3)])
    >>> ExpertBot().choose(game.view(0), np.random.default_rng(0)).line is not None
    True
    >>> vvlab.bots.make_bot("expert:restrict=no-race").kernel_spec()
    KernelSpec(kernel='expert', param=0, restrict='no-race')
    """

    name = "expert"

    def __init__(
        self, weights: str | Path | Weights | None = None, restrict: str | None = None
    ) -> None:
        self._restrict_code = restriction_code(restrict)  # a ValueError naming them
        params = {"restrict": restrict} if restrict else {}
        if weights is None or isinstance(weights, (str, Path)):
            super().__init__(**({} if weights is None else {"weights": str(weights)}), **params)
            sets = load_weights(shipped_weights() if weights is None else weights)
        else:
            super().__init__(**params)
            sets = {name: _row(row) for name, row in weights.items()}
        self.restrict = restrict or ""
        if not sets:
            raise ValueError("expert weights: at least one set")
        fallback = sets.get("voll-verplant", next(iter(sets.values())))
        self.weights = {"voll-verplant": fallback, **sets}
        self._rows: dict[str, np.ndarray] = {}

    def kernel_spec(self) -> KernelSpec:
        """The expert's kernel with its weight sets (the first is the fallback) and its
        restriction."""
        return KernelSpec("expert", weights=tuple(self.weights.items()), restrict=self.restrict)

    def weights_row(self, ruleset: str) -> np.ndarray:
        """The weights the kernel reads for a ruleset name (made once per name: the
        reference path asks every move)."""
        row = self._rows.get(ruleset)
        if row is None:
            row = self._rows[ruleset] = np.array(self.kernel_spec().weights_for(ruleset), float)
        return row

    def decide(self, kind: int, view: PlayerView, u: float, arrays: tuple) -> tuple[int, int]:
        from vvlab.compiled.kernels import expert_choice

        value, setup, seen, best, dec = arrays
        race = rivals_reach(view, setup.tables.reach)
        weights = self.weights_row(view.ruleset.name)
        line, station, _ = expert_choice(
            kind, value, setup, seen, best, dec, weights, race, self._restrict_code
        )
        return line, station


def rivals_reach(view: PlayerView, reach: np.ndarray) -> np.ndarray:
    """Per line, the best chance (milli, from ``reach``) among the other players of
    completing it while its first bonus is still to be had, else 0; what the compiled
    simulator's ``race_row`` computes from the sheets as they were before the turn.

    >>> import vvlab
    >>> from vvlab.compiled import compile_city
    >>> game = vvlab.Game("tutorial", players=2, seed=1)
    >>> reach = compile_city(game.city, game.ruleset).reach
    >>> rivals_reach(game.view(0), reach).tolist() == [
    ...     int(reach[len(line.stations), line.indicators]) for line in game.city.lines]
    True
    """
    out = np.zeros(len(view.city.lines), np.int64)
    for m, line in enumerate(view.city.lines):
        if line.id in view.first_taken:
            continue
        for sheet in view.others:
            if line.id not in sheet.completed:
                empty = sum(s not in sheet.marks for s in line.stations)
                out[m] = max(out[m], reach[empty, sheet.free_indicators(line.id)])
    return out
