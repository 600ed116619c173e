"""Double Down Madness behaviour pinned where mutation testing found no test watching: the Rules options' bounds
and the cover card check, the cover card's place in a shuffled shoe, the dealer odds' defaults, the
exact analysis' outcome frequencies and two-card strategy."""

from __future__ import annotations

import pytest

from pa_table_games.analysis.double_down_madness import DoubleDownMadnessAnalysis
from pa_table_games.equipment.cards import COVER_CARD
from pa_table_games.errors import RulesValueError
from pa_table_games.games.double_down_madness import INFO
from pa_table_games.games.double_down_madness.dealer_odds import (
    dealer_final_totals, probability_dealer_ends_on, push_22_house_edge)
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules


@pytest.mark.parametrize("option, value", [("decks", 1), ("decks", 12), ("positions", 1), ("positions", 9),
                                           ("max_double_downs", 1), ("max_double_downs", 21)])
def test_rules_accept_each_end_of_an_options_range(option, value) -> None:
    assert getattr(DoubleDownMadnessRules(**{option: value}), option) == value


@pytest.mark.parametrize("option, value, allowed", [("decks", 0, "1..12"), ("decks", 13, "1..12"),
                                                    ("positions", 0, "1..9"), ("positions", 10, "1..9"),
                                                    ("max_double_downs", 0, "1..21"),
                                                    ("max_double_downs", 22, "1..21")])
def test_rules_refuse_one_past_each_end_of_an_options_range(option, value, allowed) -> None:
    with pytest.raises(RulesValueError, match=rf"{option} must be a whole number {allowed}, not {value}$"):
        DoubleDownMadnessRules(**{option: value})


def test_rules_refuse_a_cover_card_leaving_less_than_one_deal() -> None:
    """(d): 1 deck with the cover card 0.75 decks deep leaves 13 cards, fewer than the 21 of a deal to 9 boxes."""
    with pytest.raises(RulesValueError, match=r"leaves 13 cards before the cover card, fewer than one deal to 9 "
                                              r"positions and the dealer \(21 cards with the burn card\) "
                                              r"\(§ 692\.7\(d\)\)"):
        DoubleDownMadnessRules(decks=1, positions=9, cover_card_depth_decks=0.75)
    with pytest.raises(RulesValueError, match=r"cover_card_depth_decks 7 is deeper than the 6-deck shoe"):
        DoubleDownMadnessRules(cover_card_depth_decks=7)


@pytest.mark.parametrize("changes, behind", [({}, 78), ({"cover_card_depth_decks": 1}, 52),
                                             ({"decks": 2}, 26)])
def test_shuffled_shoe_has_the_cover_card_at_the_rules_depth(changes, behind) -> None:
    """(d): a quarter of the shoe (1.5 of 6 decks: 78 cards) lies behind the cover card unless the Rules say."""
    cards = INFO.new_shoe(DoubleDownMadnessRules(**changes), 7).remaining()
    assert cards.count(COVER_CARD) == 1
    assert len(cards) - 1 - cards.index(COVER_CARD) == behind


def test_dealer_odds_default_to_six_decks_hitting_soft_17_and_push_22_at_11_to_1() -> None:
    """docs/reference.md's check with every argument left out: six decks, soft 17 hit ((n)), Push 22 at 11 to 1."""
    six_h17 = dealer_final_totals(6, True)
    assert dealer_final_totals() == six_h17 != dealer_final_totals(6, False)
    assert probability_dealer_ends_on(22) == six_h17[22] != probability_dealer_ends_on(22, 6, False)
    assert round(float(six_h17[22]), 6) == 0.073536
    assert push_22_house_edge() == 1 - 12 * six_h17[22]
    assert round(float(push_22_house_edge()) * 100, 4) == 11.7565


@pytest.mark.parametrize("value", [16, 27])
def test_a_total_the_dealer_never_ends_on_has_probability_0(value) -> None:
    """(n): the dealer draws on 16 and stops by hard 26 at the most (16 and a 10-value card)."""
    assert probability_dealer_ends_on(value, 6) == 0
    assert sorted(dealer_final_totals(6)) == [17, 18, 19, 20, 21, 22, 23, 24, 25, 26]


def test_double_down_madness_analysis_outcomes_and_two_card_strategy() -> None:
    """§ 692.7 under the default Rules, six decks: how often each outcome comes and how many Double Down wagers a
    round carries, and two-card decisions that differ by up card (hard 12, soft 18, a first card of 9). In the quick
    suite (about 2 s with no dealer cache): the other tests of this analysis are all `make test-long`'s."""
    doc = DoubleDownMadnessAnalysis(DoubleDownMadnessRules()).to_json()
    assert doc["outcomes"] == pytest.approx({
        "dealer blackjack (wager lost)": 0.047489488003957, "hands won (player Blackjack included)": 0.367477435051551,
        "hands pushed (dealer 22 included)": 0.142645938219163, "hands lost": 0.442387138725330,
        "double down wagers per round": 0.530259763093748}, abs=1e-12)
    assert doc["strategy"]["hard"]["12"] == list("HHHSSHHHHH")
    assert doc["strategy"]["soft"]["A,7"] == list("SSSDDSSHHH")
    assert doc["strategy"]["first card"]["9"] == list("HDDDDDDHHH")
    assert doc["strategy"]["hard"]["17"] == list("SSSSSSSSSS")
    assert doc["approximations"] == ["none in the expectation; the strategy is composition-dependent (each hand "
                                     "played optimally); the table shows two-card decisions by total with no Double "
                                     "Down yet"]


def test_double_down_madness_strategy_tables_in_full() -> None:
    """§ 692.7, six decks, default Rules: every row of the printed strategy (up cards 2..10 then A), so a row that
    only a few hands make (hard 4 is 2,2 alone, A,2 is 2 then an ace) is checked as well as the common ones."""
    strategy = DoubleDownMadnessAnalysis(DoubleDownMadnessRules()).strategy_tables()
    assert {name: {row: "".join(cells) for row, cells in table.items()} for name, table in strategy.items()} == {
        "first card": {"A": "DDDDDDDDDD", "2": "HHHHHHHHHH", "3": "HHHHHHHHHH", "4": "HHHHHHHHHH",
                       "5": "HHHHHHHHHH", "6": "HHHHHHHHHH", "7": "HHHHHHHHHH", "8": "HHHHDDHHHH",
                       "9": "HDDDDDDHHH", "10": "DDDDDDDDDD"},
        "hard": {"4": "HHHHHHHHHH", "5": "HHHHHHHHHH", "6": "HHHHHHHHHH", "7": "HHHHHHHHHH", "8": "HHHHDDHHHH",
                 "9": "HDDDDDDHHH", "10": "DDDDDDDDHH", "11": "DDDDDDDDDD", "12": "HHHSSHHHHH", "13": "HSSSSHHHHH",
                 "14": "SSSSSHHHHH", "15": "SSSSSHHHHH", "16": "SSSSSHHHHH", "17": "SSSSSSSSSS",
                 "18": "SSSSSSSSSS", "19": "SSSSSSSSSS", "20": "SSSSSSSSSS"},
        "soft": {"A,2": "HHDDDDDHHH", "A,3": "HHHDDDHHHH", "A,4": "HHHHDHHHHH", "A,5": "HHHHDHHHHH",
                 "A,6": "HHHDDDHHHH", "A,7": "SSSDDSSHHH", "A,8": "SSSSSSSSSS", "A,9": "SSSSSSSSSS"}}
