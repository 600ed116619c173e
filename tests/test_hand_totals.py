"""A blackjack hand, and the dealer's, keep their totals as their cards change: always a recount of the cards."""

from __future__ import annotations

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.chips import Wager
from pa_table_games.games.blackjack.hand import points
from pa_table_games.games.blackjack.layout import BlackjackLayout, Hand
from pa_table_games.strategies import get_strategy


def recounted(hand: Hand) -> bool:
    return (hand.total, hand.soft) == points(hand.cards)


def dealer_recounted(layout: BlackjackLayout) -> bool:
    return (layout.dealer_total, layout.dealer_soft) == points(layout.dealer)


class TestHand:
    def test_totals_follow_each_card(self):
        """An ace counts 11 while that keeps the hand at 21 or less, then 1."""
        hand = Hand(1, 0, Wager(1, "blackjack", 0, 10.0))
        seen = []
        for card in parse_cards("AS 5H KD 6C"):
            hand.add_card(card)
            seen.append((hand.total, hand.soft))
        assert seen == [(11, True), (16, True), (16, False), (22, False)]
        assert hand.busted

    def test_a_card_added_is_counted_alone(self, monkeypatch):
        """Totals kept as cards arrive (issue 31): a card dealt adds its own value to the hand's total and softness,
        without the hand's cards being counted again, and always equals that count. Every sequence of up to six
        ranks from every start, aces in any place."""
        import itertools

        from pa_table_games.games.blackjack import layout

        def recount(cards):
            raise AssertionError(f"{cards}: the hand was counted again")

        ranks = list(parse_cards("AS 2S 5S 6S 9S TS"))
        for length in range(1, 7):
            for dealt in itertools.product(ranks, repeat=length):
                hand = Hand(1, 0, Wager(1, "blackjack", 0, 10.0))  # made empty: 0, hard, nothing counted
                with monkeypatch.context() as patched:
                    patched.setattr(layout, "points", recount)
                    for card in dealt:
                        hand.add_card(card)
                assert (hand.total, hand.soft) == points(dealt), dealt

    def test_the_dealer_s_cards_are_counted_as_they_arrive(self, monkeypatch):
        """The dealer's hand keeps its total as a player's does: each card dealt to the dealer adds its own value,
        without the dealer's cards being counted again (the (m) draw and its Double Down Madness reading, § 692.7(n),
        ask it after every card)."""
        import itertools

        from pa_table_games.games.blackjack import layout

        def recount(cards):
            raise AssertionError(f"{cards}: the dealer's hand was counted again")

        ranks = list(parse_cards("AS 2S 6S TS"))
        for length in range(1, 6):
            for dealt in itertools.product(ranks, repeat=length):
                lay = BlackjackLayout()
                with monkeypatch.context() as patched:
                    patched.setattr(layout, "points", recount)
                    for card in dealt:
                        lay.add_card(card)
                assert lay.dealer == list(dealt) and dealer_recounted(lay), dealt
        assert dealer_recounted(BlackjackLayout(dealer=list(parse_cards("AS 6D"))))  # made with cards: counted once

    def test_a_card_dealt_in_play_looks_its_total_up(self, monkeypatch):
        """Issue 31: the total a card makes is looked up (``AFTER``), not worked out card by card, for every total a
        hand or the dealer holds before a card in play (up to hard 21 plus a ten); a hand made empty is not counted
        at all. Past that (only a test deals so far) it is worked out, and still right."""
        import itertools

        from pa_table_games.games.blackjack import hand as arithmetic, layout

        def worked_out(*args):
            raise AssertionError(f"{args}: worked out, not looked up")

        ranks = list(parse_cards("AS 2S 5S 6S 9S TS KH"))
        for length in range(1, 7):
            for dealt in itertools.product(ranks, repeat=length):
                if points(dealt[:-1])[0] > 21:
                    continue  # a busted hand takes no card in play
                with monkeypatch.context() as patched:
                    patched.setattr(arithmetic, "points_after", worked_out)  # what fills a row of AFTER
                    patched.setattr(layout, "points_after", worked_out, raising=False)  # where a hand called it
                    patched.setattr(layout, "points", worked_out)
                    hand, lay = Hand(1, 0, Wager(1, "blackjack", 0, 10.0)), BlackjackLayout()
                    for card in dealt:
                        hand.add_card(card)
                        lay.add_card(card)
                assert (hand.total, hand.soft) == points(dealt) == (lay.dealer_total, lay.dealer_soft), dealt
        hand = Hand(1, 0, Wager(1, "blackjack", 0, 10.0), list(parse_cards("TS TD TH")))  # 30: no hand in play
        hand.add_card(parse_cards("KC")[0])
        hand.add_card(parse_cards("AC")[0])
        assert (hand.total, hand.soft) == (41, False) and recounted(hand)

    def test_split_off_recounts_the_remaining_card(self):
        """§ 633a.11: the second card of a pair leaves; the hand is its first card until dealt another."""
        hand = Hand(1, 0, Wager(1, "blackjack", 0, 10.0), list(parse_cards("AS AD")))
        assert (hand.total, hand.soft) == (12, True)
        assert hand.split_off().code == "AD"
        assert (hand.total, hand.soft) == (11, True)
        hand.add_card(parse_cards("KC")[0])
        assert hand.total == 21 and recounted(hand)

    def test_hands_of_a_resplit_box(self):
        """Eights split to four hands: each hand's total is its own cards' total throughout."""
        game = load_game("blackjack")
        rnd = game.new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 8H 6S 8D 7C 8S 8C 3D 2H TD 9H 5C")).advance()
        for _ in range(3):
            rnd.act("split")
            rnd.advance()
            assert all(recounted(h) for h in rnd.layout.hands) and dealer_recounted(rnd.layout)
        while not rnd.is_over:
            rnd.act("stand")
            rnd.advance()
        assert [(h.index, h.total) for h in rnd.layout.hands] == [(0, 11), (3, 10), (2, 18), (1, 17)]
        assert all(recounted(h) for h in rnd.layout.hands)


@pytest.mark.parametrize("game_name", ["blackjack", "double-down-madness"])
def test_simulated_rounds_look_every_total_up(game_name, monkeypatch):
    """Issue 31: 300 rounds at two seats through the fast path, as ``simulate`` deals them, never work a hand's
    total out (every card's was looked up) and net what they netted when it was worked out at every card (the
    sums pinned from main before the change)."""
    from pa_table_games.games.blackjack import hand as arithmetic, layout
    from pa_table_games.simulation.chunks import Deal, deal_tally

    def worked_out(*args):
        raise AssertionError(f"{args}: a total worked out in a simulated round")

    wager = "blackjack" if game_name == "blackjack" else "double_down_madness"
    monkeypatch.setattr(arithmetic, "points_after", worked_out)  # what fills a row of AFTER
    monkeypatch.setattr(layout, "points_after", worked_out, raising=False)  # where a hand called it
    tally = deal_tally(Deal(game_name, None, {1: {wager: 10.0}, 2: {wager: 10.0}}, None, "fast"), 3, 300)
    assert tally.sums[""][:2] == PINNED[game_name]


#: the rounds and the net in cents of the test above, recorded on main when each card's total was worked out
PINNED = {"blackjack": [300, -19500], "double-down-madness": [300, -74000]}


@pytest.mark.parametrize("game_name", ["blackjack", "double-down-madness"])
def test_totals_match_a_recount_in_played_rounds(game_name):
    """Rounds played by the game's default strategy (splits and double downs included): after every
    step every hand's total, and the dealer's, is a recount of its cards."""
    game = load_game(game_name)
    choose = get_strategy(game_name, None, game.rules).choose
    table = game.new_table(seed=11)
    wager = game.info.wagers[0]
    for _ in range(300):
        rnd = game.new_round({1: {wager: 10}, 2: {wager: 10}}, table=table, atomic=False)
        while not rnd.is_over:
            if rnd.step() is None:
                rnd.act(choose(rnd, rnd.legal_names()))
            assert all(recounted(h) for h in rnd.layout.hands) and dealer_recounted(rnd.layout)
