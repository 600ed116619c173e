"""Completing a Six-Card Fortune Pai Gow Poker round (§ 670a.11 by reference, public game rules) and the machine file.

The decks are stacked with :func:`test_six_card_fortune_pai_gow.deal`: seat 1 is dealt first.
"""

from __future__ import annotations

import random

import pytest

from pa_table_games import IllegalAction, load_game
from pa_table_games.machine.loader import RUNTIME_GUARDS
from pa_table_games.games.six_card_fortune_pai_gow import paytable
from pa_table_games.games.six_card_fortune_pai_gow.registry import REGISTRY
from pa_table_games.games.six_card_fortune_pai_gow.rules import SixCardFortuneRules

from conftest import event, rows, triggers
from test_six_card_fortune_pai_gow import GAME, HANDS, MAIN, SEAT_1_FIRST, advance_checked, deal, new_round, play

C = "§ 670a.11"
FULL_TABLE = {1: {MAIN: 10, "fortune_bonus": 5}, 2: {MAIN: 10}, 3: {MAIN: 10}, 4: {MAIN: 10},
              5: {MAIN: 10, "fortune_bonus": 5, "progressive": 1}}
FULL_ACTIONS = ["double_down", "low=QD", "low=AD", "house_way", "low=3D", "house_way"]


class TestFullRound:
    def test_win_push_lose_copy(self):
        """Both hands won wins 1 to 1, one won pushes, none loses, and a copy goes to the dealer."""
        rnd = play(deal(HANDS), FULL_TABLE, FULL_ACTIONS, **SEAT_1_FIRST)
        assert rnd.state == "round_complete"
        assert rows(rnd) == [
            (5, MAIN, 0, "push", 0.0, C),  # full house wins high; 3S copies 3H: to the dealer
            (4, MAIN, 0, "lose", -10.0, C),  # copies both hands
            (3, MAIN, 0, "lose", -10.0, C),
            (2, MAIN, 0, "push", 0.0, C),
            (1, MAIN, 0, "win", 10.0, C),
            (1, "double_down", 0, "win", 10.0, "§ 670a.7(c)"),
            (5, "fortune_bonus", 0, "full house", 25.0, C),  # ILLUSTRATIVE 5 to 1
            (1, "fortune_bonus", 0, "lose", -5.0, C),
            (5, "progressive", 0, "full house", 10.0, C),  # ILLUSTRATIVE 10 to 1, paid by the system
        ]
        progressive = rnd.settlement()[-1]
        assert progressive.paid_off_table == 10.0
        notes = " ".join(event(rnd, "settle_wagers").notes)
        assert "seat 4: high one pair (K) copies one pair (K): a copy goes to the dealer" in notes
        assert "low 3S copies 3H: a copy goes to the dealer -> push" in notes
        # each hand's verdict in words (the mutation audit: a winning hand could read "loses to")
        assert "seat 1: high one pair (A) beats one pair (K); low QD beats 3H -> win" in notes
        assert "seat 3: high Q-high loses to one pair (K); low 2C loses to 3H -> lose" in notes
        assert "ILLUSTRATIVE" in notes

    def test_dealer_sets_the_house_way_face_up(self):
        """The dealer's six cards are turned face up and set the house way: the pair of kings high, the three low."""
        rnd = play(deal(HANDS), {1: {MAIN: 10}}, ["house_way"], **SEAT_1_FIRST)
        dealer = event(rnd, "set_dealer_hand")
        assert dealer.cite == (C,)
        assert all(m.face_up and m.to == "dealer (turned face up)" for m in dealer.cards)
        assert "dealer sets high KS KH 9D 7C 4S / low 3H (the house way)" in dealer.notes

    def test_hands_discarded_by_hand(self):
        """After settlement each hand goes to the discard rack in its own bundle, and every card is accounted for."""
        rnd = play(deal(HANDS), FULL_TABLE, FULL_ACTIONS, **SEAT_1_FIRST)
        labels = [label for label, _ in rnd.table.rack.bundles]
        assert labels == ["stub", "seat 6", "seat 1", "seat 2", "seat 3", "seat 4", "seat 5", "dealer"]
        assert len(rnd.table.rack.cards()) == 53 and event(rnd, "discard_hands").cite == (C,)

    def test_second_round_shuffles_the_deck(self):
        """§ 670a.5: a second round at the same table shuffles the discarded deck before it goes in the shoe."""
        first = play(deal(HANDS), {1: {MAIN: 10}}, ["house_way"], **SEAT_1_FIRST)
        game = load_game(GAME)
        rnd = advance_checked(game.new_round({2: {MAIN: 10}}, table=first.table))
        assert triggers(rnd)[:2] == ["shuffle_deck", "place_deck_in_shoe"]
        assert event(rnd, "shuffle_deck").cite == ("§ 670a.5",)
        assert rnd.state == "players_setting_hands"


class TestSettingHands:
    def setup_round(self):
        return advance_checked(new_round(deal(HANDS), {3: {MAIN: 10}, 5: {MAIN: 10}}, **SEAT_1_FIRST))

    def test_foul_set_refused(self):
        """A low hand that outranks the five-card high hand is refused with the reason, and the round is unchanged."""
        rnd = self.setup_round()
        before = list(rnd.events)
        with pytest.raises(IllegalAction, match=r"foul set: the low hand \(QS\) outranks the high hand \(J-high\)") as err:
            rnd.act("low=QS")
        assert err.value.cite == C and rnd.events == before and not rnd.layout.stacks[3].is_set
        assert "low=QS" not in [a.word for a in rnd.legal_actions()]  # offered no more (the others are)

    def test_low_card_not_in_hand_refused(self):
        """Naming a card the player does not hold is refused, listing the player's cards."""
        rnd = self.setup_round()
        with pytest.raises(IllegalAction, match="cards: QS JH 8S 6H 5D 2C"):
            rnd.act("low=AS")

    def test_players_act_in_turn(self):
        """The positions set in turn from the dealer's left; another seat's decision is refused."""
        rnd = self.setup_round()
        assert {a.seat for a in rnd.legal_actions()} == {3}
        with pytest.raises(IllegalAction, match="seat 3 hand 1 decides now, not seat 5 hand 1"):
            rnd.act(seat=5, name="house_way")
        rnd.act("low=2C")
        assert {a.seat for a in rnd.legal_actions()} == {5}

    def test_one_double_down_wager(self):
        """§ 670a.7(c): one Double Down Wager per position, at most the wager; a second one is refused."""
        rnd = self.setup_round()
        with pytest.raises(IllegalAction, match="at most 10"):
            rnd.act("double_down=15")
        rnd.act("double_down=5")
        assert rnd.wager(3, "double_down").amount == 5.0
        with pytest.raises(IllegalAction, match=r"allowed only when .* has not made one — § 670a\.7\(c\)"):
            rnd.act("double_down")
        assert [a.word for a in rnd.legal_actions()] == ["low=JH", "low=8S", "low=6H", "low=5D", "low=2C", "house_way"]

    @pytest.mark.parametrize("main, offered", [(0.01, False), (0.02, True)])
    def test_a_double_down_is_offered_only_where_it_can_be_a_cent(self, main, offered):
        """§ 670a.7(c) with the Rules' double_down_max 0.5: half of a 0.01 wager is no cent, so no Double Down Wager
        is offered, and one is refused with the cite; half of 0.02 is one (the mutation audit: only a random-rounds
        property of the money tests caught an offer of a Double Down of nothing)."""
        game = load_game(GAME, SixCardFortuneRules(double_down_max=0.5, table_minimum=0.01))
        rnd = game.new_round({1: {MAIN: main}}, seed=3).advance()
        assert ("double_down" in rnd.legal_names()) == offered
        if not offered:
            with pytest.raises(IllegalAction, match=r"can be a cent or more.* — § 670a\.7\(c\)"):
                rnd.act("double_down")


class TestEveryListedActionIsTaken:
    """legal_actions() lists low once per card the player may name (low=7H, ...), each of which act takes. Before, it
    listed 'low', which act always refused ("name one of the player's cards ..."), so a driver choosing among the
    listed actions stopped on an IllegalAction."""

    def test_a_driver_choosing_any_listed_action_plays_every_round(self):
        game = load_game(GAME)
        for seed in range(40):
            rnd = game.new_round({1: {MAIN: 10}, 3: {MAIN: 10}, 6: {MAIN: 10}}, seed=seed).advance()
            pick = random.Random(seed)
            while not rnd.is_over:
                rnd.act(pick.choice(rnd.legal_actions())).advance()
            assert rnd.state == "round_complete"

    def test_the_low_cards_listed_are_those_the_set_does_not_foul(self):
        """Seat 1 holds 7H 7D 6D TC TS TD (seed 3): every card may be the low hand."""
        rnd = load_game(GAME).new_round({1: {MAIN: 10}}, seed=3).advance()
        assert [a.word for a in rnd.legal_actions()] == ["double_down", "low=7H", "low=7D", "low=6D", "low=TC", "low=TS",
                                                         "low=TD", "house_way"]
        assert rnd.legal_names() == ("double_down", "low", "house_way")

    def test_low_without_a_card_says_what_to_write(self):
        """A missing card is a usage problem: refused saying what to write and which cards, ending with the decision's
        cite as double=abc's refusal does; the round unchanged. Before: "name one of the player's cards as the low
        hand, e.g. low=7H (cards: ...)"."""
        rnd = load_game(GAME).new_round({1: {MAIN: 10}}, seed=3).advance()
        before = (rnd.state, len(rnd.events), rnd.legal_actions())
        with pytest.raises(IllegalAction) as refused:
            rnd.act("low")
        assert str(refused.value) == "low: no card named (write low=CARD, one of 7H 7D 6D TC TS TD) — § 670a.11"
        assert (rnd.state, len(rnd.events), rnd.legal_actions()) == before
        with pytest.raises(IllegalAction, match=r"^double=abc: unknown action in .* \(legal now: double_down, "
                                                r"low=CARD \(7H 7D 6D TC TS TD\), house_way\) — § 670a\.8\(g\)$"):
            rnd.act("double=abc")


class TestEnvyBonus:
    HANDS = {**HANDS, "1": "AS AH 8D 6C 5S JH", "2": "QS QH QD QC 6D AD", "3": "2S 2H 9S 8H 6H 5D"}
    STUB = "7H 7S 8C 9C TC JS JD JC 8S 2C JK"

    def test_lammer_holder_paid_for_another_players_four_of_a_kind(self):
        """The Envy lammer holder is paid the ILLUSTRATIVE Envy Bonus for another player's four of a kind."""
        seats = {1: {MAIN: 10, "fortune_bonus": 5}, 2: {MAIN: 10, "fortune_bonus": 5}, 3: {MAIN: 10, "fortune_bonus": 1}}
        rnd = play(deal(self.HANDS, self.STUB), seats, ["house_way"] * 3, **SEAT_1_FIRST)
        bonus = {r[0]: r for r in rows(rnd) if r[1] == "fortune_bonus"}
        assert bonus[1] == (1, "fortune_bonus", 0, "lose + envy bonus 25", 20.0, C)
        assert bonus[2] == (2, "fortune_bonus", 0, "four of a kind", 125.0, C)  # no Envy Bonus for its own hand
        assert bonus[3] == (3, "fortune_bonus", 0, "lose", -1.0, C)  # below 5: no lammer, no Envy Bonus
        assert "seat 1 Envy Bonus (ILLUSTRATIVE): seat 2 four of a kind 25" in event(rnd, "settle_wagers").notes

    def test_tables_are_labelled_illustrative(self):
        """The bonus tables are flagged illustrative in code and in the machine notes."""
        assert paytable.ILLUSTRATIVE
        assert "ILLUSTRATIVE" in load_game(GAME).spec.notes


class TestMachineFile:
    def test_every_registered_name_is_used(self):
        """Every guard and action registered for the game is named in the machine file, and vice versa (besides the
        runtime's own guard, asked where the players' walk ends)."""
        spec = load_game(GAME).spec
        assert {e.name for e in spec.entries()} - RUNTIME_GUARDS == {e.name for e in REGISTRY.entries()}

    def test_references_explain_missing_text(self):
        """§ 670a.11 is cited as a reference whose text is not available, and late wagers are a declared refusal."""
        spec = load_game(GAME).spec
        assert "text not available" in dict(spec.references)[C]
        assert [(r.trigger, r.cite) for r in spec.refusals] == [("wager", "§ 670a.7(c)")]
        assert not spec.unmapped()

    def test_guards_are_pure_booleans(self):
        """Every guard returns a bool and leaves the round as it was, in every state of a full round."""
        guards = [e for e in REGISTRY.entries() if e.kind == "guard"]
        rnd = new_round(deal(HANDS), FULL_TABLE, **SEAT_1_FIRST)
        words = list(FULL_ACTIONS)
        while not rnd.is_over:
            for g in guards:
                events, state = list(rnd.events), rnd.state
                assert type(g.fn(rnd, rnd.turn)) is bool, g.name
                assert (rnd.events, rnd.state) == (events, state)
            if rnd.step() is None:
                rnd.act(words.pop(0))
            rnd.check_invariants()
