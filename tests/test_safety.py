"""Safety of inputs: machine and Rules files are plain data, loaded safely; names come from a registry.

A file can hold no Python object tag (nothing is constructed, so nothing runs), no alias
(no YAML bomb), and no callable: every guard or action name is looked up in the game's
registry and nowhere else — not in Python's builtins, not by dotted path, not among the
game module's unregistered functions.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pa_table_games.errors import InputFileError, MachineFileError, RulesFileError
from pa_table_games.runtime.game import MACHINES
from pa_table_games.games import load_game
from pa_table_games.games import GAMES, game_info
from pa_table_games.fastpath.asked import MARK
from pa_table_games.fastpath.generate import HOOKS
from pa_table_games.machine.bound import generate
from pa_table_games.runtime.round import Unrecorded
from pa_table_games.machine.loader import load_spec

PACKAGE = Path(__file__).resolve().parent.parent / "pa_table_games"

#: Tags that, under an unsafe loader, would create ``{marker}`` (a file) when the YAML is read.
TAGS = [
    '!!python/object/apply:builtins.open ["{marker}", "w"]',
    '!!python/object/apply:pathlib.Path.touch [!!python/object/apply:pathlib.Path ["{marker}"]]',
    '!!python/object/new:builtins.open ["{marker}", "w"]',
    "!!python/name:os.system",
    "!!python/module:os",
]


def _blackjack_machine(tmp_path: Path, replace: str, by: str) -> Path:
    """A copy of machines/blackjack.yaml with the first ``replace`` replaced ``by``."""
    text = (MACHINES / "blackjack.yaml").read_text(encoding="utf-8")
    assert replace in text
    path = tmp_path / "blackjack.yaml"
    path.write_text(text.replace(replace, by, 1), encoding="utf-8")
    return path


def _registry():
    return game_info("blackjack").registry


class TestObjectTags:
    @pytest.mark.parametrize("tag", TAGS)
    def test_machine_file_tag_is_refused_and_runs_nothing(self, tmp_path, tag):
        """A Python object tag in a machine file is a MachineFileError, and the object is never built."""
        marker = tmp_path / "ran"
        lines = (MACHINES / "blackjack.yaml").read_text(encoding="utf-8").splitlines()
        title = next(line for line in lines if line.startswith("title:"))
        path = _blackjack_machine(tmp_path, title, "title: " + tag.format(marker=marker))
        with pytest.raises(MachineFileError, match="tags are not allowed"):
            load_spec(path, _registry())
        assert not marker.exists()

    @pytest.mark.parametrize("tag", TAGS)
    def test_rules_file_tag_is_refused_and_runs_nothing(self, tmp_path, tag):
        """A Python object tag in a Rules file is a RulesFileError, and the object is never built."""
        marker = tmp_path / "ran"
        path = tmp_path / "rules.yaml"
        path.write_text("decks: " + tag.format(marker=marker) + "\n", encoding="utf-8")
        with pytest.raises(RulesFileError, match=r":1: YAML: tags are not allowed"):
            load_game("blackjack", rules=path)
        assert not marker.exists()

    def test_alias_bomb_is_refused(self, tmp_path):
        """Nested aliases (a "billion laughs" YAML bomb) are refused at the first alias, before any expansion."""
        lines = ['a: &a ["lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol", "lol"]']
        lines += [f"{b}: &{b} [{', '.join([f'*{a}'] * 9)}]" for a, b in zip("abcdefgh", "bcdefghi")]
        path = tmp_path / "rules.yaml"
        path.write_text("\n".join(lines + ["decks: *i"]) + "\n", encoding="utf-8")
        with pytest.raises(RulesFileError) as refused:
            load_game("blackjack", rules=path)
        assert str(refused.value) == f"{path}:2: YAML: aliases (*name) are not allowed (plain data only)"


class TestNamesComeFromTheRegistry:
    @pytest.mark.parametrize("name", ["os.system", "builtins.print", "print", "eval", "__import__",
                                      "pa_table_games.games.blackjack.guards.dealer_shows_ace", "lambda rnd: True"])
    def test_a_callable_that_is_not_registered_is_refused(self, tmp_path, name):
        """A guard named by a Python builtin, a dotted path or an expression is an unknown name, not a call."""
        path = _blackjack_machine(tmp_path, "when: [dealer_shows_ace, insurance_is_offered]",
                                  f'when: ["{name}", insurance_is_offered]')
        with pytest.raises(MachineFileError, match=f"no guard named {re.escape(repr(name))} in the blackjack registry"):
            load_spec(path, _registry())

    def test_a_module_function_that_is_not_registered_is_refused(self, tmp_path):
        """A function of the game's own modules that is not registered (a helper) cannot be named."""
        path = _blackjack_machine(tmp_path, "do: [burn_first_card]", "do: [_burn]")
        with pytest.raises(MachineFileError, match="no action named '_burn' in the blackjack registry"):
            load_spec(path, _registry())

    def test_an_action_is_not_a_guard(self, tmp_path):
        """A registered action named as a guard is refused: kinds are not interchangeable."""
        path = _blackjack_machine(tmp_path, "when: [dealer_shows_ace, insurance_is_offered]",
                                  "when: [burn_first_card, insurance_is_offered]")
        with pytest.raises(MachineFileError, match="no guard named 'burn_first_card'"):
            load_spec(path, _registry())

    def test_an_expression_key_is_refused(self, tmp_path):
        """An ``expr:`` key on a transition is an unknown key: a machine file holds no expressions."""
        path = _blackjack_machine(tmp_path, "when: [dealer_shows_ace, insurance_is_offered]",
                                  'when: [dealer_shows_ace, insurance_is_offered], expr: "rnd.shoe.draw()"')
        with pytest.raises(MachineFileError, match="unknown key 'expr' in a transition"):
            load_spec(path, _registry())

    def test_a_rules_option_cannot_reach_attributes(self, tmp_path):
        """A Rules key naming a Python attribute (``__class__``) is an unknown option, not an attribute access."""
        path = tmp_path / "rules.yaml"
        path.write_text("__class__: os\n", encoding="utf-8")
        with pytest.raises(RulesFileError, match="unknown Rules option '__class__'"):
            load_game("blackjack", rules=path)


class TestSourceHabits:
    def test_no_unsafe_yaml_or_eval_in_the_package(self):
        """No module calls yaml.load with an unsafe loader, eval or exec: input files cannot run code.

        The two execs compile the bound machine's generated rule and the fast path's round function, whose
        skeletons hold only registered function names (checked to be identifiers), state ids and triggers as
        quoted strings, and the runtime's hooks: see test_generated_source_holds_only_known_names."""
        unsafe = re.compile(r"yaml\.(load|unsafe_load|full_load|load_all)\("
                            r"|Loader=yaml\.(Loader|FullLoader|UnsafeLoader)|(?<![\w.])(eval|exec)\(")
        found = [f"{p.relative_to(PACKAGE)}:{line.strip()[:24]}" for p in PACKAGE.rglob("*.py")
                 for line in p.read_text(encoding="utf-8").splitlines() if unsafe.search(line)]
        assert sorted(found) == ["fastpath/generate.py:exec(compile(tree, f\"<fa", "machine/bound.py:exec(compile(source, f\"<"]

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_generated_source_holds_only_known_names(self, name):
        """Every word of the generated rule and of the fast path's skeleton is Python, a registered name, a state
        id, a trigger, a transition's index, one of the runtime's hooks, the round's count of its steps
        (``steps_fired``) or the mark on a transition's test."""
        game = load_game(name, engine="fast")
        machine = game.machine
        spec = machine.spec
        python = {"def", "if", "elif", "else", "and", "not", "return", "None", "while", "True", "continue", "is"}
        known = python | {"rnd", "view", "unit", "turn", "atomic", "T", "state", "choose", "action", "name", "play",
                          "STEPS", "steps_fired", *HOOKS, MARK,
                          "decide", "refuse", "stuck", "goes_round"}
        known |= {e.name for e in spec.entries()} | {s.id for s in spec.states}
        known |= {w for t in spec.transitions for w in re.findall(r"[a-z_]+", t.trigger)}
        known |= {t.turn_guard.name for t in spec.transitions if t.turn_guard is not None}  # the runtime's, per pass
        rnd = game.new_round({1: {game.info.wagers[0]: 10}}, seed=1)
        skeleton = game.engine.function(Unrecorded(game, rnd.table, {1: {game.info.wagers[0]: 10}})).skeleton
        for source in (generate(spec, machine.dealer)[1], skeleton):
            words = {w for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", source)
                     if not re.fullmatch(r"(rule|T|state|[a-z_]+)_\d+", w)}
            assert words <= known, words - known

    def test_every_loader_error_is_an_input_file_error(self, tmp_path):
        """Malformed YAML is an InputFileError with file and line, never a yaml exception leaking out."""
        path = tmp_path / "rules.yaml"
        path.write_text("decks: [6\n", encoding="utf-8")
        with pytest.raises(InputFileError) as refused:
            load_game("blackjack", rules=path)
        assert (refused.value.file, refused.value.line) == (str(path), 2)
