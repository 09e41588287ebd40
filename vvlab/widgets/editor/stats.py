"""Statistics of a city being edited, and the quick balance check of the map editor.

The statistics are computed from map data that may still have problems (unknown
stations on a line are ignored); the quick balance needs a valid ``CityMap`` and plays
solo greedy games on the compiled fast path.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from vvlab.engine import get_ruleset

if TYPE_CHECKING:
    import pandas as pd
    import plotly.graph_objects as go

    from vvlab.design.report import BalanceReport
    from vvlab.model import CityMap
    from vvlab.sim.result import SimulationResult


def free_cards_per_box(ruleset: Any = "voll-verplant") -> Fraction:
    """Expected ``free`` cards revealed per indicator box filled, in the long run.

    A pass through the deck ends with its first shuffle card; any other card comes
    before it with probability 1 / (shuffle cards + 1). The ratio of the expected free
    and indicator cards per pass is the answer (renewal-reward).

    >>> free_cards_per_box("voll-verplant"), free_cards_per_box("metro-x")
    (Fraction(1, 14), Fraction(1, 15))
    """
    deck = get_ruleset(ruleset).deck
    shuffles = sum(c.shuffle for c in deck)

    def per_pass(free: bool) -> Fraction:
        cards = [c for c in deck if (c.kind == "free") == free]
        return sum(
            (Fraction(1, shuffles) if c.shuffle else Fraction(1, shuffles + 1) for c in cards),
            Fraction(0),
        )

    return per_pass(True) / per_pass(False)


def city_stats(data: dict[str, Any], ruleset: Any = "voll-verplant") -> dict[str, Any]:
    """Stations, lines, transfer stations with their star values, indicator boxes and
    the expected game length (turns, including free cards) of map data.

    Examples
    --------
    >>> import vvlab
    >>> stats = city_stats(vvlab.load_map("tutorial").to_dict())
    >>> stats["stations"], stats["lines"], stats["indicators"], stats["expected_turns"]
    (12, 4, 6, 6.4)
    >>> stats["transfers"]
    [('central', 'Central', 6, ['A', 'B', 'C']), ('park', 'Park', 4, ['B', 'D'])]
    """
    stations = data.get("stations") if isinstance(data.get("stations"), dict) else {}
    lines = [ln for ln in data.get("lines") or [] if isinstance(ln, dict)]
    through: dict[str, list[str]] = {sid: [] for sid in stations}
    for line in lines:
        for sid in line.get("stations") or []:
            if sid in through:
                through[sid].append(str(line.get("id")))
    transfers = [
        (sid, str(stations[sid].get("name", sid)), 2 * len(ids), ids)
        for sid, ids in through.items()
        if len(ids) > 1
    ]
    boxes = sum(ln["indicators"] for ln in lines if type(ln.get("indicators")) is int)
    turns = boxes * (1 + free_cards_per_box(ruleset))
    return {
        "stations": len(stations),
        "lines": len(lines),
        "route_stations": sum(len(ln.get("stations") or []) for ln in lines),
        "transfers": transfers,
        "star_values": sum(t[2] for t in transfers),
        "indicators": boxes,
        "expected_turns": round(float(turns), 1),
    }


def stats_text(stats: dict[str, Any]) -> str:
    """The statistics as a few lines of text.

    >>> import vvlab
    >>> print(stats_text(city_stats(vvlab.load_map("tutorial").to_dict())))
    12 stations, 4 lines, 2 transfer stations
    6 indicator boxes: a game lasts about 6.4 turns
    transfers (star value): Central 6 (A B C), Park 4 (B D)
    """
    head = (
        f"{stats['stations']} stations, {stats['lines']} lines, "
        f"{len(stats['transfers'])} transfer stations"
    )
    length = (
        f"{stats['indicators']} indicator boxes: a game lasts about {stats['expected_turns']} turns"
    )
    parts = [f"{name} {value} ({' '.join(ids)})" for _, name, value, ids in stats["transfers"]]
    return "\n".join([head, length, "transfers (star value): " + (", ".join(parts) or "none")])


@dataclass
class QuickBalance:
    """The outcome of :func:`quick_balance`: the simulation, its timing and figures."""

    result: SimulationResult
    seconds: float
    report: BalanceReport | None = None
    """The balance targets judged at the greedy level (with random's games, played too,
    for the skill gap)."""

    @property
    def lines(self) -> pd.DataFrame:
        """Per line: completion rate, mean completion turn and bonus (``line_table``)."""
        from vvlab.analysis.tables import line_table

        return line_table(self.result)

    def score_figure(self) -> go.Figure:
        """The score distribution (:func:`vvlab.viz.score_distribution`)."""
        from vvlab.viz.results import score_distribution

        return score_distribution(self.result)

    def lines_figure(self) -> go.Figure:
        """Line completion vs bonus (:func:`vvlab.viz.line_completion`)."""
        from vvlab.viz.results import line_completion

        return line_completion(self.result)

    def summary(self) -> str:
        """The score's mean and spread (most games: within one standard deviation), in
        a designer's words, and how long it took."""
        score = self.result.games["score"]
        mean, spread = score.mean(), score.std()
        return (
            f"{len(score)} solo games played as new players would, in {self.seconds:.2f} s: "
            f"mean score {mean:.1f} (most between {mean - spread:.0f} and "
            f"{mean + spread:.0f}), lowest {score.min()}, highest {score.max()}"
        )


WARM_UP_DELAY = 2.0
"""Seconds after the first editor is made before the kernels are loaded: once it is on
screen (loading them meanwhile would slow its start)."""
_WARMING: list[threading.Timer] = []


def warm_up(delay: float = WARM_UP_DELAY) -> threading.Timer:
    """Load the compiled kernels the quick balance plays with (greedy and random) in
    the background ``delay`` seconds from now, once per process, so that the first
    click does not wait for them (about a second from the cache). Returns the timer.

    >>> warm_up() is warm_up()
    True
    """
    if not _WARMING:

        def play() -> None:
            from vvlab.compiled.notice import notes_to
            from vvlab.sim.fast import warm

            with notes_to(lambda text, done: None):  # nobody waits for it: no note
                warm(["greedy"])  # greedy's block holds random's too

        _WARMING.append(threading.Timer(delay, play))
        _WARMING[0].daemon = True
        _WARMING[0].start()
    return _WARMING[0]


def quick_balance(
    city: CityMap,
    games: int = 2000,
    seed: int = 0,
    ruleset: Any = "voll-verplant",
    *,
    progress: Callable[[int, int], Any] | None = None,
    cancel: Any = None,
) -> QuickBalance:
    """Play ``games`` solo games with the greedy bot on the fast path, in this process,
    and as many with random's for the skill gap.

    ``progress(done, total)`` hears of the games played (``2 * games`` in all);
    ``cancel`` (as :func:`vvlab.simulate`'s) is looked at between blocks of games and
    raises ``SimulationCancelled``.

    Examples
    --------
    >>> import vvlab
    >>> seen = []
    >>> qb = quick_balance(vvlab.load_map("tutorial"), games=50, seed=1,
    ...                    progress=lambda done, total: seen.append((done, total)))
    >>> len(qb.result.games), qb.result.metadata["execution"]["engine"], seen[-1]
    (50, 'fast', (100, 100))
    """
    from vvlab.design.balance import BASELINE, judge
    from vvlab.sim.run import simulate

    step = progress or (lambda done, total: None)
    clock = time.perf_counter()
    run = {"games": games, "seed": seed, "ruleset": ruleset, "workers": 1, "cancel": cancel}
    result = simulate(city, players=1, bots=["greedy"], engine="fast",
                      progress=lambda done, total: step(done, 2 * total), **run)  # fmt: skip
    base = simulate(city, players=1, bots=[BASELINE], engine="fast",
                    progress=lambda done, total: step(total + done, 2 * total), **run)  # fmt: skip
    report = judge(city, None, {"greedy": result, BASELINE: base}, games=games, seed=seed,
                   ruleset=ruleset, run={"workers": 1, "engine": "fast"})  # fmt: skip
    return QuickBalance(result, time.perf_counter() - clock, report)
