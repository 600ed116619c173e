"""What `play`, `simulate` and `coverage` show a developer off a terminal: the Rules in effect,
hidden cards, whole lines, forgiving words, a default strategy, scenarios written where asked."""

from __future__ import annotations

import json

from click.testing import CliRunner

from pa_table_games.cli import main

#: burn 2C; seat 1 TH, up card 6S, seat 1 5D, hole card 7C; then 6H and TD
SHOE = "2C TH 6S 5D 7C 6H TD"


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


class TestRulesInEffect:
    def test_play_states_key_options_changes_and_the_fixed_dealer_rule(self, tmp_path):
        """A Rules file with 8 decks and 6:5 Blackjacks: both are named as changed; § 633a.7(m) is stated."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("decks: 8\nblackjack_pays: \"6:5\"\n")
        out = run("play", "blackjack", "--rules", str(rules), "--shoe", SHOE, "--actions", "stand").output
        assert "Rules: decks 8, blackjack_pays 6:5, double_on any_two" in out
        assert "Rules changed from the defaults: decks 8 (default 6), blackjack_pays 6:5 (default 3:2)" in out
        assert "stands on every 17, soft or hard (§ 633a.7(m))" in out

    def test_double_down_madness_hits_soft_17(self):
        out = run("play", "double-down-madness", "--seed", "4", "--strategy", "madness").output
        assert "Fixed by the section: the dealer draws to a hard 17 and hits soft 17 (§ 692.7(n))" in out

    def test_json_has_every_option_and_every_card_face_up_or_not(self):
        """--json: the full Rules, and the hole card 7C with face_up false when dealt."""
        doc = json.loads(run("play", "blackjack", "--shoe", SHOE, "--actions", "hit", "--json").output)
        assert doc["rules"]["decks"] == 6 and doc["rules"]["surrender"] == "late" and len(doc["rules"]) > 20
        hole = next(e for e in doc["events"] if e["trigger"] == "deal_hole_card")
        assert hole["cards"] == [{"card": "7C", "to": "dealer (hole card)", "face_up": False}]

    def test_simulate_states_its_rules(self):
        out = run("simulate", "blackjack", "--rounds", "200", "--seed", "1").output
        assert "Rules: decks 6, blackjack_pays 3:2" in out and "(§ 633a.7(m))" in out

    def test_player_way_explains_its_double_down_edge(self):
        out = run("simulate", "six-card-fortune-pai-gow", "--rounds", "200", "--seed", "1", "--strategy", "player_way").output
        assert "note: player_way makes the Double Down Wager only after seeing its cards" in out


class TestStepLog:
    def test_hole_card_hidden_until_turned(self):
        out = run("play", "blackjack", "--shoe", SHOE, "--actions", "hit").output
        assert "deal_hole_card  § 633a.7(f)(4)  [face down]->dealer (hole card)" in out
        assert out.index("7C") > out.index("turn_hole_card")

    def test_lines_are_never_wrapped_off_a_terminal(self):
        """Every step is one line and no citation is split, however long (a Pai Gow deal)."""
        out = run("play", "six-card-fortune-pai-gow", "--seed", "3", "--actions", "house_way").output
        deal = next(line for line in out.splitlines() if "deal_cards" in line)
        assert deal.count("->") == 42 and deal.count("[face down]->dealer") == 6
        assert not any(line.rstrip().endswith("§") for line in out.splitlines())


class TestWords:
    def test_any_case_and_short_forms(self):
        assert "stand seat 1" in run("play", "blackjack", "--shoe", SHOE, "--actions", "STAND").output
        assert "hit seat 1" in run("play", "blackjack", "--shoe", SHOE, "--actions", "h").output

    def test_insurance_answered_y(self):
        """burn, TH, up AS, 7D, hole 9C: 'y' places the Insurance Wager (§ 633a.8), lost when 9C is turned."""
        out = run("play", "blackjack", "--shoe", "2C TH AS 7D 9C", "--actions", "y,s").output
        assert "insurance=yes seat 1  § 633a.8" in out and "insurance 5.00: lose -5.00" in out

    def test_pai_gow_low_card_in_any_case(self):
        assert "low seat 1  § 670a.11" in run("play", "six-card-fortune-pai-gow", "--seed", "3", "--actions", "low=6d").output


class TestWithoutDecisions:
    def test_strategy_plays_the_round(self):
        result = run("play", "blackjack", "--seed", "7", "--strategy", "basic")
        assert result.exit_code == 0 and "state: Round complete" in result.output

    def test_a_round_needing_no_decision_needs_no_actions(self):
        """The player's Blackjack (AS KH) is paid at once: nothing to decide, exit 0."""
        assert run("play", "blackjack", "--shoe", "2C AS 9D KH 7C").exit_code == 0


class TestCoverageWritesWhereAsked:
    def test_outside_a_checkout_it_asks_for_out(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        result = run("coverage", "six-card-fortune-pai-gow", "--write", "--sessions", "5")
        assert result.exit_code == 2
        assert result.output == "error: coverage --write: not inside a pa-table-games checkout; give --out DIR\n"

    def test_out_folder_gets_the_file_the_same_twice(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        for folder in ("a", "b"):
            run("coverage", "six-card-fortune-pai-gow", "--write", "--sessions", "20", "--out", folder)
        first = (tmp_path / "a" / "six-card-fortune-pai-gow.yaml").read_text()
        assert first == (tmp_path / "b" / "six-card-fortune-pai-gow.yaml").read_text()
        assert "scenarios:" in first
