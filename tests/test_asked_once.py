"""The fast path asks the guards a run of transitions' tests begins with once (:mod:`pa_table_games.fastpath.asked`)
only where asking them again could not have answered otherwise: for every answer the guards can give, the merged
state fires the transition the state as written fires, asks its guards in the same order, and never asks a guard
more often. Each case is run both ways over every combination of answers. The games' own states meet few of these
cases, so a regression here would show only in a new game's machine."""

from __future__ import annotations

import ast
import itertools
import textwrap

import pytest

from pa_table_games.fastpath.asked import MARK, asked_once, unmark

GUARDS = "ABCDE"


def _state(source: str) -> ast.FunctionDef:
    """``source`` as the body of a state's function ``state(answers, asked)`` (guards ``A``..``E`` are calls)."""
    text = "def state(answers, asked):\n" + textwrap.indent(textwrap.dedent(source).strip("\n"), "    ")
    return unmark(ast.parse(text)).body[0]


def _run(function: ast.FunctionDef, answers: dict[str, bool]) -> tuple[object, list[str]]:
    """What ``function`` returns (or the ``KeyError`` it raises) with each guard answering as ``answers`` says, and
    the guards asked, in order."""
    asked: list[str] = []

    def guard(name: str):
        def answer(*_: object) -> bool:
            asked.append(name)
            return answers[name]
        return answer

    namespace = {name: guard(name) for name in GUARDS} | {MARK: lambda test: test}
    module = ast.fix_missing_locations(ast.Module([function], []))
    exec(compile(module, "<state>", "exec"), namespace)  # noqa: S102 - the cases below
    try:
        return namespace["state"](answers, asked), asked
    except KeyError as err:
        return f"raised {err}", asked


def _merged(source: str) -> ast.FunctionDef:
    function = _state(source)
    function.body = asked_once(function.body)
    return function


def _every_answer():
    for values in itertools.product((False, True), repeat=len(GUARDS)):
        yield dict(zip(GUARDS, values))


def _tests(function: ast.FunctionDef) -> list[str]:
    """Every ``if``'s test, in the order written."""
    return [ast.unparse(node.test) for node in ast.walk(function) if isinstance(node, ast.If)]


#: a state's transitions as the skeleton writes them, and how many times at most a guard is asked once merged
MERGED = {
    "two tests beginning with one guard": ("""
        if ASKED(A() and B()):
            return 'b'
        if ASKED(A() and C()):
            return 'c'
        return None""", 1),
    "three, two guards shared": ("""
        if ASKED(A() and B() and C()):
            return 'c'
        if ASKED(A() and B() and D()):
            return 'd'
        if ASKED(A() and B() and not E()):
            return 'e'
        return None""", 1),
    "a guard shared, a second not": ("""
        if ASKED(A() and B() and C()):
            return 'c'
        if ASKED(A() and D() and C()):
            return 'd'
        return None""", 2),
    "a test that is the shared guards alone ends the run": ("""
        if ASKED(A() and B()):
            return 'b'
        if ASKED(A()):
            return 'a'
        if ASKED(A() and C()):
            return 'c'
        return None""", 1),
    "a spliced guard written as an if-expression": ("""
        if ASKED(False if not A() else B()):
            return 'b'
        if ASKED(C() if A() else False):
            return 'c'
        return None""", 1),
    "a transition that goes on, and what it changes asked again after it": ("""
        if ASKED(A() and B()):
            return 'b'
        if ASKED(A() and C()):
            answers['A'] = False
        if ASKED(A() and D()):
            return 'd'
        return None""", 2),
    "a pass's scan, each transition breaking off": ("""
        found = None
        for unit in (1, 2):
            if ASKED(A(unit) and B(unit)):
                found = (unit, 'b')
                break
            if ASKED(A(unit) and C(unit)):
                found = (unit, 'c')
                break
        return found""", 2),
    "a run inside a loop's body, one that continues": ("""
        seen = []
        for unit in (1, 2):
            if ASKED(A() and B()):
                seen.append('b')
                continue
            if ASKED(A() and C()):
                seen.append('c')
                continue
            seen.append(None)
        return seen""", 2),
    "a run inside a try, a transition that raises": ("""
        try:
            if ASKED(A() and B()):
                raise LookupError('b')
            if ASKED(A() and C()):
                return 'c'
        except LookupError as err:
            return str(err)
        finally:
            if ASKED(D() and E()):
                raise KeyError('e')
            if ASKED(D() and B()):
                raise KeyError('b')
        return None""", 2),
    "a run in an else": ("""
        if answers['E']:
            return 'e'
        else:
            if ASKED(A() and B()):
                return 'b'
            if ASKED(A() and C()):
                return 'c'
        return None""", 1),
    "a run inside a run's merged block": ("""
        if ASKED(A() and B() and C()):
            return 'c'
        if ASKED(A() and B() and D()):
            return 'd'
        if ASKED(A() and E()):
            return 'e'
        return None""", 1),
}


@pytest.mark.parametrize("source, most", MERGED.values(), ids=MERGED)
def test_tests_sharing_their_first_guards_ask_them_once_and_fire_as_written(source, most):
    written, merged = _state(source), _merged(source)
    assert ast.unparse(merged).count("A(") < ast.unparse(written).count("A(")
    for answers in _every_answer():
        fired, asked = _run(written, dict(answers))
        fired_merged, asked_merged = _run(merged, dict(answers))
        assert fired_merged == fired, answers
        assert _subsequence(asked_merged, asked), (answers, asked, asked_merged)
        assert max(map(asked_merged.count, asked_merged), default=0) <= most, answers


def test_a_shared_guard_is_asked_once_where_it_was_asked_at_every_test():
    source = MERGED["three, two guards shared"][0]
    none = dict.fromkeys(GUARDS, True) | {"C": False, "D": False, "E": True}
    assert _run(_state(source), none) == (None, ["A", "B", "C", "A", "B", "D", "A", "B", "E"])
    assert _run(_merged(source), none) == (None, ["A", "B", "C", "D", "E"])
    assert _tests(_merged(source)) == ["A() and B()", "C()", "D()", "not E()"]


def test_what_follows_a_test_of_the_shared_guards_alone_is_never_asked():
    merged = _merged(MERGED["a test that is the shared guards alone ends the run"][0])
    assert _tests(merged) == ["A()", "B()"]
    assert "'c'" not in ast.unparse(merged)


#: runs that must stay as written: merging would ask less than the state as written, or ask otherwise
UNTOUCHED = {
    "one test": """
        if ASKED(A() and B()):
            return 'b'
        return None""",
    "tests beginning with other guards": """
        if ASKED(A() and B()):
            return 'b'
        if ASKED(B() and A()):
            return 'a'
        return None""",
    "a transition that goes on when it fires": """
        if ASKED(A() and B()):
            answers['fired'] = 'b'
        if ASKED(A() and C()):
            return 'c'
        return answers.get('fired')""",
    "an action's own if, not a transition's": """
        if A() and B():
            return 'b'
        if A() and C():
            return 'c'
        return None""",
    "a transition's if with an else": """
        if ASKED(A() and B()):
            return 'b'
        else:
            answers['else'] = True
        if ASKED(A() and C()):
            return 'c'
        return answers.get('else')""",
    "an action's if between two transitions": """
        if ASKED(A() and B()):
            return 'b'
        if A() and D():
            return 'd'
        if ASKED(A() and C()):
            return 'c'
        return None""",
    "a transition with an empty body": """
        if ASKED(A() and B()):
            pass
        if ASKED(A() and C()):
            return 'c'
        return None""",
}


@pytest.mark.parametrize("source", UNTOUCHED.values(), ids=UNTOUCHED)
def test_a_run_whose_second_asking_could_answer_otherwise_is_left_as_written(source):
    written, merged = _state(source), _merged(source)
    assert ast.unparse(merged) == ast.unparse(written)
    for answers in _every_answer():
        assert _run(merged, dict(answers)) == _run(written, dict(answers))


def test_the_mark_is_taken_off_and_only_the_marked_tests_are_transitions():
    function = _state("""
        if ASKED(A()):
            return 1
        if A():
            return 2""")
    assert MARK not in ast.unparse(function)
    marks = [getattr(node, "asked", False) for node in ast.walk(function) if isinstance(node, ast.If)]
    assert marks == [True, False]


def _subsequence(short: list[str], long: list[str]) -> bool:
    rest = iter(long)
    return all(any(item == other for other in rest) for item in short)
