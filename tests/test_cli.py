"""The command line: output contracts and one-line errors with exit status 2."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import click
import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.cli.play import play_round
from pa_table_games.cli.words import NotAnAction
from pa_table_games.errors import IllegalAction, ShoeExhausted, TableGamesError
from pa_table_games.runtime.round import Round
from pa_table_games.games import BUILT_IN, load_game, machine_path


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
    (["play", "blackjack", "--seat", "1:blackjack=-5"], "error: --seat '1:blackjack=-5': blackjack=-5: not an amount: write a positive amount"),
    (["play", "blackjack", "--seat", "9:blackjack=5"], "error: seat 9: the table has positions 1 to 7"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C", "--actions", "split"],
     "error: action 1 'split': allowed only when the hand is two cards of equal value and the Rules allow another split — § 633a.11"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C", "--actions", ""],
     "error: the actions ran out in 'Player decisions': legal now for seat 1 hand 1: hit, stand, double, surrender"),
    (["play", "blackjack", "--shoe", "2C 9H 6S 2D 7C"], None),
    (["play", "blackjack", "--shoe", "2C 9H 6S"], "error: the shoe ran out of cards at deal_second_cards after 3 cards"),
    (["play", "blackjack", "--rules", "/nonexistent.yaml"], "error: /nonexistent.yaml: cannot read"),
    (["edge", "blackjack", "bad_beat", "--decks", "6"], "error: edge blackjack bad_beat: simulated, not exact"),
    # a character Python's strip() takes for a space but the decision keeps is shown: before, "'H' is not an action"
    (["play", "blackjack", "--shoe", "2C TH 6S 5D 7C 6H TD", "--actions", "H\u2028"], "error: action 1 'H\\u2028': not an action"),
    # an empty name is no strategy: before, play took it as none given and simulate as the default
    (["play", "blackjack", "--seed", "1", "--strategy", ""], "error: unknown strategy '' for blackjack (known: "),
    (["simulate", "blackjack", "--rounds", "10", "--strategy", ""], "error: unknown strategy '' for blackjack (known: "),
])
def test_user_errors_are_one_line_exit_2(args, line):
    """Each user error prints one line starting with the expected text and exits 2."""
    result = run(*args)
    assert result.exit_code == 2
    if line:
        assert result.output.startswith(line) and result.output.count("\n") == 1


class TestOneNamePerGame:
    @pytest.mark.parametrize("args", [
        ["play", "double_down_madness", "--seed", "4", "--strategy", "madness"],
        ["simulate", "double_down_madness", "--rounds", "200", "--seed", "1"],
        ["trace", "double_down_madness"],
        ["rules", "Double-Down-Madness"],
    ])
    def test_the_underscore_spelling_is_accepted_with_a_note(self, args):
        """The machine file's spelling works in every command that takes a game, with one note."""
        result = CliRunner().invoke(main, args)
        assert result.exit_code == 0, result.output
        notes = [line for line in result.stderr.splitlines() if line.startswith("note:")]
        assert notes == ["note: double_down_madness is double-down-madness on the command line"] or "_" not in args[1]

    @pytest.mark.slow  # a heavy check: `make test-long`
    def test_edge_takes_the_game_name(self):
        hyphen = run("edge", "double-down-madness", "--json")
        assert hyphen.exit_code == 0 and json.loads(hyphen.stdout)["house_edge"] > 0

    def test_edge_error_lists_the_games(self):
        """A word that is neither a game nor one game's wager: one line naming the games to choose from."""
        result = run("edge", "poker")
        assert result.exit_code == 2 and result.output.count("\n") == 1
        listed = re.search(r"^error: unknown game or wager 'poker': edge GAME \[WAGER\] \(games: ([^)]*)\), or a ",
                           result.output).group(1).split(", ")
        assert listed == sorted(listed) and set(BUILT_IN) <= set(listed), result.output

    def test_edge_of_pai_gow_lists_its_wagers(self):
        result = run("edge", "six-card-fortune-pai-gow")
        assert result.exit_code == 0 and "fortune_bonus      Fortune Bonus Wager" in result.output


COMMANDS = ["list", "rules", "play", "demo", "diagram", "review", "diff", "trace", "coverage", "replay", "simulate", "edge",
            "check"]


class TestConventions:
    @pytest.mark.parametrize("command", [[], *([c] for c in COMMANDS)], ids=lambda c: " ".join(c) or "top level")
    def test_dash_h_everywhere(self, command):
        result = run(*command, "-h")
        assert result.exit_code == 0 and result.output.startswith("Usage: ")

    def test_shell_completion_is_clicks_own(self):
        """_PA_TABLE_GAMES_COMPLETE=bash_complete completes commands and game names (documented in -h)."""
        env = {"_PA_TABLE_GAMES_COMPLETE": "bash_complete", "COMP_WORDS": "pa-table-games play dou", "COMP_CWORD": "2"}
        result = CliRunner().invoke(main, [], prog_name="pa-table-games", env=env)
        assert "double-down-madness" in result.output
        assert "_PA_TABLE_GAMES_COMPLETE=bash_source pa-table-games" in run("-h").output

    def test_rules_lists_every_option_with_default_allowed_values_and_cite(self):
        import attrs

        from pa_table_games.games.blackjack.rules import BlackjackRules

        out = run("rules", "blackjack").output
        for f in attrs.fields(BlackjackRules):
            assert f"\n{f.name} (" in out
        assert "\nshuffle (cover_card; cover_card | every_round; § 633a.7(e))" in out
        assert "\ndecks (6; whole number 1..12; § 633a.2)" in out

    def test_a_misspelt_rules_option_gets_a_suggestion(self, tmp_path):
        rules = tmp_path / "casino.yaml"
        rules.write_text("dekcs: 8\n")
        result = run("play", "blackjack", "--rules", str(rules), "--seed", "7", "--strategy", "basic")
        assert result.exit_code == 2 and "unknown Rules option 'dekcs' for BlackjackRules: did you mean decks?" in result.output

    def test_wager_names_in_any_case(self):
        result = run("play", "blackjack", "--seat", "1:Blackjack=10,LUCKY_LADIES=5", "--seed", "7", "--strategy", "basic")
        assert result.exit_code == 0 and "lucky_ladies" in result.output

    @pytest.mark.parametrize("command", ["simulate", "play"])
    def test_help_lists_every_strategy(self, command):
        from pa_table_games.games import GAMES
        from pa_table_games.strategies import strategy_names

        shown = " ".join(run(command, "--help").output.split())
        for game in GAMES:
            for name in strategy_names(game):
                assert name in shown, f"{command} --help omits {game}'s {name}"

    def test_simulate_header_shows_the_shuffle(self):
        out = run("simulate", "blackjack", "--rounds", "200", "--seed", "1").output
        assert "shuffle cover_card" in out.splitlines()[1]


class TestExitStatuses:
    """Every command says in -h, and the README in its table, each status it exits with."""

    @staticmethod
    def statuses(text: str) -> set[int]:
        return {int(n) for n in re.findall(r"(?:^|; )(\d+) ", text)}

    def test_every_command_lists_its_exit_statuses_as_the_readme_does(self):
        import click

        from pa_table_games.cli.app import COMMANDS

        readme = (Path(__file__).parent.parent / "README.md").read_text(encoding="utf-8")
        rows = {name: cells for names, cells in re.findall(r"^\| (`[a-z`, ]+`) \| (\d.*) \|$", readme, re.M)
                for name in re.findall(r"`([a-z]+)`", names)}
        with click.Context(main) as ctx:
            for name in sorted(COMMANDS):
                help_text = " ".join(main.get_command(ctx, name).help.split())
                said = re.search(r"Exit status: (.*?)\.?$", help_text)
                assert said, f"{name} -h lists no exit status"
                assert {0, 2} <= self.statuses(said[1]) <= {0, 1, 2, 130}, (name, said[1])
                assert self.statuses(said[1]) == self.statuses(rows[name]), (name, said[1], rows[name])


@pytest.mark.parametrize("trigger, dest, decide", [("spin", "dealer_ready", ["--strategy", "basic"]),
                                                   ("back", "round_start", ["--actions", "stand"])])
def test_a_machine_going_round_without_end_is_stopped(tmp_path, trigger, dest, decide):
    """A machine file whose dealer steps go round for ever (a guarded loop, nothing changing it) stops the round with
    one line naming the transition's file:line, exit 2. Before, ``play`` dealt on with no end, its memory growing:
    run as a process, so a round that does not stop fails at the deadline."""
    text = machine_path("blackjack").read_text(encoding="utf-8")
    anchor = "  - {trigger: continue_shoe, source: round_start, dest: dealer_ready, cite: [\"(c)\"]}\n"
    assert anchor in text
    loop = f"  - {{trigger: {trigger}, source: dealer_ready, dest: {dest}, cite: ['(a)'], unless: [double_shoe_is_used]}}\n"
    path = tmp_path / "blackjack.yaml"
    path.write_text(text.replace(anchor, anchor + loop), encoding="utf-8")
    line = text[:text.index(anchor)].count("\n") + 2
    done = subprocess.run([sys.executable, "-m", "pa_table_games", "play", "blackjack", "--machine", str(path),
                           "--seed", "7", *decide], capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.splitlines() == [
        f"error: {path}:{line}: transition {trigger!r} (dealer_ready -> {dest}) takes one round past 10,000 steps: "
        f"the machine goes round without a decision or an end (the round stopped)"]


def test_an_edited_machine_whose_steps_its_actions_cannot_take_is_named_at_the_failing_transition(tmp_path):
    """An edited machine file that loads (every name registered) but leaves out a step its game's actions rely on -
    here the deal of the dealer's up card, § 633a.7(f) - fails where an action first needs that step: one line naming
    the transition's file:line and what failed, exit 2, the log not written. Before, ``play`` stopped on a Python
    traceback (IndexError in the layout's hole card), exit 1."""
    text = machine_path("blackjack").read_text(encoding="utf-8")
    assert text.count("do: [deal_dealer_up_card]}") == 1
    path = tmp_path / "blackjack.yaml"
    path.write_text(text.replace("do: [deal_dealer_up_card]}", "do: []}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "blackjack", "--machine", str(path), "--seed", "1", "--actions", "stand",
                                       "--log", str(tmp_path / "round.jsonl")])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    [said] = result.output.splitlines()
    failing = next(n for n, line in enumerate(text.splitlines(), 1) if "trigger: turn_hole_card," in line)
    assert said.startswith(f"error: {path}:{failing}: transition 'turn_hole_card' (player_decisions -> "
                           "hole_card_turned) failed: IndexError: ")
    assert not (tmp_path / "round.jsonl").exists()


def test_an_edited_machine_whose_deal_the_strategy_cannot_read_is_named_at_the_deciding_state(tmp_path):
    """The same, where a strategy decides first: Double Down Madness with the hole card's deal left out (§ 692.7(e)(1)),
    so the madness table finds no up card where the layout keeps it. One line naming the state's file:line and what
    failed, exit 2, the log not written. Before, ``play --strategy`` stopped on a traceback (IndexError in the
    layout's up card): the hostile-files fuzzer found it."""
    text = machine_path("double-down-madness").read_text(encoding="utf-8")
    assert text.count("do: [deal_hole_card]}") == 1
    path = tmp_path / "double_down_madness.yaml"
    path.write_text(text.replace("do: [deal_hole_card]}", "do: []}"), encoding="utf-8")
    result = CliRunner().invoke(main, ["play", "double-down-madness", "--machine", str(path), "--seed", "0",
                                       "--strategy", "madness", "--log", str(tmp_path / "round.jsonl")])
    assert result.exit_code == 2 and "Traceback" not in result.output, result.output
    [said] = result.output.splitlines()
    state = [n for n, line in enumerate(text.splitlines(), 1) if "{id: player_decisions," in line][-1]  # the state's
    assert said.startswith(f"error: {path}:{state}: strategy 'madness' could not decide in state 'player_decisions': "
                           "IndexError: ")
    assert not (tmp_path / "round.jsonl").exists()


@pytest.mark.parametrize("actions, at", [(",stand", 1), ("stand,", 2), ("hit,,stand", 2)])
def test_an_empty_decision_between_commas_is_refused(actions, at):
    """``--actions hit,,stand`` may have lost a decision: before, the empty entry was dropped without a word and the
    round played on with the ones left."""
    result = CliRunner().invoke(main, ["play", "blackjack", "--shoe", "2C TH 6S 5D 7C 6H TD", "--seat", "1:blackjack=10",
                                       "--actions", actions])
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: --actions {actions!r}: decision {at} is empty (between commas)"]


def test_a_long_word_not_understood_is_quoted_by_its_start():
    """At the prompt, a 3,000-character line was repeated whole in its 'not understood' line; it is quoted by its start
    and its length, as every other message quotes a long text (numbers.shown)."""
    from pa_table_games import Shoe, load_game
    from pa_table_games.cli.words import NotAnAction, normalise

    rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH 6S 5D 7C 6H TD")).advance()
    with pytest.raises(NotAnAction) as refused:
        normalise(rnd, "q" * 3000)
    assert str(refused.value).startswith(f"{'q' * 20!r}... (3,000 characters) is not an action")
    assert len(str(refused.value)) < 200


@pytest.mark.parametrize("actions, said", [
    ("hit," + "d" * 5000, "action 2 'dddddddddddddddddddd'... (5,000 characters): the round is already over"),
    ("hit,,stand" + "d" * 5000, "--actions 'hit,,standdddddddddd'... (5,010 characters): decision 2 is empty "
                                "(between commas)"),
])
def test_a_long_action_is_quoted_by_its_start_and_length(actions, said):
    """A decision given after the round is over, or a list with an empty one: before, the whole of it was echoed (a
    5,046-byte line for 5,000 characters)."""
    result = CliRunner().invoke(main, ["play", "blackjack", "--seed", "7", "--actions", actions])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == f"error: {said}"


#: burn 2C; seat 1 TH, up card AS, seat 1 7D, hole card 9C: Insurance is offered, then the hand decides; no card is left
OFFERED = "2C TH AS 7D 9C"


@pytest.mark.parametrize("second, said", [
    ("split", "allowed only when the hand is two cards of equal value and the Rules allow another split — § 633a.11"),
    ("Fold", "not an action (legal now: hit, stand, double, surrender)"),
    ("double=0", "'0': not a positive amount (write double=AMOUNT) — § 633a.7(i)(2)"),
    ("hit", "the shoe ran out of cards at hit after 5 cards: stack more cards"),
])
def test_a_refused_decision_of_the_list_is_named_by_its_place(second, said):
    """play --actions: a refusal names which decision of the list it refuses, as 'the round is already over' does.
    Before: ``error: split: ...``, ``error: 'Fold' is not an action ...``, whichever of the list it was."""
    result = run("play", "blackjack", "--shoe", OFFERED, "--seat", "1:blackjack=10", "--actions", f"insurance=no,{second}")
    assert result.exit_code == 2
    assert result.output.splitlines() == [f"error: action 2 {second!r}: {said}"]


@pytest.mark.parametrize("second, refusal", [("split", IllegalAction), ("fold", NotAnAction), ("hit", ShoeExhausted)])
def test_a_refused_decision_of_the_list_keeps_its_kind(second, refusal):
    """play_round (play, the walk-through, demo) raises the refusal's own type, a cited one with its reason and cite."""
    with pytest.raises(refusal, match=f"^action 2 '{second}': ") as refused:
        play_round(load_game("blackjack"), {1: {"blackjack": 10}}, ["insurance=no", second], shoe=OFFERED)
    if refusal is IllegalAction:
        assert (refused.value.action, refused.value.cite) == ("split", "§ 633a.11")


def test_a_game_s_own_illegal_action_keeps_its_type_and_fields(monkeypatch):
    """A game's own IllegalAction (a subclass with a field of its own) refused in --actions is raised by play_round as
    itself, its message led by the decision's place (before: remade as a plain IllegalAction, the field lost)."""
    class Foul(IllegalAction):
        def __init__(self, seconds: int) -> None:
            super().__init__("insurance=no", f"decided in {seconds} s", "§ 633a.7(h)")
            self.seconds = seconds

    def refuse(rnd, *args, **kwargs):
        raise Foul(0)
    monkeypatch.setattr(Round, "act", refuse)
    with pytest.raises(Foul, match=r"^action 1 'insurance=no': decided in 0 s — § 633a\.7\(h\)$") as refused:
        play_round(load_game("blackjack"), {1: {"blackjack": 10}}, ["insurance=no"], shoe=OFFERED)
    assert (refused.value.seconds, refused.value.cite) == (0, "§ 633a.7(h)")


def test_a_game_s_own_refusal_made_another_way_is_named_too(monkeypatch):
    """A refusal of a type whose constructor takes other arguments (a plugin game's own error) is still one line led
    by the decision's place, not a traceback from remaking it."""
    class TooFast(TableGamesError):
        def __init__(self, seconds: int) -> None:
            super().__init__(f"decided in {seconds} s: the dealer had not finished")

    def refuse(rnd, *args, **kwargs):
        raise TooFast(0)
    monkeypatch.setattr(Round, "act", refuse)
    result = run("play", "blackjack", "--shoe", OFFERED, "--seat", "1:blackjack=10", "--actions", "insurance=no")
    assert (result.exit_code, result.output.splitlines()) == (
        2, ["error: action 1 'insurance=no': decided in 0 s: the dealer had not finished"])


def test_the_legal_now_line_names_the_low_cards():
    """Pai Gow's low is listed as low=CARD with the cards the player may name, and low alone says what to write. Before:
    'legal now ...: double_down, low, house_way', where low was always refused."""
    result = CliRunner().invoke(main, ["play", "six-card-fortune-pai-gow", "--seed", "3"])
    assert result.exit_code == 2
    assert result.output.splitlines()[-1] == (
        "error: a decision is due in 'Players set their hands (§ 670a.11, public rules)': legal now for seat 1 hand 1: "
        "double_down, low=CARD (7H 7D 6D TC TS TD), house_way: give --actions or --strategy, or run on a terminal")
    result = CliRunner().invoke(main, ["play", "six-card-fortune-pai-gow", "--seed", "3", "--actions", "low"])
    assert result.output.splitlines()[-1] == \
        "error: action 1 'low': no card named (write low=CARD, one of 7H 7D 6D TC TS TD) — § 670a.11"


def test_every_help_example_names_a_game_this_install_has():
    """Each example of a command taking games (``pa-table-games check blackjack``) names a game ``list`` shows, so that
    it runs as printed; before, ``check -h`` showed ``check high-card`` and ``check my-game``, games of a plugin the
    reader does not have (exit 2)."""
    ctx = click.Context(main)
    wrong = []
    for name in main.list_commands(ctx):
        command = main.get_command(ctx, name)
        if not any(isinstance(p, click.Argument) and p.name in ("game", "games") for p in command.params):
            continue
        for line in (command.epilog or "").splitlines():
            words = line.split()
            if words[:2] == ["pa-table-games", name] and len(words) > 2 and not words[2].startswith("-") \
                    and words[2] not in BUILT_IN:
                wrong.append(line.strip())
    assert wrong == []
