"""§ 633a.7(d), (e)(2)-(3): dealing from a double shoe, stacked side by side.

``DoubleShoe.stacked(red=..., black=...)``: the ``red`` side is the one whose back colour the
certificate holder pairs with hearts and diamonds, ``black`` with spades and clubs. The round
option ``determinant_side`` names the side the dealer draws the determinant card from. No
card is burned: (d) replaces (c).
"""

from __future__ import annotations

from collections import Counter

import pytest
from click.testing import CliRunner

from pa_table_games import Shoe, TableGamesError, load_game
from pa_table_games.cli import main
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.double_shoe import DoubleShoe
from pa_table_games.errors import WagerError
from pa_table_games.games.blackjack.rules import BlackjackRules
from pa_table_games.strategies import get_strategy

from conftest import drive, event, triggers

BJ = "blackjack"
DOUBLE = BlackjackRules(double_shoe=True)
DECK = " ".join(r + s for s in "SHDC" for r in "A23456789TJQK")


def deal(red, black, seats=None, actions=("stand",), side="red", table=None, rules=DOUBLE):
    """One round from a stacked double shoe (or ``table``), driven with invariant checks."""
    game = load_game(BJ, rules)
    table = table or game.new_table(shoe=DoubleShoe.stacked(red, black))
    rnd = game.new_round(seats or {1: {BJ: 10}}, table=table, options={"determinant_side": side})
    return drive(rnd, list(actions))


class TestDeterminantCard:
    def test_matching_card_is_the_first_players_first_card(self):
        """(d)(2): a heart drawn from the red side becomes the first card of the box farthest to the dealer's left."""
        rnd = deal("QH 9S 6D 8C 7S 5C TC", "2S 3S", {1: {BJ: 10}, 2: {BJ: 10}}, ["stand", "stand"])
        assert triggers(rnd)[:3] == ["draw_determinant_card", "use_determinant_as_first_card", "deal_first_cards"]
        assert [c.code for c in rnd.layout.box(1).cards] == ["QH", "8C"]
        assert [m.card for m in event(rnd, "deal_first_cards").cards] == ["9S"]
        assert event(rnd, "use_determinant_as_first_card").cite == ("§ 633a.7(d)(2)",)
        assert "burn_first_card" not in triggers(rnd) and len(rnd.shoe.sides["black"]) == 2

    def test_non_matching_card_is_segregated_and_the_other_side_deals(self):
        """(d)(1)-(2): a spade drawn from the red side goes to the red side's segregated area; black deals."""
        rnd = deal("KS 4H 4D", "TH 6S 8D 7C 5C")
        assert triggers(rnd)[:3] == ["draw_determinant_card", "segregate_determinant_card", "deal_first_cards"]
        assert rnd.shoe.segregated == {"red": [parse_cards("KS")[0]], "black": []}
        assert [c.code for c in rnd.layout.box(1).cards] == ["TH", "8D"] and rnd.shoe.current == "black"
        assert len(rnd.shoe.sides["red"]) == 2

    def test_cover_card_first_on_the_dealing_side(self):
        """(e): the dealing side's cover card coming first is set aside; the round is completed, that side reshuffled."""
        rnd = deal("QH CUT 6D 8C 7S 5C", "2S 3S")
        assert triggers(rnd)[:3] == ["draw_determinant_card", "use_determinant_as_first_card", "set_aside_cover_card"]
        assert triggers(rnd)[-2:] == ["discard_rest_of_side", "reshuffle_side"]

    def test_bad_side_name(self):
        """The determinant side must be red or black: refused as the round is made (before, at the draw)."""
        game = load_game(BJ, DOUBLE)
        with pytest.raises(TableGamesError, match="^round option determinant_side 'blue': red or black$"):
            game.new_round({1: {BJ: 10}}, shoe=DoubleShoe.stacked("QH", "2S"), options={"determinant_side": "blue"})


class TestReshuffleOneSide:
    RED = "TH 6S 8D 7C 5C 3H 3D"
    BLACK = "5D CUT 9S 7H 8C 2D 5S TC 4C 4D"

    def test_cover_card_side_collected_with_its_segregated_cards_and_reshuffled_alone(self):
        """(e)(2)-(3): after the black side's cover card, its remaining and segregated cards go to the rack and
        only the black side is reshuffled with its own discards; the red side and its discards stay."""
        game = load_game(BJ, DOUBLE)
        table = game.new_table(shoe=DoubleShoe.stacked(self.RED, self.BLACK))
        loaded = table.cards_off_layout()
        first = deal(None, None, side="black", table=table)
        assert triggers(first)[1] == "segregate_determinant_card" and table.shoe.segregated["black"]
        second = deal(None, None, side="black", table=table)
        assert "cover card appeared" in event(second, "draw_determinant_card").notes[0]
        assert triggers(second)[-2:] == ["discard_rest_of_side", "reshuffle_side"]
        discarded = [m.card for m in event(second, "discard_rest_of_side").cards]
        assert discarded == ["4C", "4D", "5D"]
        shoe = table.shoe
        assert shoe.sides["black"].held() == Counter(parse_cards(self.BLACK))
        assert shoe.segregated == {"red": [], "black": []}
        assert [c.code for c in shoe.sides["red"].remaining()] == ["3H", "3D"]
        assert sorted(c.code for c in table.rack.cards()) == sorted("TH 6S 8D 7C 5C".split())
        assert table.cards_off_layout() == loaded

    def test_every_round_reshuffles_the_dealt_side(self):
        """(e)(3): with a reshuffle after every round, only the side dealt from is reshuffled."""
        rules = BlackjackRules(double_shoe=True, shuffle="every_round")
        rnd = deal("KS 4H 4D", "TH 6S 8D 7C 5C 2C", rules=rules)
        assert triggers(rnd)[-2:] == ["discard_rest_of_side", "reshuffle_side"]
        assert len(rnd.shoe.sides["black"]) == 6 and len(rnd.shoe.sides["red"]) == 2
        assert rnd.shoe.segregated["red"] == [parse_cards("KS")[0]]


class TestShuffledDoubleShoe:
    def test_many_rounds_conserve_every_card_of_both_sides(self):
        """A seeded double shoe of one deck a side: every card is accounted for across 60 rounds and reshuffles."""
        game = load_game(BJ, BlackjackRules(double_shoe=True, decks=1, cover_card_depth_decks=0.5))
        table = game.new_table(seed=11)
        assert isinstance(table.shoe, DoubleShoe) and len(table.shoe) == 2 * 53
        loaded = table.cards_off_layout()
        reshuffled = 0
        for _ in range(60):
            rnd = game.new_round({1: {BJ: 10, "hit_and_run": 1}, 3: {BJ: 10}}, table=table, atomic=False).advance()
            while not rnd.is_over:
                legal = [a.word for a in rnd.legal_actions()]
                rnd.act(next(w for w in ("insurance=no", "even_money=no", "stand") if w in legal))
                rnd.advance()
            rnd.check_invariants()
            assert table.cards_off_layout() == loaded
            reshuffled += "reshuffle_side" in triggers(rnd)
        assert reshuffled >= 2


class TestShoeMatchesRules:
    def test_double_shoe_rules_need_a_double_shoe(self):
        """A double-shoe Rules Submission refuses a single stacked shoe, saying how to stack both sides."""
        with pytest.raises(WagerError, match="DoubleShoe.stacked"):
            load_game(BJ, DOUBLE).new_round({1: {BJ: 10}}, shoe=Shoe.stacked("2C TH"))

    def test_double_shoe_needs_the_rules_option(self):
        """A double shoe at a single-shoe table is refused, citing (d)."""
        with pytest.raises(WagerError, match=r"double_shoe.*\(d\)"):
            load_game(BJ).new_round({1: {BJ: 10}}, shoe=DoubleShoe.stacked("QH", "2S"))


    def test_a_single_stacked_shoe_is_refused_for_its_kind_not_its_cards(self, tmp_path):
        """``play --shoe`` under one-deck double-shoe Rules: the shoe is refused for being single, as the API refuses
        it. Before, its cards were counted against one side's deck first, and a second AS was named instead."""
        rules = tmp_path / "double.yaml"
        rules.write_text("double_shoe: true\ndecks: 1\n", encoding="utf-8")
        done = CliRunner().invoke(main, ["play", BJ, "--rules", str(rules), "--shoe", "AS KS AS KS AS AS",
                                         "--actions", "stand"])
        assert (done.exit_code, done.stdout) == (2, "")
        assert done.stderr == "error: the Rules deal from a double shoe: stack it with DoubleShoe.stacked(red=..., black=...)\n"

class TestEachCardKnowsItsSide:
    def test_633a_7_e_3_the_red_reshuffle_leaves_a_black_dealer_hand_whole(self):
        """(e)(2)-(3): round 1 is dealt from the black side (dealer 6S 7C 5C), round 2 from the red side, whose
        cover card appears and which also dealt a 5C. The red side's reshuffle takes back the red-backed cards
        only: round 1's dealer hand stays 6S 7C 5C in the rack, every card of it with a black back."""
        game = load_game(BJ, DOUBLE)
        table = game.new_table(shoe=DoubleShoe.stacked("5H CUT 9D 5C 8D", "2S 6S TS 7C 5C"))
        first = deal(None, None, side="black", table=table)
        assert [c.code for c in first.layout.dealer] == ["6S", "7C", "5C"]
        second = deal(None, None, side="red", table=table)
        assert triggers(second)[-2:] == ["discard_rest_of_side", "reshuffle_side"]
        assert [(label, [c.code for c in cards]) for label, cards in table.rack.bundles] == [
            ("seat 1", ["2S", "TS"]), ("dealer", ["6S", "7C", "5C"])]
        assert {card.back for card in table.rack.cards()} == {"black"}
        assert sorted(c.code for c in table.shoe.sides["red"].remaining()) == ["5C", "5H", "8D", "9D", "CUT"]

    def test_633a_7_e_3_no_card_returns_to_the_wrong_side(self):
        """Over many side reshuffles of one deck a side, every card a side holds has that side's back, and each
        side still owns exactly one deck: no card taken back from the rack came from the other side."""
        game = load_game(BJ, BlackjackRules(double_shoe=True, decks=1, cover_card_depth_decks=0.25, positions=6))
        player = get_strategy(BJ, None, game.rules)
        table = game.new_table(seed=5)
        seats = {seat: {BJ: 10} for seat in range(1, 7)}
        reshuffles = returned = 0
        for _ in range(150):
            rnd = game.new_round(seats, table=table, atomic=False).advance()
            while not rnd.is_over:
                rnd.act(player.choose(rnd, rnd.legal_names()))
                rnd.advance()
            shoe = table.shoe
            for side in ("red", "black"):
                held = shoe.sides[side].remaining() + shoe.segregated[side]
                assert all(card.back == side for card in held if card.code != "CUT"), side
                owned = held + [c for c in table.rack.cards() if c.back == side]
                assert sorted(c.code for c in owned if c.code != "CUT") == sorted(c.code for c in parse_cards(DECK))
            if "reshuffle_side" in triggers(rnd):
                reshuffles += 1
                returned += int(event(rnd, "reshuffle_side").notes[0].split()[0])
        assert reshuffles >= 40 and returned > 2000
