"""Actions of § 670a.8, the manual-shoe deal: one procedural step each, named in the regulation's words.

Actions are the only code that changes a round. They deal through ``rnd.draw`` and settle
through ``rnd.settle`` so every card and chip lands in the event log. The deck is one
53-card deck (52 + the joker) dealt with NO burn card. The actions completing the round
(§ 670a.11, by reference) are in :mod:`.completion`.
"""

from __future__ import annotations

from typing import Any

from pa_table_games.money import ZERO, brief, money
from pa_table_games.numbers import is_whole
from pa_table_games.games.six_card_fortune_pai_gow.layout import (
    DEALER,
    clockwise_ring,
    count_to_position,
    dealing_order,
    spot_label,
)
from pa_table_games.games.six_card_fortune_pai_gow.registry import action
from pa_table_games.games.six_card_fortune_pai_gow.rules import CARDS_PER_HAND, DECK_CARDS, STUB_CARDS
from pa_table_games.runtime.game import RoundOption

#: The number each (c) method can give: a random number 1..spots, or the total of three dice.
DICE = (3, 18)


def return_every_wager(rnd, cite: str) -> None:
    """Return every unsettled wager (net 0, outcome "void"), in the machine file's pass round the table, each
    seat's in placing order."""
    for wager in rnd.in_turn_order(rnd.wagers):
        if not wager.settled:
            rnd.settle(wager, "void", ZERO, cite)


# -- § 670a.5 and (a): the deck goes in the shoe ---------------------------------------------
@action("§ 670a.5")
def shuffle_deck(rnd) -> None:
    """collect the cards of the earlier round and shuffle the deck"""
    shoe, rack = rnd.shoe, rnd.table.rack
    cards = rnd.restock(rack, rack.take_all) + rnd.restock(shoe, shoe.take_remaining)
    rnd.restock(shoe, shoe.load, cards)
    rnd.note(f"{len(cards)} cards shuffled (§ 670a.5)")


@action("(a)")
def place_deck_in_shoe(rnd) -> None:
    """place the stacked deck of cards in the dealing shoe after the shuffle and cut"""
    count = len(rnd.shoe)
    extra = "" if count == DECK_CARDS else f" (a stacked deck: a full deck is {DECK_CARDS} cards, 52 + the joker)"
    rnd.note(f"{count} cards placed in the dealing shoe; no card is burned{extra}")


# -- (b): no more bets, the Envy lammers and the progressive count --------------------------
@action("(b)")
def announce_no_more_bets(rnd) -> None:
    """announce "no more bets": from now on only the Double Down Wager may be made (§ 670a.7(c))"""
    rnd.set(rnd.layout, "no_more_bets", True)
    rnd.note("no more bets: no wager but the Double Down Wager may be made, changed or withdrawn (§ 670a.7(c))")


@action("(b)(1)")
def place_envy_lammers(rnd) -> None:
    """place an Envy lammer next to each Qualifying Fortune Bonus Wager"""
    lay, least = rnd.layout, rnd.rules.qualifying_fortune_bonus
    for wager in sorted((w for w in rnd.wagers if w.name == "fortune_bonus"), key=lambda w: w.seat):
        if wager.amount >= least:
            rnd.append(lay.lammers, wager.seat)
            rnd.note(f"Envy lammer placed at seat {wager.seat} (Fortune Bonus {brief(wager.amount)} >= {brief(least)})")
        else:
            rnd.note(f"seat {wager.seat}: Fortune Bonus {brief(wager.amount)} is below {brief(least)}: no Envy lammer")


@action("(b)(2)")
def lock_progressive_system(rnd) -> None:
    """use the progressive table game system to prevent any additional Progressive Payout Wagers"""
    rnd.set(rnd.layout, "progressive_locked", True)
    rnd.note("progressive table game system locked: no additional Progressive Payout Wagers")


@action("(b)(2)")
def collect_progressive_wagers(rnd) -> None:
    """collect the Progressive Payout Wagers and count the value chips in front of the table inventory"""
    lay = rnd.layout
    wagers = [w for w in rnd.wagers if w.name == "progressive"]
    rnd.set(lay, "progressive_chips", int(sum(w.amount for w in wagers) / money(rnd.rules.progressive_wager)))
    accepted = rnd.options.get("progressive_accepted", len(wagers))  # checked as the round was made (OPTIONS)
    rnd.set(lay, "progressive_accepted", accepted)
    seats = ", ".join(str(w.seat) for w in wagers) or "none"
    rnd.note(f"{lay.progressive_chips} value chips collected (seats: {seats}); "
             f"the progressive system accepted {accepted} wagers")


@action("(b)(2)")
def report_progressive_count_mismatch(rnd) -> None:
    """the chip count does not equal the system's count: stop the round as an irregularity"""
    lay = rnd.layout
    rnd.note(f"IRREGULARITY: {lay.progressive_chips} value chips but {lay.progressive_accepted} Progressive "
             "Payout Wagers accepted by the system; the round is not dealt and a floorperson is called")


@action("(b)(2)")
def return_wagers_for_count_irregularity(rnd) -> None:
    """return every wager: the round is not dealt while the progressive count is irregular"""
    return_every_wager(rnd, "(b)(2)")


@action("(b)(2)")
def place_progressive_chips_in_inventory(rnd) -> None:
    """the count agrees: place the value chips in the table inventory container"""
    rnd.note(f"count verified: {rnd.layout.progressive_chips} value chips placed in the table inventory container")


# -- (c) (d): the starting position and the deal ---------------------------------------------
def _start_number(rnd, method: str, spots: int) -> int:
    number = rnd.options.get("start_number")  # checked as the round was made (OPTIONS)
    if number is None:
        rng = rnd.shoe.rng
        if method == "dice":
            return rnd.randomly(rng, lambda: sum(rng.randint(1, 6) for _ in range(3)))
        return rnd.randomly(rng, rng.randint, 1, spots)
    return number


@action("(c)")
def determine_starting_position(rnd) -> None:
    """determine the starting position by a § 670a.5(i) method, counting from the dealer as 1 counter-clockwise"""
    lay, method = rnd.layout, rnd.rules.starting_position_method
    spots = len(clockwise_ring(lay.positions))
    number = _start_number(rnd, method, spots)
    rnd.set(lay, "start_method", method)
    rnd.set(lay, "start_number", number)
    rnd.set(lay, "start_spot", count_to_position(number, lay.positions))
    how = "three dice total" if method == "dice" else f"random number (1-{spots})"
    rnd.note(f"{how} {number}: counting the dealer as 1, counter-clockwise, the count ends at "
             f"{spot_label(lay.start_spot)}, the starting position")


def _misdeal(rnd) -> tuple[int | None, int]:
    """The injected misdeal (training, tests): ``options["misdeal"]`` and ``options["misdeal_cards"]``."""
    spot = rnd.options.get("misdeal")
    if spot is None:
        return None, CARDS_PER_HAND
    return (DEALER if spot == "dealer" else spot), rnd.options.get("misdeal_cards", CARDS_PER_HAND + 1)  # (OPTIONS)


# -- the round options (training, tests): each value checked as the round is made (``GameInfo.options``) ----------
def _start_number_problem(number: Any, rules: Any) -> str | None:
    method = rules.starting_position_method
    low, high = DICE if method == "dice" else (1, len(clockwise_ring(rules.positions)))
    return None if is_whole(number) and low <= number <= high else f"the {method} method gives {low} to {high}"


def _misdeal_problem(spot: Any, rules: Any) -> str | None:
    spot = DEALER if spot == "dealer" else spot
    ok = is_whole(spot) and spot in clockwise_ring(rules.positions)
    return None if ok else f"a seat 1..{rules.positions} or 'dealer' (0)"


OPTIONS = {
    "start_number": RoundOption("the number the (c) method gives", _start_number_problem),
    "misdeal": RoundOption("a seat, or dealer/0, misdealt in the last round of the deal", _misdeal_problem),
    "misdeal_cards": RoundOption("5 (a card skipped) or 7 (a seventh card) for the misdeal", lambda cards, rules:
                                 None if is_whole(cards) and cards in (CARDS_PER_HAND - 1, CARDS_PER_HAND + 1) else
                                 "5 (a card skipped) or 7 (a card too many)"),
    "progressive_accepted": RoundOption("how many Progressive Payout Wagers the progressive system accepted",
                                        lambda accepted, rules: None if is_whole(accepted) and accepted >= 0 else
                                        "a whole number from 0"),
}


@action("(d)")
def deal_six_cards_to_every_spot(rnd) -> None:
    """deal one card at a time face down, clockwise from the starting position, to every position and the dealer until each has six"""
    lay = rnd.layout
    wrong, wrong_cards = _misdeal(rnd)
    stacks = [(spot, lay.stacks[spot]) for spot in dealing_order(lay.start_spot, lay.positions)]
    for turn in range(CARDS_PER_HAND):
        last = turn == CARDS_PER_HAND - 1
        for spot, stack in stacks:
            if last and spot == wrong and wrong_cards < CARDS_PER_HAND:
                continue
            rnd.append(stack.cards, rnd.draw(stack.label, face_up=False))
            if last and spot == wrong and wrong_cards > CARDS_PER_HAND:
                rnd.append(stack.cards, rnd.draw(stack.label, face_up=False))
    if wrong is not None:
        rnd.note(f"training: misdeal injected, {spot_label(wrong)} dealt {wrong_cards} cards")


# -- (e) (f) (g): the stub, a misdeal, the unwagered stacks ------------------------------------
@action("(e)")
def remove_and_count_stub(rnd) -> None:
    """remove the stub from the shoe and count it spread face down on the layout"""
    lay = rnd.layout
    shoe = rnd.shoe
    rnd.set(lay, "stub", rnd.restock(shoe, shoe.take_remaining))
    for card in lay.stub:
        rnd.record(card, "stub (spread face down)", face_up=False)
    rnd.note(f"stub: {len(lay.stub)} cards ({STUB_CARDS} expected)")


@action("(e)")
def discard_stub_unexposed(rnd) -> None:
    """place the stub in the discard rack without exposing it"""
    lay = rnd.layout
    rnd.discard("stub", lay.stub)
    rnd.set(lay, "stub", [])


@action("(f)")
def void_hands_and_return_wagers(rnd) -> None:
    """void every hand and return every wager to the players"""
    counts = ", ".join(f"{s.label} {len(s.cards)}" for s in rnd.layout.stacks.values())
    rnd.note(f"cards per spot: {counts}; every hand is void")
    return_every_wager(rnd, "(f)")


@action("(f)")
def discard_void_hands(rnd) -> None:
    """the cards were misdealt: place the void hands and the stub in the discard rack"""
    lay = rnd.layout
    for stack in lay.stacks.values():
        rnd.discard(stack.label, stack.cards)
        rnd.set(stack, "discarded", True)
    rnd.discard("stub", lay.stub)
    rnd.set(lay, "stub", [])


@action("(f)")
def remove_deck_from_table(rnd) -> None:
    """the cards were not misdealt: remove the entire deck of cards from the table"""
    lay, table = rnd.layout, rnd.table
    cards = [c for s in lay.stacks.values() for c in s.cards] + lay.stub
    shoe, rack = rnd.shoe, table.rack
    cards += rnd.restock(rack, rack.take_all) + rnd.restock(shoe, shoe.take_remaining)
    for stack in lay.stacks.values():
        rnd.set(stack, "discarded", True)
    rnd.set(lay, "stub", [])
    rnd.extend(table.removed, cards)
    for card in cards:
        rnd.record(card, "removed from the table", face_up=False)
    rnd.note(f"the stub count was wrong but every spot holds six cards: the entire deck ({len(cards)} cards) "
             "is removed from the table")


@action("(g)")
def collect_unwagered_stacks(rnd) -> None:
    """collect the stacks dealt to positions with no wager and place them in the discard rack unexposed"""
    lay = rnd.layout
    for spot, stack in lay.stacks.items():
        if spot != DEALER and not stack.wagered:
            rnd.discard(stack.label, stack.cards)
            rnd.set(stack, "discarded", True)
