"""The House Money Wager: 58 Pa. Code § 633a.7(g)(10).

In (g) the dealer collects each House Money Wager whose initial two cards are not a two-card
straight, a pair, a two-card straight flush or an ace-king suited. A winner is paid at once
when the up card is 2-9 ((ii)); against an ace or 10-value up card it waits for the peek of
(h) ((i)): with a dealer Blackjack it is paid with the Blackjack Wager ((i)(A)), without one
it is paid as in (ii) ((i)(B)).

A player paid under (ii) chooses ``house_money=add`` (the dealer places all of the payout, or the
Rules' portion, on the Blackjack Wager, (A)-(B)) or ``house_money=keep`` (the dealer hands it over).
The machine file declares the order (``turns:`` on ``house_money_offered``: each box from the
dealer's right, as (g) pays, a reading) and the runtime walks it: ``Round.turn`` is the box of the
player answering, and only a player whose payout awaits an answer has a turn
(``only: [house_money_payout_awaits_answer]``); the others are passed over without an event.
The enlarged wager is the entire Blackjack Wager (C): a Double Down or split matches it. A player
whose Blackjack Wager is already settled (even money) is simply handed the payout.
"""

from __future__ import annotations

from decimal import Decimal

from pa_table_games.equipment.chips import Wager
from pa_table_games.money import brief, fraction_of, room_under_maximum, rules_maximum
import pa_table_games.games.blackjack.first_cards as fc
from pa_table_games.games.blackjack.optional_wagers import open_wagers, payout, player_cards, up_is_ace_or_ten
from pa_table_games.games.blackjack.registry import action, guard
from pa_table_games.runtime.turns import Player

NAME = "house_money"


def wins(rnd, wager: Wager) -> bool:
    """The House Money Wager's initial two cards are a winning hand ((g)(10))."""
    return fc.house_money_outcome(player_cards(rnd, wager.seat)) is not None


def _waits_for_peek(rnd, wager: Wager) -> bool:
    # the up card first: against a 2-9 (most rounds) the cards of the wager need not be classified here as well as
    # when it is settled
    return up_is_ace_or_ten(rnd) and wins(rnd, wager)


def _pay_winner(rnd, wager: Wager, cite: str, offer_choice: bool = True) -> None:
    outcome, net = payout(rnd, wager)
    _settle(rnd, wager, outcome, net, cite, offer_choice)


def _settle(rnd, wager: Wager, outcome: str, net: Decimal, cite: str, offer_choice: bool = True) -> None:
    rnd.settle(wager, outcome, net, cite)
    lay = rnd.layout
    if offer_choice and not lay.box(wager.seat).wager.settled:  # (ii): the player may add it, or keep it
        rnd.put(lay.house_money_payouts, wager.seat, net)


# -- (g)(10): collect the losers, pay the winners against a 2-9 (in the pass player by player) ------------------
def due_at_first_cards(rnd, wager: Wager) -> bool:
    """A House Money Wager the (g) pass settles now (a winner against an ace or 10-value up card waits for the peek)."""
    return not _waits_for_peek(rnd, wager)


def settlement_at_first_cards(rnd, wager: Wager) -> tuple[str, Decimal, str]:
    """(g)(10): (outcome, net, cite) of a House Money Wager the pass settles: collected without a winning hand;
    against a 2-9 up card a winner paid ((ii))."""
    outcome, net = payout(rnd, wager)  # the cards classified once: a hand that wins nothing is collected
    return outcome, net, "(g)(10)" if net < 0 else "(g)(10)(ii)"


def settle_at_first_cards(rnd, wager: Wager, outcome: str, net: Decimal, cite: str) -> None:
    """Settle a House Money Wager as :func:`settlement_at_first_cards` found; a winner's payout, if the Blackjack
    Wager is still open, the player may add to it or keep ((ii))."""
    if net < 0:
        rnd.settle(wager, outcome, net, cite)
    else:
        _settle(rnd, wager, outcome, net, cite)


# -- (g)(10)(i): after the peek ---------------------------------------------------------------------------------
def _waiting(rnd, player) -> list[Wager]:
    return [w for w in player.wagers if w.name == NAME and not w.settled and _waits_for_peek(rnd, w)]


def awaits_peek(rnd, player: Player) -> bool:
    """``player`` holds a winning House Money Wager against an ace or 10-value up card awaiting the peek's answer
    ((g)(10)(i)); asked once the first cards are dealt (:func:`.optional_wagers.first_cards_dealt`)."""
    return bool(_waiting(rnd, player))


@action(("(g)(10)(i)", "(g)(10)(i)(B)", "(g)(10)(ii)"))
def pay_house_money_after_peek(rnd) -> None:
    """the dealer has no Blackjack: pay the player's winning House Money Wager as in (ii)"""
    for wager in _waiting(rnd, rnd.turn):
        _pay_winner(rnd, wager, "(g)(10)(i)(B)")


def settle_with_blackjack_wager(rnd, seat: int) -> None:
    """(g)(10)(i)(A): the dealer has a Blackjack: pay the winning House Money Wager."""
    for wager in open_wagers(rnd, NAME):
        if wager.seat == seat and _waits_for_peek(rnd, wager):
            _pay_winner(rnd, wager, "(g)(10)(i)(A)", offer_choice=False)


# -- (g)(10)(ii)(A)-(C): the player's choice ----------------------------------------------------------------------
@guard("(g)(10)(ii)", wager="house_money")
def house_money_choice_pending(rnd, unit) -> bool:
    """a player paid a House Money payout under (ii) has not yet said whether to add it to the Blackjack Wager"""
    lay = rnd.layout
    return len(lay.house_money_answered) < len(lay.house_money_payouts)  # those who answered were paid


@guard("(g)(10)(ii)", wager="house_money")
def house_money_payout_awaits_answer(rnd, unit) -> bool:
    """the player was paid a House Money payout under (ii) and has not yet said whether to add it to the Blackjack Wager"""
    lay = rnd.layout  # of the unit, its seat alone: a box or a player
    return unit is not None and unit.seat in lay.house_money_payouts and unit.seat not in lay.house_money_answered


@guard("(h)")
def hole_card_has_been_read(rnd, unit) -> bool:
    """the card reader has already been used on the hole card"""
    return rnd.layout.dealer_blackjack is not None


def _answering(rnd) -> int:
    """The seat whose turn it is to answer, which has now answered."""
    seat = rnd.turn.seat
    rnd.add_member(rnd.layout.house_money_answered, seat)
    return seat


@action(("(g)(10)(ii)(A)", "(g)(10)(ii)(B)", "(g)(10)(ii)(C)"))
def add_house_money_payout_to_blackjack_wager(rnd) -> None:
    """place the payout (or the Rules' portion) on the Blackjack Wager, which becomes the entire wager"""
    seat = _answering(rnd)
    wager = rnd.layout.box(seat).wager
    # the Rules' portion, in whole cents (rounded down: the rest stays with the player), so the
    # enlarged wager is still one a player could stake, and a Double Down can match it ((g)(10)(ii)(C));
    # no more than the table maximum leaves (§ 601a.2): the dealer places "a portion thereof" ((B))
    # and hands the player the rest
    payout = rnd.layout.house_money_payouts[seat]
    portion = fraction_of(payout, rnd.rules.house_money_portion)
    amount = min(portion, room_under_maximum(rnd.rules, wager.amount))
    if amount > 0:
        rnd.add_to_wager(wager, amount)
        rnd.add_member(rnd.layout.house_money_added, seat)
    capped = (f" ({brief(portion - amount)} handed to the player: the table maximum "
              f"{brief(rules_maximum(rnd.rules))} leaves no more, § 601a.2)" if amount < portion else "")
    rnd.note(f"seat {seat}: {brief(amount)} of the House Money payout added{capped}; the Blackjack Wager is now "
             f"{brief(wager.amount)}, matched by any Double Down or split ({rnd.spec.cite_text('(g)(10)(ii)(C)')})")


@action("(g)(10)(ii)(B)")
def hand_house_money_payout_to_player(rnd) -> None:
    """hand the entire House Money payout to the player"""
    seat = _answering(rnd)
    rnd.note(f"seat {seat}: the House Money payout of {brief(rnd.layout.house_money_payouts[seat])} is handed to the player")
