"""The Push 22 wager's exact price (`edge double-down-madness push_22`).

The wager pays the Rules' push_22_pays (11 to 1 by default, § 692.10(d)) when the dealer's hand ends on exactly 22
(§ 692.7(p)(1)) and is collected otherwise, a dealer Blackjack included ((g)(1)). The dealer completes the hand while
a Push 22 wager is live ((o)) and hits soft 17 ((n)), so the price is the chance that a dealer hand drawn from a full
shoe ends on 22: 0.073536 at six decks, a house edge of 11.7565 % (docs/reference.md). Before, the wager was priced by
20,000 simulated rounds: "simulated: house edge 13.240 %, 95 % interval [8.933 %, 17.547 %]".
"""

from __future__ import annotations

import json
from fractions import Fraction

import numpy as np
import pytest
from click.testing import CliRunner

from pa_table_games.analysis.dealer import OUTCOMES, RANKS, dealer_outcomes
from pa_table_games.cli import main
from pa_table_games.games.double_down_madness.dealer_odds import probability_dealer_ends_on
from edge_cli import edge, priced


class TestExactPrice:
    def test_the_text_says_exact_what_it_assumes_and_the_published_figure(self) -> None:
        """The text names the wager, its cites and odds, says exact, against a full shoe, what is not counted, and
        prints docs/reference.md's 11.7565 % with its exact fraction; nothing simulated."""
        result = edge("double-down-madness", "push_22")
        assert result.exit_code == 0, result.output
        lines = result.output.splitlines()
        assert lines[0] == ("push_22: the Push 22 wager (§ 692.7(p), § 692.10(d)), 6 decks, pays 11 to 1 "
                            "(the Rules' push_22_pays)")
        assert lines[1].startswith("exact, per Push 22 wager, against a full shoe: it wins when the dealer's hand ends "
                                   "on exactly 22, the dealer hitting soft 17 (§ 692.7(n))")
        for words in ("a dealer Blackjack included ((g)(1))", "hole card ((e)(1)), up card ((e)(3))",
                      "the boxes' cards, dealt between them, and earlier rounds' not counted (on average they change "
                      "nothing)"):
            assert words in lines[1], lines[1]
        p = probability_dealer_ends_on(22, 6)
        assert lines[-1] == f"house edge 11.7565 % = {1 - 12 * p} (exact)"
        assert "  dealer_22                                0.07353623        11  +0.808899" in lines
        assert "simulated" not in result.output

    def test_json_gives_the_probability_and_edge_exactly(self) -> None:
        """--json: method exact, the odds, P(dealer ends on 22) = 0.073536 at six decks, edge 1 - 12p exactly."""
        doc = priced("double-down-madness", "push_22")
        p = probability_dealer_ends_on(22, 6)
        assert doc["method"] == "exact" and doc["wager"] == "push_22" and doc["decks"] == 6
        assert doc["odds"] == "11:1" and doc["cite"] == "§ 692.7(p), § 692.10(d)" and doc["paytable"] is None
        assert [(row["outcome"], row["probability_exact"], row["pays"]) for row in doc["outcomes"]] == [
            ("dealer_22", str(p), 11.0), ("lose", str(1 - p), -1.0)]
        assert round(doc["outcomes"][0]["probability"], 6) == 0.073536
        assert Fraction(doc["house_edge_exact"]) == 1 - 12 * p and round(doc["house_edge"] * 100, 4) == 11.7565

    @pytest.mark.parametrize("decks", [1, 8])
    def test_decks(self, decks: int) -> None:
        """--decks gives another shoe."""
        doc = priced("double-down-madness", "push_22", "--decks", str(decks))
        p = probability_dealer_ends_on(22, decks)
        assert doc["decks"] == decks and Fraction(doc["house_edge_exact"]) == 1 - 12 * p

    def test_the_pay_is_the_rules(self, tmp_path) -> None:
        """The Rules' push_22_pays, as the game settles it: 10 to 1 is 1 - 11p; the Rules file is named."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("push_22_pays: '10:1'\ndecks: 8\n")
        doc = priced("double-down-madness", "push_22", "--rules", str(rules))
        p = probability_dealer_ends_on(22, 8)
        assert doc["odds"] == "10:1" and doc["decks"] == 8 and doc["rules"] == str(rules)
        assert Fraction(doc["house_edge_exact"]) == 1 - 11 * p
        assert edge("double-down-madness", "push_22", "--rules", str(rules)).output.splitlines()[0].endswith(
            f"8 decks, pays 10 to 1 (the Rules' push_22_pays), Rules {rules}")

    def test_a_pay_table_is_refused(self) -> None:
        """The Rules set Push 22's pays: --paytable is refused, as for the other wagers priced exactly."""
        result = edge("double-down-madness", "push_22", "--paytable", "A")
        assert result.exit_code == 2
        assert result.stderr == ("error: edge double-down-madness push_22: priced exactly, and the Rules set its "
                                 "pays, so --paytable does not apply\n")

    def test_rounds_and_seed_are_not_read(self) -> None:
        """`check` passes --rounds and --seed to every price: an exact one deals no rounds and reads neither."""
        assert priced("double-down-madness", "push_22", "--rounds", "5") == priced("double-down-madness", "push_22")


class TestTheOtherCountsAgree:
    @pytest.mark.parametrize("decks", [1, 6])
    def test_the_main_wagers_dealer_table_gives_the_same_22(self, decks: int) -> None:
        """The main wager's dealer table (analysis/dealer.py: by up card, hole card drawn first, numpy) averaged over
        the up card gives the same chance of a 22 as the fractions the price uses, hole card and up card alike."""
        shoe = np.array([4 * decks] * (RANKS - 1) + [16 * decks])
        by_up = sum(shoe[up] / shoe.sum() * dealer_outcomes(shoe - np.eye(RANKS, dtype=int)[up], up, True)[0]
                    for up in range(RANKS))
        assert by_up[OUTCOMES.index("22")] == pytest.approx(float(probability_dealer_ends_on(22, decks)), abs=1e-12)


class TestTheMachineAgrees:
    def test_a_long_simulation_s_interval_holds_the_exact_price(self) -> None:
        """100,000 rounds through the machine with a Push 22 wager beside the main wager (about 3 s of CPU): the 95 %
        interval of the Push 22 wager's edge holds the exact 11.7565 % (its half-width is about 2 points: 10 to 1,
        19.1 %, would be found)."""
        result = CliRunner().invoke(main, ["simulate", "double-down-madness", "--rounds", "100000", "--seed", "3",
                                           "--seat", "1:double_down_madness=10,push_22=10", "--json"])
        assert result.exit_code == 0, result.output
        push_22 = next(w for w in json.loads(result.stdout)["wagers"] if w["wager"] == "push_22")
        low, high = push_22["ci95"]
        assert push_22["rounds"] == 100_000 and high - low < 0.045
        assert low < priced("double-down-madness", "push_22")["house_edge"] < high
