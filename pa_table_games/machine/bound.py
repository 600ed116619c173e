"""The bound machine: a machine file joined with its game's registry, and the one selection rule.

Every executor is built from a :class:`BoundMachine` and none chooses a transition its own way:

- interactive play hands each state's transitions, in file order, to ``transitions``
  (:mod:`.adapter`), whose ordered conditions apply exactly :meth:`BoundMachine.dealer_step`;
- the simulation's tables and generated steps (:mod:`pa_table_games.runtime.compiled`) are made
  from :attr:`BoundMachine.dealer` and :attr:`BoundMachine.player`, in the same order;
- refusals (``Round.act``) and ``replay`` explain a departure with :meth:`BoundMachine.first_failing`.

**The rule.** From a state, the dealer's transitions are tried in file order and the first whose
``when`` guards all hold and whose ``unless`` guards all fail fires; a dealer step that is due
comes before any decision. A player's decision fires the first of that decision's transitions
out of the state whose guards hold; when none does, it is refused with the first guard that
fails, in the same order, and that guard's citation.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path
from types import MappingProxyType
from typing import Any

from attrs import field, frozen

from pa_table_games.machine.registry import Entry, Registry
from pa_table_games.machine.loader import load_spec
from pa_table_games.machine.spec import MachineSpec, TransitionSpec, Turns

#: The one trigger under which ``transitions`` holds every dealer transition of a state.
DEALER_STEP = "dealer_step"


def holds(t: TransitionSpec, view: Any) -> bool:
    """``t``'s guards allow it now: every ``when`` holds and no ``unless`` does, asked in file order
    (a pass's transition: its turn guard, which asks them of the unit whose turn it is)."""
    when, unless = t.asked
    for g in when:
        if not g.fn(view):
            return False
    for g in unless:
        if g.fn(view):
            return False
    return True


def holds_for_unit(t: TransitionSpec, view: Any) -> bool:
    """``t``'s own ``when`` and ``unless`` guards hold, asked of the unit the runtime shows now."""
    for g in t.when:
        if not g.fn(view):
            return False
    for g in t.unless:
        if g.fn(view):
            return False
    return True


def first_failing(t: TransitionSpec, view: Any) -> tuple[Entry, bool] | None:
    """The first guard of ``t`` that stops it now, in the order :func:`holds` asks them:
    ``(entry, True)`` for an ``unless`` guard that holds, ``(entry, False)`` for a ``when`` that does not."""
    when, unless = t.asked
    for g in when:
        if not g.fn(view):
            return g, False
    for g in unless:
        if g.fn(view):
            return g, True
    return None


def _by_state(spec: MachineSpec, by: str) -> Mapping[str, tuple[TransitionSpec, ...]]:
    return MappingProxyType({s.id: tuple(t for t in spec.outgoing(s.id) if t.by == by) for s in spec.states})


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

    def __attrs_post_init__(self) -> None:
        object.__setattr__(self, "dealer", _by_state(self.spec, "dealer"))
        object.__setattr__(self, "player", _by_state(self.spec, "player"))
        object.__setattr__(self, "finals", frozenset(self.spec.final_states()))
        walks: dict[str, dict[Any, Turns]] = {}
        for s in self.spec.states:
            if s.turns is not None:
                walks.setdefault(s.id, {})[s.id] = s.turns
        for t in self.spec.transitions:
            if isinstance(t.walk, tuple):
                walks.setdefault(t.source, {})[t.walk] = t.walk[1]
        object.__setattr__(self, "walks", MappingProxyType({s: tuple(w.items()) for s, w in walks.items()}))
        passes: dict[Any, list[TransitionSpec]] = {}
        for t in self.spec.transitions:
            if isinstance(t.walk, tuple):
                passes.setdefault(t.walk, []).append(t)
        object.__setattr__(self, "passes", MappingProxyType({k: tuple(ts) for k, ts in passes.items()}))

    @classmethod
    def load(cls, path: str | Path, registry: Registry) -> BoundMachine:
        """Read ``path`` (data only) and bind its names to ``registry``; a bad file is ``file:line``."""
        return cls(load_spec(path, registry))

    # -- the selection rule -----------------------------------------------------------------
    def dealer_step(self, state: str, view: Any) -> TransitionSpec | None:
        """The dealer transition that fires now from ``state``: the first whose guards hold."""
        for t in self.dealer[state]:
            if holds(t, view):
                return t
        return None

    def decision(self, state: str, trigger: str, view: Any) -> TransitionSpec | None:
        """The transition a player's ``trigger`` fires now from ``state``: the first whose guards hold."""
        for t in self.player[state]:
            if t.trigger == trigger and holds(t, view):
                return t
        return None

    def decisions(self, state: str, view: Any) -> tuple[str, ...]:
        """The decisions open now from ``state``, each once, in file order."""
        open_: list[str] = []
        for t in self.player[state]:
            if t.trigger not in open_ and holds(t, view):
                open_.append(t.trigger)
        return tuple(open_)

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
