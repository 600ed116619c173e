"""The one ``transitions`` adapter: a bound machine -> one ``transitions.Machine`` that does the choosing.

This is the only module that imports ``transitions``. One flat machine is built per game
(``auto_transitions=False``, ``send_event=True``) and reused for every round: before firing it
is set to the round's state and pointed at the round.

Each state's dealer transitions are added, in file order, under the one trigger
:data:`~pa_table_games.machine.bound.DEALER_STEP`; each decision's under its own name. The
library tries a trigger's transitions in the order they were added and fires the first whose
``conditions`` hold and whose ``unless`` fail: the selection rule of
:class:`~pa_table_games.machine.bound.BoundMachine`, applied by ``transitions`` itself, with
nothing chosen beforehand. Actions run as ``before`` callbacks between opening and closing the
round's event, so an event names the transition that fired.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from transitions import EventData, Machine

from pa_table_games.machine.bound import DEALER_STEP, BoundMachine
from pa_table_games.machine.registry import Entry
from pa_table_games.machine.spec import TransitionSpec


class _Model:
    """The object ``transitions`` drives; it only points at the round being played."""

    round: Any = None
    state: str = ""


def _call(entry: Entry) -> Callable[[EventData], Any]:
    fn = entry.fn
    return lambda event: fn(event.model.round)


def _ask(entry: Entry) -> Callable[[EventData], Any]:
    fn = entry.fn
    def ask(event: EventData) -> Any:
        view = event.model.round.view  # a guard reads the round's read-only view, and the unit whose turn it is
        return fn(view, view.turn)
    return ask


def _opener(t: TransitionSpec) -> Callable[[EventData], None]:
    return lambda event: event.model.round.begin_event(t)


def _closer(t: TransitionSpec) -> Callable[[EventData], None]:
    return lambda event: event.model.round.end_event(t)


class TransitionsEngine:
    """Fires a round's transitions through ``transitions.Machine``, which chooses them."""

    def __init__(self, machine: BoundMachine) -> None:
        spec = machine.spec
        self.machine = machine
        self.model = _Model()
        self.fsm = Machine(model=self.model, states=[s.id for s in spec.states], initial=spec.initial,
                           auto_transitions=False, ignore_invalid_triggers=False, send_event=True)
        self.triggers: dict[str, frozenset[str]] = {
            s.id: frozenset([DEALER_STEP] * bool(machine.dealer[s.id]) + [t.trigger for t in machine.player[s.id]])
            for s in spec.states}
        for t in spec.transitions:  # file order: the order the library tries them in
            when, unless = t.asked  # a pass's transition: the runtime's turn guard
            self.fsm.add_transition(
                DEALER_STEP if t.by == "dealer" else t.trigger, t.source, t.dest,
                conditions=[_ask(g) for g in when], unless=[_ask(g) for g in unless],
                before=[_opener(t)] + [_call(a) for a in t.do], after=[_closer(t)])

    def fire(self, rnd: Any, trigger: str) -> bool:
        """Fire ``trigger`` (a decision, or :data:`DEALER_STEP`) on ``rnd``; False when no transition
        of that trigger out of the round's state is allowed now."""
        if trigger not in self.triggers[rnd.state]:  # nothing of that name leaves this state
            return False
        model = self.model
        model.round = rnd
        self.fsm.set_state(rnd.state, model=model)
        try:
            return bool(model.trigger(trigger))
        finally:
            model.round = None
