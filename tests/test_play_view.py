"""What `play`, `simulate` and `coverage` show a developer off a terminal: the Rules in effect,
hidden cards, whole lines, forgiving words, a default strategy, scenarios written where asked."""

from __future__ import annotations

import json

import pytest
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

    def test_a_pay_table_the_wager_takes_anyway_is_no_change(self, tmp_path):
        """Naming Lucky Ladies' default table A, or Match-the-Dealer's 6-deck table at 6 decks, changes nothing and
        is not listed as a change (nor taken as given by replay); the 6-deck table at 8 decks is a change."""
        rules = tmp_path / "casino.yaml"
        rules.write_text("paytables: {lucky_ladies: A, match_the_dealer: 6-deck}\n")
        out = run("play", "blackjack", "--rules", str(rules), "--shoe", SHOE, "--actions", "stand", "--log",
                  str(tmp_path / "round.json")).output
        assert "Rules changed from the defaults: none" in out
        assert "paytables" not in run("replay", str(tmp_path / "round.json")).output
        rules.write_text("decks: 8\npaytables: {lucky_ladies: A, match_the_dealer: 6-deck}\n")
        out = run("play", "blackjack", "--rules", str(rules), "--shoe", SHOE, "--actions", "stand").output
        assert ("Rules changed from the defaults: decks 8 (default 6), paytables {match_the_dealer: 6-deck} "
                "(default each wager's default table)") in out

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

    def test_a_busted_dealer_busts_rather_than_stands(self):
        """§ 633a.7(m) and § 692.7(n): a dealer over 21 stands on nothing; the step says the dealer busts."""
        out = run("play", "blackjack", "--shoe", SHOE, "--actions", "hit").output  # dealer 6S 7C TD: 23
        assert "dealer_busts  § 633a.7(m)" in out and "dealer_stands" not in out
        out = run("play", "double-down-madness", "--shoe", "9C 8D 5H AS 6C 6S KD 7H 8S",
                  "--seat", "1:double_down_madness=10", "--seat", "2:double_down_madness=10",
                  "--actions", "double,double,hit").output  # dealer 8D 6C 8S: 22
        assert "dealer_busts  § 692.7(n)" in out and "dealer_stands" not in out
        stands = run("play", "blackjack", "--shoe", "2C TH 6S 5D TC 2H", "--actions", "stand").output  # dealer 18
        assert "dealer_stands  § 633a.7(m)" in stands and "dealer_busts" not in stands

    def test_a_card_seen_twice_in_a_row_is_shown_twice(self):
        """Two 8S of one hand (a six-deck shoe) both go to the discard rack, and the step log says so: a card seen
        is shown as often as it moves, so the log's cards can be counted (only hidden moves are counted, 'N x')."""
        out = run("play", "blackjack", "--shoe", "2C 8S 6D 8S TC 5H", "--actions", "stand").output
        discard = next(line for line in out.splitlines() if "discard_hands" in line)
        assert discard.count("[8S]->discard rack") == 2 and discard.count("->discard rack") == 5

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


def dealt_to_others(args: list[str], mine: set[str]) -> set[str]:
    """The cards the round deals face down to places other than ``mine`` and the dealer (from --json)."""
    doc = json.loads(run(*args, "--json").output)
    return {m["card"] for e in doc["events"] for m in e.get("cards", [])
            if not m["face_up"] and m["to"].startswith("seat ") and m["to"] not in mine}


class TestASeatsView:
    """One visibility model (GameInfo.view): a face-down card is shown only to the player of its seat."""

    PAI_GOW = ["play", "six-card-fortune-pai-gow", "--seed", "3", "--seat", "1:six_card_fortune=10",
               "--actions", "house_way"]

    def test_pai_gow_step_log_shows_no_other_stack_and_no_unwagered_card(self):
        """§ 670a.8(g): the stacks of positions without a wager are collected "unexposed"."""
        others = dealt_to_others(self.PAI_GOW, {"seat 1"})
        assert len(others) == 30  # five unwagered stacks of six
        out = run(*self.PAI_GOW).output
        shown = {word.strip("[]").split("->")[0] for word in out.split()}
        assert not others & shown
        collect = next(line for line in out.splitlines() if "collect_unwagered_stacks" in line)
        assert collect.endswith("30 x [face down]->discard rack")
        deal = next(line for line in out.splitlines() if "deal_cards" in line)
        assert "[7H]->seat 1" in deal and deal.count("[face down]->seat") == 30

    def test_reveal_shows_every_card_and_json_keeps_every_card(self):
        others = dealt_to_others(self.PAI_GOW, {"seat 1"})
        out = run(*self.PAI_GOW, "--reveal").output
        assert all(f"[{card}]->seat" in out for card in others)

    def test_hands_are_named_in_the_games_words(self):
        from pa_table_games.cli.play import play_round
        from pa_table_games.cli.table_view import table_lines
        from pa_table_games.games import load_game

        rnd = play_round(load_game("six-card-fortune-pai-gow"), {1: {"six_card_fortune": 10}}, [], seed=3,
                         require_end=False)
        assert any("full house, tens over sevens / six" in line for line in table_lines(rnd))
        rnd.act("house_way")
        rnd = play_round(load_game("blackjack"), {1: {"blackjack": 10}}, [], shoe=SHOE, require_end=False)
        assert "-> seat 1: TH 5D (hard 15); wager blackjack 10.00" in table_lines(rnd)

    def test_a_game_without_a_view_still_gets_a_table(self):
        """The CLI has no per-game branch: a game declaring no view gets the generic one, not a crash."""
        import attrs

        from pa_table_games.cli.play import play_round
        from pa_table_games.cli.table_view import prompt_line, table_lines
        from pa_table_games.games import load_game

        game = load_game("blackjack")
        game.info = attrs.evolve(game.info, view=None)
        rnd = play_round(game, {1: {"blackjack": 10}}, [], shoe=SHOE, require_end=False)
        assert table_lines(rnd)[0] == "dealer" and prompt_line(rnd) == "seat 1 hand 1"

    def test_whose_place_is_the_games_to_say(self):
        """The step log asks the game's view whose seat a place is: a view owning no place hides seat 1's cards."""
        import attrs

        from pa_table_games.cli.display import event_line, sight
        from pa_table_games.cli.play import play_round
        from pa_table_games.games import load_game

        game = load_game("six-card-fortune-pai-gow")
        rnd = play_round(game, {1: {"six_card_fortune": 10}}, ["house_way"], seed=3)
        deal = lambda: next(event_line(e, sight(rnd)) for e in rnd.events if e.trigger == "deal_cards")  # noqa: E731
        assert "[7H]->seat 1" in deal()
        game.info = attrs.evolve(game.info, view=attrs.evolve(game.info.view, owner=lambda place: None))
        assert "7H" not in deal() and deal().count("[face down]->seat") == 36

    def test_double_down_madness_offers_no_double_amount(self):
        """§ 692.9 (default equal): the Double Down wager equals the original; no double=AMOUNT help."""
        from pa_table_games.cli.play import play_round
        from pa_table_games.cli.table_view import legal_lines
        from pa_table_games.games import load_game

        rnd = play_round(load_game("double-down-madness"), {1: {"double_down_madness": 10}}, [],
                         shoe="9C 8D 5H 6C 6S KD", require_end=False)
        double = next(line for line in legal_lines(rnd) if line.strip().startswith("double"))
        assert "AMOUNT" not in double and "equal to the original wager" in double


class TestRounds:
    def test_rounds_by_strategy_keep_the_table(self):
        """--rounds 3 --strategy: one shoe for the three rounds (loaded and burned once)."""
        out = run("play", "blackjack", "--seed", "7", "--rounds", "3", "--strategy", "basic").output
        assert out.count("load_shoe") == 1 and out.count("burn_first_card") == 1
        assert "round 2 of 3" in out and "round 3 of 3" in out and out.count("state: Round complete") == 3

    def test_a_new_dealer_every_two_rounds_burns_a_card_before_rounds_3_and_5(self):
        """--new-dealer-every 2: the first dealer deals rounds 1-2; a new dealer burns one card before
        dealing round 3, another before round 5 (§ 692.7(c)); the batch is burned once."""
        out = run("play", "double-down-madness", "--seed", "7", "--rounds", "5", "--strategy", "madness",
                  "--new-dealer-every", "2").output
        rounds = out.split("\nround ")
        assert [r.split("\n")[0] for r in rounds[1:]] == ["2 of 5", "3 of 5: a new dealer", "4 of 5", "5 of 5: a new dealer"]
        assert ["burn_for_new_dealer  § 692.7(c)  [face down]->discard rack" in r for r in rounds] == \
            [False, False, True, False, True]
        assert out.count("burn_first_card") == 1

    def test_no_new_dealer_where_the_section_has_none(self):
        """§ 670a.8 has no new dealer's burn card: --new-dealer-every is one line, exit status 2."""
        result = run("play", "six-card-fortune-pai-gow", "--seed", "3", "--rounds", "2", "--strategy", "house_way",
                     "--new-dealer-every", "1")
        assert result.exit_code == 2 and result.output.startswith("error: --new-dealer-every: 58 Pa. Code § 670a.8 has "
                                                                  "no new dealer's burn card")

    @pytest.mark.parametrize("args, said", [
        (["--seed", "7", "--strategy", "madness", "--new-dealer-every", "1"],
         "error: --new-dealer-every: give --rounds too: a new dealer comes between rounds at one table\n"),
        (["--shoe", "2C TH 6S 5D 7C 6H TD", "--seed", "4", "--actions", "stand"],
         "error: --seed and --shoe: a shoe is shuffled from a seed or stacked, not both\n"),
    ])
    def test_an_option_that_would_change_nothing_is_refused(self, args, said):
        """Options the round would have ignored (before: exit 0, the seed or the new dealer silently dropped)."""
        result = run("play", "double-down-madness", *args)
        assert (result.exit_code, result.output) == (2, said)

    def test_rounds_refuse_one_round_options(self):
        result = run("play", "blackjack", "--rounds", "2", "--actions", "stand")
        assert result.exit_code == 2 and result.output.startswith("error: --rounds 2: --actions, --json, --log and --walk")

    def test_hands_counted_from_1_for_people_from_0_in_json(self):
        """A split: the second hand is 'hand 2' in the step log, hand 1 in --json."""
        args = ["play", "blackjack", "--shoe", "2C 8H 6S 8D 7C 3S 2D TD", "--actions", "split,stand,stand"]
        out = run(*args).output
        assert "stand seat 1 hand 2" in out and "->seat 1 hand 2" in out
        doc = json.loads(run(*args, "--json").output)
        assert {s["hand"] for s in doc["settlement"]} == {0, 1}
