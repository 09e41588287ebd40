"""A balance verdict: :class:`BalanceReport`, a table of every target at every level
with PASS or FAIL, shown as text (command line, 80 columns) and as HTML (notebooks).
Measured values are written as their target's registry entry says
(:func:`~vvlab.design.target_registry.measured_text`).
"""

from __future__ import annotations

import html
import textwrap
from dataclasses import dataclass, field
from typing import Any, ClassVar

import pandas as pd

from vvlab.design.target_registry import measured_text
from vvlab.design.targets import BalanceTargets

__all__ = ["BalanceReport", "measured_text"]


@dataclass
class BalanceReport:
    """Every balance target of a city judged at every level (bot).

    ``table`` holds one row per verdict, with the columns :attr:`COLUMNS`: ``level``
    (the bot; empty for the bonus rules, which hold at every level), ``target``,
    ``line`` (empty for city-wide targets), ``measured``, ``bound`` (as text),
    ``passed`` and ``margin`` (the distance to the nearest bound over the allowed
    range's width: negative when failed; margins of different targets compare),
    ``spread`` (the half-width of the measured value's 95% interval, from resampling
    the games: how far another set of deals may move it) and ``thin`` (a pass nearer
    its bound than ``spread``: it may not hold on other deals; shown as ``THIN``).

    ``difficulty`` holds each line's difficulty per level, measured with equal bonuses
    (:meth:`vvlab.design.play.Play.difficulty`), when the games were at hand.
    """

    COLUMNS: ClassVar[list[str]] = [
        "level", "target", "line", "measured", "bound", "passed", "margin", "spread", "thin",
    ]  # fmt: skip

    table: pd.DataFrame
    city: str
    levels: list[str]
    games: int
    seed: int
    ruleset: str
    targets: BalanceTargets = field(default_factory=BalanceTargets)
    difficulty: pd.DataFrame | None = None

    @property
    def passed(self) -> bool:
        """True when every target passes at every level."""
        return bool(self.table["passed"].all())

    def failures(self) -> pd.DataFrame:
        """The rows of the targets that fail."""
        return self.table[~self.table["passed"]].reset_index(drop=True)

    def to_frame(self) -> pd.DataFrame:
        """A copy of :attr:`table`."""
        return self.table.copy()

    def heading(self) -> str:
        """One line: the city, the levels, the games and the verdict."""
        failed = len(self.failures())
        verdict = "every target passes" if not failed else f"{failed} of {len(self.table)} fail"
        return (
            f"{self.city} ({self.ruleset}): {', '.join(self.levels)}; "
            f"{self.games} solo games per level, seed {self.seed}: {verdict}"
        )

    def rows(self) -> list[list[str]]:
        """The table as text cells: verdict, level, target, line, measured, bound,
        margin."""
        out = []
        for r in self.table.itertuples(index=False):
            m = "n/a" if r.margin != r.margin else f"{r.margin:+.2f}"
            verdict = ("THIN" if getattr(r, "thin", False) else "PASS") if r.passed else "FAIL"
            level = r.level or "(any)"
            out.append(
                [verdict, level, r.target, r.line, measured_text(r.target, r.measured), r.bound, m]
            )
        return out

    def text(self) -> str:
        """The report as plain text, at most 80 columns wide (long cells shortened)."""
        head = ["", "level", "target", "line", "measured", "bound", "margin"]
        limits = [4, 17, 18, 8, 8, 15, 6]
        cells = [
            [c if len(c) <= n else c[: n - 1] + "~" for c, n in zip(row, limits, strict=True)]
            for row in [head, *self.rows()]
        ]
        widths = [max(len(row[k]) for row in cells) for k in range(len(head))]
        lines = [
            " ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells
        ]
        return "\n".join([textwrap.fill(self.heading(), 80), *lines])

    def __str__(self) -> str:
        return self.text()

    def _repr_html_(self) -> str:
        colour = {"PASS": "#1B5E20", "THIN": "#E65100", "FAIL": "#B71C1C"}
        head = "".join(
            f"<th>{h}</th>" for h in ("", "level", "target", "line", "measured", "bound", "margin")
        )
        body = []
        for row in self.rows():
            verdict = f"<td style='color:{colour[row[0]]};font-weight:bold'>{row[0]}</td>"
            body.append(
                "<tr>" + verdict + "".join(f"<td>{html.escape(c)}</td>" for c in row[1:]) + "</tr>"
            )
        return (
            f"<p><b>Balance</b> · {html.escape(self.heading())}</p>"
            f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"
        )

    def __repr__(self) -> str:
        return f"<BalanceReport {self.heading()}>"

    def compact_html(self) -> str:
        """The verdict in a few lines for a panel: how many targets pass, each failure
        in words, and the whole table folded away (``<details>``).

        >>> import pandas as pd
        >>> row = {"level": "greedy", "target": "game-length", "line": "", "measured": 9.5,
        ...        "bound": "20..28 turns", "passed": False, "margin": -1.3}
        >>> r = BalanceReport(pd.DataFrame([row]), "x", ["greedy"], 10, 0, "voll-verplant")
        >>> "FAIL</b> greedy game-length: 9.50, wanted 20..28 turns" in r.compact_html()
        True
        """
        failed = self.failures()
        passed = len(self.table) - len(failed)
        head = f"<b>Balance targets</b> ({html.escape(', '.join(self.levels))}): "
        head += f"{passed} of {len(self.table)} pass"
        items = [
            f"<li><b style='color:#B71C1C'>FAIL</b> {html.escape(r.level or '(any)')} "
            f"{html.escape(r.target)}{' ' + html.escape(r.line) if r.line else ''}: "
            f"{measured_text(r.target, r.measured)}, wanted {html.escape(r.bound)}</li>"
            for r in failed.itertuples()
        ]
        listing = f"<ul style='margin:2px 0'>{''.join(items)}</ul>" if items else ""
        return (
            f"<div>{head}{listing}<details><summary>every target</summary>"
            f"{self._repr_html_()}</details></div>"
        )

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready data (the table as records)."""
        return {
            "city": self.city,
            "levels": list(self.levels),
            "games": self.games,
            "seed": self.seed,
            "ruleset": self.ruleset,
            "targets": self.targets.to_dict(),
            "table": self.table.to_dict(orient="records"),
            "difficulty": None if self.difficulty is None else self.difficulty.to_dict("records"),
        }
