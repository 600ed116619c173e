"""The fast path's function: a whole round played out, generated from the bound machine.

:func:`generate` writes the selection rule of :mod:`pa_table_games.machine.bound` as one function per state, which
``play`` calls in turn: from the state the round is in, the dealer's transitions in file order, the first whose
guards hold firing between the round's step hooks; where none holds and players decide, the strategy names a
decision and the first of that decision's transitions whose guards hold fires (none: the round refuses it, with its
cite); a final state ends the round. A transition back to the state it leaves (a hit, a turn passed on) goes on at
the top of the state's function, a loop, without returning to ``play``. The skeleton names only the registered guards
and actions, the transitions and the runtime's hooks; every one of them is then spliced in from its own source and
the whole partially evaluated (:mod:`.inline`, :mod:`.fold`), so the code that runs is the same code every other
engine calls.

The function is made for one bound machine, one game (its Rules), the wagers a pass's ``holding`` names that
are placed (a pass over nobody is left out, as :meth:`BoundMachine.steps` leaves it), what the round keeps
(``record``) and the classes of the round's layout and its table's shoe (whose methods it splices); the strategy is
an argument.
"""

from __future__ import annotations

import ast
import threading
from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NoReturn

from pa_table_games.fastpath.asked import MARK, asked_once, unmark
from pa_table_games.fastpath.fold import Knowns, Namespace, fold
from pa_table_games.fastpath.inline import Splicer
from pa_table_games.fastpath.loops import as_loops
from pa_table_games.fastpath.purity import check_guard
from pa_table_games.fastpath.trees import located
from pa_table_games.errors import MachineFileError
from pa_table_games.machine.spec import TransitionSpec
from pa_table_games.runtime import plain, turns
from pa_table_games.runtime.round import GOES_ROUND, MOST_STEPS

#: the generated function's own locals: no object it names is called so
LOCALS = {"rnd", "choose", "state", "action", "name", "play", "STEPS"}
#: the hooks from :mod:`pa_table_games.runtime.plain` the skeleton calls
HOOKS = ("state_of", "begin_step", "end_step", "begin_decision", "end_decision")
#: a pass's turn guard as the skeleton asks it, given what the state's scan of the pass found (:func:`_scan`)
PASS_GUARD = {"pass_holds": turns.pass_holds}
#: the locals of a pass's scan: what it found, the walk, its units, where it is and the unit asked
SCAN_LOCALS = ("scan", "walk", "units", "at", "unit")


class Generated:
    """A generated round function: ``play(rnd, choose)`` plays a round out, calling each state's function in turn.
    A state's function is made the first time a round enters the state (a round at a table with no double shoe never
    makes the determinant card's); :attr:`source` makes them all, for reading."""

    def __init__(self, spec: Any, skeletons: dict[str, str], splicer: Splicer, ns: Namespace, knowns: Knowns) -> None:
        self.spec, self.skeletons, self.splicer, self.ns, self.knowns = spec, skeletons, splicer, ns, knowns
        self.names = dict(ns.values)
        self.sources: dict[str, str] = {}
        self._making = threading.Lock()
        steps = self.names["STEPS"] = {state: _Unmade(self, state) for state in skeletons}
        self.play: Callable[[Any, Any], Any] = _player(steps, plain.state_of)

    def make(self, state: str) -> Callable[[Any, Any], str | None]:
        """``state``'s function, spliced, folded and compiled (once; one thread at a time: the states of one
        function share one namespace, and a Dask worker may deal two chunks at once)."""
        with self._making:
            made = self.names["STEPS"][state]
            if not isinstance(made, _Unmade):
                return made
            tree = self.splicer.visit(unmark(ast.parse(self.skeletons[state])))
            tree.body = fold(tree.body, self.ns, self.knowns)
            tree.body[0].body = asked_once(tree.body[0].body)
            tree.body[0] = as_loops(tree.body[0])
            located(tree)
            self.names.update(self.ns.values)
            exec(compile(tree, f"<fast path: {self.spec.section}, {state}>", "exec"), self.names)  # noqa: S102 - above
            self.sources[state] = ast.unparse(tree)
            made = self.names["STEPS"][state] = self.names[tree.body[0].name]
            return made

    @property
    def source(self) -> str:
        """Every state's function as it runs (each made now if it was not yet)."""
        return "\n".join(self.sources.get(state) or (self.make(state) and self.sources[state])
                         for state in self.skeletons)

    @property
    def skeleton(self) -> str:
        """What is spliced into: the rule for every state as calls of the registered functions and the hooks."""
        return "".join(self.skeletons.values())


class _Unmade:
    """A state's function not made yet: makes it when a round first enters the state, then stands aside."""

    __slots__ = ("generated", "state")

    def __init__(self, generated: Generated, state: str) -> None:
        self.generated, self.state = generated, state

    def __call__(self, rnd: Any, choose: Any) -> str | None:
        return self.generated.make(self.state)(rnd, choose)


def _player(steps: dict[str, Callable[[Any, Any], str | None]], state_of: Callable[[Any], str | None]
            ) -> Callable[[Any, Any], Any]:
    """``play(rnd, choose)``: each state's function called in turn, from the state the round is in, until one
    answers None (the round is over); a round still going after :data:`MOST_STEPS` states is stopped (and one
    turning back to its states :data:`MOST_STEPS` times in all, by those states' functions: :func:`_again`)."""
    def play(rnd: Any, choose: Any) -> Any:
        state = state_of(rnd)
        if state is None:
            return rnd
        for _ in bound:
            state = steps[state](rnd, choose)
            if state is None:
                return rnd
        goes_round(rnd, state)
    bound = range(MOST_STEPS)
    return play


def goes_round(rnd: Any, state: str) -> NoReturn:
    """Stop a round that went :data:`MOST_STEPS` steps with no end (states entered, or turns back to a state, each
    counted over the whole round): a machine file whose guarded loop nothing changes, named at ``state``'s line (the
    other engines name the transition)."""
    spec = rnd.spec
    raise MachineFileError(spec.shown_path, spec.state(state).line, f"the round is still going round at state "
                           f"{state!r} after {MOST_STEPS:,} steps: {GOES_ROUND}")


def generate(game: Any, placed: frozenset[str], record: str, round_class: type,
             helpers: dict[str, Callable[..., Any]], options: Mapping[str, Any] = MappingProxyType({}),
             trace: bool = False, classes: Mapping[str, type] = MappingProxyType({})) -> Generated:
    """The round function for ``game`` (its bound machine and Rules) with the ``holding`` wagers ``placed``,
    for a round of ``round_class`` keeping ``record`` whose round ``options`` are these (a simulation's: none);
    ``helpers`` are the engine's ``decide``, ``refuse`` and ``stuck`` (called, as the skeleton names them), and
    with ``trace`` its ``traced(rnd, t)``, called as each transition fires; ``classes`` the class of what every
    round holds under each of these names (its layout, its shoe), whose methods and properties are then spliced
    too."""
    machine = game.machine
    spec = machine.spec
    ns = Namespace(LOCALS | {MARK} | {f"state_{n}" for n in range(len(spec.states))}  # and each state's function
                   | {f"{local}_{n}" for n in range(len(machine.passes)) for local in SCAN_LOCALS})  # each scan's
    for hook in HOOKS:
        ns.name_for(getattr(plain, hook), hook)
    ns.name_for(goes_round, "goes_round")
    for name, fn in PASS_GUARD.items():
        ns.name_for(fn, name)
    for name, helper in helpers.items():
        ns.name_for(helper, name)
    for guard in (e for e in spec.entries() if e.kind == "guard"):  # a declared walk's ``only`` guards too
        check_guard(guard.name, guard.fn, round_class, classes)  # the spliced guards run on the round itself
    skeletons = _skeleton(spec, machine, placed, ns, trace)
    knowns = Knowns("rnd", MappingProxyType({
        "log": False, "rows": record != "totals", "atomic": False, "ledger": None,
        "game": game, "spec": spec, "rules": game.rules, "options": MappingProxyType(dict(options))}), (game,),
        MappingProxyType(dict(classes)))
    return Generated(spec, skeletons, Splicer(ns, knowns, round_class, plain.VERBS), ns, knowns)


def _skeleton(spec: Any, machine: Any, placed: frozenset[str], ns: Namespace, trace: bool) -> dict[str, str]:
    """The rule for every state, as calls of the registered functions and the hooks (nothing spliced yet): one
    function per state, firing the transition the rule selects and answering the state the round is in then
    (None once it is over). A transition into a state that has one unguarded dealer transition and nothing else
    goes straight on through it (the deal's steps)."""
    dealer = {s.id: [t for t in machine.dealer[s.id]
                     if not (t.turns and t.turns.holding and placed.isdisjoint(t.turns.holding))]
              for s in spec.states}
    straight = {s.id: dealer[s.id][0] for s in spec.states
                if not s.final and len(dealer[s.id]) == 1 and not dealer[s.id][0].guards
                and dealer[s.id][0].turn_guard is None and not machine.player[s.id]}
    skeletons: dict[str, str] = {}
    for n, state in enumerate(spec.states):
        lines = [f"def state_{n}(rnd, choose):  # {state.id}"]
        body: list[str] = []
        if state.final:
            body.append("return None")
        else:
            ended, scanned = False, set()
            for t in dealer[state.id]:
                ended = _fire(t, body, ns, _then(t, straight, ns, trace), trace, _scan(t, machine, ns, scanned, body))
                if ended:
                    break
            if not ended:
                decisions = machine.player[state.id]
                if decisions:
                    body += ["action = decide(rnd, choose)", "name = action.name", "begin_decision(rnd, action)"]
                    triggers = list(dict.fromkeys(t.trigger for t in decisions))
                    for trigger in triggers:
                        body.append(f"if name == {trigger!r}:")
                        inner: list[str] = []
                        for t in decisions:
                            if t.trigger == trigger and _fire(t, inner, ns, ["end_decision(rnd)", f"return {t.dest!r}"],
                                                              trace):
                                break
                        body += ["    " + line for line in inner]
                    body += ["end_decision(rnd)", "refuse(rnd, action)"]
                body.append("stuck(rnd)")
            body = _again(body, state.id)
        lines += ["    " + line for line in body]
        skeletons[state.id] = "\n".join(lines) + "\n"
    return skeletons


def _again(body: list[str], state: str) -> list[str]:
    """``body`` in a loop when a transition leads back to ``state`` (a hit, a turn passed on): it goes on at the top
    (``continue``) rather than answering the state for ``play`` to call its function again, counting its turns back
    on the round (``steps_fired``, as the other engines count its transitions), so that :data:`MOST_STEPS` bounds
    them over the whole round, as ``play`` bounds the states entered: a round cannot go round within a state
    9,999 times a visit for 10,000 visits."""
    back = f"return {state!r}"
    if not any(line.strip() == back for line in body):
        return body
    lines = ["while True:"]
    for line in body:
        if line.strip() == back:
            indent = "    " + line[:len(line) - len(line.lstrip())]
            lines += [indent + again for again in ("rnd.steps_fired += 1", f"if rnd.steps_fired > {MOST_STEPS}:",
                                                   f"    goes_round(rnd, {state!r})", "continue")]
        else:
            lines.append("    " + line)
    return lines


def _then(t: TransitionSpec, straight: dict[str, TransitionSpec], ns: Namespace, trace: bool,
          through: tuple[str, ...] = ()) -> list[str]:
    """What follows ``t``'s firing: its destination's one unguarded transition fired at once, when it has one
    (and so on), else the state it leads to, answered."""
    following = straight.get(t.dest)
    if t.dest == t.source or following is None or t.dest in through or len(through) > 12:
        return [f"return {t.dest!r}"]
    lines: list[str] = []
    _fire(following, lines, ns, _then(following, straight, ns, trace, (*through, t.dest)), trace)
    return lines


def _scan(t: TransitionSpec, machine: Any, ns: Namespace, scanned: set[Any], body: list[str]) -> str | None:
    """For a dealer's transition in a pass, the local holding what the pass's scan found; the first of a state's
    transitions in that pass writes the scan into ``body`` just before it is asked (the transitions before it did
    not fire; those after it take what it found, nothing changed since: guards only read). None for any other
    transition.

    The scan is :func:`pa_table_games.runtime.turns._next_with_a_turn` written out for this pass: from the walk's
    position on, the first unit for which one of the pass's transitions holds, asked in file order, each
    transition's own guards called with that unit (and so spliced like every other guard)."""
    if t.turn_guard is None:
        return None
    n = list(machine.passes).index(t.walk)
    scan, walk, units, at, unit = (f"{local}_{n}" for local in SCAN_LOCALS)
    if t.walk not in scanned:
        scanned.add(t.walk)
        body += [f"{scan} = None", f"{walk} = rnd.walks.get({ns.name_for(t.walk, 'walk')})", f"if {walk} is not None:",
                 f"    {units} = {walk}.units", f"    for {at} in range({walk}.at, len({units})):",
                 f"        {unit} = {units}[{at}]"]
        for m, member in enumerate(machine.passes[t.walk]):
            test = _guards(member.when, member.unless, ns, unit)  # its own guards (holds_for_unit)
            found = [f"{scan} = ({at}, {m})", "break"]
            if not test:  # holds for every unit: the later ones are never asked
                body += ["        " + line for line in found]
                break
            body += [f"        if {MARK}({test}):", *("            " + line for line in found)]  # (:mod:`.asked`)
    return scan


def _guards(when: tuple, unless: tuple, ns: Namespace, unit: str) -> str:
    """Guards as one test, each called with the round and ``unit``: every ``when`` holds and no ``unless`` does
    (empty: there are none)."""
    return " and ".join([f"{ns.name_for(g.fn, g.name)}(rnd, {unit})" for g in when] +
                        [f"not {ns.name_for(g.fn, g.name)}(rnd, {unit})" for g in unless])


def _fire(t: TransitionSpec, body: list[str], ns: Namespace, then: list[str], trace: bool = False,
          scan: str | None = None) -> bool:
    """The lines firing ``t`` when its guards hold (appended to ``body``); True when it has no guards, so
    nothing after it in its group can fire. ``scan``: the local holding what the pass's scan found (:func:`_scan`)."""
    at = ns.name_for(t, f"T_{t.index}")
    test = f"pass_holds(rnd, {at}, {scan})" if scan is not None else _guards(*t.asked, ns, "rnd.turn")
    fired = [f"begin_step(rnd, {at}{', ' + scan if scan is not None else ''})",
             *([f"traced(rnd, {at})"] if trace else []),
             *(f"{ns.name_for(a.fn, a.name)}(rnd)" for a in t.do),
             f"end_step(rnd, {at})", *then]
    if test:
        body.append(f"if {MARK}({test}):")  # a transition's test (:mod:`.asked`)
        body += ["    " + line for line in fired]
        return False
    body += fired
    return True
