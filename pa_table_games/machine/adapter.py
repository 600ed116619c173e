"""The interactive engine: a machine spec and its registry -> one ``transitions.Machine``.

This is the only module that imports ``transitions``. One flat machine is built per
game (``auto_transitions=False``, ``send_event=True``) and reused for every round:
before firing, it is set to the round's state and pointed at the round. Guards become
``conditions``/``unless``; actions run as ``before`` callbacks between opening and
closing the round's event.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from transitions import EventData, Machine

from pa_table_games.machine.registry import Entry
from pa_table_games.machine.spec import MachineSpec, TransitionSpec


class _Model:
    """The object ``transitions`` drives; it only points at the round being played."""

    round: Any = None
    state: str = ""


def _call(entry: Entry) -> Callable[[EventData], Any]:
    fn = entry.fn
    return lambda event: fn(event.model.round)


class TransitionsEngine:
    """Fires a round's transitions through ``transitions.Machine``."""

    def __init__(self, spec: MachineSpec) -> None:
        self.model = _Model()
        self.machine = Machine(model=self.model, states=[s.id for s in spec.states],
                               initial=spec.initial, auto_transitions=False,
                               ignore_invalid_triggers=False, send_event=True)
        for t in spec.transitions:
            self.machine.add_transition(
                t.trigger, t.source, t.dest,
                conditions=[_call(g) for g in t.when], unless=[_call(g) for g in t.unless],
                before=[self._opener(t)] + [_call(a) for a in t.do], after=[self._closer(t)])

    @staticmethod
    def _opener(t: TransitionSpec) -> Callable[[EventData], None]:
        return lambda event: event.model.round.begin_event(t)

    @staticmethod
    def _closer(t: TransitionSpec) -> Callable[[EventData], None]:
        return lambda event: event.model.round.end_event(t)

    def fire(self, rnd: Any, t: TransitionSpec) -> None:
        """Fire ``t`` (already chosen by the round's guards) on ``rnd``."""
        model = self.model
        model.round = rnd
        self.machine.set_state(rnd.state, model=model)
        try:
            fired = model.trigger(t.trigger)
        finally:
            model.round = None
        if not fired or rnd.state != t.dest:
            raise AssertionError(f"transitions did not fire {t.trigger!r} from {t.source!r} as chosen")
