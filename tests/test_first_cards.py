"""Tests for the § 633a.7(g) first-card classifiers, with hand-made cards for every outcome."""

from __future__ import annotations

from itertools import product

import pytest

from pa_table_games.equipment.cards import Card, parse_cards, standard_deck
from pa_table_games.games.blackjack import first_cards as fc
from pa_table_games.games.blackjack.hand import total


def cards(text: str) -> tuple[Card, ...]:
    return parse_cards(text)


def card(code: str) -> Card:
    return Card.from_code(code)


class TestPointCounts:
    def test_two_card_totals(self) -> None:
        """Faces count 10, an ace 11, and two aces 12."""
        assert total(cards("KD QS")) == 20
        assert total(cards("AS 9H")) == 20
        assert total(cards("AS AH")) == 12
        assert total(cards("5C 7D")) == 12

    def test_blackjack(self) -> None:
        """An ace with a 10, jack, queen or king is a Blackjack, in either order."""
        assert fc.is_blackjack(cards("AS TD")) and fc.is_blackjack(cards("KH AC"))
        assert not fc.is_blackjack(cards("AS 9D")) and not fc.is_blackjack(cards("AS AD"))


class TestLuckyLadies:
    @pytest.mark.parametrize(("player", "up", "hole", "outcome"), [
        ("QH QH", "AS", "KD", "queen_of_hearts_pair_dealer_blackjack"),
        ("QH QH", "TC", "AD", "queen_of_hearts_pair_dealer_blackjack"),
        ("QH QH", "AS", "9D", "queen_of_hearts_pair"),
        ("QH QH", "5S", "AD", "queen_of_hearts_pair"),
        ("KS KS", "AS", "KD", "matched_20"),
        ("QD QD", "AS", "KD", "matched_20"),
        ("KS QS", "AS", "KD", "suited_20"),
        ("AC 9C", "2S", "3D", "suited_20"),
        ("QH QD", "AS", "KD", "any_20"),
        ("KS QH", "2S", "3D", "any_20"),
        ("AD 9S", "2S", "3D", "any_20"),
        ("KS 9S", "AS", "KD", None),
        ("AS AH", "AS", "KD", None),
    ])
    def test_outcomes(self, player: str, up: str, hole: str, outcome: str | None) -> None:
        """Each 20 is classed as § 633a.1 defines it, best first; anything else loses."""
        assert fc.lucky_ladies_outcome(cards(player), card(up), card(hole)) == outcome


class TestMatchTheDealer:
    def test_one_suited_and_one_unsuited_match(self) -> None:
        """Each player card of the up card's rank is a match, suited when also its suit."""
        assert fc.match_the_dealer_matches(cards("7H 7S"), card("7H")) == ["suited", "unsuited"]
        assert fc.match_the_dealer_matches(cards("2C 7D"), card("7H")) == ["unsuited"]
        assert fc.match_the_dealer_matches(cards("7H 7H"), card("7H")) == ["suited", "suited"]

    def test_ten_value_cards_match_only_identical_rank(self) -> None:
        """A 10, jack, queen or king matches only its own rank, not any 10-value card."""
        assert fc.match_the_dealer_matches(cards("JS TS"), card("KS")) == []
        assert fc.match_the_dealer_matches(cards("QS KC"), card("KS")) == ["unsuited"]
        assert fc.match_the_dealer_matches(cards("TD TS"), card("TD")) == ["suited", "unsuited"]

    def test_no_match_loses(self) -> None:
        """No card of the up card's rank: the wager loses."""
        assert fc.match_the_dealer_matches(cards("2S 3S"), card("4S")) == []


class TestInBetween:
    @pytest.mark.parametrize(("player", "up", "outcome"), [
        ("7C 9D", "8S", "one_card_spread"),
        ("9D 7C", "8S", "one_card_spread"),
        ("QC AD", "KS", "one_card_spread"),
        ("2C 5D", "3S", "two_card_spread"),
        ("8C 4D", "6S", "three_card_spread"),
        ("2C AD", "8S", "four_or_more_card_spread"),
        ("5C TD", "6S", "four_or_more_card_spread"),
        ("8C 8D", "8S", "triple_match"),
        ("AC AD", "AS", "triple_match"),
        ("8C 8D", "9S", None),
        ("7C 8D", "8S", None),
        ("7C 9D", "9S", None),
        ("7C 9D", "TS", None),
        ("2C KD", "AS", None),
    ])
    def test_outcomes(self, player: str, up: str, outcome: str | None) -> None:
        """The up card must fall strictly between (aces high); three of a rank is a Triple Match."""
        assert fc.in_between_outcome(cards(player), card(up)) == outcome


class TestRoyalMatch21:
    @pytest.mark.parametrize(("player", "outcome"), [
        ("KH QH", "royal_match"), ("QS KS", "royal_match"),
        ("KH JH", "suited_match"), ("2C 9C", "suited_match"), ("QD QD", "suited_match"),
        ("KH QD", None), ("AS AH", None),
    ])
    def test_outcomes(self, player: str, outcome: str | None) -> None:
        """A suited king-queen is a Royal Match; any other two suited cards a Suited Match."""
        assert fc.royal_match_21_outcome(cards(player)) == outcome

    def test_crown_treasure(self) -> None:
        """The Crown Treasure Bonus needs a Royal Match in both hands, in any suits."""
        assert fc.crown_treasure(cards("KH QH"), cards("QC KC"))
        assert not fc.crown_treasure(cards("KH QH"), cards("QC KD"))
        assert not fc.crown_treasure(cards("KH JH"), cards("QC KC"))


class TestBetTheSet21:
    @pytest.mark.parametrize(("player", "outcome"), [
        ("8S 8S", "suited_pair"), ("8S 8D", "pair"), ("KS KH", "pair"), ("KS QS", None),
    ])
    def test_outcomes(self, player: str, outcome: str | None) -> None:
        """A pair of one rank wins, more when both cards are also of one suit."""
        assert fc.bet_the_set_21_outcome(cards(player)) == outcome


class TestKingsBounty:
    @pytest.mark.parametrize(("player", "up", "hole", "outcome"), [
        ("KS KS", "AH", "JD", "king_of_spades_pair_dealer_blackjack"),
        ("KS KS", "QH", "AD", "king_of_spades_pair_dealer_blackjack"),
        ("KS KS", "AH", "AD", "king_of_spades_pair"),
        ("KH KH", "AH", "JD", "suited_kings"),
        ("QD QD", "2H", "3D", "suited_queens_jacks_or_tens"),
        ("JC JC", "2H", "3D", "suited_queens_jacks_or_tens"),
        ("TH TH", "2H", "3D", "suited_queens_jacks_or_tens"),
        ("KS QS", "2H", "3D", "suited_20"),
        ("AD 9D", "2H", "3D", "suited_20"),
        ("KS KH", "AH", "JD", "unsuited_kings"),
        ("QS QH", "2H", "3D", "unsuited_20"),
        ("AD 9C", "2H", "3D", "unsuited_20"),
        ("KS 9S", "AH", "JD", None),
    ])
    def test_outcomes(self, player: str, up: str, hole: str, outcome: str | None) -> None:
        """Each 20 is classed best first, the king-of-spades pair by the dealer's Blackjack."""
        assert fc.kings_bounty_outcome(cards(player), card(up), card(hole)) == outcome


class TestSuperMatch:
    @pytest.mark.parametrize(("four", "outcome"), [
        ("9S 9H 9D 9C", "four_of_a_kind"), ("9S 9S 9S 9S", "four_of_a_kind"),
        ("9S 4H 9D 4C", "two_pair"), ("9S 9H 9D 4C", "three_of_a_kind"),
        ("9S 2H 9D 4C", "pair"), ("9S 2H 3D 4C", None),
    ])
    def test_outcomes(self, four: str, outcome: str | None) -> None:
        """The player's four cards are classed by their ranks alone."""
        assert fc.super_match_outcome(cards(four)) == outcome


class TestThreeCardPoker:
    @pytest.mark.parametrize(("player", "up", "outcome"), [
        ("7H 7H", "7H", "suited_three_of_a_kind"),
        ("5H 6H", "7H", "straight_flush"),
        ("AD 2D", "3D", "straight_flush"),
        ("QC KC", "AC", "straight_flush"),
        ("7H 7S", "7D", "three_of_a_kind"),
        ("5H 6S", "7H", "straight"),
        ("AD 3S", "2H", "straight"),
        ("KD AS", "QH", "straight"),
        ("2H 9H", "KH", "flush"),
        ("KD AS", "2H", None),
        ("7H 7S", "8D", None),
    ])
    def test_outcomes(self, player: str, up: str, outcome: str | None) -> None:
        """The two cards and the up card form a poker hand; an ace is high or low, never both."""
        assert fc.three_card_poker_outcome(cards(player), card(up)) == outcome


class TestTwoCardStraight:
    @pytest.mark.parametrize(("player", "straight"), [
        ("AS KD", True), ("KD AS", True), ("AS 2D", True), ("2D AS", True),
        ("9C TD", True), ("TC JD", True), ("AS QD", False), ("KS 2D", False), ("7S 7D", False),
    ])
    def test_cases(self, player: str, straight: bool) -> None:
        """Consecutive ranks, ace-king and ace-2 included ((g)(9), (o)(3)(i))."""
        assert fc.is_two_card_straight(cards(player)) is straight

    def test_every_two_cards_and_every_suit_count(self) -> None:
        """For every two cards of a deck: a straight exactly when the ranks are next to each other, the ace high
        or low ((o)(3)(i)); suited exactly when both are of one suit, as are three cards of one suit (an empty
        hand is not suited, one card is); a Royal Match exactly when they are the king and queen of one suit;
        and House Money's outcome, best first ((g)(10))."""
        order = "A23456789TJQKA"
        for first, second in product(standard_deck(), repeat=2):
            ranks = first.rank + second.rank
            suited, straight = first.suit == second.suit, ranks in order or ranks[::-1] in order
            assert fc.is_two_card_straight((first, second)) is straight, ranks
            assert fc.is_suited((first, second)) is suited
            assert fc.is_royal_match((first, second)) is (suited and ranks in ("KQ", "QK"))
            assert fc.house_money_outcome((first, second)) == (
                "ace_king_suited" if suited and ranks in ("AK", "KA") else
                ("two_card_straight_flush" if suited else "two_card_straight") if straight else
                "pair" if first.rank == second.rank else None), ranks
        assert fc.is_suited(cards("2H 9H KH")) and not fc.is_suited(cards("2H 9H KS"))
        assert not fc.is_suited(()) and fc.is_suited(cards("QS"))


class TestHouseMoney:
    @pytest.mark.parametrize(("player", "outcome"), [
        ("AH KH", "ace_king_suited"), ("KS AS", "ace_king_suited"),
        ("AH 2H", "two_card_straight_flush"), ("9C TC", "two_card_straight_flush"),
        ("8D 8S", "pair"), ("8D 8D", "pair"),
        ("AH KS", "two_card_straight"), ("AH 2S", "two_card_straight"),
        ("5H 6C", "two_card_straight"),
        ("AH QH", None), ("2C 9D", None),
    ])
    def test_outcomes(self, player: str, outcome: str | None) -> None:
        """Ace-king suited, two-card straight flush, pair, two-card straight, best first."""
        assert fc.house_money_outcome(cards(player)) == outcome
