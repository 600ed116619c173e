"""Guards are total: every guard of a game's registry answers True or False in every state a round
reaches, whatever the state (a guard is never protected by the file order alone: "the acting hand ..."
asked once every hand has decided answers False, it does not raise).

Seeded random rounds (random Rules, seats, wagers and decisions) of every game; before each step every
registered guard, and each pass's turn guard, is asked, and the round is left as it was.
"""

from __future__ import annotations

from collections import Counter

import pytest

from pa_table_games.games import GAMES, game_info, load_game

from depth import depth
from randomplay import random_rounds, snapshot

ROUNDS = depth(40, 300)


@pytest.mark.parametrize("name", sorted(GAMES))
def test_every_guard_answers_a_bool_in_every_reachable_state(name):
    """Asked before every step of random rounds, no guard raises, each returns a bool and none changes the round."""
    spec = load_game(name).spec
    guards = [e for e in game_info(name).registry.entries() if e.kind == "guard"]
    guards += [t.turn_guard for t in spec.transitions if t.turn_guard is not None]
    guards += [g for g in spec.entries() if g.kind == "guard" and g not in guards]  # the runtime's own
    problems: dict[tuple[str, str], str] = {}
    states: Counter = Counter()

    def ask(rnd) -> None:
        states[rnd.state] += 1
        before = snapshot(rnd) if states[rnd.state] <= 3 else None  # the round unchanged: on a sample
        for g in guards:
            try:
                answer = g.fn(rnd.view, rnd.turn)  # what the machine asks a guard with: a read-only view
            except Exception as err:  # noqa: BLE001 - the finding
                problems.setdefault((g.name, rnd.state), f"raised {err!r}")
                continue
            if type(answer) is not bool:
                problems.setdefault((g.name, rnd.state), f"returned {answer!r}")
        if before is not None and snapshot(rnd) != before:
            problems.setdefault(("(a guard)", rnd.state), "changed the round")

    for _ in random_rounds(name, ROUNDS, seed=21, before_step=ask):
        pass
    assert problems == {}
    assert len(states) >= len(spec.states) // 2
