"""No dead ends outside a checkout: diff reads each argument by one rule, --machine loads an edited
machine file of an installed game, trace --coverage takes the scenarios from a folder, list names
the installed machine files."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

import pa_table_games.review.coverage as coverage
from pa_table_games.cli import main
from pa_table_games.games import GAMES, machine_path

STANDS = '  - {trigger: dealer_stands, source: hole_card_turned, dest: dealer_hand_complete, cite: ["(m)"]}\n'


def run(*args):
    result = CliRunner().invoke(main, [str(a) for a in args])
    assert "Traceback" not in result.output
    return result


def edited(tmp_path: Path) -> Path:
    """The installed blackjack machine with dealer_stands cited to (l) as well."""
    text = machine_path("blackjack").read_text(encoding="utf-8")
    assert STANDS in text
    path = tmp_path / "new.yaml"
    path.write_text(text.replace(STANDS, STANDS.replace('["(m)"]', '["(l)", "(m)"]')), encoding="utf-8")
    return path


class TestDiffReadsEachArgumentByOneRule:
    def test_game_and_file(self, tmp_path, monkeypatch):
        """`diff blackjack new.yaml` from an empty folder: the installed machine against the file (it
        was read as a git revision: 'not a git repository')."""
        new = edited(tmp_path)
        monkeypatch.chdir(tmp_path)
        result = run("diff", "blackjack", new)
        assert result.exit_code == 1
        assert "~ arrow dealer_stands (hole_card_turned -> dealer_hand_complete): cite: § 633a.7(m) -> " \
               "§ 633a.7(l), § 633a.7(m)" in result.stdout
        assert result.stderr.splitlines() == [
            f"note: OLD blackjack: a game: its installed machine file {machine_path('blackjack')}",
            f"note: NEW {new}: a machine file"]

    def test_file_and_game_in_the_other_spelling(self, tmp_path):
        result = run("diff", edited(tmp_path), "blackjack")
        assert result.exit_code == 1 and "note: NEW blackjack: a game" in result.stderr

    def test_anything_else_is_a_revision_checked_by_git(self, tmp_path):
        result = run("diff", "blackjack", "no-such-revision")
        assert result.exit_code == 2 and result.output.count("\n") == 1
        assert "'no-such-revision': it is neither a file, a game (blackjack, " in result.output


class TestEditedMachine:
    @pytest.mark.slow  # a heavy check: `make test-long`
    def test_play_diagram_review_and_trace_read_the_file(self, tmp_path):
        new = edited(tmp_path)
        shoe = ["--shoe", "2C TH 6S 5D TC 2H", "--actions", "stand"]  # the dealer stands on 18
        assert "dealer_stands  § 633a.7(l), § 633a.7(m)" in run("play", "blackjack", "--machine", new, *shoe).output
        assert "dealer_stands  § 633a.7(m)\n" in run("play", "blackjack", *shoe).output
        assert run("diagram", "--machine", new, "--out", tmp_path / "d").exit_code == 0
        assert "§ 633a.7(l)" in (tmp_path / "d" / "new.svg").read_text(encoding="utf-8")
        assert run("review", "blackjack", "--machine", new, "--out", tmp_path / "r").exit_code == 0
        assert (tmp_path / "r" / "new.html").is_file()
        installed = run("trace", "blackjack", "--format", "json").output
        assert run("trace", "blackjack", "--machine", new, "--format", "json").output != installed

    def test_a_file_of_another_game_is_one_line(self, tmp_path):
        result = run("play", "double-down-madness", "--machine", edited(tmp_path), "--seed", "1")
        assert result.exit_code == 2
        assert result.output == f"error: --machine {tmp_path / 'new.yaml'}: a machine file of blackjack, not of double-down-madness\n"


class TestTraceCoverageFromAFolder:
    def test_scenarios_written_with_out_are_read_with_scenarios(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        run("coverage", "six-card-fortune-pai-gow", "--write", "--sessions", "20", "--out", "found")
        result = run("trace", "six-card-fortune-pai-gow", "--coverage", "--scenarios", "found")
        assert result.exit_code == 0 and "six-card-fortune-pai-gow-1" in result.output

    def test_outside_a_checkout_it_asks_for_scenarios(self, tmp_path, monkeypatch):
        monkeypatch.chdir(tmp_path)
        monkeypatch.setattr(coverage, "SCENARIOS", tmp_path / "none")
        result = run("trace", "blackjack", "--coverage")
        assert result.exit_code == 2 and "give --scenarios DIR" in result.output


def test_list_names_the_installed_machine_files():
    lines = run("list").output.splitlines()
    assert len(lines) == len(GAMES)
    for line in lines:
        path = Path(line.split()[1])
        assert path.is_absolute() and path.is_file() and path.suffix == ".yaml"


def test_diff_is_coloured_on_a_terminal_only(tmp_path):
    """Added, removed and changed lines in colour on a terminal; plain text when piped."""
    coloured = CliRunner().invoke(main, ["diff", "blackjack", str(edited(tmp_path))], color=True).stdout
    assert "\x1b[33m~ arrow dealer_stands" in coloured
    assert "\x1b[" not in run("diff", "blackjack", edited(tmp_path)).stdout
