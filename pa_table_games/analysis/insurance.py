"""Exact return of the Insurance Wager (§ 633a.8; § 692.8 in Double Down Madness), taken whenever it is offered.

The wager is offered when the dealer's up card is an ace (§ 633a.7(h), § 692.7(f)) and wins at the Rules' odds
when the dealer has a Blackjack (§ 633a.7(h), § 692.7(g)(2)): when the hole card is a 10-value card. The cards of
a shuffled shoe of ``decks`` decks lie in random order, so with an ace up the hole card is any of the shoe's other
``N = 52 decks - 1`` cards alike, ``T = 16 decks`` of them 10-value: P = T / N, whichever card is dealt first (the
up card in § 633a.7(f), the hole card in § 692.7(e)).

§ 633a.8 offers a box holding a Blackjack even money instead of Insurance, so in Blackjack an Insurance Wager is
made only beside a box that does not hold one: P(10-value hole card | ace up, the box's two cards not an ace and a
10-value card) = (T/N - P(box Blackjack and 10 in the hole)) / (1 - P(box Blackjack)), with ``A = 4 decks - 1``
aces left, P(box Blackjack) = 2AT / (N(N-1)) and with a 10 in the hole 2AT(T-1) / (N(N-1)(N-2)). Per unit wagered
the player's expected return is ``odds * p - (1 - p)``; at 2 to 1 the house edge is ``1 - 3p``.

What the price does not count, since on average it changes nothing: the other boxes' cards, and the cards of
earlier rounds of the shoe (each round's cards are as random as a fresh shoe's, the cover card's small effect on
which rounds are dealt aside). The probabilities are exact :class:`~fractions.Fraction` counts.
"""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.analysis.edge import LOSS, EdgeReport
from pa_table_games.equipment.cards import standard_deck
from pa_table_games.games.blackjack.hand import is_ten_value

INSURANCE = "insurance"
#: The outcome that pays: a 10-value hole card under the ace, the dealer's Blackjack.
DEALER_BLACKJACK = "dealer_blackjack"


def ten_in_the_hole(decks: int, even_money_instead: bool) -> Fraction:
    """P(10-value hole card | ace up), given the box's two cards are not a Blackjack when ``even_money_instead``
    (§ 633a.8: such a box is offered even money, not Insurance)."""
    deck = standard_deck()
    cards, tens, aces = decks * len(deck) - 1, decks * sum(map(is_ten_value, deck)), decks * 4 - 1
    in_the_hole = Fraction(tens, cards)
    if not even_money_instead:
        return in_the_hole
    box_blackjack = Fraction(2 * aces * tens, cards * (cards - 1))
    and_ten_in_the_hole = Fraction(2 * aces * tens * (tens - 1), cards * (cards - 1) * (cards - 2))
    return (in_the_hole - and_ten_in_the_hole) / (1 - box_blackjack)


def insurance_edge(decks: int, odds: Fraction, even_money_instead: bool) -> EdgeReport:
    """The Insurance Wager paying ``odds`` (the Rules' own) on a shoe of ``decks`` decks, per wager taken. No pay
    table: the report's ``paytable`` is None, as is ``crown_treasure_bonus`` (a Royal Match 21 question)."""
    wins = ten_in_the_hole(decks, even_money_instead)
    outcomes = [(DEALER_BLACKJACK, wins, Fraction(odds)), (LOSS, 1 - wins, Fraction(-1))]
    house_edge = -sum((p * r for _, p, r in outcomes), Fraction(0))
    return EdgeReport(INSURANCE, decks, None, outcomes, house_edge, crown_treasure_bonus=None)


def decks_words(decks: int) -> str:
    return f"{decks} deck" if decks == 1 else f"{decks} decks"


def assumptions(decks: int, wager_name: str, even_money_instead: bool) -> str:
    """What the exact price assumes, in words."""
    beside = " beside a box not holding a Blackjack (offered even money instead, § 633a.8)" \
        if even_money_instead else ""
    return (f"per {wager_name} taken whenever offered (an ace up card){beside}: it wins when the hole card is a "
            f"10-value card of a shuffled shoe of {decks_words(decks)}; the other boxes' cards and earlier rounds' not "
            "counted (on average they change nothing)")
