"""The Insurance Wager's exact price (`edge blackjack insurance`, `edge double-down-madness insurance`).

Insurance taken whenever it is offered (an ace up card) wins when the hole card is a 10-value card. Up card and hole
card are an ordered pair of distinct cards of a fresh shoe of d decks, so P(10-value hole card | ace up) =
16d/(52d - 1), and at 2 to 1 the house edge is 1 - 3p: 1 - 3 * 96/311 = 23/311 (7.3955 %) at six decks. Before,
the price was simulated under the default strategy, which never takes Insurance: "the wager was never made".
"""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.equipment.cards import standard_deck


def edge(*args: str):
    result = CliRunner().invoke(main, ["edge", *args])
    assert "Traceback" not in result.output, result.output
    return result


def priced(*args: str) -> dict:
    result = edge(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def ten_in_the_hole(decks: int) -> Fraction:
    """P(10-value hole card | ace up), counted over every ordered (up card, hole card) pair of distinct cards."""
    shoe = [card for card in standard_deck() for _ in range(decks)]
    aces_up = [(up, hole) for up, hole in itertools.permutations(range(len(shoe)), 2) if shoe[up].rank == "A"]
    return Fraction(sum(shoe[hole].rank in "TJQK" for _, hole in aces_up), len(aces_up))


class TestExactPrice:
    @pytest.mark.parametrize("decks", [1, 2])
    def test_the_probability_is_counted_card_by_card(self, decks: int) -> None:
        """The price's probability equals a count over every ordered pair of distinct cards, and 16d/(52d - 1)."""
        doc = priced("blackjack", "insurance", "--decks", str(decks))
        assert ten_in_the_hole(decks) == Fraction(16 * decks, 52 * decks - 1)
        assert doc["outcomes"][0]["probability_exact"] == str(ten_in_the_hole(decks))

    def test_six_decks_blackjack(self) -> None:
        """Six decks (the Rules' default), 2 to 1: house edge 1 - 3 * 96/311 = 23/311, exact."""
        doc = priced("blackjack", "insurance")
        assert doc["method"] == "exact" and doc["decks"] == 6 and doc["wager"] == "insurance"
        assert Fraction(doc["house_edge_exact"]) == 1 - 3 * Fraction(96, 311) == Fraction(23, 311)
        assert doc["house_edge"] == float(Fraction(23, 311))
        assert [(row["outcome"], row["probability_exact"], row["pays"]) for row in doc["outcomes"]] == [
            ("dealer_blackjack", "96/311", 2.0), ("lose", "215/311", -1.0)]
        assert doc["cite"] == "§ 633a.7(h), § 633a.8" and doc["paytable"] is None

    @pytest.mark.parametrize(("decks", "house_edge"), [(1, Fraction(1, 17)), (8, Fraction(31, 415))])
    def test_other_deck_counts(self, decks: int, house_edge: Fraction) -> None:
        """One deck: 1 - 3 * 16/51 = 1/17; eight decks: 1 - 3 * 128/415 = 31/415."""
        doc = priced("blackjack", "insurance", "--decks", str(decks))
        assert doc["decks"] == decks and Fraction(doc["house_edge_exact"]) == house_edge

    def test_the_text_says_exact_and_what_it_assumes(self) -> None:
        """The text names the wager and its cites, says exact, per wager taken, the hole card from a full shoe."""
        result = edge("blackjack", "insurance")
        assert result.exit_code == 0, result.output
        text = " ".join(result.output.split())
        assert text.startswith("insurance: the Insurance Wager (§ 633a.7(h), § 633a.8), 6 decks, pays 2 to 1")
        for words in ("exact, per Insurance Wager taken whenever offered (an ace up card)",
                      "the hole card drawn from a full shoe of 6 decks less the up card",
                      "the player's own cards and cards already dealt not counted",
                      "house edge 7.3955 % = 23/311 (exact)"):
            assert words in text, result.output
        assert "simulated" not in text

    def test_double_down_madness_hole_card_dealt_first(self) -> None:
        """§ 692.7 deals the hole card before the up card ((e)(1), (e)(3)): the same pair of cards, the same price."""
        doc = priced("double-down-madness", "insurance")
        assert Fraction(doc["house_edge_exact"]) == Fraction(23, 311)
        assert doc["cite"] == "§ 692.7(g)(2), § 692.8"
        assert "per Insurance wager taken" in doc["assumes"]


class TestRules:
    def test_the_pay_is_the_rules(self, tmp_path) -> None:
        """The Rules' insurance_pays, as the game settles it: 3 to 1 gives the player 1 - 4 * 96/311 = -73/311."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("insurance_pays: '3:1'\n")
        doc = priced("blackjack", "insurance", "--rules", str(rules))
        assert Fraction(doc["house_edge_exact"]) == Fraction(-73, 311) and doc["rules"] == str(rules)
        assert doc["outcomes"][0]["pays"] == 3.0

    @pytest.mark.parametrize("game", ["blackjack", "double-down-madness"])
    def test_insurance_not_offered_is_not_priced_exactly(self, tmp_path, game: str) -> None:
        """Rules that offer no Insurance keep the simulated answer: the wager was never made."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("insurance: false\n")
        result = edge(game, "insurance", "--rules", str(rules), "--rounds", "50")
        assert result.exit_code == 0 and "the wager was never made in the 50 rounds simulated" in result.output

    def test_a_pay_table_is_refused(self) -> None:
        """The Rules set Insurance's pays: --paytable is refused, as for the main wagers priced exactly."""
        result = edge("blackjack", "insurance", "--paytable", "A")
        assert result.exit_code == 2
        assert result.stderr == ("error: edge blackjack insurance: priced exactly, and the Rules set its pays, "
                                 "so --paytable does not apply\n")

    def test_rounds_and_seed_are_not_read(self) -> None:
        """`check` passes --rounds and --seed to every price: an exact one deals no rounds and reads neither."""
        assert priced("blackjack", "insurance", "--rounds", "5", "--seed", "9") == priced("blackjack", "insurance")
