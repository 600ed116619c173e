"""The dealing shoe of the Blackjack games: 52-card decks, the cover card's place, and a shuffled shoe that runs dry.

Blackjack (§ 633a.7) and Double Down Madness (§ 692.7) share it: a stacked shoe with the
joker is refused; the cover card is checked against the decks and positions when the Rules
are made; a shuffled shoe that runs out mid-round follows the house procedure (the discard
rack shuffled to complete the round), a stacked one is an error.
"""

from __future__ import annotations

import sys
from collections import Counter

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.shoe import DiscardRack
from pa_table_games.strategies import get_strategy
from pa_table_games.errors import CardCodeError, RulesFileError, ShoeExhausted

from conftest import drive

GAMES = {"blackjack": "blackjack", "double-down-madness": "double_down_madness"}


def rules_file(tmp_path, text: str) -> str:
    path = tmp_path / "rules.yaml"
    path.write_text(text)
    return str(path)


class TestNoJoker:
    @pytest.mark.parametrize(("game", "cite"), [("blackjack", "§ 633a.2"), ("double-down-madness", "§ 692.5")])
    def test_joker_in_a_stacked_shoe_is_refused(self, game, cite):
        """A stacked shoe with JK is refused in one line before any card is dealt: 52-card decks only."""
        with pytest.raises(CardCodeError) as err:
            load_game(game).new_round({1: {GAMES[game]: 10}}, shoe=Shoe.stacked("2C JK 9D KH 7C"))
        assert str(err.value) == (f"JK: {'Blackjack' if game == 'blackjack' else 'Double Down Madness'} is dealt from "
                                  f"52-card decks; the joker cannot be stacked in its shoe ({cite})")


class TestCoverCardInTheRules:
    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_633a_7_e_one_deck_scales_the_default_cover_card(self, game):
        """(e) / (d): one deck with the default cover card leaves a quarter deck behind it (13 cards), so the shoe
        is not reshuffled after every round; six decks keep 1.5 decks (78 cards)."""
        one = load_game(game)
        assert one.rules.cover_depth_cards == 78
        game_1 = load_game(game, type(one.rules)(decks=1))
        assert game_1.rules.cover_depth_cards == 13
        table = game_1.new_table(seed=3)
        rounds = []
        for _ in range(6):
            rnd = game_1.new_round({1: {GAMES[game]: 10}}, table=table)
            while not rnd.is_over:
                if rnd.step() is None:
                    words = [a.word for a in rnd.legal_actions()]
                    rnd.act("stand" if "stand" in words else words[0])
            rounds.append("reshuffle" in [e.trigger for e in rnd.events])
        assert rounds.count(True) <= 1

    @pytest.mark.parametrize(("game", "cite"), [("blackjack", "§ 633a.7(e)"), ("double-down-madness", "§ 692.7(d)")])
    def test_633a_7_e_cover_card_deeper_than_the_shoe_refused(self, tmp_path, game, cite):
        """A cover card deeper than the shoe is refused at the line that made it so."""
        path = rules_file(tmp_path, "decks: 1\ncover_card_depth_decks: 2\n")
        with pytest.raises(RulesFileError) as err:
            load_game(game, path)
        assert str(err.value) == f"{path}:2: cover_card_depth_decks 2 is deeper than the 1-deck shoe ({cite})"

    def test_633a_7_e_fewer_cards_than_one_deal_refused(self, tmp_path):
        """Fewer cards before the cover card than one deal to every position and the dealer is refused."""
        path = rules_file(tmp_path, "positions: 9\ndecks: 1\ncover_card_depth_decks: 0.9\n")
        with pytest.raises(RulesFileError) as err:
            load_game("blackjack", path)
        message = str(err.value)
        assert message.startswith(f"{path}:3: cover_card_depth_decks 0.9 with 1 deck(s) leaves 5 cards before")
        assert "(21 cards with the burn card) (§ 633a.7(e))" in message and "\n" not in message

    def test_options_are_checked_together(self, tmp_path):
        """A deep cover card written before the decks that make room for it is accepted: the file is read whole."""
        rules = load_game("blackjack", rules_file(tmp_path, "cover_card_depth_decks: 8\ndecks: 10\n")).rules
        assert (rules.decks, rules.cover_depth_cards) == (10, 416)


class TestShoeRunsDry:
    @pytest.mark.parametrize(("game", "extra"), [("blackjack", {}), ("blackjack", {"double_shoe": True}),
                                                 ("double-down-madness", {})])
    def test_633a_7_e_shuffled_shoe_that_runs_dry_is_refilled_from_the_discard_rack(self, game, extra):
        """A shuffled shoe with the cover card at the very end runs out mid-round: the discard rack is shuffled
        into the shoe (house procedure, noted), the round completes with every card and chip conserved, and the
        cards are collected and reshuffled after it."""
        rules = type(load_game(game).rules)(decks=1, cover_card_depth_decks=0, positions=6, **extra)
        g = load_game(game, rules)
        table = g.new_table(seed=11)
        loaded = table.cards_off_layout()
        seats = {seat: {GAMES[game]: 10} for seat in range(1, 7)}
        for _ in range(12):
            rnd = g.new_round(seats, table=table)
            while not rnd.is_over:
                if rnd.step() is None:
                    words = [a.word for a in rnd.legal_actions()]
                    rnd.act("hit" if "hit" in words else "stand" if "stand" in words else words[-1])
                rnd.check_invariants()
            notes = [n for e in rnd.events for n in e.notes if n.startswith("HOUSE PROCEDURE")]
            if notes:
                break
        else:
            pytest.fail("no round ran the shoe dry")
        assert "discard rack are shuffled and placed in the shoe to complete it" in notes[0]
        assert [e.trigger for e in rnd.events][-1] in ("reshuffle", "reshuffle_side")
        assert table.cards_off_layout() == loaded and table.shoe.cover_card_aside is None

    def test_stacked_shoe_that_runs_dry_is_an_error(self):
        """A stacked shoe is never refilled: running out is one line naming the step."""
        game = load_game("blackjack")
        with pytest.raises(ShoeExhausted, match="the shoe ran out of cards at deal_second_cards after 3 cards"):
            drive(game.new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 9H 6S")))


def cards_dealt_twice(rnd) -> list[str]:
    """Codes that left the shoe more than once in ``rnd`` (one deck: any repeat is a card dealt twice)."""
    out = Counter()
    for e in rnd.events:
        for move in e.cards:
            burned = e.trigger in ("burn_first_card", "burn_for_new_dealer")
            if (move.to == "discard rack" and not burned) or move.to.endswith("(turned face up)"):
                continue  # a card placed in the rack, or the hole card turned: not out of the shoe again
            out[move.card] += 1
    return sorted(code for code, n in out.items() if n > 1)


class TestNoCardDealtTwice:
    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_633a_7_s_a_dry_shoe_is_refilled_from_earlier_rounds_only(self, game):
        """§ 633a.7(s), § 692.7(u): one deck with the cover card last, six boxes, the game's default strategy,
        400 rounds: the shoe runs dry in about a round in three and is refilled from the cards of earlier rounds
        only, so no card leaves the shoe twice in one round (a paid Blackjack's ace is not dealt again) and
        every card is conserved."""
        rules = type(load_game(game).rules)(decks=1, cover_card_depth_decks=0, positions=6)
        g = load_game(game, rules)
        player = get_strategy(game, None, g.rules)
        table = g.new_table(seed=1)
        seats = {seat: {GAMES[game]: 10} for seat in range(1, 7)}
        twice, notes = [], []
        for number in range(400):
            rnd = g.new_round(seats, table=table, atomic=False).advance()
            while not rnd.is_over:
                rnd.act(player.choose(rnd, rnd.legal_names()))
                rnd.advance()
            rnd.check_invariants()
            if cards_dealt_twice(rnd):
                twice.append((number, cards_dealt_twice(rnd)))
            notes += [n for e in rnd.events for n in e.notes if n.startswith("HOUSE PROCEDURE")]
        assert twice == []
        assert len(notes) > 100 and all("cards of earlier rounds in the discard rack are shuffled" in n for n in notes)

    def test_the_rack_gives_up_only_earlier_rounds_bundles(self):
        """The bundles placed in this round stay whole in the rack when the earlier rounds' cards are taken."""
        rack = DiscardRack()
        rack.place("seat 1", parse_cards("AS KD"))
        rack.place("dealer", parse_cards("9C 8C"))
        earlier = len(rack.bundles)  # a round begins
        rack.place("burn card", parse_cards("2H"))
        rack.place("seat 2", parse_cards("AH QS"))  # a Blackjack paid and removed this round
        cards, earlier = rack.take(lambda card: True, first=earlier)
        assert [c.code for c in cards] == ["AS", "KD", "9C", "8C"] and earlier == 0
        assert [(label, [c.code for c in cards]) for label, cards in rack.bundles] == [
            ("burn card", ["2H"]), ("seat 2", ["AH", "QS"])]

    def test_the_racks_cards_are_taken_in_order_a_bundle_at_a_time(self):
        """§ 670a.5: a Pai Gow table collects the rack every round: its cards come in rack order, hand by hand, taken a
        bundle at a time (under a hundred bytecodes for a deck in eight bundles, where taking them card by card ran 336)."""
        rack = DiscardRack()
        deck = parse_cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS KS AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH "
                           "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC")
        for n in range(8):
            rack.place(f"stack {n}", deck[n * 7:n * 7 + 7])
        counted = Counter()

        def opcodes(frame, event, arg):
            frame.f_trace_opcodes = True
            counted[event] += 1
            return opcodes

        sys.settrace(opcodes)
        try:
            cards = rack.cards()
        finally:
            sys.settrace(None)
        assert cards == list(deck)
        assert counted["opcode"] < 3 * len(deck), counted


class TestTheWholeShoeDealtInOneRound:
    @pytest.mark.parametrize("game", sorted(GAMES))
    def test_633a_7_e_a_fresh_deck_completes_the_round_and_no_card_of_it_is_dealt_again(self, game):
        """(e) / § 692.7(d) "the hand will be completed", (s) / (u): a shuffled shoe that runs dry in the first round
        after the shuffle (its discard rack holds only this round's burn card, 2C) is completed from a fresh deck,
        as the readings register says; the burn card stays in its bundle, every card is conserved with the deck
        counted in, and the event says so."""
        g = load_game(game, type(load_game(game).rules)(decks=1))
        shoe = Shoe.stacked("2C 9H 6S 7D 5C 4H") if game == "blackjack" else Shoe.stacked("2C 5C 9H 6S 7D 4H")
        shoe.stacked_order = False  # dealt as a shuffled shoe whose last card is the 4H: running dry refills it
        rnd = drive(g.new_round({1: {GAMES[game]: 10}}, shoe=shoe), ["hit", "stand"])
        notes = [n for e in rnd.events for n in e.notes if n.startswith("HOUSE PROCEDURE")]
        assert len(notes) == 1 and "a fresh deck, inspected, is shuffled and placed in the shoe" in notes[0]
        burn = [cards for label, cards in rnd.table.rack.bundles if "burn" in label]
        assert [[c.code for c in cards] for cards in burn] == [["2C"]]
        assert sum(rnd.table.cards_off_layout().values()) == 6 + 52
