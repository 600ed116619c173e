"""The house way: how the dealer sets six cards into a five-card high hand and a one-card low hand.

58 Pa. Code ch. 670a requires the dealer to set the hand the house way, but the
house way itself is part of each casino's Rules Submission, which is not
available here. What follows is this package's **default**, not regulation:

1. Try each of the six cards as the low hand, the other five as the high hand.
2. Drop every set that fouls (:func:`~.poker.foul_reason`: a no-pair high hand
   whose top card is below the low card).
3. Keep the set with the best high hand (:func:`~.poker.rank_five`).
4. Among sets with equally ranked high hands (rare), keep the highest low card.
5. Among sets still tied (cards of the same rank in different suits), keep the
   one whose low card comes first in the order the cards were given.

Consequences: a pair, two pair, trips, straight or flush is never broken to play
a higher low card, because that would lower the high hand. Usually the low card
is the card that adds least to the high hand, which is often the lowest card:
``KS KH 9D 7C 4S 2H`` plays ``2H`` low, and the no-pair ``AS JD 9C 7H 4S 2D``
plays ``2D`` low. (A casino house way would normally play the second-highest
card low with no pair; this default maximises the high hand instead.)

At least one set is always legal: with the lowest card low, the high hand's top
card is at least as high, and a tie on the top card goes to the high hand.

Players: :data:`player_way` is the same algorithm (the helper the dealer uses
when a player asks for the house way); a player may set any legal hand.
"""

from __future__ import annotations

from collections.abc import Sequence

from attrs import frozen

from pa_table_games.equipment.cards import Card
from pa_table_games.errors import TableGamesError
from pa_table_games.games.six_card_fortune_pai_gow.poker import (
    JokerRule,
    rank_each_five,
    rank_low,
)

#: A set hand: the five-card high hand (in the order given) and the one-card low hand.
SetHand = tuple[tuple[Card, ...], Card]


def _check_six(six_cards: Sequence[Card]) -> tuple[Card, ...]:
    cards = tuple(six_cards)
    if len(cards) != 6:
        raise TableGamesError(f"setting a hand needs exactly 6 cards, got {len(cards)}")
    if len({card.code for card in cards}) != 6:  # cards are equal when their faces are
        raise TableGamesError("setting a hand: the same card appears twice")
    return cards


@frozen
class HouseWay:
    """The default house way described in the module doc, for one joker rule."""

    joker_rule: JokerRule = JokerRule.BUG

    def _legal(self, cards: tuple[Card, ...]) -> list[tuple[int, int, int]]:
        """Every legal set as (its high hand's order, its low hand's, minus the low card's place), in the order the
        low card was given: the greatest is the house way's (best high hand, then highest low card, then first given)."""
        legal = []
        for at, (low, high) in enumerate(zip(cards, rank_each_five(cards, self.joker_rule))):
            low_order = rank_low(low).order
            if high.order > low_order:
                legal.append((high.order, low_order, -at))
        return legal

    def all_legal_sets(self, six_cards: Sequence[Card]) -> list[SetHand]:
        """Every legal ``(high5, low)`` set, in the order the low card was given."""
        cards = _check_six(six_cards)
        return [_set_at(cards, -at) for _, _, at in self._legal(cards)]

    def set_hand(self, six_cards: Sequence[Card]) -> SetHand:
        """The house-way set: best high hand, then highest low card, then first given."""
        cards = _check_six(six_cards)
        return _set_at(cards, -max(self._legal(cards))[2])  # never empty: the lowest card low is always legal


def _set_at(cards: tuple[Card, ...], at: int) -> SetHand:
    """The set with the card at ``at`` low and the other five high, in the order given."""
    return cards[:at] + cards[at + 1:], cards[at]


#: The default house way (joker per :attr:`JokerRule.BUG`).
HOUSE_WAY = HouseWay()

#: The house way under each joker rule, made once (a round sets every hand by it).
HOUSE_WAYS = {rule: HouseWay(rule) for rule in JokerRule}


def all_legal_sets(six_cards: Sequence[Card]) -> list[SetHand]:
    """Every legal ``(high5, low)`` set of six cards under :data:`HOUSE_WAY`'s joker rule."""
    return HOUSE_WAY.all_legal_sets(six_cards)


def set_hand(six_cards: Sequence[Card]) -> SetHand:
    """Set six cards the default house way (see the module doc)."""
    return HOUSE_WAY.set_hand(six_cards)


#: The simple player way: the same algorithm as the house way.
player_way = set_hand
