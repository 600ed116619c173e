"""How a set hand does against the dealer's, and what the optional wagers pay: pure functions.

§ 670a.11 (completion of each round) is not available; these follow the public game
rules in docs/reference.md: each of the player's two hands wins only if it outranks the
dealer's matching hand — a copy (equal rank) goes to the dealer. Both won: the wager
wins 1 to 1 (no commission); one won: a push; none won: the wager loses.
"""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from fractions import Fraction

from attrs import frozen

from pa_table_games.equipment.cards import Card, codes
from pa_table_games.money import brief
from pa_table_games.games.six_card_fortune_pai_gow.paytable import ENVY_BONUS, FORTUNE_BONUS, PROGRESSIVE
from pa_table_games.games.six_card_fortune_pai_gow.poker import (
    HandRank,
    JokerRule,
    best_six_card_category,
    compare,
    rank_five,
    rank_low,
)


@frozen
class Showdown:
    """One player's set hand against the dealer's: ``net`` is per unit wagered (1, 0 or -1); the ranks and low cards
    compared, which :attr:`note` words (only when it is read: a simulated round keeps no notes)."""

    outcome: str  # "win", "push" or "lose"
    net: int
    high: HandRank
    dealer_high: HandRank
    low: Card
    dealer_low: Card

    @property
    def note(self) -> str:
        """``"high one pair (K) beats Q-high; low 9 loses to J -> push"``."""
        high = _verdict(f"high {self.high.describe()}", self.dealer_high.describe(),
                        compare(self.high, self.dealer_high))
        low = _verdict(f"low {self.low.code}", self.dealer_low.code,
                       compare(rank_low(self.low), rank_low(self.dealer_low)))
        return f"{high}; {low} -> {self.outcome}"


def _verdict(player: str, dealer: str, order: int) -> str:
    if order > 0:
        return f"{player} beats {dealer}"
    if order == 0:
        return f"{player} copies {dealer}: a copy goes to the dealer"
    return f"{player} loses to {dealer}"


#: how many of the two hands won -> (the wager's outcome, its net per unit)
_RESULT = {2: ("win", 1), 1: ("push", 0), 0: ("lose", -1)}


def showdown(high: Sequence[Card], low: Card, dealer_high: Sequence[Card], dealer_low: Card,
             joker_rule: JokerRule = JokerRule.BUG) -> Showdown:
    """The Six-Card Fortune Pai Gow Poker Wager's result for one position: each hand wins only if it outranks the
    dealer's (a copy goes to the dealer)."""
    mine, theirs = rank_five(high, joker_rule), rank_five(dealer_high, joker_rule)
    wins = (mine > theirs) + (rank_low(low) > rank_low(dealer_low))
    outcome, net = _RESULT[wins]
    return Showdown(outcome, net, mine, theirs, low, dealer_low)


def six_card_hand(cards: Sequence[Card], joker_rule: JokerRule = JokerRule.BUG) -> str:
    """The name of the best five-card hand among the six (``"four of a kind"``, ``"royal flush"`` ...)."""
    return best_six_card_category(cards, joker_rule).name


def fortune_bonus_odds(hand_name: str) -> Fraction | None:
    """ILLUSTRATIVE Fortune Bonus odds "to 1" for ``hand_name``, or None when it loses."""
    return FORTUNE_BONUS.get(hand_name)


def envy_bonus(others: Sequence[tuple[str, str]]) -> tuple[Decimal, list[str]]:
    """ILLUSTRATIVE Envy Bonus for one lammer holder: ``others`` is (label, hand name) of the other players."""
    total, reasons = Decimal("0.00"), []
    for label, hand_name in others:
        amount = ENVY_BONUS.get(hand_name)
        if amount:
            total += amount
            reasons.append(f"{label} {hand_name} {brief(amount)}")
    return total, reasons


def progressive_odds(hand_name: str) -> Fraction | None:
    """ILLUSTRATIVE Progressive Payout odds "to 1" for ``hand_name``, or None when it loses."""
    return PROGRESSIVE.get(hand_name)


def describe_set(high: Sequence[Card], low: Card) -> str:
    return f"high {codes(high)} / low {low.code}"
