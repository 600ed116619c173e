"""One rule, one loop: every executor fires what the bound machine's rule selects, and nothing else.

The compiled runner fires what the bound machine's own rule (``machine/bound.py``) selects, not a second
interpreter with rules of its own; the fast path leaves a transition out of a round only where the machine
file's declarations prove it cannot fire (a pass over the players holding wagers none of which is placed),
never on a guard's registered word about what it would answer.
"""

from __future__ import annotations

import attrs

from pa_table_games.games import game_info
from pa_table_games.machine.adapter import TransitionsEngine
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.runtime.compiled import CompiledEngine
from pa_table_games.runtime.game import MACHINES, Game
from pa_table_games.runtime.round import Round

def _rounds(monkeypatch, guard: str, fn, seed: int) -> list[list[str]]:
    """The triggers of one seeded Double Down Madness round under each engine, with ``guard`` replaced."""
    info = game_info("double-down-madness")
    old = info.registry.lookup("guard", guard)
    monkeypatch.setitem(info.registry._entries, guard, attrs.evolve(old, fn=fn))
    machine = BoundMachine.load(MACHINES / info.machine, info.registry)
    seats = {1: {"double_down_madness": 10}}
    played = []
    for engine in (TransitionsEngine(machine), CompiledEngine(machine)):
        game = Game(info, info.rules_class(), machine, engine)
        rnd = Round(game, game.new_table(seed=seed), seats, atomic=False)
        if isinstance(engine, CompiledEngine):
            engine.play_out(rnd, lambda rnd, legal: "hit" if "hit" in legal else next(iter(legal)))
        else:
            while not rnd.advance().is_over:
                legal = [a.name for a in rnd.legal_actions()]
                rnd.act("hit" if "hit" in legal else legal[0])
        played.append([e.trigger for e in rnd.events])
    return played


def test_the_runners_ask_a_guard_registered_about_a_wager_in_a_round_without_it(monkeypatch):
    """A guard registered as being about the Push 22 wager (§ 692.7) that holds in a round without one fires its
    transition under both engines alike: no runner leaves it out on the registration's word."""
    def live(rnd, unit) -> bool:
        return True  # as if a Push 22 wager were still on the table

    for seed in range(1, 60):
        slow, fast = _rounds(monkeypatch, "push_22_wager_is_live", live, seed)
        assert fast == slow
        if "draw_for_push_22" in slow:  # the player busted, the dealer drew for the (absent) Push 22 wager
            return
    raise AssertionError("no seeded round drew for the Push 22 wager")
