"""Actions of § 692.7: one procedural step each, named in the regulation's words.

Actions are the only code that changes a round. They deal through ``dealing_shoe.deal`` (``rnd.draw``) and
settle through ``rnd.settle`` so every card and chip lands in the event log. Blackjack's
actions that do the same step are registered here again under this section's cites.

Decisions where § 692.7 is silent (docs/reference.md defaults):
- a busted hand's wager (with its Double Down wagers) is collected as soon as it busts:
  the dealer's total cannot affect it ((o): the hands "in excess of 21") and it is not a
  "remaining" hand that (p)(1) returns on a dealer 22; (s)(1) is not cited, as it depends on
  a dealer total not yet known; its cards stay on the layout until (u); its Push 22 wager
  stays live;
- a Blackjack reached after Double Down wagers is paid at the Blackjack odds on the whole
  wager, each Double Down wager being paid "an equivalent amount" ((q));
- settlement runs from the dealer's right (highest seat first), main wager then Push 22.
"""

from __future__ import annotations

from pa_table_games.money import addition, times
import pa_table_games.games.blackjack.actions as blackjack
from pa_table_games.games.blackjack.hand import describe
from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.games.double_down_madness.layout import INSURANCE, MAIN, PUSH_22
from pa_table_games.games.double_down_madness.outcome import main_outcome, push_22_outcome
from pa_table_games.games.double_down_madness.registry import action
from pa_table_games.games.blackjack.dealing_shoe import deal

# -- (c) (d): the shoe, shared with § 633a.7 -----------------------------------------------------
place_stack_in_shoe = action(("(a)", "§ 692.5"))(blackjack.place_stack_in_shoe)
burn_first_card = action("(c)")(blackjack.burn_first_card)
burn_card_for_new_dealer = action("(c)")(blackjack.burn_card_for_new_dealer)
set_aside_cover_card = action("(d)")(blackjack.set_aside_cover_card)
discard_rest_of_shoe = action("(d)(1)")(blackjack.discard_rest_of_shoe)
reshuffle_cards = action("(d)(2)")(blackjack.reshuffle_cards)


# -- (e): the deal: hole card, one card to each box, up card ----------------------------------------
@action("(e)(1)")
def deal_hole_card(rnd) -> None:
    """one card face down to the dealer: the hole card"""
    rnd.give_card(rnd.layout, deal(rnd, "dealer (hole card)", face_up=False))


@action(("(e)(2)", "(l)(2)"))
def deal_first_card_to_each_box(rnd) -> None:
    """one card face up to each box holding a Double Down Madness wager, in the machine file's pass"""
    for wager in rnd.in_turn_order(w for w in rnd.wagers if w.name == MAIN):
        hand = Hand(wager.seat, 0, wager)
        blackjack.place_box(rnd, hand)
        card = deal(rnd, hand)
        rnd.give_card(hand, card)
        rnd.set(hand, "one_card_only", card.rank == "A")  # (l)(2): an initial ace takes one more card only


deal_dealer_up_card = action("(e)(3)")(blackjack.deal_dealer_up_card)


# -- (f) (g): insurance and the peek ----------------------------------------------------------------
@action(("(f)", "§ 692.8"))
def offer_insurance(rnd) -> None:
    """offer the Insurance wager to each box, dealer's left first"""
    rnd.set(rnd.layout, "insurance_open", True)


place_insurance_wager = action("§ 692.8")(blackjack.place_insurance_wager)


@action("§ 692.8")
def record_declined_insurance(rnd) -> None:
    """the player declines the Insurance wager (the transition ends the player's turn)"""


read_hole_card = action("(g)")(blackjack.read_hole_card)


@action("(g)(1)")
def collect_wagers_against_dealer_blackjack(rnd) -> None:
    """turn the hole card and collect every Double Down Madness and Push 22 wager, dealer's right first"""
    lay = rnd.layout
    rnd.set(lay, "hole_card_turned", True)
    rnd.record(lay.hole_card, "dealer (turned face up)")
    rnd.note(lambda: f"dealer: {describe(lay.dealer)}: no additional cards are dealt")  # built only when logged
    for wager in rnd.in_turn_order(w for w in rnd.wagers if w.name in (MAIN, PUSH_22)):
        rnd.settle(wager, "lose", -wager.amount, "(g)(1)")
    for hand in lay.hands:
        rnd.set(hand, "settled", True)


@action("(g)(2)")
def pay_insurance_wagers(rnd) -> None:
    """then pay every Insurance wager, dealer's right first"""
    if INSURANCE not in rnd.wager_names:  # nobody insured
        return
    for wager in rnd.in_turn_order(w for w in rnd.wagers if w.name == INSURANCE):
        rnd.settle(wager, "win", times(wager.amount, rnd.rules.insurance_odds), "(g)(2)")


@action("§ 692.8")
def collect_insurance_wagers(rnd) -> None:
    """the dealer has no Blackjack: collect every Insurance wager"""
    if INSURANCE not in rnd.wager_names:  # nobody insured (most rounds)
        return
    for wager in rnd.in_turn_order(w for w in rnd.wagers if w.name == INSURANCE):
        rnd.settle(wager, "lose", -wager.amount, "§ 692.8")


# -- (h) (i) (j) (k) (l): player decisions ----------------------------------------------------------
@action(("(i)", "§ 692.10(b)"))
def pay_player_blackjack(rnd) -> None:
    """announce and pay the player's Blackjack (suited or unsuited per the Rules), Double Down wagers included"""
    hand, rules = rnd.turn, rnd.rules
    suited = hand.cards[0].suit == hand.cards[1].suit
    odds = rules.suited_blackjack_odds if suited else rules.blackjack_odds
    rnd.note(f"{hand.label}: {'suited' if suited else 'unsuited'} Blackjack")
    rnd.settle(hand.wager, "suited blackjack" if suited else "blackjack", times(hand.wager.amount, odds), "(i)")
    rnd.set(hand, "settled", True)


@action("(i)")
def remove_players_cards(rnd) -> None:
    """remove the player's cards to the discard rack"""
    hand = rnd.turn
    rnd.discard(hand.label, hand.cards)
    rnd.set(hand, "discarded", True)


@action("(i)")
def tuck_cards_under_push_22(rnd) -> None:
    """tuck the player's cards under the Push 22 wager until it is resolved under (p)"""
    hand = rnd.turn
    rnd.note(f"{hand.label}: cards tucked under the Push 22 wager until (p)")


@action(("(o)", "(p)(1)"))
def collect_busted_wager(rnd) -> None:
    """collect the Double Down Madness wager, Double Down wagers included, of a hand over 21 at once: the
    dealer's total cannot change its outcome ((o)) and it is not a "remaining" wager a dealer 22 returns ((p)(1))"""
    hand = rnd.turn
    rnd.note(lambda: f"{hand.label}: {describe(hand.cards, hand.blackjack)}: busted")
    rnd.settle(hand.wager, "bust", -hand.wager.amount, "(p)(1)")
    rnd.set(hand, "settled", True)


move_to_next_hand = action("(h)")(blackjack.move_to_next_hand)
deal_card_to_acting_hand = action("(k)")(blackjack.deal_card_to_acting_hand)
stand_acting_hand = action("(j)")(blackjack.stand_acting_hand)


@action("§ 692.9", takes="amount")
def place_double_down_wager(rnd) -> None:
    """the player places a Double Down wager equal to the original wager (or, if the Rules allow, up to it)"""
    hand = rnd.turn
    original = rnd.layout.originals[hand.seat]
    equal = rnd.rules.double_down_wager == "equal"
    rule = "a Double Down wager must be " + ("equal to" if equal else "at most")
    rnd.add_to_wager(hand.wager, addition(rnd, hand.wager.amount, original, "§ 692.9", equal=equal, rule=rule))
    rnd.set(hand, "doubles", hand.doubles + 1)


# -- (m) (n) (o): the dealer's hand -------------------------------------------------------------------
turn_hole_card = action("(m)")(blackjack.turn_hole_card)
deal_card_to_dealer = action("(n)")(blackjack.deal_card_to_dealer)


# -- (p) (q) (r) (s) (t): settlement, from the dealer's right ----------------------------------------
def _settle(rnd, which: str) -> None:
    """Settle the open main and Push 22 wagers in the declared pass: ``losing``, ``winning`` or ``all``."""
    dealer_total, odds = rnd.layout.dealer_total, rnd.rules.push_22_odds
    for hand in rnd.in_turn_order(rnd.layout.hands):
        rows = [] if hand.settled else [(hand, hand.wager, *main_outcome(hand, dealer_total))]
        push_22 = rnd.wager(hand.seat, PUSH_22)
        if push_22 is not None and not push_22.settled:
            rows.append((None, push_22, *push_22_outcome(dealer_total, odds)))
        rows.sort(key=lambda row: row[3] >= 0)  # (t)(2): each player's losing wagers collected, then the winning paid
        for owner, wager, outcome, net, cite in rows:
            if which == "all" or (which == "losing") == (net < 0):
                rnd.settle(wager, outcome, times(wager.amount, net), cite)
                if owner is not None:
                    rnd.set(owner, "settled", True)


@action(("(p)(1)", "§ 692.10(d)"))
def return_wagers_and_pay_push_22(rnd) -> None:
    """the dealer has 22: return each remaining hand's wager, Double Down wagers included, and pay each Push 22 wager"""
    _settle(rnd, "all")


@action(("(p)(2)", "(s)(2)", "(t)(1)"))
def collect_losing_wagers(rnd) -> None:
    """collect every Push 22 wager and every losing Double Down Madness wager, dealer's right first"""
    _settle(rnd, "losing")


@action(("(q)(1)", "(q)(2)", "(r)", "(t)(1)"))
def pay_winning_wagers(rnd) -> None:
    """pay every winning Double Down Madness wager and its Double Down wagers, and return tied ones"""
    _settle(rnd, "winning")


@action(("(p)(2)", "(q)(1)", "(q)(2)", "(r)", "(s)(2)", "(t)(2)"))
def settle_each_box_right_to_left(rnd) -> None:
    """player by player from the dealer's right, collect the losing wagers, then pay the winning ones, losing chips
    straight to the inventory"""
    _settle(rnd, "all")


discard_cards_by_hand = action("(u)")(blackjack.discard_cards_by_hand)
