"""Guards read a read-only view of the round (issue 21 item 2): a guard that writes is refused, one line."""

from __future__ import annotations

import pytest

from pa_table_games import Shoe, load_game
from pa_table_games.games import GAMES, game_info
from pa_table_games.runtime.game import MACHINES
from pa_table_games.runtime.read_only import CHANGES, GuardWrites


@pytest.fixture(params=["transitions", "compiled"])
def writing_guard(request):
    """Blackjack bound afresh (either engine) with its guard ``dealer_shows_ace`` (the Insurance offer's)
    made to write the round while it is asked."""
    entry = game_info("blackjack").registry.lookup("guard", "dealer_shows_ace")
    original = entry.fn

    def writes(rnd, unit):
        rnd.turn = None  # a guard changing whose turn it is
        return original(rnd, unit)
    object.__setattr__(entry, "fn", writes)
    try:
        yield load_game("blackjack", engine=request.param, machine=MACHINES / "blackjack.yaml")
    finally:
        object.__setattr__(entry, "fn", original)


def test_a_guard_that_writes_is_refused_when_asked(writing_guard):
    """Asked by the machine (a dealer step), the writing guard raises a one-line error naming what it tried."""
    rnd = writing_guard.new_round({1: {"blackjack": 10}}, shoe=Shoe.stacked("2C TH AS 8D 7C 9D 4C"))
    with pytest.raises(GuardWrites) as err:
        rnd.advance()
    message = str(err.value)
    assert "\n" not in message and "tried to set rnd.turn" in message


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_view_refuses_every_change_and_reads_the_round_live(name):
    game = load_game(name)
    rnd = game.new_round({1: {game.info.wagers[0]: 10}}, seed=1)
    view = rnd.view
    for helper in CHANGES:
        with pytest.raises(GuardWrites, match=f"rnd.{helper}"):
            getattr(view, helper)()
    with pytest.raises(GuardWrites, match="to set rnd.state"):
        view.state = "end"
    rnd.advance()
    assert view.state == rnd.state and view.layout is rnd.layout and view.events == rnd.events
