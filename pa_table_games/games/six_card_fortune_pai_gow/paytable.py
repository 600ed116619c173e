"""ILLUSTRATIVE pay tables for the Fortune Bonus, the Envy Bonus and the Progressive Payout Wager.

The payout section of chapter 670a is not available to the project and no public table
for the six-card game was found: every number below is MADE UP to make a round playable
(shaped like published seven-card Fortune tables). They are not a casino's, not the
regulation's, and must not be presented as either. Hands are named as
:func:`~.poker.best_six_card_category` names them: the best five of the player's six cards.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction
from types import MappingProxyType

from pa_table_games.money import times

#: Every table in this module is illustrative (shown in the machine notes and settlement notes).
ILLUSTRATIVE = True

#: Fortune Bonus Wager: odds "to 1" on three of a kind or better (docs/reference.md); anything else loses.
FORTUNE_BONUS = MappingProxyType({
    "five aces": Fraction(400), "five of a kind": Fraction(400),  # five of a kind: wild joker only
    "royal flush": Fraction(150), "straight flush": Fraction(50), "four of a kind": Fraction(25),
    "full house": Fraction(5), "flush": Fraction(4), "straight": Fraction(3), "three of a kind": Fraction(2),
})

#: Envy Bonus: a fixed amount paid to each Envy lammer holder for each OTHER player's hand that makes it.
ENVY_BONUS = MappingProxyType({
    "five aces": Decimal("250.00"), "five of a kind": Decimal("250.00"), "royal flush": Decimal("100.00"),
    "straight flush": Decimal("50.00"), "four of a kind": Decimal("25.00"),
})

#: Progressive Payout Wager: odds "to 1", paid by the progressive table game system, not the table inventory.
PROGRESSIVE = MappingProxyType({
    "five aces": Fraction(1000), "five of a kind": Fraction(1000), "royal flush": Fraction(500),
    "straight flush": Fraction(100), "four of a kind": Fraction(50), "full house": Fraction(10),
})


def top_payout(rules: object, wager: str, amount: Decimal) -> Decimal | None:
    """The most one ``wager`` of ``amount`` wins in a round at least (``GameInfo.top_payout``): the Fortune Bonus's
    and the Progressive Payout Wager's top odds (an Envy Bonus, paid on other players' hands, comes on top). None
    for the Six-Card Fortune Wager and the Double Down Wager, which win even money."""
    table = {"fortune_bonus": FORTUNE_BONUS, "progressive": PROGRESSIVE}.get(wager)
    return times(amount, max(table.values())) if table is not None else None
