"""The review dossier (`review --pdf`): read back as an officer's PDF reader would, every label, subsection and reading is there."""

from __future__ import annotations

import hashlib
import re
from functools import cache
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner
from pypdf import PdfReader

from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, game_info, load_game
from pa_table_games.errors import TableGamesError
from pa_table_games.review.svg_pdf import Painter, parse, plain, tiles
from pa_table_games.review.trace import trace

COMMITTED = Path(__file__).resolve().parent.parent / "diagrams"


@pytest.fixture(scope="module")
def generations(tmp_path_factory):
    """Two generations of every dossier through the command line, in two folders."""
    folders = [tmp_path_factory.mktemp("first"), tmp_path_factory.mktemp("second")]
    for folder in folders:
        result = CliRunner().invoke(main, ["review", "--pdf", "--out", str(folder)])
        assert result.exit_code == 0, result.output
    return folders


def words(text: str) -> str:
    return " ".join(plain(text).split())


def _times(m: list[float], n: list[float]) -> list[float]:
    return [m[0] * n[0] + m[1] * n[2], m[0] * n[1] + m[1] * n[3], m[2] * n[0] + m[3] * n[2], m[2] * n[1] + m[3] * n[3]]


@cache
def read(path: Path) -> tuple[str, list[float]]:
    """The PDF's text (whitespace collapsed) and the size on the page, in points, of every piece of text."""
    sizes: list[float] = []

    def size(text, cm, tm, font, font_size) -> None:
        if text.strip():
            m = _times(tm, cm)
            sizes.append(abs(m[0] * m[3] - m[1] * m[2]) ** 0.5 * font_size)

    pages = [page.extract_text(visitor_text=size) for page in PdfReader(path).pages]
    text = re.sub(r"58 Pa\. Code § [\d.a-z]+: review dossier\s+page \d+", " ", " ".join(pages))  # the footers
    return " ".join(text.split()), sizes


@pytest.mark.slow  # builds each machine's PDF dossier: a heavy check, `make test-long`
@pytest.mark.parametrize("game", sorted(BUILT_IN))  # the package's sections: their dossiers are committed
class TestDossier:
    def test_every_state_subsection_and_reading_is_in_the_text(self, generations, game):
        """Each state's label, each subsection's citation and paraphrase, each reading's three parts."""
        spec = load_game(game).spec
        text, _ = read(generations[0] / f"{spec.name}.pdf")
        missing = [s.label for s in spec.states if words(s.label) not in text]
        missing += [row.cite for row in trace(spec, game).rows if row.cite not in text]
        missing += [key for key, paraphrase in spec.subsections if words(paraphrase) not in text]
        for r in spec.readings:
            missing += [part for part in (r.reading, f'"{r.rests_on}"', r.rejected) if words(part) not in text]
        assert missing == []

    def test_every_pass_round_the_table_names_where_its_direction_comes_from(self, generations, game):
        """A step or a state's decisions that go round the table say so with the sentence's subsection, or with the
        reading that takes the direction where the section gives none (its id, then what it concerns)."""
        spec = load_game(game).spec
        text, _ = read(generations[0] / f"{spec.name}.pdf")
        passes = [t.turns for t in spec.transitions if t.turns] + [s.turns for s in spec.states if s.turns]
        missing = [words(f"{p.text} ({spec.turns_source(p)})") for p in passes
                   if words(f"{p.text} ({spec.turns_source(p)})") not in text]
        assert missing == []
        assert all(f"reading {p.reading_id} on" in text for p in passes if p.reading_id)  # named, where one is read

    def test_cover_names_the_file_and_its_hash(self, generations, game):
        """The cover gives the section, the machine file and its SHA-256; the DDM cover says the number is presumed."""
        spec = load_game(game).spec
        text, _ = read(generations[0] / f"{spec.name}.pdf")
        digest = hashlib.sha256(Path(spec.path).read_bytes()).hexdigest()
        cover = text[:text.index("1. The phases of a round")]  # the cover, with the first page's footer taken out
        assert spec.section in cover and f"machines/{spec.name}.yaml" in cover
        assert f"Machine file SHA-256: {digest}" in cover
        assert ("Section number presumed" in cover) == (game == "double-down-madness")

    def test_no_text_smaller_than_7_points(self, generations, game):
        """The phase diagrams are tiled rather than shrunk below 7 pt (tests/test_phases.py measures each
        page), and no text set directly on a page (tables, captions, footers) is smaller either."""
        spec = load_game(game).spec
        text, sizes = read(generations[0] / f"{spec.name}.pdf")
        assert min(sizes) >= 7 - 1e-6
        assert all(f"Phase {n} of {len(spec.phases)}: {p.label}" in text for n, p in enumerate(spec.phases, 1))

    def test_byte_identical_and_committed(self, generations, game):
        """Two generations give the same bytes, and diagrams/<machine>.pdf is that file (make diagrams regenerates it)."""
        name = f"{load_game(game).spec.name}.pdf"
        first = (generations[0] / name).read_bytes()
        assert first == (generations[1] / name).read_bytes()
        assert first == (COMMITTED / name).read_bytes(), f"diagrams/{name} is stale: run 'make diagrams'"

    def test_steps_and_rules_in_words(self, generations, game):
        """Every guard and action appears with its meaning; every Rules option with its default."""
        spec = load_game(game).spec
        text, _ = read(generations[0] / f"{spec.name}.pdf")
        assert all(words(e.doc) in text for e in spec.entries())
        assert "6. Rules defaults (a Rules Submission may choose otherwise)" in text
        options = [f.name for f in attrs.fields(game_info(game).rules_class)]
        assert options and [option for option in options if f" {option} " not in text] == []  # each the Rules class has


class TestTiles:
    def test_tiles_cover_the_drawing_with_overlap(self):
        """Tiles of 540 x 704 pt overlapping by 18 pt cover a 1078 x 1668 pt drawing in 3 x 3 pages."""
        cut = tiles(1078, 1668, (540, 704), 18)
        assert len(cut) == 9 and cut[0] == (0, 0, 0, 0) and cut[4] == (1, 1, 522, 686)
        assert max(x for *_, x, _ in cut) + 540 >= 1078 and max(y for *_, y in cut) + 704 >= 1668

    def test_unknown_svg_element_is_refused(self):
        """An SVG element the pinned renderer never writes is an error, not a silently missing piece."""
        svg = ('<svg xmlns="http://www.w3.org/2000/svg" width="10pt" height="10pt"><g transform="translate(4 6)">'
               '<image href="x.png"/></g></svg>')
        from reportlab.pdfgen.canvas import Canvas

        with pytest.raises(TableGamesError, match="<image> is not one the pinned renderer writes"):
            Painter(Canvas(None), parse(svg)).paint()
