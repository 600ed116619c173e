"""Player hands as rank counts (ace, 2..9, 10-value): totals, draw probabilities and stand outcomes."""

from __future__ import annotations

from collections.abc import Iterator
from functools import lru_cache

import numpy as np

from pa_table_games.analysis.dealer import ACE, BLACKJACK, RANKS, TEN
from pa_table_games.games.blackjack.hand import POINTS

Hand = tuple[int, ...]
EMPTY: Hand = (0,) * RANKS
#: An outcome vector per hand: expected net, P(win), P(push), P(lose), P(surrender), expected doubles.
EV, WIN, PUSH, LOSE, SURRENDER, DOUBLES = range(6)
BUST = np.array([-1.0, 0, 0, 1, 0, 0])


@lru_cache(maxsize=None)
def total(hand: Hand) -> tuple[int, bool]:
    """(best total, soft): an ace counts 11 when that keeps the hand at 21 or less."""
    hard = sum((r + 1) * n for r, n in enumerate(hand))
    if hand[ACE] and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


def plus(hand: Hand, rank: int, times: int = 1) -> Hand:
    return hand[:rank] + (hand[rank] + times,) + hand[rank + 1:]


def rank_index(card_rank: str) -> int:
    """A card's rank (``"A"``, ``"7"``, ``"K"``) as the analysis counts it: 0 the ace, 1-8 the 2-9, 9 a 10-value."""
    return POINTS[card_rank] - 1


def two_cards(first: str, second: str) -> Hand:
    """The hand of two cards of these ranks."""
    return plus(plus(EMPTY, rank_index(first)), rank_index(second))


def merge(a: Hand, b: Hand) -> Hand:
    return tuple(x + y for x, y in zip(a, b))


@lru_cache(maxsize=16)
def hands_up_to_21(start: Hand = EMPTY) -> tuple[Hand, ...]:
    """Every multiset of cards containing ``start`` whose hard total (aces as 1) is 21 or less."""
    return tuple(_grow_from(start))


def _grow_from(start: Hand) -> Iterator[Hand]:
    def grow(hand: list[int], low: int, hard: int) -> Iterator[Hand]:
        yield tuple(hand)
        for r in range(low, RANKS):
            if hard + r + 1 <= 21:
                hand[r] += 1
                yield from grow(hand, r, hard + r + 1)
                hand[r] -= 1
    yield from grow(list(start), 0, sum((r + 1) * n for r, n in enumerate(start)))


def draw_probabilities(shoe: np.ndarray, up: int, peeked: bool) -> np.ndarray:
    """P(next card is each rank) for a player drawing from ``shoe`` (the hole card still in it).

    When the dealer has peeked (ace or 10-value up card, no Blackjack) the hole card is known not
    to be the card that makes a Blackjack; it is one of the unseen cards all the same, so the
    player's card comes from the shoe less a hole card drawn under that condition."""
    n = shoe.astype(float)
    size = n.sum()
    if not peeked:
        return n / size
    bj = TEN if up == ACE else ACE
    other = size - n[bj]
    probs = n * (other - 1) / (other * (size - 1))
    probs[bj] = n[bj] / (size - 1)
    return probs


def stand_outcome(player: int, dealer: np.ndarray, bust_at: int = 22) -> np.ndarray:
    """The outcome vector of a standing total against the dealer's final-hand probabilities
    (17..21, 22, over 22, Blackjack). ``bust_at`` 23 makes a dealer 22 a push (Double Down Madness)."""
    finals = dealer[:5]
    over = dealer[6] + (dealer[5] if bust_at == 22 else 0.0)
    push22 = dealer[5] if bust_at == 23 else 0.0
    if player > 21:
        return BUST.copy()
    below = finals[:max(0, player - 17)].sum()
    tie = finals[player - 17] if player >= 17 else 0.0
    above = finals[max(0, player - 16):].sum() + dealer[BLACKJACK]
    win = over + below
    push = tie + push22
    return np.array([win - above, win, push, above, 0.0, 0.0])
