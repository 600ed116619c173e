"""The game-neutral packages name no game: what is game-specific lives with the game (its ``GameInfo``, its
machine file, its package), so a plugin gets every command a built-in section gets.

The code of ``cli/``, ``simulation/``, ``review/``, ``audit/``, ``rules/``, ``strategies/`` and ``testing/`` is read
as Python (docstrings, comments and the examples of ``--help`` are prose and may show a game): no import of a
game's module, no identifier and no string naming a built-in section or its modules, and no data file of a game.
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

from pa_table_games.games import BUILT_IN

PACKAGE = Path(__file__).resolve().parent.parent / "pa_table_games"
NEUTRAL = ("cli", "simulation", "review", "audit", "rules", "strategies", "testing")
#: Each built-in section's names: its command-line name, its module, and the words they are made of that name
#: it alone (Blackjack's word is also its game's; Pai Gow and Madness name theirs).
NAMES = sorted({*BUILT_IN, *(m.rpartition(".")[2] for m in BUILT_IN.values()), "blackjack", "madness", "pai_gow",
                "pai-gow", "paigow", "six_card", "six-card"})
NAMED = re.compile("|".join(re.escape(n) for n in NAMES), re.IGNORECASE)


def _prose(tree: ast.AST) -> set[int]:
    """ids of the string nodes that are prose: docstrings, and the help and epilog texts of the command line."""
    prose: set[int] = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                prose.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg in ("help", "epilog", "lead"):
            prose.update(id(n) for n in ast.walk(node.value))
    return prose


def named_games(path: Path) -> list[str]:
    """``line: what`` for every import, identifier or string of ``path``'s code that names a built-in section."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    prose, found = _prose(tree), []
    for node in ast.walk(tree):
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            words = [getattr(node, "module", None) or "", *(a.name for a in node.names)]
        elif isinstance(node, ast.Name):
            words = [node.id]
        elif isinstance(node, ast.Attribute):
            words = [node.attr]
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef)):
            words = [node.name]
        elif isinstance(node, ast.arg):
            words = [node.arg]
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in prose:
            words = [node.value]
        else:
            continue
        found += [f"{node.lineno}: {w!r}" for w in words if w and NAMED.search(w)]
    return found


def _sources() -> list[Path]:
    return sorted(p for folder in NEUTRAL for p in (PACKAGE / folder).rglob("*.py"))


class TestGameNeutralPackages:
    @pytest.mark.parametrize("path", _sources(), ids=lambda p: str(p.relative_to(PACKAGE)))
    def test_no_game_is_named_in_the_code(self, path):
        """No import of a game's module, no identifier and no string naming a built-in section."""
        assert named_games(path) == []

    def test_no_game_data_lies_in_them(self):
        """Strategy tables, pay tables and other data of a game live with the game, not here."""
        data = [str(p.relative_to(PACKAGE)) for folder in NEUTRAL for p in (PACKAGE / folder).rglob("*")
                if p.is_file() and p.suffix not in (".py", ".pyc")]
        assert data == []

    def test_the_check_finds_what_it_looks_for(self, tmp_path):
        """A table keyed by a game's name, an import of its module and a comparison with its name are found; the
        same names in a docstring or a help text are not."""
        path = tmp_path / "sample.py"
        path.write_text('"""Prose about blackjack."""\n'
                        "from pa_table_games.games.six_card_fortune_pai_gow import INFO\n"
                        "DEFAULTS = {'double-down-madness': 'madness'}\n"
                        "def f(spec):\n    return spec.game == 'blackjack'\n"
                        "option = dict(help='as in blackjack', epilog='pa-table-games play blackjack')\n",
                        encoding="utf-8")
        found = named_games(path)
        assert [line.split(":")[0] for line in found] == ["2", "3", "3", "5"]
