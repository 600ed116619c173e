"""The dealer's final total with card removal: § 633a.7(m) (stands on soft 17) and § 692.7(n) (hits soft 17).

The dealer's draws from one up card are enumerated once as ordered sequences (the hole card
first, then each hit) and grouped by the multiset of cards drawn. An ordered draw of a multiset
``m`` from a shoe of counts ``n`` (``N`` cards) has probability ``prod ff(n_r, m_r) / ff(N, k)``
(falling factorials), the same for every order, so a shoe's answer is one product per multiset
times the number of orders that end the dealer's hand there. Ranks are indexed 0..9 for ace,
2..9 and the 10-value cards.
"""

from __future__ import annotations

from collections import defaultdict
from functools import lru_cache

import numpy as np

RANKS = 10
TEN, ACE = 9, 0
#: Final outcomes of the dealer's hand, in this order.
OUTCOMES = ("17", "18", "19", "20", "21", "22", "bust_over_22", "blackjack")
BLACKJACK = 7


def value(rank: int) -> int:
    return rank + 1


def add(total: int, soft: bool, rank: int) -> tuple[int, bool]:
    """Hard-count total and softness after one more card (an ace counts 11 when that stays <= 21)."""
    hard = total - (10 if soft else 0) + value(rank)
    if (soft or rank == ACE) and hard + 10 <= 21:
        return hard + 10, True
    return hard, False


@lru_cache(maxsize=32)
def _sequences(up: int, hits_soft_17: bool) -> tuple[np.ndarray, np.ndarray]:
    """(multisets S x 10 of cards drawn after the up card, order counts S x outcomes)."""
    groups: dict[tuple[int, ...], np.ndarray] = defaultdict(lambda: np.zeros(len(OUTCOMES)))
    start = (11, True) if up == ACE else (value(up), False)

    def draw(total: int, soft: bool, drawn: list[int]) -> None:
        if len(drawn) == 1 and total == 21:
            outcome = BLACKJACK
        elif total > 22:
            outcome = 6
        elif total >= 18 or (total == 17 and not (soft and hits_soft_17)):
            outcome = total - 17
        else:
            for rank in range(RANKS):
                drawn.append(rank)
                draw(*add(total, soft, rank), drawn)
                drawn.pop()
            return
        key = tuple(drawn.count(r) for r in range(RANKS))
        groups[key][outcome] += 1

    draw(*start, [])
    keys = sorted(groups)
    return np.array(keys, dtype=np.int64), np.array([groups[k] for k in keys])


def _falling(n: np.ndarray, depth: int) -> np.ndarray:
    """ff(n, j) for j = 0..depth, along a new last axis (0 once j > n)."""
    out = np.ones(n.shape + (depth + 1,))
    for j in range(1, depth + 1):
        out[..., j] = out[..., j - 1] * np.clip(n - (j - 1), 0, None)
    return out


#: The logarithm of a falling factorial that is 0 (fewer cards of a rank left than drawn): finite, so
#: that a matrix product may add it, and far below any sum it joins, so that its exponential is 0.
LOG_ZERO = -1e4


@lru_cache(maxsize=32)
def _picks(up: int, hits_soft_17: bool) -> np.ndarray:
    """A 0/1 matrix (10 (depth+1) x S): column s picks, for each rank r, the entry r (depth+1) + m_r of
    a row of log falling factorials, so that one matrix product sums a multiset's logarithms."""
    multisets, _ = _sequences(up, hits_soft_17)
    depth = int(multisets.max())
    picks = np.zeros((RANKS * (depth + 1), len(multisets)))
    for r in range(RANKS):
        picks[r * (depth + 1) + multisets[:, r], np.arange(len(multisets))] = 1.0
    return picks


def dealer_outcomes(shoes: np.ndarray, up: int, hits_soft_17: bool) -> np.ndarray:
    """Probabilities (B x 8, in OUTCOMES order) of the dealer's final hand from each shoe (B x 10 counts,
    the up card already removed); the hole card is the first card drawn. Rows sum to 1.

    The product over ranks of ff(n_r, m_r) is the exponential of a sum of logarithms, one matrix
    product for the whole batch (about twice as fast as multiplying rank by rank)."""
    multisets, orders = _sequences(up, hits_soft_17)
    shoes = np.atleast_2d(shoes)
    depth = int(multisets.max())
    with np.errstate(divide="ignore"):
        logs = np.log(_falling(shoes, depth)).reshape(len(shoes), -1)  # B x 10 (depth+1)
    logs[np.isneginf(logs)] = LOG_ZERO
    num = np.exp(logs @ _picks(up, hits_soft_17))                        # B x S
    cards = multisets.sum(axis=1)
    den = _falling(shoes.sum(axis=1), int(cards.max()))[:, cards]       # B x S
    return (num / den) @ orders


def without_blackjack(outcomes: np.ndarray) -> np.ndarray:
    """The dealer's outcomes given the hole card does not make a Blackjack (the dealer has peeked)."""
    rest = outcomes.copy()
    rest[..., BLACKJACK] = 0.0
    return rest / rest.sum(axis=-1, keepdims=True)
