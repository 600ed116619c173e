"""The compiled engine: the bound machine's rule, generated to fire, driven without ``transitions``.

``CompiledEngine(machine)`` fires the dealer's steps and the players' decisions that
:meth:`~pa_table_games.machine.bound.BoundMachine.steps` and ``decision_steps`` generate from the one rule of
the bound machine (:func:`~pa_table_games.machine.bound.generate`): per state, its transitions' guards asked
in file order as plain ``if`` tests, the first that holds running its registered actions between the
round's hooks (``Round.begin_event`` / ``end_event``), exactly what
:class:`~pa_table_games.machine.adapter.TransitionsEngine` does through ``transitions.Machine``
callbacks, so both give the same event log. For a round that records nothing (the simulation's
:class:`~pa_table_games.runtime.round.Unrecorded` rounds) the hooks' work is written out in the generated
code: the state set, and the runtime's turn functions called only where a turn moves or a walk starts.
The differential test (``tests/test_compiled_engine.py``) proves it round by round for every game.

The steps are generated per combination of the wagers a pass's ``turns: {holding: [...]}`` names
that are placed: a pass over the players holding wagers none of which is placed has no unit to
take a turn, so a round with the Blackjack Wager alone never asks the (g) and (o) passes.

:meth:`CompiledEngine.play_out` is the simulation's inner loop: it plays a round to its end,
the dealer's steps from the generated functions and each player decision from a strategy's
``choose``, the same procedure as ``Round.advance`` / ``Round.act`` without their per-call
lookups; a decision that no transition accepts goes to ``Round.act``, which refuses it with
its cite. A round made with ``record="settlements"`` keeps no event log, only its settlement rows;
with ``record="totals"`` (the simulation's mode) only each wager's net (``Round.totals``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from pa_table_games.machine.bound import DEALER_STEP, BoundMachine
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.runtime.round import Round
from pa_table_games.runtime.turns import QUICK_HOOKS
from pa_table_games.values import Action

#: A generated dealer step: fires the first enabled dealer transition of one state; False when none is.
Step = Callable[[Any], bool]

#: A strategy's decision function: (round, the legal decisions) -> an action word.
Choose = Callable[[Any, "Legal"], str]


class CompiledEngine:
    """Fires a round's transitions from the bound machine's generated rule; same ``fire`` as the transitions engine."""

    def __init__(self, machine: BoundMachine) -> None:
        spec = machine.spec
        self.machine, self.spec = machine, spec
        self.finals = machine.finals
        self.actions: dict[int, tuple[Callable[[Any], None], ...]] = {
            t.index: tuple(a.fn for a in t.do) for t in spec.transitions}
        #: every wager a pass's ``holding`` names: the ones that select a round's steps
        self.holding = machine.holding
        #: per combination of ``holding`` wagers placed and whether the round records its events: the dealer's
        #: steps by state, and each decision by (state, decision)
        self._steps: dict[tuple[frozenset[str], bool, bool], tuple[dict[str, Step], dict[tuple[str, str], Step]]] = {}
        self._nobody_holding = frozenset()  # the usual combination: no wager a pass is limited to is placed
        self.sources: dict[tuple[frozenset[str], bool, bool], str] = {}
        self.triggers = frozenset(t.trigger for t in spec.transitions)
        self._actions: dict[tuple[tuple[int, int], str], Action] = {}

    def steps(self, placed: set[str] | frozenset[str], log: bool, chain: bool = False,
              ) -> tuple[dict[str, Step], dict[tuple[str, str], Step]]:
        """The dealer's steps and the decisions for a round whose placed wagers are ``placed`` (generated once
        per combination of the wagers in ``holding``); ``chain``: each dealer step runs on through the ones
        that follow until a player decides or the round ends (:meth:`play_out`'s)."""
        key = (self._nobody_holding if placed.isdisjoint(self.holding) else self.holding.intersection(placed), log, chain)
        steps = self._steps.get(key)
        if steps is None:
            dealer, self.sources[key] = self.machine.steps(key[0], log, QUICK_HOOKS, chain)
            steps = self._steps[key] = dealer, self.machine.decision_steps(key[0], log, QUICK_HOOKS)[0]
        return steps

    def fire(self, rnd: Round, trigger: str) -> bool:
        """Fire ``trigger`` (a decision, or ``DEALER_STEP``) on ``rnd`` as the transitions engine does:
        the first of its transitions out of the round's state whose guards hold; False when none does."""
        if trigger == DEALER_STEP:
            # a step kept in a journal goes through the round's hooks, as an event does
            return self.steps(rnd.wager_names, rnd.log or rnd.journal is not None)[0][rnd.state](rnd)
        return self._fire(rnd, self.machine.decision(rnd.state, trigger, rnd))

    def _fire(self, rnd: Round, t: TransitionSpec | None) -> bool:
        if t is None:
            return False
        rnd.begin_event(t)  # with no event log kept, it only notes the transition firing
        for act in self.actions[t.index]:
            act(rnd)
        rnd.end_event(t)
        return True

    def action(self, rnd: Round, word: str, turn: tuple[int, int] | None = None) -> Action:
        """``word`` as the acting player's :class:`Action` (as ``Round.parse_action``)."""
        turn = turn or rnd.game.info.turn(rnd) or (0, 0)
        if word in self.triggers or "=" not in word:
            key = (turn, word)
            action = self._actions.get(key)
            if action is None:
                action = self._actions[key] = Action(turn[0], word, turn[1])
            return action
        return rnd.parse_action(word)

    def play_out(self, rnd: Round, choose: Choose) -> Round:
        """Play ``rnd`` to its end: dealer transitions first-match, each decision from ``choose``.

        The same procedure as ``advance()`` and ``act()``, from the steps for the wagers placed before the
        deal, chained (one call runs the dealer's steps until a player decides); a decision no transition
        accepts is refused by ``Round.act`` with the forbidding cite. The wagers a pass's ``holding`` names
        are placed before the deal (Blackjack's optional wagers, § 633a.7(g)): one placed later would need
        other steps, and is an error here rather than a round played by the wrong ones.
        A round made with ``record="settlements"`` or ``"totals"`` keeps no event log."""
        finals = self.finals
        placed = len(rnd.wager_names)
        steps, decisions = self.steps(rnd.wager_names, rnd.log, chain=True)
        while True:
            if steps[rnd.state](rnd):  # a step that loops on its state (a pass's, say) returns
                continue
            if rnd.state in finals:
                if len(rnd.wager_names) != placed and steps is not self.steps(rnd.wager_names, rnd.log, chain=True)[0]:
                    raise AssertionError(f"{rnd}: a wager a pass's 'holding' names was placed during the round (now "
                                         f"placed: {', '.join(sorted(self.holding & rnd.wager_names))}); the compiled "
                                         "runner chooses a round's steps from the wagers placed before the deal")
                return rnd
            self._decide(rnd, choose, decisions)

    def _decide(self, rnd: Round, choose: Choose, decisions: dict[tuple[str, str], Step]) -> None:
        """One player decision: ``choose`` names it, the transition the bound machine selects for it fires."""
        turn = rnd.game.info.turn(rnd)
        if turn is None:
            raise AssertionError(f"{rnd}: no dealer transition is enabled and nobody decides")
        state = rnd.state
        word = choose(rnd, Legal(self.machine, state, rnd))
        action = self._actions.get((turn, word)) or self.action(rnd, word, turn)
        fire = decisions.get((state, action.name))
        rnd.acting = action
        try:
            fired = fire is not None and fire(rnd)
        finally:
            rnd.acting = None
        if not fired:
            rnd.act(action)  # no transition accepts it: refused with the forbidding cite, as for a player


class Legal:
    """The names of the decisions open now; ``"double" in legal`` asks the bound machine for that decision only."""

    __slots__ = ("_machine", "_state", "_rnd", "_here")

    def __init__(self, machine: BoundMachine, state: str, rnd: Round) -> None:
        self._machine, self._state, self._rnd = machine, state, rnd
        self._here = machine.decision_rules_from[state]  # the decisions out of the state: name -> its rule

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

    def __iter__(self) -> Iterator[str]:
        """In ``Round.legal_actions`` order."""
        return iter(self._machine.decisions(self._state, self._rnd))

    def __repr__(self) -> str:
        return f"Legal({', '.join(self)})"
