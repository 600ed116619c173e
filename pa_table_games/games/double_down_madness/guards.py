"""Guards of § 692.7: pure yes/no questions about a round, each with the subsection it lifts.

The first paragraph of each doc string is the condition as the regulation states it; it is
shown on the review page and in refusals ("allowed only when <doc>"). Blackjack's
guards that ask the same question in the same words are registered here again under
this section's citations rather than written twice.
"""

from __future__ import annotations

import pa_table_games.games.blackjack.guards as blackjack
from pa_table_games.games.blackjack.hand import is_ten_value
from pa_table_games.games.double_down_madness.layout import PUSH_22
from pa_table_games.games.double_down_madness.registry import guard
from pa_table_games.money import CENT, room_under_maximum

# -- (c) (d): the shoe, shared with § 633a.7 ------------------------------------------------
full_batch_is_new = guard("(c)")(blackjack.full_batch_is_new)
new_dealer_has_not_burned = guard("(c)")(blackjack.new_dealer_has_not_burned)
cover_card_is_next = guard("(d)")(blackjack.cover_card_is_next)
reshuffle_is_due = guard("(d)")(blackjack.reshuffle_is_due)


# -- (f) (g): insurance and the peek -------------------------------------------------------------
@guard(("(f)", "(g)"))
def dealer_shows_ace(rnd, unit) -> bool:
    """the dealer's face up card (the second card dealt to the dealer) is an ace"""
    lay = rnd.layout
    return lay.has_up_card and lay.up_card.rank == "A"


@guard("(g)")
def dealer_shows_ten_value(rnd, unit) -> bool:
    """the dealer's face up card is a king, queen, jack or 10"""
    lay = rnd.layout
    return lay.has_up_card and is_ten_value(lay.up_card)


@guard("§ 692.8")
def insurance_is_offered(rnd, unit) -> bool:
    """the Rules Submission offers the Insurance wager"""
    return rnd.rules.insurance


dealer_has_blackjack = guard("(g)")(blackjack.dealer_has_blackjack)
an_insurance_wager_is_placed = guard("§ 692.8")(blackjack.an_insurance_wager_is_placed)


# -- (h) (i) (j) (l): player decisions -------------------------------------------------------------
@guard("(i)")
def acting_hand_is_blackjack(rnd, hand) -> bool:
    """the player whose turn it is has a Blackjack not yet settled"""
    return blackjack.acting_hand_is_blackjack(rnd, hand)


@guard("(i)", wager="push_22")
def acting_box_has_push_22(rnd, hand) -> bool:
    """the player whose turn it is also placed a Push 22 wager"""
    return PUSH_22 in rnd.wager_names and hand is not None and rnd.wager(hand.seat, PUSH_22) is not None


acting_hand_is_busted = guard("(l)")(blackjack.acting_hand_is_busted)
acting_hand_totals_21_or_more = guard("(l)(1)")(blackjack.acting_hand_totals_21_or_more)


@guard(("(l)(2)", "(h)(2)"))
def acting_hand_is_ace_with_final_card(rnd, hand) -> bool:
    """the player's initial card was an ace and the hand has received its second, final card"""
    return hand is not None and hand.one_card_only and len(hand.cards) >= 2


@guard(("(h)(2)", "(l)(2)"))
def acting_hand_initial_card_is_ace(rnd, hand) -> bool:
    """the player's initial card is an ace (the hand receives its second card and no more)"""
    return hand is not None and hand.one_card_only


@guard("(h)")
def acting_hand_has_second_card(rnd, hand) -> bool:
    """the player has received a second card (the first decision takes it by a hit or a double down)"""
    return hand is not None and len(hand.cards) >= 2


@guard("§ 692.9")
def acting_hand_may_double_down(rnd, hand) -> bool:
    """the Rules Submission allows another Double Down wager on the hand, and the table maximum leaves room for it"""
    rules = rnd.rules
    if hand is None:
        return False
    limit = rules.max_double_downs
    least = rnd.layout.originals[hand.seat] if rules.double_down_wager == "equal" else CENT  # up_to: for less
    return (limit is None or hand.doubles < limit) and room_under_maximum(rules, hand.wager.amount) >= least


# -- (n) (o): the dealer's hand -----------------------------------------------------------------------
@guard("(o)")
def no_hand_depends_on_dealer(rnd, unit) -> bool:
    """every player's hand is already settled (busted, or a Blackjack paid): the dealer's total affects none"""
    return all(h.settled for h in rnd.layout.hands)


@guard("(o)", wager="push_22")
def push_22_wager_is_live(rnd, unit) -> bool:
    """a Push 22 wager is still on the table"""
    return any(w.name == PUSH_22 and not w.settled for w in rnd.wagers)


@guard("(n)")
def dealer_must_draw(rnd, unit) -> bool:
    """the dealer's total is below 17, or a soft 17 (the dealer hits soft 17 and stands on soft 18 or more)"""
    lay = rnd.layout
    return lay.dealer_total < 17 or (lay.dealer_total == 17 and lay.dealer_soft)


@guard("(n)")
def dealer_busted(rnd, unit) -> bool:
    """the dealer's hand totals more than 21: the dealer busts rather than stands (22 is settled by (p))"""
    return rnd.layout.dealer_total > 21


# -- (p) (t): settlement -------------------------------------------------------------------------------
@guard("(p)(1)")
def dealer_total_is_22(rnd, unit) -> bool:
    """the total point count of the dealer's hand is 22"""
    return rnd.layout.dealer_total == 22


@guard("(t)(1)")
def rules_collect_then_pay(rnd, unit) -> bool:
    """the Rules Submission designates (t)(1): collect all losing wagers, then pay all winners"""
    return rnd.rules.settlement == "collect_then_pay"
