"""The compiled engine: a bound machine -> plain tables and generated Python, fired without ``transitions``.

``CompiledEngine(machine)`` files the bound machine's transitions, per state in the order
:class:`~pa_table_games.machine.bound.BoundMachine` keeps them, in plain dicts. The dealer's are
generated as one Python function per state (:func:`dealer_steps`): its transitions' guards
asked in that order as plain ``if`` tests (the first that holds fires: the bound machine's
rule), the same registered actions called by name. The
players' are tuples ``(test, actions, transition)`` by source state and trigger (``test`` is
the ``when``/``unless`` guards as one predicate, None when there are none). Firing a transition opens the
round's event, runs its actions in order and closes the event (``Round.begin_event`` /
``end_event``): exactly what :class:`~pa_table_games.machine.adapter.TransitionsEngine` does through
``transitions.Machine`` callbacks, so both give the same event log. The differential test
(``tests/test_compiled_engine.py``) proves it round by round for every game.

The tables are built per combination of wagers on the layout (:class:`Tables`): a guard
registered as being about one wager (``@guard(cite, wager="lucky_ladies")``) is known to be
False when no such wager is placed, so a round with the Blackjack Wager alone never asks the
thirteen optional wagers' guards: their transitions are not in its tables.

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
from pa_table_games.machine.registry import Entry
from pa_table_games.runtime.round import Round
from pa_table_games.machine.spec import MachineSpec, TransitionSpec
from pa_table_games.values import Action

#: A guard test compiled from ``when``/``unless``: None when the transition has no guards.
Test = Callable[[Any], bool] | None
#: ``(test, actions, transition)``: one compiled transition.
Compiled = tuple[Test, tuple[Callable[[Any], None], ...], TransitionSpec]

#: A generated dealer step: fires the first enabled dealer transition of one state; False when none is.
Step = Callable[[Any], bool]

#: A strategy's decision function: (round, the legal decisions) -> an action word.
Choose = Callable[[Any, "Legal"], str]


def compile_test(when_guards: tuple[Entry, ...], unless_guards: tuple[Entry, ...]) -> Test:
    """One predicate: every ``when`` guard holds and no ``unless`` guard holds, asked in file order."""
    when, unless = tuple(g.fn for g in when_guards), tuple(g.fn for g in unless_guards)
    if not when and not unless:
        return None
    if len(when) == 1 and not unless:
        return when[0]
    if not when and len(unless) == 1:
        only = unless[0]
        return lambda rnd: not only(rnd)
    shape = (len(when), len(unless))  # the common small shapes as one expression each (same order, same answer)
    if shape == (2, 0):
        w1, w2 = when
        return lambda rnd: w1(rnd) and w2(rnd)
    if shape == (1, 1):
        (w1,), (u1,) = when, unless
        return lambda rnd: w1(rnd) and not u1(rnd)
    if shape == (0, 2):
        u1, u2 = unless
        return lambda rnd: not u1(rnd) and not u2(rnd)
    if shape == (0, 3):
        u1, u2, u3 = unless
        return lambda rnd: not u1(rnd) and not u2(rnd) and not u3(rnd)

    def test(rnd: Any) -> bool:
        for g in when:
            if not g(rnd):
                return False
        for g in unless:
            if g(rnd):
                return False
        return True

    return test


class Tables:
    """The compiled transitions of one machine for rounds where ``placed`` are the wagers on the layout.

    A guard registered with ``wager=`` is False in every round without that wager, so for
    such a round a transition needing it in ``when`` can never fire and is left out, and in
    ``unless`` it never blocks and is dropped from the test: the first transition whose
    guards hold is the same one, found without asking guards whose answer is known.

    ``dealer`` holds each state's kept dealer transitions with their kept ``unless`` guards, in
    file order, and ``steps[log]`` the same as one generated function per state (:func:`dealer_steps`);
    ``player``/``player_order`` hold ``(test, actions, transition)`` entries for the decisions."""

    __slots__ = ("dealer", "player", "player_order", "steps", "source")

    def __init__(self, machine: BoundMachine, placed: frozenset[str]) -> None:
        spec = machine.spec
        kept: dict[int, tuple[TransitionSpec, tuple[Entry, ...]]] = {}  # index -> (transition, unless guards kept)
        for t in spec.transitions:
            if t.turns is not None and t.turns.holding and placed.isdisjoint(t.turns.holding):
                continue  # a pass over the players holding wagers none of which is placed: no unit has a turn
            if all(g.wager is None or g.wager in placed for g in t.when):
                kept[t.index] = (t, tuple(g for g in t.asked[1] if g.wager is None or g.wager in placed))
        entry = {i: (compile_test(t.asked[0], unless), tuple(a.fn for a in t.do), t)
                 for i, (t, unless) in kept.items() if t.by == "player"}
        self.dealer: dict[str, list[tuple[TransitionSpec, tuple[Entry, ...]]]] = {
            state: [kept[t.index] for t in dealer if t.index in kept] for state, dealer in machine.dealer.items()}
        player: dict[str, dict[str, list[Compiled]]] = {s.id: {} for s in spec.states}
        for state, decisions in machine.player.items():
            for t in decisions:
                if t.index in kept:
                    player[state].setdefault(t.trigger, []).append(entry[t.index])
        self.player: dict[str, dict[str, tuple[Compiled, ...]]] = {
            state: {trigger: tuple(cs) for trigger, cs in triggers.items()} for state, triggers in player.items()}
        self.player_order: dict[str, tuple[Compiled, ...]] = {
            state: tuple(entry[t.index] for t in decisions if t.index in kept)
            for state, decisions in machine.player.items()}
        self.source: dict[bool, str] = {}
        self.steps: dict[bool, dict[str, Step]] = {}
        for log in (False, True):
            self.steps[log], self.source[log] = dealer_steps(spec, self.dealer, log)


def dealer_steps(spec: MachineSpec, dealer: dict[str, list[tuple[TransitionSpec, tuple[Entry, ...]]]],
                 log: bool) -> tuple[dict[str, Step], str]:
    """One generated function per state firing its first dealer transition whose guards hold, and its source.

    ``step_hole_card_dealt(rnd)`` asks the guards of the state's dealer transitions in file
    order, as plain ``if`` tests calling the registered functions by name; the first that
    holds runs its registered actions, moves the round to its destination and returns True.
    False means no dealer transition is enabled: a player decides or the round is over.
    With ``log`` each firing opens and closes the round's event, as :meth:`CompiledEngine.fire`.
    Only registry names (Python identifiers) and state ids (quoted with ``repr``) enter the
    source; the machine file itself is never evaluated."""
    names: dict[str, Any] = {"T": {t.index: t for t in spec.transitions}}  # T[12]: transition 12, for its event
    walking = {t.source for t in spec.transitions if t.walk is not None} | {s.id for s in spec.states if s.turns}
    lines: list[str] = []
    for state, transitions in dealer.items():
        lines.append(f"def step_{state}(rnd):")
        for t, unless in transitions:
            when = t.asked[0]
            names.update({g.name: g.fn for g in (*when, *unless)})
            names.update({a.name: a.fn for a in t.do})
            test = " and ".join([f"{g.name}(rnd)" for g in when] + [f"not {g.name}(rnd)" for g in unless])
            indent = "        " if test else "    "
            if test:
                lines.append(f"    if {test}:")
            # whose turn it is moves in the round's event hooks: a transition that walks, or enters a walk
            hooks = log or t.walk is not None or (t.dest != t.source and t.dest in walking)
            lines.extend([f"{indent}rnd.begin_event(T[{t.index}])"] if hooks else
                         [f"{indent}rnd.firing = T[{t.index}]"] if t.turns else [])
            lines.extend(f"{indent}{a.name}(rnd)" for a in t.do)
            lines.append(f"{indent}rnd.end_event(T[{t.index}])" if hooks else f"{indent}rnd.state = {t.dest!r}")
            lines.append(f"{indent}return True")
            if not test:  # later transitions of this state can never fire
                break
        else:
            lines.append("    return False")
    clash = {"rnd", "T"}.intersection(e.name for e in spec.entries())
    if clash:
        raise ValueError(f"{spec.section}: a guard or action may not be called {sorted(clash)[0]!r}")
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<{spec.section} dealer steps>", "exec"), names)  # noqa: S102 - generated above
    return {state: names[f"step_{state}"] for state in dealer}, source


class CompiledEngine:
    """Fires a round's transitions from plain dict tables; same ``fire`` as the transitions engine."""

    def __init__(self, machine: BoundMachine) -> None:
        spec = machine.spec
        self.machine, self.spec = machine, spec
        self.finals = machine.finals
        self.actions: dict[int, tuple[Callable[[Any], None], ...]] = {
            t.index: tuple(a.fn for a in t.do) for t in spec.transitions}
        #: every wager some guard is registered about: the ones that select a round's tables
        self.guarded_wagers = frozenset(g.wager for t in spec.transitions for g in t.guards if g.wager).union(
            *(t.turns.holding for t in spec.transitions if t.turns is not None))
        self._tables: dict[frozenset[str], Tables] = {}
        self.triggers = frozenset(t.trigger for t in spec.transitions)
        self._actions: dict[tuple[tuple[int, int], str], Action] = {}

    def tables(self, placed: set[str] | frozenset[str]) -> Tables:
        """The tables for a round whose placed wagers are ``placed`` (built once per combination)."""
        key = self.guarded_wagers.intersection(placed)
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = Tables(self.machine, key)
        return tables

    def fire(self, rnd: Round, trigger: str) -> bool:
        """Fire ``trigger`` (a decision, or ``DEALER_STEP``) on ``rnd`` as the transitions engine does:
        the first of its transitions out of the round's state whose guards hold; False when none does."""
        tables = self.tables(rnd.wager_names)
        if trigger == DEALER_STEP:
            return tables.steps[rnd.log][rnd.state](rnd)
        return _first_that_holds(rnd, tables.player[rnd.state].get(trigger, ()))

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

        The same procedure as ``advance()`` and ``act()``, from the tables for the wagers on
        the layout (chosen again whenever a wager of a new name is placed); a decision no
        transition accepts is refused by ``Round.act`` with the forbidding cite.
        A round made with ``record="settlements"`` or ``"totals"`` keeps no event log."""
        finals = self.finals
        log = rnd.log
        placed = len(rnd.wager_names)
        tables = self.tables(rnd.wager_names)
        steps = tables.steps[log]
        while True:
            if len(rnd.wager_names) != placed:  # names are only ever added
                placed = len(rnd.wager_names)
                tables = self.tables(rnd.wager_names)
                steps = tables.steps[log]
            if not steps[rnd.state](rnd):
                if rnd.state in finals:
                    return rnd
                self._decide(rnd, tables, choose)

    def _decide(self, rnd: Round, tables: Tables, choose: Choose) -> None:
        """One player decision: ``choose`` names it, the first of its transitions whose guards hold fires."""
        turn = rnd.game.info.turn(rnd)
        if turn is None:
            raise AssertionError(f"{rnd}: no dealer transition is enabled and nobody decides")
        options = tables.player[rnd.state]
        action = self.action(rnd, choose(rnd, Legal(options, tables.player_order[rnd.state], rnd)), turn)
        rnd.acting = action
        try:
            fired = _first_that_holds(rnd, options.get(action.name, ()))
        finally:
            rnd.acting = None
        if not fired:
            rnd.act(action)  # no transition accepts it: refused with the forbidding cite, as for a player


def _first_that_holds(rnd: Round, entries: tuple[Compiled, ...]) -> bool:
    """Fire the first of a decision's compiled transitions whose guards hold (the bound machine's rule)."""
    for test, actions, t in entries:
        if test is None or test(rnd):
            rnd.begin_event(t)  # with no event log kept, it only notes the transition firing
            for act in actions:
                act(rnd)
            rnd.end_event(t)
            return True
    return False


class Legal:
    """The names of the decisions open now; ``"double" in legal`` checks that decision's guards only.

    Guards are pure, so checking them lazily gives the same answers as ``Round.legal_actions``."""

    __slots__ = ("_by_trigger", "_order", "_rnd")

    def __init__(self, by_trigger: dict[str, tuple[Compiled, ...]], order: tuple[Compiled, ...], rnd: Round) -> None:
        self._by_trigger, self._order, self._rnd = by_trigger, order, rnd

    def __contains__(self, name: object) -> bool:
        for test, _, _ in self._by_trigger.get(name, ()):  # type: ignore[arg-type]
            if test is None or test(self._rnd):
                return True
        return False

    def __iter__(self) -> Iterator[str]:
        """In ``Round.legal_actions`` order: each trigger at its first transition whose guards hold."""
        seen: set[str] = set()
        for test, _, t in self._order:
            if t.trigger not in seen and (test is None or test(self._rnd)):
                seen.add(t.trigger)
                yield t.trigger

    def __repr__(self) -> str:
        return f"Legal({', '.join(self)})"
