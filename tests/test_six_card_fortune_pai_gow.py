"""Stacked-deck rounds through every branch of the § 670a.8 machine and the § 670a.11 completion.

Decks are stacked by hand: ``deal(hands, stub)`` lists the cards in the order (d) deals
them, one at a time clockwise from the starting position (seat 1, the dealer's left, is
reached with ``start_number`` 7: dealer 1, seat 6 is 2, ... seat 1 is 7), then the stub.
"""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner

from pa_table_games import IllegalAction, Shoe, load_game
from pa_table_games.cli import main
from pa_table_games.equipment.cards import standard_deck
from pa_table_games.errors import TableGamesError, WagerError
from pa_table_games.games.six_card_fortune_pai_gow.rules import SixCardFortuneRules

from conftest import drive, event, rows, triggers

GAME = "six-card-fortune-pai-gow"
MAIN = "six_card_fortune"
#: Clockwise, written out by hand: seat 1 (farthest to the dealer's left) .. seat 6, then the dealer.
CLOCKWISE = ["1", "2", "3", "4", "5", "6", "dealer"]
SEAT_1_FIRST = {"start_number": 7}

HANDS = {  # the dealer sets KS KH 9D 7C 4S high / 3H low the house way
    "1": "AS AH 8D 6C 5S QD",  # win: pair of aces over kings, queen over three
    "2": "2S 2H 9S 8H 6D AD",  # push: pair of twos loses, ace low wins
    "3": "QS JH 8S 6H 5D 2C",  # lose: queen-high, two low
    "4": "KD KC 9H 7D 4C 3D",  # copies both hands: both go to the dealer
    "5": "TS TH TD 5H 5C 3S",  # full house wins high, 3S copies the low: push
    "6": "AC 2D 3C 4H 4D 6S",
    "dealer": "KS KH 9D 7C 4S 3H",
}
STUB = "7H 7S 8C 9C TC JS JD JC QH QC JK"


def deal(hands: dict[str, str], stub: str = STUB, first: str = "1") -> str:
    """The shoe order dealing ``hands`` one card at a time clockwise from ``first``, then ``stub``."""
    i = CLOCKWISE.index(first)
    order = CLOCKWISE[i:] + CLOCKWISE[:i]
    cards = {spot: text.split() for spot, text in hands.items()}
    return " ".join(cards[spot][turn] for turn in range(6) for spot in order) + " " + stub


def new_round(shoe: str, seats: dict, rules=None, **options):
    game = load_game(GAME, rules)
    return game.new_round(seats, shoe=Shoe.stacked(shoe), options=options or dict(SEAT_1_FIRST))


def play(shoe: str, seats: dict, actions=(), rules=None, **options):
    return drive(new_round(shoe, seats, rules, **options), actions)


def advance_checked(rnd):
    """Step to the next decision, checking card and chip conservation after every step."""
    while rnd.step() is not None:
        rnd.check_invariants()
    return rnd


def bundle(rnd, label: str) -> list[str]:
    return [c.code for c in dict(rnd.table.rack.bundles)[label]]


def note_text(rnd, trigger: str) -> str:
    return " ".join(event(rnd, trigger).notes)


class TestDeck:
    def test_new_shoe_is_one_53_card_deck(self):
        """A shuffled shoe is one deck of 52 cards and the joker, with no cover card."""
        shoe = load_game(GAME).info.new_shoe(SixCardFortuneRules(), 7)
        assert len(shoe) == 53 and sorted(c.code for c in shoe.remaining()) == sorted(
            c.code for c in standard_deck(joker=True))
        assert "CUT" not in {c.code for c in shoe.remaining()}

    def test_a_cover_card_cannot_be_stacked(self):
        """(a): one deck goes whole into the manual shoe, with no cover card: a stacked CUT is refused, on the
        command line with its position (before, it was counted as a twelfth stub card and the deck removed under
        (f), or set aside citing (e), which counts the stub)."""
        deck = " ".join(c.code for c in standard_deck(joker=True))
        result = CliRunner().invoke(main, ["play", GAME, "--shoe", f"{deck} CUT", "--seat", "1:six_card_fortune=10"])
        assert (result.exit_code, result.output.strip().splitlines()[-1]) == (
            2, "error: card 54: CUT: a Six-Card Fortune Pai Gow Poker shoe has no cover card (1 deck of 53 cards, "
               "Rules decks)")
        with pytest.raises(TableGamesError, match=r"^CUT: .* no cover card: .* \(§ 670a\.8\(a\)\)$"):
            load_game(GAME).new_round({1: {MAIN: 10}}, shoe=Shoe.stacked(f"AS 2S CUT {deck}")).advance()
        for depth in (5, 20):  # a shuffled shoe given one too (before: counted in the stub, or an AttributeError)
            with pytest.raises(TableGamesError, match=r"^CUT: .* no cover card: "):
                load_game(GAME).new_round({1: {MAIN: 10}}, shoe=Shoe.shuffled(1, joker=True, cover_depth=depth,
                                                                               seed=1)).advance()

    def test_an_amount_for_the_low_card_is_told_to_name_a_card(self):
        """§ 670a.11: low=10 is refused saying to write low=CARD (before: "write 'low'", itself refused)."""
        rnd = load_game(GAME).new_round({1: {MAIN: 10}}, seed=3).advance()
        with pytest.raises(IllegalAction, match=r"^low=10: low takes no amount \(write low=CARD\) — § 670a\.11$"):
            rnd.act("low=10")

    def test_no_burn_card(self):
        """(a) (d): the first card out of the shoe goes to the starting position; none is burned. A full deck is
        not called a stacked one (the mutation audit: no test read the note of a full deck)."""
        rnd = play(deal(HANDS), {1: {MAIN: 10}}, ["house_way"])
        assert "burn" not in " ".join(triggers(rnd))
        assert event(rnd, "deal_cards").cards[0].card == "AS"
        assert note_text(rnd, "place_deck_in_shoe") == "53 cards placed in the dealing shoe; no card is burned"


class TestCleanDeal:
    def test_clean_deal_collects_unwagered_stacks(self):
        """(d) (e) (g): six cards each face down, an 11-card stub discarded, unwagered stacks racked unexposed."""
        rnd = advance_checked(new_round(deal(HANDS), {1: {MAIN: 10}, 3: {MAIN: 10}}, **SEAT_1_FIRST))
        assert triggers(rnd) == ["place_deck_in_shoe", "announce_no_more_bets",  # no Fortune Bonus: no (b)(1) step
                                 "lock_progressive_system", "determine_starting_position", "deal_cards",
                                 "count_stub", "discard_stub", "collect_unwagered_stacks"]
        dealt = event(rnd, "deal_cards")
        assert dealt.cite == ("§ 670a.8(d)",) and len(dealt.cards) == 42
        assert not any(m.face_up for m in dealt.cards)
        assert [m.to for m in dealt.cards[:8]] == [f"seat {s}" for s in range(1, 7)] + ["dealer", "seat 1"]
        assert event(rnd, "count_stub").cite == ("§ 670a.8(e)",)
        assert "stub: 11 cards (11 expected)" in note_text(rnd, "count_stub")
        assert bundle(rnd, "stub") == STUB.split()
        collected = event(rnd, "collect_unwagered_stacks")
        assert collected.cite == ("§ 670a.8(g)", "§ 670a.11") and not any(m.face_up for m in collected.cards)
        for seat in (2, 4, 5, 6):
            assert bundle(rnd, f"seat {seat}") == HANDS[str(seat)].split()
        assert "seat 1" not in dict(rnd.table.rack.bundles)
        assert rnd.state == "players_setting_hands"
        assert [a.word for a in rnd.legal_actions()] == ["double_down", "low=AS", "low=AH", "low=8D", "low=6C", "low=5S",
                                                         "low=QD", "house_way"]  # each card of seat 1 as the low hand
        assert {(a.seat, a.hand) for a in rnd.legal_actions()} == {(1, 0)}  # each low=CARD, too, is seat 1's

    def test_stacks_dealt_to_every_position_wagered_or_not(self):
        """(d): a table with one wager still deals six cards to all six positions and the dealer."""
        rnd = advance_checked(new_round(deal(HANDS), {4: {MAIN: 10}}, **SEAT_1_FIRST))
        assert {s.label: len(s.cards) for s in rnd.layout.stacks.values()} == {
            **{f"seat {n}": 6 for n in range(1, 7)}, "dealer": 6}


class TestStartingPosition:
    @pytest.mark.parametrize(("method", "number", "spot"), [
        # counted by hand: 1 dealer, 2 seat 6, 3 seat 5, 4 seat 4, 5 seat 3, 6 seat 2, 7 seat 1, 8 dealer ...
        ("random_number", 1, "dealer"),
        ("random_number", 2, "6"),
        ("random_number", 4, "4"),
        ("random_number", 7, "1"),
        ("dice", 3, "5"),
        ("dice", 7, "1"),
        ("dice", 8, "dealer"),
        ("dice", 12, "3"),
        ("dice", 18, "4"),
    ])
    def test_count_and_first_card(self, method, number, spot):
        """(c): counting the dealer as 1 counter-clockwise reaches the hand-worked spot, dealt first, then clockwise."""
        rules = SixCardFortuneRules(starting_position_method=method)
        rnd = play(deal(HANDS, first=spot), {1: {MAIN: 10}}, ["house_way"], rules=rules, start_number=number)
        label = "dealer" if spot == "dealer" else f"seat {spot}"
        start = event(rnd, "determine_starting_position")
        assert start.cite == ("§ 670a.8(c)", "§ 670a.5")
        assert f" {number}:" in " ".join(start.notes) and f"ends at {label}" in " ".join(start.notes)
        i = CLOCKWISE.index(spot)
        expected = [s if s == "dealer" else f"seat {s}" for s in CLOCKWISE[i:] + CLOCKWISE[:i]]
        assert [m.to for m in event(rnd, "deal_cards").cards[:7]] == expected
        assert rnd.layout.stacks[1].cards[0].code == "AS"  # every hand landed where it was stacked

    def test_number_drawn_from_the_seeded_shoe(self):
        """(c): without an injected number it comes from the shoe's seeded generator and is logged."""
        game = load_game(GAME, SixCardFortuneRules(starting_position_method="dice"))
        numbers = set()
        for seed in range(6):
            rnd = advance_checked(game.new_round({1: {MAIN: 10}}, seed=seed))
            again = advance_checked(game.new_round({1: {MAIN: 10}}, seed=seed))
            assert rnd.layout.start_number == again.layout.start_number
            assert 3 <= rnd.layout.start_number <= 18
            assert f"three dice total {rnd.layout.start_number}:" in note_text(rnd, "determine_starting_position")
            numbers.add(rnd.layout.start_number)
        assert len(numbers) > 1

    def test_three_dice_give_every_total_from_3_to_18_and_no_other(self):
        """(c), § 670a.5(i): three six-sided dice. Over 400 seeded rounds every total from 3 to 18 comes up (3 and 18
        once in 216 rounds each) and no other (the mutation audit: dice of 2-6 or 1-7 passed every test)."""
        game = load_game(GAME, SixCardFortuneRules(starting_position_method="dice"))
        totals = {game.new_round({1: {MAIN: 10}}, seed=seed).advance().layout.start_number for seed in range(400)}
        assert totals == set(range(3, 19))

    def test_out_of_range_number_refused(self):
        """(c): a random number outside 1-7 is a user error, refused as the round is made (no round, no card dealt)."""
        with pytest.raises(TableGamesError, match="^round option start_number 8: the random_number method gives 1 to 7$"):
            new_round(deal(HANDS), {1: {MAIN: 10}}, start_number=8)


class TestStubIrregularities:
    def test_52_card_deck_removed(self):
        """(f): a 10-card stub with six cards at every spot voids every hand, returns every wager, removes the deck."""
        stub = STUB.replace(" JK", "")
        rnd = play(deal(HANDS, stub), {1: {MAIN: 10, "fortune_bonus": 5}, 3: {MAIN: 5}})
        assert rnd.state == "deck_removed"
        assert "stub: 10 cards (11 expected)" in note_text(rnd, "count_stub")
        assert rows(rnd) == [(3, MAIN, 0, "void", 0.0, "§ 670a.8(f)"),
                             (1, MAIN, 0, "void", 0.0, "§ 670a.8(f)"),
                             (1, "fortune_bonus", 0, "void", 0.0, "§ 670a.8(f)")]
        assert event(rnd, "void_and_remove_deck").cite == ("§ 670a.8(f)",)
        assert len(rnd.table.removed) == 52 and not rnd.table.rack.bundles
        assert rnd.ledger.players == {1: 0.0, 3: 0.0}

    def test_injected_misdeal_voids_and_keeps_deck(self):
        """(f): a seat dealt a seventh card is a misdeal: hands void, wagers returned, the deck stays at the table."""
        rnd = play(deal(HANDS), {1: {MAIN: 10}, 2: {MAIN: 10}}, misdeal=2, **SEAT_1_FIRST)
        assert rnd.state == "misdeal_void"
        assert len(rnd.layout.stacks[2].cards) == 7
        # a misdeal injected without misdeal_cards is a seventh card, and says so (the mutation audit)
        assert note_text(rnd, "deal_cards") == "training: misdeal injected, seat 2 dealt 7 cards"
        assert [m.to for m in event(rnd, "deal_cards").cards[-8:]] == [  # the seventh in the last round of the deal
            "seat 1", "seat 2", "seat 2", "seat 3", "seat 4", "seat 5", "seat 6", "dealer"]
        assert "seat 2 7" in note_text(rnd, "void_misdeal")
        assert "stub: 10 cards" in note_text(rnd, "count_stub")
        assert rows(rnd) == [(2, MAIN, 0, "void", 0.0, "§ 670a.8(f)"), (1, MAIN, 0, "void", 0.0, "§ 670a.8(f)")]
        assert not rnd.table.removed and len(rnd.table.rack.cards()) == 53

    def test_670a8_f_seven_cards_with_an_11_card_stub_is_a_misdeal(self):
        """(d) (f): a 54-card stacked deck with a seventh card to seat 2 leaves 11 in the stub, yet seat 2 holds
        seven cards: a misdeal, every hand void and every wager returned; no hand is offered for setting."""
        shoe = deal(HANDS) + " 2D"  # one card more than the deck: the stub still counts 11 after the extra card
        rnd = play(shoe, {1: {MAIN: 10}, 2: {MAIN: 10, "fortune_bonus": 5}}, misdeal=2, **SEAT_1_FIRST)
        assert "stub: 11 cards (11 expected)" in note_text(rnd, "count_stub")
        assert rnd.state == "misdeal_void" and len(rnd.layout.stacks[2].cards) == 7
        assert triggers(rnd)[-2:] == ["count_stub", "void_misdeal"]
        assert event(rnd, "void_misdeal").cite == ("§ 670a.8(e)", "§ 670a.8(f)")  # (e): the stub to the discard rack
        assert "seat 2 7" in note_text(rnd, "void_misdeal")
        assert rows(rnd) == [(2, MAIN, 0, "void", 0.0, "§ 670a.8(f)"), (2, "fortune_bonus", 0, "void", 0.0, "§ 670a.8(f)"),
                             (1, MAIN, 0, "void", 0.0, "§ 670a.8(f)")]
        assert "players_setting_hands" not in [e.dest for e in rnd.events]

    def test_dealer_dealt_five_cards_is_a_misdeal(self):
        """(f): the dealer skipped in the last round holds five cards and the stub is 12: a misdeal."""
        rnd = play(deal(HANDS), {1: {MAIN: 10}}, misdeal="dealer", misdeal_cards=5, **SEAT_1_FIRST)
        assert rnd.state == "misdeal_void" and len(rnd.layout.dealer.cards) == 5
        assert "stub: 12 cards" in note_text(rnd, "count_stub")

    def test_bad_misdeal_option_refused(self):
        """A misdeal at a seat the table does not have is a user error naming the option."""
        with pytest.raises(TableGamesError, match="option misdeal"):
            play(deal(HANDS), {1: {MAIN: 10}}, misdeal=9, **SEAT_1_FIRST)


class TestNoMoreBets:
    def test_late_wager_refused(self):
        """(b), § 670a.7(c): after "no more bets" a Fortune Bonus Wager is refused and the round is unchanged."""
        rnd = advance_checked(new_round(deal(HANDS), {1: {MAIN: 10}}, **SEAT_1_FIRST))
        before = (list(rnd.events), rnd.state, len(rnd.wagers))
        with pytest.raises(IllegalAction, match=r"no wager but the Double Down Wager .* § 670a\.7\(c\)") as err:
            rnd.act("wager=fortune_bonus")
        assert err.value.cite == "§ 670a.7(c)"
        with pytest.raises(IllegalAction) as err:
            rnd.place_wager(1, "progressive", 1)
        assert err.value.cite == "§ 670a.7(c)"
        assert (list(rnd.events), rnd.state, len(rnd.wagers)) == before
        assert event(rnd, "announce_no_more_bets").cite == ("§ 670a.8(b)", "§ 670a.7(c)")

    def test_envy_lammer_for_qualifying_wager_only(self):
        """(b)(1): a Fortune Bonus of 5 gets an Envy lammer, one of 4 does not."""
        rnd = advance_checked(new_round(deal(HANDS), {1: {MAIN: 10, "fortune_bonus": 5},
                                                      2: {MAIN: 10, "fortune_bonus": 4}}, **SEAT_1_FIRST))
        assert rnd.layout.lammers == [1]
        assert event(rnd, "place_envy_lammers").cite == ("§ 670a.8(b)(1)",)
        assert "seat 2: Fortune Bonus 4 is below 5" in note_text(rnd, "place_envy_lammers")

    @pytest.mark.parametrize("fortune_bonus", [None, 4])
    def test_no_qualifying_wager_no_envy_lammer_step(self, fortune_bonus):
        """(b)(1) places a lammer only where a Qualifying Fortune Bonus Wager is made: with none (or one of 4, below
        the 5 that qualifies) the round goes from "no more bets" to (b)(2)'s lock with no step citing (b)(1).
        Before, every round took a (b)(1) step, noting that no lammer was placed."""
        seats = {1: {MAIN: 10} | ({"fortune_bonus": fortune_bonus} if fortune_bonus else {})}
        rnd = advance_checked(new_round(deal(HANDS), seats, **SEAT_1_FIRST))
        assert triggers(rnd)[1:3] == ["announce_no_more_bets", "lock_progressive_system"]
        assert not any("§ 670a.8(b)(1)" in e.cite for e in rnd.events) and rnd.layout.lammers == []

    def test_double_down_wager_only_after_the_cards(self):
        """§ 670a.7(c): a Double Down Wager cannot be made before the cards are seen."""
        with pytest.raises(WagerError, match="after the player sees the cards"):
            new_round(deal(HANDS), {1: {MAIN: 10, "double_down": 10}})


class TestProgressive:
    def test_count_verified(self):
        """(b)(2): the system locked, the chips collected and counted equal to the wagers accepted, then the deal."""
        rnd = advance_checked(new_round(deal(HANDS), {1: {MAIN: 10, "progressive": 1},
                                                      2: {MAIN: 10, "progressive": 1}}, **SEAT_1_FIRST))
        assert triggers(rnd)[2:6] == ["lock_progressive_system", "collect_progressive_wagers",
                                      "place_chips_in_inventory", "determine_starting_position"]
        assert "2 value chips collected" in note_text(rnd, "collect_progressive_wagers")
        assert rnd.state == "players_setting_hands"

    def test_count_mismatch_is_an_irregularity(self):
        """(b)(2): two chips against one accepted wager stops the round before the deal and returns every wager."""
        rnd = play(deal(HANDS), {1: {MAIN: 10, "progressive": 1}, 2: {MAIN: 10, "progressive": 1}},
                   progressive_accepted=1, **SEAT_1_FIRST)
        assert rnd.state == "progressive_count_irregular"
        assert event(rnd, "report_progressive_mismatch").cite == ("§ 670a.8(b)(2)",)
        assert "IRREGULARITY: 2 value chips but 1" in note_text(rnd, "report_progressive_mismatch")
        assert rows(rnd) == [(2, MAIN, 0, "void", 0.0, "§ 670a.8(b)(2)"),
                             (2, "progressive", 0, "void", 0.0, "§ 670a.8(b)(2)"),
                             (1, MAIN, 0, "void", 0.0, "§ 670a.8(b)(2)"),
                             (1, "progressive", 0, "void", 0.0, "§ 670a.8(b)(2)")]
        assert "deal_cards" not in triggers(rnd) and len(rnd.shoe) == 53

    def test_missing_chip_is_an_irregularity(self):
        """(b)(2): a wager the system accepted with no value chip on the layout is also a count mismatch."""
        rnd = play(deal(HANDS), {1: {MAIN: 10}}, progressive_accepted=1, **SEAT_1_FIRST)
        assert rnd.state == "progressive_count_irregular"
        assert "0 value chips collected (seats: none)" in note_text(rnd, "collect_progressive_wagers")
        assert rows(rnd) == [(1, MAIN, 0, "void", 0.0, "§ 670a.8(b)(2)")]

    def test_not_offered(self):
        """(b)(2): with the Progressive Payout Wager not offered the system is not locked and the wager is refused."""
        rules = SixCardFortuneRules(progressive=False)
        rnd = play(deal(HANDS), {1: {MAIN: 10}}, ["house_way"], rules=rules, **SEAT_1_FIRST)
        assert "lock_progressive_system" not in triggers(rnd)
        with pytest.raises(WagerError, match="do not offer"):
            new_round(deal(HANDS), {1: {MAIN: 10, "progressive": 1}}, rules)


class TestWagersAndRules:
    def test_wager_checks(self):
        """Unknown wagers, seats off the table, optional wagers without the main wager and odd progressive chips are refused."""
        for seats, match in [({1: {"insurance": 5}}, "unknown"), ({7: {MAIN: 5}}, "positions 1 to 6"),
                             ({1: {"fortune_bonus": 5}}, "needs a six_card_fortune wager"),
                             ({1: {MAIN: 5, "progressive": 2}}, "one value chip of 1")]:
            with pytest.raises(WagerError, match=match):
                new_round(deal(HANDS), seats)

    @pytest.mark.parametrize("positions", [1, 5, 7])
    def test_670a8_e_rules_positions_must_leave_an_11_card_stub(self, tmp_path, positions):
        """(e): the stub is eleven; a Rules file whose positions deal to leave another count is refused at its line."""
        rules = tmp_path / "rules.yaml"
        rules.write_text(f"starting_position_method: random_number\npositions: {positions}\n")
        stub = 53 - 6 * (positions + 1)
        with pytest.raises(TableGamesError) as err:
            load_game(GAME, str(rules))
        message = str(err.value)
        assert message.startswith(f"{rules}:2: positions {positions}:") and "\n" not in message
        assert f"leave a {stub}-card stub" in message and "§ 670a.8(e) requires 11" in message

    def test_670a8_e_more_positions_than_the_deck_deals_says_so(self, tmp_path):
        """Eight positions and the dealer need 54 cards, one more than the deck: said so, not "a -1-card stub"."""
        rules = tmp_path / "rules.yaml"
        rules.write_text("positions: 8\n")
        with pytest.raises(TableGamesError, match=re.escape(
                f"{rules}:1: positions 8: six cards to 8 positions and the dealer are 54 cards, more than the 53-card "
                "deck holds; § 670a.8(e) requires 11 left (six positions)")):
            load_game(GAME, str(rules))

    def test_a_progressive_wager_over_the_table_maximum_is_refused(self, tmp_path):
        """(b)(2): a Progressive Payout Wager is one value chip of the Rules' amount; over the table maximum, none could
        be placed at this table. Refused at the line that made it so (before: loaded, then every such wager refused)."""
        rules = tmp_path / "rules.yaml"
        rules.write_text("progressive_wager: 5\ntable_maximum: 1\n")
        with pytest.raises(TableGamesError, match=re.escape(
                f"{rules}:2: progressive_wager 5 is above table_maximum 1: no Progressive Payout Wager (one value chip of "
                "5) could be placed (§ 670a.8(b)(2))")):
            load_game(GAME, str(rules))
        rules.write_text("progressive: false\nprogressive_wager: 5\ntable_maximum: 1\n")
        assert load_game(GAME, str(rules)).rules.table_maximum == 1  # no Progressive Payout Wager offered

    def test_670a8_e_six_positions_in_a_rules_file(self, tmp_path):
        """(e): six positions, written out, is the table the text deals: the stub counts 11 and the round settles."""
        rules = tmp_path / "rules.yaml"
        rules.write_text("positions: 6\n")
        rnd = drive(load_game(GAME, str(rules)).new_round({1: {MAIN: 10}}, shoe=Shoe.stacked(deal(HANDS)),
                                                          options=dict(SEAT_1_FIRST)), ["house_way"])
        assert "stub: 11 cards (11 expected)" in note_text(rnd, "count_stub")
        assert rnd.state == "round_complete"


class TestSettlementOrder:
    def test_one_kind_of_wager_after_another_from_the_dealers_right(self):
        """The machine file's reading ``settlement_from_dealers_right`` (§ 670a.11 is not available): every Pai Gow
        Wager from the dealer's right, then every Fortune Bonus Wager, as the round settles them; the reading said
        "player by player", which the round never did."""
        game = load_game(GAME)
        seats = {1: {MAIN: 10, "fortune_bonus": 5}, 4: {MAIN: 10, "fortune_bonus": 5}}
        rnd = drive(game.new_round(seats, seed=3), ["house_way", "house_way"])
        assert [(s.seat, s.wager) for s in rnd.settlement()] == [
            (4, MAIN), (1, MAIN), (4, "fortune_bonus"), (1, "fortune_bonus")]
        reading = next(r for r in game.spec.readings if r.id == "settlement_from_dealers_right")
        assert "one kind of wager after another" in reading.reading and "player by player" in reading.rejected
