"""What the runtime's turns cost the simulation's fast path: only the work a round needs (counted, not timed).

Blackjack under its default Rules, one seat with a Blackjack Wager alone, the player standing on 17,
the compiled runner keeping no event log (as ``simulate`` runs it).
"""

from __future__ import annotations

from collections import Counter

from pa_table_games.runtime import turns
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.runtime.round import Round
from pa_table_games.simulation.chunks import Deal, deal_tally

ROUNDS = 300


def _counted(monkeypatch, owner, name: str, counts: Counter, key=lambda *args: None):
    real = getattr(owner, name)

    def counting(*args, **kwargs):
        counts[name, key(*args)] += 1
        return real(*args, **kwargs)
    monkeypatch.setattr(owner, name, counting)


def test_without_an_event_log_only_decisions_and_pass_steps_open_an_event(monkeypatch):
    """A dealer step outside any pass round the table has no argument to check, no turn to give and no record
    to open: with no event log kept it only notes itself firing. The opening hook runs once per player decision."""
    counts: Counter = Counter()
    _counted(monkeypatch, Round, "begin_event", counts, key=lambda rnd, t: t.by)
    _counted(monkeypatch, CompiledEngine, "_decide", counts)
    deal_tally(Deal("blackjack", None, {1: {"blackjack": 10}}, "stand17"), 1, ROUNDS)
    decisions = counts["_decide", None]
    assert decisions > ROUNDS  # stand17 hits some hands: more than one decision a round
    assert counts == Counter({("_decide", None): decisions, ("begin_event", "player"): decisions})


def test_a_pass_over_holders_of_wagers_nobody_placed_starts_no_walk(monkeypatch):
    """(g) and (o) go over the players holding an optional wager or a progressive: at a table with the Blackjack
    Wager alone nobody does, so neither pass looks for its players; only the decisions' walk over the hands ((i))
    and the Insurance offer's over the boxes ((h), when the up card is an ace) are started."""
    counts: Counter = Counter()
    _counted(monkeypatch, turns, "units_of", counts, key=lambda rnd, each, holding=(): each)
    deal_tally(Deal("blackjack", None, {1: {"blackjack": 10}}, "stand17"), 1, ROUNDS)
    assert set(counts) == {("units_of", "hand"), ("units_of", "box")}
    assert counts["units_of", "hand"] <= ROUNDS
