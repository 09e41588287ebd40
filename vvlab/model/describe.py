"""Plain-text overviews of a city map (used by ``vvlab show`` and notebook display)."""

from __future__ import annotations

import textwrap
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from vvlab.model.citymap import CityMap


def describe_map(city: CityMap) -> str:
    """Lines with their stations, indicators and bonuses; transfer stations; totals.

    Examples
    --------
    >>> import vvlab
    >>> print(describe_map(vvlab.load_map("tutorial")))  # doctest: +ELLIPSIS
    Tutorial (tutorial)
    ...
    Lines        indicators  bonus  stations
      A  Amber     ■■□□ 2      5/3    Harbour - Market - Central - Castle - Zoo
    ...
    Transfer stations (star value)
      Central   6  A B C
      Park      4  B D
    <BLANKLINE>
    Totals: 4 lines, 12 stations, 2 transfer stations, 6 indicator boxes
    """
    out = [f"{city.name} ({city.id})"]
    if city.description:
        out.append(textwrap.fill(city.description, width=88))
    out.append("")
    id_w = max(len(line.id) for line in city.lines)
    name_w = max(len(line.name) for line in city.lines)
    out.append("Lines".ljust(id_w + name_w + 5) + "indicators  bonus  stations")
    for line in city.lines:
        boxes = "■" * line.indicators + "□" * (4 - line.indicators) if line.indicators <= 4 else ""
        boxes = (boxes or "■" * line.indicators).ljust(4)
        route = " - ".join(city.stations[s].name for s in line.stations)
        bonus = f"{line.bonus_first}/{line.bonus_later}"
        out.append(
            f"  {line.id.ljust(id_w)}  {line.name.ljust(name_w)}   {boxes} {line.indicators}"
            f"      {bonus.ljust(5)}  {route}"
        )
    transfers = city.transfer_stations
    out += ["", "Transfer stations (star value)"]
    tw = max((len(city.stations[s].name) for s in transfers), default=0)
    for sid in transfers:
        lines = " ".join(city.lines_through(sid))
        out.append(f"  {city.stations[sid].name.ljust(tw)}  {city.star_value(sid):2d}  {lines}")
    if not transfers:
        out.append("  (none)")
    out += [
        "",
        f"Totals: {len(city.lines)} lines, {len(city.stations)} stations, "
        f"{len(transfers)} transfer stations, {city.total_indicators} indicator boxes",
    ]
    return "\n".join(out)
