"""Stacked-shoe rounds through every branch of the § 633a.7 machine.

Shoe order: burn card, then (f)(1) first cards seat 1..n, (f)(2) up card, (f)(3) second
cards, (f)(4) hole card, then draws in play order.
"""

from __future__ import annotations

import pytest

from pa_table_games import Action, IllegalAction, Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.chips import Wager
from pa_table_games.errors import ShoeExhausted, TableGamesError
from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.games.blackjack.outcome import blackjack_outcome
from pa_table_games.games.blackjack.rules import BlackjackRules

from conftest import drive, event, one_box, play, rows, triggers

BJ = "blackjack"


class TestDeal:
    def test_deal_order_and_burn(self):
        """The burn card goes to the rack, then first cards, up card, second cards and hole card in (f) order."""
        rnd = play(BJ, "2C 9H TS 6D 2H 7S 8C 9S 3D", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"])
        assert event(rnd, "burn_first_card").cards[0].card == "2C"
        assert [m.card for m in event(rnd, "deal_first_cards").cards] == ["9H", "TS"]
        assert event(rnd, "deal_up_card").cite == ("§ 633a.7(f)(2)",)
        hole = event(rnd, "deal_hole_card").cards[0]
        assert (hole.card, hole.face_up) == ("8C", False)

    def test_discard_keeps_each_hand_together(self):
        """(s): the rack holds one bundle per hand, in order, so each hand can be reconstructed."""
        rnd = play(BJ, "2C 9H TS 6D 2H 7S 8C 9S 3D", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"])
        bundles = dict(rnd.table.rack.bundles)
        assert [c.code for c in bundles["seat 1"]] == ["9H", "2H"]
        assert [c.code for c in bundles["dealer"]] == ["6D", "8C", "9S"]


class TestPlayerBlackjack:
    def test_blackjack_against_nine_paid_three_to_two_at_once(self):
        """(i)(1)(i): a Blackjack against a 9 is paid 3 to 2 before the dealer's hand, cards removed."""
        rnd = play(BJ, "2C AS 9D KH 7C")
        assert rows(rnd) == [(1, BJ, 0, "blackjack", 15.0, "§ 633a.7(i)(1)(i)")]
        assert event(rnd, "pay_player_blackjack").seq < event(rnd, "turn_hole_card").seq
        assert "draw_dealer_card" not in triggers(rnd)

    def test_blackjack_against_ten_paid_after_hole_card_by_rules(self):
        """(i)(1)(ii)(B): with that Rules option the Blackjack is announced and paid after the hole card."""
        rules = BlackjackRules(blackjack_vs_ace_or_ten="pay_after_hole_card")
        rnd = play(BJ, "2C AS KD KH 7C", rules=rules)
        assert "announce_player_blackjack" in triggers(rnd)
        assert rows(rnd) == [(1, BJ, 0, "blackjack", 15.0, "§ 633a.7(i)(1)(ii)(B)")]

    def test_an_announced_blackjack_against_a_dealer_21_of_three_cards_is_paid_under_p_3(self):
        """(p)(3): a Blackjack announced under (i)(1)(ii)(B) wins against a dealer 21 of three cards (K, 6, 5),
        cited (p)(3), not (i)(1)(ii)(B); the other box's 18 loses (p). (The mutation audit: no test met the (p)(3)
        cite.)"""
        rules = BlackjackRules(blackjack_vs_ace_or_ten="pay_after_hole_card")
        rnd = play(BJ, "2C AS TH KD KH 8S 6C 5C", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand"], rules=rules)
        assert rows(rnd) == [(2, BJ, 0, "lose", -10.0, "§ 633a.7(p)"), (1, BJ, 0, "blackjack", 15.0, "§ 633a.7(p)(3)")]

    def test_blackjack_against_an_ace_paid_at_once_after_the_peek_cites_i_1_ii_a(self):
        """(i)(1)(ii)(A): a Blackjack against an ace, even money declined and no dealer Blackjack, is paid 3 to 2 at
        once under the subsection for an ace or 10-value up card, not (i)(1)(i) (the mutation audit: an ace counted
        as anything but 11 cited (i)(1)(i) and passed)."""
        rnd = play(BJ, "2C AS AH KD 7C", actions=["even_money=no"])
        assert rows(rnd) == [(1, BJ, 0, "blackjack", 15.0, "§ 633a.7(i)(1)(ii)(A)")]

    def test_blackjack_against_ten_paid_at_once_by_default(self):
        """(i)(1)(ii)(A): by default a Blackjack against a 10 without dealer Blackjack is paid at once."""
        rnd = play(BJ, "2C AS KD KH 7C")
        assert rows(rnd) == [(1, BJ, 0, "blackjack", 15.0, "§ 633a.7(i)(1)(ii)(A)")]


class TestInsuranceAndPeek:
    def test_insurance_taken_and_dealer_blackjack(self):
        """(h): Insurance pays 2 to 1 and the Blackjack Wager is lost to the dealer's Blackjack."""
        rnd = play(BJ, "2C 9H AS 8D KC", actions=["insurance=yes"])
        assert rows(rnd) == [(1, BJ, 0, "lose", -10.0, "§ 633a.7(h)"),
                             (1, "insurance", 0, "win", 10.0, "§ 633a.8")]
        assert "player_decisions" not in [e.dest for e in rnd.events]

    def test_insurance_lost_without_dealer_blackjack(self):
        """§ 633a.8: without a dealer Blackjack the Insurance Wager is collected before decisions."""
        rnd = play(BJ, "2C TH AS 8D 6C", actions=["insurance=yes", "stand"])
        assert (1, "insurance", 0, "lose", -5.0, "§ 633a.8") in rows(rnd)
        assert "dealer_stands" in triggers(rnd)  # soft 17: the dealer stands, (m)

    def test_even_money(self):
        """§ 633a.8: a Blackjack against an ace takes even money, settled once even when the dealer has Blackjack."""
        rnd = play(BJ, "2C AH AS KD KC", actions=["even_money=yes"])
        assert rows(rnd) == [(1, BJ, 0, "even money", 10.0, "§ 633a.8")]

    def test_633a_7_i_hand_paid_even_money_is_passed_not_closed_at_21(self):
        """§ 633a.8, (i): a Blackjack paid even money and removed is passed over in the decisions; no
        close_hand_at_21 event is logged for it, and the next box decides."""
        rnd = play(BJ, "2C AH 9S AS KD 8C 7C", {1: {BJ: 10}, 2: {BJ: 10}},
                   actions=["even_money=yes", "insurance=no", "stand"])
        assert "close_hand_at_21" not in triggers(rnd)
        passed = event(rnd, "pass_hand_paid_even_money")
        assert passed.cite == ("§ 633a.7(i)", "§ 633a.8") and passed.seq < event(rnd, "stand").seq
        assert rows(rnd) == [(1, BJ, 0, "even money", 10.0, "§ 633a.8"), (2, BJ, 0, "lose", -10.0, "§ 633a.7(p)")]

    def test_blackjack_ties_dealer_blackjack(self):
        """(q): a declined even money Blackjack ties the dealer's Blackjack."""
        rnd = play(BJ, "2C AH AS KD KC", actions=["even_money=no"])
        assert rows(rnd) == [(1, BJ, 0, "tie", 0.0, "§ 633a.7(q)")]

    def test_peek_on_ten_without_offer(self):
        """(h): a 10-value up card is read for Blackjack without an Insurance offer."""
        rnd = play(BJ, "2C 9H KS 8D AC")
        assert "offer_insurance" not in triggers(rnd)
        assert triggers(rnd)[6:8] == ["read_hole_card", "settle_dealer_blackjack"]
        assert rows(rnd) == [(1, BJ, 0, "lose", -10.0, "§ 633a.7(h)")]


class TestDecisions:
    def test_surrender(self):
        """§ 633a.9: late surrender collects half; with no live hand the dealer does not draw, (n)."""
        rnd = play(BJ, "2C TH TS 6D 5C", actions=["surrender"])
        assert rows(rnd) == [(1, BJ, 0, "surrender", -5.0, "§ 633a.9")]
        assert "stop_drawing" in triggers(rnd)

    def test_no_double_after_a_split_where_the_rules_say_so(self):
        """§ 633a.10 with the Rules option double_after_split off: a hand split from a pair may hit or stand, not
        double, and the double is refused with the cite (the mutation audit: no test turned the option off)."""
        rnd = load_game(BJ, BlackjackRules(double_after_split=False)).new_round(
            {1: {BJ: 10}}, shoe=Shoe.stacked("2C 8H 6D 8S TC 3C 2D")).advance()
        rnd.act("split").advance()
        assert [a.word for a in rnd.legal_actions()] == ["hit", "stand"]
        with pytest.raises(IllegalAction, match=r"a hand split from a pair only under the Rules' double_after_split.*"
                                                 r"§ 633a.10"):
            rnd.act("double")  # the refusal names the option (before: only "two cards the Rules allow ...")

    @pytest.mark.parametrize("double_on, first, second, offered", [
        ("nine_ten_eleven", "4H", "5D", True), ("nine_ten_eleven", "4H", "6D", True),
        ("nine_ten_eleven", "5H", "6D", True), ("nine_ten_eleven", "3H", "5D", False),
        ("nine_ten_eleven", "5H", "7D", False), ("ten_eleven", "4H", "6D", True), ("ten_eleven", "5H", "6D", True),
        ("ten_eleven", "4H", "5D", False), ("ten_eleven", "5H", "7D", False)])
    def test_the_rules_double_on_names_the_two_card_totals_a_double_is_offered_on(self, double_on, first, second,
                                                                                   offered):
        """§ 633a.10 with the Rules option double_on: 9, 10 and 11 (nine_ten_eleven) or 10 and 11 (ten_eleven) may
        double, a total next to them is refused with the cite (the mutation audit: no test in the quick suite
        dealt either option)."""
        rnd = load_game(BJ, BlackjackRules(double_on=double_on)).new_round(
            {1: {BJ: 10}}, shoe=Shoe.stacked(one_box(first, "6S", second, "TC", "9C", "TD"))).advance()
        assert ("double" in [a.name for a in rnd.legal_actions()]) == offered
        if not offered:
            with pytest.raises(IllegalAction, match=r"two cards the Rules allow a Double Down Wager on.*§ 633a\.10"):
                rnd.act("double")
            return
        drive(rnd, ["double"])
        assert [c.code for c in rnd.layout.hands[0].cards] == [first, second, "9C"] and rnd.wagers[0].amount == 20

    def test_split_aces_play_on_where_the_rules_give_them_more_than_one_card(self):
        """§ 633a.11 with the Rules option split_aces_one_card off: a split ace takes its second card and is played
        on (hit, stand or double), not closed (the mutation audit: only the pinned simulation nets caught it)."""
        rnd = load_game(BJ, BlackjackRules(split_aces_one_card=False)).new_round(
            {1: {BJ: 10}}, shoe=Shoe.stacked("2C AH 6D AS TC 5C 3D 4S 2H 2D")).advance()
        rnd.act("split").advance()
        assert [a.word for a in rnd.legal_actions()] == ["hit", "stand", "double"]

    def test_double_gets_exactly_one_card(self):
        """(k)(2): a doubled hand gets one card; a further hit is refused citing (k)(2)."""
        rnd = load_game(BJ).new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C 6H 9S 5D 7C 9D 4C")).advance()
        rnd.act("double")
        with pytest.raises(IllegalAction, match=r"§ 633a.7\(k\)\(2\)"):
            rnd.act("hit")
        drive(rnd)
        assert rows(rnd) == [(1, BJ, 0, "tie", 0.0, "§ 633a.7(q)")]
        assert event(rnd, "double").cards[0].card == "9D"

    def test_split_and_resplit_to_the_limit(self):
        """§ 633a.11: eights split to four hands; the fourth split is not offered; each hand settles once."""
        game = load_game(BJ)
        rnd = game.new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C 8H 6S 8D 7C 8S 8C 3D 2H TD 9H 5C")).advance()
        for _ in range(3):
            rnd.act("split")
            rnd.advance()
        assert "split" not in [a.name for a in rnd.legal_actions()]
        with pytest.raises(IllegalAction, match="§ 633a.11"):
            rnd.act("split")
        drive(rnd, ["stand"] * 4)
        assert sorted(rows(rnd)) == [(1, BJ, 0, "lose", -10.0, "§ 633a.7(p)"), (1, BJ, 1, "lose", -10.0, "§ 633a.7(p)"),
                                     (1, BJ, 2, "tie", 0.0, "§ 633a.7(q)"), (1, BJ, 3, "lose", -10.0, "§ 633a.7(p)")]

    def test_split_aces_get_one_card_each(self):
        """§ 633a.11: split aces draw one card each; ace-king after a split is 21, paid even, not a Blackjack."""
        rnd = play(BJ, "2C AH 6S AD 7C 9S KD 5C", actions=["split"])
        assert sorted(rows(rnd)) == [(1, BJ, 0, "win", 10.0, "§ 633a.7(p)(2)"), (1, BJ, 1, "win", 10.0, "§ 633a.7(p)(2)")]
        assert triggers(rnd).count("close_split_ace_hand") + triggers(rnd).count("close_hand_at_21") == 2

    def test_633a_11_resplit_aces_plays_as_priced(self):
        """§ 633a.11, Rules resplit_aces: a split ace that receives an ace may be split again (split or stand,
        never a hit or a double down), up to the Rules' split limit; each split ace then takes one card."""
        rules = BlackjackRules(resplit_aces=True)
        game = load_game(BJ, rules)
        rnd = game.new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C AS 6D AH TC AD 9S KH 8C 7H"))
        rnd.advance().act("split")
        rnd.advance()
        assert [c.code for c in rnd.turn.cards] == ["AS", "AD"]
        assert [a.name for a in rnd.legal_actions()] == ["stand", "split"]
        drive(rnd, ["split"])
        assert [[c.code for c in h.cards] for h in rnd.layout.hands] == [["AS", "9S"], ["AD", "KH"], ["AH", "8C"]]
        assert sorted((r.hand, r.outcome) for r in rnd.settlement()) == [(0, "win"), (1, "win"), (2, "win")]

    def test_633a_11_split_aces_at_the_limit_are_closed(self):
        """§ 633a.11: at the Rules' split limit a split ace holding an ace is closed with its one card."""
        rules = BlackjackRules(resplit_aces=True, split_max_hands=2)
        rnd = play(BJ, "2C AS 6D AH TC AD 9S 7H", actions=["split"], rules=rules)
        assert triggers(rnd).count("close_split_ace_hand") == 2
        assert [[c.code for c in h.cards] for h in rnd.layout.hands] == [["AS", "AD"], ["AH", "9S"]]

    def test_633a_7_i_split_ace_and_king_is_21_not_labelled_blackjack(self):
        """§ 633a.11, (i): a split ace with a king is 21, paid 1 to 1; the event note does not call it a Blackjack."""
        rnd = play(BJ, "2C AH 6S AD 7C 9S KD 5C", actions=["split"])
        note = " ".join(event(rnd, "deal_second_card_to_split_hand").notes)
        assert note == "seat 1 hand 1: AD KD (soft 21)" and "Blackjack" not in note
        assert (1, BJ, 1, "win", 10.0, "§ 633a.7(p)(2)") in rows(rnd)

    def test_bust_and_dealer_does_not_draw(self):
        """(n): every player busted, so the dealer turns the hole card and draws nothing."""
        rnd = play(BJ, "2C TH 6S 5D 7C KC", actions=["hit"])
        assert rows(rnd) == [(1, BJ, 0, "bust", -10.0, "§ 633a.7(p)")]
        assert "draw_dealer_card" not in triggers(rnd) and "stop_drawing" in triggers(rnd)

    def test_an_announced_blackjack_alone_leaves_the_dealer_nothing_to_draw_for(self):
        """(n), (i)(1)(ii)(B): a Blackjack announced against a 10 is the only hand: once the hole card shows no dealer
        Blackjack, no outcome depends on the dealer's hand, so the dealer draws nothing on 16 (the mutation audit:
        only the pinned simulation nets caught a dealer drawing here)."""
        rules = BlackjackRules(blackjack_vs_ace_or_ten="pay_after_hole_card")
        rnd = play(BJ, "2C AS KD KH 6C 5C", rules=rules)
        assert rows(rnd) == [(1, BJ, 0, "blackjack", 15.0, "§ 633a.7(i)(1)(ii)(B)")]
        assert "stop_drawing" in triggers(rnd) and "draw_dealer_card" not in triggers(rnd)

    def test_no_draw_on_21(self):
        """(k)(1): a hand reaching 21 is closed; it is never offered a hit."""
        rnd = play(BJ, "2C 5H 9S 6D 7C KC 2D", actions=["hit"])
        assert "close_hand_at_21" in triggers(rnd)
        assert rows(rnd)[0][3:] == ("win", 10.0, "§ 633a.7(p)(2)")

    def test_dealer_draws_to_17_and_busts(self):
        """(m) and (p)(1): the dealer draws below 17; a dealer bust pays every standing hand. A dealer 22 is a bust
        and the log says so (the mutation audit: with 22 taken for a stand, only the trigger changed)."""
        rnd = play(BJ, "2C TH 6S 8D 7C 9C", actions=["stand"])
        assert rows(rnd) == [(1, BJ, 0, "win", 10.0, "§ 633a.7(p)(1)")]
        assert event(rnd, "dealer_busts").cite == ("§ 633a.7(m)",) and "dealer_stands" not in triggers(rnd)


class TestSettlementProcedures:
    def test_collect_then_pay(self):
        """(r)(1): losing wagers are collected in one step, then winners paid in the next."""
        rnd = play(BJ, "2C TH 9S 6D TD 8C 9H 3C", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"])
        # dealer 6 9 = 15, draws 3C = 18: seat 1 (20) wins, seat 2 (17) loses
        assert [s.seat for s in event(rnd, "collect_losing_wagers").settled] == [2]
        assert [s.seat for s in event(rnd, "pay_winning_wagers").settled] == [1]

    def test_collect_then_pay_returns_a_tie_with_the_winners(self):
        """(r)(1), (q): a tie is no losing wager: it is returned in the paying step, after the losing one is collected
        (seat 1's 19 against the dealer's 19; seat 2's 17 loses). The mutation audit: only stored logs caught a tie
        collected with the losers."""
        rnd = play(BJ, "2C TH 9D TS 8C 7H 8D", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"])
        assert rows(rnd) == [(2, BJ, 0, "lose", -10.0, "§ 633a.7(p)"), (1, BJ, 0, "tie", 0.0, "§ 633a.7(q)")]
        assert [(s.seat, s.outcome) for s in event(rnd, "collect_losing_wagers").settled] == [(2, "lose")]
        assert [(s.seat, s.outcome) for s in event(rnd, "pay_winning_wagers").settled] == [(1, "tie")]

    def test_right_to_left(self):
        """(r)(2): one step settles each box from the dealer's right (highest seat first)."""
        rules = BlackjackRules(settlement="right_to_left")
        rnd = play(BJ, "2C TH 9S 6D TD 8C 9H 3C", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"], rules=rules)
        assert [(s.seat, s.outcome) for s in event(rnd, "settle_right_to_left").settled] == [(2, "lose"), (1, "win")]
        assert event(rnd, "settle_right_to_left").cite == ("§ 633a.7(p)", "§ 633a.7(q)", "§ 633a.7(r)(2)")  # who wins, ties, in what order

    @pytest.mark.parametrize("cards", ["7H 7D 7C", "TH 9D"])
    def test_a_dealer_blackjack_beats_a_hand_that_is_no_blackjack(self, cards):
        """(q): settled against a dealer Blackjack, a three-card 21 or a 19 loses its wager once. The card reader (h)
        settles such hands before they are played, so only a machine edited without it (``--machine``) leaves one
        for this settlement (the mutation audit: a loss of twice the wager passed every test)."""
        hand = Hand(1, 0, Wager(1, BJ, 0, 10), parse_cards(cards))
        assert blackjack_outcome(hand, 21, True, BlackjackRules()) == ("lose", -1, "(q)")

    SHOE = "2C QH 8S AS AD QH 8D KC KH"  # seats 1, 2, 3: QH QH, 8S 8D, A K; the dealer A K
    SEATS = {1: {BJ: 10, "lucky_ladies": 5}, 2: {BJ: 10, "house_money": 5}, 3: {BJ: 10}}
    ACTIONS = ["insurance=yes", "insurance=no", "even_money=no"]

    def test_collect_then_pay_against_a_dealer_blackjack(self):
        """(h) with (r)(1): every losing Blackjack Wager (seats 2 and 1, from the dealer's right) is collected before
        the Blackjack's tie is returned and the waiting winners and Insurance are paid (before, seat 2's House Money
        was paid before seat 1's wager was collected)."""
        rnd = play(BJ, self.SHOE, self.SEATS, self.ACTIONS)
        assert [(s.seat, s.wager, s.outcome) for s in event(rnd, "settle_dealer_blackjack").settled] == [
            (2, BJ, "lose"), (1, BJ, "lose"), (3, BJ, "tie"), (2, "house_money", "pair"),
            (1, "lucky_ladies", "queen_of_hearts_pair_dealer_blackjack"), (1, "insurance", "win")]

    def test_players_whose_royal_match_waits_are_collected_last_under_collect_then_pay(self):
        """(h), (r)(1) and (g)(4): seat 1's losing wager is collected before the Royal Matches of seats 3 and 2 are
        paid, each just before its own player's Blackjack Wager (before: seat 1 was collected after both were paid)."""
        seats = {1: {BJ: 10}, 2: {BJ: 10, "royal_match_21": 5}, 3: {BJ: 10, "royal_match_21": 5}}
        rnd = play(BJ, "2C 9C KH KS KD 8C QH QS AD", seats, [])
        step = event(rnd, "settle_dealer_blackjack")
        assert [(s.seat, s.wager) for s in step.settled] == [
            (1, BJ), (3, "royal_match_21"), (3, BJ), (2, "royal_match_21"), (2, BJ)]
        assert "§ 633a.7(r)" in step.cite and "§ 633a.7(r)(1)" not in step.cite  # (r)(2) Rules fire it too

    def test_right_to_left_against_a_dealer_blackjack(self):
        """(h) with (r)(2): each player's wagers together, from the dealer's right."""
        rnd = play(BJ, self.SHOE, self.SEATS, self.ACTIONS, rules=BlackjackRules(settlement="right_to_left"))
        assert [(s.seat, s.wager) for s in event(rnd, "settle_dealer_blackjack").settled] == [
            (3, BJ), (2, BJ), (2, "house_money"), (1, BJ), (1, "lucky_ladies"), (1, "insurance")]


class TestShoe:
    def test_cover_card_first_card_of_round(self):
        """(e): the cover card out first is set aside, the round completed, then the shoe is reshuffled."""
        rnd = play(BJ, "2C CUT TH 6S 8D 7C 5C", actions=["stand"])
        assert triggers(rnd)[:3] == ["load_shoe", "burn_first_card", "set_aside_cover_card"]
        assert triggers(rnd)[-2:] == ["discard_rest_of_shoe", "reshuffle"]
        assert rnd.shoe.batch_is_new and len(rnd.shoe) == 7 and not rnd.table.rack.bundles

    def test_cover_card_mid_round(self):
        """(e): a cover card appearing during play is set aside and noted; the round ends with a reshuffle."""
        rnd = play(BJ, "2C TH 6S 8D 7C CUT 5C 4C", actions=["stand"])
        drawn = event(rnd, "draw_dealer_card")
        assert drawn.cards[0].card == "5C" and "cover card appeared" in drawn.notes[0]
        assert triggers(rnd)[-2:] == ["discard_rest_of_shoe", "reshuffle"]

    def test_new_dealer_burns_one_card(self):
        """(c): a new dealer burns one card before dealing, on a shoe already in play."""
        game = load_game(BJ)
        table = game.new_table(shoe=Shoe.stacked("2C TH 6S 8D 7C 5C  3H TS 6H 8S 7D 5D"))
        drive(game.new_round({1: {BJ: 10}}, table=table), ["stand"])
        table.new_dealer = True
        second = drive(game.new_round({1: {BJ: 10}}, table=table), ["stand"])
        assert triggers(second)[:2] == ["continue_shoe", "burn_for_new_dealer"]
        assert event(second, "burn_for_new_dealer").cards[0].card == "3H"

    def test_new_dealer_at_a_fresh_batch_burns_a_second_card(self):
        """(c), reading two_burns_for_new_dealer_and_new_batch: the batch's first card, then the new dealer's one."""
        game = load_game(BJ)
        table = game.new_table(shoe=Shoe.stacked("3H 4D 2C TH 6S 8D 7C"))
        table.new_dealer = True
        rnd = drive(game.new_round({1: {BJ: 10}}, table=table), ["stand"])
        assert triggers(rnd)[:3] == ["load_shoe", "burn_first_card", "burn_for_new_dealer"]
        assert [event(rnd, t).cards[0].card for t in ("burn_first_card", "burn_for_new_dealer")] == ["3H", "4D"]
        assert "two_burns_for_new_dealer_and_new_batch" in {r.id for r in rnd.spec.readings}

    def test_stacked_shoe_running_out_is_an_error_and_changes_nothing(self):
        """A stacked shoe that runs out names the step and leaves the round as it was."""
        rnd = load_game(BJ).new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C TH 6S 8D 7C")).advance()
        before = (rnd.state, len(rnd.events), len(rnd.shoe))
        with pytest.raises(ShoeExhausted, match="hit"):
            rnd.act("hit")
        assert (rnd.state, len(rnd.events), len(rnd.shoe)) == before

    def test_a_shoe_running_out_after_its_cover_card_changes_nothing(self):
        """(e): the hit meets the cover card, sets it aside, then finds no card: refused whole, the cover card back
        in the shoe, where the next stacked card follows it."""
        rnd = load_game(BJ).new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C TH 6S 8D 7C CUT")).advance()
        before = (rnd.state, len(rnd.events), len(rnd.shoe), rnd.shoe.dealt, rnd.shoe.next_card())
        with pytest.raises(ShoeExhausted, match="hit"):
            rnd.act("hit")
        assert (rnd.state, len(rnd.events), len(rnd.shoe), rnd.shoe.dealt, rnd.shoe.next_card()) == before
        assert rnd.shoe.cover_card_aside is None and rnd.shoe.next_card().code == "CUT"

    def test_a_simulated_round_names_the_step_a_stacked_shoe_ran_out_at(self):
        """A round that records nothing deals with the same change as a played one: a stacked shoe running out names
        the step dealing, as play does."""
        from pa_table_games.runtime.round import Unrecorded

        game = load_game(BJ, engine="compiled")
        rnd = Unrecorded(game, game.new_table(shoe=Shoe.stacked("2C TH 6S 8D 7C")), {1: {BJ: 10}})
        with pytest.raises(ShoeExhausted, match="at hit after 5 cards"):
            game.engine.play_out(rnd, lambda rnd, legal: "hit")


class TestRefusals:
    def make(self):
        return load_game(BJ).new_round({1: {BJ: 10}, 2: {BJ: 10}}, shoe=Shoe.stacked("2C 9H TS 6D 2H 7S 8C 9S")).advance()

    def test_split_of_a_non_pair_cites_633a11(self):
        """Splitting 9-2 is refused citing § 633a.11 and changes nothing."""
        rnd = self.make()
        before = (rnd.state, len(rnd.events))
        with pytest.raises(IllegalAction, match="split: allowed only when .* § 633a.11"):
            rnd.act("split")
        assert (rnd.state, len(rnd.events)) == before

    def test_out_of_turn(self):
        """Seat 2 may not act before seat 1 (i); the refusal counts hands as people do, from 1."""
        rnd = self.make()
        with pytest.raises(IllegalAction, match="seat 1 hand 1 decides now, not seat 2 hand 1: players act in turn"):
            rnd.act(seat=2, name="stand")

    def test_a_word_for_a_seat_is_that_seats(self):
        """act("stand", seat=2) is seat 2's stand, refused out of turn as act(seat=2, name="stand") is; before, the
        word was taken for whoever decided now and seat= was ignored (seat 1 stood)."""
        rnd = self.make()
        with pytest.raises(IllegalAction, match="seat 1 hand 1 decides now, not seat 2 hand 1: players act in turn"):
            rnd.act("stand", seat=2)
        stood = rnd.act("stand", seat=1).events[-1]
        assert (stood.trigger, stood.seat, stood.hand) == ("stand", 1, 0)

    @pytest.mark.parametrize("extra", [{"name": "hit"}, {"amount": 5}, {"choice": "yes"}])
    def test_a_word_and_its_parts_both_given_is_refused(self, extra):
        """act("stand", name="hit") and the like: two decisions given at once; refused, nothing changed."""
        rnd = self.make()
        before = (rnd.state, len(rnd.events))
        with pytest.raises(TableGamesError, match="act: give the decision as a word .* or as name=, not both"):
            rnd.act("stand", **extra)
        with pytest.raises(TableGamesError, match="act: give the decision as a word .* or as name=, not both"):
            rnd.act(Action(1, "stand"), **extra)
        assert (rnd.state, len(rnd.events)) == before

    def test_out_of_turn_after_a_split_names_hands_from_1(self):
        """After a split the first hand decides before the second: 'seat 1 hand 1 decides now, not seat 1 hand 2'."""
        rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 8H 6S 8D 7C 3S 2D TD"))
        rnd.advance().act("split")
        rnd.advance()
        with pytest.raises(IllegalAction, match="seat 1 hand 1 decides now, not seat 1 hand 2: players act in turn"):
            rnd.act(seat=1, hand=1, name="stand")

    def test_unknown_action(self):
        """An unknown word is refused with the legal ones."""
        with pytest.raises(IllegalAction, match="unknown action .*legal now: hit, stand, double, surrender"):
            self.make().act("fold")

    def test_insurance_outside_the_offer(self):
        """insurance=yes during decisions is not open: cites the state's subsection."""
        with pytest.raises(IllegalAction, match=r"not a decision open in 'Player decisions'.*§ 633a.7\(i\)"):
            self.make().act("insurance=yes")

    def test_double_larger_than_wager(self):
        """§ 633a.10: a Double Down Wager above the original is refused and nothing changes."""
        rnd = self.make()
        with pytest.raises(IllegalAction, match="§ 633a.10"):
            rnd.act("double=50")
        assert rnd.wagers[0].amount == 10 and len(rnd.events) == 7

    def test_argument_to_a_decision_that_takes_none(self):
        """hit=5 is refused rather than silently read as hit; the round is unchanged."""
        rnd = self.make()
        with pytest.raises(IllegalAction, match=r"hit=5: hit takes no amount \(write 'hit'\) — § 633a.7\(i\)\(2\)"):
            rnd.act("hit=5")
        assert len(rnd.events) == 7
