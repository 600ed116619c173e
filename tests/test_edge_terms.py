"""What an `edge` answer rests on besides its figure, said where the analyst reads the figure (text and --json).

* The Blackjack progressives ((o): Bad Beat, Hit and Run, Straight Jack) are priced on ILLUSTRATIVE pay tables
  (paytables/blackjack.yaml) and pay their jackpots as shares of a meter, so the figure depends on the wager's amount
  and the Rules' progressive_reset and progressive_rate. Before, their simulated edge was printed with neither said,
  where the Pai Gow prices label their ILLUSTRATIVE tables.
* Match-the-Dealer's tables are named for deck counts (6-deck, 8-deck, 2-deck) and one not chosen is the table named
  for the deck count; at a count with none the wager's default (6-deck) is used. Before, `edge match_the_dealer
  --decks 4` printed "pay table 6-deck" as though it were the 4-deck table.
* Rules `blackjack_switch: true` make a Blackjack Switch table, whose switch is not modelled (the option's help): the
  Blackjack Wager's edge is refused, naming the option, where before the plain game's edge was printed as the table's.
* Royal Match 21's default table pays a Crown Treasure Bonus of 1000 to 1 whose amount docs/reference.md marks
  UNCERTAIN. Before, the heading said so only when the bonus was switched off ("Crown Treasure Bonus not offered").
"""

from __future__ import annotations


import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from edge_cli import edge, priced

PROGRESSIVES = ("bad_beat", "hit_and_run", "straight_jack")
ILLUSTRATIVE_BLACKJACK = ("pay table {table}: ILLUSTRATIVE (made up; § 633a.13, the payout odds, is not available, and no "
                          "public table is)")


class TestProgressives:
    @pytest.mark.parametrize("wager", PROGRESSIVES)
    def test_the_text_labels_the_pay_table_and_states_the_meter(self, wager: str) -> None:
        """Under the figure's method: the pay table, ILLUSTRATIVE, and the meter the jackpots are shares of, at a
        table dealing the 20 rounds asked (before: "every 10,000 rounds", a chunk, which 20 rounds never reach)."""
        lines = edge("blackjack", wager, "--rounds", "20").output.splitlines()
        assert lines[3] == ILLUSTRATIVE_BLACKJACK.format(table="illustrative")
        assert lines[4] == ("jackpots are shares of the meter: this edge is for a wager of 10, the meter starting at "
                            "10000 (the Rules' progressive_reset) and gaining 10 % of each wager (progressive_rate), a "
                            "new table every 20 rounds; another amount, reset or rate gives another edge")
        assert lines[6].startswith("simulated: house edge")

    @pytest.mark.parametrize("wager", PROGRESSIVES)
    def test_json_has_the_pai_gow_field_and_the_meter(self, wager: str) -> None:
        doc = priced("blackjack", wager, "--rounds", "20")
        assert doc["illustrative_pay_table"] is True and doc["paytable"] == "illustrative"
        assert doc["meter"] == {"wager": 10.0, "progressive_reset": 10000.0, "progressive_rate": 0.1,
                                "rounds_per_table": 20}

    def test_the_rules_meter_amount_and_table(self, tmp_path) -> None:
        """The Rules' reset, rate and table minimum (the wager's amount) are the ones stated; the Bad Beat table the
        Rules' any-20 option picks is the one named."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("progressive_rate: 0.07\nprogressive_reset: 2500.5\ntable_minimum: 25\nbad_beat_any_20: true\n")
        lines = edge("blackjack", "bad_beat", "--rules", str(rules), "--rounds", "20").output.splitlines()
        assert lines[3] == ILLUSTRATIVE_BLACKJACK.format(table="illustrative-any-20")
        assert lines[4].startswith("jackpots are shares of the meter: this edge is for a wager of 25, the meter "
                                   "starting at 2500.5 (the Rules' progressive_reset) and gaining 7 % of each wager")
        doc = priced("blackjack", "bad_beat", "--rules", str(rules), "--rounds", "20")
        assert doc["meter"]["wager"] == 25.0 and doc["meter"]["progressive_reset"] == 2500.5

    def test_pai_gow_labels_its_tables_the_same_way(self) -> None:
        """One label for every game: Pai Gow's line and field are unchanged."""
        assert ("pay table: ILLUSTRATIVE (made up; the payout section of chapter 670a is not available)"
                in edge("six-card-fortune-pai-gow", "progressive").output.splitlines())
        assert priced("six-card-fortune-pai-gow", "progressive")["illustrative_pay_table"] is True

    def test_a_wager_on_a_published_table_is_not_labelled(self) -> None:
        """A first-cards wager's table has a public source: no label, the field false."""
        assert "ILLUSTRATIVE" not in edge("blackjack", "lucky_ladies").output
        assert priced("blackjack", "lucky_ladies")["illustrative_pay_table"] is False


class TestMatchTheDealerTable:
    NOTE = "no 4-deck table in paytables/blackjack.yaml: the wager's default"

    def test_a_deck_count_without_its_table_says_the_default_is_used(self) -> None:
        result = edge("match_the_dealer", "--decks", "4")
        assert result.output.splitlines()[0] == f"match_the_dealer, 4 decks, pay table 6-deck ({self.NOTE})"
        doc = priced("match_the_dealer", "--decks", "4")
        assert doc["paytable"] == "6-deck" and doc["paytable_note"] == self.NOTE

    def test_the_rules_deck_count_too(self, tmp_path) -> None:
        rules = tmp_path / "casino.yaml"
        rules.write_text("decks: 4\n")
        assert edge("match_the_dealer", "--rules", str(rules)).output.splitlines()[0] == (
            f"match_the_dealer, 4 decks, pay table 6-deck ({self.NOTE}), Rules {rules}")

    @pytest.mark.parametrize(("args", "table"), [(["--decks", "8"], "8-deck"), ([], "6-deck"),
                                                  (["--decks", "4", "--paytable", "6-deck"], "6-deck")])
    def test_a_table_named_for_the_count_or_chosen_says_nothing_more(self, args: list[str], table: str) -> None:
        """The table named for the deck count, or one chosen (--paytable, the Rules' paytables): no note."""
        decks = args[1] if args else "6"
        assert edge("match_the_dealer", *args).output.splitlines()[0] == (
            f"match_the_dealer, {decks} decks, pay table {table}")
        assert priced("match_the_dealer", *args)["paytable_note"] is None

    def test_a_table_the_rules_choose_says_nothing_more(self, tmp_path) -> None:
        rules = tmp_path / "casino.yaml"
        rules.write_text("decks: 4\npaytables: {match_the_dealer: 8-deck}\n")
        assert priced("match_the_dealer", "--rules", str(rules))["paytable_note"] is None

    def test_a_wager_whose_tables_are_not_named_for_decks_says_nothing(self) -> None:
        assert priced("lucky_ladies", "--decks", "4")["paytable_note"] is None

    def test_the_rules_option_says_so(self) -> None:
        """`rules blackjack` tells where a wager not named takes its table: Match-the-Dealer's default included."""
        result = CliRunner().invoke(main, ["rules", "blackjack"])
        assert "(Match-the-Dealer: the table named for the deck count, else its default)" in " ".join(
            result.output.split())


class TestBlackjackSwitch:
    REFUSED = ("error: edge blackjack blackjack: the Rules set blackjack_switch: true (§ 633a.7(g)(7)), whose switch is "
               "not modelled: no edge for a Blackjack Switch table's Blackjack Wager (without the option, the plain "
               "game's)\n")

    @pytest.mark.parametrize("args", [[], ["blackjack"], ["blackjack", "--json"], ["--decks", "8"]])
    def test_the_main_wager_is_refused_naming_the_option(self, tmp_path, args: list[str]) -> None:
        rules = tmp_path / "switch.yaml"
        rules.write_text("blackjack_switch: true\n")
        result = edge("blackjack", *args, "--rules", str(rules))
        assert result.exit_code == 2 and result.stderr == self.REFUSED and result.stdout == ""

    def test_the_super_match_wager_of_that_table_is_still_priced(self, tmp_path) -> None:
        """The option's own wager, decided by the first cards, is priced as before."""
        rules = tmp_path / "switch.yaml"
        rules.write_text("blackjack_switch: true\n")
        assert priced("blackjack", "super_match", "--rules", str(rules))["wager"] == "super_match"


class TestCrownTreasureBonus:
    def test_the_heading_says_the_bonus_is_included_and_uncertain(self) -> None:
        result = edge("blackjack", "royal_match_21")
        assert result.output.splitlines()[0] == ("royal_match_21, 6 decks, pay table A, Crown Treasure Bonus 1000 to 1 "
                                                 "included (an UNCERTAIN amount: docs/reference.md)")
        assert priced("blackjack", "royal_match_21")["uncertain"] == [
            "Crown Treasure Bonus 1000 to 1 (an UNCERTAIN amount: docs/reference.md)"]

    def test_not_offered_or_not_in_the_table_nothing_uncertain(self, tmp_path) -> None:
        """Switched off, the heading says so as before; a table without the bonus (B) says nothing of it."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("crown_treasure_bonus: false\n")
        assert edge("royal_match_21", "--rules", str(rules)).output.splitlines()[0] == (
            f"royal_match_21, 6 decks, pay table A, Rules {rules}, Crown Treasure Bonus not offered")
        assert priced("royal_match_21", "--rules", str(rules))["uncertain"] == []
        assert edge("royal_match_21", "--paytable", "B").output.splitlines()[0] == "royal_match_21, 6 decks, pay table B"
        assert priced("royal_match_21", "--paytable", "B")["uncertain"] == []
