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

from vvlab.design.summary import summary
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
    its bound than ``spread``: it may not hold on other deals; shown as ``THIN``) and
    ``margin_low`` (the margin at the unfavourable end of that interval, ``margin``
    less ``spread`` over the same width: below 0 for a thin pass and for a fail).
    ``names`` are the city's name (under ``""``, as in the table's ``line``) and its
    lines' names by id, for the words of :meth:`summary`.

    ``difficulty`` holds each line's difficulty per level, measured with equal bonuses
    (:meth:`vvlab.design.play.Play.difficulty`), when the games were at hand.
    """

    COLUMNS: ClassVar[list[str]] = [
        "level", "target", "line", "measured", "bound", "passed", "margin", "spread", "thin",
        "margin_low",
    ]  # fmt: skip

    table: pd.DataFrame
    city: str
    levels: list[str]
    games: int
    seed: int
    ruleset: str
    targets: BalanceTargets = field(default_factory=BalanceTargets)
    names: dict[str, str] = field(default_factory=dict)
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

    def summary(self) -> str:
        """The verdict as a short paragraph in a designer's words: whether the city
        passes and, for each failure, what is wrong, for which players (the levels
        folded into one sentence) and what would help (:func:`vvlab.design.summary.summary`).

        >>> from vvlab.design import check_balance
        >>> report = check_balance("tutorial", bots=["greedy"], games=200, progress=False)
        >>> report.summary().startswith("Tutorial misses ")
        True
        >>> "new players" in report.summary() and "greedy" not in report.summary()
        True
        """
        return summary(self)

    def heading(self) -> str:
        """One line: the city, the levels, the games and the verdict."""
        failed = len(self.failures())
        verdict = "every target passes" if not failed else f"{failed} of {len(self.table)} fail"
        return (
            f"{self.city} ({self.ruleset}): {', '.join(self.levels)}; "
            f"{self.games} solo games per level, seed {self.seed}: {verdict}"
        )

    def rows(self) -> list[list[str]]:
        """The table as text cells: verdict, level, target, line, measured (why it was
        not measured, for a value that was not), bound, margin (empty then)."""
        out = []
        for r in self.table.itertuples(index=False):
            m = "" if r.margin != r.margin else f"{r.margin:+.2f}"
            verdict = ("THIN" if getattr(r, "thin", False) else "PASS") if r.passed else "FAIL"
            level = r.level or "(any)"
            out.append(
                [verdict, level, r.target, r.line, measured_text(r.target, r.measured), r.bound, m]
            )
        return out

    def text(self) -> str:
        """The report as plain text, at most 80 columns wide: the heading, the
        :meth:`summary`, the table (long cells shortened) and why any value was not
        measured."""
        head = ["", "level", "target", "line", "measured", "bound", "margin"]
        limits = [4, 17, 18, 8, 8, 15, 6]
        rows, notes = self.rows(), []
        for row, measured in zip(rows, self.table["measured"], strict=True):
            if measured != measured:
                notes.append(f"{row[2]} ({row[1]}): {row[4]}")
                row[4] = "-"
        cells = [
            [c if len(c) <= n else c[: n - 1] + "~" for c, n in zip(row, limits, strict=True)]
            for row in [head, *rows]
        ]
        widths = [max(len(row[k]) for row in cells) for k in range(len(head))]
        lines = [
            " ".join(c.ljust(w) for c, w in zip(row, widths, strict=True)).rstrip() for row in cells
        ]
        wrapped = [textwrap.fill(t, 80, subsequent_indent="  ") for t in notes]
        paragraph = textwrap.fill(self.summary(), 80)
        return "\n".join([textwrap.fill(self.heading(), 80), "", paragraph, "", *lines, *wrapped])

    def __str__(self) -> str:
        return self.text()

    def table_html(self) -> str:
        """The table as HTML, PASS, THIN and FAIL in colour."""
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
        return f"<table><thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>"

    def _repr_html_(self) -> str:
        return (
            f"<p><b>Balance</b> · {html.escape(self.heading())}</p>"
            f"<p class='summary'>{html.escape(self.summary())}</p>{self.table_html()}"
        )

    def __repr__(self) -> str:
        return f"<BalanceReport {self.heading()}>"

    def compact_html(self) -> str:
        """The verdict for a panel: the :meth:`summary` and the whole table folded
        away ("Details").

        >>> import pandas as pd
        >>> row = {"level": "greedy", "target": "game-length", "line": "", "measured": 9.5,
        ...        "bound": "20..28 turns", "passed": False, "margin": -1.3}
        >>> r = BalanceReport(pd.DataFrame([row]), "x", ["greedy"], 10, 0, "voll-verplant",
        ...                   names={"": "Tiny Town"})
        >>> print(r.compact_html()[:85])
        <div><b>Balance</b>: Tiny Town misses 1 balance target, for new players. A game lasts
        """
        return (
            f"<div><b>Balance</b>: {html.escape(self.summary())}"
            f"<details><summary>Details</summary>{self.table_html()}</details></div>"
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
            "names": dict(self.names),
            "difficulty": None if self.difficulty is None else self.difficulty.to_dict("records"),
        }
