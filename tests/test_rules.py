"""Rules Submission files."""

from __future__ import annotations

import pytest

from pa_table_games import load_game
from pa_table_games.errors import RulesFileError
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.rules.options import describe, load_rules


class TestBlackjackRules:
    def test_defaults_say_they_are_defaults(self):
        """Options whose source is unavailable say 'default' in their help."""
        helps = {name: help for name, _, _, help in describe(BlackjackRules())}
        assert "default" in helps["blackjack_pays"] and "default" in helps["decks"]

    def test_file_overrides(self, tmp_path):
        """A Rules file changes only the options it names."""
        path = tmp_path / "casino.yaml"
        path.write_text("decks: 8\nsettlement: right_to_left\n")
        rules = load_game("blackjack", str(path)).rules
        assert (rules.decks, rules.settlement, rules.blackjack_pays) == (8, "right_to_left", "3:2")

    @pytest.mark.parametrize("text, message", [
        ("deks: 8\n", "2: unknown Rules option 'deks'"),
        ("decks: 0\n", "1: decks must be a whole number 1..12, not 0"),
        ("decks: six\n", "1: decks must be a whole number 1..12, not 'six'"),
        ("blackjack_pays: 3 to 2\n", "1: blackjack_pays must be odds like \"3:2\""),
        ("settlement: random\n", "1: settlement must be one of collect_then_pay, right_to_left"),
        ("[1, 2]\n", "1: a Rules file is a mapping"),
    ])
    def test_bad_files_name_the_line(self, tmp_path, text, message):
        """Each bad option is one error naming the file and line."""
        path = tmp_path / "bad.yaml"
        path.write_text("# casino\n" + text if text.startswith("deks") else text)
        with pytest.raises(RulesFileError) as err:
            load_rules(BlackjackRules, path)
        assert str(err.value).startswith(f"{path}:") and message in str(err.value)
