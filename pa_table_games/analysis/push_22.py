"""Exact return of the Push 22 wager (§ 692.7; its odds § 692.10(d)), per wager.

The wager is paid at the Rules' ``push_22_pays`` when the dealer's hand ends on exactly 22 ((p)(1)) and collected on
any other total ((p)(2)), a dealer Blackjack included ((g)(1)). While a Push 22 wager is live the dealer completes the
hand whatever the players' hands ((o)), drawing to a hard 17 and hitting soft 17 ((n)). The dealer's hole card
((e)(1)), up card ((e)(3)) and draws are cards of the shuffled shoe, so the price is the chance that a dealer hand
drawn from a full shoe of ``decks`` decks ends on 22: counted exactly, in fractions, over every draw
(:mod:`pa_table_games.games.double_down_madness.dealer_odds`); which of the first two cards is the up card changes
nothing.

What the price does not count, since on average it changes nothing: the cards dealt to the boxes between the dealer's
up card and the dealer's draws, whatever the players decide from what they see (the cards nobody has seen stay in
random order, so the chance of a dealer 22 from them is, on average, the same after each card dealt as before), and
the cards of earlier rounds of the shoe (the cover card's small effect on which rounds are dealt aside).
"""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.analysis.edge import LOSS, EdgeReport
from pa_table_games.analysis.insurance import decks_words
from pa_table_games.games.double_down_madness.dealer_odds import probability_dealer_ends_on

PUSH_22 = "push_22"
#: The outcome that pays: the dealer's hand ends on exactly 22 ((p)(1)).
DEALER_22 = "dealer_22"
#: The dealer hits soft 17: fixed by the section ((n)), no Rules option.
HITS_SOFT_17 = True


def push_22_edge(decks: int, odds: Fraction) -> EdgeReport:
    """The Push 22 wager paying ``odds`` (the Rules' own) against a full shoe of ``decks`` decks, per wager. No pay
    table: the report's ``paytable`` is None, as is ``crown_treasure_bonus`` (a Royal Match 21 question)."""
    wins = probability_dealer_ends_on(22, decks, hits_soft_17=HITS_SOFT_17)
    outcomes = [(DEALER_22, wins, Fraction(odds)), (LOSS, 1 - wins, Fraction(-1))]
    house_edge = -sum((p * r for _, p, r in outcomes), Fraction(0))
    return EdgeReport(PUSH_22, decks, None, outcomes, house_edge, crown_treasure_bonus=None)


def assumptions(decks: int) -> str:
    """What the exact price assumes, in words."""
    return ("per Push 22 wager, against a full shoe: it wins when the dealer's hand ends on exactly 22, the dealer "
            "hitting soft 17 (§ 692.7(n)) and completing the hand while the wager is live ((o)), and loses on any other "
            "total, a dealer Blackjack included ((g)(1)); the dealer's hole card ((e)(1)), up card ((e)(3)) and draws are "
            f"cards of a shuffled shoe of {decks_words(decks)}, whichever is dealt first; the boxes' cards, dealt between "
            "them, and earlier rounds' not counted (on average they change nothing)")
