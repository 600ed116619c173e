"""A plugin fails alone: a game that cannot be loaded (its module missing, raising on import, calling sys.exit,
declaring no INFO, taking longer than the stated deadline to import, a bad name or entry, a machine file that is
not there or is a device) never breaks another game's command. Commands over every game handle the others, name
each broken one on stderr in one line with its error, and exit 1; no traceback.

The broken games are the entry points of one distribution (tests/broken_games), pip-installed beside the toy game.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from pa_table_games.games import BUILT_IN

from plugins import TESTS, install, on_path

#: Each broken game and the words its line on stderr must hold.
BROKEN = {
    "Bad Name": "a game's name is lower-case words joined by '-'",
    "bad-entry": "'casino_broken.no_info:GAME' is not a module (write package.module)",
    "bad-machine": "/nonexistent/bad_machine.yaml: cannot read",
    "device-machine": "/dev/zero: cannot read",
    "exits-on-import": "its module casino_broken.exits called sys.exit(3) while importing",
    "missing-module": "its module casino_broken.no_such_module cannot be imported: ModuleNotFoundError",
    "no-info": "its module casino_broken.no_info declares no INFO",
    "raises-on-import": "RuntimeError: the casino's database is not reachable",
    "slow-import": "its module casino_broken.slow did not finish importing within 1 s",
}
#: The games that load, in the order `list` gives: the package's sections and the toy game beside the broken ones.
GOOD = tuple(sorted({*BUILT_IN, "high-card"}))


@pytest.fixture(scope="module")
def run(request):
    """The command line with the broken games installed beside the toy game (a 1 s import deadline)."""
    env = on_path(install(TESTS / "broken_games", Path(request.config.cache.mkdir("plugins"))))
    env["PA_TABLE_GAMES_IMPORT_SECONDS"] = "1"

    def run(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess:
        done = subprocess.run([sys.executable, "-m", "pa_table_games", *args], capture_output=True, text=True,
                              env=env, cwd=cwd, timeout=600)
        assert "Traceback" not in done.stdout + done.stderr, done.stderr
        return done
    return run


def one_line_each(stderr: str) -> None:
    """stderr: one line per broken game, naming it and its error, and nothing else."""
    lines = stderr.splitlines()
    assert len(lines) == len(BROKEN), stderr
    for name, why in BROKEN.items():
        assert [line for line in lines if line.startswith(f"error: game {name!r}: ") and why in line], (name, stderr)


class TestEveryGameCommands:
    def test_list_names_the_others_and_each_broken_one_in_a_line(self, run):
        """`list`: every game that loads on stdout with its machine file, each broken one on stderr; exit 1."""
        done = run("list")
        assert done.returncode == 1
        assert [line.split()[0] for line in done.stdout.splitlines()] == list(GOOD)
        one_line_each(done.stderr)

    @pytest.mark.slow  # every game's demo and drawings in a fresh Python: `make test-long`
    def test_diagram_and_demo_do_every_other_game(self, run, tmp_path):
        """`diagram` (no game named) draws the others; `demo` plays the others; each exits 1 naming the broken."""
        drawn = run("diagram", "--format", "dot", "--out", str(tmp_path))
        assert drawn.returncode == 1 and (tmp_path / "high_card.dot").is_file() and (tmp_path / "blackjack.dot").is_file()
        one_line_each(drawn.stderr)
        played = run("demo")
        assert played.returncode == 1 and "Toy § 1.1" in played.stdout and "§ 670a.8" in played.stdout
        one_line_each(played.stderr)

    @pytest.mark.slow  # every page and walk-through, a search per game: heavy, `make test-long`
    def test_review_and_coverage_do_every_other_game(self, run, tmp_path):
        """`review` and `coverage` (no game named) do the others and name each broken one; exit 1."""
        reviewed = run("review", "--out", str(tmp_path))
        assert reviewed.returncode == 1 and (tmp_path / "high_card.html").is_file()
        one_line_each(reviewed.stderr)
        searched = run("coverage", "--sessions", "20")
        assert searched.returncode == 1 and "high-card:" in searched.stdout
        one_line_each(searched.stderr)


class TestOneGameCommands:
    def test_another_games_command_never_meets_them(self, run):
        """`play blackjack` and `edge lucky_ladies` run as if no broken plugin were installed: nothing on stderr."""
        played = run("play", "blackjack", "--shoe", "2C 5H 9S 6D 8C TC", "--actions", "stand")
        assert played.returncode == 0 and played.stderr == ""
        priced = run("edge", "lucky_ladies")
        assert priced.returncode == 0 and "house edge 24.7089 %" in priced.stdout and priced.stderr == ""

    @pytest.mark.parametrize("name", ["no-info", "slow-import", pytest.param("raises-on-import", marks=pytest.mark.slow),
                                      pytest.param("bad-machine", marks=pytest.mark.slow)])
    def test_the_broken_game_asked_for_is_one_line_exit_2(self, run, name):
        """Asking for a broken game itself is a user error: its one line, exit status 2."""
        done = run("play", name, "--seed", "1")
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and BROKEN[name] in done.stderr
