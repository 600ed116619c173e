"""The faulty High Card's registry: the toy game's guards and actions, the faulty ones replaced (``# fault: CHECK``)."""

from __future__ import annotations

import random

from casino_high_card import rules_of_play as toy
from pa_table_games.errors import IllegalAction
from pa_table_games.machine.registry import Registry

REGISTRY = Registry("faulty-high-card")
guard, action = REGISTRY.guard, REGISTRY.action

for cite, healthy in (("(a)", toy.less_than_half_the_deck_is_left), ("(f)", toy.new_dealer_has_not_burned),
                      ("(c)", toy.rules_allow_doubling)):
    guard(cite)(healthy)
for cite, healthy in (("(a)", toy.shuffle_every_card_into_shoe), ("(f)", toy.burn_card_for_new_dealer),
                      ("(b)", toy.deal_dealer_card)):
    action(cite)(healthy)


@guard("(b)")
def dealer_card_is_the_joker(rnd, unit) -> bool:
    """the dealer's card is the joker"""
    return rnd.layout.dealer[0].code == "JK"  # fault: guards


@action("(b)")
def deal_one_card_to_each_box(rnd) -> None:  # fault: logs
    """The toy's deal, and a chance the round does not record: its log cannot be replayed."""
    toy.deal_one_card_to_each_box(rnd)
    rnd.note(f"the dealer's lucky number is {random.randint(1, 9)}")


@action("(c)")
def double_acting_wager(rnd) -> None:
    """The toy's double, refused (without a cite) at seat 4 although the machine offers it there."""
    if rnd.turn.seat == 4:
        raise IllegalAction("double", "seat 4 may not double after all", "")  # fault: decisions
    toy.double_acting_wager(rnd)


@action("(d)")
def turn_dealer_card(rnd) -> None:  # fault: effects
    """The dealer turns the dealer's card face up, by a change no effect records: undoing the step cannot undo it."""
    rnd.layout.dealer_card_turned = True
    rnd.record(rnd.layout.dealer[0], "dealer (turned face up)")


@action("(d)")
def settle_each_box(rnd) -> None:
    """Each box in seat order, whatever the machine file declares (its (e) pass is decorative)."""
    for wager in sorted((w for w in rnd.wagers if not w.settled), key=lambda w: w.seat):
        toy.settle_box(rnd, wager)


@action("(e)")
def discard_cards(rnd) -> None:  # fault: invariants
    """The toy's discard, except that a dealer's king falls off the table: a card lost."""
    if rnd.layout.dealer[0].rank == "K":
        rnd.set(rnd.layout, "dealer", [])
    toy.discard_cards(rnd)


@action("(e)")
def shuffle_discards(rnd) -> None:  # fault: trace
    """Registered, and named by no transition of the machine file."""


class CrashingStrategy:
    name, summary = "stand", "fails at its first decision"

    def choose(self, rnd, legal) -> str:
        return sorted(legal)[5]  # fault: simulate
