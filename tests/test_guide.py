"""docs/adding-a-game.md builds a working plugin: its example package, printed whole as code blocks each headed
``File `path`:``, is the toy game of the tests (tests/toy_game), and built from the page's blocks alone,
pip-installed and checked with ``pa-table-games check``, it conforms."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from plugins import TOY, install, on_path, without_plugins

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "adding-a-game.md"
FILE_BLOCK = re.compile(r"^File `([^`]+)`:\n\n```[a-z]+\n(.*?)^```\n", re.M | re.S)


def guide_files() -> dict[str, str]:
    """path -> text of every file the guide prints whole."""
    return {path: text for path, text in FILE_BLOCK.findall(GUIDE.read_text(encoding="utf-8"))}


class TestTheGuidesPackage:
    def test_it_prints_every_file_of_the_toy_game_as_it_is(self):
        """The guide's blocks are the toy distribution's files, byte for byte: what the suite installs and checks
        is what the guide teaches."""
        files = guide_files()
        shipped = {str(p.relative_to(TOY)) for p in TOY.rglob("*") if p.is_file() and "__pycache__" not in p.parts}
        assert set(files) == shipped == {"pyproject.toml", "casino_high_card/__init__.py",
                                         "casino_high_card/rules_of_play.py", "casino_high_card/high_card.yaml"}
        for path, text in files.items():
            assert text == (TOY / path).read_text(encoding="utf-8"), f"{path}: the guide and tests/toy_game differ"

    @pytest.mark.slow  # a pip install and a check in a fresh Python: `make test-long`
    def test_built_from_the_page_installed_and_checked_it_conforms(self, tmp_path):
        """The package written from the page's blocks alone, pip-installed, passes `pa-table-games check high-card`."""
        source = tmp_path / "casino-high-card"
        for path, text in guide_files().items():
            (source / path).parent.mkdir(parents=True, exist_ok=True)
            (source / path).write_text(text, encoding="utf-8")
        site = install(source, tmp_path / "site")
        done = subprocess.run([sys.executable, "-m", "pa_table_games", "check", "high-card"], capture_output=True,
                              text=True, env=on_path(site, without_plugins()), cwd=tmp_path, timeout=900)
        assert done.returncode == 0, done.stdout + done.stderr
        assert done.stdout.startswith("high-card: conforms") and str(site) in subprocess.run(
            [sys.executable, "-m", "pa_table_games", "list"], capture_output=True, text=True,
            env=on_path(site, without_plugins()), cwd=tmp_path, timeout=300).stdout
