"""Blackjack hand arithmetic, written once for Blackjack and Double Down Madness.

Card values (§ 633a.1 and § 692.1, in docs/reference.md): 2-10 at face value; jack, queen
and king count 10; an ace counts 11 unless that takes the hand over 21, then 1. A
*soft* total counts an ace as 11; a *hard* total has no ace counted as 11.
"""

from __future__ import annotations

from collections.abc import Sequence

from pa_table_games.equipment.cards import Card

POINTS = {"A": 1, "2": 2, "3": 3, "4": 4, "5": 5, "6": 6, "7": 7, "8": 8, "9": 9,
          "T": 10, "J": 10, "Q": 10, "K": 10}
TEN_VALUE = frozenset("TJQK")


def points(cards: Sequence[Card]) -> tuple[int, bool]:
    """The hand's total and whether it is soft (an ace counted as 11)."""
    hard = 0
    ace = False
    for card in cards:
        value = POINTS[card.rank]
        hard += value
        ace = ace or value == 1
    if ace and hard <= 11:
        return hard + 10, True
    return hard, False


def points_after(total: int, soft: bool, card: Card) -> tuple[int, bool]:
    """:func:`points` of a hand whose ``points`` were ``(total, soft)``, given one more card, without counting the
    hand again: a hard total over 11 never turns soft, so only a soft hand or an ace can make one soft."""
    value = POINTS[card.rank]
    hard = (total - 10 if soft else total) + value
    if (soft or value == 1) and hard <= 11:
        return hard + 10, True
    return hard, False


class _After(dict):
    """total -> {rank: :func:`points_after` of that total and a card of that rank}, for one softness: the totals a
    hand holds before a card in play (up to hard 21 plus a ten, 31) worked out as the table is made, any other the
    first time it is asked (only a test deals past a bust)."""

    _CARDS = {rank: Card.from_code(f"{rank}S") for rank in POINTS}

    def __init__(self, soft: bool) -> None:
        super().__init__()
        self.soft = soft
        for total in range(32):
            self.__missing__(total)

    def __missing__(self, total: int) -> dict[str, tuple[int, bool]]:
        row = self[total] = {rank: points_after(total, self.soft, card) for rank, card in self._CARDS.items()}
        return row


#: :func:`points_after` looked up: ``AFTER[soft][total][rank]``; a hand kept as its cards arrive looks its next total
#: up instead of working it out at every card
AFTER = (_After(False), _After(True))


def total(cards: Sequence[Card]) -> int:
    """The best total: soft if an ace can count 11 without passing 21."""
    return points(cards)[0]


def is_blackjack(cards: Sequence[Card]) -> bool:
    """An ace and a 10-value card as the first two cards."""
    return is_two_card_21(len(cards), total(cards))


def is_two_card_21(count: int, best_total: int) -> bool:
    """A Blackjack told from a hand's card count and best total (for a hand that keeps its total)."""
    return count == 2 and best_total == 21


def is_ten_value(card: Card) -> bool:
    """A 10, jack, queen or king."""
    return card.rank in TEN_VALUE


def describe(cards: Sequence[Card], blackjack: bool | None = None) -> str:
    """``"AS 6H (soft 17)"``; ``blackjack`` says whether a two-card 21 is a Blackjack (not one from a split)."""
    value, soft = points(cards)
    if blackjack is None:
        blackjack = is_blackjack(cards)
    kind = "Blackjack" if blackjack else ("soft " if soft else "") + str(value)
    return f"{' '.join(c.code for c in cards)} ({kind})"
