"""The default house way for Six-Card Fortune Pai Gow Poker (not regulation: see house_way.py)."""

from __future__ import annotations

import random

import pytest

from pa_table_games.equipment.cards import Card, parse_cards, standard_deck
from pa_table_games.errors import TableGamesError
from pa_table_games.games.six_card_fortune_pai_gow.house_way import (
    HOUSE_WAY,
    HouseWay,
    all_legal_sets,
    player_way,
    set_hand,
)
from pa_table_games.games.six_card_fortune_pai_gow.poker import (
    JokerRule,
    is_legal_set,
    rank_five,
)


def low_of(text: str) -> str:
    return set_hand(parse_cards(text))[1].code


class TestSetHand:
    def test_pair_stays_high_lowest_card_low(self) -> None:
        """With a pair the pair stays in the high hand and the lowest card goes low."""
        high, low = set_hand(parse_cards("KS KH 9D 7C 4S 2H"))
        assert low.code == "2H"
        assert high == parse_cards("KS KH 9D 7C 4S")

    def test_no_pair_lowest_card_low(self) -> None:
        """With no pair the lowest card goes low, keeping the best kickers high."""
        assert low_of("AS JD 9C 7H 4S 2D") == "2D"

    def test_pair_not_broken_for_higher_low(self) -> None:
        """A pair of twos is kept high even though a king could go low instead."""
        high, low = set_hand(parse_cards("2S 2H KD 9C 7H 5S"))
        assert low.code == "5S"
        assert rank_five(high).name == "one pair"

    def test_straight_kept(self) -> None:
        """A straight is kept high and the odd card goes low, even an ace."""
        assert low_of("AS 9H 8D 7C 6S 5H") == "AS"

    def test_six_card_straight_plays_top_five(self) -> None:
        """From six in a row the top five stay high."""
        assert low_of("9S 8H 7D 6C 5S 4H") == "4H"

    def test_flush_kept(self) -> None:
        """A flush is kept high over a pair."""
        high, low = set_hand(parse_cards("AH 9H 7H 4H 2H 9S"))
        assert low.code == "9S"
        assert rank_five(high).name == "flush"

    def test_two_pair_kickers(self) -> None:
        """With two pair the best kicker stays high."""
        assert low_of("KS KH 8D 8C AS 3H") == "3H"

    def test_joker_completes_straight(self) -> None:
        """The joker is used to complete a straight, and the spare card goes low."""
        high, low = set_hand(parse_cards("9S 8H JK 6C 5D KS"))
        assert low.code == "KS"
        assert rank_five(high).name == "straight"

    def test_joker_pairs_ace(self) -> None:
        """An ace and the joker make a pair of aces in the high hand."""
        high, low = set_hand(parse_cards("AS JK KD 9C 5H 3S"))
        assert low.code == "3S"
        assert rank_five(high).name == "one pair"

    def test_five_aces(self) -> None:
        """Five aces stay together in the high hand."""
        high, low = set_hand(parse_cards("AS AH JK AD AC 2S"))
        assert low.code == "2S"
        assert rank_five(high).name == "five aces"

    def test_tie_goes_to_first_given(self) -> None:
        """Same-rank candidates for the low card tie, and the first given goes low."""
        assert low_of("9S 8H 7D 6C 5S 5H") == "5S"
        assert low_of("9S 8H 7D 6C 5H 5S") == "5H"

    def test_high_hand_keeps_given_order(self) -> None:
        """The high hand lists its cards in the order they were given."""
        high, _ = set_hand(parse_cards("4S KS 2H 9D KH 7C"))
        assert [c.code for c in high] == ["4S", "KS", "9D", "KH", "7C"]

    def test_player_way_is_house_way(self) -> None:
        """The documented player way is the same algorithm."""
        cards = parse_cards("AS JD 9C 7H 4S 2D")
        assert player_way(cards) == set_hand(cards) == HOUSE_WAY.set_hand(cards)

    def test_wild_rule_instance(self) -> None:
        """A house way with the fully wild joker uses it to fill a full house."""
        high, low = HouseWay(JokerRule.WILD).set_hand(parse_cards("KS KD 9C 9H JK 2S"))
        assert low.code == "2S"
        assert rank_five(high, JokerRule.WILD).name == "full house"

    def test_random_hands_are_legal_and_best(self) -> None:
        """On random deals the set is legal and no legal set has a better high hand."""
        rng = random.Random(670)
        deck = list(standard_deck(joker=True))
        for _ in range(500):
            six = rng.sample(deck, 6)
            high, low = set_hand(six)
            assert is_legal_set(high, low)
            assert all(rank_five(h) <= rank_five(high) for h, _ in all_legal_sets(six))


class TestAllLegalSets:
    def test_excludes_foul(self) -> None:
        """The ace cannot go low when the rest is king-high with no pair."""
        sets = all_legal_sets(parse_cards("AS 2D 3C 5H 8S KD"))
        assert [low.code for _, low in sets] == ["2D", "3C", "5H", "8S", "KD"]

    def test_all_legal_with_pair(self) -> None:
        """With a pair in every five-card choice all six sets are legal."""
        assert len(all_legal_sets(parse_cards("KS KH KD 7C 4S 2H"))) == 6

    def test_sets_partition_the_cards(self) -> None:
        """Each set uses the six cards exactly once."""
        cards = parse_cards("AS JD 9C 7H 4S 2D")
        for high, low in all_legal_sets(cards):
            assert sorted(c.code for c in (*high, low)) == sorted(c.code for c in cards)

    def test_joker_low_is_ace(self) -> None:
        """The joker cannot go low above a king-high high hand."""
        sets = all_legal_sets(parse_cards("KS 9D 7C 5H 3S JK"))
        assert "JK" not in [low.code for _, low in sets]


class TestErrors:
    def test_wrong_count(self) -> None:
        """Setting a hand needs six cards."""
        with pytest.raises(TableGamesError, match="exactly 6"):
            set_hand(parse_cards("AS KS QS JS TS"))

    def test_duplicate(self) -> None:
        """The same card cannot appear twice."""
        with pytest.raises(TableGamesError, match="twice"):
            set_hand([Card.from_code("AS")] * 2 + list(parse_cards("KS QS JS TS")))
