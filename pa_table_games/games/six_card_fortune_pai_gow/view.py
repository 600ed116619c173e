"""Six-Card Fortune Pai Gow Poker's table view (:class:`~pa_table_games.runtime.view.TableView`).

Every stack is dealt face down (§ 670a.8(d)): a player sees their own six cards; the dealer's
stay face down until the dealer exposes them (§ 670a.11); the stacks of positions without a
wager are collected "unexposed" (§ 670a.8(g)). Hands are named as players say them: "full house,
tens over sevens", "a pair of kings", and the one-card low hand by its rank."""

from __future__ import annotations

from pa_table_games.games.six_card_fortune_pai_gow.poker import (
    FIVE_OF_A_KIND, FLUSH, FOUR_OF_A_KIND, FULL_HOUSE, HIGH_CARD, ONE_PAIR, STRAIGHT, STRAIGHT_FLUSH, THREE_OF_A_KIND,
    TWO_PAIR, HandRank, rank_five, rank_low)
from pa_table_games.games.six_card_fortune_pai_gow.house_way import HOUSE_WAYS
from pa_table_games.runtime.view import TableView

_ONE = {"2": "two", "3": "three", "4": "four", "5": "five", "6": "six", "7": "seven", "8": "eight", "9": "nine",
        "T": "ten", "J": "jack", "Q": "queen", "K": "king", "A": "ace"}
_MANY = {k: ("sixes" if k == "6" else f"{v}s") for k, v in _ONE.items()}

MEANINGS = {
    "double_down": "make the Double Down Wager after seeing the cards (double_down=AMOUNT for less)",
    "low": "low=CARD: set that card as the one-card low hand, the other five as the high hand",
    "house_way": "have the hand set the house way (the 'house way' line of the table view)",
}


def _letter(value: int) -> str:
    return "23456789TJQKA"[value - 2]


def hand_words(rank: HandRank) -> str:
    """``full house, tens over sevens``, ``a pair of kings``, ``two pair, aces and fives``, ``queen high``."""
    if rank.name in ("royal flush", "five aces"):
        return rank.name
    if rank.category in (STRAIGHT, STRAIGHT_FLUSH):  # describe(): "straight (5-high)"
        return f"{rank.name}, {_ONE[rank.describe().rpartition('(')[2][0]]} high"
    top = [_letter(v) for v in rank.tiebreak]
    words = {
        HIGH_CARD: lambda: f"{_ONE[top[0]]} high",
        ONE_PAIR: lambda: f"a pair of {_MANY[top[0]]}",
        TWO_PAIR: lambda: f"two pair, {_MANY[top[0]]} and {_MANY[top[1]]}",
        THREE_OF_A_KIND: lambda: f"three {_MANY[top[0]]}",
        FLUSH: lambda: f"flush, {_ONE[top[0]]} high",
        FULL_HOUSE: lambda: f"full house, {_MANY[top[0]]} over {_MANY[top[1]]}",
        FOUR_OF_A_KIND: lambda: f"four {_MANY[top[0]]}",
        FIVE_OF_A_KIND: lambda: f"five {_MANY[top[0]]}",
    }
    return words[rank.category]()


def set_words(rnd, high, low) -> str:
    """``high 7H 7D TC TS TD (full house, tens over sevens) / low 6D (six)``."""
    high_rank = rank_five(high, rnd.rules.joker_rule)
    low_name = _ONE[_letter(rank_low(low).tiebreak[0])]
    return f"high {_cards(high)} ({hand_words(high_rank)}) / low {low.code} ({low_name})"


def _cards(cards) -> str:
    return " ".join(c.code for c in cards)


def dealer_line(rnd) -> str:
    """``dealer: 6 cards face down`` until the dealer exposes and sets them the house way (§ 670a.11)."""
    dealer = rnd.layout.dealer
    if dealer.is_set:
        return f"dealer: {set_words(rnd, dealer.high, dealer.low)}"
    return f"dealer: {len(dealer.cards)} cards face down" if dealer.cards else "dealer: no cards yet"


def box_lines(rnd, turn) -> list[str]:
    """Each wagered position: the deciding player's six cards, a set hand named, else face down."""
    out = []
    for s in rnd.layout.player_stacks():
        deciding = turn is not None and turn[0] == s.spot
        if s.is_set:
            cards = f"set, face down: {set_words(rnd, s.high, s.low)}"
        elif deciding:
            cards = _cards(s.cards)
        else:
            cards = f"{len(s.cards)} cards face down"
        out.append(f"{'->' if deciding else '  '} {s.label}: {cards}")
    return out


def hand_line(rnd, seat: int, index: int) -> str:
    """``seat 1: 7H 7D 6D TC TS TD — dealer: 6 cards face down``; once set, both hands named as the player set them."""
    stack = rnd.layout.stacks[seat]
    cards = f"set {set_words(rnd, stack.high, stack.low)}" if stack.is_set else _cards(stack.cards)
    return f"seat {seat}: {cards} — {dealer_line(rnd)}"


def advice(rnd) -> list[str]:
    """How to set six cards (§ 670a.11) and the house way's suggestion, both hands named."""
    stack = rnd.turn if rnd.layout.setting_open else None
    if stack is None:
        return []
    high, low = HOUSE_WAYS[rnd.rules.joker_rule].set_hand(stack.cards)
    return [f"set the hand: low=CARD names the one-card low hand, e.g. low={stack.cards[0].code}; "
            f"the other five are the high hand (§ 670a.11)",
            f"house way: high {_cards(high)} / low {low.code}: {hand_words(rank_five(high, rnd.rules.joker_rule))}"
            f" / {_ONE[_letter(rank_low(low).tiebreak[0])]} (type house_way, or low={low.code})"]


def meanings(rnd) -> dict[str, str]:
    return MEANINGS


def places(rnd) -> list:
    """Every stack on the layout, dealt face down (§ 670a.8(d)): the dealer's face up once exposed and set the
    house way, a player's once its hands are compared at settlement (§ 670a.11); the stub spread face down."""
    lay = rnd.layout
    main = rnd.game.info.wagers[0]
    settled = {w.seat for w in rnd.wagers if w.name == main and w.settled}
    out = []
    for spot, stack in lay.stacks.items():
        if stack.cards and not stack.discarded:
            up = stack.is_set if stack is lay.dealer else stack.spot in settled
            out.append((stack.label, [(c.code, up) for c in stack.cards]))
    return out + ([("stub", [(c.code, False) for c in lay.stub])] if lay.stub else [])



def low_cards(rnd, decision: str) -> list[str] | None:
    """§ 670a.11: the player names the card that is the one-card low hand: ``low=`` each card of the stack."""
    return [f"low={c.code}" for c in rnd.turn.cards] if decision == "low" else None


VIEW = TableView(dealer=dealer_line, boxes=box_lines, hand=hand_line, advice=advice, meanings=meanings, places=places,
                 short={"d": ("double_down",), "dd": ("double_down",), "hw": ("house_way",)},
                 values={"low": str.upper}, choices=low_cards)
