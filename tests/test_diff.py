"""`pa-table-games diff`: an amendment to a machine file, reported element by element and drawn with marks."""

from __future__ import annotations

import subprocess
from pathlib import Path

import attrs
import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from pa_table_games.games import GAMES, game_info, load_game
from pa_table_games.machine.registry import Registry
from pa_table_games.machine.loader import load_spec
from pa_table_games.review import diff as diff_module
from pa_table_games.review.diff import compare
from pa_table_games.review.diff_page import COLOURS, page, write_diff

MACHINE = diff_module.machine_file("blackjack")
ORIGINAL = MACHINE.read_text(encoding="utf-8")


def edited(tmp_path: Path, *replacements: tuple[str, str], name: str = "amended.yaml") -> Path:
    """A copy of machines/blackjack.yaml with each (old, new) text replaced once."""
    text = ORIGINAL
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def run(*args: str):
    result = CliRunner().invoke(main, ["diff", *args])
    assert "Traceback" not in result.output
    return result


INSURANCE_ON_ACE = ('cite: ["(h)", "§ 633a.8"],\n     when: [dealer_shows_ace, insurance_is_offered]',
                    'cite: ["(h)", "§ 633a.8"],\n     when: [dealer_shows_ten_value, insurance_is_offered]')
ANNOUNCED_STATE = ('  - {id: dealer_hand_complete,',
                   '  - {id: dealer_total_announced, label: "Dealer\'s total announced", cite: ["(l)"]}\n'
                   '  - {id: dealer_hand_complete,')
ANNOUNCED_IN_ITS_PHASE = ('states: [hole_card_turned]}', 'states: [hole_card_turned, dealer_total_announced]}')
STANDS_VIA_ANNOUNCEMENT = (
    '  - {trigger: dealer_stands, source: hole_card_turned, dest: dealer_hand_complete, cite: ["(m)"]}',
    '  - {trigger: dealer_stands, source: hole_card_turned, dest: dealer_total_announced, cite: ["(m)"]}\n'
    '  - {trigger: announce_dealer_total, source: dealer_total_announced, dest: dealer_hand_complete, cite: ["(l)"]}')


class TestDiffCommand:
    def test_changed_guard(self, tmp_path):
        """Insurance offered on a 10-value up card instead of an ace: the arrow's guards, old -> new; exit 1."""
        result = run(str(MACHINE), str(edited(tmp_path, INSURANCE_ON_ACE)))
        assert result.exit_code == 1
        assert ("~ arrow offer_insurance (hole_card_dealt -> insurance_offered): guards: dealer_shows_ace, "
                "insurance_is_offered -> dealer_shows_ten_value, insurance_is_offered") in result.output
        assert result.output.rstrip().endswith("§ 633a.7: 0 added, 0 removed, 1 changed")

    def test_added_state(self, tmp_path):
        """A new state between the dealer's last card and settlement: the state and its arrow added, the old arrow redirected."""
        result = run(str(MACHINE), str(edited(tmp_path, ANNOUNCED_STATE, ANNOUNCED_IN_ITS_PHASE, STANDS_VIA_ANNOUNCEMENT)))
        lines = result.output.splitlines()
        assert "+ state dealer_total_announced: \"Dealer's total announced\"" in lines
        assert ("+ arrow announce_dealer_total (dealer_total_announced -> dealer_hand_complete): guards: none; "
                "cite: § 633a.7(l)") in lines
        assert ("~ arrow dealer_stands (hole_card_turned -> dealer_total_announced): "
                "goes to: dealer_hand_complete -> dealer_total_announced") in lines
        # the phases the reader sees change too: the new state joins the dealer's draw
        assert ('~ phase dealer_draw: "Dealer draw" (§ 633a.7(l), § 633a.7(m), § 633a.7(n)): hole_card_turned -> '
                '"Dealer draw" (§ 633a.7(l), § 633a.7(m), § 633a.7(n)): hole_card_turned, dealer_total_announced') in lines

    def test_changed_citation(self, tmp_path):
        """A transition citing (l) as well as (m), and a state citing (n) no more: each cite change, in full."""
        new = edited(tmp_path, ('  - {trigger: dealer_stands, source: hole_card_turned, dest: dealer_hand_complete, cite: ["(m)"]}',
                                '  - {trigger: dealer_stands, source: hole_card_turned, dest: dealer_hand_complete, cite: ["(l)", "(m)"]}'),
                     ('label: "Dealer\'s hand complete; remaining optional wagers settled", cite: ["(h)", "(m)", "(n)", "(o)"]',
                      'label: "Dealer\'s hand complete; remaining optional wagers settled", cite: ["(h)", "(m)", "(o)"]'))
        lines = run(str(MACHINE), str(new)).output.splitlines()
        assert ("~ arrow dealer_stands (hole_card_turned -> dealer_hand_complete): "
                "cite: § 633a.7(m) -> § 633a.7(l), § 633a.7(m)") in lines
        assert ("~ state dealer_hand_complete: cite: § 633a.7(h), § 633a.7(m), § 633a.7(n), § 633a.7(o) -> "
                "§ 633a.7(h), § 633a.7(m), § 633a.7(o)") in lines

    def test_removed_arrow_and_reordered_steps(self, tmp_path):
        """Dropping the (n) early stop removes an arrow; trying dealer_stands first reorders the state's dealer steps."""
        stop = ('  - {trigger: stop_drawing, source: hole_card_turned, dest: dealer_hand_complete, cite: ["(n)"],\n'
                '     when: [no_outcome_depends_on_dealer]}\n')
        lines = run(str(MACHINE), str(edited(tmp_path, (stop, "")))).output.splitlines()
        assert ("- arrow stop_drawing (hole_card_turned -> dealer_hand_complete): guards: no_outcome_depends_on_dealer; "
                "cite: § 633a.7(n)") in lines
        assert "- guard no_outcome_depends_on_dealer: every hand is busted, already settled or a Blackjack announced " \
               "and left on the table, and no open progressive wager depends on the dealer's hand " \
               "(§ 633a.7(n), § 633a.7(o))" in lines
        royal = ('  - {trigger: settle_royal_match_after_hole_card, source: hole_card_turned, dest: hole_card_turned, cite: ["(g)(4)"],\n'
                 '     ends_turn: true, turns: {each: player, from: dealer_right, cite: "(g)", holding: [royal_match_21]},\n'
                 '     when: [royal_match_awaits_hole_card], do: [settle_royal_match_after_hole_card]}\n')
        moved = edited(tmp_path, (royal, ""), (stop, stop + royal), name="reordered.yaml")
        lines = run(str(MACHINE), str(moved)).output.splitlines()
        assert ("~ state hole_card_turned: dealer steps now tried in the order settle_royal_match_and_surrender_after_hole_card, "
                "stop_drawing, settle_royal_match_after_hole_card, draw_dealer_card, dealer_busts, dealer_stands") in lines

    def test_same_file_is_no_change(self):
        """A file against itself: 'no changes', exit status 0."""
        result = run(str(MACHINE), str(MACHINE))
        assert result.exit_code == 0 and result.output.rstrip().endswith("§ 633a.7: no changes")

    def test_machine_and_revision(self, tmp_path, monkeypatch):
        """`diff blackjack HEAD` compares the committed machine file with the working copy."""
        repo = tmp_path / "repo"
        (repo / "machines").mkdir(parents=True)
        (repo / "machines" / "blackjack.yaml").write_text(ORIGINAL, encoding="utf-8")
        git = ["git", "-C", str(repo), "-c", "user.name=t", "-c", "user.email=t@example.org"]
        subprocess.run([*git, "init", "-q"], check=True)
        subprocess.run([*git, "add", "."], check=True)
        subprocess.run([*git, "commit", "-q", "-m", "machine"], check=True)
        edited(repo / "machines", INSURANCE_ON_ACE, name="blackjack.yaml")
        monkeypatch.setattr(diff_module, "machine_file", lambda name: repo / "machines" / "blackjack.yaml")
        result = run("blackjack", "HEAD")
        assert result.stdout.splitlines()[:2] == ["--- machines/blackjack.yaml at HEAD",
                                                  "+++ machines/blackjack.yaml (working copy)"]
        assert "~ arrow offer_insurance (hole_card_dealt -> insurance_offered)" in result.output
        refused = run("blackjack", "no-such-revision")
        assert refused.exit_code == 2
        assert refused.output.startswith("error: cannot read machines/blackjack.yaml at revision 'no-such-revision'")

    def test_unknown_machine_is_one_line(self):
        """Neither a file nor a machine: one error line, exit status 2."""
        result = run("poker", "HEAD")
        assert result.exit_code == 2
        assert result.output == f"error: 'poker' is neither a machine file nor a machine (known: {', '.join(GAMES)})\n"

    def test_file_of_an_unknown_game_is_one_line(self, tmp_path):
        """A machine file whose game has no guards and actions here: its file:line, exit status 2."""
        path = tmp_path / "other.yaml"
        path.write_text('section: "58 Pa. Code § 999.1"\ngame: poker\n', encoding="utf-8")
        result = run(str(path), str(MACHINE))
        assert result.exit_code == 2
        assert result.output == (f"error: {path}:2: 'game' must name a known game ({', '.join(GAMES)}) to load its "
                                 "guards and actions\n")


class TestHitsSoft17:
    """A real amendment: § 633a.7(m) rewritten so the dealer hits soft 17, with the guard that says so."""

    @pytest.fixture
    def registry(self):
        """The blackjack guards and actions plus one new guard, as the amendment's code would add it."""
        registry = Registry("blackjack")
        for entry in game_info("blackjack").registry.entries():
            register = registry.guard(entry.cite, wager=entry.wager) if entry.kind == "guard" else \
                registry.action(entry.cite, takes=entry.takes)
            register(entry.fn)

        @registry.guard("(m)")
        def dealer_must_draw_hitting_soft_17(rnd, unit) -> bool:
            """the dealer's hand is below 17, or a soft 17 (the dealer hits soft 17)"""
            return False

        return registry

    def test_readings_on_the_same_subsections_are_kept_apart_by_id(self):
        """Two readings concern § 633a.7(h) and § 633a.8 (the Insurance offer's up cards and its direction):
        removing the one with an id reports it removed, and leaves the other unchanged."""
        spec = load_game("blackjack").spec
        fewer = attrs.evolve(spec, readings=[r for r in spec.readings if r.id != "insurance_offer_from_dealers_left"])
        d = compare(spec, fewer, "before", "after")
        assert [(c.kind, c.how, c.name) for c in d.changes] == [
            ("reading", "removed", "[insurance_offer_from_dealers_left] § 633a.7(h), § 633a.8")]

    def test_report_and_drawing(self, tmp_path, registry):
        """(m)'s paraphrase, the drawing arrow's guard and the guards used change; the drawing marks the arrow."""
        new = edited(tmp_path, ('"(m)": "Except under (n), the dealer draws until a hard or soft 17, 18, 19, 20 or 21."',
                                '"(m)": "Except under (n), the dealer draws until a hard 17 or more and hits soft 17."'),
                     ("when: [dealer_total_below_17], do: [deal_card_to_dealer]",
                      "when: [dealer_must_draw_hitting_soft_17], do: [deal_card_to_dealer]"))
        d = compare(load_spec(MACHINE, registry), load_spec(new, registry), "before", "after")
        assert [c.line for c in d.changes] == [
            '~ subsection (m): "Except under (n), the dealer draws until a hard or soft 17, 18, 19, 20 or 21." -> '
            '"Except under (n), the dealer draws until a hard 17 or more and hits soft 17."',
            "~ arrow draw_dealer_card (hole_card_turned -> hole_card_turned): "
            "guards: dealer_total_below_17 -> dealer_must_draw_hitting_soft_17",
            "- guard dealer_total_below_17: the dealer's hand has a hard or soft total below 17 (§ 633a.7(m))",
            "+ guard dealer_must_draw_hitting_soft_17: the dealer's hand is below 17, or a soft 17 "
            "(the dealer hits soft 17) (§ 633a.7(m))",
        ]
        arrow = next(t for t in d.new.transitions if t.trigger == "draw_dealer_card")
        svg, page = write_diff(d, tmp_path / "out")
        assert svg.name == "amended.diff.svg" and page.name == "amended.diff.html"
        drawn = svg.read_text(encoding="utf-8")
        assert f"#a_t{arrow.index} text {{ fill: {COLOURS['changed']}; font-weight: bold; }}" in drawn
        assert "below 17, or a soft 17" in drawn  # the reader view writes the new guard's meaning
        html = page.read_text(encoding="utf-8")
        assert "<strong>1 added, 1 removed, 2 changed</strong>" in html and "<svg" in html and "://" not in \
            html.split("<svg", 1)[0]


class TestWalkGuards:
    """A guard a state's ``turns: {only: [...]}`` names is linked to that state, as a transition's guards to its arrow."""

    OFFER = "only: [house_money_payout_awaits_answer]"

    @staticmethod
    def revised(name: str, doc: str | None = None, cite: str | None = None) -> Registry:
        """The blackjack guards and actions, with guard ``name`` saying ``doc`` or citing ``cite`` (as a revision of
        its code would)."""
        registry = Registry("blackjack")
        for entry in game_info("blackjack").registry.entries():
            fn, cites = entry.fn, entry.cite
            if entry.name == name:
                def fn(rnd, unit, _was=entry.fn):
                    return _was(rnd, unit)
                fn.__name__, fn.__doc__, cites = name, doc or entry.doc, cite or entry.cite
            register = registry.guard(cites, wager=entry.wager) if entry.kind == "guard" else \
                registry.action(cites, takes=entry.takes)
            register(fn)
        return registry

    def test_a_walk_guard_citing_anew_names_its_state(self):
        """Only the House Money choice's ``only:`` guard changed, citing § 633a.7(g)(10) instead of (g)(10)(ii): the
        reviewer sees the state whose walk asks it marked changed, and the change's row links to it."""
        registry = self.revised("house_money_payout_awaits_answer", cite="(g)(10)")
        d = compare(load_spec(MACHINE, game_info("blackjack").registry), load_spec(MACHINE, registry), "before", "after")
        assert [(c.line, c.elements) for c in d.changes] == [(
            "~ guard house_money_payout_awaits_answer: the player was paid a House Money payout under (ii) and has not "
            "yet said whether to add it to the Blackjack Wager (§ 633a.7(g)(10)(ii)) -> the player was paid a House "
            "Money payout under (ii) and has not yet said whether to add it to the Blackjack Wager (§ 633a.7(g)(10))",
            ("state-house_money_offered",))]
        assert d.marks() == {"state-house_money_offered": "changed"}
        assert '<a href="#state-house_money_offered">house_money_payout_awaits_answer</a>' in page(d, "<svg></svg>")

    def test_a_reworded_walk_guard_names_its_state(self):
        """Its words changed: the state's declaration reads them (its turns change) and the guard's change is linked
        to the state too."""
        registry = self.revised("house_money_payout_awaits_answer", "the player was paid under (ii) and has not answered")
        d = compare(load_spec(MACHINE, game_info("blackjack").registry), load_spec(MACHINE, registry), "before", "after")
        assert [(c.kind, c.how, c.name, c.elements) for c in d.changes] == [
            ("state", "changed", "house_money_offered", ("state-house_money_offered",)),
            ("guard", "changed", "house_money_payout_awaits_answer", ("state-house_money_offered",))]

    def test_a_pass_guard_names_its_arrow(self, tmp_path):
        """A pass's ``only:`` guard (here the (o) verification's, asked also by the House Money choice) is linked to
        the pass's arrow, as its ``when`` guards are, and to the state."""
        verify = ('holding: [bad_beat, hit_and_run, straight_jack]},\n     cite: ["(o)(1)(ii)(B)"',
                  'holding: [bad_beat, hit_and_run, straight_jack], only: [house_money_payout_awaits_answer]},\n'
                  '     cite: ["(o)(1)(ii)(B)"')
        both = edited(tmp_path, verify)
        registry = self.revised("house_money_payout_awaits_answer", cite="(g)(10)")
        d = compare(load_spec(both, game_info("blackjack").registry), load_spec(both, registry), "before", "after")
        arrow = next(t for t in d.new.transitions if t.trigger == "verify_bad_beat_payout")
        assert [(c.kind, c.how, c.elements) for c in d.changes] == [
            ("guard", "changed", (f"t{arrow.index}", "state-house_money_offered"))]

    def test_a_walk_guard_dropped_names_the_state_that_asked_it(self, tmp_path):
        """The walk asks another guard instead: its declaration changes, and the guard no longer used anywhere is
        linked to the state that asked it in OLD."""
        new = edited(tmp_path, (self.OFFER, "only: [house_money_choice_pending]"))
        d = compare(load_spec(MACHINE, game_info("blackjack").registry),
                    load_spec(new, game_info("blackjack").registry), "before", "after")
        assert [(c.kind, c.how, c.name, c.elements) for c in d.changes] == [
            ("state", "changed", "house_money_offered", ("state-house_money_offered",)),
            ("guard", "removed", "house_money_payout_awaits_answer", ("state-house_money_offered",))]


class TestRevisionIsNeverAnOption:
    """A revision is checked by `git rev-parse --verify` and never reaches git as an option."""

    @pytest.mark.parametrize("revision", ["--output={out}", "-o{out}", "--output={out} HEAD"])
    def test_option_looking_revision_writes_nothing(self, tmp_path, revision):
        """`diff blackjack -- --output=PATH` (the revision after `--`) is refused in one line; no file appears.
        (git show --output=PATH:./blackjack.yaml wrote the diff into the folder PATH:.)"""
        out = tmp_path / "written"
        landing = tmp_path / "written:."
        landing.mkdir()
        result = CliRunner().invoke(main, ["diff", "blackjack", "--", revision.format(out=out)])
        assert not out.exists() and not any(landing.iterdir())
        assert result.exit_code == 2 and result.output.count("\n") == 1, result.output
        assert "never an option" in result.output

    def test_revision_outside_the_repository_is_one_line(self):
        result = run("blackjack", "HEAD~100000")
        assert result.exit_code == 2 and result.output.count("\n") == 1
        assert result.output.startswith("error: cannot read machines/blackjack.yaml at revision 'HEAD~100000'")
