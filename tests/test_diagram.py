"""Diagrams: every label cited, byte-identical run to run, committed files current."""

from __future__ import annotations

from pathlib import Path

import pytest

from pa_table_games import load_game
from pa_table_games.tools.diagram import render, to_dot
from pa_table_games.games import GAMES

DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"


@pytest.mark.parametrize("name", sorted(GAMES))
class TestDiagram:
    def test_every_transition_is_labelled_with_its_cite(self, name):
        """Each transition's trigger and first citation appear in the DOT text."""
        spec = load_game(name).spec
        dot = to_dot(spec)
        for t in spec.transitions:
            assert t.trigger in dot and spec.cite_text(t.cite[0]) in dot

    def test_rendering_is_deterministic(self, name):
        """Two renders of the same machine give the same SVG bytes."""
        dot = to_dot(load_game(name).spec)
        assert render(dot) == render(dot)

    def test_committed_dot_matches_the_machine(self, name):
        """diagrams/<machine>.dot is what the machine file renders to now (make diagrams)."""
        spec = load_game(name).spec
        assert (DIAGRAMS / f"{spec.name}.dot").read_text() == to_dot(spec)
