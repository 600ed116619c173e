"""Interactive play on a pseudo-terminal: the table at every decision, forgiving input, hidden cards."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner

from pa_table_games.cli import main
from terminal import session

#: burn 2C; seat 1 TH, up card 6S, seat 1 5D, hole card 7C; then 6H and TD
SHOE = "2C TH 6S 5D 7C 6H TD"


class TestBlackjackAtATerminal:
    def test_prompt_shows_the_hand_total_and_up_card_never_the_hole_card(self):
        """Each prompt names the hand, its total and the dealer's up card; 7C appears only once turned."""
        code, shown, screens = session(["play", "blackjack", "--shoe", SHOE], ["hit"])
        assert code == 0
        before = screens[0]
        assert "seat 1 hand 1: TH 5D (hard 15) — dealer: up card 6S, hole card: face down" in before
        assert "7C" not in before and "[face down]->dealer (hole card)" in before
        assert "7C->dealer (turned face up)" in shown.split("> hit")[1]
        assert "win +10.00  § 633a.7(p)(1)" in shown

    def test_help_typos_case_and_short_forms(self):
        """help and ? list the actions with meaning and cite; a typo gets a suggestion, not a citation;
        'P' (split) is refused with § 633a.11; 'S' stands."""
        code, shown, _ = session(["play", "blackjack", "--shoe", SHOE + " 9C"], ["?", "help", "hti", "P", "S"])
        assert code == 0
        assert shown.count("hit        take one more card  § 633a.7(i)(2), § 633a.7(j), § 633a.7(k)") >= 3
        assert "surrender  give up the hand: half the wager is collected, half returned  § 633a.7(i)(2), § 633a.9" in shown
        typo = next(line for line in shown.splitlines() if line.startswith("not understood"))
        assert "did you mean hit?" in typo and "§" not in typo
        assert "refused: split: allowed only when the hand is two cards of equal value" in shown
        assert "stand seat 1  § 633a.7(i)(2)" in shown

    def test_a_hit_the_stacked_shoe_has_no_card_for_is_refused_and_asked_again(self):
        """"2C TH 6S 5D 7C" holds no card for a hit: the hit is undone and refused in one line, and the player may
        stand instead; after the refusal and a typo only the prompt is shown again, not the table. The dealer then
        has no card to draw: the steps dealt are shown, then the error (exit 2)."""
        code, shown, _ = session(["play", "blackjack", "--shoe", "2C TH 6S 5D 7C"], ["hit", "hti", "stand"])
        assert "refused: the shoe ran out of cards at hit after 5 cards: stack more cards" in shown
        assert shown.count("-> seat 1: TH 5D (hard 15); wager blackjack 10.00") == 1
        assert "stand seat 1  § 633a.7(i)(2)" in shown and "7C->dealer (turned face up)" in shown
        assert code == 2 and shown.rstrip().endswith("error: the shoe ran out of cards at draw_dealer_card after 5 "
                                                     "cards: stack more cards")

    def test_a_malformed_amount_is_refused_with_its_cite_and_asked_again(self):
        """double=-5, double=0 and double=abc are refused for what is wrong with the amount, with the subsection, as the
        API and --actions refuse them; the prompt asks again and the hand plays on. Before: -5 and 0 were 'not
        understood', with no cite."""
        code, shown, screens = session(["play", "blackjack", "--shoe", SHOE], ["double=-5", "double=0", "double=abc", "s"])
        assert code == 0 and len(screens) == 4 and "not understood" not in shown
        for word, why in (("double=-5", "'-5': not an amount"), ("double=0", "'0': not a positive amount"),
                          ("double=abc", "'abc': not an amount")):
            assert f"> {word}\nrefused: {word}: {why} (write double=AMOUNT) — § 633a.7(i)(2)\n" in shown
        assert "stand seat 1  § 633a.7(i)(2)" in shown

    def test_insurance_answered_with_y_and_n(self):
        """Against an ace, 'n' declines Insurance; the hand then plays on."""
        # burn, seat 1 TH, up AS, seat 1 7D, hole 9C (no dealer Blackjack)
        code, shown, screens = session(["play", "blackjack", "--shoe", "2C TH AS 7D 9C"], ["n", "s"])
        assert code == 0
        assert "insurance=no" in screens[0] and "dealer: up card AS, hole card: face down" in screens[0]
        assert "insurance=no seat 1" in shown and "9C->dealer (turned face up)" in shown


class TestPaiGowAtATerminal:
    def test_six_cards_how_to_set_them_and_the_house_way(self):
        """The player's six cards, low=CARD and the house way are shown; the dealer's six stay face down."""
        code, shown, screens = session(["play", "six-card-fortune-pai-gow", "--seed", "3"], ["low=6d"])
        assert code == 0
        before = screens[0]
        assert "-> seat 1: 7H 7D 6D TC TS TD" in before
        assert "set the hand: low=CARD names the one-card low hand" in before
        assert "house way: high 7H 7D TC TS TD / low 6D" in before
        dealer = ("4S", "JS", "QH", "3C", "8S", "2H")  # the dealer's cards for seed 3
        assert not any(card in before for card in dealer)
        assert "4S->dealer (turned face up)" in shown and "low seat 1" in shown


class TestSessions:
    def test_three_rounds_at_one_table_a_new_dealer_for_the_third(self):
        """play --rounds 3 --new-dealer-every 2: one shoe (no second load or batch burn), the actions
        explained once, then a short table; each round settled. Round 1: TH 5D v 6S 7C TD (bust);
        2: 9H 8D v TS 7S; then a new dealer burns 4D face down (§ 633a.7(c)); 3: 5C TC v 9S 8H."""
        shoe = "2C TH 6S 5D 7C TD 9H TS 8D 7S 4D 5C 9S TC 8H"
        code, shown, screens = session(["play", "blackjack", "--shoe", shoe, "--rounds", "3", "--new-dealer-every", "2"],
                                       ["s", "s", "s"])
        assert code == 0 and len(screens) == 3
        assert [shown.count(f"round {n} of 3") for n in (1, 2, 3)] == [1, 1, 1]
        assert shown.count("load_shoe") == 1 and shown.count("burn_first_card") == 1
        third = shown.split("round 3 of 3: a new dealer\n")[1]
        assert shown.count("burn_for_new_dealer") == 1 and "burn_for_new_dealer" not in screens[1]
        assert third.splitlines()[1] == "  2 burn_for_new_dealer  § 633a.7(c)  [face down]->discard rack"
        assert "4D" not in shown
        assert shown.count("legal actions:") == 1 and "legal actions:" in screens[0]
        assert "-> seat 1: 9H 8D (hard 17); wager blackjack 10" in screens[1].split("round 2 of 3")[1]
        assert "seat 1 hand 1: 5C TC (hard 15) — dealer: up card 9S, hole card: face down" in screens[2]
        assert [line.split("│")[5].strip() for line in shown.splitlines() if "│ blackjack" in line] == ["win", "tie", "lose"]


    def test_a_session_ended_by_an_error_keeps_its_decisions_in_a_log_marked_incomplete(self, tmp_path, monkeypatch):
        """--log: the player stands, the dealer must draw and the stacked shoe has no card. The decisions made are kept
        in a log marked incomplete, as Ctrl-C keeps them, and the one error line names it (exit 2); replay reads it as
        it reads a stopped session's log: incomplete, a departure (exit 1). Before: no log was written."""
        monkeypatch.setenv("PA_TABLE_GAMES_LOG_KEY", "")
        log = tmp_path / "round.jsonl"
        code, shown, _ = session(["play", "blackjack", "--shoe", "2C TH 6S 5D 7C", "--log", str(log)], ["stand"])
        assert code == 2 and shown.rstrip().endswith(
            "error: the shoe ran out of cards at draw_dealer_card after 5 cards: stack more cards; "
            f"{log} keeps the 1 decision(s) so far, marked incomplete")
        header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        assert header["incomplete"] is True and header["actions"] == ["stand"]
        replayed = CliRunner().invoke(main, ["replay", str(log)])
        assert replayed.exit_code == 1
        assert replayed.stdout.splitlines()[:2] == [
            "line 1: incomplete log: the log is marked incomplete: play stopped after 1 decision(s), before the round "
            "was over — 58 Pa. Code § 633a.7",
            "log: missing event: the log ends before the round is complete: the machine fires 'draw_dealer_card' next "
            "— § 633a.7(l), § 633a.7(m)"]

    def test_a_deal_the_shoe_cannot_finish_keeps_a_log_too(self, tmp_path, monkeypatch):
        """--log: the stacked shoe runs out during the deal, before any decision. The log is kept, marked incomplete
        with no decision, and the error line names it, as after a decision (before: no log, the README's promise
        broken)."""
        monkeypatch.setenv("PA_TABLE_GAMES_LOG_KEY", "")
        log = tmp_path / "round.jsonl"
        code, shown, _ = session(["play", "blackjack", "--shoe", "2C 9H 6S", "--log", str(log)], [])
        assert code == 2 and shown.rstrip().endswith(
            "error: the shoe ran out of cards at deal_second_cards after 3 cards: stack more cards; "
            f"{log} keeps the 0 decision(s) so far, marked incomplete")
        header = json.loads(log.read_text(encoding="utf-8").splitlines()[0])
        assert header["incomplete"] is True and header["actions"] == []

class TestWhatASeatSees:
    def test_pai_gow_step_log_reveals_no_other_seat_and_no_unwagered_card(self):
        """Seat 1 sees its six cards; the other positions' stacks (no wager: collected "unexposed",
        § 670a.8(g)) never appear, and the dealer's six only once exposed."""
        from test_play_view import dealt_to_others

        args = ["play", "six-card-fortune-pai-gow", "--seed", "3", "--seat", "1:six_card_fortune=10"]
        others = dealt_to_others([*args, "--actions", "house_way"], {"seat 1"})
        code, shown, screens = session(args, ["house_way"])
        assert code == 0 and len(others) == 30
        assert not [card for card in others if card in shown.split()  or f"[{card}]" in shown]
        assert "house way: high 7H 7D TC TS TD / low 6D: full house, tens over sevens / six" in screens[0]
        assert "4S" not in screens[0] and "4S->dealer (turned face up)" in shown
        assert "seat 1: set high 7H 7D TC TS TD (full house, tens over sevens) / low 6D (six)" in shown


class TestEdgeOnATerminal:
    @pytest.mark.slow
    def test_a_cold_start_shows_a_bar_on_stderr(self, monkeypatch):
        """No cache: `edge blackjack` computes the dealer's probabilities (about 6 s of CPU) under a bar."""
        monkeypatch.setenv("PA_TABLE_GAMES_CACHE", "off")
        code, shown, _ = session(["edge", "blackjack", "--decks", "1"], [], timeout=300)
        assert code == 0 and "computing the dealer's probabilities" in shown and "house edge" in shown
