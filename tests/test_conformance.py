"""The conformance kit (``pa_table_games.testing``, ``pa-table-games check GAME``): the three sections of the package
and the toy game installed as a plugin conform; a plugin with one deliberate fault of each kind is named, fault by
fault, at the file:line marked ``# fault: CHECK`` in its source (tests/faulty_game)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from pa_table_games.games import BUILT_IN
from pa_table_games.testing import CHECKS, check_game

from plugins import TESTS, install, on_path

#: The checks of the sections that run in ``make test`` (their views, simulations and prices are drawn and run by
#: test_diagram, test_review, test_walkthrough, test_simulate and test_edge there; the full check is slow, below).
QUICK_CHECKS = ("structure", "play", "turns", "reached")
FAULTY = TESTS / "faulty_game"
MARK = re.compile(r"# fault: ([a-z ]+)$")


class TestTheSectionsConform:
    @pytest.mark.parametrize("name", sorted(BUILT_IN))
    def test_random_play_turns_and_reach(self, name):
        """Random legal and illegal decisions and bad amounts keep every invariant, every guard answers a bool in
        every state reached, every step's effects undo, logs replay, every declaration is load-bearing and every
        transition is reached."""
        report = check_game(name, checks=QUICK_CHECKS)
        assert [str(f) for f in report.findings] == []
        assert report.rounds >= 25 and report.declarations >= 1

    @pytest.mark.slow  # every view written, each strategy simulated, each main wager priced exactly: `make test-long`
    @pytest.mark.parametrize("name", sorted(BUILT_IN))
    def test_the_command_line_check_passes(self, name):
        """`pa-table-games check GAME` runs every check and exits 0."""
        done = subprocess.run([sys.executable, "-m", "pa_table_games", "check", name], capture_output=True, text=True,
                              timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.strip().endswith("every view written, simulated and priced)")


class TestAPluginConforms:
    def test_the_toy_game_installed_through_its_entry_point_passes_every_check(self):
        """The toy game (a distribution of its own, pip-installed for the suite) passes every check of the kit."""
        report = check_game("high-card")
        assert [str(f) for f in report.findings] == [] and report.conforms
        assert set(CHECKS) == {"structure", "play", "turns", "reached", "views", "simulate"}


@pytest.fixture(scope="module")
def faulty(request):  # (used by slow tests only: a pip install and a check in a fresh Python)
    """The faulty plugin pip-installed into a folder of its own; (that folder, `check` run on it)."""
    folder = install(FAULTY, Path(request.config.cache.mkdir("plugins")))
    done = subprocess.run([sys.executable, "-m", "pa_table_games", "check", "faulty-high-card"], capture_output=True,
                          text=True, env=on_path(folder), timeout=600)
    return folder, done


def marked(folder: Path) -> list[tuple[str, str]]:
    """(file:line, check) of every ``# fault: CHECK`` mark in the installed plugin's files."""
    found = []
    for path in sorted((folder / "casino_faulty").glob("*.*")):
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if match := MARK.search(line):
                found.append((f"{path}:{number}", match[1]))
    return found


@pytest.mark.slow  # a pip install (kept while the plugin's files do not change) and a fresh Python: `make test-long`
class TestAFaultyPluginIsNamed:
    def test_check_exits_1_with_one_line_per_finding(self, faulty):
        """Findings are one a line on stdout, then the count; exit status 1; no traceback."""
        _, done = faulty
        assert done.returncode == 1 and "Traceback" not in done.stdout + done.stderr, done.stderr
        assert re.fullmatch(r"faulty-high-card: \d+ finding\(s\)", done.stdout.splitlines()[-1])

    def test_each_kind_of_fault_is_named_at_its_file_and_line(self, faulty):
        """Every check names its fault where it is written: the guard that raises, the action that loses a card or
        changes the round without an effect, the decision offered then refused, the amount answered by a traceback,
        the chance the log does not record, the declaration the actions ignore, the transition no round fires, the
        name registered and never used, the demo that cannot be played, the strategy and the analyser that fail."""
        folder, done = faulty
        marks = marked(folder)
        assert {check for _, check in marks} == {"guards", "invariants", "effects", "decisions", "bad amounts", "logs",
                                                 "turns", "reached", "trace", "views", "simulate", "edge"}
        for place, check in marks:
            assert f"{place}: {check}: " in done.stdout, f"{check} at {place} not found in:\n{done.stdout}"

    def test_a_waiver_with_its_reason_is_what_quiets_an_unreached_transition(self, faulty, tmp_path):
        """``search: waived: {transition: reason}`` in the game's scenario file accepts a transition no round fires,
        and only that one: the faulty plugin's ``void_round`` is named unreached without it, and not with it, while
        every other fault is still named. (The sections fire every transition, so only a plugin shows a waiver
        hiding something.)"""
        folder, done = faulty
        [(place, _)] = [(place, check) for place, check in marked(folder) if check == "reached"]
        assert f"{place}: reached: " in done.stdout, done.stdout
        (tmp_path / "faulty-high-card.yaml").write_text(
            "game: faulty-high-card\nsearch:\n  waived:\n    void_round: 'no card order deals a void round'\n"
            "scenarios: []\n", encoding="utf-8")
        waived = subprocess.run([sys.executable, "-m", "pa_table_games", "check", "faulty-high-card", "--scenarios",
                                 str(tmp_path)], capture_output=True, text=True, env=on_path(folder), timeout=600)
        assert waived.returncode == 1 and "Traceback" not in waived.stdout + waived.stderr, waived.stderr
        assert f"{place}: reached: " not in waived.stdout, waived.stdout
        for elsewhere, check in marked(folder):
            assert check == "reached" or f"{elsewhere}: {check}: " in waived.stdout, f"{check} at {elsewhere} not found"
