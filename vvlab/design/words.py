"""The words a balance verdict is told in (:mod:`vvlab.design.summary`,
:mod:`vvlab.design.tune_words`): the players a skill level stands for, how often in
words, a bound as a designer says it, and lists joined with "and".

>>> players_of(["greedy", "lookahead:depth=1", "expert"])
'strong, practised and new players'
>>> and_list(["Amber", "Blue", "Crimson"])
'Amber, Blue and Crimson'
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "PLAYERS",
    "and_list",
    "bound_words",
    "capital",
    "how_often",
    "how_often_between",
    "level_words",
    "percent",
    "players_of",
    "range_ends",
]

PLAYERS = {
    "random": "players who play at random",
    "greedy": "new players",
    "lookahead": "practised players",
    "expert": "strong players",
    "rollout": "strong players",
}
"""The players a bot stands for, by its name (a bot label's part before ``:``)."""


def level_words(level: str) -> str:
    """The players a skill level (a bot label) stands for.

    >>> level_words("lookahead:depth=1"), level_words("expert"), level_words("mine")
    ('practised players', 'strong players', 'players like mine')
    """
    name = level.split(":", 1)[0]
    return PLAYERS.get(name, f"players like {name}")


def players_of(levels: Sequence[str]) -> str:
    """Several levels in one phrase, strongest first: ``strong and practised players``."""
    words = list(dict.fromkeys(level_words(lv) for lv in reversed(levels)))
    if len(words) == 1:
        return words[0]
    adjectives = [w.removesuffix(" players") for w in words]
    if all(w != a for w, a in zip(words, adjectives, strict=True)):
        return f"{', '.join(adjectives[:-1])} and {adjectives[-1]} players"
    return f"{', '.join(words[:-1])} and {words[-1]}"


def and_list(items: Sequence[str]) -> str:
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]


def how_often(rate: float) -> str:
    """A completion rate in words.

    >>> [how_often(r) for r in (1.0, 0.99, 0.87, 0.34, 0.125, 0.01, 0.0)]
    ['every game', 'almost every game (99%)', 'in 87% of games', 'in 1 of 3 games (34%)', \
'in 1 of 8 games (12%)', 'almost never (1%)', 'never']
    """
    if rate >= 1.0:
        return "every game"
    if rate <= 0.0:
        return "never"
    if rate >= 0.98:
        return f"almost every game ({percent(rate)})"
    if rate <= 0.02:
        return f"almost never ({percent(rate)})"
    one_in = round(1 / rate)
    if rate < 0.45 and abs(1 / one_in - rate) <= 0.1 * rate:
        return f"in 1 of {one_in} games ({rate:.0%})"
    return f"in {rate:.0%} of games"


def percent(rate: float) -> str:
    """A share as a whole percentage, with a decimal where that would say 0% or 100%."""
    shown = f"{rate:.0%}"
    return f"{rate:.1%}" if shown in ("0%", "100%") else shown


def bound_words(bound: str) -> str:
    """A report's bound as a designer says it.

    >>> bound_words("10%..95%"), bound_words("<= -0.60"), bound_words(">= 15 vs random")
    ('10% to 95%', 'at most -0.60', 'at least 15 more than random play')
    """
    text = bound.replace("..", " to ").replace(" vs random", " more than random play")
    for sign, words in (("<= ", "at most "), (">= ", "at least ")):
        text = text.replace(sign, words)
    return text


def range_ends(bound: str) -> tuple[str, str]:
    """The low and high end of a range bound in words (``"10%", "95%"``)."""
    low, _, high = bound_words(bound).partition(" to ")
    return low, high


def how_often_between(low: float, high: float) -> str:
    """Completion rates from ``low`` to ``high`` in words.

    >>> how_often_between(0.97, 0.99), how_often_between(0.02, 0.06)
    ('in 97% to 99% of games', 'in 2% to 6% of games')
    """
    if round(low, 2) == round(high, 2):
        return how_often(low)
    if low >= 0.98:
        return f"almost every game ({low:.0%} to {high:.0%})"
    return f"in {low:.0%} to {high:.0%} of games"
