"""What the runtime's turns cost the simulation's fast path: only the work a round needs (counted, not timed).

Blackjack under its default Rules, one seat with a Blackjack Wager alone, the player standing on 17,
the compiled runner keeping no event log (as ``simulate`` runs it).
"""

from __future__ import annotations

from collections import Counter

import pytest

from pa_table_games import load_game
from pa_table_games.equipment.shoe import Shoe
from pa_table_games.errors import IllegalAction

from pa_table_games.runtime import turns
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.runtime.round import Round, Unrecorded
from pa_table_games.simulation.chunks import Deal, deal_tally

ROUNDS = 300


def _counted(monkeypatch, owner, name: str, counts: Counter, key=lambda *args: None):
    real = getattr(owner, name)

    def counting(*args, **kwargs):
        counts[name, key(*args)] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, counting)


def test_a_decision_given_an_argument_is_checked_without_an_event_log():
    """The argument a decision takes none of is refused with the decision's cite, as in play, when the
    simulation's rounds keep no event log."""
    game = load_game("blackjack", engine="compiled")
    rnd = Unrecorded(game, game.new_table(shoe=Shoe.stacked("TS 5H 6D 9C 4S 8H 7C")), {1: {"blackjack": 10}})
    with pytest.raises(IllegalAction) as refused:
        game.engine.play_out(rnd, lambda rnd, legal: "hit=5")
    assert "hit takes no amount" in str(refused.value) and "§ 633a.7(i)" in str(refused.value)


def test_a_pass_over_holders_of_wagers_nobody_placed_starts_no_walk(monkeypatch):
    """(g) and (o) go over the players holding an optional wager or a progressive: at a table with the Blackjack
    Wager alone nobody does, so neither pass looks for its players; only the decisions' walk over the hands ((i))
    and the Insurance offer's over the boxes ((h), when the up card is an ace) are started."""
    counts: Counter = Counter()
    _counted(monkeypatch, turns, "units_of", counts, key=lambda rnd, each, holding=(): each)
    deal_tally(Deal("blackjack", None, {1: {"blackjack": 10}}, "stand17", "compiled"), 1, ROUNDS)
    assert set(counts) == {("units_of", "hand"), ("units_of", "box")}
    assert counts["units_of", "hand"] <= ROUNDS
