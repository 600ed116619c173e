"""A guard is a question about the round's read-only view and the unit whose turn it is, given as its argument:
the runtime never sets the turn on the round to ask a guard about a unit."""

from __future__ import annotations

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.games import game_info
from pa_table_games.machine.registry import Registry
from pa_table_games.runtime.game import MACHINES


class TestTheUnitIsAnArgument:
    def test_a_guard_of_one_argument_is_refused_when_registered(self):
        """``def g(rnd)`` cannot be registered as a guard: the error shows the signature to write."""
        with pytest.raises(ValueError, match=r"def card_is_red\(rnd, unit\) -> bool"):
            @Registry("test").guard("(a)")
            def card_is_red(rnd):
                """the card is red"""
                return True

    def test_a_pass_asks_each_unit_as_the_guards_argument(self):
        """The (g) pass asks its guard of each player in turn from the dealer's right, the player given as the
        guard's argument (the round's own turn is the pass's unit only once its transition fires)."""
        entry = game_info("blackjack").registry.lookup("guard", "a_players_optional_wagers_are_due")
        original, asked = entry.fn, []

        def watching(rnd, player):
            asked.append((player.seat if player is not None else None, rnd.turn))
            return original(rnd, player)
        object.__setattr__(entry, "fn", watching)
        try:
            game = load_game("blackjack", machine=MACHINES / "blackjack.yaml")
            rnd = game.new_round({1: {"blackjack": 10, "lucky_ladies": 5}, 3: {"blackjack": 10, "lucky_ladies": 5}},
                                 shoe=Shoe.stacked("2C QH QD 9S QH QS 7C 5D 4H 3C 2S 6H 7H 8H 9H"))
            rnd.advance()
        finally:
            object.__setattr__(entry, "fn", original)
        seats = [seat for seat, _ in asked]
        assert 3 in seats and 1 in seats and seats.index(3) < seats.index(1)  # from the dealer's right
        assert all(turn is None or turn.seat != seat for seat, turn in asked[:1])  # asked before any turn is taken
