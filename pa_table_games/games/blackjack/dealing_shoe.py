"""The dealing shoe as the Blackjack games use it (§ 633a.7 and § 692.7 alike).

Two things the sections take for granted and a simulation must still decide:

- Blackjack is dealt from standard 52-card decks: a stacked shoe holding the joker (``JK``)
  is refused when a round is laid out, one line naming the card, rather than dealt.
- A shuffled shoe has a cover card so that it never runs out during a round (§ 633a.7(e),
  § 692.7(d)); with a shallow cover card and a long round (splits, many hits) it still can.
  The texts are silent; the HOUSE PROCEDURE here (the machine file's readings register): the
  cards of EARLIER rounds in the discard rack are shuffled and placed in the shoe to complete
  the round, as the cover-card rule completes a round before the reshuffle; every card of this
  round (on the layout, or already in the rack: a burn card, a paid Blackjack, a busted hand)
  stays where it is, so no card is dealt twice in a round and each hand can be reconstructed
  ((s), § 692.7(u)). When no card of an earlier round is left (the round has dealt the whole shoe),
  a fresh deck, inspected, is shuffled and placed in the shoe to complete the round ("the hand will
  be completed", (e) / (d)): no card dealt in the round is dealt again in it, and the deck joins the
  table's cards (counted in the round's conservation baseline). The cover card stays aside, so the
  round still ends with the full collect-and-reshuffle of (e) / (d). With a double shoe only the
  cards with the back of the side being dealt are taken, and a fresh deck has that back. A stacked
  shoe that runs out is still an error: its card order is the test, and nothing is reshuffled into it.
"""

from __future__ import annotations

from collections import Counter

from pa_table_games.equipment.cards import Card, standard_deck
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.errors import CardCodeError, RulesValueError, ShoeExhausted
from pa_table_games.rules.options import number


def refuse_joker(shoe, game: str, cite: str) -> None:
    """A stacked shoe with the joker in it cannot deal ``game``: one line naming the card and ``cite``."""
    for side in shoe.sides.values() if isinstance(shoe, DoubleShoe) else (shoe,):
        if side.stacked_order and any(card.is_joker for card in side.loaded):
            raise CardCodeError(f"JK: {game} is dealt from 52-card decks; the joker cannot be stacked in its shoe ({cite})")


def deal(rnd, to, face_up: bool = True) -> Card:
    """The next card from the shoe to ``to`` (a place's name, or a hand); a shuffled shoe that has run dry is
    refilled first (house procedure)."""
    try:
        card = rnd.draw(to, face_up)
    except ShoeExhausted:
        if rnd.shoe.side.stacked_order:
            raise
        _refill_from_discard_rack(rnd)
        card = rnd.draw(to, face_up)
    return card


def _refill_from_discard_rack(rnd) -> None:
    shoe, rack = rnd.shoe, rnd.table.rack
    side = shoe.side
    back = shoe.current if isinstance(shoe, DoubleShoe) else ""
    lay = rnd.layout
    cards, left = rnd.restock(rack, rack.take, lambda card: card.back == back, lay.earlier_bundles)
    rnd.set(lay, "earlier_bundles", left)
    if cards:
        rnd.restock(side, side.refill, cards)
        whose = f"the {len(cards)} cards of earlier rounds in the discard rack are"
    else:  # the round has dealt the whole shoe: none of its cards is dealt again (readings)
        cards = [card.with_back(back) for card in standard_deck()]
        rnd.restock(side, _bring, side, cards)
        if rnd._deck is not None:  # the conservation baseline counts the cards brought to the table
            rnd.set(rnd, "_deck", rnd._deck + Counter(cards))
        whose = "the discard rack holds no card of an earlier round: a fresh deck, inspected, is"
    rnd.note(f"HOUSE PROCEDURE: the shoe ran out during the round; {whose} shuffled and placed in the shoe to "
             "complete it (the texts are silent; every card of this round stays where it is, so none is dealt "
             "again; the cover card stays aside, so the cards are collected and reshuffled after the round)")


def _bring(side, cards: list[Card]) -> None:
    """A fresh deck brought to the table: counted among the cards put in the shoe, and shuffled into it."""
    side.loaded.update(cards)
    side.brought.update(cards)  # not the Rules' decks: a table going on is still one these Rules deal from
    side.refill(cards)


# -- the cover card, checked when the Rules are made ----------------------------------------------------------------
#: Without a depth in the Rules the cover card leaves a quarter of the shoe behind it (1.5 of 6 decks, docs/reference.md).
DEFAULT_COVER_SHARE = 0.25


def cover_depth_cards(decks: int, depth_decks: float | None) -> int:
    """Cards left behind the cover card: the Rules' depth in decks, else a quarter of the shoe (or of a side)."""
    return round((decks * DEFAULT_COVER_SHARE if depth_decks is None else depth_decks) * 52)


def check_cover_card(decks: int, depth_decks: float | None, positions: int, cite: str) -> None:
    """The cover card lies inside the shoe and leaves in front of it at least one full deal: the burn (or
    determinant) card and two cards to every position and the dealer. A ValueError names the options."""
    cards, depth = decks * 52, cover_depth_cards(decks, depth_decks)
    shown = "(a quarter of the shoe)" if depth_decks is None else f"{depth_decks:g}"
    if depth > cards:
        raise RulesValueError(f"cover_card_depth_decks {shown} is deeper than the {decks}-deck shoe ({cite})")
    deal = 1 + 2 * (positions + 1)
    if cards - depth < deal:
        raise RulesValueError(f"cover_card_depth_decks {shown} with {decks} deck(s) leaves {cards - depth} cards "
                              f"before the cover card, fewer than one deal to {positions} positions and the dealer "
                              f"({deal} cards with the burn card) ({cite})")


def depth_or_none(_: object, attribute: object, value: object) -> None:
    """Validator: ``None`` (a quarter of the shoe) or a number of decks from 0 to 12."""
    if value is not None:
        number(0, 12)(_, attribute, value)


depth_or_none.allowed = "null (a quarter of the shoe) | number of decks 0..12"
