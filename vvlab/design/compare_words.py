"""Two versions of a city in a designer's words (:meth:`MapComparison.text
<vvlab.design.compare.MapComparison.text>`): what changed, named as the players see it
(lines and stations by their names), each verdict as its paragraph
(:func:`~vvlab.design.summary.summary`), and the targets one version meets and the other
misses, told as :mod:`vvlab.design.summary` tells a failure. Text is wrapped at word
boundaries to the width it is given, never cut.
"""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING, Any

from vvlab.design.summary import Finding, failing, summary

if TYPE_CHECKING:
    from vvlab.design.compare import MapComparison
    from vvlab.model import CityMap

__all__ = ["comparison_text"]


def _named(city: CityMap, kind: str, item: str) -> str:
    """A changed item by its name: ``line Ring``, ``station Zoo``."""
    if kind.startswith("station"):
        station = city.stations.get(item)
        return f"station {station.name if station else item}"
    names = {line.id: line.name for line in city.lines}
    return f"line {names.get(item, item)}"


def _route(city: CityMap, route: str) -> str:
    return " - ".join(
        city.stations[s].name if s in city.stations else s for s in route.split(" - ")
    )


def change_sentence(row: Any, a: CityMap, b: CityMap) -> str:
    """One row of :attr:`MapComparison.structure` in words.

    >>> import vvlab
    >>> from types import SimpleNamespace as Row
    >>> city = vvlab.load_map("tutorial")
    >>> change_sentence(Row(change="boxes", item="A", a="2", b="3"), city, city)
    'line Amber: 2 → 3 boxes'
    >>> change_sentence(Row(change="station added", item="zoo", a="", b="zoo"), city, city)
    'station Zoo added'
    """
    kind = str(row.change)
    what = _named(b if row.b else a, kind, row.item)
    if kind.endswith((" added", " removed")):
        return f"{what} {kind.split()[-1]}"
    if kind == "boxes":
        return f"{what}: {row.a} → {row.b} boxes"
    if kind == "route":
        return f"{what}: route {_route(a, row.a)} → {_route(b, row.b)}"
    if kind == "station moved":
        return f"{what} moved from {row.a} to {row.b}"
    if kind == "station renamed":
        return f"station {row.a} renamed {row.b}"
    return f"{what}: {kind} {row.a} → {row.b}"


def _differing(missed_by: list[Finding], met_by: list[Finding]) -> list[Finding]:
    """The findings of one version whose target and line the other version meets."""
    other = {(f.target, f.line) for f in met_by}
    return [f for f in missed_by if (f.target, f.line) not in other]


def comparison_text(comparison: MapComparison, width: int = 80) -> str:
    """The comparison as plain text wrapped to ``width`` columns (see the module)."""
    a, b = comparison.a, comparison.b
    changes = [change_sentence(r, a, b) for r in comparison.structure.itertuples()]
    fails_a, fails_b = failing(comparison.report_a), failing(comparison.report_b)

    def items(texts: list[str]) -> list[str]:
        return [textwrap.fill(t, width, initial_indent="  - ", subsequent_indent="    ")
                for t in texts] or ["  (none)"]  # fmt: skip

    def said(label: str, text: str) -> str:
        return textwrap.fill(text, width, initial_indent=label, subsequent_indent=" " * 3)

    out = [textwrap.fill(f"{a.name} (a) against {b.name} (b), on the same deals", width)]
    out += ["", "What changed from a to b:", *items(changes), ""]
    out += [said("a: ", summary(comparison.report_a)), said("b: ", summary(comparison.report_b))]
    out += ["", "Missed by b, met by a:", *items([f.text() for f in _differing(fails_b, fails_a)])]
    out += ["", "Met by b, missed by a:", *items([f.text() for f in _differing(fails_a, fails_b)])]
    return "\n".join(out)
