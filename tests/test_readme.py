"""The README runs: every command in its ``sh`` and ``console`` blocks, its ``pycon`` examples, its ``pty`` transcript.

* ``sh``: each ``pa-table-games`` line runs (in order, one scratch folder per block, so ``replay round.jsonl``
  finds the log ``play --log round.jsonl`` wrote) and exits 0; each ``make`` line names a Makefile
  target; each ``pytest`` line names test files that exist (those lines are the test suite itself).
* ``console``: each ``$ pa-table-games`` line runs and prints the lines shown, ``...`` standing
  for any number of lines.
* ``pycon``: each Python example runs as a doctest, outputs compared.
* ``pty``: the interactive transcript is typed on a pseudo-terminal; every line shown appears, in order.
* the **Actions** paragraph: each game's ``action_names`` as its learning environment has them, in order.

Long commands run smaller at the quick depth and as written at the long one (``make test-long``):
a million-round simulation with fewer rounds, a full coverage search with fewer sessions,
Blackjack's exact edge with six decks (a dealer table for another deck count costs about 10 s of
CPU on an empty ``~/.cache``).
"""

from __future__ import annotations

import doctest
import os
import re
import shlex
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

import pa_table_games.rl as rl
from conftest import needs_dask
from depth import LONG
from pa_table_games.cli import main
from terminal import session

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
FENCE = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks(kind: str) -> list[str]:
    return [body for lang, body in FENCE.findall(README.read_text(encoding="utf-8")) if lang == kind]


def logical_lines(body: str) -> list[str]:
    """Lines with ``\\`` continuations joined."""
    return [line.strip() for line in body.replace("\\\n", " ").splitlines() if line.strip()]


def cli_words(line: str) -> list[str] | None:
    """``.venv/bin/pa-table-games play ... # comment`` -> ``["play", ...]``; None for other programs."""
    words = shlex.split(line, comments=True)
    if words and Path(words[0]).name == "pa-table-games":
        return words[1:]
    return None


def quick(words: list[str]) -> tuple[list[str], tuple[int, ...]]:
    """The command as run at the quick depth, and the exit statuses it may end with."""
    if LONG:
        return words, (0,)
    words = list(words)
    if words[0] == "simulate" and "--rounds" in words:  # play --rounds deals a few rounds as written
        words[words.index("--rounds") + 1] = "2000"
    if words[0] == "coverage":  # a short search: what it leaves unreached is listed, exit 0
        return words + ["--sessions", "60"], (0,)
    if words[:2] == ["edge", "blackjack"] and "--decks" not in words:
        return words + ["--decks", "6"], (0,)  # the six-deck dealer table the other edge tests computed
    return words, (0,)


def run(words: list[str]):
    result = CliRunner().invoke(main, words)
    assert "Traceback" not in result.output, result.output
    return result


@pytest.fixture
def scratch(tmp_path, monkeypatch):
    """A scratch folder as the working directory holding the README's casino.yaml, with the pinned
    renderer `dot` on the PATH."""
    monkeypatch.chdir(tmp_path)
    (tmp_path / "casino.yaml").write_text(blocks("yaml")[0], encoding="utf-8")  # the README's Rules file
    monkeypatch.setenv("PATH", f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    return tmp_path


def test_the_readme_runs_its_commands():
    """The sh blocks hold the README's commands: at least fifteen of them run below."""
    assert sum(cli_words(line) is not None for body in blocks("sh") for line in logical_lines(body)) >= 15


def opening(body: str) -> str:
    """A block's name in the test report: its first command's first words."""
    words = shlex.split(logical_lines(body)[0], comments=True)
    return " ".join([Path(words[0]).name] + words[1:3])


def heavy(body: str) -> bool:
    """A block running an exact blackjack-family edge, a coverage search, a conformance check, or worker processes
    (``--workers``, a Dask ``--scheduler``): a heavy check (``make test-long``)."""
    words = [cli_words(line) or [] for line in logical_lines(body)]
    return any(w[:1] in (["coverage"], ["check"]) or w[:2] in (["edge", "blackjack"], ["edge", "double-down-madness"])
               or (w[:1] == ["simulate"] and ("--workers" in w or "--scheduler" in w)) for w in words)


def marks(body: str) -> list:
    """A heavy block runs in `make test-long`; one using Dask is skipped, saying why, without the Dask extra."""
    return [pytest.mark.slow] * heavy(body) + [needs_dask] * ("--scheduler" in body)


@pytest.mark.parametrize("body", [pytest.param(body, marks=marks(body)) for body in blocks("sh")], ids=opening)
def test_every_sh_command_runs(scratch, body):
    """Every command line of an sh block does what it says, in order, in one folder; what it says it
    writes (``--log FILE``, ``--out FOLDER``) is there afterwards."""
    targets = set(re.findall(r"^([\w-]+):", (ROOT / "Makefile").read_text(), re.M))
    written = []
    for line in logical_lines(body):
        words = cli_words(line)
        if words is not None:
            words, ok = quick(words)
            result = run(words)
            assert result.exit_code in ok, f"{line}\n{result.output}"
            written += [words[i + 1] for i, word in enumerate(words[:-1]) if word in ("--log", "--out")]
        elif line.startswith("make "):
            assert line.split()[1] in targets, line
        elif "pytest" in line:
            for name in re.findall(r"tests/\S+\.py", line):
                assert (ROOT / name).is_file(), line
        else:
            pytest.fail(f"README line neither runs nor is checked: {line}")
    for path in written:
        assert (scratch / path).exists(), f"{path}: named by the README, not written"
    if "review --out diagrams" in body:
        assert (scratch / "diagrams" / "index.html").is_file()


def expected_matches(shown: str, expected: list[str]) -> bool:
    """``shown`` lines equal ``expected``'s, a ``...`` line standing for any number of lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line) + "\n" for line in expected)
    return re.fullmatch(pattern, shown.rstrip("\n") + "\n") is not None


def console_examples() -> list[tuple[str, list[str]]]:
    examples: list[tuple[str, list[str]]] = []
    for body in blocks("console"):
        for line in body.rstrip("\n").split("\n"):
            if line.startswith("$ "):
                examples.append((line[2:], []))
            else:
                examples[-1][1].append(line)
    return examples


@pytest.mark.parametrize("command, expected", console_examples(), ids=lambda v: v if isinstance(v, str) else "")
def test_console_output_is_what_the_readme_shows(scratch, command, expected):
    """A console block's command prints exactly the lines shown (``...``: any lines)."""
    result = run(cli_words(command))
    assert result.exit_code in (0, 2)
    assert result.output.startswith("error: ") == (result.exit_code == 2)
    assert expected_matches(result.output, expected), result.output


@pytest.mark.parametrize("body", blocks("pycon"), ids=lambda body: body.split("\n", 1)[0])
def test_python_examples_run_as_shown(scratch, body):
    """Each pycon example is a doctest: every output shown is the output produced."""
    test = doctest.DocTestParser().get_doctest(body, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    runner.run(test)
    assert runner.failures == 0 and runner.tries >= 8


def test_interactive_transcript(scratch):
    """The pty transcript, typed on a pseudo-terminal, shows every line of the README in order."""
    (body,) = blocks("pty")
    lines = body.rstrip("\n").split("\n")
    words = cli_words(lines[0][2:])
    answers = [line[2:] for line in lines[1:] if line.startswith("> ")]
    code, shown, _ = session(words, answers)
    assert code == 0
    position = 0
    for line in lines[1:]:
        found = shown.find(line, position)
        assert found >= 0, f"not shown (in order): {line!r}\n{shown}"
        position = found + len(line)


def spelt_out(words: list[str]) -> list[str]:
    """``low=card1 ... low=card3`` -> ``low=card1 low=card2 low=card3``."""
    out: list[str] = []
    for i, word in enumerate(words):
        if word == "...":
            stem = words[i + 1].rstrip("0123456789")
            out += [f"{stem}{n}" for n in range(int(out[-1][len(stem):]) + 1, int(words[i + 1][len(stem):]))]
        else:
            out.append(word)
    return out


def readme_action_names() -> dict[str, tuple[str, ...]]:
    """The action_names the README's **Actions** paragraph lists for each game."""
    text = README.read_text(encoding="utf-8")
    paragraph = " ".join(text[text.index("**Actions** are"):].split("\n\n", 1)[0].split())
    games = {"Blackjack": "blackjack", "Double Down Madness": "double-down-madness",
             "Pai Gow": "six-card-fortune-pai-gow"}
    return {games[game]: tuple(spelt_out(words.split()))
            for words, game in re.findall(r"`([^`]+)` in (Blackjack|Double Down Madness|Pai Gow)\b", paragraph)}


def test_the_action_names_listed_are_the_environments():
    """The README lists each game's action_names in the environment's order. Before, Blackjack's were listed
    hit stand ... house_money=add|keep, where the environment has house_money=add first."""
    listed = readme_action_names()
    assert sorted(listed) == ["blackjack", "double-down-madness", "six-card-fortune-pai-gow"]
    for game, words in listed.items():
        assert rl.make(game).action_names == words, game
