"""The panel beside the plan: each line's wagon (indicator boxes and bonus pair), the
score area, a short rules reminder and the deck's card list.

>>> import vvlab
>>> from vvlab.engine.rulesets import get_ruleset
>>> shapes = layout_panel(vvlab.load_map("tutorial"), get_ruleset(), (200.0, 20.0, 289.0, 202.0))
>>> sorted({s.data["line"] for s in shapes if getattr(s, "data", None)})
['A', 'B', 'C', 'D']
>>> penalty_text(get_ruleset("metro-x").penalty)  # doctest: +ELLIPSIS
'Penalty (empty stations: points): 0–4: 0, 5: −1, 6: −2, 7: −3, 8–9: −4, ..., 20+: −10'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from vvlab.model.colors import text_color
from vvlab.printing.fit import wrap
from vvlab.printing.page import GREY, INK, Box, Circle, Polyline, Rect, Shape, Text
from vvlab.printing.plan import MIN_BOX, SheetLayoutError

if TYPE_CHECKING:
    from vvlab.engine.rulesets import Penalty, Ruleset
    from vvlab.model.citymap import CityMap

__all__ = ["INDICATOR_BOX", "layout_panel", "penalty_text", "rules_reminder"]

INDICATOR_BOX = 6.5
"""The side of an indicator box and of a score box, in mm (at least ``MIN_BOX``)."""
ROW, TIGHT_ROW = 8.2, 7.6
"""The height of a line's row, mm; the tight one when the panel would not fit else."""
SMALL, BODY, HEAD = 2.3, 2.7, 3.4
"""Font sizes in mm: reminder, table text, headings."""


assert INDICATOR_BOX >= MIN_BOX


def penalty_text(penalty: Penalty) -> str:
    """The ruleset's penalty for empty stations in words.

    >>> from vvlab.engine.rulesets import Penalty
    >>> penalty_text(Penalty(divisor=2))
    'Penalty: empty stations ÷ 2, rounded down'
    """
    if penalty.divisor is not None:
        return f"Penalty: empty stations ÷ {penalty.divisor}, rounded {penalty.rounding}"
    steps = ((0, 0), *penalty.steps) if penalty.steps[0][0] > 0 else penalty.steps
    parts = []
    for (start, points), nxt in zip(steps, [*steps[1:], None], strict=True):
        span = f"{start}+" if nxt is None else _span(start, nxt[0] - 1)
        parts.append(f"{span}: {'−' if points else ''}{points}")
    return "Penalty (empty stations: points): " + ", ".join(parts)


def _span(first: int, last: int) -> str:
    return str(first) if first == last else f"{first}–{last}"


def rules_reminder(ruleset: Ruleset) -> list[str]:
    """The short rules printed on the sheet, one paragraph a string."""
    return [
        "Each turn one card is revealed; every player uses it.",
        "Number: write it in a free indicator box of a line, then cross that many stations "
        "from the line's first empty station (counted from its filled tag, the wagon's end); "
        "stop at a filled station or the terminus.",
        "Circled number (express): the same, but filled stations are skipped.",
        "★ Star: use an indicator box and write the star value (2 × the lines through it) "
        "in the line's first empty station.",
        "○ Circle (free): cross any one empty station; no indicator box is used.",
        "↻ Shuffle: after this turn all cards are shuffled together.",
        "A line completed first scores its first bonus (circle it); once someone has it, the "
        "others cross it out and later take the later bonus.",
        "The game ends when every indicator box is filled. "
        "Score = bonuses + star points − penalty.",
        penalty_text(ruleset.penalty),
    ]


def deck_list(ruleset: Ruleset) -> list[str]:
    """The deck's cards as counts per kind, and its shuffle cards."""
    shuffles = sorted({str(card) for card in ruleset.deck if card.shuffle})
    return [
        f"Deck ({len(ruleset.deck)} cards): {ruleset.deck_summary()}",
        f"Shuffle cards (↻): {', '.join(shuffles)}",
        "3 number · (2) circled number (express) · ★ star · ○ circle (free)",
    ]


def _wagon_row(line, x: float, y: float) -> list[Shape]:
    """A line's chip, its indicator boxes, its bonus pair and a box for the bonus taken."""
    box = INDICATOR_BOX
    chip = Rect(x, y, 10.0, box, line.color, line.color, 0.3, radius=1.0)
    name = Text(x + 5.0, y + box / 2 + 1.1, line.id, 3.0, "middle", True, text_color(line.color))
    shapes: list[Shape] = [chip, name]
    for k in range(1, line.indicators + 1):
        data = {"line": line.id, "box": str(k)}
        shapes.append(Rect(x + 12.0 + (k - 1) * 7.3, y, box, box, INK, "#FFFFFF", 0.4, 0.5, data))
    for i, value in enumerate(line.bonus):
        cx = x + 60.5 + i * 7.5
        shapes.append(Circle(cx, y + box / 2, 3.0, INK, None, 0.6 if i == 0 else 0.3))
        shapes.append(Text(cx, y + box / 2 + 1.0, str(value), BODY, "middle", bold=i == 0))
    shapes.append(Rect(x + 75.0, y, 13.0, box, INK, None, 0.4, 0.5))
    return shapes


def _headings(x: float, y: float) -> list[Shape]:
    return [
        Text(x, y, "Line", SMALL, fill=GREY),
        Text(x + 12.0, y, "Wagon: indicator boxes", SMALL, fill=GREY),
        Text(x + 64.25, y, "first / later", SMALL, "middle", fill=GREY),
        Text(x + 81.5, y, "bonus", SMALL, "middle", fill=GREY),
    ]


def _score_rows(x: float, y: float, right: float, row: float) -> list[Shape]:
    """Boxes for the totals: bonuses, star points, empty stations, penalty, total."""
    shapes: list[Shape] = []
    rows = ["Bonuses (sum of the column)", "+ Star points", "Empty stations", "− Penalty"]
    for i, label in enumerate([*rows, "= Total"]):
        top = y + i * row
        total = label == "= Total"
        shapes.append(Text(x, top + 4.6, label, BODY, bold=total))
        frame = Rect(right - 13.0, top, 13.0, INDICATOR_BOX, INK, None, 0.8 if total else 0.4, 0.5)
        shapes.append(frame)
    return shapes


def _paragraphs(lines: list[str], x: float, y: float, width: float) -> tuple[list[Shape], float]:
    shapes: list[Shape] = []
    for paragraph in lines:
        for row in wrap(paragraph, width, SMALL):
            y += SMALL * 1.3
            shapes.append(Text(x, y, row, SMALL))
        y += 0.6
    return shapes, y


def layout_panel(city: CityMap, ruleset: Ruleset, area: Box) -> list[Shape]:
    """The panel's shapes in ``area`` (mm), its rows :data:`TIGHT_ROW` apart if they do
    not fit :data:`ROW` apart; :class:`SheetLayoutError` when they do not fit its height
    either way (a city with very many lines)."""
    for row in (ROW, TIGHT_ROW):
        shapes, end = _panel(city, ruleset, area, row)
        if end <= area[3]:
            return shapes
    raise SheetLayoutError(
        f"{city.name}: the wagons, score and rules of {len(city.lines)} lines do not fit "
        f"beside the plan ({end - area[3]:.0f} mm too tall)"
    )


def _panel(city: CityMap, ruleset: Ruleset, area: Box, row: float) -> tuple[list[Shape], float]:
    """The panel's shapes with rows ``row`` mm apart, and where its text ends."""
    x, y, right, _ = area
    shapes: list[Shape] = [Text(x, y + HEAD, "Wagons and score", HEAD, bold=True)]
    shapes += _headings(x, y + HEAD + 3.6)
    top = y + HEAD + 5.0
    for i, line in enumerate(city.lines):
        shapes += _wagon_row(line, x, top + i * row)
    top += len(city.lines) * row + 1.0
    shapes.append(Polyline(((x, top), (right, top)), GREY, 0.2))
    shapes += _score_rows(x, top + 1.5, right, row)
    top += 1.5 + 5 * row + 1.0
    shapes.append(Text(x, top + HEAD, "Rules in short", HEAD, bold=True))
    text, end = _paragraphs(rules_reminder(ruleset) + deck_list(ruleset), x, top + 4.0, right - x)
    return shapes + text, end
