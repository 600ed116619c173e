"""The simulation's shortcuts answer exactly as the long way: odds, pay tables, wager names, notes."""

from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from pa_table_games import load_game
from pa_table_games.games.blackjack.paytable_choice import pay_table_for
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.rules.options import odds
from pa_table_games.simulation.simulate import deal_rounds
from pa_table_games.strategies import get_strategy


class TestOdds:
    def test_same_value_every_time(self):
        """Odds text read twice gives the same payout ratio."""
        assert odds("3:2") == odds("3:2") == Fraction(3, 2) and odds("6:5") == Fraction(6, 5)  # exact ratios

    def test_bad_odds_raise_every_time(self):
        """Odds with a zero divisor are refused on every reading, not only the first (a cached answer
        would let the second reading through)."""
        for _ in range(2):
            with pytest.raises(ValueError, match="3:0"):
                odds("3:0")


class TestPayTableChoice:
    def test_remembered_table_is_the_chosen_one(self):
        """The Rules' pay table for each wager is the one the choice rules pick."""
        rules = BlackjackRules()
        for wager in ("lucky_ladies", "bad_beat", "match_the_dealer"):
            assert rules.pay_table(wager) is rules.pay_table(wager)
            assert rules.pay_table(wager) == pay_table_for(rules, wager)

    def test_bad_choice_is_refused_when_the_rules_are_made(self):
        """A Bad Beat table without an any-20 prize under bad_beat_any_20 is refused before any round, wager or not."""
        with pytest.raises(ValueError, match="bad_beat_any_20 needs"):
            BlackjackRules(bad_beat_any_20=True, paytables={"bad_beat": "illustrative"})


class TestWagerNames:
    def test_names_follow_every_wager_placed(self):
        """After splits, doubles and optional wagers, the round's wager names are exactly its wagers' names."""
        game = load_game("blackjack")
        seats = {1: {"blackjack": 10, "lucky_ladies": 5, "bad_beat": 1}, 2: {"blackjack": 10}}
        rounds = deal_rounds(game, game.new_table(seed=7), seats, get_strategy("blackjack", "basic", game.rules),
                             interactive=True)
        for rnd in itertools.islice(rounds, 200):
            assert rnd.wager_names == {w.name for w in rnd.wagers}
