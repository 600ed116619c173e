"""Who wins the Blackjack Wager: § 633a.7(p) and (q), written once for both settlement procedures."""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.games.blackjack.rules import BlackjackRules


def blackjack_outcome(hand: Hand, dealer_total: int, dealer_blackjack: bool,
                      rules: BlackjackRules) -> tuple[str, int | Fraction, str]:
    """(outcome, net per unit wagered, cite) for a hand still in play after the dealer's hand is complete."""
    if hand.blackjack_announced:  # (i)(1)(ii)(B): paid after the hole card is revealed
        if dealer_blackjack:
            return "tie", 0, "(q)"
        return "blackjack", rules.blackjack_odds, "(p)(3)" if dealer_total == 21 else "(i)(1)(ii)(B)"
    if hand.busted:
        return "bust", -1, "(p)"
    if dealer_total > 21:
        return "win", 1, "(p)(1)"
    if dealer_blackjack:
        return "lose", -1, "(q)"
    if hand.total > dealer_total:
        return "win", 1, "(p)(2)"
    if hand.total == dealer_total:
        return "tie", 0, "(q)"
    return "lose", -1, "(p)"
