"""The bad-input corpus (tests/bad_input/): every malformed input gives one line naming what and where.

``bad_input/expected.yaml`` is the table: each machine file, Rules file, round log and
command line of the corpus with the exact line it must give. Machine files are loaded with
a small test registry (and a few broken copies of machines/blackjack.yaml go through the
command line); Rules files and logs go through the library and through ``pa-table-games``,
where a user error is exit status 2, ``error: <the line>`` on stderr and no traceback.
"""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
import yaml
from click.testing import CliRunner

from pa_table_games.runtime import game as game_module
from pa_table_games.cli import main
from pa_table_games.errors import InputFileError, MachineFileError, RulesFileError
from pa_table_games.games import load_game
from pa_table_games.games import GAMES, game_info
from pa_table_games.games.blackjack.paytables import wagers as optional_wagers
from pa_table_games.machine.registry import Registry
from pa_table_games.machine.loader import load_spec

BAD = Path(__file__).resolve().parent / "bad_input"
TABLE = yaml.safe_load((BAD / "expected.yaml").read_text(encoding="utf-8"))


def fill(text: str, **extra: str) -> str:
    """The expected line with the table's placeholders filled in."""
    known = {
        "games": ", ".join(GAMES),
        "sorted_games": ", ".join(sorted(GAMES)),
        "quoted_games": ", ".join(f"'{g}'" for g in sorted(GAMES)),
        "blackjack_options": ", ".join(sorted(f.name for f in attrs.fields(game_info("blackjack").rules_class))),
        "blackjack_wagers": ", ".join(game_info("blackjack").wagers),
        "optional_wagers": ", ".join(optional_wagers()),
        "bad": str(BAD),
        **extra,
    }
    return re.sub(r"\{(\w+)\}", lambda m: known.get(m[1], m[0]), text)


def cli(*args: str):
    """Run ``pa-table-games args`` (no operator log key set); return (exit code, stdout, stderr)."""
    result = CliRunner(env={"PA_TABLE_GAMES_LOG_KEY": ""}).invoke(main, list(args))
    assert "Traceback" not in result.output + result.stderr
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


# -- the test registry the machine files are loaded against ------------------------------------------
TEST_REGISTRY = Registry("test")


@TEST_REGISTRY.guard("(b)")
def card_is_red(rnd, unit) -> bool:
    """the card dealt is a heart or a diamond"""
    return rnd.card in "HD"


@TEST_REGISTRY.guard("(z)")
def card_is_black(rnd, unit) -> bool:
    """the card dealt is a spade or a club (registered with a cite no machine file indexes)"""
    return rnd.card in "SC"


@TEST_REGISTRY.action("(a)")
def deal_card(rnd) -> None:
    """deal one card face up"""


class TestCorpus:
    def test_at_least_150_cases(self):
        """The corpus holds at least 150 cases, each with its exact expected line."""
        assert sum(len(cases) for cases in TABLE.values()) >= 150

    @pytest.mark.parametrize("kind, folder, ext", [("machines", "machines", "yaml"), ("rules", "rules", "yaml"),
                                                   ("logs", "logs", "jsonl")])
    def test_every_file_has_its_line(self, kind, folder, ext):
        """Every file in the corpus is in the table and every table entry is a file (valid.yaml excepted)."""
        files = {p.name for p in (BAD / folder).glob(f"*.{ext}")} - {"valid.yaml"}
        assert files == set(TABLE[kind])


class TestMachineFiles:
    def test_the_valid_machine_loads(self):
        """The machine every bad file is made from loads, so each bad file has exactly one defect."""
        spec = load_spec(BAD / "machines" / "valid.yaml", TEST_REGISTRY)
        assert spec.initial == "start" and spec.final_states() == {"done"}

    @pytest.mark.parametrize("name", sorted(TABLE["machines"]))
    def test_bad_machine_file(self, name):
        """A malformed machine file is refused with one line: file:line: what is wrong."""
        path = BAD / "machines" / name
        with pytest.raises(MachineFileError) as refused:
            load_spec(path, TEST_REGISTRY)
        assert str(refused.value) == f"{path}:{fill(TABLE['machines'][name])}"

    @pytest.mark.slow  # a heavy check: `make test-long`
    def test_single_line_mutations_never_crash_the_loader(self, tmp_path):
        """Every one-line mutation of the valid machine loads or gives one MachineFileError line, never a crash."""
        lines = (BAD / "machines" / "valid.yaml").read_text(encoding="utf-8").splitlines(keepends=True)
        path, refused = tmp_path / "mutant.yaml", 0
        for text in _mutations(lines):
            path.write_text(text, encoding="utf-8")
            try:
                load_spec(path, TEST_REGISTRY)
            except MachineFileError as err:
                assert "\n" not in str(err) and str(err).startswith(f"{path}:"), text
                refused += 1
        assert refused > 300

    @pytest.mark.parametrize("key, defect, line", [
        ("title", "expr: \"__import__('os').system('true')\"", "unknown key 'expr' in machine file"),
        ("title", "title: !!python/object/apply:os.system [\"true\"]",
         "YAML: tags are not allowed (plain data only): 'tag:yaml.org,2002:python/object/apply:os.system'"),
        ("initial", "initial: nowhere", "initial state 'nowhere' is not a state"),
    ])
    def test_bad_machine_file_through_the_command_line(self, tmp_path, monkeypatch, key, defect, line):
        """A broken machines/blackjack.yaml stops `play` with exit status 2 and its file:line."""
        lines = (game_module.MACHINES / "blackjack.yaml").read_text(encoding="utf-8").splitlines()
        number = next(i for i, text in enumerate(lines, 1) if text.startswith(f"{key}:"))
        lines[number - 1] = defect
        machine = tmp_path / "blackjack.yaml"
        machine.write_text("\n".join(lines) + "\n", encoding="utf-8")
        monkeypatch.setattr(game_module, "MACHINES", tmp_path)
        for cache in ("_BOUND", "_ENGINES"):  # machine files are loaded once per process
            if hasattr(game_module, cache):
                monkeypatch.setattr(game_module, cache, {})
        code, out, err = cli("play", "blackjack", "--seed", "1", "--actions", "stand")
        assert (code, out) == (2, "")
        assert err.startswith(f"error: {machine}:{number}: {line}") and err.count("\n") == 1


class TestRulesFiles:
    @pytest.mark.parametrize("name", sorted(TABLE["rules"]))
    def test_bad_rules_file(self, name):
        """A malformed Rules file is refused by load_game with one line: file:line: what is wrong."""
        game, line = TABLE["rules"][name]
        path = BAD / "rules" / name
        with pytest.raises(RulesFileError) as refused:
            load_game(game, rules=path)
        assert str(refused.value) == f"{path}:{fill(line)}"

    @pytest.mark.parametrize("name", sorted(TABLE["rules"]))
    def test_bad_rules_file_through_the_command_line(self, name):
        """`play GAME --rules FILE` prints that line after 'error:' on stderr and exits 2."""
        game, line = TABLE["rules"][name]
        path = BAD / "rules" / name
        assert cli("play", game, "--rules", str(path), "--seed", "1") == (2, "", f"error: {path}:{fill(line)}\n")


class TestRoundLogs:
    @pytest.mark.parametrize("name", sorted(TABLE["logs"]))
    def test_bad_log(self, name):
        """`replay LOG` of a malformed round log prints one line naming the log's line and exits 2
        (--allow-v1: what is malformed is in the header, whatever the version)."""
        path = BAD / "logs" / name
        assert cli("replay", str(path), "--allow-v1") == (2, "", f"error: {path}:{fill(TABLE['logs'][name])}\n")

    def test_bad_log_is_an_input_file_error(self):
        """The library raises the log's error as an InputFileError carrying the file and line."""
        from pa_table_games.audit.replay import replay

        with pytest.raises(InputFileError) as refused:
            replay(BAD / "logs" / "not_json.jsonl")
        assert (refused.value.file, refused.value.line) == (str(BAD / "logs" / "not_json.jsonl"), 2)


class TestCommandLine:
    @pytest.mark.parametrize("args, line", TABLE["cli"], ids=[" ".join(map(str, a)) for a, _ in TABLE["cli"]])
    def test_bad_command_line(self, args, line, tmp_path):
        """A bad --shoe, --seat, --actions or option gives exactly one error line and exit status 2."""
        words = [fill(str(a), tmp=str(tmp_path)) for a in args]
        assert cli(*words) == (2, "", fill(line, tmp=str(tmp_path)) + "\n")


def _mutations(lines: list[str]):
    """Each line deleted; each value of each line replaced by 5, [], {}, null, true, ... in turn."""
    values = ("5", "[]", "{}", "null", "true", "[5]", "[[x]]", "{a: b}", '""', "-1", "x")
    for i, line in enumerate(lines):
        yield "".join(lines[:i] + lines[i + 1:])
        for key in re.finditer(r"(\w+): ", line):
            rest, depth, end = line[key.end():], 0, 0
            while end < len(rest) and rest[end] != "\n" and not (depth == 0 and rest[end] in ",]}"):
                depth += rest[end] in "[{"
                depth -= rest[end] in "]}"
                end += 1
            for value in values:
                yield "".join(lines[:i] + [line[:key.end()] + value + rest[end:]] + lines[i + 1:])
