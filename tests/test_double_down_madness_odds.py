"""The exact dealer-outcome probabilities behind the § 692.7 Push 22 wager."""

from __future__ import annotations

from fractions import Fraction

from pa_table_games.games.double_down_madness.dealer_odds import (
    dealer_final_totals, probability_dealer_ends_on, push_22_house_edge)


class TestDealerOdds:
    def test_dealer_ends_on_22_six_decks_hitting_soft_17(self):
        """docs/reference.md: with 6 decks and the dealer hitting soft 17, P(dealer ends on exactly 22) = 0.073536."""
        p = probability_dealer_ends_on(22, decks=6, hits_soft_17=True)
        assert isinstance(p, Fraction)
        assert round(float(p), 6) == 0.073536

    def test_push_22_house_edge(self):
        """docs/reference.md: Push 22 paying 11 to 1 has a house edge of 11.7565 %."""
        assert round(float(push_22_house_edge(decks=6, pays=11)) * 100, 4) == 11.7565

    def test_distribution_is_complete(self):
        """The final totals run from 17 to 26 and their probabilities sum to exactly 1."""
        totals = dealer_final_totals(6)
        assert sorted(totals) == list(range(17, 27))
        assert sum(totals.values()) == 1

    def test_standing_on_soft_17_changes_the_figure(self):
        """(n) matters: a dealer standing on soft 17 ends on 22 less often than one hitting it."""
        assert probability_dealer_ends_on(22, 6, hits_soft_17=False) < probability_dealer_ends_on(22, 6)
