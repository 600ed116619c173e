"""Guards of § 633a.7: pure yes/no questions about a round, each with the subsection it lifts.

The first paragraph of each doc string is the condition as the regulation states it; it is
shown on the review page and in refusals ("allowed only when <doc>").
"""

from __future__ import annotations

from pa_table_games.equipment.cards import COVER_CARD
from pa_table_games.games.blackjack.hand import POINTS, is_ten_value
from pa_table_games.games.blackjack.progressives import dealer_hand_decides_a_progressive
from pa_table_games.games.blackjack.registry import guard
from pa_table_games.money import rules_maximum


# -- (a) (c) (e): the shoe ------------------------------------------------------------------
@guard("(c)")
def full_batch_is_new(rnd, unit) -> bool:
    """a full batch of cards has just been shuffled for the shoe"""
    return rnd.shoe.batch_is_new


@guard("(c)")
def new_dealer_has_not_burned(rnd, unit) -> bool:
    """a new dealer has come to the table and has not yet burned a card"""
    return rnd.table.new_dealer


@guard("(e)")
def cover_card_is_next(rnd, unit) -> bool:
    """the cover card is the next card in the shoe"""
    return rnd.shoe.next_card() is COVER_CARD


@guard("(e)")
def reshuffle_is_due(rnd, unit) -> bool:
    """the cover card appeared this round, or the Rules reshuffle after every round"""
    return rnd.shoe.cover_card_aside is not None or rnd.rules.shuffle == "every_round"


# -- (h): insurance and the peek --------------------------------------------------------------
@guard("(h)")
def dealer_shows_ace(rnd, unit) -> bool:
    """the dealer's first card is an ace"""
    lay = rnd.layout
    return lay.has_up_card and lay.up_card.rank == "A"


@guard("(h)")
def dealer_shows_ten_value(rnd, unit) -> bool:
    """the dealer's first card is a king, queen, jack or 10"""
    lay = rnd.layout
    return lay.has_up_card and is_ten_value(lay.up_card)


@guard("§ 633a.8")
def insurance_is_offered(rnd, unit) -> bool:
    """the Rules offer the Insurance Wager and even money"""
    return rnd.rules.insurance


@guard("§ 633a.8")
def an_insurance_wager_is_placed(rnd, unit) -> bool:
    """a player has placed an Insurance Wager"""
    return "insurance" in rnd.wager_names


@guard("§ 633a.8")
def acting_box_has_blackjack(rnd, box) -> bool:
    """the player answering the Insurance offer has a Blackjack (so is offered even money)"""
    return box is not None and box.blackjack


@guard("(h)")
def dealer_has_blackjack(rnd, unit) -> bool:
    """the card reader shows the hole card gives the dealer a Blackjack"""
    return bool(rnd.layout.dealer_blackjack)


# -- (i) (k): player decisions ----------------------------------------------------------------
@guard("(i)(1)")
def acting_hand_is_blackjack(rnd, hand) -> bool:
    """the player whose turn it is has a Blackjack not yet settled (even money settles it)"""
    return hand is not None and hand.blackjack and not hand.settled


@guard("(i)(1)(ii)(A)")
def blackjack_against_ace_or_ten_is_paid_at_once(rnd, unit) -> bool:
    """the dealer's up card is an ace or a 10-value card and the Rules pay a player's Blackjack against it
    immediately"""
    lay = rnd.layout
    pays_at_once = rnd.rules.blackjack_vs_ace_or_ten == "pay_at_once"
    return pays_at_once and lay.has_up_card and POINTS[lay.up_card.rank] in (1, 10)


@guard("§ 633a.8")
def acting_hand_was_paid_even_money(rnd, hand) -> bool:
    """the hand whose turn it is was already paid even money and its cards removed"""
    return hand is not None and hand.settled


@guard("§ 633a.11")
def acting_hand_awaits_second_card(rnd, hand) -> bool:
    """the hand whose turn it is is a split hand holding one card"""
    return hand is not None and len(hand.cards) == 1


@guard("(k)")
def acting_hand_is_busted(rnd, hand) -> bool:
    """the point count of the hand is in excess of 21, so it may not draw additional cards"""
    return hand is not None and hand.busted


@guard("(k)(1)")
def acting_hand_totals_21_or_more(rnd, hand) -> bool:
    """the hand totals 21 or more, so it may not draw additional cards"""
    return hand is not None and hand.total >= 21


@guard("(k)(2)")
def acting_hand_has_doubled_down(rnd, hand) -> bool:
    """the player made a Double Down Wager on the hand, which draws only one additional card"""
    return hand is not None and hand.doubles > 0


@guard("§ 633a.11")
def acting_hand_is_split_ace_with_its_card(rnd, hand) -> bool:
    """the hand is a split ace that has received its one card (Rules: split aces draw one card)"""
    return hand is not None and hand.split_aces and rnd.rules.split_aces_one_card and len(hand.cards) >= 2


#: The two-card totals each Rules ``double_on`` allows a Double Down Wager on (None: any two cards).
DOUBLE_ON_TOTALS = {"any_two": None, "nine_ten_eleven": (9, 10, 11), "ten_eleven": (10, 11)}


@guard("§ 633a.10")
def acting_hand_may_double_down(rnd, hand) -> bool:
    """the hand has two cards the Rules allow a Double Down Wager on (a hand split from a pair only under the Rules'
    double_after_split), and room for it under the table maximum

    Its wager below the maximum: then a Double Down for less, at most."""
    rules = rnd.rules
    totals = DOUBLE_ON_TOTALS[rules.double_on]
    return (hand is not None and len(hand.cards) == 2 and (totals is None or hand.total in totals)
            and (rules.double_after_split or not hand.from_split) and hand.wager.amount < rules_maximum(rules))


@guard(("(g)(10)(ii)(C)", "§ 601a.2"))
def double_down_may_match_entire_wager(rnd, hand) -> bool:
    """the table maximum leaves room for a Double Down Wager matching the entire Blackjack Wager, as (g)(10)(ii)(C)
    requires once a House Money payout is added to it"""
    return (hand is None or hand.seat not in rnd.layout.house_money_added
            or hand.wager.amount * 2 <= rules_maximum(rnd.rules))


@guard("§ 633a.11")
def acting_hand_may_split(rnd, hand) -> bool:
    """the hand is two cards of equal value and the Rules allow another split"""
    lay, rules = rnd.layout, rnd.rules
    return (hand is not None and len(hand.cards) == 2 and POINTS[hand.cards[0].rank] == POINTS[hand.cards[1].rank]
            and not (hand.split_aces and not rules.resplit_aces)
            and sum(1 for h in lay.hands if h.seat == hand.seat) < rules.split_max_hands)


@guard("§ 633a.9")
def acting_hand_may_surrender(rnd, hand) -> bool:
    """the Rules allow late surrender and the hand is the player's first two cards, not split"""
    return hand is not None and rnd.rules.surrender == "late" and len(hand.cards) == 2 and not hand.from_split


# -- (m) (n): the dealer's hand ---------------------------------------------------------------
@guard(("(n)", "(o)"))
def no_outcome_depends_on_dealer(rnd, unit) -> bool:
    """every hand is busted, already settled or a Blackjack announced and left on the table, and no open progressive
    wager depends on the dealer's hand"""
    return all(h.settled or h.busted or h.blackjack_announced for h in rnd.layout.hands) \
        and not dealer_hand_decides_a_progressive(rnd)  # one expression: the fast path splices it


@guard("(m)")
def dealer_total_below_17(rnd, unit) -> bool:
    """the dealer's hand has a hard or soft total below 17"""
    return rnd.layout.dealer_total < 17


@guard("(m)")
def dealer_busted(rnd, unit) -> bool:
    """the dealer's hand totals more than 21: the dealer busts rather than stands"""
    return rnd.layout.dealer_total > 21


# -- (r): settlement ------------------------------------------------------------------------------
@guard("(r)(1)")
def rules_collect_then_pay(rnd, unit) -> bool:
    """the Rules Submission designates (r)(1): collect all losing wagers, then pay all winners"""
    return rnd.rules.settlement == "collect_then_pay"

