"""What one player may see when choosing a move: the input of every bot."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from vvlab.engine.cards import Card, Move
from vvlab.engine.rulesets import Ruleset
from vvlab.engine.sheet import Sheet
from vvlab.model.citymap import CityMap


@dataclass(frozen=True)
class PlayerView:
    """One player's view of the game at the moment of choosing.

    ``sheet`` and ``others`` are the live sheets: read them, never change them (use
    ``sheet.copy()`` to try moves). Everything here is public at a real table: the
    revealed card, the cards seen since the last shuffle (card counting is legal), the
    lines whose first bonus is gone and the other players' sheets.
    """

    player: int
    turn: int
    card: Card
    legal_moves: tuple[Move, ...]
    sheet: Sheet
    others: tuple[Sheet, ...]
    city: CityMap
    ruleset: Ruleset
    seen_since_shuffle: tuple[Card, ...]
    first_taken: frozenset[str]

    @property
    def unseen(self) -> Counter[Card]:
        """The cards not revealed since the last shuffle: the next card is one of these,
        unless the revealed card has the shuffle icon (then it is any card of the deck)."""
        if self.card.shuffle:
            return Counter(self.ruleset.deck)
        left = Counter(self.ruleset.deck)
        left.subtract(self.seen_since_shuffle)
        return +left

    @property
    def indicators_left(self) -> int:
        """Indicator boxes still free on this player's sheet, the current card's included."""
        return self.city.total_indicators - self.sheet.indicators_filled
