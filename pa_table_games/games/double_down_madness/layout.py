"""The Double Down Madness layout: Blackjack's layout with the dealer's FIRST card as the hole card.

§ 692.7(e) deals the hole card before the players' cards and the up card last, so
``up_index`` is 1. ``originals`` keeps each box's wager as placed, the measure of every
Double Down wager (§ 692.9), since Double Down wagers are added to the main wager.
"""

from __future__ import annotations

from attrs import define, field

from pa_table_games.errors import WagerError
from pa_table_games.games.blackjack.dealing_shoe import refuse_joker
from pa_table_games.games.blackjack.layout import BlackjackLayout

MAIN = "double_down_madness"
PUSH_22 = "push_22"
INSURANCE = "insurance"


@define
class MadnessLayout(BlackjackLayout):
    """Hands in play order, the dealer's cards (hole card first) and each box's original wager."""

    originals: dict[int, float] = field(factory=dict)


def check_seats(rnd) -> None:
    """Once every wager is placed: a Push 22 wager needs a Double Down Madness wager in its box ((e)); the shoe
    holds 52-card decks only (no joker)."""
    refuse_joker(rnd.shoe, "Double Down Madness", "§ 692.5")
    mains = {w.seat for w in rnd.wagers if w.name == MAIN}
    for w in rnd.wagers:
        if w.name == PUSH_22 and w.seat not in mains:
            raise WagerError(f"seat {w.seat}: a Push 22 wager is placed with a Double Down Madness wager "
                             f"(§ 692.7(e))")


def new_layout(rnd) -> MadnessLayout:
    """An empty layout; each box's Double Down Madness wager as placed before the deal."""
    return MadnessLayout(up_index=1, originals={w.seat: w.amount for w in rnd.wagers if w.name == MAIN},
                         earlier_bundles=len(rnd.table.rack.bundles))
