"""The dealer's final-hand probabilities with card removal, against a card-by-card enumeration."""

from __future__ import annotations

from fractions import Fraction

import numpy as np
import pytest

from pa_table_games.analysis.dealer import ACE, BLACKJACK, OUTCOMES, TEN, add, dealer_outcomes, value, without_blackjack


def enumerated(shoe: list[int], up: int, hits_soft_17: bool) -> list[Fraction]:
    """Draw the hole card, then hit, one card at a time, from exactly these counts (exact fractions)."""
    found = [Fraction(0)] * len(OUTCOMES)

    def draw(total: int, soft: bool, cards: int, p: Fraction) -> None:
        if cards == 1 and total == 21:
            found[BLACKJACK] += p
        elif total > 22:
            found[6] += p
        elif total >= 18 or (total == 17 and not (soft and hits_soft_17)):
            found[total - 17] += p
        else:
            left = sum(shoe)
            for rank, n in enumerate(shoe):
                if n:
                    shoe[rank] -= 1
                    draw(*add(total, soft, rank), cards + 1, p * Fraction(n, left))
                    shoe[rank] += 1

    draw(*((11, True) if up == ACE else (value(up), False)), 0, Fraction(1))
    return found


SHOES = [
    [4, 4, 4, 4, 4, 4, 4, 4, 4, 16],  # one deck less the up card below
    [0, 3, 0, 5, 1, 0, 2, 0, 1, 6],    # ranks used up: their falling factorials are 0
    [0, 0, 0, 0, 0, 0, 0, 0, 8, 12],   # nines and 10-value cards only (a shoe never smaller than a hand)
]


@pytest.mark.parametrize("hits_soft_17", [False, True], ids=["stands on soft 17", "hits soft 17"])
@pytest.mark.parametrize("up", [ACE, 5, TEN], ids=["ace up", "6 up", "10 up"])
@pytest.mark.parametrize("shoe", SHOES, ids=["one deck", "ranks used up", "two ranks left"])
def test_the_batch_formula_is_the_card_by_card_enumeration(shoe, up, hits_soft_17):
    counts = list(shoe)
    counts[up] = max(0, counts[up] - 1)
    exact = enumerated(counts, up, hits_soft_17)
    batch = dealer_outcomes(np.array([counts]), up, hits_soft_17)[0]
    assert batch == pytest.approx([float(p) for p in exact], rel=1e-12, abs=1e-15)
    assert sum(exact) == 1


@pytest.mark.parametrize("up", [ACE, TEN], ids=["ace up", "10 up"])
def test_the_peek_conditions_each_shoe_on_no_dealer_blackjack(up):
    """§ 633a.7(h): once the dealer has peeked, the outcomes are those of a hole card that makes no Blackjack: the
    Blackjack's probability removed and the others scaled to sum to 1, for one shoe and for each shoe of a batch."""
    shoes = [list(shoe) for shoe in SHOES[:2]]
    for counts in shoes:
        counts[up] = max(0, counts[up] - 1)
    exact = []
    for counts in shoes:
        found = enumerated(counts, up, False)
        exact.append([float(p / (1 - found[BLACKJACK])) if i != BLACKJACK else 0.0 for i, p in enumerate(found)])
    batch = without_blackjack(dealer_outcomes(np.array(shoes), up, False))
    assert batch.shape == (2, len(OUTCOMES))
    for row, expected in zip(batch, exact):
        assert row == pytest.approx(expected, rel=1e-12, abs=1e-15)
    assert without_blackjack(dealer_outcomes(np.array(shoes[1]), up, False)[0]) == pytest.approx(exact[1], rel=1e-12)
