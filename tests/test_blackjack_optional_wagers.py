"""§ 633a.7(g): the optional wagers settled on the first cards, from stacked shoes.

Shoe order (one box): burn card, the player's first card, the up card, the player's second
card, the hole card, then draws. Two boxes: burn, seat 1, seat 2, up, seat 1, seat 2, hole.
Each test asserts what the player is paid, which step (event) settles the wager, and its cite.
"""

from __future__ import annotations

import itertools
from decimal import Decimal

import pytest
from click.testing import CliRunner

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.cli import main
from pa_table_games.errors import IllegalAction, RulesFileError, WagerError
from pa_table_games.games.blackjack import first_cards as fc
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.games.blackjack.paytables import pay_table

from conftest import drive, event, one_box, play, row, rows, settled_by, triggers

BJ = "blackjack"


def outcome(rnd, wager, seat=1):
    r = row(rnd, wager, seat)
    return r.outcome, r.net, r.cite


def auto(rnd):
    """Finish a round: keep House Money payouts, decline insurance, stand."""
    rnd.advance()
    while not rnd.is_over:
        legal = [a.word for a in rnd.legal_actions()]
        word = next(w for w in ("house_money=keep", "insurance=no", "even_money=no", "stand") if w in legal)
        rnd.act(word)
        rnd.check_invariants()
        rnd.advance()
    rnd.check_invariants()
    return rnd


class TestTiming:
    def test_optional_wagers_settle_after_hole_card_before_card_reader(self):
        """(g): one step per player follows the hole card and precedes the card reader; the player's wagers are
        settled together in the order (g)(1)-(10). (Was one step per wager type: rewritten for the per-player pass.)"""
        seats = {1: {BJ: 10, "lucky_ladies": 5, "bet_the_set_21": 5, "house_money": 5}}
        rnd = play(BJ, one_box("KS", "KD", "9H", "7C"), seats, ["stand"])
        t = triggers(rnd)
        assert t[5:7] == ["deal_hole_card", "settle_optional_wagers_of_next_player"]
        assert t[7] == "read_hole_card"
        assert [s.wager for s in event(rnd, "settle_optional_wagers_of_next_player").settled] == [
            "lucky_ladies", "bet_the_set_21", "house_money"]

    def test_each_player_settled_from_the_dealers_right(self):
        """(g): the player farthest to the dealer's right (highest seat) is settled first, in a step of its own.
        (Was: both seats in one Bet the Set step; rewritten for the per-player pass.)"""
        seats = {1: {BJ: 10, "bet_the_set_21": 5}, 2: {BJ: 10, "bet_the_set_21": 5}}
        rnd = play(BJ, "2C 8S 9H 5D 8H 9C 7C TD", seats, ["stand", "stand"])
        steps = [e for e in rnd.events if e.trigger == "settle_optional_wagers_of_next_player"]
        assert [[s.seat for s in e.settled] for e in steps] == [[2], [1]]

    def test_633a_7_g_one_pass_player_by_player(self):
        """(g): "starting with the player farthest to the dealer's right ... settle the player's optional wagers":
        three players with different wagers are settled player by player (seat 3, 2, 1), each player's wagers
        together, not one wager type across the table after another: "by collecting all losing wagers and paying all
        winning wagers", seat 3's losing King's Bounty before its winning In Between (before: in (g)'s order alone,
        the winner paid first), each group in (g)'s order."""
        seats = {1: {BJ: 10, "lucky_ladies": 5, "kings_bounty": 5},
                 2: {BJ: 10, "match_the_dealer": 5, "bet_the_set_21": 5},
                 3: {BJ: 10, "in_between": 5, "kings_bounty": 5}}
        # burn, first cards 1-3, up card, second cards 1-3, hole card, the dealer's draw
        rnd = play(BJ, "2C KS 9S 8C 9H QD 9D TD 7C 5S", seats, ["stand", "stand", "stand"])
        order = [(s.seat, s.wager, s.cite) for e in rnd.events if e.trigger == "settle_optional_wagers_of_next_player"
                 for s in e.settled]
        assert order == [(3, "kings_bounty", "§ 633a.7(g)(6)"), (3, "in_between", "§ 633a.7(g)(3)(i)"),
                         (2, "match_the_dealer", "§ 633a.7(g)(2)"), (2, "bet_the_set_21", "§ 633a.7(g)(5)"),
                         (1, "lucky_ladies", "§ 633a.7(g)(1)"), (1, "kings_bounty", "§ 633a.7(g)(6)")]
        assert [e.notes[0] for e in rnd.events if e.trigger == "settle_optional_wagers_of_next_player"] == [
            "seat 3: optional wagers settled (kings_bounty, in_between)",
            "seat 2: optional wagers settled (match_the_dealer, bet_the_set_21)",
            "seat 1: optional wagers settled (lucky_ladies, kings_bounty)"]
        assert [outcome(rnd, "match_the_dealer", 2)[0], outcome(rnd, "in_between", 3)[0]] == [
            "unsuited+unsuited", "one_card_spread"]

    def test_633a_7_g_a_winner_paying_under_one_is_still_paid_after_the_losers(self):
        """(g): a Lucky Ladies Wager of 0.10 on a 20 wins 0.40, and is still paid after the player's losing House
        Money Wager is collected, though (g) lists it first (the mutation audit: a net under 1 sorted among the
        losers passed every test)."""
        seats = {1: {BJ: 10, "lucky_ladies": Decimal("0.10"), "house_money": 10}}
        rnd = play(BJ, one_box("KH", "7D", "TD", "TC"), seats, ["stand"])
        assert [(s.wager, s.outcome, s.net) for s in event(rnd, "settle_optional_wagers_of_next_player").settled] == [
            ("house_money", "lose", -10), ("lucky_ladies", "any_20", Decimal("0.40"))]

    def test_633a_7_g_deferred_settlements_keep_their_place(self):
        """(g)(1), (g)(4), (g)(10)(i): in the per-player pass a deferred wager waits while the player's other wagers
        are settled: two queens of hearts against a king are paid after the peek, after every other player's pass."""
        seats = {1: {BJ: 10, "lucky_ladies": 5, "bet_the_set_21": 5}, 2: {BJ: 10, "lucky_ladies": 5}}
        rnd = play(BJ, "2C QH KS KD QH QS 7C", seats, ["stand", "stand"])
        steps = [[(s.seat, s.wager) for s in e.settled] for e in rnd.events
                 if e.trigger == "settle_optional_wagers_of_next_player"]
        assert steps == [[(2, "lucky_ladies")], [(1, "bet_the_set_21")]]
        assert settled_by(rnd, "lucky_ladies", 1) == "pay_optional_wagers_after_peek"

    def test_633a_7_g_after_the_peek_player_by_player(self):
        """(g), (g)(1)(i), (g)(10)(i)(B): what waited for the peek is paid as (g) settles, player by player from the
        dealer's right, each player's waiting wagers in one step: seat 2's House Money before seat 1's two queens of
        hearts, seat 1's Lucky Ladies before its House Money ((g)(1) before (g)(10)). Before: one pass per wager
        type, every waiting pair round the table, then every House Money Wager."""
        seats = {1: {BJ: 10, "lucky_ladies": 5, "house_money": 5}, 2: {BJ: 10, "house_money": 5}}
        # burn, seat 1, seat 2, the up card (a 10), seat 1, seat 2, the hole card (no Blackjack)
        rnd = play(BJ, "2C QH 8H TD QH 8S 7C", seats, ["house_money=keep", "house_money=keep", "stand", "stand"])
        steps = [[(s.seat, s.wager, s.cite) for s in e.settled] for e in rnd.events
                 if e.trigger == "pay_optional_wagers_after_peek"]
        assert steps == [[(2, "house_money", "§ 633a.7(g)(10)(i)(B)")],
                         [(1, "lucky_ladies", "§ 633a.7(g)(1)(i)"), (1, "house_money", "§ 633a.7(g)(10)(i)(B)")]]
        t = triggers(rnd)
        assert t.index("read_hole_card") < t.index("pay_optional_wagers_after_peek") < t.index(
            "offer_house_money_choice") < t.index("begin_player_decisions")

    def test_no_optional_wager_no_step(self):
        """Without optional wagers the round goes from the hole card straight to (h)."""
        rnd = play(BJ, one_box("9H", "KS", "8D", "AC"))
        assert triggers(rnd)[5:8] == ["deal_hole_card", "read_hole_card", "settle_dealer_blackjack"]


class TestLuckyLadies:
    @pytest.mark.parametrize("p1, p2, won, net", [
        ("KS", "QD", "any_20", 20.0), ("KS", "QS", "suited_20", 45.0), ("KS", "KS", "matched_20", 95.0),
        ("QH", "QH", "queen_of_hearts_pair", 625.0), ("9S", "8D", "lose", -5.0), ("AS", "8D", "lose", -5.0)])
    def test_outcomes_against_a_nine(self, p1, p2, won, net):
        """(g)(1): table A pays 4, 9, 19, 125 to 1 on the initial two cards totalling 20; others lose."""
        rnd = play(BJ, one_box(p1, "9H", p2, "7C", "5D", "5C"), {1: {BJ: 10, "lucky_ladies": 5}}, ["stand"])
        assert outcome(rnd, "lucky_ladies") == (won, net, "§ 633a.7(g)(1)")
        assert settled_by(rnd, "lucky_ladies") == "settle_optional_wagers_of_next_player"

    def test_queens_of_hearts_against_ten_paid_after_the_peek(self):
        """(g)(1)(i): two queens of hearts against a king are settled after the other Lucky Ladies
        wagers, after the peek finds no Blackjack, before any other card is dealt."""
        seats = {1: {BJ: 10, "lucky_ladies": 5}, 2: {BJ: 10, "lucky_ladies": 5}}
        rnd = play(BJ, "2C QH KS KD QH QS 7C", seats, ["stand", "stand"])
        assert [s.seat for s in event(rnd, "settle_optional_wagers_of_next_player").settled] == [2]
        assert outcome(rnd, "lucky_ladies") == ("queen_of_hearts_pair", 625.0, "§ 633a.7(g)(1)(i)")
        t = triggers(rnd)
        assert t.index("read_hole_card") < t.index("pay_optional_wagers_after_peek") < t.index("begin_player_decisions")

    def test_queens_of_hearts_against_dealer_blackjack_paid_with_the_blackjack_wager(self):
        """(g)(1)(ii): against a dealer Blackjack the pair is paid 1000 to 1 when the Blackjack Wager is collected."""
        rnd = play(BJ, one_box("QH", "AS", "QH", "KC"), {1: {BJ: 10, "lucky_ladies": 5}}, ["insurance=no"])
        settled = event(rnd, "settle_dealer_blackjack").settled
        assert [(s.wager, s.outcome, s.net, s.cite) for s in settled] == [
            (BJ, "lose", -10.0, "§ 633a.7(h)"),
            ("lucky_ladies", "queen_of_hearts_pair_dealer_blackjack", 5000.0, "§ 633a.7(g)(1)(ii)")]
        assert "settle_optional_wagers_of_next_player" not in triggers(rnd)

    def test_rules_select_pay_table_b(self):
        """A Rules choice of table B pays two queens of hearts 200 to 1."""
        rules = BlackjackRules(paytables={"lucky_ladies": "B"})
        rnd = play(BJ, one_box("QH", "9H", "QH", "7C", "2D"), {1: {BJ: 10, "lucky_ladies": 5}}, ["stand"], rules=rules)
        assert outcome(rnd, "lucky_ladies")[1] == 1000.0


class TestMatchTheDealer:
    @pytest.mark.parametrize("p1, up, p2, won, net", [
        ("7H", "7H", "7C", "suited+unsuited", 75.0), ("7D", "7H", "2C", "unsuited", 20.0),
        ("2H", "7H", "7H", "suited", 55.0), ("KS", "TD", "TS", "unsuited", 20.0),
        ("KS", "TD", "QD", "lose", -5.0)])
    def test_each_matching_card_is_paid(self, p1, up, p2, won, net):
        """(g)(2): each card of the up card's rank is paid (suited 11, unsuited 4); a king does not match a 10."""
        rnd = play(BJ, one_box(p1, up, p2, "7S", "5D", "5C"), {1: {BJ: 10, "match_the_dealer": 5}}, ["stand"])
        assert outcome(rnd, "match_the_dealer") == (won, net, "§ 633a.7(g)(2)")
        assert settled_by(rnd, "match_the_dealer") == "settle_optional_wagers_of_next_player"

    def test_eight_decks_use_the_eight_deck_table(self):
        """With 8 decks and no table chosen, Match-the-Dealer pays 14 and 3 (the 8-deck table)."""
        rules = BlackjackRules(decks=8)
        rnd = play(BJ, one_box("7H", "7H", "7C", "9S", "5D"), {1: {BJ: 10, "match_the_dealer": 5}}, ["stand"], rules=rules)
        assert outcome(rnd, "match_the_dealer")[1] == 85.0


class TestInBetween:
    @pytest.mark.parametrize("p1, up, p2, won, net, cite", [
        ("7H", "8S", "9D", "one_card_spread", 50.0, "(g)(3)(i)"),
        ("2H", "8S", "AD", "four_or_more_card_spread", 5.0, "(g)(3)(i)"),
        ("8H", "8S", "8D", "triple_match", 150.0, "(g)(3)(ii)"),
        ("7H", "7S", "9D", "lose", -5.0, "(g)(3)"), ("7H", "9S", "8D", "lose", -5.0, "(g)(3)")])
    def test_outcomes(self, p1, up, p2, won, net, cite):
        """(g)(3): an up card between the two cards pays by the spread; three of one rank is a Triple Match."""
        rnd = play(BJ, one_box(p1, up, p2, "9C", "9H"), {1: {BJ: 10, "in_between": 5}}, ["stand"])
        assert outcome(rnd, "in_between") == (won, net, f"§ 633a.7{cite}")

    def test_a_win_under_one_cites_the_spread(self):
        """(g)(3)(i): an In Between Wager of 0.10 on a four-or-more-card spread wins 0.10 at 1 to 1, and is cited as a
        win by the spread, not as the wager's collection (the mutation audit: a net under 1 cited (g)(3))."""
        rnd = play(BJ, one_box("2H", "8S", "AD", "9C", "9H"), {1: {BJ: 10, "in_between": Decimal("0.10")}}, ["stand"])
        assert outcome(rnd, "in_between") == ("four_or_more_card_spread", Decimal("0.10"), "§ 633a.7(g)(3)(i)")


class TestRoyalMatch21:
    @pytest.mark.parametrize("p1, p2, won, net", [
        ("KH", "QH", "royal_match", 125.0), ("9H", "5H", "suited_match", 12.5), ("9H", "5S", "lose", -5.0)])
    def test_outcomes_against_a_nine(self, p1, p2, won, net):
        """(g)(4): a Royal Match pays 25 and a Suited Match 5 to 2 in the (g) step."""
        rnd = play(BJ, one_box(p1, "9D", p2, "8C", "5D"), {1: {BJ: 10, "royal_match_21": 5}}, ["stand"])
        assert outcome(rnd, "royal_match_21") == (won, net, "§ 633a.7(g)(4)")
        assert settled_by(rnd, "royal_match_21") == "settle_optional_wagers_of_next_player"

    def test_royal_match_against_a_king_waits_for_the_hole_card_and_crown_treasure(self):
        """(g)(4): against a king up card it is settled once the hole card is turned, before the
        Blackjack Wager; the dealer's own Royal Match adds the Crown Treasure Bonus (1000 to 1)."""
        rnd = play(BJ, one_box("KH", "KS", "QH", "QS"), {1: {BJ: 10, "royal_match_21": 5}}, ["stand"])
        assert outcome(rnd, "royal_match_21") == ("royal_match+crown_treasure_bonus", 5125.0, "§ 633a.7(g)(4)")
        t = triggers(rnd)
        assert t.index("turn_hole_card") < t.index("settle_royal_match_after_hole_card") < t.index("pay_winning_wagers")
        assert "settle_optional_wagers_of_next_player" not in t

    def test_a_royal_match_wager_lost_in_g_has_no_step_after_the_hole_card(self):
        """(g)(4): against a king up card only a Royal Match waits for the hole card. A nine and an eight lose in the
        (g) step, and nothing of theirs is settled once the hole card is turned: no empty step (the mutation audit:
        with ``or`` for ``and`` in the guard's test a step settling nothing followed the hole card)."""
        rnd = play(BJ, one_box("9H", "KD", "8S", "7C"), {1: {BJ: 10, "royal_match_21": 5}}, ["stand"])
        assert settled_by(rnd, "royal_match_21") == "settle_optional_wagers_of_next_player"
        assert triggers(rnd)[triggers(rnd).index("turn_hole_card"):] == [
            "turn_hole_card", "dealer_stands", "collect_losing_wagers", "pay_winning_wagers", "discard_hands",
            "end_round"]

    def test_a_surrender_at_a_box_with_no_royal_match_waiting_is_settled_at_once(self):
        """§ 633a.9, (g)(4): seat 2's Royal Match waits for the hole card against a king; seat 1, with no Royal Match
        21 Wager, surrenders a 16 and has half its wager collected at once, not held back for another player's Royal
        Match (the mutation audit: with ``or`` for ``and`` the surrender waited for a settlement that never came)."""
        seats = {1: {BJ: 10}, 2: {BJ: 10, "royal_match_21": 5}}
        rnd = play(BJ, "2C 9S KH KD 7C QH 9D", seats, ["surrender", "stand"])
        assert settled_by(rnd, BJ, 1) == "surrender"
        assert outcome(rnd, BJ, 1) == ("surrender", -5, "§ 633a.9")
        assert settled_by(rnd, "royal_match_21", 2) == "settle_royal_match_after_hole_card"

    def test_633a_7_g_4_royal_match_settled_before_a_surrendered_blackjack_wager(self):
        """(g)(4) "settled after the dealer's hole card is exposed but prior to settling the player's Blackjack
        Wager": a player who surrenders a Royal Match against a king has the Royal Match 21 Wager settled first,
        once the hole card is turned, then half the Blackjack Wager collected (§ 633a.9)."""
        rnd = play(BJ, one_box("KH", "KS", "QH", "9S"), {1: {BJ: 10, "royal_match_21": 5}}, ["surrender"])
        order = [(e.trigger, s.wager, s.outcome) for e in rnd.events for s in e.settled]
        assert order == [("settle_royal_match_and_surrender_after_hole_card", "royal_match_21", "royal_match"),
                         ("settle_royal_match_and_surrender_after_hole_card", "blackjack", "surrender")]
        assert outcome(rnd, BJ)[::2] == ("surrender", "§ 633a.9")
        t = triggers(rnd)
        assert t.index("surrender") < t.index("turn_hole_card") < t.index("settle_royal_match_and_surrender_after_hole_card")

    def test_crown_treasure_not_paid_when_not_offered(self):
        """(g)(4): the Crown Treasure Bonus is paid only if the certificate holder offers it."""
        rules = BlackjackRules(crown_treasure_bonus=False)
        rnd = play(BJ, one_box("KH", "KS", "QH", "QS"), {1: {BJ: 10, "royal_match_21": 5}}, ["stand"], rules=rules)
        assert outcome(rnd, "royal_match_21")[:2] == ("royal_match", 125.0)

    def test_royal_match_against_dealer_blackjack_settled_before_the_blackjack_wager(self):
        """(g)(4): with a dealer Blackjack, the Royal Match is settled in (h) before the Blackjack Wager."""
        rnd = play(BJ, one_box("KH", "QS", "QH", "AS"), {1: {BJ: 10, "royal_match_21": 5}})
        settled = event(rnd, "settle_dealer_blackjack").settled
        assert [(s.wager, s.outcome) for s in settled] == [("royal_match_21", "royal_match"), (BJ, "lose")]


class TestBetTheSet21:
    @pytest.mark.parametrize("p1, p2, won, net", [
        ("8S", "8S", "suited_pair", 75.0), ("8S", "8H", "pair", 50.0), ("8S", "9S", "lose", -5.0)])
    def test_outcomes(self, p1, p2, won, net):
        """(g)(5): a suited pair pays 15 and a pair 10."""
        rnd = play(BJ, one_box(p1, "9D", p2, "8C", "5D"), {1: {BJ: 10, "bet_the_set_21": 5}}, ["stand"])
        assert outcome(rnd, "bet_the_set_21") == (won, net, "§ 633a.7(g)(5)")


class TestKingsBounty:
    @pytest.mark.parametrize("p1, p2, won, net", [
        ("KS", "KS", "king_of_spades_pair", 500.0), ("KH", "KH", "suited_kings", 150.0),
        ("QD", "QD", "suited_queens_jacks_or_tens", 100.0), ("KH", "QH", "suited_20", 45.0),
        ("KH", "KS", "unsuited_kings", 30.0), ("KH", "QS", "unsuited_20", 20.0), ("KH", "9S", "lose", -5.0)])
    def test_outcomes_against_a_nine(self, p1, p2, won, net):
        """(g)(6): table A, best first; against a 9 even two kings of spades are paid in the (g) step."""
        rnd = play(BJ, one_box(p1, "9D", p2, "8C", "5D"), {1: {BJ: 10, "kings_bounty": 5}}, ["stand"])
        assert outcome(rnd, "kings_bounty") == (won, net, "§ 633a.7(g)(6)")
        assert settled_by(rnd, "kings_bounty") == "settle_optional_wagers_of_next_player"

    def test_kings_of_spades_against_ten_paid_after_the_peek(self):
        """(g)(6)(i): two kings of spades against a 10 are paid after the peek, before other cards."""
        rnd = play(BJ, one_box("KS", "TD", "KS", "7C"), {1: {BJ: 10, "kings_bounty": 5}}, ["stand"])
        assert outcome(rnd, "kings_bounty") == ("king_of_spades_pair", 500.0, "§ 633a.7(g)(6)(i)")
        assert settled_by(rnd, "kings_bounty") == "pay_optional_wagers_after_peek"

    def test_kings_of_spades_against_dealer_blackjack(self):
        """(g)(6)(ii): against a dealer Blackjack they pay 1000 to 1 when the Blackjack Wager is collected."""
        rnd = play(BJ, one_box("KS", "AD", "KS", "QC"), {1: {BJ: 10, "kings_bounty": 5}}, ["insurance=no"])
        assert outcome(rnd, "kings_bounty") == ("king_of_spades_pair_dealer_blackjack", 5000.0, "§ 633a.7(g)(6)(ii)")
        assert settled_by(rnd, "kings_bounty") == "settle_dealer_blackjack"


class TestSuperMatch:
    SWITCH = BlackjackRules(blackjack_switch=True)

    @pytest.mark.parametrize("cards, won, net", [
        ("8S 8H 8D 3C", "three_of_a_kind", 25.0), ("8S 8H 8D 8C", "four_of_a_kind", 200.0),
        ("8S 3H 8D 3C", "two_pair", 40.0), ("8S 3H 8D 2C", "pair", 5.0),
        ("8S 3H 9D 2C", "lose", -5.0)])
    def test_initial_four_cards_across_two_boxes(self, cards, won, net):
        """(g)(7): at a Blackjack Switch table the player's four cards in two adjacent boxes decide it."""
        a, b, c, d = cards.split()
        shoe = f"2C {a} {b} 9H {c} {d} 7C 5H 5D"
        rnd = play(BJ, shoe, {1: {BJ: 10, "super_match": 5}, 2: {BJ: 10}}, ["stand", "stand"], rules=self.SWITCH)
        assert outcome(rnd, "super_match") == (won, net, "§ 633a.7(g)(7)")

    def test_refused_without_a_switch_table(self):
        """(g)(7): a Super Match Wager is refused unless the Rules make it a Blackjack Switch table."""
        with pytest.raises(WagerError, match=r"Blackjack Switch.*\(g\)\(7\)"):
            load_game(BJ).new_round({1: {BJ: 10, "super_match": 5}, 2: {BJ: 10}}, seed=1)

    def test_refused_without_the_second_box(self):
        """(g)(7): the Super Match Wager needs the player's second box to hold a Blackjack Wager."""
        with pytest.raises(WagerError, match="seat 2"):
            load_game(BJ, self.SWITCH).new_round({1: {BJ: 10, "super_match": 5}}, seed=1)


class TestThreeCardPoker:
    @pytest.mark.parametrize("p1, up, p2, won", [
        ("5H", "7H", "6H", "straight_flush"), ("5H", "5D", "5S", "three_of_a_kind"),
        ("5H", "7C", "6H", "straight"), ("2H", "9H", "6H", "flush")])
    def test_every_win_pays_nine_to_one(self, p1, up, p2, won):
        """(g)(8): a straight flush, three of a kind, straight or flush with the up card pays 9 to 1."""
        rnd = play(BJ, one_box(p1, up, p2, "KC", "KD", "KS"), {1: {BJ: 10, "three_card_poker": 5}}, ["stand"])
        assert outcome(rnd, "three_card_poker") == (won, 45.0, "§ 633a.7(g)(8)")

    def test_table_b_and_a_loss(self):
        """(g)(8): table B pays a straight flush 40 to 1; a high card loses."""
        rules = BlackjackRules(paytables={"three_card_poker": "B"})
        rnd = play(BJ, one_box("5H", "7H", "6H", "KC", "KD"), {1: {BJ: 10, "three_card_poker": 5}}, ["stand"], rules=rules)
        assert outcome(rnd, "three_card_poker")[1] == 200.0
        rnd = play(BJ, one_box("2H", "7C", "KH", "KC", "KD"), {1: {BJ: 10, "three_card_poker": 5}}, ["stand"])
        assert outcome(rnd, "three_card_poker") == ("lose", -5.0, "§ 633a.7(g)(8)")


class TestStraightJackCollected:
    def test_no_two_card_straight_is_collected_in_g(self):
        """(g)(9): without a two-card straight the Straight Jack Progressive Wager is collected at once."""
        rnd = play(BJ, one_box("9H", "7C", "2D", "TC"), {1: {BJ: 10, "straight_jack": 5}}, ["stand"])
        assert outcome(rnd, "straight_jack") == ("lose", -5.0, "§ 633a.7(g)(9)")
        assert settled_by(rnd, "straight_jack") == "settle_optional_wagers_of_next_player"


class TestHouseMoney:
    SEATS = {1: {BJ: 10, "house_money": 10}}

    def test_a_double_reaching_the_table_maximum_exactly_after_adding_is_offered(self):
        """(g)(10)(ii)(A), § 633a.10: a House Money payout of 20 added makes the Blackjack Wager 20; at a table maximum
        of 40 a double to exactly 40 is offered and made, and the 20 wins 40 against the dealer's 24 (the mutation
        audit: the tests met the maximum only above or below)."""
        rnd = play(BJ, one_box("5H", "6D", "6S", "TC", "9C", "8C"), self.SEATS, ["house_money=add", "double"],
                   rules=BlackjackRules(table_maximum=40))
        assert (row(rnd, BJ).amount, row(rnd, BJ).outcome, row(rnd, BJ).net, row(rnd, BJ).cite) == (
            40, "win", 40, "§ 633a.7(p)(1)")

    @pytest.mark.parametrize("p1, p2, won, net", [
        ("5H", "6S", "two_card_straight", 10.0), ("8H", "8S", "pair", 30.0),
        ("5H", "6H", "two_card_straight_flush", 40.0), ("5H", "9S", "lose", -10.0)])
    def test_outcomes_against_a_seven(self, p1, p2, won, net):
        """(g)(10), (ii): against a 2-9 a winning hand is paid in the (g) step, a losing one collected."""
        actions = (["house_money=keep"] if net > 0 else []) + ["stand"]
        rnd = play(BJ, one_box(p1, "7D", p2, "TC", "5C"), self.SEATS, actions)
        cite = "(g)(10)(ii)" if net > 0 else "(g)(10)"
        assert outcome(rnd, "house_money") == (won, net, f"§ 633a.7{cite}")
        assert settled_by(rnd, "house_money") == "settle_optional_wagers_of_next_player"

    def test_a_winner_paying_less_than_one_is_paid_offered_and_added_as_any_winner(self):
        """(g)(10)(ii)(A): a House Money Wager of 0.50 on a two-card straight against a seven wins 0.50, is paid in the
        (g) step, offered, and added whole: the Blackjack Wager is 10.50, and nothing is said handed to the player
        (the mutation audit: a payout under 1 taken for a loser, or not added, passed every test)."""
        rnd = play(BJ, one_box("5H", "7D", "6S", "TC", "5C"), {1: {BJ: 10, "house_money": Decimal("0.50")}},
                   ["house_money=add", "stand"])
        assert outcome(rnd, "house_money") == ("two_card_straight", Decimal("0.50"), "§ 633a.7(g)(10)(ii)")
        assert event(rnd, "house_money=add").notes == (
            "seat 1: 0.5 of the House Money payout added; the Blackjack Wager is now 10.5, matched by any Double Down "
            "or split (§ 633a.7(g)(10)(ii)(C))",)
        assert row(rnd, BJ).amount == Decimal("10.50")

    def test_a_portion_rounding_to_nothing_adds_nothing_and_a_double_for_less_stands(self):
        """(g)(10)(ii)(A), (C): half of a 0.01 payout is less than a cent, so nothing is added; the Blackjack Wager is
        not enlarged by a payout, and a Double Down for less than it (5 on 10, § 633a.10) is taken (the mutation
        audit: an addition of nothing counted as one, and (ii)(C) then refused the 5)."""
        rnd = play(BJ, one_box("5H", "7D", "6S", "TC", "5C", "KC"), {1: {BJ: 10, "house_money": Decimal("0.01")}},
                   ["house_money=add", "double=5"], rules=BlackjackRules(house_money_portion=0.5))
        assert event(rnd, "house_money=add").notes[0].startswith("seat 1: 0 of the House Money payout added;")
        assert (row(rnd, BJ).amount, row(rnd, BJ).net) == (15, -15)

    def test_added_payout_is_the_entire_wager_for_a_double(self):
        """(g)(10)(ii)(A)-(C): the added payout makes the Blackjack Wager 20; a Double Down matches 20."""
        game = load_game(BJ)
        rnd = game.new_round(self.SEATS, shoe=Shoe.stacked(one_box("5H", "6D", "6S", "TC", "9C", "8C"))).advance()
        assert [a.word for a in rnd.legal_actions()] == ["house_money=add", "house_money=keep"]
        rnd.act("house_money=add")
        rnd.advance()
        for asked in ("double=25", "double=10"):  # no Double Down for less either: it matches the entire wager
            with pytest.raises(IllegalAction, match=r"must match the entire Blackjack Wager of 20 — "
                                                    r"§ 633a\.7\(g\)\(10\)\(ii\)\(C\)"):
                rnd.act(asked)
        assert rnd.wagers[0].amount == 20
        drive(rnd, ["double"])
        assert outcome(rnd, BJ) == ("win", 40.0, "§ 633a.7(p)(1)")

    def test_no_double_down_is_offered_where_the_match_would_pass_the_maximum(self):
        """(g)(10)(ii)(C) and § 601a.2: the wager is 20 with the payout added; at a maximum of 30 its Double Down of
        20 cannot be made, and one for less would not match: double is not offered (a kept payout still doubles,
        for what the maximum leaves)."""
        game = load_game(BJ, BlackjackRules(table_maximum=30))
        for answer, offered in (("house_money=add", False), ("house_money=keep", True)):
            rnd = game.new_round(self.SEATS, shoe=Shoe.stacked(one_box("5H", "6D", "6S", "TC", "9C", "8C"))).advance()
            rnd.act(answer)
            rnd.advance()
            assert ("double" in [a.name for a in rnd.legal_actions()]) is offered
            if not offered:  # refused by the subsection that forbids it, not by § 633a.10's maximum alone
                with pytest.raises(IllegalAction, match=r"once a House Money payout is added to it — "
                                                        r"§ 633a\.7\(g\)\(10\)\(ii\)\(C\)$"):
                    rnd.act("double")

    def test_keep_leaves_the_wager(self):
        """(g)(10)(ii)(B): a player who keeps the payout plays the original Blackjack Wager."""
        rnd = play(BJ, one_box("5H", "6D", "6S", "TC", "9C"), self.SEATS, ["house_money=keep", "stand"])
        assert row(rnd, BJ).amount == 10

    def test_rules_portion(self):
        """(g)(10)(ii)(A): the Rules may allow only a portion of the payout to be added."""
        rules = BlackjackRules(house_money_portion=0.5)
        rnd = play(BJ, one_box("5H", "6D", "6S", "TC", "9C"), self.SEATS, ["house_money=add", "stand"], rules=rules)
        assert row(rnd, BJ).amount == 15

    def test_blackjack_may_add(self):
        """(g)(10)(ii)(B): an ace-king suited (a Blackjack) may add its 9 to 1 payout; the Blackjack pays 3 to 2 on it."""
        rnd = play(BJ, one_box("AH", "6D", "KH", "TC"), self.SEATS, ["house_money=add"])
        assert outcome(rnd, "house_money")[:2] == ("ace_king_suited", 90.0)
        assert outcome(rnd, BJ) == ("blackjack", 150.0, "§ 633a.7(i)(1)(i)")

    def test_against_ten_paid_after_the_peek(self):
        """(g)(10)(i)(B): against a 10 a winner waits for the peek, then is paid and offered the choice."""
        rnd = play(BJ, one_box("8H", "TD", "8S", "7C", "9C"), self.SEATS, ["house_money=add", "stand"])
        assert outcome(rnd, "house_money") == ("pair", 30.0, "§ 633a.7(g)(10)(i)(B)")
        t = triggers(rnd)
        assert t.index("read_hole_card") < t.index("pay_optional_wagers_after_peek") < t.index("offer_house_money_choice")
        assert t.count("read_hole_card") == 1  # the offer closes to the card reader's answer, not back before it
        assert "settle_optional_wagers_of_next_player" not in t and row(rnd, BJ).amount == 40

    def test_loser_against_ten_collected_in_g(self):
        """(g)(10): a losing House Money Wager is collected in (g) even against a 10."""
        rnd = play(BJ, one_box("8H", "TD", "4S", "7C"), self.SEATS, ["stand"])
        assert settled_by(rnd, "house_money") == "settle_optional_wagers_of_next_player"

    def test_a_player_paid_even_money_is_not_offered_the_choice(self):
        """(g)(10)(i)(B), (ii), § 633a.8: an ace-king suited takes even money against the dealer's ace; once the card
        reader shows no dealer Blackjack its House Money Wager is paid, with nothing to add it to: no choice is
        offered (the mutation audit: with ``or`` for ``and`` in the offer's test the round waited for an answer)."""
        rnd = play(BJ, one_box("AH", "AD", "KH", "9C"), self.SEATS, ["even_money=yes"])
        assert rows(rnd) == [(1, BJ, 0, "even money", 10, "§ 633a.8"),
                             (1, "house_money", 0, "ace_king_suited", 90, "§ 633a.7(g)(10)(i)(B)")]
        assert "offer_house_money_choice" not in triggers(rnd)

    def test_against_dealer_blackjack(self):
        """(g)(10)(i)(A): against a dealer Blackjack the winner is paid with the Blackjack Wager, no choice."""
        rnd = play(BJ, one_box("8H", "AD", "8S", "KC"), self.SEATS, ["insurance=no"])
        assert outcome(rnd, "house_money") == ("pair", 30.0, "§ 633a.7(g)(10)(i)(A)")
        assert settled_by(rnd, "house_money") == "settle_dealer_blackjack"
        assert "offer_house_money_choice" not in triggers(rnd)

    def test_choice_out_of_turn_is_refused(self):
        """(g)(10)(ii): the choices go from the dealer's right: seat 2 answers before seat 1."""
        seats = {1: {BJ: 10, "house_money": 5}, 2: {BJ: 10, "house_money": 5}}
        rnd = load_game(BJ).new_round(seats, shoe=Shoe.stacked("2C 8H 5H 7D 8S 6S TC 9C 9D")).advance()
        with pytest.raises(IllegalAction, match="seat 2 hand 1 decides now, not seat 1 hand 1"):
            rnd.act(seat=1, name="house_money=add")
        drive(rnd, ["house_money=keep", "house_money=add", "stand", "stand"])
        assert row(rnd, BJ, 1).amount == 25 and row(rnd, BJ, 2).amount == 10

    # 7 up: seat 1 (9-10) and seat 2 (7-8) hold two-card straights, seat 3 (K-6) does not; hole TS, dealer 17
    THREE = {1: {BJ: 10, "house_money": 5}, 2: {BJ: 10, "house_money": 5}, 3: {BJ: 10, "house_money": 5}}
    THREE_SHOE = "2C 9C 7C KD 7D TD 8D 6C TS 9H 9S"

    def test_two_paid_players_answer_in_the_declared_walk(self):
        """(g)(10)(ii): seats 1 and 2 are paid in (g) and answer in the walk house_money_offered declares, from the
        dealer's right: Round.turn is seat 2's box, then seat 1's; seat 3, whose wager (g)(10) collected, is passed
        over without an event. Seat 1 adds its 5 (the wager is 15, paid 15 under (p)(2)); seat 2 keeps its 5."""
        rnd = load_game(BJ).new_round(self.THREE, shoe=Shoe.stacked(self.THREE_SHOE)).advance()
        asked = []
        while rnd.state == "house_money_offered" and rnd.legal_actions():
            asked.append(rnd.turn.seat)
            rnd.act("house_money=add" if rnd.turn.seat == 1 else "house_money=keep").advance()
        assert asked == [2, 1]
        assert [(e.trigger, e.seat) for e in rnd.events if e.trigger.startswith(("offer_house", "house_money", "close_house"))
                ] == [("offer_house_money_choice", None), ("house_money=keep", 2), ("house_money=add", 1),
                      ("close_house_money_offer", None)]
        drive(rnd, ["stand", "stand", "stand"])
        assert [outcome(rnd, "house_money", seat) for seat in (1, 2, 3)] == [
            ("two_card_straight", 5.0, "§ 633a.7(g)(10)(ii)"), ("two_card_straight", 5.0, "§ 633a.7(g)(10)(ii)"),
            ("lose", -5.0, "§ 633a.7(g)(10)")]
        assert outcome(rnd, BJ, 1) == ("win", 15.0, "§ 633a.7(p)(2)") and row(rnd, BJ, 1).amount == 15
        assert row(rnd, BJ, 2).amount == 10

    @pytest.mark.parametrize("seat", [1, 3])
    def test_answer_out_of_turn_cites_ii(self, seat):
        """(g)(10)(ii): while seat 2 answers, seat 1 (paid, its turn to come) and seat 3 (not paid) are refused
        with the subsection; the round is unchanged and seat 2 still answers."""
        rnd = load_game(BJ).new_round(self.THREE, shoe=Shoe.stacked(self.THREE_SHOE)).advance()
        events = len(rnd.events)
        with pytest.raises(IllegalAction, match="seat 2 hand 1 decides now") as refused:
            rnd.act(seat=seat, name="house_money=keep")
        assert refused.value.cite == "§ 633a.7(g)(10)(ii)"
        assert len(rnd.events) == events and rnd.turn.seat == 2


class TestWagersAccepted:
    def test_optional_wager_needs_a_blackjack_wager(self):
        """An optional wager without a Blackjack Wager in its box is refused, saying so."""
        with pytest.raises(WagerError, match="requires a Blackjack Wager in the same box"):
            load_game(BJ).new_round({1: {BJ: 10}, 2: {"lucky_ladies": 5}}, seed=1)

    def test_command_line_seat(self):
        """--seat accepts the optional wagers and refuses one without a Blackjack Wager (exit 2)."""
        runner = CliRunner()
        ok = runner.invoke(main, ["play", BJ, "--shoe", one_box("QH", "9H", "QH", "7C", "2D"),
                                  "--seat", "1:blackjack=10,lucky_ladies=5", "--actions", "stand", "--json"])
        assert ok.exit_code == 0 and '"queen_of_hearts_pair"' in ok.output
        bad = runner.invoke(main, ["play", BJ, "--seed", "1", "--seat", "1:lucky_ladies=5", "--actions", "stand"])
        assert bad.exit_code == 2 and "requires a Blackjack Wager" in bad.output


class TestRulesFile:
    def test_pay_table_chosen_in_a_rules_file(self, tmp_path):
        """A Rules file's paytables mapping selects Lucky Ladies table B."""
        path = tmp_path / "casino.yaml"
        path.write_text("decks: 6\npaytables:\n  lucky_ladies: B\n")
        rnd = play(BJ, one_box("QH", "9H", "QH", "7C", "2D"), {1: {BJ: 10, "lucky_ladies": 5}}, ["stand"], rules=str(path))
        assert outcome(rnd, "lucky_ladies")[1] == 1000.0

    @pytest.mark.parametrize("text, line, message", [
        ("paytables:\n  lucky_ladies: Z\n", 2, "lucky_ladies has no pay table 'Z'"),
        ("decks: 6\npaytables:\n  three_card_poker: A\n  blackjack_switch_bet: A\n", 4, "unknown optional wager"),
        ("decks: 6\nhouse_money_share: 1\n", 2, "unknown Rules option 'house_money_share'")])
    def test_unknown_wager_table_or_option(self, tmp_path, text, line, message):
        """An unknown wager, pay table or option is an error naming the file and line."""
        path = tmp_path / "casino.yaml"
        path.write_text(text)
        with pytest.raises(RulesFileError, match=rf"casino.yaml:{line}: .*{message}"):
            load_game(BJ, rules=str(path))


# -- the (g) settlement agrees with the first-card classifiers, deal by deal ---------------------
PLAYERS = ["QH QH", "KS KS", "KH QH", "KS QD", "JD JD", "TS TS", "9H 9H", "9S 9D", "AH KH", "AS KD",
           "5H 6H", "5H 6S", "AS 2C", "7C 9C", "7H 9S", "2D AD", "4S 8H", "3C 3C", "QD KD", "TH JS"]
UPS = ["2S", "5H", "7C", "8D", "9H", "TC", "JH", "QH", "KS", "KH", "AH", "AS", "3C"]
CLASSIFY = {
    "lucky_ladies": lambda p, up, hole: [fc.lucky_ladies_outcome(p, up, hole)],
    "match_the_dealer": lambda p, up, hole: fc.match_the_dealer_matches(p, up),
    "in_between": lambda p, up, hole: [fc.in_between_outcome(p, up)],
    "royal_match_21": lambda p, up, hole: [fc.royal_match_21_outcome(p)]
    + (["crown_treasure_bonus"] if fc.crown_treasure(p, (up, hole)) else []),
    "bet_the_set_21": lambda p, up, hole: [fc.bet_the_set_21_outcome(p)],
    "kings_bounty": lambda p, up, hole: [fc.kings_bounty_outcome(p, up, hole)],
    "three_card_poker": lambda p, up, hole: [fc.three_card_poker_outcome(p, up)],
    "house_money": lambda p, up, hole: [fc.house_money_outcome(p)],
}


class TestAgreesWithClassifiers:
    @pytest.mark.parametrize("hole", ["5C", "AC", "QS"])
    def test_every_deal_settles_as_the_classifier_says(self, hole):
        """Over 20 player hands x 13 up cards, each (g) wager's row is the classifier's outcome at the pay table's odds."""
        game = load_game(BJ)
        stake = 4.0
        for player, up in itertools.product(PLAYERS, UPS):
            p1, p2 = player.split()
            seats = {1: {BJ: 10, **{name: stake for name in CLASSIFY}}}
            shoe = Shoe.stacked(one_box(p1, up, p2, hole, *["2D"] * 8))
            rnd = auto(game.new_round(seats, shoe=shoe, atomic=False))  # no rollback needed: no refusals
            cards, upc, holec = parse_cards(player), parse_cards(up)[0], parse_cards(hole)[0]
            for name, classify in CLASSIFY.items():
                won = [o for o in classify(cards, upc, holec) if o]
                table = pay_table(name)
                r = row(rnd, name)
                if not won:
                    assert (r.outcome, r.net) == ("lose", -stake), (player, up, hole, name, r)
                else:
                    assert r.outcome == "+".join(won), (player, up, hole, name, r)
                    assert r.net == pytest.approx(stake * float(sum(table.pays[o] for o in won))), (player, up, name)


class TestTrace:
    def test_every_subsection_mapped_only_physical_ones_waived(self):
        """`trace blackjack`: every subsection of § 633a.7 to full depth is encoded; only (b) and (t) are waived."""
        result = CliRunner().invoke(main, ["trace", BJ])
        assert result.exit_code == 0
        spec = load_game(BJ).spec
        keys = dict(spec.subsections)
        assert {"(g)(1)(ii)", "(g)(10)(ii)(C)", "(o)(1)(ii)(B)", "(o)(3)(i)(D)", "(d)(2)", "(e)(2)"} <= set(keys)
        assert dict(spec.waived).keys() == {"(b)", "(t)"} and spec.unmapped() == []
        assert f"{len(keys) - 2} of {len(keys)} subsections encoded, 2 waived, 0 unmapped" in result.output


class TestRoyalMatchCitesWhatHappened:
    def test_633a_9_is_cited_by_the_royal_match_step_only_when_a_hand_surrendered(self):
        """(g)(4) against a king: the step settling the Royal Match after the hole card cites § 633a.9 only in a
        round where the player surrendered (and that step then settles the surrender too); standing, it cites (g)(4)."""
        seats = {1: {BJ: 10, "royal_match_21": 5}}
        stood = play(BJ, one_box("KH", "KS", "QH", "QS"), seats, ["stand"])
        step = next(e for e in stood.events if e.trigger.startswith("settle_royal_match"))
        assert step.cite == ("§ 633a.7(g)(4)",) and [s.wager for s in step.settled] == ["royal_match_21"]
        gave_up = play(BJ, one_box("KH", "KS", "QH", "9S"), seats, ["surrender"])
        step = next(e for e in gave_up.events if e.trigger.startswith("settle_royal_match"))
        assert "§ 633a.9" in step.cite and [s.wager for s in step.settled] == ["royal_match_21", BJ]
