"""The round as its section tells it: phases declared in each machine file, an overview that fits one
printed page at 9 pt or more, and a diagram per phase that fits one or two pages at 7 pt or more."""

from __future__ import annotations

import re
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES, load_game
from pa_table_games.review.phases import crossings, overview_dot, phase_dot, phase_sources

DIAGRAMS = Path(__file__).resolve().parent.parent / "diagrams"
EDGE = re.compile(r'^\t"?([a-z_]+)"? -> "?([a-z_]+)"? ', re.M)


@pytest.mark.parametrize("game", sorted(GAMES))
class TestPhases:
    def test_every_state_is_in_exactly_one_phase_in_the_sections_order(self, game):
        """Phases list every state once; the round starts in the first phase and can end in the last."""
        spec = load_game(game).spec
        listed = [s for p in spec.phases for s in p.states]
        assert sorted(listed) == sorted(s.id for s in spec.states)
        assert spec.initial in spec.phases[0].states
        assert any(spec.state(s).final for s in spec.phases[-1].states)

    def test_the_overview_draws_every_move_between_phases(self, game):
        """An arrow between two phases exactly where some transition leaves one phase for the other."""
        spec = load_game(game).spec
        moves = {(spec.phase_of(t.source).id, spec.phase_of(t.dest).id) for t in spec.transitions
                 if spec.phase_of(t.source) != spec.phase_of(t.dest)}
        assert set(EDGE.findall(overview_dot(spec))) == moves == set(crossings(spec))

    def test_every_step_on_an_overview_arrow_names_its_subsections(self, game):
        """Each step an arrow between phases lists ends with the subsections its transitions cite, so a reader of
        the overview alone can look each one up (the peek -> settlement arrow of a dealer Blackjack: (h), (o))."""
        spec = load_game(game).spec
        source = overview_dot(spec)
        for (a, b), steps in crossings(spec).items():
            label = re.search(rf'\t"?{a}"? -> "?{b}"? \[label="(.*?)" id=', source, re.S).group(1)
            said = [" ".join(s.split()) for s in re.split(r"(?:^|\n)\u2022 ", label) if s.strip()]
            assert said and all(re.search(r" \((\(|§ )[^ ]*.*\)$", s) for s in said), (a, b, said)
            for t in steps:
                assert t.cite[0] in " ".join(label.split()), (t.trigger, label)

    def test_each_step_is_drawn_in_the_phases_it_joins(self, game):
        """A step inside a phase is drawn on that phase's page; a step between phases on both, to a stub."""
        spec = load_game(game).spec
        pages = {p.id: phase_dot(spec, p) for p in spec.phases}
        for t in spec.transitions:
            where = {spec.phase_of(t.source).id, spec.phase_of(t.dest).id}
            drawn = {pid for pid, dot in pages.items() if re.search(rf'id=t{t.index}\b', dot) or
                     (t.source == t.dest and f'ID="t{t.index}"' in dot)}
            assert drawn == where, (t.trigger, drawn, where)



@pytest.mark.parametrize("game", sorted(BUILT_IN))
def test_committed_overview_and_phase_diagrams_match_the_machine(game):
    """diagrams/<machine>.overview.dot and .phase-<id>.dot are what the machine file draws now."""
    for stem, dot in phase_sources(load_game(game).spec):
        assert (DIAGRAMS / f"{stem}.dot").read_text(encoding="utf-8") == dot, f"diagrams/{stem}.dot is stale"
        assert (DIAGRAMS / f"{stem}.svg").exists()


def test_a_machine_without_phases_draws_none():
    """Phases are optional data: a machine that declares none has no overview (`check` says so)."""
    spec = attrs.evolve(load_game("high-card").spec, phases=())
    assert phase_sources(spec) == []


def _pages(path: Path) -> list[tuple[str, float]]:
    """Each page's text and the smallest text on it, in points on the page (the dossier test's measure)."""
    out = []
    for page in PdfReader(path).pages:
        sizes: list[float] = []

        def size(text, cm, tm, font, font_size) -> None:
            if text.strip() and not re.search(r"review dossier|^page \d+$", text.strip()):  # not the footer
                a, b, c, d = tm[0] * cm[0] + tm[1] * cm[2], tm[0] * cm[1] + tm[1] * cm[3], \
                    tm[2] * cm[0] + tm[3] * cm[2], tm[2] * cm[1] + tm[3] * cm[3]
                sizes.append(abs(a * d - b * c) ** 0.5 * font_size)
        text = re.sub(r"^.*?review dossier\s+page \d+\s*", "", page.extract_text(visitor_text=size), flags=re.S)
        out.append((" ".join(text.split()), min(sizes, default=99.0)))
    return out


@pytest.fixture(scope="module")
def dossiers(tmp_path_factory):
    out = tmp_path_factory.mktemp("dossiers")
    result = CliRunner().invoke(main, ["review", "--pdf", "--out", str(out)])
    assert result.exit_code == 0, result.output
    return out


@pytest.mark.slow  # a heavy check: `make test-long`
@pytest.mark.parametrize("game", sorted(GAMES))
def test_printed_overview_is_one_page_at_9_pt_and_each_phase_at_most_two_at_7_pt(dossiers, game):
    """Read back from the dossier PDF: the overview's page and each phase's pages, with the size of their text."""
    spec = load_game(game).spec
    pages = [(text, smallest) for text, smallest in _pages(dossiers / f"{spec.name}.pdf") if text.startswith("1.")]
    assert all(text for text, _ in _pages(dossiers / f"{spec.name}.pdf")), "a blank page"
    overview = [p for p in pages if p[0].startswith("1. The phases of a round, drawn at")]
    assert len(overview) == 1 and overview[0][1] >= 9 - 1e-6, overview
    for n, phase in enumerate(spec.phases, 1):
        mine = [p for p in pages if p[0].startswith(f"1.{n} Phase {n} of {len(spec.phases)}: {phase.label}")]
        assert 1 <= len(mine) <= 2 and min(s for _, s in mine) >= 7 - 1e-6, (phase.id, [(t[:80], s) for t, s in mine])
