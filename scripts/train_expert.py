"""Fit the expert bot's weights (``vvlab/bots/expert_weights.json``) with CMA-ES.

The objective is the expert's mean solo score on generated cities
(:func:`vvlab.model.generate.generate_city`, several seeds and sizes; some with their
boxes and bonuses redrawn by :func:`rescored`, as a designer's tuning leaves them, so that
the weights also fit lines of many stations per box and high bonuses), each city's mean
divided by greedy's on the same deals so that every city counts alike; all candidates
of a generation play the same deals (common random numbers), fresh deals every
generation. One weight set per ruleset. The ``race`` weight only matters with rivals and
stays at its starting value here. Every random draw comes from one
``numpy.random.Generator`` seeded by ``--seed`` (CMA-ES's samples included), so a run is
reproducible; it runs on one core in the compiled simulator.

Usage (from the repository root, with vvlab installed or ``PYTHONPATH=.``)::

    python scripts/train_expert.py [--seed 7] [--generations 100] [--popsize 14]
        [--games 256] [--rulesets voll-verplant,metro-x] [--cities 10x80:1001,...]
        [--rescored 10x80:1011,...] [--out FILE] [--force]

Without ``--out`` it prints the weights file; ``--out vvlab/bots/expert_weights.json
--force`` replaces the shipped one, which the defaults reproduce (about 10 minutes on one
core). The file records the seed, budget and cities.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from typing import NamedTuple

import numpy as np

import vvlab
from vvlab.bots import ExpertBot
from vvlab.bots.expert import WEIGHTS_FORMAT
from vvlab.compiled import compile_city
from vvlab.compiled.spec import EXPERT_WEIGHTS
from vvlab.model import CityMap
from vvlab.model.files import atomic_write, check_target
from vvlab.model.generate import generate_city
from vvlab.sim.fast import play_block_fast

START = {
    "bonus": 1.0,
    "bonus_late": 0.0,
    "gap": 0.0,
    "transfer": 0.0,
    "empty": 0.5,
    "empty_late": 0.0,
    "star_potential": 0.0,
    "race": 1.0,
    "leftover": 0.0,
    "step": 3.4,
    "boxes": 0.0,
    "excess_runs": 0.0,
    "shape": 0.0,
    "shared": 0.0,
    "own_runs": 0.0,
    "chain": 1.0,
}
"""Where the search starts: greedy's sheet value (see ``vvlab.bots.value``)."""

SCALE = {name: 1.0 for name in EXPERT_WEIGHTS} | {
    "bonus": 0.5,
    "empty": 0.5,
    "race": 0.0,
    "chain": 0.5,
}
"""A step of 1 in the search space moves each weight by this much (0: fixed)."""

TRAIN_CITIES = (
    (10, 80, 1001),
    (8, 60, 1002),
    (10, 70, 1003),
    (9, 90, 1004),
    (10, 50, 1006),
    (10, 40, 1007),
    (12, 60, 1009),
)
"""(lines, stations, seed) of the generated training cities; held-out checks use others."""

RESCORED_CITIES = (
    (10, 80, 1011),
    (10, 70, 1012),
    (9, 70, 1013),
    (11, 80, 1014),
    (10, 90, 1015),
    (10, 60, 1016),
    (12, 80, 1017),
    (9, 80, 1018),
)
"""(lines, stations, seed) of the generated training cities whose boxes and bonuses
:func:`rescored` redraws (with a generator seeded by ``seed``)."""


class Budget(NamedTuple):
    """How much a run may play: generations x popsize candidates x cities x games."""

    generations: int = 100
    popsize: int = 14
    games: int = 256


def training_cities(
    specs: Sequence[tuple[int, int, int]] = TRAIN_CITIES,
    rescored_specs: Sequence[tuple[int, int, int]] = (),
) -> list[CityMap]:
    """The generated cities of ``specs`` ((lines, stations, seed) each), then those of
    ``rescored_specs`` with their scoring redrawn by :func:`rescored`."""
    cities = [
        generate_city(lines, stations, seed, id=f"gen-{lines}-{stations}-{seed}")
        for lines, stations, seed in specs
    ]
    for lines, stations, seed in rescored_specs:
        city = generate_city(lines, stations, seed, id=f"gen-{lines}-{stations}-{seed}-r")
        cities.append(rescored(city, np.random.default_rng(seed)))
    return cities


def rescored(city: CityMap, rng: np.random.Generator) -> CityMap:
    """``city`` with each line's indicator boxes and bonuses redrawn over the range a
    tuned map shows: one box per 4 to 7.5 stations (1-4 boxes), a first bonus of the
    stations per box plus 0 to 4 (3-10), the later bonus 2 less.

    >>> from vvlab.model.generate import generate_city
    >>> city = rescored(generate_city(10, 80, 1), np.random.default_rng(0))
    >>> all(1 <= line.indicators <= 4 and line.bonus_later < line.bonus_first <= 10
    ...     for line in city.lines)
    True
    """
    data = city.to_dict()
    for line in data["lines"]:
        stations = len(line["stations"])
        boxes = int(min(4, max(1, round(stations / rng.uniform(4.0, 7.5)))))
        first = int(min(10, max(3, round(stations / boxes) + rng.integers(0, 5))))
        line["indicators"], line["bonus"] = boxes, [first, max(1, first - 2)]
    return CityMap.from_dict(data)


def weights_of(x: np.ndarray) -> tuple[float, ...]:
    """The weights row of a point of the search space."""
    return tuple(START[n] + SCALE[n] * float(v) for n, v in zip(EXPERT_WEIGHTS, x, strict=True))


class Objective:
    """Mean solo score of weight rows on some cities, relative to greedy's, on deals
    drawn anew for each :meth:`new_deals`."""

    def __init__(self, cities: Sequence[CityMap], ruleset: str, games: int) -> None:
        self.ruleset = vvlab.get_ruleset(ruleset)
        self.cities = [(c, compile_city(c, self.ruleset)) for c in cities]
        self.games, self.seed, self.greedy = games, 0, [1.0] * len(cities)

    def new_deals(self, rng: np.random.Generator) -> None:
        """Fresh deals for the next candidates, and greedy's means on them."""
        self.seed = int(rng.integers(2**31))
        self.greedy = [max(self._mean("greedy", c, cc), 1.0) for c, cc in self.cities]

    def _mean(self, bot, city: CityMap, compiled) -> float:
        rec = play_block_fast(city, self.ruleset, [bot], self.seed, 0, self.games, compiled)
        return float(rec.score.mean())

    def __call__(self, row: Sequence[float]) -> float:
        """Mean over the cities of the expert's mean score / greedy's."""
        bot = ExpertBot({self.ruleset.name: row})
        pairs = zip(self.cities, self.greedy, strict=True)
        return float(np.mean([self._mean(bot, c, cc) / g for (c, cc), g in pairs]))


def train(
    ruleset: str,
    cities: Sequence[CityMap],
    budget: Budget,
    rng: np.random.Generator,
    progress: Callable[[str], None] | None = None,
) -> tuple[tuple[float, ...], float]:
    """CMA-ES on :class:`Objective`; returns the best mean weights and their objective
    (on the last generation's deals)."""
    import cma

    free = [i for i, n in enumerate(EXPERT_WEIGHTS) if SCALE[n]]
    objective = Objective(cities, ruleset, budget.games)
    options = {
        "popsize": budget.popsize,
        "randn": lambda *shape: rng.standard_normal(shape),
        "seed": float("nan"),
        "verbose": -9,
    }
    es = cma.CMAEvolutionStrategy(np.zeros(len(free)), 0.5, options)

    def full(z: np.ndarray) -> np.ndarray:
        x = np.zeros(len(EXPERT_WEIGHTS))
        x[free] = z
        return x

    start = time.perf_counter()
    for generation in range(budget.generations):
        objective.new_deals(rng)
        candidates = es.ask()
        values = [objective(weights_of(full(z))) for z in candidates]
        es.tell(candidates, [-v for v in values])
        if progress:
            progress(
                f"{ruleset} generation {generation + 1}/{budget.generations}: best "
                f"{max(values):.4f}, median {np.median(values):.4f} x greedy, "
                f"{time.perf_counter() - start:.0f} s"
            )
    best = weights_of(full(es.result.xfavorite))
    return best, objective(best)


def parse_cities(text: str) -> tuple[tuple[int, int, int], ...]:
    """``"10x80:1001,8x60:1002"`` as (lines, stations, seed) triples.

    >>> parse_cities("10x80:1001,8x60:1002")
    ((10, 80, 1001), (8, 60, 1002))
    """
    specs = []
    for item in filter(None, text.split(",")):
        size, _, seed = item.partition(":")
        lines, _, stations = size.partition("x")
        specs.append((int(lines), int(stations), int(seed)))
    return tuple(specs)


def weights_file(
    sets: dict,
    seed: int,
    budget: Budget,
    scores: dict,
    cities: Sequence[tuple[int, int, int]] = TRAIN_CITIES,
    rescored_cities: Sequence[tuple[int, int, int]] = RESCORED_CITIES,
) -> dict:
    """The weights file's content, with its training record."""
    return {
        "format": WEIGHTS_FORMAT,
        "names": list(EXPERT_WEIGHTS),
        "weights": {name: [round(v, 6) for v in row] for name, row in sets.items()},
        "training": {
            "script": "scripts/train_expert.py",
            "seed": seed,
            "generations": budget.generations,
            "popsize": budget.popsize,
            "games_per_city": budget.games,
            "cities": [f"generate_city({a}, {b}, seed={c})" for a, b, c in cities],
            "rescored_cities": [
                f"rescored(generate_city({a}, {b}, seed={c}), default_rng({c}))"
                for a, b, c in rescored_cities
            ],
            "objective": "mean solo score / greedy's on the same deals, mean over cities",
            "final_objective": scores,
        },
    }


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=7)
    defaults = Budget()
    parser.add_argument("--generations", type=int, default=defaults.generations)
    parser.add_argument("--popsize", type=int, default=defaults.popsize)
    parser.add_argument("--games", type=int, default=defaults.games)
    parser.add_argument("--rulesets", default="voll-verplant,metro-x")
    parser.add_argument(
        "--cities",
        default="",
        help="generated cities as LINESxSTATIONS:SEED,... (default: TRAIN_CITIES)",
    )
    parser.add_argument(
        "--rescored",
        default=None,
        help="generated cities with redrawn scoring, as --cities (default: RESCORED_CITIES)",
    )
    parser.add_argument("--out", default=None)
    parser.add_argument("--force", action="store_true", help="replace --out if it exists")
    args = parser.parse_args(argv)
    if args.out:
        check_target(args.out, overwrite=args.force)  # before minutes of training
    budget = Budget(args.generations, args.popsize, args.games)
    rng = np.random.default_rng(args.seed)
    specs = parse_cities(args.cities) if args.cities else TRAIN_CITIES
    rescored_specs = RESCORED_CITIES if args.rescored is None else parse_cities(args.rescored)
    cities = training_cities(specs, rescored_specs)
    sets, scores = {}, {}
    for ruleset in args.rulesets.split(","):
        sets[ruleset], scores[ruleset] = train(
            ruleset, cities, budget, rng, lambda m: print(m, file=sys.stderr, flush=True)
        )
    content = weights_file(sets, args.seed, budget, scores, specs, rescored_specs)
    text = json.dumps(content, indent=2) + "\n"
    if args.out:
        atomic_write(args.out, text, overwrite=args.force)
        print(f"wrote {args.out}", file=sys.stderr)
    else:
        print(text, end="")


if __name__ == "__main__":
    main()
