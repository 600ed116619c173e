"""Exact probabilities of the dealer's final total under § 692.7(n), for the Push 22 wager.

The dealer draws until a hard 17 or more and hits soft 17 ((n)). The enumeration is
exact: it recurses over the shoe's composition (no player cards removed, the dealer's
first two cards included, the peek ignored: the figures are unconditional) and adds
probabilities as fractions. docs/reference.md publishes the check: with 6 decks the dealer
ends on exactly 22 with probability 0.073536, so Push 22 at 11 to 1 has a house edge of
11.7565 %.
"""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache

#: card values 1 (ace) .. 10; a deck holds four of each and sixteen 10-value cards
_PER_DECK = (4, 4, 4, 4, 4, 4, 4, 4, 4, 16)


def dealer_final_totals(decks: int = 6, hits_soft_17: bool = True) -> dict[int, Fraction]:
    """The dealer's final total -> its exact probability, from a full shoe of ``decks`` decks."""
    counts = tuple(n * decks for n in _PER_DECK)
    return dict(sorted(_finish(counts, 0, False, hits_soft_17).items()))


def probability_dealer_ends_on(value: int, decks: int = 6, hits_soft_17: bool = True) -> Fraction:
    """The exact probability that the dealer's hand ends on ``value`` (22 for the Push 22 wager)."""
    return dealer_final_totals(decks, hits_soft_17).get(value, Fraction(0))


def push_22_house_edge(decks: int = 6, pays: Fraction | int = 11) -> Fraction:
    """The house edge of a Push 22 wager paying ``pays`` to 1 on a dealer 22, lost otherwise ((g)(1), (p))."""
    p = probability_dealer_ends_on(22, decks)
    return 1 - (p * (pays + 1))


def _stands(hard: int, ace: bool, hits_soft_17: bool) -> int | None:
    """The final total if the dealer stops here ((n)), else ``None``."""
    soft = ace and hard + 10 <= 21
    value = hard + 10 if soft else hard
    if value > 17 or (value == 17 and not (soft and hits_soft_17)):
        return value
    return None


@lru_cache(maxsize=None)
def _finish(counts: tuple[int, ...], hard: int, ace: bool, hits_soft_17: bool) -> dict[int, Fraction]:
    """Final-total distribution of a dealer hand with hard total ``hard`` drawing from ``counts``."""
    final = _stands(hard, ace, hits_soft_17) if hard else None
    if final is not None:
        return {final: Fraction(1)}
    left = sum(counts)
    result: dict[int, Fraction] = {}
    for index, n in enumerate(counts):
        if not n:
            continue
        rest = counts[:index] + (n - 1,) + counts[index + 1:]
        weight = Fraction(n, left)
        for value, p in _finish(rest, hard + index + 1, ace or index == 0, hits_soft_17).items():
            result[value] = result.get(value, 0) + weight * p
    return result
