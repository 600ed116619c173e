"""Traceability: every subsection of each section maps to the machine elements encoding it, or a waiver."""

from __future__ import annotations

import json

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games import load_game
from pa_table_games.cli import main
from pa_table_games.games import GAMES
from pa_table_games.review.trace import to_markdown, to_text, trace


@pytest.fixture(params=sorted(GAMES))
def spec(request):
    return load_game(request.param).spec


class TestTrace:
    def test_no_subsection_is_unmapped(self, spec):
        """Every subsection of every implemented machine is encoded or waived with a reason (fails the build otherwise)."""
        tr = trace(spec)
        unmapped = [r.cite for r in tr.rows if r.status == "unmapped"]
        assert unmapped == [], f"{spec.section}: unmapped subsections {unmapped}"
        assert tr.summary.endswith(", 0 unmapped")

    def test_counts_add_up(self, spec):
        """Encoded plus waived subsections are all the subsections of the seed."""
        tr = trace(spec)
        assert tr.count("encoded") + tr.count("waived") == len(spec.subsections) == len(tr.rows)
        assert tr.summary == (f"{tr.count('encoded')} of {len(spec.subsections)} subsections encoded, "
                              f"{tr.count('waived')} waived, 0 unmapped")

    def test_every_row_has_its_paraphrase_and_an_encoder_or_a_reason(self, spec):
        """Each row carries the one-line paraphrase, and either citing elements or the waiver's reason."""
        for row in trace(spec).rows:
            assert row.text and row.cite.startswith(spec.short_section)
            assert row.citers or row.waiver

    def test_sub_paragraph_citation_encodes_its_parent(self):
        """(i)(1)(ii)(A) cited by an action encodes (i)(1) and (i), shown as 'via' the sub-paragraph."""
        tr = trace(load_game("blackjack").spec)
        row = next(r for r in tr.rows if r.key == "(i)(1)")
        assert any(c.cite == "(i)(1)(ii)(A)" for c in row.citers)
        assert "(via (i)(1)(ii)(A))" in to_text(tr)

    def test_prefix_is_not_a_sub_paragraph(self):
        """(g)(10) does not encode (g)(1): a citation encodes only itself and its own sub-paragraphs."""
        tr = trace(load_game("blackjack").spec)
        row = next(r for r in tr.rows if r.key == "(g)(1)")
        assert all(c.cite == "(g)(1)" or c.cite.startswith("(g)(1)(") for c in row.citers)

    def test_citers_name_states_transitions_guards_and_actions_with_diagram_ids(self):
        """A state is `state-<id>` and a transition `t<index>`; guards and actions point at the transitions using them."""
        spec = load_game("blackjack").spec
        row = next(r for r in trace(spec).rows if r.key == "(m)")
        kinds = {c.kind for c in row.citers}
        assert {"state", "transition", "guard"} <= kinds
        stands = next(t for t in spec.transitions if t.trigger == "dealer_stands")
        assert f"t{stands.index}" in row.elements
        guard = next(c for c in row.citers if c.name == "dealer_total_below_17")
        assert guard.elements and all(e.startswith("t") for e in guard.elements)

    def test_unmapped_subsection_is_reported(self):
        """A machine whose waiver is withdrawn shows the subsection as UNMAPPED and counts it."""
        spec = load_game("blackjack").spec
        bare = attrs.evolve(spec, waived=[w for w in spec.waived if w[0] != "(t)"])
        tr = trace(bare)
        assert tr.summary.endswith(", 1 unmapped")
        assert "UNMAPPED" in to_text(tr) and "**UNMAPPED**" in to_markdown(tr)

    def test_references_are_listed_after_the_subsections(self):
        """Cross-referenced sections (§ 633a.8 ...) are traced too, without counting as subsections."""
        tr = trace(load_game("blackjack").spec)
        assert any(r.key == "§ 633a.8" and r.citers for r in tr.references)
        text = to_text(tr)
        assert text.index("Cross-referenced sections:") > text.index("(t)")


class TestTraceCommand:
    def run(self, *args):
        return CliRunner().invoke(main, ["trace", *args])

    def test_text_ends_with_the_summary(self):
        """The text report ends with 'N of M subsections encoded, K waived, 0 unmapped'."""
        result = self.run("blackjack")
        assert result.exit_code == 0
        assert result.output.rstrip().splitlines()[-1].endswith("waived, 0 unmapped")
        assert "§ 633a.7(t)" in result.output and "waived: a conduct rule" in result.output

    def test_markdown_is_a_table(self):
        """--format markdown gives one table row per subsection and reference."""
        result = self.run("double-down-madness", "--format", "markdown")
        spec = load_game("double-down-madness").spec
        rows = [line for line in result.output.splitlines() if line.startswith("| § ")]
        assert len(rows) == len(spec.subsections) + len(spec.references)

    def test_json_document(self):
        """--format json is one document with every subsection, its status and encoders."""
        doc = json.loads(self.run("six-card-fortune-pai-gow", "--format", "json").output)
        assert doc["summary"]["unmapped"] == 0
        assert len(doc["subsections"]) == doc["summary"]["subsections"]
        first = doc["subsections"][0]
        assert {"cite", "text", "status", "states", "transitions", "guards", "actions", "waiver"} <= set(first)

    def test_unknown_game_is_a_usage_error(self):
        """An unknown game exits 2 naming the choices."""
        result = self.run("poker")
        assert result.exit_code == 2 and "blackjack" in result.output


class TestReadings:
    """The readings register: where the text is ambiguous or silent, the reading taken, its sentence and the rejected one."""

    #: machine file -> subsections each issue-listed reading must concern (one citation set per reading)
    REQUIRED = {
        "blackjack": [{"(g)", "(o)"}, {"(n)"}, {"(h)"}, {"(g)(2)"}, {"(o)(3)(i)"}],
        "double-down-madness": [{"(a)"}, {"(n)"}, {"(p)(1)"}, {"(i)"}, {"(g)(1)", "(g)(2)"}],
        "six-card-fortune-pai-gow": [{"(b)(2)"}],
    }

    @pytest.mark.parametrize("game", sorted(REQUIRED))
    def test_each_listed_ambiguity_has_a_reading(self, game):
        """Optional-wager order, (n), Insurance, identical card, ace-two, soft 17, busts, § 692.7, (b)(2): each has a reading."""
        readings = load_game(game).spec.readings
        for concerns in self.REQUIRED[game]:
            assert any(concerns <= set(r.cite) for r in readings), f"{game}: no reading concerns {sorted(concerns)}"
        for r in readings:
            assert r.reading and r.rests_on and r.rejected and r.line > 0

    #: choices the register once missed, by the id each reading now carries
    GAPS = {
        "blackjack": {"two_burns_for_new_dealer_and_new_batch", "dry_shoe_refill"},
        "double-down-madness": {"push_22_collected_with_losing_wagers", "two_burns_for_new_dealer_and_new_batch",
                                "dry_shoe_refill"},
        "six-card-fortune-pai-gow": {"seven_card_misdeal"},
    }

    @pytest.mark.parametrize("game", sorted(GAPS))
    def test_register_has_no_known_gap(self, game):
        """Push 22 collected with the losing wagers, the seven-card misdeal, the dry-shoe refill (one per
        blackjack game) and two burns for a new dealer at a fresh batch each have a reading with its three parts."""
        readings = {r.id: r for r in load_game(game).spec.readings}
        assert self.GAPS[game] <= set(readings)
        assert all(readings[i].rests_on and readings[i].rejected for i in self.GAPS[game])

    def test_trace_text_quotes_the_seed_and_names_the_file_line(self):
        """`trace double-down-madness` shows the soft-17 reading with the seed's two sentences and its file:line."""
        result = CliRunner().invoke(main, ["trace", "double-down-madness"])
        assert result.exit_code == 0
        text = result.output
        assert "Readings (where the text is ambiguous, silent, or points to a section not available):" in text
        assert ("rests on: \"Except as provided in subsection (o), the dealer shall draw additional cards until the "
                "dealer’s hand has a hard total of 17 or more. The dealer hits on soft 17.\"") in text
        line = next(r.line for r in load_game("double-down-madness").spec.readings if r.cite == ("(n)",))
        assert f"§ 692.7(n)  (machines/double_down_madness.yaml:{line})" in text
        assert "number presumed" in text

    def test_json_and_markdown_carry_the_register(self):
        """--format json lists each reading with its four parts; markdown has a Readings section."""
        doc = json.loads(CliRunner().invoke(main, ["trace", "blackjack", "--format", "json"]).output)
        assert len(doc["readings"]) == len(load_game("blackjack").spec.readings)
        assert {"id", "cite", "reading", "rests_on", "rejected", "line"} == set(doc["readings"][0])
        markdown = CliRunner().invoke(main, ["trace", "six-card-fortune-pai-gow", "--format", "markdown"]).output
        assert "## Readings" in markdown and "**§ 670a.8(b)(2)**" in markdown

    def test_a_pass_ordered_by_a_reading_is_traced_to_it(self):
        """(h) gives no direction for the Insurance offer: trace lists the pass under (h) with the reading's id,
        and the reading with its id, its quote and its file:line."""
        tr = trace(load_game("blackjack").spec)
        row = next(r for r in tr.rows if r.key == "(h)")
        offer = [c for c in row.of_kind("turns") if c.name.startswith("insurance_offered")]
        assert [c.name for c in offer] == ["insurance_offered: for each box, starting with the player farthest to "
                                          "the dealer's left, clockwise (reading insurance_offer_from_dealers_left)"]
        text = to_text(tr)
        assert "[insurance_offer_from_dealers_left] § 633a.7(h), § 633a.8  (machines/blackjack.yaml:" in text
        doc = json.loads(CliRunner().invoke(main, ["trace", "blackjack", "--format", "json"]).output)
        assert "insurance_offer_from_dealers_left" in {r["id"] for r in doc["readings"]}

    def test_a_pass_citing_its_sentence_stays_under_that_subsection(self):
        """(r)(2) gives the dealer's right: its pass is traced under (r)(2) itself, not through a reading."""
        tr = trace(load_game("blackjack").spec)
        row = next(r for r in tr.rows if r.key == "(r)(2)")
        assert any(c.name.startswith("settle_right_to_left") and "reading" not in c.name for c in row.of_kind("turns"))

