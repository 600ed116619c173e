"""The double shoe: 58 Pa. Code § 633a.7(d) (in lieu of (c)) and (e)(2)-(3).

Before each round the dealer draws a determinant card from either side (the round option
``determinant_side`` names it; otherwise the dealer's choice is drawn at random). Its suit
picks the side the round is dealt from (hearts and diamonds: ``red``; spades and clubs:
``black``). If it matches the side it was drawn from it becomes the first card of the box
farthest to the dealer's left; otherwise it goes to that side's segregated area. When a cover
card has appeared, only its side is collected (remaining and segregated cards to the discard
rack) and reshuffled, with that side's discards.
"""

from __future__ import annotations

from pa_table_games.equipment.double_shoe import SIDE_OF_SUIT, SIDES, DoubleShoe
from pa_table_games.games.blackjack.actions import place_box
from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.games.blackjack.registry import action, guard
from pa_table_games.games.blackjack.dealing_shoe import deal
from pa_table_games.runtime.game import RoundOption


@guard("(d)")
def double_shoe_is_used(rnd, unit) -> bool:
    """the Rules deal from a double shoe"""
    return rnd.rules.double_shoe


@guard("(d)(2)")
def determinant_card_matches_its_side(rnd, unit) -> bool:
    """the determinant card's suit corresponds to the side of the shoe it was drawn from"""
    card = getattr(rnd.shoe, "determinant", None)
    return card is not None and SIDE_OF_SUIT[card.suit] == rnd.shoe.current


@guard(("(e)", "(e)(2)"))
def a_side_is_due_for_reshuffle(rnd, unit) -> bool:
    """a side of the double shoe showed its cover card, or the Rules reshuffle the dealt side every round"""
    return rnd.rules.double_shoe and bool(rnd.shoe.sides_due(rnd.rules.shuffle == "every_round"))


@action("(d)(1)")
def draw_determinant_card(rnd) -> None:
    """draw a determinant card from either side of the double shoe"""
    shoe: DoubleShoe = rnd.shoe
    side = rnd.options.get("determinant_side") or rnd.randomly(shoe.rng, shoe.rng.choice, SIDES)  # (SIDE_OPTION)
    rnd.set(shoe, "current", side)
    rnd.set(shoe, "determinant", deal(rnd, f"determinant card ({side} side)"))
    rnd.note(f"determinant card {shoe.determinant.code} from the {side} side: the round is dealt from the "
             f"{SIDE_OF_SUIT[shoe.determinant.suit]} side")


@action("(d)(2)")
def give_determinant_card_to_first_box(rnd) -> None:
    """the determinant card matches its side: it becomes the first card of the player farthest to the dealer's left"""
    shoe: DoubleShoe = rnd.shoe
    card = shoe.determinant
    rnd.set(shoe, "determinant", None)
    wager = min((w for w in rnd.wagers if w.name == "blackjack"), key=lambda w: w.seat)
    hand = Hand(wager.seat, 0, wager, [card])
    place_box(rnd, hand)
    rnd.record(card, hand.label)


@action("(d)(2)")
def place_determinant_card_in_segregated_area(rnd) -> None:
    """the determinant card does not match its side: place it in that side's segregated area"""
    shoe: DoubleShoe = rnd.shoe
    card = shoe.determinant
    rnd.set(shoe, "determinant", None)
    rnd.append(shoe.segregated[shoe.current], card)
    rnd.record(card, f"segregated area ({shoe.current} side)", face_up=False)
    rnd.set(shoe, "current", SIDE_OF_SUIT[card.suit])


@action("(e)(2)")
def discard_rest_of_side(rnd) -> None:
    """remove the cards remaining in the cover card's side and its segregated cards to the discard rack"""
    shoe: DoubleShoe = rnd.shoe
    for side in shoe.sides_due(rnd.rules.shuffle == "every_round"):
        rnd.discard(f"{side} side of the shoe", rnd.restock(shoe, shoe.empty_side, side))


@action("(e)(3)")
def reshuffle_side(rnd) -> None:
    """shuffle the cards of that side only, so that they are randomly intermixed"""
    shoe: DoubleShoe = rnd.shoe
    for side in shoe.sides_due(rnd.rules.shuffle == "every_round"):
        rack = rnd.table.rack
        count = rnd.restock(rack, rnd.restock, shoe, shoe.reshuffle_side, side, rack)
        rnd.note(f"{count} cards of the {side} side shuffled and placed back in that side")


def _side_problem(side: object, rules: object) -> str | None:
    if not rules.double_shoe:
        return "the Rules deal from one shoe, no determinant card is drawn ((d))"
    return None if side in SIDES else " or ".join(SIDES)


#: the round option naming the side the determinant card is drawn from (training, tests): ``GameInfo.options``
SIDE_OPTION = RoundOption(f"the side of the double shoe the determinant card is drawn from ({' or '.join(SIDES)})",
                          _side_problem)
