"""Diagrams: every label cited, conditions in the regulation's words, rows numbered in the order
they are tried, a legend that describes only what is drawn, byte-identical run to run, committed files current."""

from __future__ import annotations

import html
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from pa_table_games import load_game
from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES
from pa_table_games.review.diagram import RULE, render, to_dot

DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"


def words(svg: str) -> str:
    """The drawing's text as a reader sees it: every text line joined, runs of spaces collapsed."""
    lines = [html.unescape(m) for m in re.findall(r"<text[^>]*>(.*?)</text>", svg, re.S)]
    return " ".join(" ".join(lines).replace("\u00a0", " ").split())


def group_words(svg: str, element_id: str) -> str:
    """The text of one element of the drawing (a state box, a row inside it, an arrow)."""
    block = re.search(rf'<g id="{element_id}"[^>]*>(.*?)</g>', svg, re.S).group(1)
    return words(block)


@pytest.fixture(scope="module")
def reader_svgs():
    return {name: render(to_dot(load_game(name).spec)).decode() for name in GAMES}


@pytest.mark.parametrize("name", sorted(GAMES))
class TestDiagram:
    def test_every_transition_is_labelled_with_its_cite(self, name):
        """Each transition's trigger and first citation appear in the code view's DOT text."""
        spec = load_game(name).spec
        dot = to_dot(spec, "code")
        for t in spec.transitions:
            assert t.trigger in dot and spec.cite_text(t.cite[0]) in dot

    def test_reader_view_speaks_the_regulation_not_the_code(self, name, reader_svgs):
        """The reader view writes every guard's one-line meaning and never a guard identifier."""
        spec = load_game(name).spec
        text = words(reader_svgs[name])
        for guard in {g for t in spec.transitions for g in t.guards}:
            assert guard.name not in reader_svgs[name], guard.name
            assert " ".join(guard.doc.split()) in text, guard.doc

    def test_code_view_keeps_the_identifiers(self, name):
        """`--view code` shows the guard names a developer greps for."""
        spec = load_game(name).spec
        dot = to_dot(spec, "code")
        for t in spec.transitions:
            for g in t.when:
                assert g.name in dot

    def test_legend_states_the_rule_and_only_what_is_drawn(self, name, reader_svgs):
        """The legend says the first row whose condition holds fires; it mentions dashed arrows only
        when a dashed arrow is drawn, and blue rows only when a player's decision is a row."""
        spec = load_game(name).spec
        for svg in (reader_svgs[name], render(to_dot(spec, "code")).decode()):
            text = words(svg)
            assert " ".join(RULE.split()) in text
            assert ("dashed" in text) == ("stroke-dasharray" in svg)
            assert ("blue rows" in text) == any(t.by == "player" and t.source == t.dest for t in spec.transitions)

    def test_rows_are_numbered_in_the_order_they_are_tried(self, name, reader_svgs):
        """In every state, dealer steps come first in file order, then the player's decisions: 1, 2, 3 ..."""
        spec = load_game(name).spec
        svg = reader_svgs[name]
        for s in spec.states:
            out = spec.outgoing(s.id)
            tried = [t for t in out if t.by == "dealer"] + [t for t in out if t.by == "player"]
            for n, t in enumerate(tried, 1):
                element = f"a_t{t.index}" if t.source == t.dest else f"t{t.index}"
                who = "Player" if t.by == "player" else "Dealer"
                assert group_words(svg, element).startswith(f"{n}. {who}: {t.trigger.split('=')[0].replace('_', ' ')}")

    def test_rendering_is_deterministic(self, name):
        """Two renders of the same machine give the same SVG bytes."""
        dot = to_dot(load_game(name).spec)
        assert render(dot) == render(dot)

    def test_a_pass_shows_the_sentence_or_the_reading_it_follows(self, name, reader_svgs):
        """Each pass round the table is drawn with where its direction comes from: the subsection whose sentence
        gives it, or ``reading <id> on <what it concerns>`` where the section gives none."""
        spec = load_game(name).spec
        text = words(reader_svgs[name])
        passes = [t.turns for t in spec.transitions if t.turns] + [s.turns for s in spec.states if s.turns]
        missing = [p.cite for p in passes if f"({spec.turns_source(p)})" not in text]
        assert missing == []
        assert all(f"reading {p.reading_id} on" in text for p in passes if p.reading_id)  # named, where one is read


def test_a_meaning_wrapped_over_two_source_lines_is_shown_whole():
    """A registered function's meaning is its doc string's first paragraph, however the source wraps it: the reader's
    review page shows pay_pair_before_other_cards' whole (before, its first line: "... two kings of spades before other")."""
    entry = load_game("blackjack").info.registry.lookup("action", "pay_pair_before_other_cards")
    whole = "pay the player's two queens of hearts and two kings of spades before other cards"
    assert entry.doc.endswith(whole) and whole in (DIAGRAMS / "blackjack.html").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(BUILT_IN))
def test_committed_diagrams_match_the_machine(name):
    """diagrams/<machine>.dot and <machine>.code.dot are what the machine file renders to now (make diagrams)."""
    spec = load_game(name).spec
    assert (DIAGRAMS / f"{spec.name}.dot").read_text() == to_dot(spec, "reader")
    assert (DIAGRAMS / f"{spec.name}.code.dot").read_text() == to_dot(spec, "code")


RENDER_IN_A_PROCESS = """
import hashlib
from pa_table_games.games import GAMES, load_game
from pa_table_games.review.diagram import render, to_dot
for name in sorted(GAMES):
    spec = load_game(name).spec
    for view in ("reader", "code"):
        dot = to_dot(spec, view)
        print(name, view, hashlib.sha256(dot.encode()).hexdigest(), hashlib.sha256(render(dot)).hexdigest())
"""


@pytest.mark.slow  # a heavy check: `make test-long`
def test_rendering_is_the_same_in_processes_with_different_hash_seeds():
    """Two fresh processes with different PYTHONHASHSEED (set and dict-of-str order differ) write the same
    dot text and the same SVG bytes, for every machine and both views."""
    def run(seed: str) -> str:
        env = {**os.environ, "PYTHONHASHSEED": seed}
        done = subprocess.run([sys.executable, "-c", RENDER_IN_A_PROCESS], env=env, capture_output=True, text=True,
                              timeout=600)
        assert done.returncode == 0, done.stderr
        return done.stdout
    first, second = run("1"), run("2")
    assert len(first.splitlines()) == 2 * len(GAMES)
    assert first == second


def test_player_decisions_come_after_the_dealer_steps(reader_svgs):
    """Double Down Madness, 'Player decisions': the dealer turns the hole card (1) or settles a
    Blackjack before any hit, double or stand is offered."""
    spec = load_game("double-down-madness").spec
    svg = reader_svgs["double-down-madness"]
    texts: dict[str, list[str]] = {}
    for t in spec.outgoing("player_decisions"):
        arrow = f"a_t{t.index}" if t.source == t.dest else f"t{t.index}"
        texts.setdefault(t.trigger, []).append(group_words(svg, arrow))
    assert texts["turn_hole_card"][0].startswith("1. Dealer: turn hole card")
    dealer = max(int(v.split(".")[0]) for vs in texts.values() for v in vs if v.split(" ")[1] == "Dealer:")
    assert all(int(v.split(".")[0]) > dealer for k in ("hit", "double", "stand") for v in texts[k])
    later, second, final = texts["hit"]  # each hit arrow cites the card it takes: (j), (h)(1)(i), (h)(2)(i)
    assert "Player: hit — § 692.7(j)" in later and "unless the hand totals 21 or more" in later
    assert "Player: hit — § 692.7(h)(1)(i)" in second and "Player: hit — § 692.7(h)(2)(i)" in final


def test_presumed_section_number_is_said_on_the_drawing(reader_svgs):
    """The seed does not print Double Down Madness's section number: the title says it is presumed."""
    assert "§ 692.7 Caveat: section number presumed" in words(reader_svgs["double-down-madness"])
    assert "Caveat" not in words(reader_svgs["blackjack"])


def test_cli_view_code_writes_only_the_code_view(tmp_path):
    """`diagram blackjack --view code` writes blackjack.code.dot/.svg and nothing else."""
    result = CliRunner().invoke(main, ["diagram", "blackjack", "--view", "code", "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    assert sorted(p.name for p in tmp_path.iterdir()) == ["blackjack.code.dot", "blackjack.code.svg"]
    assert "[dealer_total_below_17]" in (tmp_path / "blackjack.code.svg").read_text()


class TestLabelWords:
    def test_633a_7_n_stop_drawing_names_blackjacks_left_on_the_table(self, reader_svgs):
        """(n) with (i)(1)(ii)(B): the dealer stops drawing when every hand is busted, settled, or a Blackjack
        announced and left on the table; the drawn label says all three, as the guard decides."""
        text = words(reader_svgs["blackjack"])
        assert ("stop drawing — § 633a.7(n) if every hand is busted, already settled or a Blackjack announced and "
                "left on the table, and no open progressive wager depends on the dealer's hand") in text

    def test_double_down_madness_never_mentions_even_money(self, reader_svgs):
        """§ 692.7 has an Insurance wager and no even money: neither view of its diagram speaks of even money."""
        spec = load_game("double-down-madness").spec
        for svg in (reader_svgs["double-down-madness"], render(to_dot(spec, "code")).decode()):
            assert "even money" not in words(svg).lower()
        assert "the player whose turn it is has a Blackjack not yet settled" in words(reader_svgs["double-down-madness"])

