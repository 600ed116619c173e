"""The command line: output contracts and one-line errors with exit status 2."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main


def run(*args):
    result = CliRunner().invoke(main, list(args))
    assert "Traceback" not in result.output
    return result


class TestPlay:
    def test_json_contract(self):
        """--json prints game, section, final_state, events and settlement with net and cite."""
        result = run("play", "blackjack", "--shoe", "2C AS 9D KH 7C", "--json")
        doc = json.loads(result.output)
        assert result.exit_code == 0 and doc["final_state"] == "round_complete"
        assert doc["settlement"] == [{"seat": 1, "wager": "blackjack", "hand": 0, "amount": 10.0,
                                      "outcome": "blackjack", "net": 15.0, "cite": "§ 633a.7(i)(1)(i)"}]
        assert {"seq", "trigger", "source", "dest", "cite"} <= set(doc["events"][0])

    def test_step_log_is_cited(self):
        """The human log shows each step with its citation."""
        result = run("play", "blackjack", "--shoe", "2C TH 6S 5D 7C KC", "--actions", "hit")
        assert result.exit_code == 0 and "deal_hole_card  § 633a.7(f)(4)" in result.output

    def test_demo_plays_every_game(self):
        """demo (make run) plays a cited round of each registered game."""
        result = run("demo")
        assert result.exit_code == 0 and "§ 633a.7(s)" in result.output


@pytest.mark.parametrize("args, line", [
    (["play", "blackjack", "--shoe", "2C XX"], "error: card 2: unknown card code 'XX'"),
    (["play", "blackjack", "--seat", "1:poker=5"], "error: seat 1: unknown Blackjack wager 'poker'"),
    (["play", "blackjack", "--seat", "one"], "error: --seat 'one': write SEAT:WAGER=AMOUNT"),
    (["play", "blackjack", "--seat", "1:blackjack=-5"], "error: --seat '1:blackjack=-5': 'blackjack=-5' is not WAGER=AMOUNT"),
    (["play", "blackjack", "--seat", "9:blackjack=5"], "error: seat 9: the table has positions 1 to 7"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C", "--actions", "split"],
     "error: split: allowed only when the hand is two cards of equal value and the Rules allow another split — § 633a.11"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C", "--actions", ""],
     "error: the actions ran out in 'Player decisions': legal now for seat 1 hand 0: hit, stand, double, surrender"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C"], None),
    (["play", "blackjack", "--shoe", "2C 9H 6S"], "error: the shoe ran out of cards at deal_second_cards after 3 cards"),
    (["play", "blackjack", "--rules", "/nonexistent.yaml"], "error: /nonexistent.yaml: cannot read"),
    (["edge", "bad_beat"], "error: 'bad_beat' is a progressive wager"),
])
def test_user_errors_are_one_line_exit_2(args, line):
    """Each user error prints one line starting with the expected text and exits 2."""
    result = run(*args)
    assert result.exit_code == 2
    if line:
        assert result.output.startswith(line) and result.output.count("\n") == 1
