"""Actions completing the round: what § 670a.11 governs, following the public game rules.

The text of § 670a.11 (procedures for completion of each round of play) is not
available, so these steps follow docs/reference.md and are cited as the reference
"§ 670a.11": each player sets a five-card high hand and a one-card low hand (a foul
set is refused), may make the Double Down Wager after seeing the cards (§ 670a.7(c)),
the dealer sets the house way (:mod:`.house_way`), the hands are compared (a copy goes
to the dealer), the Fortune Bonus, Envy Bonus and Progressive Payout Wager are paid
from ILLUSTRATIVE tables (:mod:`.paytable`), and the cards go to the discard rack.
"""

from __future__ import annotations

from pa_table_games.money import amount_problem, brief, fraction_of, money, rules_maximum, times, typed
from pa_table_games.equipment.cards import Card, codes
from pa_table_games.errors import IllegalAction
from pa_table_games.games.six_card_fortune_pai_gow.house_way import HOUSE_WAYS, HouseWay
from pa_table_games.games.six_card_fortune_pai_gow.layout import Stack
from pa_table_games.games.six_card_fortune_pai_gow.outcome import (
    describe_set,
    envy_bonus,
    fortune_bonus_odds,
    progressive_odds,
    showdown,
    six_card_hand,
)
from pa_table_games.games.six_card_fortune_pai_gow.poker import foul_reason
from pa_table_games.games.six_card_fortune_pai_gow.registry import action

MAIN = "six_card_fortune"
COMPLETION = "§ 670a.11"


def _refuse(rnd, reason: str, cite: str = COMPLETION) -> IllegalAction:
    return IllegalAction(rnd.acting.word, reason, rnd.spec.cite_text(cite))


def _house_way(rnd) -> HouseWay:
    return HOUSE_WAYS[rnd.rules.joker_rule]


def _set(rnd, stack: Stack, high: tuple[Card, ...], low: Card, how: str) -> None:
    rnd.set(stack, "high", tuple(high))
    rnd.set(stack, "low", low)
    rnd.note(f"{stack.label} sets {describe_set(high, low)} ({how})")


# -- the players ---------------------------------------------------------------------------------
@action(("(g)", "§ 670a.11"))
def invite_players_to_set_hands(rnd) -> None:
    """the cards were dealt properly ((g)): each player with a wager looks at the six cards and sets them (§ 670a.11)"""
    rnd.set(rnd.layout, "setting_open", True)


@action("§ 670a.7(c)", takes="amount")
def place_double_down_wager(rnd) -> None:
    """the player makes the Double Down Wager after seeing the cards, up to the Rules multiple of the wager

    ``double_down`` without an amount stakes the Rules maximum, as ``insurance=yes`` does."""
    stack = rnd.turn
    main = rnd.wager(stack.spot, MAIN).amount
    # the Rules multiple rounded down to the cent, and never above the table maximum (§ 601a.2)
    most = min(fraction_of(main, rnd.rules.double_down_max), rules_maximum(rnd.rules))
    amount = rnd.acting.amount if rnd.acting.amount is not None else most
    problem = amount_problem(amount)
    if problem:
        raise _refuse(rnd, f"{typed(amount)} is {problem}", "§ 670a.7(c)")
    if not money(amount) <= most:
        raise _refuse(rnd, f"a Double Down Wager may be at most {brief(most)}", "§ 670a.7(c)")
    rnd.place_wager(stack.spot, "double_down", amount)
    rnd.set(stack, "doubled", True)
    rnd.note(f"{stack.label}: Double Down Wager {brief(amount)}")


def open_lows(rnd) -> tuple[str, ...]:
    """The cards the deciding player may name as the one-card low hand: each one the other five outrank (a foul set
    is refused, § 670a.11). The house way's low card is always one of them."""
    cards = rnd.turn.cards
    return tuple(c.code for c in cards if foul_with_low(rnd, cards, c) is None)


@action(COMPLETION, takes="choice", choices=open_lows, form="CARD")
def set_hand_with_chosen_low(rnd) -> None:
    """the player sets the chosen card as the one-card low hand and the other five as the high hand"""
    stack = rnd.turn
    code = (rnd.acting.choice or "").upper()
    low = next((c for c in stack.cards if c.code == code), None)
    if low is None:
        raise _refuse(rnd, f"name one of the player's cards as the low hand, e.g. low={stack.cards[0].code} "
                      f"(cards: {codes(stack.cards)})")
    foul = foul_with_low(rnd, stack.cards, low)
    if foul is not None:
        raise _refuse(rnd, f"a foul set: {foul}; the high hand must outrank the low hand")
    _set(rnd, stack, tuple(c for c in stack.cards if c is not low), low, "the player's choice")


def foul_with_low(rnd, cards, low) -> str | None:
    """Why ``cards`` set with ``low`` as the one-card low hand and the rest as the high hand foul (§ 670a.11), or
    None: what refuses the player's choice, and what leaves a card out of :func:`open_lows`."""
    return foul_reason(tuple(c for c in cards if c is not low), low, rnd.rules.joker_rule)


@action(COMPLETION)
def set_hand_the_house_way(rnd) -> None:
    """the player asks for the hand to be set the house way"""
    stack = rnd.turn
    high, low = _house_way(rnd).set_hand(stack.cards)
    _set(rnd, stack, high, low, "the house way, at the player's request")


# -- the dealer -------------------------------------------------------------------------------------
@action(COMPLETION)
def set_dealer_hand_the_house_way(rnd) -> None:
    """expose the dealer's six cards and set them the house way"""
    lay = rnd.layout
    rnd.set(lay, "setting_open", False)
    dealer = lay.dealer
    for card in dealer.cards:
        rnd.record(card, "dealer (turned face up)")
    high, low = _house_way(rnd).set_hand(dealer.cards)
    _set(rnd, dealer, high, low, "the house way")


# -- settlement, from the dealer's right ------------------------------------------------------------
def _right_to_left(rnd, name: str):
    """The unsettled wagers called ``name`` in the machine file's pass (from the dealer's right)."""
    return rnd.in_turn_order(w for w in rnd.wagers if w.name == name and not w.settled)


@action(COMPLETION)
def settle_pai_gow_wagers(rnd) -> None:
    """compare each player's hands with the dealer's, a copy going to the dealer, and settle the wager and any Double Down Wager"""
    lay = rnd.layout
    dealer, rule = lay.dealer, rnd.rules.joker_rule
    for wager in _right_to_left(rnd, MAIN):
        stack = lay.stacks[wager.seat]
        result = showdown(stack.high, stack.low, dealer.high, dealer.low, rule)
        rnd.note(f"{stack.label}: {result.note}")
        rnd.settle(wager, result.outcome, times(wager.amount, result.net), COMPLETION)
        double = rnd.wager(wager.seat, "double_down")
        if double is not None:
            rnd.settle(double, result.outcome, times(double.amount, result.net), "§ 670a.7(c)")


@action(COMPLETION)
def settle_fortune_bonus_wagers(rnd) -> None:
    """pay or collect each Fortune Bonus Wager on the player's six cards, with the Envy Bonus for lammer holders (ILLUSTRATIVE tables)"""
    lay, rule = rnd.layout, rnd.rules.joker_rule
    hands = {s.spot: six_card_hand(s.cards, rule) for s in lay.player_stacks()}
    for wager in _right_to_left(rnd, "fortune_bonus"):
        hand = hands[wager.seat]
        odds = fortune_bonus_odds(hand)
        net = times(wager.amount, odds) if odds is not None else -wager.amount
        outcome = hand if odds is not None else "lose"
        if wager.seat in lay.lammers:
            others = [(f"seat {spot}", name) for spot, name in hands.items() if spot != wager.seat]
            envy, reasons = envy_bonus(others)
            if envy:
                net += envy
                outcome += f" + envy bonus {brief(envy)}"
                rnd.note(f"seat {wager.seat} Envy Bonus (ILLUSTRATIVE): {'; '.join(reasons)}")
        rnd.note(f"seat {wager.seat} Fortune Bonus (ILLUSTRATIVE table): {hand}")
        rnd.settle(wager, outcome, net, COMPLETION)


@action(COMPLETION)
def settle_progressive_wagers(rnd) -> None:
    """pay each winning Progressive Payout Wager from the progressive system (ILLUSTRATIVE table) and collect the rest"""
    lay, rule = rnd.layout, rnd.rules.joker_rule
    for wager in _right_to_left(rnd, "progressive"):
        hand = six_card_hand(lay.stacks[wager.seat].cards, rule)
        odds = progressive_odds(hand)
        if odds is None:
            rnd.settle(wager, "lose", -wager.amount, COMPLETION)
        else:
            rnd.note(f"seat {wager.seat} Progressive Payout (ILLUSTRATIVE table): {hand}, paid by the system")
            paid = times(wager.amount, odds)
            rnd.settle(wager, hand, paid, COMPLETION, off_table=paid)


@action(COMPLETION)
def discard_hands(rnd) -> None:
    """place each hand in the discard rack, players' first, then the dealer's"""
    lay = rnd.layout
    for stack in [*lay.player_stacks(), lay.dealer]:
        if not stack.discarded:
            rnd.discard(stack.label, stack.cards)
            rnd.set(stack, "discarded", True)
