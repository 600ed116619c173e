"""A blackjack hand keeps its total as its cards change: it always equals a recount of the cards."""

from __future__ import annotations

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.equipment.cards import parse_cards
from pa_table_games.equipment.chips import Wager
from pa_table_games.games.blackjack.hand import points
from pa_table_games.games.blackjack.layout import Hand
from pa_table_games.strategies import get_strategy


def recounted(hand: Hand) -> bool:
    return (hand.total, hand.soft) == points(hand.cards)


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
                hand = Hand(1, 0, Wager(1, "blackjack", 0, 10.0))  # counted once, empty, as it is made
                with monkeypatch.context() as patched:
                    patched.setattr(layout, "points", recount)
                    for card in dealt:
                        hand.add_card(card)
                assert (hand.total, hand.soft) == points(dealt), dealt

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
            assert all(recounted(h) for h in rnd.layout.hands)
        while not rnd.is_over:
            rnd.act("stand")
            rnd.advance()
        assert [(h.index, h.total) for h in rnd.layout.hands] == [(0, 11), (3, 10), (2, 18), (1, 17)]
        assert all(recounted(h) for h in rnd.layout.hands)


@pytest.mark.parametrize("game_name", ["blackjack", "double-down-madness"])
def test_totals_match_a_recount_in_played_rounds(game_name):
    """Rounds played by the game's default strategy (splits and double downs included): after every
    step every hand's total is a recount of its cards."""
    game = load_game(game_name)
    choose = get_strategy(game_name, None, game.rules).choose
    table = game.new_table(seed=11)
    wager = game.info.wagers[0]
    for _ in range(300):
        rnd = game.new_round({1: {wager: 10}, 2: {wager: 10}}, table=table, atomic=False)
        while not rnd.is_over:
            if rnd.step() is None:
                rnd.act(choose(rnd, tuple(a.name for a in rnd.legal_actions())))
            assert all(recounted(h) for h in rnd.layout.hands)
