"""A guard is a question about the round's read-only view and the unit whose turn it is, given as its argument:
the runtime never sets the turn on the round to ask a guard about a unit."""

from __future__ import annotations

import re

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.errors import MachineFileError
from pa_table_games.games import game_info
from pa_table_games.machine.registry import Registry
from pa_table_games.runtime.game import MACHINES, bind


class TestTheUnitIsAnArgument:
    def test_a_guard_of_one_argument_is_refused_when_registered(self):
        """``def g(rnd)`` cannot be registered as a guard: the error shows the signature to write."""
        with pytest.raises(ValueError, match=r"def card_is_red\(rnd, unit\) -> bool"):
            @Registry("test").guard("(a)")
            def card_is_red(rnd):
                """the card is red"""
                return True

    def test_a_guard_calls_its_unit_by_what_it_reads_or_is_refused_when_registered(self):
        """The second parameter says what the guard reads of the unit whose turn it is (a box, a hand, a player ...),
        or ``unit`` when it reads no more than its seat: another name is refused (so a walk over others can be)."""
        registry = Registry("test")
        with pytest.raises(ValueError, match=r"guard 'stack_has_doubled' calls the unit whose turn it is by what it "
                                             r"reads \(box, hand, player, position, wager; 'unit' when it reads no "
                                             r"more than its seat\), not 'stack'"):
            @registry.guard("(a)")
            def stack_has_doubled(rnd, stack):
                """the stack has doubled"""
                return stack.doubled

        @registry.guard("(a)")
        def hand_is_busted(rnd, hand):
            """the hand is busted"""
            return hand.total > 21
        assert registry.lookup("guard", "hand_is_busted").unit == "hand"

    @pytest.mark.parametrize("name, old, new, refused", [
        ("blackjack", 'turns: {each: box, from: dealer_left, cite: "reading:insurance_offer_from_dealers_left"}',
         "each: wager", "transition 'insurance=yes': guard 'acting_box_has_blackjack' reads the box"),
        ("double-down-madness", 'turns: {each: hand, from: dealer_left, cite: "(h)"}', "each: wager",
         "transition 'pay_player_blackjack': guard 'acting_hand_is_blackjack' reads the hand"),
        ("six-card-fortune-pai-gow", 'turns: {each: box, from: dealer_left, cite: "reading:hands_set_from',
         "each: player", "transition 'double_down': guard 'acting_player_may_double_down' reads the box")])
    def test_a_walk_over_other_things_than_its_guards_read_is_refused_at_the_guards_line(self, tmp_path, name, old,
                                                                                          new, refused):
        """A machine file walking the wagers (or players) where its guards ask of a box or a hand was bound and
        played until the first guard read its unit (an AttributeError mid-round): it is refused as it is bound,
        at the line of the transition asking that guard."""
        info = game_info(name)
        text, path = (MACHINES / info.machine).read_text(encoding="utf-8"), tmp_path / info.machine
        path.write_text(text.replace(old, old.replace(old[len("turns: {"):old.index(",")], new)), encoding="utf-8")
        trigger = refused.split("'")[1]
        line = next(n for n, row in enumerate(text.splitlines(), 1) if re.search(rf"trigger: \"?{trigger}\"?,", row))
        with pytest.raises(MachineFileError, match=rf"{path.name}:{line}: {re.escape(refused)} whose turn it is, but "
                                                   rf"the walk goes over each {new.split()[1]}$"):
            bind(info, path)

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
