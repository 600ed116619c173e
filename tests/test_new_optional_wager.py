"""A new optional Blackjack wager takes four files: its subsection in the machine file, its classifier
in ``first_cards.py``, its pay table in ``paytables/blackjack.yaml``, and its test (this one).

The package is copied to a scratch folder and exactly those three package files are edited, as
``docs/adding-a-game.md`` shows, with an ILLUSTRATIVE wager (a Suited Start Wager: not a Pennsylvania
wager, made up for the example). The copy then deals it, settles it in the (g) pass with its cite,
and prices it exactly: the wager played is the wager priced. And the edits could be committed as they
are: the project's checks of the wager list, the pay tables and the regulation texts pass on the copy
(its subsection and pay table marked illustrative are kept out of the text's check).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from plugins import on_path

ROOT = Path(__file__).resolve().parent.parent

SUBSECTION = '  "(g)(11)": "Suited Start Wager (illustrative, not a Pennsylvania wager): initial two cards of one suit are paid."\n'
CLASSIFIER = '''

@first_cards_wager("suited_start", "player")
def suited_start_outcome(player2: Sequence[Card]) -> str | None:
    """Suited Start Wager (illustrative), (g)(11): the initial two cards are of one suit."""
    return "suited" if is_suited(player2) else None
'''
PAY_TABLE = '''
  suited_start:
    title: Suited Start Wager
    cite: "633a.7(g)(11)"
    default: illustrative
    tables:
      - name: illustrative
        illustrative: true
        source: made up for the guide's example; not a Pennsylvania wager
        pays:
          suited: "3:1"
'''

PLAY = """
import json, pa_table_games
from pa_table_games import Shoe, load_game
from pa_table_games.analysis.edge import exact_edge
rnd = load_game("blackjack").new_round({1: {"blackjack": 10, "suited_start": 5}, 2: {"blackjack": 10, "suited_start": 5}},
                                      shoe=Shoe.stacked("KH 2C 3D 5H 9C 9S 6D 8C TC")).advance()
rows = [s.to_json() for e in rnd.events for s in e.settled if s.wager == "suited_start"]
edge = exact_edge("suited_start", 6)
print(json.dumps({"package": pa_table_games.__file__, "rows": rows, "edge": [edge.house_edge.numerator,
                  edge.house_edge.denominator]}))
"""


def _edited_copy(into: Path) -> list[str]:
    """The package copied into ``into`` with the new wager's three package files edited; their paths."""
    package = into / "pa_table_games"
    shutil.copytree(ROOT / "pa_table_games", package, symlinks=False,
                    ignore=shutil.ignore_patterns("__pycache__"))
    machine = package / "machines" / "blackjack.yaml"
    text = machine.read_text(encoding="utf-8")
    last_g10 = max(i for i, line in enumerate(text.splitlines(True)) if line.startswith('  "(g)(10)'))
    lines = text.splitlines(True)
    lines.insert(last_g10 + 1, SUBSECTION)
    text = "".join(lines).replace("super_match, three_card_poker, straight_jack, house_money]",
                                  "super_match, three_card_poker, straight_jack, house_money, suited_start]", 1)
    text = text.replace('"(g)(9)", "(g)(10)"],', '"(g)(9)", "(g)(10)", "(g)(11)"],', 1)
    machine.write_text(text, encoding="utf-8")
    classifiers = package / "games" / "blackjack" / "first_cards.py"
    classifiers.write_text(classifiers.read_text(encoding="utf-8") + CLASSIFIER, encoding="utf-8")
    tables = package / "paytables" / "blackjack.yaml"
    tables.write_text(tables.read_text(encoding="utf-8") + PAY_TABLE, encoding="utf-8")
    return [str(p.relative_to(into)) for p in (machine, classifiers, tables)]


@pytest.mark.slow  # the project's own tests run again on the edited copy: `make test-long`
def test_the_edits_can_be_committed_as_they_are(tmp_path):
    """The tests that guard the wager names, the pay tables and the regulation texts pass on the edited copy."""
    _edited_copy(tmp_path)
    done = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-o", "addopts=",
                           str(ROOT / "tests" / "test_paytables.py"), str(ROOT / "tests" / "test_regulation_texts.py"),
                           str(ROOT / "tests" / "test_edge.py"), str(ROOT / "tests" / "test_machine_properties.py"),
                           "-m", "not slow", "-x"],
                          cwd=tmp_path, env=on_path(tmp_path), capture_output=True, text=True, timeout=900)
    assert done.returncode == 0, done.stdout[-3000:]
    assert "passed" in done.stdout


def test_a_new_first_cards_wager_is_dealt_settled_and_priced_from_three_package_files(tmp_path):
    edited = _edited_copy(tmp_path)
    changed = sorted(str(p.relative_to(tmp_path)) for p in (tmp_path / "pa_table_games").rglob("*")
                     if p.is_file() and (ROOT / p.relative_to(tmp_path)).read_bytes() != p.read_bytes())
    assert changed == sorted(edited)  # three package files (and this test: four)

    env = {**os.environ, "PYTHONPATH": str(tmp_path)}
    done = subprocess.run([sys.executable, "-c", PLAY], cwd=tmp_path, env=env, capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout)
    assert found["package"].startswith(str(tmp_path))  # the edited copy ran, not the checkout
    # seat 1 holds 2C 9C (suited: 3 to 1), seat 2 holds 3D 9S (collected), settled from the dealer's right
    by_seat = {row["seat"]: row for row in found["rows"]}
    assert [row["seat"] for row in found["rows"]] == [2, 1]
    assert (by_seat[1]["outcome"], by_seat[1]["net"]) == ("suited", 15.0)
    assert (by_seat[2]["outcome"], by_seat[2]["net"]) == ("lose", -5.0)
    assert all("(g)(11)" in row["cite"] for row in found["rows"])
    # six decks: P(suited) = (13*6 - 1) / (52*6 - 1); the edge is 1 - 4 * P(suited) = 3/311
    assert Fraction(*found["edge"]) == Fraction(3, 311)
