"""Actions of § 633a.7: one procedural step each, named in the regulation's words.

Actions are the only code that changes a round. They deal through ``dealing_shoe.deal`` (``rnd.draw``) and
settle through ``rnd.settle`` so that every card and chip lands in the event log.
"""

from __future__ import annotations


from pa_table_games.money import SURRENDER_LOSS, ZERO, addition, brief, fraction_of, times
import pa_table_games.games.blackjack.house_money as house_money
import pa_table_games.games.blackjack.optional_wagers as optional_wagers
import pa_table_games.games.blackjack.progressives as progressives
from pa_table_games.games.blackjack.hand import describe, is_two_card_21, total
from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.games.blackjack.outcome import blackjack_outcome
from pa_table_games.games.blackjack.registry import action
from pa_table_games.games.blackjack.dealing_shoe import deal

MAIN = "blackjack"
#: Surrender forfeits one-half of the wager (§ 633a.9).


# -- (a) (c) (e): the shoe ------------------------------------------------------------------
@action("(a)")
def place_stack_in_shoe(rnd) -> None:
    """place the shuffled stack of cards in the dealing shoe"""
    rnd.note(f"{len(rnd.shoe)} cards placed in the dealing shoe")


@action("(c)")
def burn_first_card(rnd) -> None:
    """remove the first card of the batch and place it in the discard rack"""
    _burn(rnd)
    rnd.set(rnd.shoe, "batch_is_new", False)


@action("(c)")
def burn_card_for_new_dealer(rnd) -> None:
    """the new dealer removes one card and places it in the discard rack"""
    _burn(rnd)
    rnd.set(rnd.table, "new_dealer", False)


def _burn(rnd) -> None:
    card = deal(rnd, "discard rack", face_up=False)
    rnd.discard("burn card", [card], moves=False)  # the draw recorded its move


@action("(e)")
def set_aside_cover_card(rnd) -> None:
    """remove the cover card and place it to the side"""
    rnd.set_aside_cover_card()
    rnd.note("the cover card appeared first: the round is completed, then the cards are reshuffled")


@action("(e)(1)")
def discard_rest_of_shoe(rnd) -> None:
    """remove the cards remaining in the shoe and place them in the discard rack"""
    shoe = rnd.shoe
    rnd.discard("remaining shoe", rnd.restock(shoe, shoe.take_remaining))


@action("(e)(3)")
def reshuffle_cards(rnd) -> None:
    """collect and shuffle the cards so that they are randomly intermixed"""
    shoe, rack = rnd.shoe, rnd.table.rack
    cards = rnd.restock(rack, rack.take_all) + rnd.restock(shoe, shoe.take_remaining)
    if shoe.cover_card_aside is not None:
        cards.append(shoe.cover_card_aside)
    rnd.restock(shoe, shoe.load, cards)
    rnd.note(f"{len(cards)} cards shuffled; the next round places them in the shoe and burns one")


# -- (f): the deal ------------------------------------------------------------------------------
def place_box(rnd, hand: Hand) -> None:
    """Place ``hand``, a box's first, on the layout and enter it as that box's (what ``layout.box(seat)`` answers)."""
    rnd.append(rnd.layout.hands, hand)
    rnd.put(rnd.layout.boxes_dealt, hand.seat, hand)


@action("(f)(1)")
def deal_first_card_to_each_box(rnd) -> None:
    """one card face up to each box holding a Blackjack Wager, in the machine file's pass round the table"""
    lay = rnd.layout
    dealt = {h.seat for h in lay.hands}  # a box whose first card is the determinant card, (d)(2)
    for wager in rnd.in_turn_order([w for w in rnd.wagers if w.name == MAIN]):
        if wager.seat in dealt:
            continue
        hand = Hand(wager.seat, 0, wager)
        place_box(rnd, hand)
        rnd.give_card(hand, deal(rnd, hand))


@action("(f)(2)")
def deal_dealer_up_card(rnd) -> None:
    """one card face up to the dealer"""
    rnd.give_card(rnd.layout, deal(rnd, "dealer"))


@action("(f)(3)")
def deal_second_card_to_each_box(rnd) -> None:
    """a second card face up to each box"""
    lay = rnd.layout
    for hand in rnd.in_turn_order(lay.hands):
        rnd.give_card(hand, deal(rnd, hand))
        rnd.put(lay.initial_twos, hand.seat, (hand.cards[0], hand.cards[1]))  # what the (g) wagers read


@action("(f)(4)")
def deal_hole_card(rnd) -> None:
    """a second card face down to the dealer: the hole card"""
    rnd.give_card(rnd.layout, deal(rnd, "dealer (hole card)", face_up=False))


# -- (h): insurance, even money and the peek ------------------------------------------------------
@action("§ 633a.8")
def offer_insurance_and_even_money(rnd) -> None:
    """offer the Insurance Wager, or even money to a player with a Blackjack"""
    rnd.set(rnd.layout, "insurance_open", True)


@action("§ 633a.8")
def place_insurance_wager(rnd) -> None:
    """the player places an Insurance Wager of up to the Rules maximum"""
    box = rnd.turn
    amount = fraction_of(box.wager.amount, rnd.rules.insurance_max)  # an odd cent rounded down: "up to" the share
    if amount > 0:
        rnd.place_wager(box.seat, "insurance", amount)
    else:
        rnd.note(f"seat {box.seat}: no Insurance Wager: the Rules' share of {brief(box.wager.amount)} is less than a cent")


@action("§ 633a.8")
def pay_even_money(rnd) -> None:
    """pay the player's Blackjack even money and remove the player's cards"""
    box = rnd.turn
    rnd.settle(box.wager, "even money", box.wager.amount, "§ 633a.8")
    rnd.set(box, "settled", True)
    _remove_cards(rnd, box)


@action("§ 633a.8")
def record_declined_offer(rnd) -> None:
    """the player declines the Insurance Wager or even money (the transition ends the player's turn)"""


@action("(h)")
def read_hole_card(rnd) -> None:
    """insert the hole card in the card reader, face down, without exposing it"""
    lay = rnd.layout
    rnd.set(lay, "insurance_open", False)
    rnd.set(lay, "dealer_blackjack", is_two_card_21(len(lay.dealer), lay.dealer_total))
    rnd.note("card reader: the dealer " + ("has" if lay.dealer_blackjack else "does not have") + " a Blackjack")


@action(("(h)", "(g)(1)(ii)", "(g)(4)", "(g)(6)(ii)", "(g)(10)(i)(A)", "(r)"))
def settle_against_dealer_blackjack(rnd) -> None:
    """turn the hole card and settle each Blackjack Wager and Insurance Wager, with the optional wagers that waited for it

    Box by box in the machine file's pass ((g)(1)(ii), (g)(4), (g)(6)(ii), (g)(10)(i)(A)); under (r)(1) every losing
    Blackjack Wager is collected first (the others waiting are winners), those of players whose Royal Match waits
    last, each just after its Royal Match, as (g)(4) orders; then every losing Bad Beat and Hit and Run wager, which
    (h) settles with them, before any winner is paid."""
    lay = rnd.layout
    rnd.set(lay, "hole_card_turned", True)
    rnd.note(lambda: f"dealer: {describe(lay.dealer)}")  # built only when the event is logged
    hands = rnd.in_turn_order(lay.hands)
    losing = [h for h in hands if not h.settled and not h.blackjack] if rnd.rules.settlement == "collect_then_pay" \
        else []
    waits = {h.seat for h in losing if optional_wagers.royal_match_waits(rnd, h.seat)}
    first = [h for h in losing if h.seat not in waits]
    last = [h for h in losing if h.seat in waits]
    for hand in first + last:
        optional_wagers.settle_before_blackjack_wager(rnd, hand.seat)  # (g)(4): "prior to" this wager
        rnd.settle(hand.wager, "lose", -hand.wager.amount, "(h)")
        rnd.set(hand, "settled", True)
    if rnd.rules.settlement == "collect_then_pay" and not rnd.wager_names.isdisjoint(progressives.SETTLED_BY_H):
        for hand in hands:  # one hand a box: nobody has split yet
            progressives.collect_losing_against_dealer_blackjack(rnd, hand.seat)
    for hand in hands:
        optional_wagers.settle_before_blackjack_wager(rnd, hand.seat)
        if not hand.settled:
            if hand.blackjack:
                rnd.settle(hand.wager, "tie", ZERO, "(q)")
            else:
                rnd.settle(hand.wager, "lose", -hand.wager.amount, "(h)")
            rnd.set(hand, "settled", True)
        optional_wagers.settle_with_blackjack_wager(rnd, hand.seat)
        house_money.settle_with_blackjack_wager(rnd, hand.seat)
        insurance = rnd.wager(hand.seat, "insurance")
        if insurance is not None:
            rnd.settle(insurance, "win", times(insurance.amount, rnd.rules.insurance_odds), "§ 633a.8")


@action("§ 633a.8")
def collect_insurance_wagers(rnd) -> None:
    """the dealer has no Blackjack: collect every Insurance Wager"""
    if "insurance" not in rnd.wager_names:  # nobody insured (most rounds)
        return
    for wager in rnd.in_turn_order(w for w in rnd.wagers if w.name == "insurance"):
        rnd.settle(wager, "lose", -wager.amount, "§ 633a.8")


# -- (i) (j) (k): player decisions ------------------------------------------------------------------
@action(("(i)(1)(i)", "(i)(1)(ii)(A)"))
def pay_blackjack_and_remove_cards(rnd) -> None:
    """announce and pay the player's Blackjack and remove the player's cards"""
    hand = rnd.turn
    cite = "(i)(1)(i)" if total([rnd.layout.up_card]) not in (10, 11) else "(i)(1)(ii)(A)"
    rnd.settle(hand.wager, "blackjack", times(hand.wager.amount, rnd.rules.blackjack_odds), cite)
    rnd.set(hand, "settled", True)
    _remove_cards(rnd, hand)


@action("(i)(1)(ii)(B)")
def announce_blackjack_and_leave_cards(rnd) -> None:
    """announce the player's Blackjack and leave the cards until the hole card is revealed"""
    rnd.set(rnd.turn, "blackjack_announced", True)


@action("(j)")
def deal_card_to_acting_hand(rnd) -> None:
    """deal face up the card that the player's decision needs"""
    hand = rnd.turn
    rnd.give_card(hand, deal(rnd, hand))
    rnd.note(lambda: f"{hand.label}: {describe(hand.cards, hand.blackjack)}")  # a split ace and a king: 21


@action("(i)(2)")
def move_to_next_hand(rnd) -> None:
    """the hand is complete: the next hand decides (the transition ends the turn)"""


@action("(i)(2)")
def stand_acting_hand(rnd) -> None:
    """the player stands"""
    rnd.set(rnd.turn, "stood", True)


@action(("§ 633a.10", "(g)(10)(ii)(C)"), takes="amount")
def place_double_down_wager(rnd) -> None:
    """the player places a Double Down Wager of up to the original wager, or of the entire wager with House Money added

    Exactly the entire Blackjack Wager when a House Money payout was added to it ((g)(10)(ii)(C))."""
    hand = rnd.turn
    if hand.seat in rnd.layout.house_money_added:
        amount = addition(rnd, hand.wager.amount, hand.wager.amount, "(g)(10)(ii)(C)", equal=True,
                          rule="with the House Money payout added, a Double Down Wager must match the entire "
                               "Blackjack Wager of")
    else:
        amount = addition(rnd, hand.wager.amount, hand.wager.amount, "§ 633a.10")
    rnd.add_to_wager(hand.wager, amount)
    rnd.set(hand, "doubles", hand.doubles + 1)


@action(("§ 633a.11", "(g)(10)(ii)(C)"))
def split_pair(rnd) -> None:
    """split the pair into two hands with a second wager equal to the first, a House Money payout added to it
    included; the first hand plays first"""
    lay = rnd.layout
    hand = rnd.turn
    index = sum(1 for h in lay.hands if h.seat == hand.seat)
    wager = rnd.place_wager(hand.seat, MAIN, hand.wager.amount, hand=index)
    aces = hand.cards[0].rank == "A"
    if not hand.first_two:
        rnd.set(hand, "first_two", tuple(hand.cards))
    new = Hand(hand.seat, index, wager, [rnd.split_off(hand)], from_split=True, split_aces=aces)
    rnd.set(hand, "from_split", True)
    rnd.set(hand, "split_aces", aces)
    rnd.insert(lay.hands, next(i for i, h in enumerate(lay.hands) if h is hand) + 1, new)
    rnd.join_turn(new)
    rnd.note(f"{hand.label} and {new.label} split from a pair")
    rnd.give_card(hand, deal(rnd, hand))


@action("§ 633a.9")
def surrender_hand(rnd) -> None:
    """the player surrenders: half the Blackjack Wager is collected, half returned"""
    hand = rnd.turn
    rnd.set(hand, "surrendered", True)
    if optional_wagers.royal_match_awaits_hole_card_in_box(rnd, hand.seat):  # (g)(4): the Royal Match first
        rnd.note(f"{hand.label} surrenders; the Blackjack Wager is settled after the Royal Match 21 Wager, "
                 "once the hole card is exposed (§ 633a.7(g)(4))")
    else:
        rnd.settle(hand.wager, "surrender", -times(hand.wager.amount, SURRENDER_LOSS), "§ 633a.9")  # an odd cent: see readings
        rnd.set(hand, "settled", True)


def _remove_cards(rnd, hand: Hand) -> None:
    rnd.discard(hand.label, hand.cards)
    rnd.set(hand, "discarded", True)


# -- (l) (m): the dealer's hand ------------------------------------------------------------------
@action("(l)")
def turn_hole_card(rnd) -> None:
    """turn the hole card face up and announce the dealer's total"""
    lay = rnd.layout
    rnd.set(lay, "hole_card_turned", True)
    rnd.record(lay.hole_card, "dealer (turned face up)")
    rnd.note(lambda: f"dealer: {describe(lay.dealer)}")


@action(("(l)", "(m)"))
def deal_card_to_dealer(rnd) -> None:
    """deal the dealer an additional card face up and announce the total"""
    lay = rnd.layout
    rnd.give_card(lay, deal(rnd, "dealer"))
    rnd.note(lambda: f"dealer: {describe(lay.dealer)}")


# -- (p) (q) (r): settlement ------------------------------------------------------------------------
def _settle_hands(rnd, which: str) -> None:
    lay = rnd.layout
    dealer_total = lay.dealer_total
    dealer_blackjack = is_two_card_21(len(lay.dealer), dealer_total)
    for hand in rnd.in_turn_order([h for h in lay.hands if not h.settled]):
        outcome, net, cite = blackjack_outcome(hand, dealer_total, dealer_blackjack, rnd.rules)
        if which == "all" or (which == "losing") == (net < 0):
            rnd.settle(hand.wager, outcome, times(hand.wager.amount, net), cite)
            rnd.set(hand, "settled", True)


@action(("(p)", "(q)", "(r)(1)"))
def collect_losing_wagers(rnd) -> None:
    """collect all losing Blackjack Wagers"""
    _settle_hands(rnd, "losing")


@action(("(p)(1)", "(p)(2)", "(p)(3)", "(q)", "(r)(1)"))
def pay_winning_wagers(rnd) -> None:
    """pay all winning Blackjack Wagers and return tied ones"""
    _settle_hands(rnd, "winning")


@action(("(p)", "(q)", "(r)(2)"))
def settle_each_box_right_to_left(rnd) -> None:
    """pay or collect each box in turn from the dealer's right, losing chips straight to the inventory"""
    _settle_hands(rnd, "all")


# -- (s): discard ------------------------------------------------------------------------------------
@action("(s)")
def discard_cards_by_hand(rnd) -> None:
    """place the remaining cards in the discard rack hand by hand, so each hand can be reconstructed"""
    lay = rnd.layout
    for hand in lay.hands:
        if not hand.discarded:
            _remove_cards(rnd, hand)
    rnd.discard("dealer", lay.dealer)
    rnd.set(lay, "dealer_discarded", True)
