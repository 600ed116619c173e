"""High Card's registry: each guard and action a small named function with the subsection it implements."""

from __future__ import annotations

from attrs import define, field

from pa_table_games.equipment.cards import RANKS, Card
from pa_table_games.machine.registry import Registry
from pa_table_games.money import ZERO, room_under_maximum

REGISTRY = Registry("high-card")
guard, action = REGISTRY.guard, REGISTRY.action
#: Aces rank high (toy (d)).
RANK_ORDER = RANKS[1:] + "A"
MAIN = "high_card"


@define
class Box:
    """A box holding a wager: its seat and its card. A unit of the (c) pass the machine file declares."""

    seat: int
    cards: list[Card] = field(factory=list)


@define
class HighCardLayout:
    """Each box and its card, the dealer's card."""

    boxes: dict[int, Box] = field(factory=dict)
    dealer: list[Card] = field(factory=list)
    dealer_card_turned: bool = False
    discarded: bool = False

    def cards(self) -> list[Card]:
        if self.discarded:
            return []
        return [c for box in self.boxes.values() for c in box.cards] + self.dealer


def each_box(rnd) -> list[Box]:
    """The boxes a declared pass goes over (the runtime orders them from the declared end)."""
    return list(rnd.layout.boxes.values())


# -- guards ---------------------------------------------------------------------------------
@guard("(a)")
def less_than_half_the_deck_is_left(rnd, unit) -> bool:
    """fewer than half the deck's cards are left in the shoe, and the discard rack holds cards to shuffle in"""
    return len(rnd.shoe) < 26 and bool(rnd.table.rack.cards())


@guard("(f)")
def new_dealer_has_not_burned(rnd, unit) -> bool:
    """a dealer new to the table has not burned a card yet"""
    return rnd.table.new_dealer


@guard("(c)")
def rules_allow_doubling(rnd, unit) -> bool:
    """the Rules allow a player to double the wager"""
    return bool(rnd.rules.double)


@guard("(c)")
def doubling_stays_within_the_table_maximum(rnd, unit) -> bool:
    """doubling the wager keeps it within the table maximum"""
    wager = rnd.wager(unit.seat, MAIN) if unit is not None else None
    return wager is not None and wager.amount <= room_under_maximum(rnd.rules, wager.amount)


# -- actions --------------------------------------------------------------------------------
@action("(a)")
def shuffle_every_card_into_shoe(rnd) -> None:
    """Shuffle the discard rack and the cards left into the shoe."""
    shoe = rnd.shoe
    rack = rnd.table.rack
    rnd.restock(shoe, shoe.load, rnd.restock(rack, rack.take_all) + rnd.restock(shoe, shoe.take_remaining))
    rnd.note("the deck is shuffled and placed in the shoe (a)")


@action("(f)")
def burn_card_for_new_dealer(rnd) -> None:
    """The new dealer burns the next card face down to the discard rack."""
    rnd.discard("burn card", [rnd.draw("discard rack", face_up=False)], moves=False)
    rnd.set(rnd.table, "new_dealer", False)


@action("(b)")
def deal_one_card_to_each_box(rnd) -> None:
    """One card face up to each box holding a wager, from the dealer's left."""
    seats = rnd.in_turn_order(sorted({w.seat for w in rnd.wagers}), seat=lambda s: s, hand=lambda s: 0)
    for seat in seats:
        rnd.put(rnd.layout.boxes, seat, Box(seat, [rnd.draw(f"seat {seat}")]))


@action("(b)")
def deal_dealer_card(rnd) -> None:
    """One card face down to the dealer."""
    rnd.append(rnd.layout.dealer, rnd.draw("dealer", face_up=False))


@action("(c)")
def double_acting_wager(rnd) -> None:
    """The deciding player doubles the wager (its guards keep it within the table maximum)."""
    wager = rnd.wager(rnd.turn.seat, MAIN)
    rnd.add_to_wager(wager, wager.amount)


@action("(d)")
def turn_dealer_card(rnd) -> None:
    """The dealer turns the dealer's card face up."""
    lay = rnd.layout
    rnd.set(lay, "dealer_card_turned", True)
    rnd.record(lay.dealer[0], "dealer (turned face up)")


@action("(d)")
def settle_each_box(rnd) -> None:
    """Each box against the dealer's card, from the dealer's right: higher wins even money, equal pushes."""
    for wager in rnd.in_turn_order([w for w in rnd.wagers if not w.settled]):
        settle_box(rnd, wager)


def settle_box(rnd, wager) -> None:
    """One box's wager against the dealer's card, (d)."""
    lay = rnd.layout
    dealer, mine = (RANK_ORDER.index(cards[0].rank) for cards in (lay.dealer, lay.boxes[wager.seat].cards))
    if mine > dealer:
        rnd.settle(wager, "win", wager.amount, "(d)")
    elif mine < dealer:
        rnd.settle(wager, "lose", -wager.amount, "(d)")
    else:
        rnd.settle(wager, "push", ZERO, "(d)")


@action("(e)")
def discard_cards(rnd) -> None:
    """The cards go to the discard rack, box by box from the dealer's right, then the dealer's."""
    lay = rnd.layout
    for seat in sorted(lay.boxes, reverse=True):
        rnd.discard(f"seat {seat}", lay.boxes[seat].cards)
    rnd.discard("dealer", lay.dealer)
    rnd.set(lay, "discarded", True)


# -- a strategy for simulation ---------------------------------------------------------------
class _StandAlways:
    name = "stand"
    summary = "never double"

    def choose(self, rnd, legal) -> str:
        return "stand"


def stand_always(rules) -> _StandAlways:
    return _StandAlways()
