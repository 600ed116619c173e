"""Who wins at the end of a § 692.7 round: (p), (q), (r) and (s), written once for both (t) procedures.

Each function is pure and returns ``(outcome, net per unit wagered, cite)``. The main
wager's unit includes its Double Down wagers: (q) pays "an equivalent amount for each
Double Down wager" and (r) and (p)(1) return them with the main wager. A winning main
wager pays even money (§ 692.10(a) is not available; even money is our default).
"""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.games.blackjack.layout import Hand


def main_outcome(hand: Hand, dealer_total: int) -> tuple[str, int | Fraction, str]:
    """The Double Down Madness wager of a hand still in play once the dealer's hand totals ``dealer_total``."""
    player_total = hand.total
    if player_total > 21:  # settled when it busted; kept here so the rule is whole
        return "bust", -1, "(p)(1)"
    if dealer_total == 22:
        return "push", 0, "(p)(1)"
    if dealer_total > 21:
        return "win", 1, "(q)(1)"
    if player_total > dealer_total:
        return "win", 1, "(q)(2)"
    if player_total == dealer_total:
        return "tie", 0, "(r)"
    return "lose", -1, "(s)(2)"


def push_22_outcome(dealer_total: int, odds: Fraction) -> tuple[str, int | Fraction, str]:
    """A Push 22 wager wins ``odds`` to 1 when the dealer ends on 22 ((p)(1)), else it is collected ((p)(2))."""
    if dealer_total == 22:
        return "win", odds, "(p)(1)"
    return "lose", -1, "(p)(2)"
