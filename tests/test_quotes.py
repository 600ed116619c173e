"""Quotations checked against the stored section text (pa_table_games/review/quotes.py), as the review page and
the dossier report them: each departure named, a section with no stored text labelled so."""

from __future__ import annotations

import re

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.games import BUILT_IN, GAMES, load_game, machine_path
from pa_table_games.review import quotes
from pa_table_games.review.page import page

HITS = "The dealer hits on soft 17."


def reworded(tmp_path):
    """A copy of the Double Down Madness machine whose reading of (n) quotes "hard 17" where the text says soft."""
    text = machine_path("double-down-madness").read_text(encoding="utf-8")
    assert text.count(HITS) == 1
    path = tmp_path / "reworded.yaml"
    path.write_text(text.replace(HITS, "The dealer hits on hard 17."), encoding="utf-8")
    return path


class TestQuotations:
    @pytest.mark.parametrize("game", sorted(BUILT_IN))
    def test_the_installed_machines_quote_their_text_word_for_word(self, game):
        """Every reading's rests_on and every quoted phrase of an installed machine is checked, and is in its stored
        section text (however few a section quotes)."""
        spec = load_game(game).spec
        result = quotes.check(spec)
        assert result.stored and result.checked == len(spec.readings) + len(quotes.quoted(spec))
        assert result.departures == ()

    def test_a_reworded_quotation_is_named_on_the_review_page(self, tmp_path):
        """`review --machine` of a file whose quotation of (n) is reworded: the header says one quotation departs
        and the page names it, with its file:line and its words."""
        path = reworded(tmp_path)
        done = CliRunner().invoke(main, ["review", "--machine", str(path), "--out", str(tmp_path / "out")])
        assert done.exit_code == 0, done.output
        text = (tmp_path / "out" / "reworded.html").read_text(encoding="utf-8")
        assert re.search(r"Quotations: 1 of \d+ quotations depart from the stored text of § 692\.7", text)
        line = next(r.line for r in load_game("double-down-madness", machine=str(path)).spec.readings
                    if "hard 17." in r.rests_on)
        assert f"reworded.yaml:{line}: reading, rests on: \u201c" in text and "The dealer hits on hard 17." in text

    def test_a_section_without_stored_text_is_labelled_not_departing(self):
        """A machine whose section has no stored text (an illustrative one) is said to be unchecked, with no
        departure."""
        spec = load_game("blackjack").spec
        result = quotes.check(attrs.evolve(spec, section="58 Pa. Code § 999.1"))
        assert (result.stored, result.departures) == (False, ())
        assert "no stored text for § 999.1" in page(attrs.evolve(spec, section="58 Pa. Code § 999.1"), "blackjack")


@pytest.mark.slow  # a dossier is a PDF built by reportlab: `make test-long`
def test_a_reworded_quotation_is_named_in_the_dossier(tmp_path):
    """The dossier's cover names the departure too."""
    from pypdf import PdfReader

    path = reworded(tmp_path)
    done = CliRunner().invoke(main, ["review", "--pdf", "--machine", str(path), "--out", str(tmp_path / "out")])
    assert done.exit_code == 0, done.output
    cover = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(tmp_path / "out" / "reworded.pdf").pages[:2])
    assert "1 of" in cover and "depart from the stored text" in cover and "The dealer hits on hard 17." in cover
