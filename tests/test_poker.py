"""Hand ranking for Six-Card Fortune Pai Gow Poker (58 Pa. Code ch. 670a)."""

from __future__ import annotations

import pytest

from pa_table_games.equipment.cards import JOKER, Card, parse_cards
from pa_table_games.errors import TableGamesError
from pa_table_games.games.six_card_fortune_pai_gow.poker import (
    FIVE_ACES_RANK,
    ROYAL_FLUSH_RANK,
    HandRank,
    JokerRule,
    best_six_card_category,
    compare,
    foul_reason,
    is_legal_set,
    rank_each_five,
    rank_five,
    rank_low,
)


def rank(text: str, joker_rule: JokerRule = JokerRule.BUG) -> HandRank:
    return rank_five(parse_cards(text), joker_rule)


def card(code: str) -> Card:
    return Card.from_code(code)


class TestCategories:
    @pytest.mark.parametrize(
        ("hand", "name"),
        [
            ("AS AH AD AC JK", "five aces"),
            ("AS KS QS JS TS", "royal flush"),
            ("9H 8H 7H 6H 5H", "straight flush"),
            ("7S 7H 7D 7C 2S", "four of a kind"),
            ("3S 3H 3D 9C 9S", "full house"),
            ("AD JD 8D 4D 2D", "flush"),
            ("9S 8H 7D 6C 5S", "straight"),
            ("QS QH QD 9C 2S", "three of a kind"),
            ("KS KH 4D 4C 9S", "two pair"),
            ("TS TH AD 7C 2S", "one pair"),
            ("KS QH 9D 7C 2S", "high card"),
        ],
    )
    def test_names(self, hand: str, name: str) -> None:
        """Each category gets its name."""
        assert rank(hand).name == name

    def test_category_order(self) -> None:
        """Categories rank from five aces down to high card."""
        hands = [
            "AS AH AD AC JK", "9H 8H 7H 6H 5H", "7S 7H 7D 7C 2S", "3S 3H 3D 9C 9S",
            "AD JD 8D 4D 2D", "9S 8H 7D 6C 5S", "QS QH QD 9C 2S", "KS KH 4D 4C 9S",
            "TS TH AD 7C 2S", "KS QH 9D 7C 2S",
        ]
        ranks = [rank(h) for h in hands]
        assert ranks == sorted(ranks, reverse=True)
        assert len(set(r.category for r in ranks)) == len(ranks)

    def test_five_aces_beats_royal_flush(self) -> None:
        """Four aces and the joker outrank a royal flush."""
        assert rank("AS AH AD AC JK") == FIVE_ACES_RANK
        assert compare(rank("AS AH AD AC JK"), rank("AS KS QS JS TS")) == 1

    def test_royal_is_top_straight_flush(self) -> None:
        """A royal flush is the highest straight flush and carries its own name."""
        assert rank("AH KH QH JH TH") == ROYAL_FLUSH_RANK
        assert rank("AH KH QH JH TH") > rank("KC QC JC TC 9C")

    def test_card_order_does_not_matter(self) -> None:
        """The same five cards rank the same in any order."""
        assert rank("2S 9H 2D 9C 9S") == rank("9S 9C 9H 2D 2S")

    def test_describe(self) -> None:
        """describe gives short human text for each kind of hand."""
        assert rank("KS QH 9D 7C 2S").describe() == "K-high"
        assert rank("TS TH AD 7C 2S").describe() == "one pair (T)"
        assert rank("3S 3H 3D 9C 9S").describe() == "full house (3 over 9)"
        assert rank("AS 2D 3C 4H 5S").describe() == "straight (5-high)"
        assert rank("AS KS QS JS TS").describe() == "royal flush"


class TestJoker:
    def test_fills_middle_of_straight(self) -> None:
        """The joker fills an inside gap of a straight."""
        assert rank("9S 7H JK 6C 5D") == rank("9S 8H 7D 6C 5S")

    def test_fills_end_of_straight(self) -> None:
        """The joker extends four in a row at the top end."""
        assert rank("8S 7H 6D 5C JK") == rank("9S 8H 7D 6C 5S")

    def test_completes_wheel(self) -> None:
        """The joker as the ace completes the wheel, better than a six-high straight."""
        assert rank("JK 2D 3C 4H 5S") == rank("AS 2D 3C 4H 5S")

    def test_completes_wheel_as_low_card(self) -> None:
        """With A-2-3-5 the joker plays as the four for the wheel."""
        assert rank("AS 2D 3C 5H JK") == rank("AS 2D 3C 4H 5S")

    def test_ace_high_straight(self) -> None:
        """A-K-Q-J and the joker make the ace-high straight."""
        assert rank("AH KD QC JS JK") == rank("AH KD QC JS TS")
        assert rank("AH KD QC JS JK").describe() == "straight (A-high)"

    def test_flush_joker_is_ace(self) -> None:
        """In a flush without an ace the joker is the ace."""
        assert rank("KS QS 9S 7S JK") == rank("AS KS QS 9S 7S")

    def test_flush_joker_is_highest_missing(self) -> None:
        """In a flush that has its ace the joker is the highest rank missing."""
        assert rank("AS QS 9S 7S JK").tiebreak == (14, 13, 12, 9, 7)

    def test_straight_flush(self) -> None:
        """The joker completes a straight flush."""
        assert rank("9H 8H 6H 5H JK").name == "straight flush"
        assert rank("9H 8H 6H 5H JK") == rank("9H 8H 7H 6H 5H")

    def test_royal_flush(self) -> None:
        """The joker completes a royal flush."""
        assert rank("JK KS QS JS TS") == ROYAL_FLUSH_RANK
        assert rank("AD KD QD JK TD").name == "royal flush"

    def test_pair_of_aces(self) -> None:
        """One ace and the joker are a pair of aces."""
        assert rank("AS KD 9C 7H JK") == rank("AS AD KC 9H 7D")

    def test_alone_is_ace_high(self) -> None:
        """The joker with no straight or flush to make is an ace."""
        assert rank("KS QD 9C 7H JK") == rank("AS KD QC 9H 7D")

    def test_not_wild_for_pairs(self) -> None:
        """Under the default rule the joker does not pair a king."""
        assert rank("KS KD 9C 9H JK").name == "two pair"
        assert rank("KS KD 9C 9H JK").tiebreak == (13, 9, 14)

    def test_four_aces_from_three(self) -> None:
        """Three aces and the joker are four aces."""
        assert rank("AS AH AD KC JK") == rank("AS AH AD AC KC")

    def test_wild_rule_pairs(self) -> None:
        """Under the fully wild rule the joker makes a full house from two pair."""
        assert rank("KS KD 9C 9H JK", JokerRule.WILD).name == "full house"
        assert rank("KS KD KC KH JK", JokerRule.WILD).name == "five of a kind"
        assert rank("AS AD AC AH JK", JokerRule.WILD).name == "five aces"


class TestWheel:
    def test_wheel_is_straight(self) -> None:
        """A-2-3-4-5 is a straight."""
        assert rank("AS 2D 3C 4H 5S").name == "straight"

    def test_wheel_is_second_highest(self) -> None:
        """The wheel ranks below A-K-Q-J-T and above K-Q-J-T-9."""
        wheel = rank("AS 2D 3C 4H 5S")
        assert rank("AS KD QC JH TS") > wheel > rank("KS QD JC TH 9S")

    def test_wheel_straight_flush_is_second_highest(self) -> None:
        """The suited wheel ranks below the royal flush and above K-high straight flush."""
        wheel = rank("AC 2C 3C 4C 5C")
        assert wheel.name == "straight flush"
        assert ROYAL_FLUSH_RANK > wheel > rank("KC QC JC TC 9C")


class TestTiebreaks:
    def test_two_pair_kicker(self) -> None:
        """Equal two pairs are decided by the kicker."""
        assert rank("KS KH 4D 4C 9S") > rank("KD KC 4S 4H 8S")

    def test_two_pair_high_pair_first(self) -> None:
        """Two pair compares the higher pair before the lower pair."""
        assert rank("KS KH 2D 2C 3S") > rank("QS QH JD JC AS")

    def test_full_house_by_trips(self) -> None:
        """A full house is ranked by its three of a kind first."""
        assert rank("4S 4H 4D 2C 2S") > rank("3S 3H 3D AC AS")

    def test_one_pair_kickers(self) -> None:
        """Equal pairs are decided by the kickers in turn."""
        assert rank("TS TH AD 7C 3S") > rank("TD TC AS 7H 2S")

    def test_suits_do_not_break_ties(self) -> None:
        """The same ranks in different suits tie."""
        assert compare(rank("KS QH 9D 7C 2S"), rank("KH QD 9C 7S 2D")) == 0

    def test_compare_signs(self) -> None:
        """compare returns -1, 0 or +1."""
        low, high = rank("KS QH 9D 7C 2S"), rank("TS TH AD 7C 2S")
        assert (compare(low, high), compare(high, low), compare(low, low)) == (-1, 1, 0)


class TestLowHand:
    def test_joker_is_ace(self) -> None:
        """In the low hand the joker is an ace."""
        assert rank_low(JOKER) == rank_low(card("AS"))

    def test_ranks_by_card(self) -> None:
        """Low hands compare by rank only."""
        assert rank_low(card("KS")) > rank_low(card("QH"))
        assert rank_low(card("9S")) == rank_low(card("9D"))


class TestFoul:
    def test_legal_with_pair(self) -> None:
        """Any pair in the high hand beats any low card."""
        assert is_legal_set(parse_cards("2S 2H 5D 7C 9S"), card("AS"))

    def test_foul_no_pair(self) -> None:
        """A no-pair high hand below the low card fouls."""
        high, low = parse_cards("QS 9D 7C 5H 3S"), card("KS")
        assert not is_legal_set(high, low)
        assert foul_reason(high, low) == "the low hand (KS) outranks the high hand (Q-high)"

    def test_equal_top_card_is_legal(self) -> None:
        """A no-pair high hand whose top card equals the low card still outranks it."""
        assert foul_reason(parse_cards("AS 9D 7C 5H 3S"), card("AD")) is None

    def test_joker_low_fouls_no_pair(self) -> None:
        """The joker low is an ace, so a king-high high hand fouls."""
        assert foul_reason(parse_cards("KS 9D 7C 5H 3S"), JOKER) == (
            "the low hand (JK) outranks the high hand (K-high)"
        )

    def test_joker_high_is_ace(self) -> None:
        """A joker in a no-pair high hand is an ace, so a king low is legal."""
        assert is_legal_set(parse_cards("JK 9D 7C 5H 3S"), card("KS"))

    def test_shared_card_rejected(self) -> None:
        """A card cannot be in both hands."""
        with pytest.raises(TableGamesError):
            foul_reason(parse_cards("AS 9D 7C 5H 3S"), card("AS"))


class TestBestOfSix:
    def test_best_hand(self) -> None:
        """The best five of six cards is found."""
        assert best_six_card_category(parse_cards("9S 8H 7D 6C 5S 2H")).name == "straight"

    def test_six_card_straight_takes_top(self) -> None:
        """A six-card straight counts as its highest five."""
        best = best_six_card_category(parse_cards("TS 9H 8D 7C 6S 5H"))
        assert best == rank("TS 9H 8D 7C 6S")

    def test_joker_royal(self) -> None:
        """The joker can complete a royal flush among six cards."""
        assert best_six_card_category(parse_cards("AS KS QS JK TS 2D")).name == "royal flush"

    def test_five_aces(self) -> None:
        """Four aces and the joker among six cards are five aces."""
        assert best_six_card_category(parse_cards("AS AH AD AC JK KS")) == FIVE_ACES_RANK

    def test_flush_over_straight(self) -> None:
        """A flush is preferred to a straight in the same six cards."""
        assert best_six_card_category(parse_cards("9H 8H 7D 6H 5H 2H")).name == "flush"


class TestErrors:
    def test_wrong_count(self) -> None:
        """rank_five needs exactly five cards."""
        with pytest.raises(TableGamesError, match="exactly 5"):
            rank("AS KS QS JS")

    def test_duplicate(self) -> None:
        """A card cannot appear twice in one hand."""
        with pytest.raises(TableGamesError, match="twice"):
            rank("AS AS QS JS TS")

    def test_cover_card(self) -> None:
        """The cover card is not a playing card."""
        with pytest.raises(TableGamesError):
            rank("AS CUT QS JS TS")

    def test_a_repeated_card_is_refused_after_its_faces_were_ranked(self) -> None:
        """Five rank values are ranked once and remembered (the house way and the Fortune Bonus rank the same hands):
        a hand holding the same faces with one of them twice, or with a sixth card, is refused all the same."""
        assert rank("AS KS QS JS TS") == ROYAL_FLUSH_RANK
        assert rank("TS JS QS KS AS") == ROYAL_FLUSH_RANK  # the same faces in another order: the same rank
        for hand in ("AS KS QS JS TS AS", "AS KS QS JS TS 2D", "AS KS QS JS JS"):
            with pytest.raises(TableGamesError, match="exactly 5|twice"):
                rank(hand)
        assert rank("AS KS QS JS TS", JokerRule.WILD) == ROYAL_FLUSH_RANK  # the rule is part of what is remembered


class TestEachFiveOfSix:
    @pytest.mark.parametrize("joker_rule", list(JokerRule))
    def test_each_five_ranks_as_those_five_cards_do(self, joker_rule: JokerRule) -> None:
        """The house way and the Fortune Bonus rank every five of a hand's six cards in one reading of the six: for
        2,000 seeded six-card hands of the 53-card deck (the joker in about one in nine), each five ranks as
        rank_five ranks those five cards."""
        import random

        from pa_table_games.equipment.cards import RANKS, SUITS

        deck = [card(r + s) for r in RANKS for s in SUITS] + [JOKER]
        rng = random.Random(670)
        for _ in range(2000):
            six = rng.sample(deck, 6)
            each = tuple(rank_five(six[:i] + six[i + 1:], joker_rule) for i in range(6))
            assert rank_each_five(six, joker_rule) == each
            assert rank_each_five(six[::-1], joker_rule) == each[::-1]  # the same faces in another order

    def test_each_five_of_a_suited_six_ranks_as_those_five_do(self) -> None:
        """Six cards of one suit make six flushes; five of one suit and an odd card make one flush, the five without
        the odd card, wherever it sits; with the joker as the odd card, the five others are that flush."""
        for hand in ("AS KS QS JS TS 9S", "2H 7H 9H JH KH 4H", "AS KS QS JS TS 9H", "9H AS KS QS JS TS",
                     "2D 3D 4D 5C 7D 9D", "8C 8D 9D JD QD KD", "JK AS KS QS JS TS", "AS KS JK QS JS 2H"):
            six = parse_cards(hand)
            for joker_rule in JokerRule:
                each = tuple(rank_five(six[:i] + six[i + 1:], joker_rule) for i in range(6))
                assert rank_each_five(six, joker_rule) == each, hand

    def test_every_five_rank_values_have_a_key_of_their_own(self) -> None:
        """Ranks are remembered by a key summing a part for each rank value: for every multiset of five values (up to
        five of a kind), suited or not, the remembered rank is the one worked out afresh."""
        import itertools

        from pa_table_games.games.six_card_fortune_pai_gow.poker import _evaluate, _evaluated

        for values in itertools.combinations_with_replacement(range(2, 15), 5):
            for suited in (False, True):
                assert _evaluate(list(values), suited) == _evaluated(sorted(values, reverse=True), suited), values

    def test_six_cards_are_checked_once_read(self) -> None:
        """Five cards, a repeated card or the cover card among the six are refused as before (after six faces were
        ranked too)."""
        rank_each_five(parse_cards("AS KS QS JS TS 9S"))
        for hand, words in (("AS KS QS JS TS", "exactly 6"), ("AS AS QS JS TS 9S", "twice"),
                            ("AS CUT QS JS TS 9S", "cannot be played")):
            with pytest.raises(TableGamesError, match=words):
                rank_each_five(parse_cards(hand))

class TestOrder:
    def test_ranks_order_as_their_category_and_tiebreak(self) -> None:
        """A rank's order is its category, then its tiebreak compared as a tuple (a one-card low hand's (7,) below
        a high card's (7, 5, 4, 3, 2)): over the ranks of 400 seeded hands and every low card, both ways."""
        import itertools
        import random

        from pa_table_games.equipment.cards import RANKS, SUITS

        deck = [card(r + s) for r in RANKS for s in SUITS] + [JOKER]
        rng = random.Random(8)
        ranks = [rank_five(rng.sample(deck, 5), rng.choice(list(JokerRule))) for _ in range(400)]
        ranks += [rank_low(card(r + "S")) for r in RANKS] + [rank_low(JOKER)]
        for a, b in itertools.product(ranks[::7], ranks):
            as_tuples = (a.category, a.tiebreak), (b.category, b.tiebreak)
            assert (a < b, a <= b, a > b, a >= b, a == b) == (
                as_tuples[0] < as_tuples[1], as_tuples[0] <= as_tuples[1], as_tuples[0] > as_tuples[1],
                as_tuples[0] >= as_tuples[1], as_tuples[0] == as_tuples[1]), (a, b)
