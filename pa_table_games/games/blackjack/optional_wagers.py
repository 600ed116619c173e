"""The optional wagers settled on the first cards: 58 Pa. Code § 633a.7(g)(1)-(9).

Right after the second cards, before any other card or the card reader, the dealer settles
"the player's optional wagers" starting with the player farthest to the dealer's right: one
pass, player by player, each player's wagers together in the order (g)(1)-(10) lists them
(the pass is in :mod:`.players_optional_wagers`). Outcomes come from the pure classifiers in
:mod:`.first_cards` and odds from the Rules' pay tables. Three settlements wait, as (g) says:

- two queens of hearts (Lucky Ladies, (g)(1)) or two kings of spades (King's Bounty, (g)(6))
  against an ace or 10-value up card, "after all other" such wagers: paid after the peek when
  the dealer has no Blackjack ((i)), or together with the Blackjack Wager when the dealer has
  one ((ii));
- a Royal Match against a king or queen up card (Royal Match 21, (g)(4)): settled once the
  hole card is exposed, before the Blackjack Wager, with the Crown Treasure Bonus when the
  dealer also holds a Royal Match.

House Money (g)(10) is in :mod:`.house_money`; (g)(9) only collects the Straight Jack
Progressive Wagers without a two-card straight, the rest are settled in (o)(3).
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from pa_table_games.equipment.chips import Wager
from pa_table_games.money import SURRENDER_LOSS, times
from pa_table_games.games.blackjack.paytable_choice import offered_pay_table
from pa_table_games.games.blackjack.paytables import unpaid, wager_tables, wagers
import pa_table_games.games.blackjack.first_cards as fc
from pa_table_games.games.blackjack.hand import POINTS
from pa_table_games.games.blackjack.registry import action, guard
from pa_table_games.runtime.turns import Player


def _settled_in_g(name: str) -> str | None:
    """The (g) paragraph settling ``name`` first, from its pay table's cite: (g)(9) collects the Straight
    Jack Progressive Wagers without a two-card straight, whose table is (o)(3)'s."""
    cite = "633a.7(g)(9)" if name == "straight_jack" else wager_tables(name).cite
    return cite.removeprefix("633a.7") if cite.startswith("633a.7(g)") else None


#: The (g) wagers in the order (g) lists them (the pay-table file's order), with the paragraph settling each.
CITES = {name: cite for name in wagers() if (cite := _settled_in_g(name))}


# -- reading the layout ------------------------------------------------------------------------------
def open_wagers(rnd, name: str) -> list[Wager]:
    """``name`` wagers not yet settled, in placing order (a step going round the table orders them itself)."""
    if name not in rnd.wager_names:  # none placed (most rounds)
        return []
    return [w for w in rnd.layout.memo.wagers_named(rnd.wagers, name) if not w.settled]


def player_cards(rnd, seat: int) -> tuple:
    """The initial two cards of ``seat``'s box."""
    return rnd.layout.initial_two_of(seat)


def up_is_ace_or_ten(rnd) -> bool:
    lay = rnd.layout
    return lay.has_up_card and POINTS[lay.up_card.rank] in (1, 10)


def first_cards_dealt(rnd) -> bool:
    """Every box holds its initial two cards and the dealer two cards: the (g) wagers can be decided."""
    lay = rnd.layout
    if len(lay.dealer) < 2:
        return False
    for hand in lay.hands:  # each box's first hand (a loop: asked of every player in two passes a round)
        # its initial two: its first two cards, or the pair kept when it was split (``Hand.initial_two``, read
        # here without calling it: about 90 times a round, over every box, at seven seats)
        if hand.index == 0 and len(hand.cards) < 2 and not hand.first_two:
            return False
    return True


def winning_outcomes(rnd, wager: Wager) -> tuple[str, ...]:
    """The pay-table outcomes ``wager`` wins on the cards now on the layout (empty: it loses), by the
    classifier :mod:`.first_cards` registers for it, reading the cards it names (:data:`.first_cards.READS`,
    from the layout and the wager's seat) under the pay table the Rules offer."""
    lay, seat = rnd.layout, wager.seat
    how = fc.FIRST_CARDS[wager.name]
    args = []  # a loop: a comprehension would make a frame of its own, about fifty a round at seven seats
    for part in how.reads:
        args.append(lay.initial_two_of(seat) if part == "player" else lay.up_card if part == "up"
                    else lay.hole_card if part == "hole" else lay.initial_two_of(seat + 1))  # "next_box"
    return how.outcomes_of(args, offered_pay_table(rnd.rules, wager.name) if how.with_table else None)


def payout(rnd, wager: Wager) -> tuple[str, Decimal]:
    """(outcome, net) of ``wager``: odds summed over its winning outcomes, or the wager lost."""
    won = winning_outcomes(rnd, wager)
    if not won:
        return "lose", -wager.amount
    table = rnd.rules.pay_table(wager.name)
    pays = table.pays
    try:  # an outcome the table gives no odds for is the pay table file's gap, named (as ``edge`` names it)
        if len(won) == 1:  # most wins: one outcome, its odds as the table has them
            odds = pays[won[0]]
        else:
            odds = sum((pays[o] for o in won), Fraction(0))  # a statement of its own: the fast path makes it a loop
    except KeyError:
        raise unpaid(table, won) from None
    return "+".join(won), times(wager.amount, odds)  # odds summed, rounded once


def first_cards_settlement(rnd, wager: Wager, cite: str) -> tuple[str, Decimal, str]:
    """(outcome, net, cite) of ``wager`` by its pay table, citing ``cite`` (In Between's win its own paragraph)."""
    outcome, net = payout(rnd, wager)
    if wager.name == "in_between" and net > 0:
        cite = "(g)(3)(ii)" if outcome == "triple_match" else "(g)(3)(i)"
    return outcome, net, cite


def settle_on_first_cards(rnd, wager: Wager, cite: str) -> None:
    """Pay or collect ``wager`` by its pay table, citing ``cite``."""
    outcome, net, cite = first_cards_settlement(rnd, wager, cite)
    rnd.settle(wager, outcome, net, cite)


# -- which settlements wait ----------------------------------------------------------------------------
_PAIR_WAITING = {"lucky_ladies": "QH", "kings_bounty": "KS"}
_PAIR_CODES = frozenset(_PAIR_WAITING.values())


def awaits_peek(rnd, wager: Wager) -> bool:
    """Two queens of hearts / kings of spades against an ace or 10-value up card ((g)(1), (g)(6))."""
    return (wager.name in _PAIR_WAITING and up_is_ace_or_ten(rnd)  # one expression: the fast path splices it
            and all(card.code == _PAIR_WAITING[wager.name] for card in player_cards(rnd, wager.seat)))


def awaits_hole_card(rnd, wager: Wager) -> bool:
    """A Royal Match against a king or queen up card, before the hole card is exposed ((g)(4))."""
    return (wager.name == "royal_match_21" and rnd.layout.up_card.rank in "KQ"
            and not rnd.layout.hole_card_turned and fc.is_royal_match(player_cards(rnd, wager.seat)))


# -- (g)(1)-(9): one wager at a time, for the pass player by player ------------------------------------------
def straight_jack_lacks_straight(rnd, wager: Wager) -> bool:
    """(g)(9): a Straight Jack Progressive Wager whose initial two cards are not a two-card straight."""
    return not fc.is_two_card_straight(player_cards(rnd, wager.seat))


def due_at_first_cards(rnd, wager: Wager) -> bool:
    """An open (g)(1)-(9) wager the (g) pass settles now: the waiting ones excepted, and of the Straight Jack
    Progressive Wagers only those without a two-card straight (the rest are settled in (o)(3))."""
    if wager.name == "straight_jack":
        return straight_jack_lacks_straight(rnd, wager)
    return not awaits_peek(rnd, wager) and not awaits_hole_card(rnd, wager)


def settlement_at_first_cards(rnd, wager: Wager) -> tuple[str, Decimal, str]:
    """(outcome, net, cite) of one due (g)(1)-(9) wager: paid by its pay table or collected, citing its paragraph."""
    if wager.name == "straight_jack":
        return "lose", -wager.amount, "(g)(9)"
    return first_cards_settlement(rnd, wager, CITES[wager.name])


# -- the settlements that wait ---------------------------------------------------------------------------
def _waiting(rnd, name: str) -> list[Wager]:
    return [w for w in open_wagers(rnd, name) if awaits_peek(rnd, w)]


def _pairs_waiting(rnd, player) -> list[Wager]:
    """The player's Lucky Ladies and King's Bounty Wagers on a waiting pair, in (g)'s order ((g)(1) before (g)(6))."""
    return [w for name in _PAIR_WAITING for w in player.wagers
            if w.name == name and not w.settled and awaits_peek(rnd, w)]


def _is_waiting_pair(cards: tuple) -> bool:
    """Two queens of hearts or two kings of spades: the only initial two cards a (g)(1) or (g)(6) wager waits on."""
    return cards[0].code == cards[1].code and cards[0].code in _PAIR_CODES


def pair_awaits_peek(rnd, player: Player) -> bool:
    """``player`` holds two queens of hearts (Lucky Ladies) or two kings of spades (King's Bounty) awaiting the
    dealer's peek ((g)(1)(i), (g)(6)(i)); asked once the first cards are dealt (:func:`first_cards_dealt`)."""
    # the box's pair first: almost every player has none, and then no wager of theirs is looked at
    return _is_waiting_pair(player_cards(rnd, player.seat)) and bool(_pairs_waiting(rnd, player))


@action(("(g)(1)", "(g)(1)(i)", "(g)(6)", "(g)(6)(i)"))
def pay_pair_before_other_cards(rnd) -> None:
    """the hole card gives no Blackjack: pay the player's two queens of hearts and two kings of spades before other
    cards"""
    cites = {"lucky_ladies": "(g)(1)(i)", "kings_bounty": "(g)(6)(i)"}
    for wager in _pairs_waiting(rnd, rnd.turn):
        settle_on_first_cards(rnd, wager, cites[wager.name])


def _surrender_waiting(rnd, player) -> bool:
    return any(h.seat == player.seat and h.surrendered and not h.settled for h in rnd.layout.hands)


@guard(("(g)(4)", "§ 633a.9"), wager="royal_match_21")
def surrender_awaits_royal_match(rnd, player) -> bool:
    """the player whose turn it is, whose Royal Match waits for the hole card, has surrendered the Blackjack Wager,
    settled after it"""
    return isinstance(player, Player) and rnd.layout.hole_card_turned and _surrender_waiting(rnd, player)


def _royal_match_waiting(rnd, wager: Wager) -> bool:
    return rnd.layout.up_card.rank in "KQ" and fc.is_royal_match(player_cards(rnd, wager.seat))


def royal_match_waits(rnd, seat: int) -> bool:
    """``seat`` holds a Royal Match 21 Wager waiting for the hole card ((g)(4))."""
    return any(w.seat == seat and _royal_match_waiting(rnd, w) for w in open_wagers(rnd, "royal_match_21"))


def _royal_matches_waiting(rnd, player) -> list[Wager]:
    return [w for w in player.wagers if w.name == "royal_match_21" and not w.settled and _royal_match_waiting(rnd, w)]


@guard("(g)(4)", wager="royal_match_21")
def royal_match_awaits_hole_card(rnd, player) -> bool:
    """the player whose turn it is holds a Royal Match against a king or queen up card awaiting the hole card, now
    exposed"""
    # the up card first: against any but a king or queen no wager of the player's is looked at
    return (isinstance(player, Player) and rnd.layout.hole_card_turned and rnd.layout.up_card.rank in "KQ"
            and bool(_royal_matches_waiting(rnd, player)))


@action(("(g)(4)", "§ 633a.9"))
def settle_royal_match_after_hole_card(rnd) -> None:
    """settle the player's Royal Match against a king or queen, with the Crown Treasure Bonus if the dealer has one
    too, then the player's surrendered Blackjack Wager (the machine file's pass goes player by player)"""
    player = rnd.turn
    for wager in _royal_matches_waiting(rnd, player):
        settle_on_first_cards(rnd, wager, "(g)(4)")
        settle_surrender_after_royal_match(rnd, player.seat)


def royal_match_awaits_hole_card_in_box(rnd, seat: int) -> bool:
    """(g)(4): ``seat``'s Royal Match 21 Wager waits for the hole card, so its Blackjack Wager is settled after it."""
    return any(w.seat == seat and awaits_hole_card(rnd, w) for w in open_wagers(rnd, "royal_match_21"))


def settle_surrender_after_royal_match(rnd, seat: int) -> None:
    """(g)(4) "prior to settling the player's Blackjack Wager": a surrender made while the Royal Match 21
    Wager waited is settled now, half the Blackjack Wager collected (§ 633a.9)."""
    for hand in rnd.layout.hands:
        if hand.seat == seat and hand.surrendered and not hand.settled:
            rnd.settle(hand.wager, "surrender", -times(hand.wager.amount, SURRENDER_LOSS), "§ 633a.9")  # readings
            rnd.set(hand, "settled", True)


def settle_before_blackjack_wager(rnd, seat: int) -> None:
    """(h) with a dealer Blackjack, hole card exposed: a waiting Royal Match, before the Blackjack Wager."""
    for wager in open_wagers(rnd, "royal_match_21"):
        if wager.seat == seat and _royal_match_waiting(rnd, wager):
            settle_on_first_cards(rnd, wager, "(g)(4)")


def settle_with_blackjack_wager(rnd, seat: int) -> None:
    """(h) with a dealer Blackjack: the waiting pairs are paid when the Blackjack Wager is collected."""
    for name, cite in (("lucky_ladies", "(g)(1)(ii)"), ("kings_bounty", "(g)(6)(ii)")):
        for wager in _waiting(rnd, name):
            if wager.seat == seat:
                settle_on_first_cards(rnd, wager, cite)
