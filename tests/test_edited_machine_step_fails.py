"""An edited machine file (``--machine``, ``load_game(machine=...)``) whose steps do not fit its game's actions: the
step that fails is named at its transition's line, in one line, by every engine (exit status 2 at the command line).

The edit: Double Down Madness's ``collect_busted_wager`` without ``ends_turn: true``. The busted hand keeps its turn,
the arrow fires again, and the wager would be settled a second time; the chip invariant refuses that
(§ 692.7(l), (o), (p)(1): a busted hand's wager is collected once). Before, only an atomic round named the line; a
simulation (the fast path, the compiled runner) and a round driven without atomic steps raised the bare
AssertionError."""

from __future__ import annotations

import itertools
import re

import pytest
from click.testing import CliRunner

from pa_table_games import load_game
from pa_table_games.cli import main
from pa_table_games.errors import MachineFileError
from pa_table_games.games import machine_path
from pa_table_games.simulation.chunks import deal_rounds
from pa_table_games.strategies import get_strategy

GAME, SEATS, SEED = "double-down-madness", {1: {"double_down_madness": 10}}, 4


@pytest.fixture(scope="module")
def edited(tmp_path_factory):
    """The installed machine file with ``ends_turn: true`` taken off ``collect_busted_wager``; its line number."""
    lines = machine_path(GAME).read_text(encoding="utf-8").splitlines(keepends=True)
    at = next(i for i, line in enumerate(lines) if "trigger: collect_busted_wager" in line)
    assert " ends_turn: true," in lines[at]
    lines[at] = lines[at].replace(" ends_turn: true,", "")
    path = tmp_path_factory.mktemp("edited") / "double_down_madness.yaml"
    path.write_text("".join(lines), encoding="utf-8")
    return path, at + 1


def _named(path, line):
    return re.compile(rf"{re.escape(str(path))}:{line}: transition 'collect_busted_wager' \(player_decisions -> "
                      r"player_decisions\) failed: AssertionError: Wager\(seat=1, name='double_down_madness'.* settled "
                      r"twice \(the edited machine's steps do not fit its game's actions")


def test_play_names_the_line_and_leaves_the_round_as_it_was(edited):
    path, line = edited
    said = CliRunner().invoke(main, ["play", GAME, "--machine", str(path), "--seed", str(SEED), "--strategy", "madness",
                                     "--seat", "1:double_down_madness=10"])
    assert said.exit_code == 2, said.output
    assert _named(path, line).search(said.stderr) and said.stderr.rstrip().endswith("the round is as it was)")
    assert said.stderr.count("\n") == 1 and "Traceback" not in said.output


@pytest.mark.parametrize("engine", ["fast", "compiled"])
def test_a_simulation_names_the_line(edited, engine):
    path, line = edited
    game = load_game(GAME, engine=engine, machine=path)
    rounds = deal_rounds(game, game.new_table(seed=SEED), SEATS, get_strategy(GAME, None, game.rules))
    with pytest.raises(MachineFileError, match=_named(path, line)):
        for _ in itertools.islice(rounds, 200):
            pass


@pytest.mark.parametrize("engine", ["transitions", "compiled", "fast"])
def test_a_round_driven_without_atomic_steps_names_the_line(edited, engine):
    path, line = edited
    game = load_game(GAME, engine=engine, machine=path)
    table, strategy = game.new_table(seed=SEED), get_strategy(GAME, None, game.rules)
    with pytest.raises(MachineFileError, match=_named(path, line)):
        for _ in range(200):
            rnd = game.new_round(SEATS, table=table, atomic=False).advance()
            while not rnd.is_over:
                rnd.act(strategy.choose(rnd, rnd.legal_names())).advance()


def test_the_installed_machine_deals_those_rounds(edited):
    """The same seed and decisions under the installed file: no error (the failure is the edit's)."""
    game = load_game(GAME, engine="fast")
    rounds = deal_rounds(game, game.new_table(seed=SEED), SEATS, get_strategy(GAME, None, game.rules))
    assert len(list(itertools.islice(rounds, 200))) == 200


@pytest.mark.parametrize("engine", ["fast", "compiled"])
def test_a_step_failing_under_the_installed_file_is_the_projects_bug_and_raised_as_it_is(edited, engine):
    """The same failing steps, the game taken for the installed one (not edited): no file of the user's is to blame,
    so the error is not dressed as a machine-file error; it stays the bug it is, for a maintainer's traceback."""
    path, _ = edited
    game = load_game(GAME, engine=engine, machine=path)
    game.edited = False
    rounds = deal_rounds(game, game.new_table(seed=SEED), SEATS, get_strategy(GAME, None, game.rules))
    with pytest.raises(AssertionError, match="settled twice"):
        for _ in itertools.islice(rounds, 200):
            pass
