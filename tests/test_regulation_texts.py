"""The machine files against the regulation texts in docs/regulations/: the subsection index is the text's,
every quote is word for word, and every pass round the table takes its direction from a sentence that
gives it, or from a reading of the register."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from pa_table_games import load_game
from pa_table_games.games import BUILT_IN, machine_path
from pa_table_games.machine.spec import MachineSpec
from regulation_texts import REGULATIONS, illustrative, normalise, occurs, path_of, quoted, section_text, subsections

#: the words of the text that give each direction a ``turns: {from: ...}`` can declare
DIRECTION = {"dealer_left": "farthest to the dealer's left", "dealer_right": "farthest to the dealer's right"}
#: the same directions in the words of a reading
READ_AS = {"dealer_left": "dealer's left", "dealer_right": "dealer's right"}
#: a ``turns:`` declaration as a machine file writes it, outside a comment (counted in the text, not by the loader)
WRITTEN = re.compile(r"^[^#\n]*\bturns: \{", re.M)


@pytest.fixture(params=sorted(BUILT_IN))  # the package's sections: their texts are in docs/regulations
def spec(request) -> MachineSpec:
    return load_game(request.param).spec


def passes(spec: MachineSpec) -> list[tuple[str, object]]:
    """Every ``turns:`` declaration of the machine: (what declares it, the Turns)."""
    return ([(f"state {s.id}", s.turns) for s in spec.states if s.turns]
            + [(f"transition {t.trigger} ({t.source} -> {t.dest})", t.turns) for t in spec.transitions if t.turns])


class TestRegulationTexts:
    def test_each_machine_has_its_section_text(self, spec):
        """docs/regulations/ holds the section each machine encodes, and its README names it."""
        assert path_of(spec.short_section).is_file()
        assert f"`{path_of(spec.short_section).name}`" in (path_of(spec.short_section).parent / "README.md").read_text()

    def test_the_subsection_index_is_the_texts(self, spec):
        """The machine's subsections are exactly the labelled paragraphs of the text, none invented, none left out
        (a subsection marked illustrative, as the guide's example wager is, is no paragraph of the text)."""
        assert [key for key, text in spec.subsections if not illustrative(text)] == list(subsections(spec.short_section))

    def test_an_illustrative_subsection_is_kept_out(self, spec):
        """A subsection whose paraphrase says "(illustrative" is left out of the comparison; any other is not."""
        assert illustrative("Suited Start Wager (illustrative, not a Pennsylvania wager): two suited cards.")
        assert not illustrative(dict(spec.subsections)[spec.subsections[0][0]])

    def test_every_rests_on_is_word_for_word(self, spec):
        """Each reading's rests_on is a substring of its section, whitespace normalised."""
        text = section_text(spec.short_section)
        wrong = [(r.line, r.rests_on) for r in spec.readings if not occurs(r.rests_on, text)]
        assert wrong == [], f"{spec.path}: quotes not in {spec.short_section}: {wrong}"

    def test_every_quoted_phrase_is_word_for_word(self, spec):
        """A phrase in double quotes in a reading, the notes, a waiver or a refusal is the text's own words."""
        text = section_text(spec.short_section)
        wrong = [(where, phrase) for where, phrase in quoted(spec) if not occurs(phrase, text, capital_ok=True)]
        assert wrong == [], f"{spec.path}: quoted phrases not in {spec.short_section}: {wrong}"

    def test_the_quoted_phrases_are_found(self):
        """The check above reads something: the first three sections quote their texts (one added since need not)."""
        for game in ("blackjack", "double-down-madness", "six-card-fortune-pai-gow"):
            assert quoted(load_game(game).spec), game

    def test_a_changed_word_is_caught(self):
        """The check reads words, not only spacing: one word changed in a real quote fails it."""
        spec = load_game("double-down-madness").spec
        text = section_text(spec.short_section)
        quote = next(r.rests_on for r in spec.readings if r.cite == ("(n)",))
        assert occurs(quote.replace("\n", " "), text)
        assert not occurs(quote.replace("soft 17", "hard 17"), text)
        assert not occurs("The following shall then occur: (1) The dealer collects", text)  # "1." dropped


class TestTurnsCiteTheirDirection:
    """Each pass round the table cites a sentence that gives its direction, or a reading that takes one."""

    def test_every_pass_names_where_its_direction_comes_from(self, spec):
        """A subsection cite's own paragraph says where the pass starts; a reading cite names a reading of the
        register that says it in words."""
        wrong = []
        paragraphs = subsections(spec.short_section)
        for where, turns in passes(spec):
            if turns.reading_id is not None:
                reading = spec.reading(turns.reading_id)
                if READ_AS[turns.start] not in normalise(reading.reading).replace("\u2019", "'"):
                    wrong.append(f"{where}: reading {turns.reading_id} does not say {READ_AS[turns.start]!r}")
            elif DIRECTION[turns.start] not in paragraphs.get(turns.cite, "").replace("\u2019", "'"):
                wrong.append(f"{where}: {spec.cite_text(turns.cite)} does not say {DIRECTION[turns.start]!r}")
        assert wrong == []

    def test_every_pass_written_is_checked(self):
        """Each ``turns:`` a section's machine file writes is a pass the check above reads: 33 in the first three
        (19 Blackjack, 9 Double Down Madness, 5 Pai Gow), and however many a section added since writes."""
        counts = {game: len(passes(load_game(game).spec)) for game in sorted(BUILT_IN)}
        assert counts == {game: len(WRITTEN.findall(machine_path(game).read_text(encoding="utf-8")))
                          for game in sorted(BUILT_IN)}
        first = {"blackjack": 19, "double-down-madness": 9, "six-card-fortune-pai-gow": 5}
        assert {game: counts[game] for game in first} == first

    @pytest.mark.parametrize("game, trigger, cite", [
        ("blackjack", "collect_losing_wagers", "reading:settlement_from_dealers_right"),  # (r)(1) gives none
        ("blackjack", "pay_winning_wagers", "reading:settlement_from_dealers_right"),
        ("blackjack", "settle_right_to_left", "(r)(2)"),
        ("double-down-madness", "settle_dealer_blackjack", "reading:settlement_from_dealers_right"),  # (g) gives none
        ("double-down-madness", "settle_dealer_22", "reading:settlement_from_dealers_right"),
        ("double-down-madness", "collect_losing_wagers", "(t)(1)"),
        ("double-down-madness", "pay_winning_wagers", "reading:settlement_from_dealers_right"),
    ])
    def test_settlement_passes_cite_what_the_audit_asked(self, game, trigger, cite):
        """(r)(1) and the dealer-Blackjack, dealer-22 and payment passes of § 692.7 cite a reading; the
        collections of (r)(2) and (t)(1), which give the dealer's right, cite those paragraphs."""
        t = next(t for t in load_game(game).spec.transitions if t.trigger == trigger)
        assert t.turns.cite == cite

    def test_the_insurance_offer_cites_a_reading(self):
        """Neither § 633a.7(h) nor § 692.7(f) gives a direction for the offer: both cite a reading."""
        for game in ("blackjack", "double-down-madness"):
            state = load_game(game).spec.state("insurance_offered")
            assert state.turns.cite == "reading:insurance_offer_from_dealers_left"

    def test_the_house_money_choice_cites_a_reading(self):
        """§ 633a.7(g)(10)(ii) lets a paid player add the payout to the Blackjack Wager but gives no direction for
        asking: the choice goes from the dealer's right, as (g) pays, on a reading."""
        spec = load_game("blackjack").spec
        turns = spec.state("house_money_offered").turns
        assert (turns.each, turns.start, turns.cite) == ("box", "dealer_right", "reading:house_money_choice_from_dealers_right")
        assert spec.turns_source(turns) == ("reading house_money_choice_from_dealers_right on § 633a.7(g)(10)(ii), "
                                            "§ 633a.7(g)(10)(i)(B)")


class TestReference:
    SOURCES = ("pa_table_games", "machines", "tests", "benchmarks", "docs", "README.md", "Makefile")

    def test_every_reference_is_to_a_file_in_the_repository(self):
        """The facts from neighbouring sections and published sources are cited as docs/reference.md, which
        exists; no file cites a reference file the repository does not hold."""
        root = REGULATIONS.parents[1]
        assert (root / "docs" / "reference.md").is_file()
        stale = []
        for top in self.SOURCES:
            paths = [root / top] if (root / top).is_file() else (root / top).rglob("*")
            for path in paths:
                if path.is_file() and path.suffix in (".py", ".yaml", ".md", "") and path.name != Path(__file__).name:
                    if re.search(r"(?<![\w/])REFERENCE\.md", path.read_text(encoding="utf-8", errors="replace")):
                        stale.append(str(path.relative_to(root)))
        assert stale == []

    def test_reference_names_a_source_for_each_checked_figure(self):
        """Each published figure a test checks is in docs/reference.md with where it was published."""
        text = (REGULATIONS.parents[1] / "docs" / "reference.md").read_text(encoding="utf-8")
        for figure, source in (("24.71 %", "betfirm.com"), ("3.2386 %", "Eliot Jacobson"), ("0.073536", "enumeration"),
                               ("1.39 points", "thecolorofblackjack.com")):
            line = next((line for line in text.splitlines() if figure in line), "")
            assert source in line, figure
