"""Exact return of the Insurance Wager (§ 633a.8; § 692.8 in Double Down Madness), taken whenever it is offered.

The wager is offered when the dealer's up card is an ace (§ 633a.7(h), § 692.7(f)) and wins at the Rules' odds
when the dealer has a Blackjack (§ 633a.7(h), § 692.7(g)(2)): when the hole card is a 10-value card. The up card
and the hole card are an ordered pair of distinct cards of a fresh shuffled shoe of ``decks`` decks, whichever is
dealt first (the up card in § 633a.7(f), the hole card in § 692.7(e)), so with an ace up the hole card is any of
the shoe's other cards alike: P(10-value hole card | ace up) = 16 decks / (52 decks - 1). Per unit wagered the
player's expected return is ``odds * p - (1 - p)``; at 2 to 1 the house edge is ``1 - 3p`` (23/311 at six decks).

Decision (not regulation text): the player's own cards and the cards already dealt are not counted; the hole card
is drawn from the full shoe less the up card. The probabilities are exact :class:`~fractions.Fraction` counts.
"""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.analysis.edge import LOSS, EdgeReport
from pa_table_games.equipment.cards import standard_deck
from pa_table_games.games.blackjack.hand import is_ten_value

INSURANCE = "insurance"
#: The outcome that pays: a 10-value hole card under the ace, the dealer's Blackjack.
DEALER_BLACKJACK = "dealer_blackjack"


def ten_value_hole_cards(decks: int) -> tuple[int, int]:
    """``(10-value cards, cards)`` the hole card may be once an ace is the up card: a fresh shoe less that ace."""
    deck = standard_deck()
    return decks * sum(map(is_ten_value, deck)), decks * len(deck) - 1


def insurance_edge(decks: int, odds: Fraction) -> EdgeReport:
    """The Insurance Wager paying ``odds`` (the Rules' own) on a shoe of ``decks`` decks, per wager taken. No pay
    table: the report's ``paytable`` is None, as is ``crown_treasure_bonus`` (a Royal Match 21 question)."""
    tens, cards = ten_value_hole_cards(decks)
    wins = Fraction(tens, cards)
    outcomes = [(DEALER_BLACKJACK, wins, Fraction(odds)), (LOSS, 1 - wins, Fraction(-1))]
    house_edge = -sum((p * r for _, p, r in outcomes), Fraction(0))
    return EdgeReport(INSURANCE, decks, None, outcomes, house_edge, crown_treasure_bonus=None)


def assumptions(decks: int, wager_name: str) -> str:
    """What the exact price assumes, in words: per wager taken, the hole card from a full shoe."""
    tens, cards = ten_value_hole_cards(decks)
    return (f"per {wager_name} taken whenever offered (an ace up card): it wins when the hole card is a 10-value "
            f"card, the hole card drawn from a full shoe of {decks} decks less the up card (the player's own cards "
            f"and cards already dealt not counted): {tens} of {cards} cards")
