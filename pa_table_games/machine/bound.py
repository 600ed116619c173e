"""The bound machine: a machine file joined with its game's registry, and the one selection rule.

Every executor is built from a :class:`BoundMachine` and none chooses a transition its own way:

- interactive play hands each state's transitions, in file order, to ``transitions``
  (:mod:`.adapter`), whose ordered conditions apply exactly :meth:`BoundMachine.dealer_step`;
- the rule itself is written once, as the code :func:`generate` writes for a group of transitions:
  :meth:`BoundMachine.dealer_step`, :meth:`~BoundMachine.decision` and :meth:`~BoundMachine.decisions`
  call it to select (the compiled runner, :mod:`pa_table_games.runtime.compiled`, fires what they select);
  the simulation's fast path (:mod:`pa_table_games.fastpath`) writes the same rule out for a whole round;
- refusals (``Round.act``) and ``replay`` explain a departure with :meth:`BoundMachine.first_failing`.

**The rule.** From a state, the dealer's transitions are tried in file order and the first whose
``when`` guards all hold and whose ``unless`` guards all fail fires; a dealer step that is due
comes before any decision. A player's decision fires the first of that decision's transitions
out of the state whose guards hold; when none does, it is refused with the first guard that
fails, in the same order, and that guard's citation. A pass's transition (a dealer self-loop
declaring ``turns:``) is asked through the runtime's turn guard, which asks its guards of the
unit whose turn it is (:mod:`pa_table_games.runtime.turns`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attrs import field, frozen

from pa_table_games.errors import MachineFileError
from pa_table_games.machine.registry import Entry, Registry
from pa_table_games.machine.loader import load_spec
from pa_table_games.machine.spec import MachineSpec, PassKey, TransitionSpec, Turns

#: The one trigger under which ``transitions`` holds every dealer transition of a state.
DEALER_STEP = "dealer_step"


def holds(t: TransitionSpec, view: Any) -> bool:
    """``t``'s guards allow it now: every ``when`` holds and no ``unless`` does, asked in file order of the
    round's read-only view and the unit whose turn it is (a pass's transition: its turn guard, which asks them
    of the unit whose turn it is in the pass)."""
    return first_failing(t, view) is None


def holds_for_unit(t: TransitionSpec, view: Any, unit: Any) -> bool:
    """``t``'s own ``when`` and ``unless`` guards hold for ``unit`` (``view``: the round's read-only view)."""
    for g in t.when:
        if not g.fn(view, unit):
            return False
    for g in t.unless:
        if g.fn(view, unit):
            return False
    return True


def first_failing(t: TransitionSpec, view: Any, unit: Any = None) -> tuple[Entry, bool] | None:
    """The first guard of ``t`` that stops it now for ``unit`` (default: the unit whose turn it is), in the order
    :func:`holds` asks them: ``(entry, True)`` for an ``unless`` guard that holds, ``(entry, False)`` for a ``when``
    that does not."""
    when, unless = t.asked
    view = getattr(view, "view", view)  # a round: its read-only view
    unit = view.turn if unit is None else unit
    for g in when:
        if not g.fn(view, unit):
            return g, False
    for g in unless:
        if g.fn(view, unit):
            return g, True
    return None


def generate(spec: MachineSpec, groups: Mapping[Any, Sequence[TransitionSpec]]
             ) -> tuple[dict[Any, Callable[[Any], Any]], str]:
    """The rule, as one generated Python function per group of transitions (tried in the order given).

    Each asks its transitions' guards as plain ``if`` tests calling the registered functions by name with the
    round's read-only view and the unit whose turn it is, ``when`` then ``unless`` (a pass's transition: its turn
    guard), and returns the first whose guards hold
    (None when none does). Only registry names (Python identifiers) and indexes enter the source; the machine
    file itself is never evaluated. Returns the functions by group and the source."""
    clash = {"rnd", "T", "view", "unit"}.intersection(e.name for e in spec.entries())
    if clash:
        raise ValueError(f"{spec.section}: a guard or action may not be called {sorted(clash)[0]!r}")
    names: dict[str, Any] = {"T": {t.index: t for t in spec.transitions}}  # T[12]: transition 12
    lines: list[str] = []
    keys = list(groups)
    for n, key in enumerate(keys):
        # guards read the round's read-only view (a round that is not atomic, the simulation's, is its own view)
        lines.extend([f"def rule_{n}(rnd):", "    view = rnd.view if rnd.atomic else rnd", "    unit = view.turn"])
        for t in groups[key]:
            when, unless = t.asked
            names.update({g.name: g.fn for g in (*when, *unless)})
            test = " and ".join([f"{g.name}(view, unit)" for g in when] + [f"not {g.name}(view, unit)" for g in unless])
            if not test:  # later transitions of this group can never fire
                lines.append(f"    return T[{t.index}]")
                break
            lines.extend([f"    if {test}:", f"        return T[{t.index}]"])
        else:
            lines.append("    return None")
    source = "\n".join(lines) + "\n"
    exec(compile(source, f"<{spec.section}: the rule>", "exec"), names)  # noqa: S102 - generated above
    return {key: names[f"rule_{n}"] for n, key in enumerate(keys)}, source


def _by_state(spec: MachineSpec, by: str) -> Mapping[str, tuple[TransitionSpec, ...]]:
    return MappingProxyType({s.id: tuple(t for t in spec.outgoing(s.id) if t.by == by) for s in spec.states})


def check_units(spec: MachineSpec) -> None:
    """A guard reading more of the unit whose turn it is than its seat (``def acting_hand_is_busted(rnd, hand)``) is
    asked only where a walk over such units is under way: out of a state declaring ``turns: {each: hand}``, in a pass
    over hands, or as a walk's ``only``; anywhere else it would be handed another thing, or nothing (file:line)."""
    walks = {s.id: s.turns for s in spec.states}
    asked = [(t.line, f"transition {t.trigger!r}", t.turns if isinstance(t.walk, PassKey) else walks[t.source],
              (*t.when, *t.unless, *(t.turns.only if t.turns else ()))) for t in spec.transitions]
    asked += [(s.line, f"state {s.id!r}", s.turns, s.turns.only) for s in spec.states if s.turns]
    for line, what, walk, guards in asked:
        for g in guards:
            if g.unit is not None and (walk is None or walk.each != g.unit):
                raise MachineFileError(spec.path, line, f"{what}: guard {g.name!r} reads the {g.unit} whose turn it "
                                       f"is, but " + (f"the walk goes over each {walk.each}" if walk else
                                                      "no walk round the table is under way"))


@frozen
class BoundMachine:
    """A machine spec whose guard and action names are resolved, indexed per state in file order."""

    spec: MachineSpec
    #: state -> its dealer transitions, in file order (the order they are tried)
    dealer: Mapping[str, tuple[TransitionSpec, ...]] = field(init=False)
    #: state -> its player transitions, in file order
    player: Mapping[str, tuple[TransitionSpec, ...]] = field(init=False)
    finals: frozenset[str] = field(init=False)
    #: state -> the walks round the table a round starts on entering it: ``(key, turns)`` each, the key
    #: being the state's id (its decisions' ``turns``) or a pass's ``(state, turns)``
    walks: Mapping[str, tuple[tuple[Any, Turns], ...]] = field(init=False)
    #: a pass's key -> its transitions, in file order
    passes: Mapping[Any, tuple[TransitionSpec, ...]] = field(init=False)
    #: state -> how to start its walks, worked out once here: ``(key, turns, from the dealer's right, the wagers
    #: of its holding)`` each (an empty set for a walk not limited to holders). A plain dict, read on every state
    #: entered: never changed.
    plans: dict[str, tuple[tuple[Any, Turns, bool, frozenset[str]], ...]] = field(init=False)
    #: a pass's transition (its index) -> its place among its pass's transitions
    members: Mapping[int, int] = field(init=False)
    #: the rule, generated (:func:`generate`): state -> its dealer step; (state, trigger) -> that decision
    _dealer_rule: Mapping[str, Callable[[Any], Any]] = field(init=False)
    decision_rules: Mapping[tuple[str, str], Callable[[Any], Any]] = field(init=False)
    #: state -> {trigger: that decision's rule} for the decisions out of the state (every state has an entry)
    decision_rules_from: Mapping[str, Mapping[str, Callable[[Any], Any]]] = field(init=False)
    #: (state, trigger) -> that decision's transitions, in file order
    _by_trigger: Mapping[tuple[str, str], Sequence[TransitionSpec]] = field(init=False)

    def __attrs_post_init__(self) -> None:
        check_units(self.spec)
        object.__setattr__(self, "dealer", _by_state(self.spec, "dealer"))
        object.__setattr__(self, "player", _by_state(self.spec, "player"))
        object.__setattr__(self, "finals", frozenset(self.spec.final_states()))
        walks: dict[str, dict[Any, Turns]] = {}
        for s in self.spec.states:
            if s.turns is not None:
                walks.setdefault(s.id, {})[s.id] = s.turns
        for t in self.spec.transitions:
            if isinstance(t.walk, PassKey):
                walks.setdefault(t.source, {})[t.walk] = t.turns
        object.__setattr__(self, "walks", MappingProxyType({s: tuple(w.items()) for s, w in walks.items()}))
        passes: dict[Any, list[TransitionSpec]] = {}
        for t in self.spec.transitions:
            if isinstance(t.walk, PassKey):
                passes.setdefault(t.walk, []).append(t)
        object.__setattr__(self, "passes", MappingProxyType({k: tuple(ts) for k, ts in passes.items()}))
        object.__setattr__(self, "plans", {
            s: tuple((key, turns, turns.from_right, frozenset(turns.holding)) for key, turns in w)
            for s, w in self.walks.items()})
        object.__setattr__(self, "members", MappingProxyType(
            {t.index: k for ts in passes.values() for k, t in enumerate(ts)}))
        object.__setattr__(self, "_dealer_rule", generate(self.spec, self.dealer)[0])
        by_trigger: dict[tuple[str, str], list[TransitionSpec]] = {}
        for state, decisions in self.player.items():
            for t in decisions:
                by_trigger.setdefault((state, t.trigger), []).append(t)
        object.__setattr__(self, "_by_trigger", MappingProxyType(by_trigger))
        object.__setattr__(self, "decision_rules", generate(self.spec, by_trigger)[0])
        rules_from: dict[str, dict[str, Callable[[Any], Any]]] = {s.id: {} for s in self.spec.states}
        for (state, trigger), rule in self.decision_rules.items():
            rules_from[state][trigger] = rule
        object.__setattr__(self, "decision_rules_from", MappingProxyType(rules_from))

    @classmethod
    def load(cls, path: str | Path, registry: Registry) -> BoundMachine:
        """Read ``path`` (data only) and bind its names to ``registry``; a bad file is ``file:line``."""
        return cls(load_spec(path, registry))

    # -- the selection rule -----------------------------------------------------------------
    def dealer_step(self, state: str, view: Any) -> TransitionSpec | None:
        """The dealer transition that fires now from ``state``: the first whose guards hold."""
        return self._dealer_rule[state](view)

    def decision(self, state: str, trigger: str, view: Any) -> TransitionSpec | None:
        """The transition a player's ``trigger`` fires now from ``state``: the first whose guards hold."""
        rule = self.decision_rules.get((state, trigger))
        return rule(view) if rule is not None else None

    def decisions(self, state: str, view: Any) -> tuple[str, ...]:
        """The decisions open now from ``state``, each once, in file order: those :meth:`decision` fires."""
        open_: list[str] = []
        for t in self.player[state]:
            if t.trigger not in open_ and self.decision_rules[state, t.trigger](view) is not None:
                open_.append(t.trigger)
        return tuple(open_)

    @property
    def holding(self) -> frozenset[str]:
        """Every wager a ``holding`` names, a pass's or a state's walk's: the wagers that choose the steps a
        generated round function takes (:mod:`pa_table_games.fastpath`)."""
        declared = [s.turns for s in self.spec.states] + [t.turns for t in self.spec.transitions]
        return frozenset(w for turns in declared if turns is not None for w in turns.holding)

    def refusal(self, state: str, trigger: str, view: Any) -> tuple[str, str] | None:
        """Why ``trigger`` cannot fire now: ``(reason, cite)`` from its first transition's first
        failing guard; None when it can fire or is not a decision out of ``state``."""
        candidates = [t for t in self.player[state] if t.trigger == trigger]
        if not candidates or any(holds(t, view) for t in candidates):
            return None
        failing = first_failing(candidates[0], view)
        if failing is None:  # pragma: no cover  (holds() said otherwise)
            return "not allowed now", self.spec.cite_text(candidates[0].cite[0])
        entry, is_unless = failing
        reason = f"not allowed: {entry.doc}" if is_unless else f"allowed only when {entry.doc}"
        return reason, self.spec.cite_text(entry.cite[0])

    # -- what the executors are built from --------------------------------------------------
    def triggers(self) -> frozenset[str]:
        return frozenset(t.trigger for t in self.spec.transitions)

    def actions_of(self, t: TransitionSpec) -> tuple[Callable[[Any], None], ...]:
        return tuple(a.fn for a in t.do)
