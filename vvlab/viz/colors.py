"""Colours: a fixed qualitative palette for bots and for other groups.

Lines always use their own ``color`` from the map.
"""

from __future__ import annotations

from collections.abc import Iterable

PALETTE = (
    "#1F77B4",
    "#FF7F0E",
    "#2CA02C",
    "#D62728",
    "#9467BD",
    "#8C564B",
    "#E377C2",
    "#7F7F7F",
    "#BCBD22",
    "#17BECF",
)
"""The qualitative palette (Tableau 10), in order."""

BUILTIN_BOTS = {"greedy": PALETTE[0], "lookahead": PALETTE[1], "rollout": PALETTE[2]}
BUILTIN_BOTS["random"] = PALETTE[7]
"""The built-in bots always get these colours (the first spec of each kind)."""


def bot_colors(bots: Iterable[str]) -> dict[str, str]:
    """A colour for each bot spec, the same in every figure.

    The first spec of a built-in bot kind takes that kind's colour (``random`` grey,
    ``greedy`` blue, ``lookahead`` orange, ``rollout`` green); every other spec takes
    the next palette colour not used yet, in the order given.

    Examples
    --------
    >>> bot_colors(["random", "greedy"])
    {'random': '#7F7F7F', 'greedy': '#1F77B4'}
    >>> bot_colors(["lookahead:depth=1", "lookahead:depth=2", "mine"])
    {'lookahead:depth=1': '#FF7F0E', 'lookahead:depth=2': '#D62728', 'mine': '#9467BD'}
    """
    specs = list(dict.fromkeys(str(b) for b in bots))
    colors: dict[str, str] = {}
    for spec in specs:
        color = BUILTIN_BOTS.get(spec.split(":")[0])
        if color is not None and color not in colors.values():
            colors[spec] = color
    free = [c for c in PALETTE if c not in colors.values() and c not in BUILTIN_BOTS.values()]
    free += [c for c in PALETTE if c not in colors.values() and c not in free]
    for spec in specs:
        if spec not in colors:
            colors[spec] = free.pop(0) if free else PALETTE[len(colors) % len(PALETTE)]
    return {spec: colors[spec] for spec in specs}


def group_colors(groups: Iterable[str], by: str = "bot") -> dict[str, str]:
    """Colours of figure groups: :func:`bot_colors` for bots, else the palette in order.

    >>> group_colors(["2 players", "3 players"], by="players")
    {'2 players': '#1F77B4', '3 players': '#FF7F0E'}
    """
    groups = list(dict.fromkeys(str(g) for g in groups))
    if by == "bot":
        return bot_colors(groups)
    return {g: PALETTE[i % len(PALETTE)] for i, g in enumerate(groups)}


def lighter(color: str, amount: float = 0.5) -> str:
    """``#RRGGBB`` mixed with white (``amount`` 0: unchanged, 1: white).

    >>> lighter("#000000"), lighter("#1F77B4", 0)
    ('#808080', '#1F77B4')
    """
    rgb = [int(color[i : i + 2], 16) for i in (1, 3, 5)]
    mixed = [round(c + (255 - c) * amount) for c in rgb]
    return "#" + "".join(f"{c:02X}" for c in mixed)
