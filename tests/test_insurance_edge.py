"""The Insurance Wager's exact price (`edge blackjack insurance`, `edge double-down-madness insurance`).

Insurance taken whenever it is offered (an ace up card) wins when the hole card is a 10-value card. Up card and hole
card are an ordered pair of distinct cards of a shuffled shoe of d decks, so P(10-value hole card | ace up) =
16d/(52d - 1): at 2 to 1 the house edge is 1 - 3p, 23/311 (7.3955 %) at six decks, in Double Down Madness, which
offers every box Insurance. § 633a.8 offers a box holding a Blackjack even money instead, so in Blackjack the wager
is made beside a box that holds none: 49933/676813 (7.3777 %) at six decks. Before, the price was simulated under
the default strategy, which never takes Insurance: "the wager was never made".
"""

from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest

from pa_table_games.equipment.cards import standard_deck
from pa_table_games.games import load_game
from pa_table_games.games.blackjack.hand_tables import load_table
from pa_table_games.games.blackjack.strategies import FOLDER
from pa_table_games.simulation.chunks import deal_rounds
from edge_cli import edge, priced


def ten_in_the_hole(decks: int, beside_no_blackjack: bool) -> Fraction:
    """P(10-value hole card | ace up), counted over every ordered draw of distinct cards of the shoe less the ace:
    the hole card alone, or the box's two cards and the hole card where a box holding a Blackjack is not asked."""
    shoe = [card.rank for card in standard_deck() for _ in range(decks)]
    shoe.remove("A")  # the up card
    tens = "TJQK"
    if not beside_no_blackjack:
        return Fraction(sum(rank in tens for rank in shoe), len(shoe))
    def blackjack(first: str, second: str) -> bool:
        return (first == "A" and second in tens) or (second == "A" and first in tens)

    offered = [(first, second, hole) for first, second, hole in itertools.permutations(range(len(shoe)), 3)
               if not blackjack(shoe[first], shoe[second])]
    return Fraction(sum(shoe[hole] in tens for _, _, hole in offered), len(offered))


class TestExactPrice:
    @pytest.mark.parametrize("decks", [1, 2])
    def test_the_probability_is_counted_card_by_card(self, decks: int) -> None:
        """Double Down Madness: the price's probability is a count over every hole card, and 16d/(52d - 1)."""
        doc = priced("double-down-madness", "insurance", "--decks", str(decks))
        assert ten_in_the_hole(decks, False) == Fraction(16 * decks, 52 * decks - 1)
        assert doc["outcomes"][0]["probability_exact"] == str(ten_in_the_hole(decks, False))

    def test_beside_a_box_without_a_blackjack_counted_card_by_card(self) -> None:
        """Blackjack, one deck: a count over every (box's first card, second card, hole card) of the 51 cards left
        under the ace, the box's two not an ace and a 10-value card, gives the price's probability."""
        doc = priced("blackjack", "insurance", "--decks", "1")
        assert doc["outcomes"][0]["probability_exact"] == str(ten_in_the_hole(1, True)) == "18880/60123"

    def test_six_decks_blackjack(self) -> None:
        """Six decks (the Rules' default), 2 to 1, beside a box without a Blackjack: 1 - 3p, exact."""
        doc = priced("blackjack", "insurance")
        assert doc["method"] == "exact" and doc["decks"] == 6 and doc["wager"] == "insurance"
        p = Fraction(208960, 676813)
        assert Fraction(doc["house_edge_exact"]) == 1 - 3 * p == Fraction(49933, 676813)
        assert doc["house_edge"] == float(Fraction(49933, 676813))
        assert [(row["outcome"], row["probability_exact"], row["pays"]) for row in doc["outcomes"]] == [
            ("dealer_blackjack", "208960/676813", 2.0), ("lose", "467853/676813", -1.0)]
        assert doc["cite"] == "§ 633a.7(h), § 633a.8" and doc["paytable"] is None

    @pytest.mark.parametrize(("decks", "house_edge", "shoe"), [(1, Fraction(1161, 20041), "1 deck"),
                                                               (8, Fraction(2523245, 33839981), "8 decks")])
    def test_other_deck_counts(self, decks: int, house_edge: Fraction, shoe: str) -> None:
        """One deck: 1 - 3 * 18880/60123 (the count above); eight decks, the same formula; each shoe named in words."""
        doc = priced("blackjack", "insurance", "--decks", str(decks))
        assert doc["decks"] == decks and Fraction(doc["house_edge_exact"]) == house_edge
        assert f"a 10-value card of a shuffled shoe of {shoe};" in doc["assumes"]

    def test_the_text_says_exact_and_what_it_assumes(self) -> None:
        """The text names the wager and its cites, says exact, per wager taken, beside which box, what is not
        counted."""
        result = edge("blackjack", "insurance")
        assert result.exit_code == 0, result.output
        text = " ".join(result.output.split())
        assert text.startswith("insurance: the Insurance Wager (§ 633a.7(h), § 633a.8), 6 decks, pays 2 to 1")
        for words in ("exact, per Insurance Wager taken whenever offered (an ace up card) beside a box not holding "
                      "a Blackjack (offered even money instead, § 633a.8)",
                      "it wins when the hole card is a 10-value card of a shuffled shoe of 6 decks",
                      "the other boxes' cards and earlier rounds' not counted (on average they change nothing)",
                      "house edge 7.3777 % = 49933/676813 (exact)"):
            assert words in text, result.output
        assert "simulated" not in text

    def test_double_down_madness_hole_card_dealt_first(self) -> None:
        """§ 692.7 deals the hole card before the up card ((e)(1), (e)(3)): the same pair of cards; every box is
        offered Insurance (no even money in § 692.8): 1 - 3 * 96/311 = 23/311."""
        doc = priced("double-down-madness", "insurance")
        assert Fraction(doc["house_edge_exact"]) == Fraction(23, 311)
        assert doc["cite"] == "§ 692.7(g)(2), § 692.8"
        assert "per Insurance wager taken whenever offered (an ace up card):" in doc["assumes"]


class TestRules:
    def test_the_pay_is_the_rules(self, tmp_path) -> None:
        """The Rules' insurance_pays, as the game settles it: 3 to 1 gives the player the edge, 1 - 4p."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("insurance_pays: '3:1'\n")
        doc = priced("blackjack", "insurance", "--rules", str(rules))
        assert Fraction(doc["house_edge_exact"]) == Fraction(-159027, 676813) and doc["rules"] == str(rules)
        assert doc["outcomes"][0]["pays"] == 3.0

    @pytest.mark.parametrize(("game", "cite"), [("blackjack", "§ 633a.8"), ("double-down-madness", "§ 692.8")])
    def test_rules_offering_no_insurance_are_told_so(self, tmp_path, game: str, cite: str) -> None:
        """Rules that offer no Insurance: one line saying so, with the option's cite, exit 2, with or without --decks.
        Before, the price said the game declares no exact analyser (untrue) and dealt 20,000 rounds to find the wager
        never made, and refused --decks for that reason."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("insurance: false\n")
        for extra in ([], ["--decks", "8"]):
            result = edge(game, "insurance", "--rules", str(rules), *extra)
            assert result.exit_code == 2 and result.stderr == (
                f"error: edge {game} insurance: the Rules offer no Insurance (insurance: false, {cite})\n")

    def test_the_odds_are_given_exactly(self, tmp_path) -> None:
        """--json names the Rules' odds exactly ('1:3', whose float is not exact), beside the exact edge they make;
        the text's pays column shows the odds as a fraction, never in an exponent."""
        rules = tmp_path / "casino.yaml"
        rules.write_text('insurance_pays: "1:3"\n')
        doc = priced("blackjack", "insurance", "--rules", str(rules))
        p = Fraction(doc["outcomes"][0]["probability_exact"])
        assert doc["odds"] == "1:3" and Fraction(doc["house_edge_exact"]) == 1 - (Fraction(1, 3) + 1) * p
        rules.write_text('insurance_pays: "1000000:1"\n')
        assert "   1000000  " in edge("blackjack", "insurance", "--rules", str(rules)).output

    def test_a_pay_table_is_refused(self) -> None:
        """The Rules set Insurance's pays: --paytable is refused, as for the main wagers priced exactly."""
        result = edge("blackjack", "insurance", "--paytable", "A")
        assert result.exit_code == 2
        assert result.stderr == ("error: edge blackjack insurance: priced exactly, and the Rules set its pays, "
                                 "so --paytable does not apply\n")

    def test_rounds_and_seed_are_not_read(self) -> None:
        """`check` passes --rounds and --seed to every price: an exact one deals no rounds and reads neither."""
        assert priced("blackjack", "insurance", "--rounds", "5", "--seed", "9") == priced("blackjack", "insurance")


class TestTheMachineAgrees:
    def test_insurance_taken_through_the_machine_loses_what_the_exact_price_says(self, tmp_path) -> None:
        """A player standing on 17 who takes Insurance whenever it is offered, dealt 60,000 rounds from a shuffled
        shoe by the machine itself: the Insurance Wagers' net over their amounts is within the 95 % interval of
        the exact price, 7.38 % (the sd of the mean is about 2 % of a unit: 3 to 2, 22.8 %, would be found)."""
        stand17 = FOLDER / "blackjack_stand17.yaml"
        insures = tmp_path / "insures.yaml"
        insures.write_text(stand17.read_text().replace("insurance=no", "insurance=yes"))
        game = load_game("blackjack", engine="fast")
        strategy = load_table(insures).for_rules(game.rules)
        rounds = deal_rounds(game, game.new_table(seed=3), {1: {"blackjack": 10}}, strategy, record="totals")
        outcomes = []
        for rnd in itertools.islice(rounds, 60_000):
            nets, placed_later = rnd.totals()
            outcomes += [nets["insurance"] / amount for name, amount in placed_later if name == "insurance"]
        taken = len(outcomes)
        mean = sum(outcomes) / taken
        sd = math.sqrt(sum((x - mean) ** 2 for x in outcomes) / (taken - 1))
        assert 4000 < taken < 5300  # an ace up about one round in 13
        assert abs(-float(mean) - priced("blackjack", "insurance")["house_edge"]) < 1.96 * float(sd) / math.sqrt(taken)
