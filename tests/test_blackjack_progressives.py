"""§ 633a.7(o) and (h): Bad Beat, Hit and Run and Straight Jack Progressives, from stacked shoes.

Shoe order (one box): burn card, the player's first card, the up card, the player's second
card, the hole card, then draws in play order. The progressive pay tables are the
ILLUSTRATIVE ones; meters start at the Rules' reset amount (10000) and each wager adds 10%.
Every round is driven by conftest's ``drive``, which checks card and chip conservation
(off-table jackpots included) after every step.
"""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.games.blackjack import progressives
from pa_table_games.games.blackjack.last_cards import bad_beat_outcome, hit_and_run_outcome, straight_length
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.simulation.chunks import Deal, deal_tally

from conftest import drive, event, one_box, play, row, settled_by, triggers

BJ = "blackjack"


def off_table_total(rnd):
    """What the settlement says was paid off the table equals the ledger's off-table account."""
    paid = sum(s.paid_off_table for s in rnd.settlement())
    assert rnd.ledger.off_table == pytest.approx(-paid)
    return paid


class TestBadBeat:
    SEATS = {1: {BJ: 10, "bad_beat": 5}}

    def test_twenty_beaten_by_twenty_one(self):
        """(o)(1)(i): a player 20 against a dealer 21 wins, credited to the game account (off the table)."""
        rnd = play(BJ, one_box("KS", "9C", "QD", "2H", "TD"), self.SEATS, ["stand"])
        r = row(rnd, "bad_beat")
        assert (r.outcome, r.net, r.cite) == ("player_20_beaten_by_21", 50.0, "§ 633a.7(o)(1)(ii)(C)")
        assert r.paid_off_table == 50.0 and off_table_total(rnd) == 50.0
        assert settled_by(rnd, "bad_beat") == "settle_remaining_optional_wagers_of_next_player"
        assert not any(t.startswith("verify_") for t in triggers(rnd))  # 50 for 1: no floorperson

    def test_a_surrendered_twenty_keeps_its_bad_beat_and_the_dealer_draws_for_it(self):
        """(n), (o)(1)(i): a 20 surrendered (§ 633a.9) still holds a Bad Beat that the dealer's hand decides, so the
        dealer draws (16, then a 5: 21) and the Bad Beat wins, though no Blackjack Wager is left in play (the
        mutation audit: no test had the dealer draw for a Bad Beat alone)."""
        rnd = play(BJ, "2C TH 9D TS 7C 5H", self.SEATS, ["surrender"])
        assert [(r.wager, r.outcome, r.net, r.cite) for r in rnd.settlement()] == [
            (BJ, "surrender", -5, "§ 633a.9"), ("bad_beat", "player_20_beaten_by_21", 50, "§ 633a.7(o)(1)(ii)(C)")]
        assert "draw_dealer_card" in triggers(rnd) and "stop_drawing" not in triggers(rnd)

    @pytest.mark.parametrize("player, dealer", [("5S 5S TD", "AS KS"), ("TS TS", "AS KD")])
    def test_a_matched_20_needs_two_cards_and_a_suited_dealer_blackjack(self, player, dealer):
        """(o)(1)(i): a 20 whose first two cards match but holds three cards, or a Matched 20 against an unsuited
        Blackjack, is only a 20 beaten by a Blackjack (the mutation audit: either passed as the jackpot)."""
        assert bad_beat_outcome(parse_cards(player), parse_cards(dealer)) == "player_20_beaten_by_blackjack"

    def test_twenty_beaten_by_dealer_blackjack_settled_after_h(self):
        """(h), (o)(1)(i): against a dealer Blackjack the Bad Beat is settled right after the Blackjack Wagers."""
        rnd = play(BJ, one_box("KS", "AC", "QD", "KH"), self.SEATS, ["insurance=no"])
        assert (row(rnd, "bad_beat").outcome, row(rnd, "bad_beat").net) == ("player_20_beaten_by_blackjack", 250.0)
        t = triggers(rnd)
        assert t.index("settle_dealer_blackjack") < t.index("settle_remaining_optional_wagers_of_next_player") < t.index("discard_hands")

    def test_jackpot_verified_by_floorperson_and_meter_reset(self):
        """(o)(1)(ii)(B): a Matched 20 beaten by a suited Blackjack wins the meter (10000.5), verified by a
        floorperson in its own step before it is credited; the meter resets."""
        rnd = play(BJ, one_box("JD", "AS", "JD", "KS"), self.SEATS, ["insurance=no"])
        r = row(rnd, "bad_beat")
        assert (r.outcome, r.net, r.paid_off_table) == ("player_matched_20_beaten_by_suited_blackjack", 10000.5, 10000.5)
        verify = event(rnd, "verify_bad_beat_payout")
        assert "§ 633a.7(o)(1)(ii)(B)" in verify.cite and "floorperson verified the bad_beat payout" in verify.notes[0]
        assert verify.seq < event(rnd, "settle_remaining_optional_wagers_of_next_player").seq
        assert rnd.table.meters["bad_beat"] == 10000

    def test_several_jackpot_winners_share_in_proportion_to_their_wagers(self):
        """(o)(1)(ii)(C): two winners of 100% of the meter (10002) share it 5 : 15."""
        seats = {1: {BJ: 10, "bad_beat": 5}, 2: {BJ: 10, "bad_beat": 15}}
        rnd = play(BJ, "2C JD TH AS JD TH KS", seats, ["insurance=no", "insurance=no"])
        assert [row(rnd, "bad_beat", s).net for s in (1, 2)] == [2500.5, 7501.5]
        assert off_table_total(rnd) == 10002

    def test_any_twenty_by_rules(self):
        """(o)(1)(i): by the Rules Submission a player 20 wins whatever the dealer's total."""
        rules = BlackjackRules(bad_beat_any_20=True)
        rnd = play(BJ, one_box("KS", "9C", "QD", "2H", "8D"), self.SEATS, ["stand"], rules=rules)
        assert (row(rnd, "bad_beat").outcome, row(rnd, "bad_beat").net) == ("any_other_20", 5.0)

    def test_no_twenty_loses(self):
        """(o)(1)(i): a 19 loses the Bad Beat Progressive Wager."""
        rnd = play(BJ, one_box("KS", "9C", "9D", "2H", "TD"), self.SEATS, ["stand"])
        r = row(rnd, "bad_beat")
        assert (r.outcome, r.net, r.cite) == ("lose", -5.0, "§ 633a.7(o)(1)(i)")

    def test_magic_card_and_lucky_player_bonuses(self):
        """(o)(1)(ii): the table game system's Magic Card and Lucky Player pay bonuses to a losing Bad Beat hand."""
        rules = BlackjackRules(magic_card_bonus=True, lucky_player_bonus=True)
        rnd = play(BJ, one_box("KS", "9C", "7D", "8H"), self.SEATS, ["stand"], rules=rules,
                   options={"magic_card": "KS", "lucky_player": 1})
        assert (row(rnd, "bad_beat").outcome, row(rnd, "bad_beat").net) == ("magic_card_bonus+lucky_player_bonus", 50.0)
        assert "table game system: Magic Card KS" in event(rnd, "deal_first_cards").notes

    def test_no_bonus_where_the_system_picked_another_card_and_position(self):
        """(o)(1)(ii): with the Magic Card the 2 of clubs and the Lucky Player position 3, seat 1's losing Bad Beat hand
        (no 20, no magic card) wins neither bonus (the mutation audit: every box taken for the Lucky Player passed)."""
        rules = BlackjackRules(magic_card_bonus=True, lucky_player_bonus=True)
        rnd = play(BJ, one_box("KS", "9C", "7D", "8H"), self.SEATS, ["stand"], rules=rules,
                   options={"magic_card": "2C", "lucky_player": 3})
        assert (row(rnd, "bad_beat").outcome, row(rnd, "bad_beat").net) == ("lose", -5)

    @pytest.mark.parametrize("shoe", ["2C TS 6D TH 9C 9D QD 6C", "2C TS 6D TH 9C QD 9D 6C"])
    def test_a_split_box_wins_on_whichever_hand_holds_the_20(self, shoe):
        """(o)(1)(i), the machine file's reading: split tens made 19 and 20, or 20 and 19, against a dealer 21; the
        box's one wager wins either way (before, only the first hand was asked: the 20 in the second lost)."""
        rnd = play(BJ, shoe, self.SEATS, ["split", "stand", "stand"])
        assert (row(rnd, "bad_beat").outcome, row(rnd, "bad_beat").net) == ("player_20_beaten_by_21", 50.0)

    @pytest.mark.parametrize("magic, outcome", [("8D", "magic_card_bonus"), ("3S", "lose")])
    def test_the_magic_card_is_one_of_the_initial_two_cards_after_a_split(self, magic, outcome):
        """(o)(1)(ii)(A): split eights; the Magic Card 8D (the second initial card, moved to the split hand) pays,
        3S (dealt to the first hand by the split) does not. Before, the first hand's cards were read: the other
        way round."""
        rules = BlackjackRules(magic_card_bonus=True)
        rnd = play(BJ, "2C 8C 6D 8D 9C 3S 4H 5C", self.SEATS, ["split", "stand", "stand"], rules=rules,
                   options={"magic_card": magic})
        assert row(rnd, "bad_beat").outcome == outcome

    def test_the_system_picks_at_random_from_a_seeded_table(self):
        """(o)(1)(ii): without an injected pick the table game system draws one from the shoe's seeded generator."""
        rules = BlackjackRules(magic_card_bonus=True, lucky_player_bonus=True)
        picks = set()
        for seed in (1, 2):
            game = load_game(BJ, rules)
            rnd = game.new_round(self.SEATS, shoe=Shoe.stacked(one_box("KS", "9C", "7D", "8H"), seed=seed)).advance()
            picks.add((rnd.layout.magic_card, rnd.layout.lucky_player))
            assert rnd.layout.magic_card is not None and 1 <= rnd.layout.lucky_player <= 7
        assert len(picks) == 2

    def test_the_lucky_player_is_any_of_the_seven_positions(self):
        """(o)(1)(ii): over 60 seeded shoes the system's Lucky Player pick is each position from 1 to 7 and no other
        (the mutation audit: picks from 2 to 7 passed every test)."""
        game = load_game(BJ, BlackjackRules(lucky_player_bonus=True))
        picks = {game.new_round(self.SEATS, shoe=Shoe.stacked(one_box("KS", "9C", "7D", "8H"), seed=seed))
                 .advance().layout.lucky_player for seed in range(60)}
        assert picks == set(range(1, 8))


class TestHitAndRun:
    SEATS = {1: {BJ: 10, "hit_and_run": 5}}

    def test_dealer_blackjack(self):
        """(h), (o)(2)(i): a dealer Blackjack wins the Hit and Run Progressive, settled after the Blackjack Wagers."""
        rnd = play(BJ, one_box("9S", "KC", "8D", "AH"), self.SEATS)
        r = row(rnd, "hit_and_run")
        assert (r.outcome, r.net, r.cite) == ("dealer_blackjack", 10.0, "§ 633a.7(o)(2)(ii)(C)")
        assert triggers(rnd).index("settle_dealer_blackjack") < triggers(rnd).index("settle_remaining_optional_wagers_of_next_player")

    def test_fourteen_in_five_cards_then_twenty_three_is_six_cards(self):
        """(o)(2)(i), the seed's example: 14 with five cards, then a card to 23: the busting sixth card counts."""
        rnd = play(BJ, one_box("TH", "2C", "9S", "3C", "2D", "3D", "4S", "9H"), self.SEATS, ["stand"])
        assert len(rnd.layout.dealer) == 6
        assert (row(rnd, "hit_and_run").outcome, row(rnd, "hit_and_run").net) == ("dealer_six_cards", 125.0)

    def test_five_dealer_cards_pay_four_to_one(self):
        """(o)(2)(i): a dealer hand of five cards (2, 3, 4, 5, 6: 20) wins the Hit and Run at the illustrative 4 to 1
        (the mutation audit: no test dealt the dealer five cards, and a table without them passed)."""
        rnd = play(BJ, one_box("TS", "2C", "9D", "3D", "4C", "5H", "6S"), self.SEATS, ["stand"])
        r = row(rnd, "hit_and_run")
        assert len(rnd.layout.dealer) == 5
        assert (r.outcome, r.net, r.cite) == ("dealer_five_cards", 20, "§ 633a.7(o)(2)(ii)(C)")

    @pytest.mark.parametrize("count, won", [(4, None), (5, "dealer_five_cards"), (6, "dealer_six_cards"),
                                            (7, "dealer_seven_cards"), (8, "dealer_eight_cards"),
                                            (9, "dealer_nine_or_more_cards"), (10, "dealer_nine_or_more_cards")])
    def test_each_count_of_dealer_cards(self, count, won):
        """(o)(2)(i): the dealer's cards counted, five to eight each a line of the pay table, nine or more one line
        (the mutation audit: seven and nine cards had no test of their own)."""
        assert hit_and_run_outcome(parse_cards("2C 2D 2H 2S 3C 3D 3H 3S AC AD")[:count]) == won

    def test_four_dealer_cards_lose(self):
        """(o)(2)(i): a dealer hand of four cards loses the Hit and Run Progressive Wager."""
        rnd = play(BJ, one_box("TH", "2C", "9S", "3C", "TD", "5D"), self.SEATS, ["stand"])
        r = row(rnd, "hit_and_run")
        assert (r.outcome, r.net, r.cite) == ("lose", -5.0, "§ 633a.7(o)(2)(i)")

    def test_dealer_draws_for_a_live_hit_and_run_when_every_hand_busted(self):
        """(n): a live Hit and Run wager depends on the dealer's hand, so the dealer draws even when every hand busted."""
        shoe = one_box("TH", "5D", "6S", "6D", "KC", "9C")
        live = play(BJ, shoe, self.SEATS, ["hit"])
        assert "draw_dealer_card" in triggers(live) and "stop_drawing" not in triggers(live)
        plain = play(BJ, shoe, {1: {BJ: 10}}, ["hit"])
        assert "stop_drawing" in triggers(plain)

    def test_jackpot_shared_equally_off_the_table(self):
        """(o)(2)(ii)(B)-(C): nine or more dealer cards win 100% of the meter (10001): a floorperson verifies
        (200 for 1 or more), two winners share it equally, and it is not paid from the table inventory."""
        seats = {1: {BJ: 10, "hit_and_run": 5}, 2: {BJ: 10, "hit_and_run": 5}}
        rnd = play(BJ, "2C TH TS 2C 9H 9S 3C 2D 3D 2H AC AD AH AS TC", seats, ["stand", "stand"])
        assert len(rnd.layout.dealer) == 10
        assert [(row(rnd, "hit_and_run", s).net, row(rnd, "hit_and_run", s).paid_off_table) for s in (1, 2)] == [
            (5000.5, 5000.5), (5000.5, 5000.5)]
        assert "verify_hit_and_run_payout" in triggers(rnd)
        notes = " ".join(event(rnd, "settle_remaining_optional_wagers_of_next_player").notes)
        assert "not paid from the table inventory" in notes and "cards stay on the table" in notes
        assert rnd.table.meters["hit_and_run"] == 10000

    def test_ten_percent_share_verified_but_paid_from_the_inventory(self):
        """(o)(2)(ii)(B)-(C): eight cards win 10% of the meter (201 for 1): verified, paid from the table inventory."""
        rnd = play(BJ, one_box("TH", "2C", "9S", "3C", "2D", "3D", "2H", "AC", "AD", "TC"), self.SEATS, ["stand"])
        r = row(rnd, "hit_and_run")
        assert (r.outcome, r.net, r.paid_off_table) == ("dealer_eight_cards", Decimal("1000.05"), 0.0)
        assert "verify_hit_and_run_payout" in triggers(rnd)


class TestStraightJack:
    SEATS = {1: {BJ: 10, "straight_jack": 5}}

    def test_an_off_table_payout_on_a_blackjack_already_paid_says_where_its_cards_are(self):
        """(i)(1)(i) removed the A-K Blackjack's cards when it was paid; its two-card straight then wins a Straight
        Jack payout not paid from the table inventory ((o)(3)(ii)(C)). The event says the cards are in their bundle in
        the discard rack (the reading off_table_cards_removed_earlier); before, it said they stayed on the table."""
        rnd = play(BJ, "2C AS 9C 6H KS TC 7D 9S 9H", {1: {BJ: 10, "straight_jack": 2000}, 2: {BJ: 10}}, ["stand"])
        assert row(rnd, "straight_jack").paid_off_table > 0
        assert [label for label, _ in rnd.table.rack.bundles][1] == "seat 1"  # removed at (i)(1)(i), before (o)
        notes = [n for e in rnd.events for n in e.notes if "not paid from the table inventory" in n]
        assert notes == ["seat 1: 2000 is not paid from the table inventory; the player's cards were removed from the "
                         "layout when the Blackjack Wager was settled: they are in their bundle in the discard rack "
                         "for the documentation"]

    @pytest.mark.parametrize("draws, actions, won, net", [
        (("6D",), ["hit", "stand"], "three_card_straight", 25.0),            # (A)
        (("3C", "6D"), ["hit", "hit", "stand"], "four_card_straight", 250.0),  # (B)
        (("2C", "3C"), ["hit", "hit", "stand"], "two_card_straight", 5.0),     # (C)
        (("6D", "7C"), ["hit", "hit"], "three_card_straight", 25.0),          # (D): 22, the 7 does not count
    ])
    def test_the_seeds_four_examples(self, draws, actions, won, net):
        """(o)(3)(i)(A)-(D): 4 and 5 then 6; 3 then 6; 2 then 3; 6 then 7 passing 21."""
        rnd = play(BJ, one_box("4H", "9C", "5S", "8D", *draws), self.SEATS, actions)
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net, r.cite) == (won, net, "§ 633a.7(o)(3)(ii)(C)")
        assert settled_by(rnd, "straight_jack") == "settle_remaining_optional_wagers_of_next_player"
        assert not any(t.startswith("verify_") for t in triggers(rnd))  # at most 51 for 1: no floorperson

    @pytest.mark.parametrize("cards, length", [
        ("4H 5S 6D", 3), ("4H 5S 3C 6D", 4), ("4H 5S 2C 3C", 2), ("4H 5S 6D 7C", 3),
        ("AS KD", 2), ("AS 2D 3C", 3), ("KS QD AH", 3), ("4H 6S", 0),
        # the mutation audit: an ace plays once, low or high; each end extends one rank at a time
        ("AS 2D AH", 2), ("AS KD QC", 3), ("2S 3D AH", 3), ("5H 6S 4C 3D", 4)])
    def test_straight_length(self, cards, length):
        """(o)(3)(i): the examples as written, and ace-king and ace-2 as two-card straights; an ace below a 2 or above
        a king extends the sequence, a second ace after ace-2 does not."""
        assert straight_length(parse_cards(cards)) == length

    def test_a_split_straight_wins_on_its_two_cards(self):
        """(o)(3)(i), § 633a.11 (the reading split_ends_straight_jack_sequence): a jack and a queen are a two-card
        straight and may be split (equal value); the king drawn to the jack's hand does not make a three-card
        straight."""
        rnd = play(BJ, one_box("JH", "9C", "QD", "7C", "KC", "9D", "2D"), self.SEATS, ["split", "stand", "stand"])
        assert len(rnd.layout.hands) == 2 and [c.code for c in rnd.layout.hands[0].cards] == ["JH", "KC"]
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net, r.cite) == ("two_card_straight", 5.0, "§ 633a.7(o)(3)(ii)(C)")

    def test_ace_king_is_a_two_card_straight(self):
        """(o)(3)(i): an ace-king (also a Blackjack, paid at once) wins the two-card straight."""
        rnd = play(BJ, one_box("AS", "9C", "KD", "8D"), self.SEATS)
        assert row(rnd, "straight_jack").outcome == "two_card_straight"

    def test_a_six_card_straight_wins_the_meter(self):
        """(o)(3)(i)-(ii): ace to six, 21 in six cards, wins 100% of the meter (10000.50), verified by a floorperson
        and not paid from the table inventory (the mutation audit: no test dealt a six-card straight)."""
        rnd = play(BJ, one_box("AS", "9C", "2D", "8D", "3C", "4H", "5S", "6D"), self.SEATS, ["hit"] * 4)
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net, r.paid_off_table) == ("six_card_straight", Decimal("10000.50"), Decimal("10000.50"))
        assert "verify_straight_jack_payout" in triggers(rnd)

    def test_ten_percent_of_the_meter_is_paid_off_the_table(self):
        """(o)(3)(ii)(B)-(C): a five-card straight wins 10% of the meter: verified, not paid from the inventory."""
        rnd = play(BJ, one_box("AS", "9C", "2D", "8D", "3C", "4H", "5S"), self.SEATS, ["hit", "hit", "hit", "stand"])
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net) == ("five_card_straight", Decimal("1000.05"))
        assert r.paid_off_table == Decimal("1000.05")
        assert event(rnd, "verify_straight_jack_payout").seq < event(rnd, "settle_remaining_optional_wagers_of_next_player").seq

    def test_a_payout_just_under_ten_percent_of_the_meter_is_paid_from_the_inventory(self):
        """(o)(3)(ii)(C) "10% or more of the jackpot amount": a four-card straight on a wager of 19 wins 950 at 50 to 1,
        under 10% of the meter (10001.90), so the table inventory pays it (the mutation audit: a tenth of the meter
        read as an eleventh, 909.26, passed every test)."""
        rnd = play(BJ, one_box("4H", "9C", "5S", "8D", "3C", "6D"), {1: {BJ: 10, "straight_jack": 19}},
                   ["hit", "hit", "stand"])
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net, r.paid_off_table) == ("four_card_straight", 950, 0)
        assert not [n for e in rnd.events for n in e.notes if "not paid from the table inventory" in n]

    def test_a_payout_at_exactly_the_verification_odds_is_verified(self, monkeypatch):
        """(o)(3)(ii)(B) "100 for 1 or greater", the bound included: with the bound moved to 2 for 1, a two-card
        straight paying 1 to 1 on 0.50 (0.50 won, 2 for 1) is verified by a floorperson (the mutation audit: "greater"
        alone, or a win of at most 1 left unverified, passed every test)."""
        monkeypatch.setitem(progressives.PROGRESSIVES, "straight_jack",
                            progressives.Progressive("straight_jack", "(o)(3)", 2, "equally"))
        rnd = play(BJ, one_box("4H", "9C", "5S", "8D"), {1: {BJ: 10, "straight_jack": Decimal("0.50")}}, ["stand"])
        r = row(rnd, "straight_jack")
        assert (r.outcome, r.net) == ("two_card_straight", Decimal("0.50"))
        assert [e.cite for e in rnd.events if e.trigger.startswith("verify_")] == [("§ 633a.7(o)(3)(ii)(B)",)]

    def test_settled_after_a_dealer_blackjack(self):
        """(h), (o)(3): after a dealer Blackjack no card is dealt; the two-card straight is still paid."""
        rnd = play(BJ, one_box("4H", "KC", "5S", "AH"), self.SEATS)
        assert row(rnd, "straight_jack").outcome == "two_card_straight"
        assert triggers(rnd).index("settle_dealer_blackjack") < triggers(rnd).index("settle_remaining_optional_wagers_of_next_player")


class TestRemainingOptionalWagers:
    @pytest.mark.parametrize("shoe, seats, actions, cite", [
        (one_box("JD", "AS", "JD", "KS"), {1: {BJ: 10, "bad_beat": 5}}, ["insurance=no"], "§ 633a.7(o)(1)(ii)(B)"),
        (one_box("TH", "2C", "9S", "3C", "2D", "3D", "2H", "AC", "AD", "TC"), {1: {BJ: 10, "hit_and_run": 5}},
         ["stand"], "§ 633a.7(o)(2)(ii)(B)"),
        (one_box("AS", "9C", "2D", "8D", "3C", "4H", "5S"), {1: {BJ: 10, "straight_jack": 5}},
         ["hit", "hit", "hit", "stand"], "§ 633a.7(o)(3)(ii)(B)")])
    def test_a_floorpersons_verification_cites_the_paragraph_of_the_wager_verified(self, shoe, seats, actions, cite):
        """(o)(1)(ii)(B), (o)(2)(ii)(B), (o)(3)(ii)(B): a Bad Beat jackpot, eight dealer cards for a Hit and Run and a
        five-card straight for a Straight Jack each need a floorperson; the step cites the one paragraph that asks for
        it. Before, one arrow verified every progressive and cited all three paragraphs whatever the player held."""
        rnd = play(BJ, shoe, seats, actions)
        assert [e.cite for e in rnd.events if e.trigger.startswith("verify_")] == [(cite,)]

    def test_633a_7_o_one_pass_player_by_player(self):
        """(o): "starting with the player farthest to the dealer's right ... settle the remaining optional wagers":
        seat 2's Bad Beat and Hit and Run, then seat 1's, one step per player (not all Bad Beat, then all Hit and
        Run); a dealer Blackjack against a 19 and a 20 (burn, 9S TH, up KC, TD KS, hole AH). Under (r)(1) the losing
        Bad Beat of seat 1's 19 is collected before: with the losing Blackjack Wagers, before any winner is paid
        ((h); before, it was collected after seat 2's winners were paid)."""
        seats = {1: {BJ: 10, "bad_beat": 5, "hit_and_run": 5}, 2: {BJ: 10, "bad_beat": 5, "hit_and_run": 5}}
        rnd = play(BJ, "2C 9S TH KC TD KS AH", seats)
        steps = [[(s.seat, s.wager) for s in e.settled] for e in rnd.events
                 if e.trigger == "settle_remaining_optional_wagers_of_next_player"]
        assert steps == [[(2, "bad_beat"), (2, "hit_and_run")], [(1, "hit_and_run")]]
        assert [(s.seat, s.wager, s.outcome) for s in event(rnd, "settle_dealer_blackjack").settled] == [
            (2, BJ, "lose"), (1, BJ, "lose"), (1, "bad_beat", "lose")]
        assert [row(rnd, "hit_and_run", seat).outcome for seat in (1, 2)] == ["dealer_blackjack", "dealer_blackjack"]

    def test_633a_7_r_2_a_losing_bad_beat_waits_for_its_players_turn_in_the_o_pass(self):
        """(r)(2), (o): the same round under right-to-left settlement. (r)(2) settles player by player from the
        dealer's right, so seat 1's losing Bad Beat is not collected in (h)'s step ahead of seat 2's Blackjack Wager,
        as (r)(1) collects it: it is collected in seat 1's own step of the (o) pass (the mutation audit: with
        ``or`` for ``and`` in the (r)(1) test of ``settle_against_dealer_blackjack`` no test failed)."""
        seats = {1: {BJ: 10, "bad_beat": 5, "hit_and_run": 5}, 2: {BJ: 10, "bad_beat": 5, "hit_and_run": 5}}
        rnd = play(BJ, "2C 9S TH KC TD KS AH", seats, rules=BlackjackRules(settlement="right_to_left"))
        assert [(s.seat, s.wager, s.outcome) for s in event(rnd, "settle_dealer_blackjack").settled] == [
            (2, BJ, "lose"), (1, BJ, "lose")]
        steps = [[(s.seat, s.wager, s.outcome) for s in e.settled] for e in rnd.events
                 if e.trigger == "settle_remaining_optional_wagers_of_next_player"]
        assert steps == [[(2, "bad_beat", "player_20_beaten_by_blackjack"), (2, "hit_and_run", "dealer_blackjack")],
                         [(1, "bad_beat", "lose"), (1, "hit_and_run", "dealer_blackjack")]]

    def test_633a_7_o_a_players_losing_wager_is_collected_before_the_winning_one_is_paid(self):
        """(o): "settle the remaining optional wagers by collecting all losing wagers and paying all winning wagers":
        the player's losing Hit and Run is collected before the winning Bad Beat (a 20 beaten by a 21) is paid.
        Before, (o)'s order alone settled the Bad Beat first (the compliance audit)."""
        rnd = play(BJ, "2C TS 6D TD 5C KH 9D", {1: {BJ: 10, "bad_beat": 5, "hit_and_run": 5}}, ["stand"])
        step = event(rnd, "settle_remaining_optional_wagers_of_next_player")
        assert [(s.wager, s.outcome) for s in step.settled] == [("hit_and_run", "lose"),
                                                                ("bad_beat", "player_20_beaten_by_21")]

    def test_633a_7_o_no_step_when_every_progressive_was_settled_in_g(self):
        """(g)(9), (o): a Straight Jack without a two-card straight (a king and a nine) is collected in the (g) pass,
        so the (o) pass has nothing to settle and takes no step at either seat (the mutation audit: a player with any
        wager open taken for one with a progressive open added an empty step per player)."""
        seats = {1: {BJ: 10, "straight_jack": 5}, 2: {BJ: 10}}
        rnd = play(BJ, "2C KS 8D 9C 9H 7S 8C", seats, ["stand", "stand"])
        assert settled_by(rnd, "straight_jack") == "settle_optional_wagers_of_next_player"
        assert "settle_remaining_optional_wagers_of_next_player" not in triggers(rnd)

    def test_633a_7_o_a_win_under_one_is_still_paid_after_the_players_losers(self):
        """(o): a Bad Beat Wager of 0.04 on a 20 beaten by a 21 wins 0.40 at 10 to 1, and is paid after the player's
        losing Hit and Run (three dealer cards) is collected, though (o)(1) comes before (o)(2) (the mutation audit: a
        win under 1 settled among the losers passed every test)."""
        seats = {1: {BJ: 10, "bad_beat": Decimal("0.04"), "hit_and_run": 5}}
        rnd = play(BJ, one_box("KS", "9C", "TD", "2H", "TC"), seats, ["stand"])
        step = event(rnd, "settle_remaining_optional_wagers_of_next_player")
        assert [(s.wager, s.outcome, s.net) for s in step.settled] == [
            ("hit_and_run", "lose", -5), ("bad_beat", "player_20_beaten_by_21", Decimal("0.40"))]


class TestMeters:
    def test_meters_persist_across_rounds_at_the_rules_rate(self):
        """Each progressive wager adds the Rules' rate of progression to its meter, kept by the table."""
        game = load_game(BJ, BlackjackRules(progressive_rate=0.5))
        shoe = Shoe.stacked("2C 9S 7C 8D TD 5D  9H 7H 8S TS 5S")
        table = game.new_table(shoe=shoe)
        seats = {1: {BJ: 10, "bad_beat": 4, "hit_and_run": 2}}
        drive(game.new_round(seats, table=table), ["stand"])
        assert table.meters == {"bad_beat": 10002, "hit_and_run": 10001}
        second = drive(game.new_round(seats, table=table), ["stand"])
        assert table.meters == {"bad_beat": 10004, "hit_and_run": 10002}
        assert "bad_beat meter: 10004" in event(second, "deal_first_cards").notes

    def test_a_shared_jackpot_leaves_the_cents_rounding_kept_on_the_meter(self):
        """(o)(1)(ii)(C) and the readings: two winners share a 100% Bad Beat jackpot of 10001.50 as 5 : 10; each
        share is rounded down (3333.83 and 6667.66, 10001.49 in all), and the cent no one was paid stays on the
        meter, which resets to 10000.01, not to exactly 10000."""
        seats = {1: {BJ: 10, "bad_beat": 5}, 2: {BJ: 10, "bad_beat": 10}}
        rnd = play(BJ, "2C JD TH AS JD TH KS", seats, ["insurance=no", "insurance=no"])
        assert [row(rnd, "bad_beat", s).net for s in (1, 2)] == [Decimal("3333.83"), Decimal("6667.66")]
        assert rnd.table.meters["bad_beat"] == Decimal("10000.01")
        assert "bad_beat meter: 10001.5 -> 10000.01" in [n for e in rnd.events for n in e.notes]


def test_a_progressive_win_paid_by_its_odds_alone_rounds_once_and_takes_nothing_from_the_meter(monkeypatch):
    """(o): a win paid by the pay table's odds alone (no share of a 100% jackpot) is the wager times the odds,
    rounded once toward zero to the cent, and takes 0.00 from the meter: worked out without the meter's share of
    nothing (one rounding a win, where every win rounded twice). 300 rounds at seven seats, each holding the
    three progressives."""
    rounded, paid = [0], []
    round_to_cent, payouts = progressives.round_to_cent, progressives.payouts

    def counted(exact):
        rounded[0] += 1
        return round_to_cent(exact)

    def kept(rnd, name):
        found = payouts(rnd, name)
        paid.extend((p, rnd.rules.pay_table(name)) for p in found)
        return found

    monkeypatch.setattr(progressives, "round_to_cent", counted)
    monkeypatch.setattr(progressives, "payouts", kept)
    seats = {seat: {BJ: 10.0, "bad_beat": 1.0, "hit_and_run": 1.0, "straight_jack": 1.0} for seat in range(1, 8)}
    deal_tally(Deal(BJ, None, seats, "basic"), 4, 300)
    wins = [(p, table) for p, table in paid if p.outcome != "lose"]
    by_odds = [(p, table) for p, table in wins if all(o in table.pays for o in p.outcome.split("+"))]
    assert len(by_odds) > 100 and rounded[0] == len(by_odds) + 2 * (len(wins) - len(by_odds))
    for p, table in by_odds:
        odds = sum((table.pays[o] for o in p.outcome.split("+")), Fraction(0))
        assert p.net == round_to_cent(Fraction(p.wager.amount) * odds) and str(p.from_meter) == "0.00", p
