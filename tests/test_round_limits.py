"""The round enforces its own limits: every wager it places is whole cents, the main wager within the Rules'
table minimum and maximum, every wager at most the maximum and at most its own maximum where the game has
one, refused through the Python API with the very line the command line prints (``money.check_limits``)."""

from __future__ import annotations

from decimal import Decimal

import pytest
from click.testing import CliRunner

from pa_table_games import Shoe, load_game
from pa_table_games.cli import main
from pa_table_games.errors import WagerError
from pa_table_games.games.blackjack.rules import BlackjackRules


def refused(game, seats, **kwargs) -> str:
    with pytest.raises(WagerError) as caught:
        game.new_round(seats, seed=1, **kwargs)
    return str(caught.value)


class TestTableLimits:
    def test_a_main_wager_above_the_table_maximum_is_refused(self):
        """new_round({1: {"blackjack": 10_000_000}}) at a table whose maximum is 100,000: refused, as `play` refuses it."""
        message = refused(load_game("blackjack"), {1: {"blackjack": 10_000_000}})
        assert message == "seat 1 blackjack=10000000: above the table maximum (Rules table_maximum: 100000)"
        played = CliRunner().invoke(main, ["play", "blackjack", "--seed", "1", "--seat", "1:blackjack=10000000",
                                           "--actions", "stand"])
        assert played.exit_code == 2 and played.output == f"error: {message}\n"

    def test_a_main_wager_below_the_table_minimum_is_refused(self):
        """A Blackjack Wager of 4 at a table whose Rules minimum is 5 is refused with the Rules option named."""
        game = load_game("blackjack", BlackjackRules(table_minimum=5))
        assert refused(game, {1: {"blackjack": 4}}) == \
            "seat 1 blackjack=4: below the table minimum (Rules table_minimum: 5)"

    def test_an_optional_wager_above_the_table_maximum_is_refused(self):
        """The maximum holds for every wager, not only the main one (a Lucky Ladies Wager of 600 at a 500 table)."""
        game = load_game("blackjack", BlackjackRules(table_maximum=500))
        assert refused(game, {1: {"blackjack": 10, "lucky_ladies": 600}}) == \
            "seat 1 lucky_ladies=600: above the table maximum (Rules table_maximum: 500)"

    def test_each_game_refuses_its_main_wager_above_the_maximum(self):
        """Double Down Madness and Six-Card Fortune Pai Gow refuse it too: the check is the round's, not a game's."""
        for name, main_wager in (("double-down-madness", "double_down_madness"),
                                 ("six-card-fortune-pai-gow", "six_card_fortune")):
            assert "above the table maximum" in refused(load_game(name), {2: {main_wager: 100_000.01}})

    def test_an_amount_of_a_fraction_of_a_cent_is_refused(self):
        """10.005 is no amount of whole cents: refused before any limit is asked."""
        assert "must be a positive amount of whole cents" in refused(load_game("blackjack"), {1: {"blackjack": 10.005}})

    def test_amounts_at_the_limits_are_accepted(self):
        """The minimum and the maximum themselves are wagers the table takes."""
        game = load_game("blackjack", BlackjackRules(table_minimum=5, table_maximum=500))
        rnd = game.new_round({1: {"blackjack": 5}, 2: {"blackjack": 500, "lucky_ladies": 500}}, seed=1)
        assert sorted(w.amount for w in rnd.wagers) == [Decimal("5.00"), Decimal("500.00"), Decimal("500.00")]


class TestAWagersOwnMaximum:
    def test_an_insurance_wager_above_half_the_wager_is_refused(self):
        """§ 633a.8: Insurance is at most the Rules' share of the box's wager; 6 on a 10 wager is refused."""
        rnd = load_game("blackjack").new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C 9H AS 6D 7C 5H"))
        while not rnd.layout.insurance_open:
            rnd.step()
        with pytest.raises(WagerError, match=r"seat 1 insurance=6: above that wager.s own maximum 5 under the Rules"):
            rnd.place_wager(1, "insurance", 6)
        assert [w.name for w in rnd.wagers] == ["blackjack"]

    def test_a_pai_gow_double_down_above_its_multiple_is_refused(self):
        """§ 670a.7(c): the Double Down Wager is at most the Rules' multiple of the position's wager."""
        game = load_game("six-card-fortune-pai-gow")
        rnd = game.new_round({1: {"six_card_fortune": 10}}, seed=3, options={"start_number": 1})
        while not rnd.layout.setting_open:
            rnd.step()
        with pytest.raises(WagerError, match=r"double_down=10.01: above that wager.s own maximum 10 under the Rules"):
            rnd.place_wager(1, "double_down", Decimal("10.01"))
