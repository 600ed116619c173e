"""Stacked-shoe rounds through every branch of the § 692.7 Double Down Madness machine.

Shoe order: burn card (c), then (e)(1) the hole card, (e)(2) one card to each box seat 1..n,
(e)(3) the up card, then every card in play order: the players' from the dealer's left, then
the dealer's.
"""

from __future__ import annotations

import attrs
import pytest

from pa_table_games.machine.loader import RUNTIME_GUARDS

from pa_table_games.errors import IllegalAction, WagerError
from pa_table_games.games import load_game
from pa_table_games.games.double_down_madness.rules import DoubleDownMadnessRules
from pa_table_games.rules.options import describe
from pa_table_games.equipment.shoe import Shoe

from depth import depth

DDM = "double_down_madness"
P22 = "push_22"
INS = "insurance"


# -- helpers: every step and every decision is followed by the invariant check -----------------------
def new_round(shoe: str, seats: dict | None = None, rules: DoubleDownMadnessRules | None = None):
    game = load_game("double-down-madness", rules)
    rnd = game.new_round(seats or {1: {DDM: 10}}, shoe=Shoe.stacked(shoe))
    rnd.check_invariants()
    return rnd


def advance(rnd):
    """Fire dealer transitions one at a time, checking the invariants after each."""
    while rnd.step() is not None:
        rnd.check_invariants()
    return rnd


def act(rnd, word: str):
    """Apply one decision, check the invariants, then advance."""
    rnd.act(word)
    rnd.check_invariants()
    return advance(rnd)


def play(shoe: str, seats: dict | None = None, actions=(), rules=None):
    rnd = advance(new_round(shoe, seats, rules))
    for word in actions:
        act(rnd, word)
    assert rnd.is_over, f"round stopped in {rnd.state}; legal: {rnd.legal_actions()}"
    return rnd


def rows(rnd):
    """Settlement rows as (seat, wager, outcome, net, cite)."""
    return [(s.seat, s.wager, s.outcome, s.net, s.cite) for s in rnd.settlement()]


def settled_by(rnd, seat: int, wager: str):
    """(trigger, cites) of the event that settled ``seat``'s ``wager``."""
    return next((e.trigger, e.cite) for e in rnd.events for s in e.settled if (s.seat, s.wager) == (seat, wager))


def triggers(rnd):
    return [e.trigger for e in rnd.events]


def event(rnd, trigger: str):
    return next(e for e in rnd.events if e.trigger == trigger)


def refused(rnd, word: str) -> IllegalAction:
    """Assert ``word`` is refused and leaves the round unchanged; return the error."""
    before = (rnd.state, len(rnd.events), len(rnd.shoe), [attrs.asdict(w) for w in rnd.wagers])
    with pytest.raises(IllegalAction) as info:
        rnd.act(word)
    assert (rnd.state, len(rnd.events), len(rnd.shoe), [attrs.asdict(w) for w in rnd.wagers]) == before
    rnd.check_invariants()
    return info.value


# -- the machine file ----------------------------------------------------------------------------------
class TestMachineFile:
    def test_section_is_cited_as_presumed(self):
        """The machine cites § 692.7 and says the number is presumed from the cross-references."""
        spec = load_game("double-down-madness").spec
        assert spec.short_section == "§ 692.7"
        assert "section number presumed from the seed's cross-references" in " ".join(spec.notes.lower().split())

    def test_every_subsection_a_to_v_is_mapped(self):
        """Every subsection (a)-(v) is cited or waived, and only (b), (v) and (s)(1) are waived: a busted hand is
        collected when it busts ((o), (p)(1)), before the dealer's total that (s)(1) depends on is known; (a)'s stack
        is placed in the shoe at load_shoe."""
        spec = load_game("double-down-madness").spec
        keys = [k for k, _ in spec.subsections]
        assert [k for k in keys if len(k) == 3] == [f"({c})" for c in "abcdefghijklmnopqrstuv"]
        assert "(h)(2)(ii)" in keys and "(h)(1)(i)" in keys
        assert spec.unmapped() == []
        assert sorted(k for k, _ in spec.waived) == ["(b)", "(s)(1)", "(v)"]

    def test_registered_names_are_exactly_the_used_names(self):
        """Every guard and action in the registry is used by the machine, and nothing else."""
        game = load_game("double-down-madness")
        registry = game.info.registry
        used = {e.name for e in game.spec.entries()} - RUNTIME_GUARDS  # guards the runtime answers itself
        assert used == registry.names("guard") | registry.names("action")

    def test_split_and_surrender_are_refusals_citing_j(self):
        """The machine lists split and surrender as refusals citing (j)."""
        spec = load_game("double-down-madness").spec
        assert {(r.trigger, r.cite) for r in spec.refusals} == {("split", "(j)"), ("surrender", "(j)")}


class TestRules:
    def test_defaults_from_reference(self):
        """The Rules default to docs/reference.md: 6 decks, 6 positions, 2:1 / 3:2 Blackjack, Push 22 11:1."""
        rules = DoubleDownMadnessRules()
        assert (rules.decks, rules.positions, rules.suited_blackjack_odds, rules.blackjack_odds) == (6, 6, 2.0, 1.5)
        assert (rules.push_22_odds, rules.insurance_max, rules.insurance_odds) == (11.0, 0.5, 2.0)
        assert (rules.double_down_wager, rules.max_double_downs) == ("equal", None)

    def test_help_says_default(self):
        """Every option's help string says it is a default."""
        for name, _, cite, help_text in describe(DoubleDownMadnessRules()):
            if name != "settlement":
                assert "default" in help_text, name
            assert cite

    def test_bad_values_refused(self):
        """A malformed option value is a ValueError naming the option."""
        with pytest.raises(ValueError, match="max_double_downs"):
            DoubleDownMadnessRules(max_double_downs=0)
        with pytest.raises(ValueError, match="push_22_pays"):
            DoubleDownMadnessRules(push_22_pays="eleven")


class TestWagers:
    def test_push_22_needs_a_main_wager(self):
        """(e): a Push 22 wager is placed with a Double Down Madness wager in the same box."""
        with pytest.raises(WagerError, match="Push 22"):
            new_round("2C 5D 9H 6C", {1: {P22: 5}, 2: {DDM: 10}})

    def test_insurance_not_placed_before_the_offer(self):
        """(f): the Insurance wager is placed only when the dealer offers it."""
        with pytest.raises(WagerError, match="Insurance"):
            new_round("2C 5D 9H 6C", {1: {DDM: 10, INS: 5}})

    def test_unknown_wager_and_seat(self):
        """Only the contract's wager names and seats 1..positions are accepted."""
        with pytest.raises(WagerError, match="unknown"):
            new_round("2C", {1: {"blackjack": 10}})
        with pytest.raises(WagerError, match="positions"):
            new_round("2C", {7: {DDM: 10}})


# -- (c) (e): the burn and the one-card deal -----------------------------------------------------------
class TestDeal:
    def test_hole_card_first_then_boxes_then_up_card(self):
        """(c) burn, (e)(1) hole card face down, (e)(2) one card per box from the left, (e)(3) the up card."""
        rnd = play("2C 9D 5H 7S 6C TD TH 5S", {1: {DDM: 10}, 2: {DDM: 10}}, ["hit", "stand", "hit", "stand"])
        assert [m.card for m in event(rnd, "burn_first_card").cards] == ["2C"]
        hole = event(rnd, "deal_hole_card").cards[0]
        assert (hole.card, hole.face_up, event(rnd, "deal_hole_card").cite) == ("9D", False, ("§ 692.7(e)", "§ 692.7(e)(1)"))
        assert [(m.card, m.to) for m in event(rnd, "deal_first_cards").cards] == [("5H", "seat 1"), ("7S", "seat 2")]
        assert [(m.card, m.face_up) for m in event(rnd, "deal_up_card").cards] == [("6C", True)]
        assert rnd.layout.up_card.code == "6C" and rnd.layout.hole_card.code == "9D"

    def test_no_stand_before_the_second_card(self):
        """(h): the first decision takes the second card by a hit or a double down; standing is refused."""
        rnd = advance(new_round("2C 9D 5H 6C TD 8S"))
        assert [a.name for a in rnd.legal_actions()] == ["hit", "double"]
        assert "§ 692.7(h)" in str(refused(rnd, "stand"))


# -- (f) (g): insurance and the peek ---------------------------------------------------------------------
class TestDealerBlackjack:
    def test_ace_up_insurance_and_dealer_blackjack(self):
        """(f) (g): against an ace Insurance is offered; a dealer Blackjack collects main and Push 22 and pays Insurance."""
        rnd = advance(new_round("2C KD 5H 9S AH", {1: {DDM: 10, P22: 5}, 2: {DDM: 10}}))
        assert rnd.state == "insurance_offered"
        assert [a.name for a in rnd.legal_actions()] == ["insurance=yes", "insurance=no"]
        refused(rnd, "hit")
        act(rnd, "insurance=yes")
        act(rnd, "insurance=no")
        assert rnd.is_over
        assert rows(rnd) == [(2, DDM, "lose", -10.0, "§ 692.7(g)(1)"),
                             (1, DDM, "lose", -10.0, "§ 692.7(g)(1)"),
                             (1, P22, "lose", -5.0, "§ 692.7(g)(1)"),
                             (1, INS, "win", 10.0, "§ 692.7(g)(2)")]
        assert settled_by(rnd, 1, INS) == ("settle_dealer_blackjack", ("§ 692.7(g)", "§ 692.7(g)(1)", "§ 692.7(g)(2)"))
        assert [len(h.cards) for h in rnd.layout.hands] == [1, 1]  # no additional cards, (g)

    def test_692_7_g_1_2_collect_every_wager_then_pay_insurance(self):
        """(g)(1)-(2): two steps of the table: with two seats insured, every Double Down Madness and Push 22
        wager is collected (dealer's right first) before any Insurance wager is paid."""
        seats = {1: {DDM: 10, P22: 5}, 2: {DDM: 20, P22: 5}}
        rnd = advance(new_round("2C KD 5H 9S AH", seats))
        act(rnd, "insurance=yes")
        act(rnd, "insurance=yes")
        assert rows(rnd) == [(2, DDM, "lose", -20.0, "§ 692.7(g)(1)"),
                             (2, P22, "lose", -5.0, "§ 692.7(g)(1)"),
                             (1, DDM, "lose", -10.0, "§ 692.7(g)(1)"),
                             (1, P22, "lose", -5.0, "§ 692.7(g)(1)"),
                             (2, INS, "win", 20.0, "§ 692.7(g)(2)"),
                             (1, INS, "win", 10.0, "§ 692.7(g)(2)")]
        assert {settled_by(rnd, seat, w)[0] for seat in (1, 2) for w in (DDM, P22, INS)} == {"settle_dealer_blackjack"}

    def test_ten_up_dealer_blackjack_without_insurance_offer(self):
        """(f) (g): a 10 up card is peeked without an Insurance offer; the dealer Blackjack collects both wagers."""
        rnd = play("2C AS 5H KD", {1: {DDM: 10, P22: 5}})
        assert "offer_insurance" not in triggers(rnd)
        assert rows(rnd) == [(1, DDM, "lose", -10.0, "§ 692.7(g)(1)"), (1, P22, "lose", -5.0, "§ 692.7(g)(1)")]
        assert settled_by(rnd, 1, P22)[0] == "settle_dealer_blackjack"

    def test_insurance_refused_against_a_ten(self):
        """(f): Insurance is offered only against an ace, never against a 10-value up card."""
        rnd = advance(new_round("2C 7S 5H KD 6C 9D", {1: {DDM: 10}}))
        assert rnd.state == "player_decisions"
        refused(rnd, "insurance=yes")

    def test_insurance_lost_without_dealer_blackjack(self):
        """§ 692.8: without a dealer Blackjack the Insurance wager is collected before the players decide."""
        rnd = play("2C 6D TH AS 9C TS", {1: {DDM: 10}}, ["insurance=yes", "hit", "stand"])
        assert rows(rnd)[0] == (1, INS, "lose", -5.0, "§ 692.8")
        assert settled_by(rnd, 1, INS) == ("collect_insurance_wagers", ("§ 692.8",))
        assert rows(rnd)[1] == (1, DDM, "win", 10.0, "§ 692.7(q)(2)")  # 19 against A-6 hit to a hard 17


# -- (i): the player's Blackjack ----------------------------------------------------------------------------
class TestPlayerBlackjack:
    def test_suited_blackjack_without_push_22(self):
        """(i): a suited Blackjack is paid 2 to 1 at once and the cards removed; (o) the dealer then draws nothing."""
        rnd = play("2C 9D KS 6C AS", {1: {DDM: 10}}, ["hit"])
        assert rows(rnd) == [(1, DDM, "suited blackjack", 20.0, "§ 692.7(i)")]
        paid = event(rnd, "pay_player_blackjack")
        assert [(m.card, m.to) for m in paid.cards] == [("KS", "discard rack"), ("AS", "discard rack")]
        assert "stop_drawing" in triggers(rnd) and len(rnd.layout.dealer) == 2

    def test_unsuited_blackjack_with_push_22(self):
        """(i): an unsuited Blackjack is paid 3 to 2 and its cards tucked under the Push 22 wager until (p)."""
        rnd = advance(new_round("2C 9D KH 8C AD", {1: {DDM: 10, P22: 5}}))
        act(rnd, "hit")
        assert rnd.is_over
        paid = event(rnd, "pay_player_blackjack_and_tuck_cards")
        assert paid.cards == ()  # the cards stay on the layout
        assert any("tucked under the Push 22" in n for n in paid.notes)
        assert rows(rnd) == [(1, DDM, "blackjack", 15.0, "§ 692.7(i)"), (1, P22, "lose", -5.0, "§ 692.7(p)(2)")]
        assert settled_by(rnd, 1, P22)[0] == "collect_losing_wagers"
        bundles = dict(rnd.table.rack.bundles)
        assert [c.code for c in bundles["seat 1"]] == ["KH", "AD"]  # discarded only at (u)
        assert event(rnd, "discard_hands").seq > event(rnd, "collect_losing_wagers").seq

    def test_blackjack_after_a_double_pays_the_whole_wager(self):
        """(i) (q): a Blackjack reached by a double down is paid at the Blackjack odds on the wager and the double."""
        rnd = play("2C 9D KH 8C AD", {1: {DDM: 10}}, ["double"])
        assert rows(rnd) == [(1, DDM, "blackjack", 30.0, "§ 692.7(i)")]


# -- (h)(2) (l)(2): the first-card ace --------------------------------------------------------------------
class TestInitialAce:
    def test_ace_doubled_then_refused_a_third_card(self):
        """(l)(2): an initial ace doubled takes its final card; a hit or another double is refused citing (l)(2)."""
        rnd = advance(new_round("2C 9C AS 8D 5H", {1: {DDM: 10}}))
        rnd.act("double")
        rnd.check_invariants()
        for word in ("hit", "double", "stand"):
            assert "§ 692.7(l)(2)" in str(refused(rnd, word))
        advance(rnd)
        assert rnd.is_over
        assert event(rnd, "close_initial_ace_hand").cite == ("§ 692.7(h)(2)", "§ 692.7(l)(2)")
        assert [c.code for c in rnd.layout.hands[0].cards] == ["AS", "5H"]
        assert rows(rnd) == [(1, DDM, "lose", -20.0, "§ 692.7(s)(2)")]  # soft 16 against 17

    def test_ace_hit_closes_the_hand(self):
        """(h)(2)(i): an initial ace hit receives its final card and the hand is complete."""
        rnd = play("2C TC AS 7D 7H", {1: {DDM: 10}}, ["hit"])
        assert "close_initial_ace_hand" in triggers(rnd)
        assert rows(rnd) == [(1, DDM, "win", 10.0, "§ 692.7(q)(2)")]  # soft 18 against 17


class TestEachCardItsSubsection:
    """A hit or a double down cites the subsection that deals the card it takes: the second card (h)(1), an
    initial ace's final card (h)(2), any later card (j) — not all three whatever the hand."""

    SECOND, LATER, FINAL = "§ 692.7(h)(1)(i)", "§ 692.7(j)", "§ 692.7(h)(2)(i)"

    def cites(self, rnd, trigger):
        return [(e.seat, e.cite) for e in rnd.events if e.trigger == trigger]

    def test_hits(self):
        # seat 1: 5H, hit 3D (second card), hit 4S (a later card), stand on 12; seat 2: AS, hit 7H (final card)
        rnd = play("2C 9C 5H AS 6C 3D 4S 7H 2S", {1: {DDM: 10}, 2: {DDM: 10}}, ["hit", "hit", "stand", "hit"])
        assert self.cites(rnd, "hit") == [(1, (self.SECOND, "§ 692.7(k)")),
                                          (1, (self.LATER, "§ 692.7(k)", "§ 692.7(l)")),
                                          (2, (self.FINAL, "§ 692.7(k)", "§ 692.7(l)(2)"))]

    def test_double_downs(self):
        # seat 1: 5H, double 3D (second card), double 4S (a later card), stand; seat 2: AS, double 7H (final card)
        rnd = play("2C 9C 5H AS 6C 3D 4S 7H 2S", {1: {DDM: 10}, 2: {DDM: 10}}, ["double", "double", "stand", "double"])
        assert self.cites(rnd, "double") == [
            (1, ("§ 692.7(h)(1)(ii)", "§ 692.7(k)", "§ 692.9")), (1, ("§ 692.7(j)", "§ 692.7(k)", "§ 692.9")),
            (2, ("§ 692.7(h)(2)(ii)", "§ 692.7(k)", "§ 692.7(l)(2)", "§ 692.9"))]


# -- § 692.9: repeated Double Down wagers ----------------------------------------------------------------
THREE_DOUBLES = "2C TD 2H {up} 3S 4C 9H"  # 2, doubled to 5, 9 and 18


class TestRepeatedDoubles:
    @pytest.mark.parametrize(("up", "outcome", "net", "cite"), [
        ("7C", "win", 40.0, "§ 692.7(q)(2)"),
        ("8C", "tie", 0.0, "§ 692.7(r)"),
        ("9C", "lose", -40.0, "§ 692.7(s)(2)"),
    ])
    def test_three_doubles_settled(self, up, outcome, net, cite):
        """(q) (r) (s): three Double Down wagers ride with the main wager and settle on one row, as it does."""
        rnd = play(THREE_DOUBLES.format(up=up), {1: {DDM: 10}}, ["double", "double", "double", "stand"])
        hand = rnd.layout.hands[0]
        assert (hand.doubles, hand.wager.amount, hand.total) == (3, 40.0, 18)
        assert rows(rnd) == [(1, DDM, outcome, net, cite)]
        assert triggers(rnd).count("double") == 3
        assert settled_by(rnd, 1, DDM)[0] == ("collect_losing_wagers" if net < 0 else "pay_winning_wagers")

    def test_dealer_bust_pays_each_double(self):
        """(q)(1): a dealer over 22 pays the main wager and an equal amount for each Double Down wager."""
        rnd = play("2C TD 2H 6C 3S 4C 9H 7S", {1: {DDM: 10}}, ["double", "double", "double", "stand"])
        assert rows(rnd) == [(1, DDM, "win", 40.0, "§ 692.7(q)(1)")]  # dealer 16 + 7 = 23

    def test_double_count_limited_by_rules(self):
        """§ 692.9: with max_double_downs 1 a second double is refused citing § 692.9."""
        rnd = advance(new_round("2C TD 2H 7C 3S 4C 9H", rules=DoubleDownMadnessRules(max_double_downs=1)))
        act(rnd, "double")
        assert "§ 692.9" in str(refused(rnd, "double"))
        assert [a.name for a in rnd.legal_actions()] == ["hit", "stand"]

    def test_a_double_reaching_the_table_maximum_exactly_is_offered(self):
        """§ 692.9: at a table maximum of 20 a wager of 10 may double once, to exactly 20; then no room is left for
        another (the mutation audit: no test met the boundary)."""
        rnd = advance(new_round("2C TC 5H 9D 6S 8C", rules=DoubleDownMadnessRules(table_maximum=20)))
        assert [a.name for a in rnd.legal_actions()] == ["hit", "double"]
        act(rnd, "double")
        assert rnd.layout.hands[0].wager.amount == 20
        assert "double" not in [a.name for a in rnd.legal_actions()]

    def test_smaller_double_only_when_rules_allow(self):
        """§ 692.9: double=AMOUNT below the original is refused by default and allowed under up_to."""
        rnd = advance(new_round("2C TD 9H 7C 2S 8D"))
        assert "must be equal to 10 — § 692.9" in str(refused(rnd, "double=5"))
        rnd = play("2C TD 9H 7C 2S", rules=DoubleDownMadnessRules(double_down_wager="up_to"),
                   actions=["double=5", "stand"])
        assert rows(rnd) == [(1, DDM, "lose", -15.0, "§ 692.7(s)(2)")]  # 11 against 17


# -- (j): no split, no surrender ------------------------------------------------------------------------
class TestRefusals:
    @pytest.mark.parametrize("word", ["split", "surrender"])
    def test_refused_citing_j(self, word):
        """(j): players may not split pairs or surrender; the round is left unchanged."""
        rnd = advance(new_round("2C TD 8H 7C 8S 9D"))
        act(rnd, "hit")  # 8-8: a pair
        err = refused(rnd, word)
        assert err.cite == "§ 692.7(j)" and "§ 692.7(j)" in str(err)

    def test_no_draw_on_21(self):
        """(l)(1): a hand of 21 is closed; no further hit or double is offered."""
        rnd = play("2C TD 5H 7C 6S KD", {1: {DDM: 10}}, ["hit", "hit"])
        assert "close_hand_at_21" in triggers(rnd)
        assert rows(rnd) == [(1, DDM, "win", 10.0, "§ 692.7(q)(2)")]


# -- (o) (p): the dealer's hand and the Push 22 wager ------------------------------------------------------
class TestDealer22:
    def test_live_busted_and_blackjack_players(self):
        """(p)(1): a dealer 22 pays each Push 22 wager and returns only the remaining hand, doubles included."""
        seats = {1: {DDM: 10, P22: 5}, 2: {DDM: 10, P22: 5}, 3: {DDM: 10}}
        rnd = play("2C 6D AS TH 9C 6C KH 5D 9S 2H 9D TC", seats, ["hit", "hit", "hit", "double", "double", "stand"])
        assert rows(rnd) == [(1, DDM, "blackjack", 15.0, "§ 692.7(i)"),
                             (2, DDM, "bust", -10.0, "§ 692.7(p)(1)"),
                             (3, DDM, "push", 0.0, "§ 692.7(p)(1)"),
                             (2, P22, "win", 55.0, "§ 692.7(p)(1)"),
                             (1, P22, "win", 55.0, "§ 692.7(p)(1)")]
        assert rnd.settlement()[2].amount == 30.0  # the main wager and two Double Down wagers, returned
        assert settled_by(rnd, 1, DDM)[0] == "pay_player_blackjack_and_tuck_cards"
        assert settled_by(rnd, 2, DDM) == ("collect_busted_wager", ("§ 692.7(l)", "§ 692.7(o)", "§ 692.7(p)(1)"))
        assert settled_by(rnd, 3, DDM) == ("settle_dealer_22", ("§ 692.7(p)(1)", "§ 692.7(t)", "§ 692.10(d)"))
        assert settled_by(rnd, 1, P22)[0] == "settle_dealer_22"

    def test_692_7_o_p_1_busted_hand_collected_at_once_loses_when_the_dealer_busts(self):
        """(o) (p)(1) decision: a busted hand is collected when it busts and loses even if the dealer ends over 22."""
        rnd = play("2C TD TH 9S 6C 6S 8H 2D 7C", {1: {DDM: 10}, 2: {DDM: 10}}, ["hit", "hit", "hit", "stand"])
        assert rows(rnd) == [(1, DDM, "bust", -10.0, "§ 692.7(p)(1)"), (2, DDM, "win", 10.0, "§ 692.7(q)(1)")]
        assert event(rnd, "collect_busted_wager").seq < event(rnd, "turn_hole_card").seq

    def test_dealer_hits_soft_17(self):
        """(n): the dealer hits A-6 and draws to a hard 17 or more; here to 22, returning the main wager."""
        rnd = play("2C AS 9H 6C 8D 5S TC", {1: {DDM: 10}}, ["hit", "stand"])
        assert triggers(rnd).count("draw_dealer_card") == 2
        assert rows(rnd) == [(1, DDM, "push", 0.0, "§ 692.7(p)(1)")]


class TestTheDrawingRuleAsDrawn:
    def test_692_7_n_the_dealer_draw_arrows_say_the_rule_the_dealer_follows(self):
        """(n) and its reading: the dealer draws below 17 and on a soft 17, stands on a hard 17 and a soft 18; the
        words the diagram writes on the dealer-draw arrows say that rule, not "below a hard total of 17"."""
        from pa_table_games.equipment.cards import parse_cards
        from pa_table_games.review.diagram import to_dot

        spec = load_game("double-down-madness").spec
        draw = next(t for t in spec.transitions if t.trigger == "draw_dealer_card")
        guard = next(g for g in draw.when if g.name == "dealer_must_draw")
        rnd = load_game("double-down-madness").new_round({1: {DDM: 10}}, shoe=Shoe.stacked("2C 5D TH 6C 6S 8H"))
        draws = {}
        for cards in ("AS 6D", "AS 7D", "TS 6D", "TS 7D"):
            rnd.layout = attrs.evolve(rnd.layout, dealer=list(parse_cards(cards)))  # the dealer's total counted anew
            draws[cards] = guard.fn(rnd, None)
        assert draws == {"AS 6D": True, "AS 7D": False, "TS 6D": True, "TS 7D": False}
        assert "soft 17" in guard.doc and "soft 18" in guard.doc and "hard total of 17" not in guard.doc
        assert "hard total of 17" not in to_dot(spec).replace("has a hard total of 17 or more", "")

    def test_692_7_o_is_read_in_the_dealer_draw_phase_whose_arrows_use_it(self):
        """(o), a drawing rule (the dealer stops, or draws on for a live Push 22), is cited by the dealer-draw
        phase, where its arrows are; the settlement phase no longer claims it."""
        spec = load_game("double-down-madness").spec
        phases = {p.id: p.cite for p in spec.phases}
        arrows = {c for t in spec.transitions if t.source == "hole_card_turned" for c in t.cite}
        assert "(o)" in arrows and "(o)" in phases["dealer_draw"] and "(o)" not in phases["settlement"]


class TestDealerStops:
    def test_stops_when_nothing_depends_and_no_push_22(self):
        """(o): without Push 22 wagers and with every hand busted, the dealer turns the hole card and draws nothing."""
        rnd = play("2C 5D TH 6C 6S 8H", {1: {DDM: 10}}, ["hit", "hit"])
        assert event(rnd, "stop_drawing").cite == ("§ 692.7(o)",)
        assert "turn_hole_card" in triggers(rnd) and len(rnd.layout.dealer) == 2
        assert rows(rnd) == [(1, DDM, "bust", -10.0, "§ 692.7(p)(1)")]

    def test_draws_on_for_a_live_push_22(self):
        """(o): with a Push 22 wager live the dealer draws even though every hand busted, and pays the dealer 22."""
        rnd = play("2C 6D TH 6C 6S 8H TS", {1: {DDM: 10, P22: 5}}, ["hit", "hit"])
        assert "stop_drawing" not in triggers(rnd)
        assert event(rnd, "draw_for_push_22").cite == ("§ 692.7(o)", "§ 692.7(n)")
        assert rows(rnd) == [(1, DDM, "bust", -10.0, "§ 692.7(p)(1)"), (1, P22, "win", 55.0, "§ 692.7(p)(1)")]


# -- (t): the two settlement procedures ----------------------------------------------------------------------
SETTLE_SHOE = "2C TD 9H 5S 8C TS TH"  # dealer 18; seat 1 hits to 19, seat 2 to 15
SETTLE_SEATS = {1: {DDM: 10, P22: 5}, 2: {DDM: 10}}


class TestSettlementProcedure:
    def test_collect_then_pay(self):
        """(t)(1): every losing wager, Push 22 included ((p)(2)), is collected from the right before any is paid."""
        rnd = play(SETTLE_SHOE, SETTLE_SEATS, ["hit", "stand", "hit", "stand"])
        collected, paid = event(rnd, "collect_losing_wagers"), event(rnd, "pay_winning_wagers")
        assert [(s.seat, s.wager, s.net, s.cite) for s in collected.settled] == [
            (2, DDM, -10.0, "§ 692.7(s)(2)"), (1, P22, -5.0, "§ 692.7(p)(2)")]
        assert [(s.seat, s.wager, s.net, s.cite) for s in paid.settled] == [(1, DDM, 10.0, "§ 692.7(q)(2)")]

    def test_push_22_collected_player_by_player_with_the_losing_wagers(self):
        """(p)(2), (t)(1), reading push_22_collected_with_losing_wagers: against a dealer 18 each player's losing
        Double Down Madness wager, then that player's Push 22 wager, from the dealer's right; no separate pass."""
        seats = {1: {DDM: 10, P22: 5}, 2: {DDM: 10, P22: 5}}
        rnd = play("2C TD 9H 5S 8C 5D TH", seats, ["hit", "stand", "hit", "stand"])  # 14 and 15 against 18
        assert [(s.seat, s.wager) for s in event(rnd, "collect_losing_wagers").settled] == [
            (2, DDM), (2, P22), (1, DDM), (1, P22)]
        assert "push_22_collected_with_losing_wagers" in {r.id for r in rnd.spec.readings}

    def test_right_to_left(self):
        """(t)(2): each player's wagers are settled in turn from the dealer's right, the player's losing wagers
        collected before the winning ones are paid (before, seat 1's winning wager was paid before its losing Push 22
        was collected)."""
        rules = DoubleDownMadnessRules(settlement="right_to_left")
        rnd = play(SETTLE_SHOE, SETTLE_SEATS, ["hit", "stand", "hit", "stand"], rules)
        assert [(s.seat, s.wager, s.outcome) for s in event(rnd, "settle_right_to_left").settled] == [
            (2, DDM, "lose"), (1, P22, "lose"), (1, DDM, "win")]

    def test_right_to_left_returns_a_tie_after_the_players_losing_wager(self):
        """(t)(2), (r): a player's 18 ties the dealer's 18 and the Push 22 loses: the Push 22 is collected, then the
        tied wager returned, as a tie goes with the winning wagers (the mutation audit: a tie returned before the
        loss was collected passed)."""
        rules = DoubleDownMadnessRules(settlement="right_to_left")
        rnd = play("2C TD 9H 8C 9S", {1: {DDM: 10, P22: 5}}, ["hit", "stand"], rules)
        assert [(s.seat, s.wager, s.outcome) for s in event(rnd, "settle_right_to_left").settled] == [
            (1, P22, "lose"), (1, DDM, "tie")]


# -- (d) (u): the cover card and the discard --------------------------------------------------------------
class TestCoverCard:
    def test_cover_card_during_play(self):
        """(d): a cover card met in play is set aside, the round completed, the rest discarded and reshuffled."""
        rnd = play("2C 9D 5H 6C CUT TD 8S 4H", {1: {DDM: 10}}, ["hit", "stand"])
        assert any("§ 692.7(d)" in n for n in event(rnd, "hit").notes)
        assert triggers(rnd)[-2:] == ["discard_rest_of_shoe", "reshuffle"]
        assert len(rnd.shoe) == 8 and rnd.shoe.batch_is_new

    def test_cover_card_first(self):
        """(d): a cover card first in the shoe at the start of a round is set aside before the deal."""
        rnd = play("2C CUT 9D 5H 6C TD 8S", {1: {DDM: 10}}, ["hit", "stand"])
        assert triggers(rnd)[2:4] == ["set_aside_cover_card", "deal_hole_card"]
        assert triggers(rnd)[-1] == "reshuffle"

    def test_discard_by_hand(self):
        """(u): the rack holds one bundle per hand, then the dealer's, so each hand can be reconstructed."""
        rnd = play(SETTLE_SHOE, SETTLE_SEATS, ["hit", "stand", "hit", "stand"])
        bundles = [(label, [c.code for c in cards]) for label, cards in rnd.table.rack.bundles]
        assert bundles[1:] == [("seat 1", ["9H", "TS"]), ("seat 2", ["5S", "TH"]), ("dealer", ["TD", "8C"])]


class TestDemo:
    def test_demo_round(self):
        """The INFO demo plays a cited round ending in a dealer 22 that pays the Push 22 wager."""
        info = load_game("double-down-madness").info
        demo = info.demo
        rnd = play(demo["shoe"], demo["seats"], demo["actions"])
        assert rnd.state == "round_complete"
        assert (1, P22, "win", 55.0, "§ 692.7(p)(1)") in rows(rnd)


class TestRandomRounds:
    def test_random_play_keeps_the_invariants(self):
        """Random legal play over 100 rounds at one table (300 at the long depth) conserves cards and chips
        and settles every wager once."""
        import random

        game = load_game("double-down-madness")
        guards = [e for e in game.info.registry.entries() if e.kind == "guard"]
        rng, table = random.Random(7), game.new_table(seed=7)
        for _ in range(depth(100, 300)):
            seats = {s: {DDM: 10, **({P22: 5} if rng.random() < 0.5 else {})} for s in range(1, 7) if rng.random() < 0.5}
            rnd = game.new_round(seats or {1: {DDM: 10}}, table=table)
            while not rnd.is_over:
                if rnd.step() is None:
                    rnd.act(rng.choice(rnd.legal_actions()))
                rnd.check_invariants()
                if rnd.state == "player_decisions" and rnd.turn is not None:
                    assert all(type(g.fn(rnd, rnd.turn)) is bool for g in guards)
            assert all(w.settled for w in rnd.wagers)
