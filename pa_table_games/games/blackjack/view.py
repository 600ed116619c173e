"""Blackjack's table view (:class:`~pa_table_games.runtime.view.TableView`): the dealer's up card
with the hole card face down until turned (§ 633a.7(f)(4), (l)), each box's cards face up with its
total named as players say it ("hard 15", "soft 17"), hands counted from 1 for people.
Double Down Madness shares it (§ 692.7 deals the same way, its hole card first)."""

from __future__ import annotations

from pa_table_games.games.blackjack.hand import points
from pa_table_games.runtime.view import TableView

#: One line per decision, in the player's words (the cite comes from the machine file).
MEANINGS = {
    "hit": "take one more card",
    "stand": "take no more cards",
    "double": "add a Double Down Wager and take one more card (double=AMOUNT for less than the wager)",
    "split": "split the pair into two hands, with a second wager equal to the first",
    "surrender": "give up the hand: half the wager is collected, half returned",
    "insurance=yes": "place an Insurance Wager against a dealer Blackjack",
    "insurance=no": "decline Insurance",
    "even_money=yes": "take even money for the Blackjack now",
    "even_money=no": "decline even money and play the Blackjack out",
    "house_money=add": "add the House Money payout to the Blackjack Wager",
    "house_money=keep": "take the House Money payout",
}


def total_text(cards) -> str:
    """``soft 17`` / ``hard 15``."""
    total, soft = points(cards)
    return f"{'soft' if soft else 'hard'} {total}"


def _cards(cards) -> str:
    return " ".join(c.code for c in cards)


def _label(hand) -> str:
    """``seat 1`` or, once split, ``seat 1 hand 2`` (people count hands from 1)."""
    return f"seat {hand.seat} hand {hand.index + 1}" if hand.from_split or hand.index else f"seat {hand.seat}"


def dealer_line(rnd) -> str:
    """``dealer: up card 6D, hole card: face down`` (or the dealer's cards once the hole card is turned)."""
    lay = rnd.layout
    if not lay.dealer:
        return "dealer: no cards yet"
    if lay.hole_card_turned:
        return f"dealer: {_cards(lay.dealer)} ({total_text(lay.dealer)})"
    if len(lay.dealer) <= lay.up_index:
        return "dealer: hole card: face down, up card not dealt yet"
    return f"dealer: up card {lay.up_card.code}, hole card: face down"


def box_lines(rnd, turn) -> list[str]:
    """Each hand, the deciding one marked ``->``: its cards and total, stood or settled, its wager."""
    out = []
    for h in rnd.layout.hands:
        mark = "->" if turn == (h.seat, h.index) else "  "
        state = " (settled)" if h.settled else " (stood)" if h.stood else ""
        cards = f"{_cards(h.cards)} ({total_text(h.cards)})" if h.cards else "no cards"
        out.append(f"{mark} {_label(h)}: {cards}{state}; wager {h.wager.name} {h.wager.amount:g}")
    return out


def hand_line(rnd, seat: int, index: int) -> str:
    """``seat 1 hand 1: TH 5D (hard 15) — dealer: up card 6S, hole card: face down``."""
    hand = next((h for h in rnd.layout.hands if h.seat == seat and h.index == index), None)
    cards = f"{_cards(hand.cards)} ({total_text(hand.cards)})" if hand else "no hand"
    return f"seat {seat} hand {index + 1}: {cards} — {dealer_line(rnd)}"


def meanings(rnd) -> dict[str, str]:
    return MEANINGS


def places(rnd) -> list:
    """The dealer's cards (the hole card face down until turned) and each hand still on the layout, a split
    hand with its own cards, named as people count (``seat 1 hand 2``)."""
    lay = rnd.layout
    out = []
    if lay.dealer and not lay.dealer_discarded:
        hole = 1 - lay.up_index
        out.append(("dealer", [(c.code, i != hole or lay.hole_card_turned) for i, c in enumerate(lay.dealer)]))
    out += [(_label(h), [(c.code, True) for c in h.cards]) for h in lay.hands if h.cards and not h.discarded]
    return out



#: Short forms of the Blackjack family's decisions: each stands for the first of its decisions that is legal now.
SHORT = {
    "h": ("hit",), "s": ("stand",), "d": ("double",), "p": ("split",), "r": ("surrender",),
    "y": ("insurance=yes", "even_money=yes", "house_money=add"), "yes": ("insurance=yes", "even_money=yes"),
    "n": ("insurance=no", "even_money=no", "house_money=keep"), "no": ("insurance=no", "even_money=no"),
}
_ANSWERS = {"y": "yes", "n": "no"}


def answer(value: str) -> str:
    """``y`` / ``n`` typed for an offer's answer: ``yes`` / ``no``."""
    return _ANSWERS.get(value, value)


VIEW = TableView(dealer=dealer_line, boxes=box_lines, hand=hand_line, meanings=meanings, places=places, short=SHORT,
                 values={"insurance": answer, "even_money": answer, "house_money": answer})
