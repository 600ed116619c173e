"""Every command finds a section's machine file where its ``INFO.machine`` says: a built-in section whose module is
not named after its machine file is listed by ``list`` and described by ``rules`` as ``check`` and ``simulate`` load
it (they looked for ``machines/<module>.yaml``, "cannot read machine file")."""

from __future__ import annotations

import sys

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.cli.about_commands import rules
from pa_table_games.games import BUILT_IN, GAMES, _declared_machine, game_info, machine_path
from pa_table_games.runtime.game import MACHINES

#: A section of the package in all but its module's name: Double Down Madness's INFO under another name, its
#: machine file named as the module is not.
RENAMED = '''
import attrs

from pa_table_games.games.double_down_madness import INFO as MADNESS
from pa_table_games.runtime.game import GameInfo

INFO = GameInfo(**{{k: v for k, v in attrs.asdict(MADNESS, recurse=False).items() if k not in ("name", "machine")}},
                name="renamed-section", machine={machine})
'''


@pytest.fixture(params=['"double_down_madness.yaml"', '"double_down_madness" + ".yaml"'],
                ids=["written as a string", "an expression"])
def renamed(request, tmp_path, monkeypatch):
    """``renamed-section``, a built-in whose module ``renamed_section`` declares ``double_down_madness.yaml``: as a
    string (read from the source) or as an expression (the module is imported to find it)."""
    (tmp_path / "renamed_section.py").write_text(RENAMED.format(machine=request.param), encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setitem(BUILT_IN, "renamed-section", "renamed_section")
    monkeypatch.setattr(GAMES, "_found", None)  # the games are found again, with it
    monkeypatch.setattr(GAMES, "_loaded", {})
    yield "renamed-section"
    sys.modules.pop("renamed_section", None)


def test_list_names_the_declared_machine_file(renamed):
    done = CliRunner().invoke(main, ["list"])
    listed = {line.split()[0]: line.split()[1:] for line in done.output.splitlines()}
    assert done.exit_code == 0 and renamed in listed, done.output
    assert listed[renamed] == [str(MACHINES / "double_down_madness.yaml"), *"58 Pa. Code § 692.7".split()]


def test_rules_names_the_section_of_the_declared_machine_file(renamed, capsys):
    """The command's own function (its GAME argument takes the games known when the command line was imported)."""
    rules.callback(game=renamed)
    assert capsys.readouterr().out.startswith(f"Rules options for {renamed} (§ 692.7): ")


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_each_section_s_machine_file_is_the_one_its_info_names(name):
    """What ``list`` reads from the module's source is what the loaded game binds."""
    assert machine_path(name) == game_info(name).machine_file


@pytest.mark.parametrize("source, found", [
    ('INFO = GameInfo(machine="a.yaml")\n', "a.yaml"),
    ('INFO = GameInfo(machine="a.yaml")\nINFO = attrs.evolve(INFO, machine="b.yaml")\n', None),
    ('INFO = GameInfo(machine="a.yaml"\n', None),
], ids=["one INFO", "INFO assigned twice", "a source that does not parse"])
def test_the_source_is_taken_at_its_word_only_where_it_says_one_thing(source, found, tmp_path, monkeypatch):
    """Where the source could mislead (a second INFO) or cannot be read, the game is loaded instead, which then says
    what is wrong in one line (before: the first INFO's file was named; a syntax error was a traceback)."""
    (tmp_path / "odd_section.py").write_text(source, encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    assert _declared_machine("odd_section") == found
