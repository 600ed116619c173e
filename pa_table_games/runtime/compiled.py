"""The compiled engine: the bound machine's rule, generated per state, fired without ``transitions``.

``CompiledEngine(machine)`` asks the rule :func:`~pa_table_games.machine.bound.generate` writes for each state
(:meth:`~pa_table_games.machine.bound.BoundMachine.dealer_step` and ``decision``: its transitions' guards
asked in file order as plain ``if`` tests) which transition fires, and fires it: its registered actions between
the round's hooks (``Round.begin_event`` / ``end_event``), exactly what
:class:`~pa_table_games.machine.adapter.TransitionsEngine` does through ``transitions.Machine`` callbacks, so
both give the same event log. The differential test (``tests/test_compiled_engine.py``) proves it round by round
for every game.

:meth:`CompiledEngine.play_out` plays a round to its end: the dealer's steps as the rule selects them and each
player decision from a strategy's ``choose``, the same procedure as ``Round.advance`` / ``Round.act`` without
their per-call lookups; a decision that no transition accepts goes to ``Round.act``, which refuses it with its
cite. A round made with ``record="settlements"`` keeps no event log, only its settlement rows; with
``record="totals"`` only each wager's net (``Round.totals``). The simulation's engine is the fast path
(:mod:`pa_table_games.fastpath`), which writes this procedure out for a whole round.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from typing import Any

from pa_table_games.machine.bound import DEALER_STEP, BoundMachine
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.runtime.round import Round
from pa_table_games.values import Action

#: A strategy's decision function: (round, the legal decisions) -> an action word.
Choose = Callable[[Any, "Legal"], str]


class CompiledEngine:
    """Fires a round's transitions as the bound machine's generated rule selects them; same ``fire`` as the
    transitions engine."""

    def __init__(self, machine: BoundMachine) -> None:
        spec = machine.spec
        self.machine, self.spec = machine, spec
        self.finals = machine.finals
        self.actions: dict[int, tuple[Callable[[Any], None], ...]] = {
            t.index: tuple(a.fn for a in t.do) for t in spec.transitions}
        #: every wager a pass's ``holding`` names: the ones that select a round's steps (:mod:`pa_table_games.fastpath`)
        self.holding = machine.holding
        self._nobody_holding = frozenset()  # the usual combination: no wager a pass is limited to is placed
        self.triggers = frozenset(t.trigger for t in spec.transitions)
        self._actions: dict[tuple[tuple[int, int], str], Action] = {}

    def fire(self, rnd: Round, trigger: str) -> bool:
        """Fire ``trigger`` (a decision, or ``DEALER_STEP``) on ``rnd`` as the transitions engine does:
        the first of its transitions out of the round's state whose guards hold; False when none does."""
        machine = self.machine
        if trigger == DEALER_STEP:
            return self._fire(rnd, machine.dealer_step(rnd.state, rnd))
        return self._fire(rnd, machine.decision(rnd.state, trigger, rnd))

    def _fire(self, rnd: Round, t: TransitionSpec | None) -> bool:
        if t is None:
            return False
        rnd.begin_event(t)  # with no event log kept, it only notes the transition firing
        for act in self.actions[t.index]:
            act(rnd)
        rnd.end_event(t)
        return True

    def action(self, rnd: Round, word: str, turn: tuple[int, int]) -> Action:
        """``word`` as the :class:`Action` of the player deciding at ``turn`` (as ``Round.parse_action``)."""
        if word in self.triggers or "=" not in word:
            key = (turn, word)
            action = self._actions.get(key)
            if action is None:
                action = self._actions[key] = Action(turn[0], word, turn[1])
            return action
        return rnd.parse_action(word)

    def play_out(self, rnd: Round, choose: Choose) -> Round:
        """Play ``rnd`` to its end: dealer transitions first-match, each decision from ``choose``.

        The same procedure as ``advance()`` and ``act()``; a decision no transition accepts is refused by
        ``Round.act`` with the forbidding cite. A round made with ``record="settlements"`` or ``"totals"`` keeps
        no event log."""
        return rnd.naming_a_failed_step(self._play_out, rnd, choose)

    def _play_out(self, rnd: Round, choose: Choose) -> Round:
        finals, dealer_step, fire = self.finals, self.machine.dealer_step, self._fire
        while True:
            if fire(rnd, dealer_step(rnd.state, rnd)):
                continue
            if rnd.state in finals:
                return rnd
            self._decide(rnd, choose)

    def player_for(self, rnd: Round) -> Callable[[Round, Choose], Round]:
        """How to play ``rnd`` and the rounds a simulation makes like it to their end: :meth:`play_out`."""
        return self.play_out

    def decision_for(self, rnd: Round, choose: Choose) -> Action:
        """The decision ``choose`` makes now, as the acting player's :class:`Action`."""
        turn = rnd.deciding()
        if turn is None:
            raise AssertionError(f"{rnd}: no dealer transition is enabled and nobody decides")
        word = choose(rnd, Legal(self.machine, rnd.state, rnd))
        return self._actions.get((turn, word)) or self.action(rnd, word, turn)

    def _decide(self, rnd: Round, choose: Choose) -> None:
        """One player decision: ``choose`` names it, the transition the bound machine selects for it fires."""
        action = self.decision_for(rnd, choose)
        rnd.acting = action
        try:
            fired = self._fire(rnd, self.machine.decision(rnd.state, action.name, rnd))
        finally:
            rnd.acting = None
        if not fired:
            rnd.act(action)  # no transition accepts it: refused with the forbidding cite, as for a player


class Legal(Sequence[str]):
    """The names of the decisions open now, as ``Round.legal_names()`` gives them to a strategy in play: ``"double" in
    legal`` asks the bound machine for that decision only; iterating, ``len(legal)`` and ``legal[0]`` list them all
    once, in the machine file's order (no list is made for a strategy that only asks ``in``)."""

    __slots__ = ("_machine", "_state", "_rnd", "_here", "_names")

    def __init__(self, machine: BoundMachine, state: str, rnd: Round) -> None:
        self._machine, self._state, self._rnd = machine, state, rnd
        self._here = machine.decision_rules_from[state]  # the decisions out of the state: name -> its rule
        self._names: tuple[str, ...] | None = None

    def __contains__(self, name: object) -> bool:
        """What :meth:`BoundMachine.decision` answers, its rule called here directly."""
        rule = self._here.get(name) if isinstance(name, str) else None
        return rule is not None and rule(self._rnd) is not None

    def first_of(self, names: tuple[str, ...]) -> tuple[str, ...]:
        """The first of ``names`` that is open now, alone (none: empty); what asking each in turn would find."""
        here, rnd = self._here, self._rnd
        if here.keys().isdisjoint(names):  # none offered in this state (a hand's decisions): no rule to ask
            return ()
        for name in names:
            rule = here.get(name)
            if rule is not None and rule(rnd) is not None:
                return (name,)
        return ()

    def names(self) -> tuple[str, ...]:
        """Every decision open now, in ``Round.legal_names`` order (the machine asked once, when first needed)."""
        if self._names is None:
            self._names = self._machine.decisions(self._state, self._rnd)
        return self._names

    def __iter__(self) -> Iterator[str]:
        return iter(self.names())

    def __len__(self) -> int:
        return len(self.names())

    def __getitem__(self, index):
        return self.names()[index]

    def __repr__(self) -> str:
        return f"Legal({', '.join(self)})"
