"""The fast path's round function is the bound machine's selection rule written out (:mod:`pa_table_games.fastpath.
generate`): each state's skeleton below is run with every guard, action and hook logging its call, and must ask and
fire what the machine file says, in its order (the dealer's transitions, then a decision's, a pass's scan, a turn
back to the state, a deal's steps fired straight through); a round of the toy game is then played by the generated
function itself. Were it broken, a simulation would fire another transition than the interactive engine, ask a
guard the machine does not, or never end; the differential tests meet few of these cases, and slowly."""

from __future__ import annotations

import ast
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from pa_table_games import load_game
from pa_table_games.errors import IllegalAction, MachineFileError
from pa_table_games.fastpath import generate as generate_module
from pa_table_games.fastpath.asked import MARK
from pa_table_games.fastpath.fold import Namespace
from pa_table_games.fastpath.generate import _Unmade, _player, _skeleton, generate, goes_round
from pa_table_games.fastpath.purity import WritingGuard
from pa_table_games.machine.bound import BoundMachine
from pa_table_games.machine.loader import load_spec
from pa_table_games.machine.registry import Registry
from pa_table_games.runtime.round import Unrecorded

REGISTRY = Registry("skeletons")
#: a guard holding every time it is asked (:class:`Scripted`)
ALWAYS = 10**6


def _logging_guard(name: str) -> None:
    def guard(rnd, unit) -> bool:
        return rnd.asks(name, unit)
    guard.__name__, guard.__doc__ = name, f"the round says {name}"
    REGISTRY.guard("(a)")(guard)


def _logging_action(name: str) -> None:
    def action(rnd) -> None:
        rnd.log.append(name)
    action.__name__, action.__doc__ = name, f"{name.capitalize()}."
    REGISTRY.action("(a)")(action)


for _name in ("first", "second", "third", "wins", "loses"):
    _logging_guard(_name)
for _name in ("deal", "pay"):
    _logging_action(_name)


@REGISTRY.guard("(a)")
def reads_the_round(rnd, unit) -> bool:
    """the round has a turn"""
    return rnd.turn is not None


@REGISTRY.guard("(a)")
def writes_the_round(rnd, unit) -> bool:
    """the round was asked"""
    rnd.asked = True
    return True


def _machine(*transitions: str, turns: dict[str, str] | None = None) -> BoundMachine:
    """A machine file of ``transitions`` (YAML flow mappings, each cited (a)) bound to :data:`REGISTRY`: its states are
    those they name, in order, the first initial, and ``end``, final; ``turns``: a state's own walk round the table."""
    states = list(dict.fromkeys([*re.findall(r"(?:source|dest): (\w+)", "\n".join(transitions)), "end"]))
    turns = turns or {}
    lines = ['section: "T 1"', "title: a machine of the tests", "game: skeletons", 'subsections: {"(a)": "a"}',
             f"initial: {states[0]}", "states:"]
    lines += [f'  - {{id: {s}, label: {s}, cite: ["(a)"]{", final: true" if s == "end" else ""}'
              f'{", turns: " + turns[s] if s in turns else ""}}}' for s in states]
    lines += ["transitions:", *(f'  - {{cite: ["(a)"], {t.strip()[1:]}' for t in transitions)]
    return BoundMachine(load_spec("machine.yaml", REGISTRY, "\n".join(lines) + "\n"))


class Scripted:
    """A round as a skeleton sees it: each guard's answer scripted (``holds``: name, or ``"name unit"`` for a unit of
    a pass, -> how many times it holds), each call logged, each decision taken from ``decisions`` in turn."""

    def __init__(self, machine: BoundMachine, state: str, holds=(), decisions=(), walks=None) -> None:
        self.machine, self.spec, self.state = machine, machine.spec, state
        self.holds = dict(holds) if isinstance(holds, dict) else dict.fromkeys(holds, ALWAYS)
        self.decisions, self.walks = list(decisions), walks or {}
        self.turn, self.taking, self.log = "turn", None, []
        self.steps_fired = 0  # the round's count of its steps, as a Round keeps it

    def asks(self, name: str, unit) -> bool:
        asked = name if unit == self.turn else f"{name} {unit}"
        self.log.append(asked + "?")
        if self.holds.get(asked, 0) > 0:
            self.holds[asked] -= 1
            return True
        return False


class Refused(Exception):
    pass


class Stuck(Exception):
    pass


class GoesRound(Exception):
    pass


def _begin_step(rnd, t, found=None) -> None:
    rnd.log.append(f"begin {t.trigger}" + (f" {found}" if found is not None else ""))
    rnd.taking = found


def _end_step(rnd, t) -> None:
    rnd.log.append(f"end {t.trigger}")
    if t.walk in rnd.walks and rnd.taking is not None:  # the pass's turn taken: it goes on from the next unit
        rnd.walks[t.walk].at = rnd.taking[0] + 1


def _decide(rnd, choose):
    name = rnd.decisions.pop(0)
    rnd.log.append(f"decide {name}")
    return SimpleNamespace(name=name)


def _refuse(rnd, action):
    rnd.log.append(f"refuse {action.name}")
    raise Refused(action.name)


def _stuck(rnd):
    rnd.log.append("stuck")
    raise Stuck


def _goes_round(rnd, state):
    rnd.log.append(f"goes round {state}")
    raise GoesRound(state)


def _pass_holds(rnd, t, found) -> bool:
    """The pass's turn guard as the runtime answers it for what the scan found (``turns.pass_holds``)."""
    return found is not None and rnd.machine.members[t.index] == found[1]


STUBS = {MARK: lambda test: test, "begin_step": _begin_step, "end_step": _end_step,
         "traced": lambda rnd, t: rnd.log.append(f"traced {t.trigger}"), "decide": _decide,
         "begin_decision": lambda rnd, action: rnd.log.append("begin decision"),
         "end_decision": lambda rnd: rnd.log.append("end decision"), "refuse": _refuse, "stuck": _stuck,
         "goes_round": _goes_round, "pass_holds": _pass_holds}


def _functions(machine: BoundMachine, placed=frozenset(), trace=False) -> dict:
    """Each state's skeleton as a function run with :data:`STUBS`, logging the state it is called for."""
    ns = Namespace(generate_module.LOCALS | {MARK})
    skeletons = _skeleton(machine.spec, machine, frozenset(placed), ns, trace)
    names = {**ns.values, **STUBS}
    functions = {}
    for state, text in skeletons.items():
        exec(text, names)  # noqa: S102 - the skeleton under test
        functions[state] = _called(state, names[re.match(r"def (\w+)", text).group(1)])
    return functions


def _called(state: str, function):
    def called(rnd, choose):
        rnd.log.append(f"@{state}")
        return function(rnd, choose)
    return called


def _played(machine: BoundMachine, state: str | None = None, placed=frozenset(), trace=False, **script) -> list:
    """The log of a round played from ``state`` (the initial one) by ``play`` over the skeletons; an exception's
    class name ends it."""
    rnd = Scripted(machine, state or machine.spec.initial, **script)
    try:
        _player(_functions(machine, placed, trace), lambda rnd: rnd.state)(rnd, None)
    except (Refused, Stuck, GoesRound) as stopped:
        rnd.log.append(type(stopped).__name__)
    return rnd.log


# -- the dealer's transitions ------------------------------------------------------------------------------------
DEALER = _machine("{trigger: x, source: s, dest: end, when: [first], do: [deal]}",
                  "{trigger: y, source: s, dest: end, when: [second], unless: [third]}",
                  "{trigger: z, source: s, dest: end, do: [deal, pay]}")

DEALER_CASES = {
    "the first holds": ({"first"}, ["@s", "first?", "begin x", "deal", "end x", "@end"]),
    "the first fails, the second holds": ({"second"}, ["@s", "first?", "second?", "third?", "begin y", "end y",
                                                       "@end"]),
    "an unless holding stops it": ({"second", "third"}, ["@s", "first?", "second?", "third?", "begin z", "deal",
                                                         "pay", "end z", "@end"]),
    "none guarded holds: the unguarded one": ((), ["@s", "first?", "second?", "begin z", "deal", "pay", "end z",
                                                   "@end"]),
}


@pytest.mark.parametrize("holds, log", DEALER_CASES.values(), ids=DEALER_CASES)
def test_the_dealer_s_first_transition_whose_guards_hold_fires_its_actions_in_order(holds, log):
    assert _played(DEALER, holds=holds) == log


def test_a_traced_function_notes_each_transition_before_its_actions():
    assert _played(DEALER, holds={"first"}, trace=True) == ["@s", "first?", "begin x", "traced x", "deal", "end x",
                                                            "@end"]


def test_a_state_with_no_transition_holding_and_nobody_deciding_is_stuck():
    machine = _machine("{trigger: x, source: s, dest: end, when: [first]}")
    assert _played(machine) == ["@s", "first?", "stuck", "Stuck"]


def test_a_final_state_ends_the_round():
    assert _played(DEALER, state="end") == ["@end"]


def test_a_round_over_before_it_starts_calls_no_state():
    rnd = Scripted(DEALER, "s")
    rnd.state = None
    assert _player(_functions(DEALER), lambda rnd: rnd.state)(rnd, None) is rnd and rnd.log == []


# -- a deal's steps fired straight through ------------------------------------------------------------------------
THROUGH = _machine("{trigger: start, source: s, dest: a, do: [deal]}",
                   "{trigger: onward, source: a, dest: b}",  # a: one unguarded transition, nothing else: fired through
                   "{trigger: guarded, source: b, dest: c, when: [first]}",
                   "{trigger: also, source: b, dest: c, when: [second]}",
                   "{trigger: one, source: c, dest: d, when: [first]}",  # c: two transitions
                   "{trigger: two, source: c, dest: d}",
                   "{trigger: last, source: d, dest: end}")


def test_a_state_with_one_unguarded_transition_is_fired_through_not_entered():
    assert _played(THROUGH, holds={"first": 1}) == [
        "@s", "begin start", "deal", "end start", "begin onward", "end onward",  # a is passed through
        "@b", "first?", "begin guarded", "end guarded",  # b's transition has guards: the round enters b
        "@c", "first?", "begin two", "end two", "begin last", "end last",  # c has two: entered; d passed through
        "@end"]


def test_a_chain_of_states_fired_through_passes_through_thirteen_at_most():
    machine = _machine(*(f"{{trigger: t{n}, source: s{n}, dest: s{n + 1}}}" for n in range(16)),
                       "{trigger: last, source: s16, dest: end}")
    log = _played(machine)
    entered = [entry for entry in log if entry.startswith("@")]
    assert entered == ["@s0", "@s14", "@end"]
    assert log[:log.index("@s14")] == ["@s0", *(f"{edge} t{n}" for n in range(14) for edge in ("begin", "end"))]


CYCLE = _machine("{trigger: go, source: s, dest: a, when: [first]}", "{trigger: ab, source: a, dest: b}",
                 "{trigger: ba, source: b, dest: a}", "{trigger: stop, source: s, dest: end}")
CYCLE_CASES = {
    "entered from outside": ("s", ["@s", "first?", "begin go", "end go", "begin ab", "end ab", "begin ba", "end ba"],
                             "a"),
    "from within": ("a", ["@a", "begin ab", "end ab", "begin ba", "end ba", "begin ab", "end ab"], "b"),
}


@pytest.mark.parametrize("state, log, answer", CYCLE_CASES.values(), ids=CYCLE_CASES)
def test_a_cycle_of_states_fired_through_stops_at_a_state_it_passed_through(state, log, answer):
    """Each of a and b has one unguarded transition, to the other: a state's function fires through them until it
    would fire through a state it already went through, and answers that state."""
    rnd = Scripted(CYCLE, state, holds={"first"})
    assert _functions(CYCLE)[state](rnd, None) == answer
    assert rnd.log == log


# -- a transition back to the state: the state's function goes on at its top --------------------------------------
AGAIN = _machine("{trigger: again, source: s, dest: s, when: [first], do: [deal]}",
                 "{trigger: done, source: s, dest: end}")


def test_a_transition_back_to_its_state_goes_on_in_the_state_s_function():
    assert _played(AGAIN, holds={"first": 2}) == [
        "@s", "first?", "begin again", "deal", "end again", "first?", "begin again", "deal", "end again",
        "first?", "begin done", "end done", "@end"]


def test_a_state_turning_back_to_itself_is_stopped_after_the_most_steps(monkeypatch):
    """Past :data:`MOST_STEPS` turns back (a guarded loop nothing changes) the round is stopped at the state."""
    monkeypatch.setattr(generate_module, "MOST_STEPS", 3)
    log = _played(AGAIN, holds={"first"})
    assert log.count("begin again") == 4 and log[-2:] == ["goes round s", "GoesRound"]
    assert log.count("@s") == 1


def test_turns_back_are_counted_on_the_round_over_every_visit_of_the_state(monkeypatch):
    """Turns back are counted on the round (``steps_fired``, as the other engines count its transitions), not afresh
    at each visit of the state: a round that turned back twice before is stopped at its second turn back now."""
    monkeypatch.setattr(generate_module, "MOST_STEPS", 3)
    rnd = Scripted(AGAIN, "s", holds={"first"})
    rnd.steps_fired = 2
    with pytest.raises(GoesRound):
        _player(_functions(AGAIN), lambda rnd: rnd.state)(rnd, None)
    assert rnd.log.count("begin again") == 2 and rnd.steps_fired == 4


def test_a_state_not_turning_back_to_itself_is_no_loop():
    assert "while True" not in _skeleton(DEALER.spec, DEALER, frozenset(), Namespace(set()), False)["s"]


# -- decisions ---------------------------------------------------------------------------------------------------
DECISIONS = _machine("{trigger: wait, source: d, dest: end, when: [third]}",
                     "{trigger: stand, by: player, source: d, dest: end}",
                     "{trigger: hit, by: player, source: d, dest: d, when: [first], do: [deal]}",
                     "{trigger: double, by: player, source: d, dest: end, when: [second], do: [pay]}",
                     "{trigger: hit, by: player, source: d, dest: end, when: [second]}",
                     "{trigger: hit, by: player, source: d, dest: end, do: [pay]}",
                     "{trigger: hit, by: player, source: d, dest: end, do: [deal]}")  # after one unguarded: never

DECIDED = ["begin decision"]
DECISION_CASES = {
    "the dealer's transition first": ({"third"}, [], ["third?", "begin wait", "end wait"]),
    "a decision's one transition": ((), ["stand"], ["third?", "decide stand", *DECIDED, "begin stand", "end stand",
                                                    "end decision"]),
    "a hit back to the state, then a stand": (
        {"first": 1}, ["hit", "stand"], ["third?", "decide hit", *DECIDED, "first?", "begin hit", "deal", "end hit",
                                         "end decision", "third?", "decide stand", *DECIDED, "begin stand",
                                         "end stand", "end decision"]),
    "the first of a decision's transitions whose guards hold": (
        {"second": 1}, ["hit"], ["third?", "decide hit", *DECIDED, "first?", "second?", "begin hit", "end hit",
                                 "end decision"]),
    "its unguarded transition when no guarded one holds": (
        (), ["hit"], ["third?", "decide hit", *DECIDED, "first?", "second?", "begin hit", "pay", "end hit",
                      "end decision"]),
}


@pytest.mark.parametrize("holds, decisions, log", DECISION_CASES.values(), ids=DECISION_CASES)
def test_a_decision_fires_the_first_of_its_transitions_whose_guards_hold(holds, decisions, log):
    assert _played(DECISIONS, holds=holds, decisions=decisions) == ["@d", *log, "@end"]


def test_a_state_only_players_leave_asks_for_a_decision_at_once():
    machine = _machine("{trigger: stand, by: player, source: d, dest: end}")
    assert _played(machine, decisions=["stand"]) == ["@d", "decide stand", *DECIDED, "begin stand", "end stand",
                                                     "end decision", "@end"]


REFUSED_CASES = {
    "its guards fail": ("double", ["second?"]),
    "no transition takes it": ("surrender", []),
}


@pytest.mark.parametrize("decision, asked", REFUSED_CASES.values(), ids=REFUSED_CASES)
def test_a_decision_no_transition_takes_is_refused(decision, asked):
    assert _played(DECISIONS, decisions=[decision]) == ["@d", "third?", f"decide {decision}", *DECIDED, *asked,
                                                        "end decision", f"refuse {decision}", "Refused"]


def test_a_decision_s_transitions_after_an_unguarded_one_are_not_written():
    skeleton = _skeleton(DECISIONS.spec, DECISIONS, frozenset(), Namespace(set()), False)["d"]
    assert skeleton.count("begin_step(rnd, T_") == 6 and "T_6" not in skeleton


# -- a pass round the table ----------------------------------------------------------------------------------------
TURNS = '{each: player, from: dealer_left, cite: "(a)", holding: [side]}'
PASS = _machine("{trigger: start, source: s, dest: p, do: [deal]}",
                f"{{trigger: paid, source: p, dest: p, when: [wins], do: [pay], turns: {TURNS}}}",
                f"{{trigger: taken, source: p, dest: p, when: [loses], turns: {TURNS}}}",
                "{trigger: done, source: p, dest: end}")
WALK = next(iter(PASS.passes))


def _walks(units=("A", "B", "C"), at=0) -> dict:
    return {WALK: SimpleNamespace(units=list(units), at=at)}


def test_a_pass_takes_each_unit_s_turn_from_the_first_with_one():
    """The scan asks each unit, from the walk's position on, each of the pass's transitions in file order; the
    transition it found for the first unit with a turn fires, taking that unit's turn, and the pass goes on."""
    log = _played(PASS, "p", {"side"}, holds={"loses B", "wins C"}, walks=_walks())
    assert log == ["@p", "wins A?", "loses A?", "wins B?", "loses B?", "begin taken (1, 1)", "end taken",
                   "wins C?", "begin paid (2, 0)", "pay", "end paid", "begin done", "end done", "@end"]


def test_a_pass_scans_from_the_walk_s_position():
    log = _played(PASS, "p", {"side"}, holds={"wins A", "wins C"}, walks=_walks(at=1))
    assert log[:5] == ["@p", "wins B?", "loses B?", "wins C?", "begin paid (2, 0)"]


def test_a_pass_with_no_walk_started_asks_no_unit():
    assert _played(PASS, "p", {"side"}, holds={"wins A"}) == ["@p", "begin done", "end done", "@end"]


@pytest.mark.parametrize("placed", [set(), {"other"}], ids=["no wager", "another wager"])
def test_a_pass_over_nobody_holding_its_wagers_is_left_out(placed):
    """Left out, the pass's state has one unguarded transition left: it is fired through."""
    assert _played(PASS, placed=placed, holds={"wins A"}, walks=_walks()) == [
        "@s", "begin start", "deal", "end start", "begin done", "end done", "@end"]


def test_a_pass_over_a_wager_placed_is_scanned():
    log = _played(PASS, placed={"side", "other"}, holds={"wins A"}, walks=_walks())
    assert log[:7] == ["@s", "begin start", "deal", "end start", "@p", "wins A?", "begin paid (0, 0)"]


def test_a_pass_s_transition_without_guards_takes_every_unit_s_turn():
    machine = _machine("{trigger: done, source: p, dest: end, when: [first]}",
                       f"{{trigger: paid, source: p, dest: p, when: [wins], do: [pay], turns: {TURNS}}}",
                       f"{{trigger: pushed, source: p, dest: p, turns: {TURNS}}}")
    walk = next(iter(machine.passes))
    log = _played(machine, "p", {"side"}, holds={"wins B"}, walks={walk: SimpleNamespace(units=["A", "B"], at=0)})
    assert log == ["@p", "first?", "wins A?", "begin pushed (0, 1)", "end pushed", "first?", "wins B?",
                   "begin paid (1, 0)", "pay", "end paid", "first?", "stuck", "Stuck"]


def test_a_state_of_one_pass_transition_without_guards_is_entered_not_fired_through():
    machine = _machine("{trigger: start, source: s, dest: p, when: [first]}", "{trigger: stop, source: s, dest: end}",
                       f"{{trigger: pushed, source: p, dest: p, turns: {TURNS}}}")
    walk = next(iter(machine.passes))
    log = _played(machine, placed={"side"}, holds={"first"}, walks={walk: SimpleNamespace(units=["A"], at=0)})
    assert log == ["@s", "first?", "begin start", "end start", "@p", "begin pushed (0, 0)", "end pushed", "stuck",
                   "Stuck"]


# -- the round function of a game ----------------------------------------------------------------------------------
@pytest.fixture()
def toy():
    game = load_game("high-card", engine="fast")
    game.engine.made.clear()  # made afresh for each test
    yield game
    game.engine.made.clear()


def _choose(rnd, legal) -> str:
    return "double" if "double" in legal else "stand"


SEATS = {1: {"high_card": 10}, 3: {"high_card": 5}}


@pytest.mark.parametrize("record", ["settlements", "totals"])
def test_rounds_played_by_the_function_settle_as_the_compiled_runner_s(toy, record):
    compiled = load_game("high-card", engine="compiled")
    fast_table, compiled_table = toy.new_table(seed=7), compiled.new_table(seed=7)
    for _ in range(40):  # the shoe runs under half a deck: the shuffle's loop back to round_start
        fast = toy.engine.play_out(Unrecorded(toy, fast_table, SEATS, record=record), _choose)
        want = compiled.engine.play_out(Unrecorded(compiled, compiled_table, SEATS, record=record), _choose)
        assert fast.is_over and fast.totals() == want.totals()
        if record == "settlements":
            assert fast.settlement() == want.settlement()


def test_a_state_s_function_is_made_when_a_round_first_enters_it(toy):
    rnd = Unrecorded(toy, toy.new_table(seed=1), SEATS)
    made = toy.engine.function(rnd)
    assert all(isinstance(step, _Unmade) for step in made.names["STEPS"].values()) and not made.sources
    toy.engine.play_out(rnd, _choose)
    entered = {"round_start", "players_deciding", "round_complete"}  # the others are fired through
    assert {state for state, step in made.names["STEPS"].items() if not isinstance(step, _Unmade)} == entered
    assert set(made.sources) == entered


def test_a_state_s_function_is_made_once_and_the_source_makes_them_all(toy):
    made = toy.engine.function(Unrecorded(toy, toy.new_table(seed=1), SEATS))
    first = made.make("players_deciding")
    assert made.make("players_deciding") is first is made.names["STEPS"]["players_deciding"]
    source = made.source
    assert not any(isinstance(step, _Unmade) for step in made.names["STEPS"].values())
    assert made.make("players_deciding") is first
    assert re.findall(r"^def \w+\(rnd, choose\):", source, re.M) == re.findall(r"^def \w+\(rnd, choose\):",
                                                                             made.skeleton, re.M)
    assert source == "\n".join(made.sources[state.id] for state in toy.spec.states)


def _decided_by_the_run(node: ast.AST) -> bool:
    """An ``if`` whose test (or its first operand) is a constant: what the run fixes decides it."""
    test = getattr(node, "test", None)
    return isinstance(node, ast.If) and isinstance(test.values[0] if isinstance(test, ast.BoolOp) else test,
                                                   ast.Constant)


def test_a_state_s_function_is_made_folded_with_its_comprehensions_as_loops(toy):
    """Whether a player may double is the Rules', fixed for the run: no branch on it, nor on any other fixed value, is
    left in the function; nor is a list comprehension (the settlement's unsettled wagers)."""
    tree = ast.parse(toy.engine.function(Unrecorded(toy, toy.new_table(seed=1), SEATS)).source)
    assert "rnd.rules" not in ast.unparse(tree)
    assert not any(_decided_by_the_run(node) or isinstance(node, ast.ListComp) for node in ast.walk(tree))


def test_an_unmade_state_s_function_called_makes_it_and_plays_it(toy):
    rnd = Unrecorded(toy, toy.new_table(seed=1), SEATS)
    made = toy.engine.function(rnd)
    unmade = made.names["STEPS"]["round_start"]
    assert unmade(rnd, _choose) == "players_deciding" and rnd.state == "players_deciding"
    assert made.names["STEPS"]["round_start"] is made.make("round_start") is not unmade


def test_a_traced_round_notes_each_transition_as_it_fires(toy):
    rnd = Unrecorded(toy, toy.new_table(seed=1), SEATS)
    fired = []
    rnd.traced = lambda t: fired.append(t.trigger)
    toy.engine.play_out(rnd, lambda rnd, legal: "stand", trace=True)
    assert fired == ["deal_cards", "begin_decisions", "stand", "stand", "turn_dealer_card", "settle_wagers",
                     "discard_cards"]


def test_a_decision_the_rules_forbid_is_refused_by_the_round_with_its_cite():
    game = load_game("high-card", {"double": False}, engine="fast")
    rnd = Unrecorded(game, game.new_table(seed=1), SEATS)
    with pytest.raises(IllegalAction, match="double") as refused:
        game.engine.play_out(rnd, lambda rnd, legal: "double")
    assert refused.value.cite == "§ 1.1(c)" and rnd.state == "players_deciding"


def test_a_round_whose_state_turns_back_to_it_too_often_is_stopped_at_the_state_s_line(toy, monkeypatch):
    """Three players standing turn the round back to players_deciding three times: past a bound of two, the round
    function stops it, naming the state's line in the machine file."""
    monkeypatch.setattr(generate_module, "MOST_STEPS", 2)
    rnd = Unrecorded(toy, toy.new_table(seed=1), {seat: {"high_card": 10} for seat in (1, 2, 3)})
    with pytest.raises(MachineFileError, match="still going round at state 'players_deciding'") as stopped:
        toy.engine.play_out(rnd, lambda rnd, legal: "stand")
    assert stopped.value.line == toy.spec.state("players_deciding").line


SHOWN = ('  - {trigger: show_box, source: dealer_card_turned, dest: dealer_card_turned, cite: ["(d)"],\n'
         '     ends_turn: true, turns: {each: box, from: dealer_right, cite: "(e)"}, when: [rules_allow_doubling]}\n')


@pytest.mark.parametrize("double", [True, False])
def test_a_pass_of_a_game_s_machine_goes_round_the_units_it_holds_for(tmp_path, double):
    """The toy machine edited: before the wagers are settled, a pass goes round the boxes from the dealer's right,
    each box's turn taken while the Rules allow doubling."""
    text = Path(load_game("high-card").info.machine).read_text(encoding="utf-8")
    at = text.index("  - {trigger: settle_wagers")
    (tmp_path / "high_card.yaml").write_text(text[:at] + SHOWN + text[at:], encoding="utf-8")
    game = load_game("high-card", {"double": double}, engine="fast", machine=tmp_path / "high_card.yaml")
    rnd = Unrecorded(game, game.new_table(seed=1), SEATS)
    fired = []
    rnd.traced = lambda t: fired.append(t.trigger)
    game.engine.play_out(rnd, lambda rnd, legal: "stand", trace=True)
    assert fired == ["deal_cards", "begin_decisions", "stand", "stand", "turn_dealer_card",
                     *["show_box"] * (2 * double), "settle_wagers", "discard_cards"]


def test_a_round_still_going_after_the_most_steps_is_stopped_at_its_state_s_line(monkeypatch):
    monkeypatch.setattr(generate_module, "MOST_STEPS", 5)
    calls = []
    play = _player({"a": lambda rnd, choose: calls.append("a") or "b",
                    "b": lambda rnd, choose: calls.append("b") or "a"}, lambda rnd: "a")
    with pytest.raises(MachineFileError, match=r"still going round at state 'b' after 5 steps") as stopped:
        play(SimpleNamespace(spec=CYCLE.spec), None)
    assert calls == ["a", "b", "a", "b", "a"]
    assert stopped.value.line == CYCLE.spec.state("b").line


def test_a_round_ending_at_its_last_step_is_not_stopped(monkeypatch):
    monkeypatch.setattr(generate_module, "MOST_STEPS", 3)
    steps = iter(["a", "a", None])
    rnd = SimpleNamespace(spec=CYCLE.spec)
    assert _player({"a": lambda rnd, choose: next(steps)}, lambda rnd: "a")(rnd, None) is rnd


def test_goes_round_names_the_state_s_line():
    with pytest.raises(MachineFileError, match="after 10,000 steps") as stopped:
        goes_round(SimpleNamespace(spec=CYCLE.spec), "a")
    assert stopped.value.line == CYCLE.spec.state("a").line


# -- the purity check --------------------------------------------------------------------------------------------
def _generated(machine: BoundMachine):
    return generate(SimpleNamespace(machine=machine, rules=None), frozenset(), "totals", Unrecorded, {})


WRITING = {
    "a transition's when": _machine("{trigger: x, source: s, dest: end, when: [writes_the_round]}"),
    "a transition's unless": _machine("{trigger: x, source: s, dest: end, when: [first], unless: [writes_the_round]}",
                                      "{trigger: y, source: s, dest: end}"),
    "a walk's only": _machine("{trigger: x, source: s, dest: end, when: [reads_the_round]}",
                              turns={"s": '{each: player, from: dealer_left, cite: "(a)", only: [writes_the_round]}'}),
}


@pytest.mark.parametrize("machine", WRITING.values(), ids=WRITING)
def test_a_guard_that_writes_is_refused_when_the_function_is_generated(machine):
    with pytest.raises(WritingGuard, match="writes_the_round"):
        _generated(machine)


def test_guards_that_only_read_are_generated_with_no_state_made_yet():
    made = _generated(_machine("{trigger: x, source: s, dest: end, when: [reads_the_round]}"))
    assert all(isinstance(step, _Unmade) for step in made.names["STEPS"].values())
    assert "traced(" not in made.skeleton  # not traced unless asked
