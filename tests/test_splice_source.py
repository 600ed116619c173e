"""The fast path splices a guard's or an action's own body in place of a call of it, as
:mod:`pa_table_games.fastpath.source` reads it: its early returns folded into ``if``/``else``, and, inside a
condition, the body as one expression. A body read wrongly (a branch lost in folding, a call made twice, never, or in
another order, a parameter's default bound to the wrong name) or spliced where it must stay a call (a return inside a
loop or a ``try``, a ``yield``, ``locals()``) would make the simulation deal rounds other than the other engines', and
the games' own functions meet few of these cases. Each small function below is run beside what the module reads of it
(its statements, its expression), or must be refused.
"""

from __future__ import annotations

import ast
import copy
import functools
import linecache
from collections import Counter

import pytest

from pa_table_games.fastpath.source import Substitute, body_of, definition, pairs

#: what the functions below did, in the order they did it
SEEN: list = []
#: a module's constant
LIMIT = 5


def made(value):
    SEEN.append(("made", value))
    return value


def noted(value):
    SEEN.append(("noted", value))
    return value


def _same(fn):
    return fn


# -- functions spliced ------------------------------------------------------------------------------------------------
def plain(x):
    return x * 2 + LIMIT


def sign(x):
    if x < 0:
        noted("negative")
        return -1
    if x == 0:
        return 0
    return 1


def quiet_sign(x):
    if x < 0:
        return -1
    if x == 0:
        return 0
    return 1


def steps_then_early(items, x):
    items.append(x)
    if x > 2:
        items.append("big")
        return len(items)
    items.append("small")
    return -len(items)


def if_without_return_then_early(x):
    y = x
    if x > 1:
        y = x * 10
    if y > 50:
        return y
    return -y


def early_bare_return(items, x):
    if not x:
        items.append("none")
        return
    items.append(x)


def last_if_without_else(x):
    noted(x)
    if x > 0:
        return x


def last_if_else(x):
    if x > 0:
        if x > 5:
            return "big"
        else:
            return "small"
    else:
        return "none"


def no_return(items, x):
    items.append(x)


def documented(x):
    """What it does."""
    return x + 1


def only_documented(x):
    """Nothing but this."""


def with_defaults(a, b=2, c=3, *rest, k, m=7):
    return (a, b, c, rest, k, m)


def positional_default(a, /, b=4):
    return a - b


def local_once(x):
    a = x + 1
    return a * 2


def locals_chained(x):
    a = x + 1
    b = a * 2
    return b - a


def tuple_assigned(x):
    a, b = x, x + 1
    return b * a


def call_once(x):
    a = made(x)
    return a + 1


def call_twice(x):
    a = made(x)
    return a + a


def call_twice_first_in_test(x):
    a = made(x)
    return a.real if a > 0 else -a


def call_twice_first_in_and(x):
    a = made(x)
    return a and a + 1


def call_in_first_comparison(x):
    a = made(x)
    return 0 < a < 10


def calls_nested(x):
    a = made(x)
    b = made(a + 1)
    return b * 10


def unread_no_call(x):
    a = x.real
    return 1


def if_else_returns(x):
    if x > 0:
        a = made(x)
        return a * a
    else:
        return -x


def early_returns_of_calls(x):
    if x < 0:
        return made(-x)
    b = made(x)
    return b + b


def bare_return(x):
    return


def assignments_only(x):
    a = x


def read_in_lambda_no_call(x):
    a = x + 1
    return (lambda: a)()


@_same
@_same
def decorated(x):
    return x - 1


def star_args(first, *rest):
    return first + sum(rest)


def keyword_only(x, *, by=3):
    return x * by


# -- spliced, but not as one expression -----------------------------------------------------------------------------
def a_statement_first(x):
    noted(x)
    return x


def call_never_read(x):
    a = made(x)
    return x


def call_read_in_later_or(x):
    a = made(x)
    return x or a


def call_read_in_branch(x):
    a = made(x)
    return a if x else 0


def call_read_in_later_comparison(x):
    a = made(x)
    return 0 < x < a


def call_read_in_lambda(x):
    a = made(x)
    return (lambda: a)()


def call_read_in_comprehension(x):
    a = made(x)
    return [a for _ in range(2)]


def call_read_twice_first_in_later_and(x):
    a = made(x)
    return x and a + a


def parameter_assigned(x):
    x = x + 1
    return x


def parameter_augmented(n):
    n += 1
    return n


def local_assigned_twice(x):
    a = x
    a = a + 1
    return a


def two_targets(x):
    a = b = x
    return a + b


def tuple_from_call(x):
    a, b = made((x, x + 1))
    return a + b


def starred_target(x):
    a, *b = x, 1, 2
    return a + len(b)


def branch_with_statement(x):
    if x:
        noted(x)
        return 1
    else:
        return 2


def loop_then_return(items):
    for item in items:
        noted(item)
    return len(items)


def attribute_assigned(items, x):
    items.x = x
    return x


# -- refused: called, never spliced ----------------------------------------------------------------------------------
def return_in_for(items):
    for item in items:
        if item:
            return item
    return None


def return_in_while(n):
    while n:
        return n
    return 0


def return_in_try(x):
    try:
        return 10 // x
    except ZeroDivisionError:
        return None


def return_in_with(lock):
    with lock:
        return 1


def return_in_for_else(items):
    for _item in items:
        pass
    else:
        return 1


def return_in_loop_in_last_if(items):
    if items:
        for item in items:
            return item
    else:
        return None


def return_in_try_in_last_else(x):
    if x:
        return 1
    else:
        try:
            return 10 // x
        except ZeroDivisionError:
            return None


def return_not_last(x):
    return x
    x = 2  # noqa: F841


def return_then_more_in_branch(x):
    if x:
        return 1
        x = 2  # noqa: F841
    return 0


def early_return_with_else(items, x):
    if x:
        return 1
    else:
        items.append(x)
    return 0


def early_return_in_elif(x):
    if x == 1:
        return 1
    elif x == 2:
        return 2
    return 3


def return_in_match(x):
    match x:
        case 1:
            return 1
        case _:
            return 2


def yields(x):
    yield x


def yields_from(x):
    yield from x


async def awaits(x):
    return await x


async def coroutine_without_await(x):
    return x


async def async_generator(x):
    yield x


def declares_global(x):
    global LIMIT
    return LIMIT + x


def _with_nonlocal():
    count = 0

    def bumped(x):
        nonlocal count
        count += x
        return count

    return bumped


def nested_def(x):
    def inner():
        return x

    return inner()


def nested_class(x):
    class Inner:
        pass

    return Inner


def keywords(**named):
    return sorted(named)


def reads_locals(x):
    return locals()


def reads_vars(x):
    return vars()


def calls_super(self):
    return super()


def calls_eval(x):
    return eval(x)  # noqa: S307


def calls_exec(x):
    exec(x)  # noqa: S102


def names_class(self):
    return __class__  # noqa: F821


def reads_private(box):
    return box.__hidden


def reads_private_name(x):
    return __secret + x  # noqa: F821


def reads_dunder(box):
    return box.__len__()


def _with_cell(value):
    def read(x):
        return x + value

    return read


def twin(x):
    return "first"


first_twin = twin


def twin(x):  # noqa: F811 - a second function of the name, on another line
    return "second"


# -- the harness ------------------------------------------------------------------------------------------------------
def _rebuilt(fn, statements: list[ast.stmt]):
    """A function of ``fn``'s parameters as the module reads them (defaults as it gives them) running ``statements``
    in ``fn``'s module."""
    body = body_of(fn)
    names = dict(fn.__globals__)
    names.update({f"_default_{name}": value for name, value in body.defaults.items()})
    args = ast.arguments(
        posonlyargs=[], args=[ast.arg(p) for p in body.params],
        vararg=ast.arg(body.vararg) if body.vararg else None, kwonlyargs=[ast.arg(k) for k in body.kwonly],
        kw_defaults=[ast.Name(f"_default_{k}", ast.Load()) if k in body.defaults else None for k in body.kwonly],
        kwarg=None, defaults=[ast.Name(f"_default_{p}", ast.Load()) for p in body.params if p in body.defaults])
    made_fn = ast.FunctionDef("rebuilt", args, list(statements) or [ast.Pass()], [], None)
    module = ast.fix_missing_locations(ast.Module([made_fn], []))
    exec(compile(module, "<case>", "exec"), names)  # noqa: S102 - the cases above
    return names["rebuilt"]


def _outcomes(fn, calls) -> list:
    """For each call: what ``fn`` answers (or the exception it raises), what it did, and its arguments after."""
    seen = []
    for args, kwargs in calls:
        args, kwargs = copy.deepcopy(args), copy.deepcopy(kwargs)
        SEEN.clear()
        try:
            answer = fn(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - compared, not hidden
            answer = type(error)
        seen.append((answer, list(SEEN), args, kwargs))
    return seen


def _calls(*args_lists, **kwargs) -> list:
    return [(args, kwargs) for args in args_lists]


NUMBERS = _calls((-3,), (0,), (1,), (4,), (7,), (12,))

#: every function below can be spliced; its statements as read run as it runs, for each call
SPLICED = {
    "one return": (plain, NUMBERS),
    "early returns": (sign, NUMBERS),
    "early returns, no effects": (quiet_sign, NUMBERS),
    "statements before an early return": (steps_then_early, _calls(([], 1), ([], 3), ([0], 5))),
    "an if without a return before an early return": (if_without_return_then_early, NUMBERS),
    "an early bare return": (early_bare_return, _calls(([], 0), ([], 2))),
    "a last if without else": (last_if_without_else, NUMBERS),
    "a last if/else, nested": (last_if_else, NUMBERS),
    "no return": (no_return, _calls(([], 1))),
    "a doc string": (documented, NUMBERS),
    "only a doc string": (only_documented, NUMBERS),
    "defaults, a star and keyword-only parameters": (with_defaults, [
        ((1,), {"k": 0}), ((1, 5), {"k": 0}), ((1, 5, 6, 8, 9), {"k": 0, "m": 1})]),
    "a positional-only parameter and a default": (positional_default, _calls((1,), (1, 2))),
    "a local read once": (local_once, NUMBERS),
    "locals naming the ones before": (locals_chained, NUMBERS),
    "a tuple assigned": (tuple_assigned, NUMBERS),
    "a local made by a call, read once": (call_once, NUMBERS),
    "a local made by a call, read twice": (call_twice, NUMBERS),
    "read twice, first in a conditional's test": (call_twice_first_in_test, NUMBERS),
    "read twice, first in an and's first operand": (call_twice_first_in_and, NUMBERS),
    "read in a comparison's first two operands": (call_in_first_comparison, NUMBERS),
    "a local made by a call of a local made by a call": (calls_nested, NUMBERS),
    "a local made by no call, never read": (unread_no_call, NUMBERS),
    "an if/else of returns": (if_else_returns, NUMBERS),
    "early returns of calls": (early_returns_of_calls, NUMBERS),
    "a bare return": (bare_return, NUMBERS),
    "assignments only": (assignments_only, NUMBERS),
    "a local made by no call, read in a lambda": (read_in_lambda_no_call, NUMBERS),
    "two decorators": (decorated, NUMBERS),
    "a star": (star_args, _calls((1,), (1, 2, 3))),
    "a keyword-only default": (keyword_only, [((2,), {}), ((2,), {"by": 5})]),
    "a statement first": (a_statement_first, NUMBERS),
    "a local made by a call, never read": (call_never_read, NUMBERS),
    "a local made by a call, read in a later operand of or": (call_read_in_later_or, NUMBERS),
    "a local made by a call, read in a conditional's branch": (call_read_in_branch, NUMBERS),
    "a local made by a call, read in a comparison's later operand": (call_read_in_later_comparison, NUMBERS),
    "a local made by a call, read in a lambda": (call_read_in_lambda, NUMBERS),
    "a local made by a call, read in a comprehension": (call_read_in_comprehension, NUMBERS),
    "read twice, first in a later operand of and": (call_read_twice_first_in_later_and, NUMBERS),
    "a parameter assigned": (parameter_assigned, NUMBERS),
    "a parameter augmented": (parameter_augmented, NUMBERS),
    "a local assigned twice": (local_assigned_twice, NUMBERS),
    "two targets": (two_targets, NUMBERS),
    "a tuple made by a call": (tuple_from_call, NUMBERS),
    "a starred target": (starred_target, NUMBERS),
    "a branch with a statement": (branch_with_statement, NUMBERS),
    "a loop, then a return": (loop_then_return, _calls(([],), ([1, 2],))),
}

#: of those, the ones whose body is one expression
AS_EXPRESSION = ["one return", "early returns, no effects", "a last if/else, nested", "a doc string",
                 "defaults, a star and keyword-only parameters", "a positional-only parameter and a default",
                 "a local read once", "locals naming the ones before", "a tuple assigned",
                 "a local made by a call, read once", "a local made by a call, read twice",
                 "read twice, first in a conditional's test", "read twice, first in an and's first operand",
                 "read in a comparison's first two operands", "a local made by a call of a local made by a call",
                 "a local made by no call, never read", "an if/else of returns", "early returns of calls",
                 "a bare return", "a local made by no call, read in a lambda", "two decorators",
                 "a star", "a keyword-only default"]
NOT_AS_EXPRESSION = [name for name in SPLICED if name not in AS_EXPRESSION]


@pytest.mark.parametrize("fn, calls", SPLICED.values(), ids=SPLICED)
def test_a_spliced_body_s_statements_do_what_the_function_does(fn, calls):
    body = body_of(fn)
    assert body is not None
    assert _outcomes(_rebuilt(fn, body.statements), calls) == _outcomes(fn, calls)


@pytest.mark.parametrize("name", AS_EXPRESSION)
def test_a_body_that_is_one_expression_answers_and_acts_as_the_function(name):
    fn, calls = SPLICED[name]
    body = body_of(fn)
    assert body.expression is not None
    assert _outcomes(_rebuilt(fn, [ast.Return(body.expression)]), calls) == _outcomes(fn, calls)
    assert _outcomes(_rebuilt(fn, body.statements), calls) == _outcomes(fn, calls)  # its statements left as they were


@pytest.mark.parametrize("name", NOT_AS_EXPRESSION)
def test_a_body_that_as_one_expression_would_act_otherwise_is_no_expression(name):
    body = body_of(SPLICED[name][0])
    assert body is not None and body.expression is None and body.expression_locals == frozenset()


def test_early_returns_become_if_else_with_the_rest_as_the_else():
    body = body_of(sign)
    assert ast.unparse(ast.Module(list(body.statements), [])) == (
        "if x < 0:\n    noted('negative')\n    return -1\nelif x == 0:\n    return 0\nelse:\n    return 1")


SHAPES = {
    "a local read once is its value in place": (local_once, "(x + 1) * 2", set()),
    "a local made by a call read once is the call in place": (call_once, "made(x) + 1", set()),
    "a local made by a call read twice is made at its first read": (call_twice, "(a := made(x)) + a", {"a"}),
    "made in a conditional's test": (call_twice_first_in_test, "a.real if (a := made(x)) > 0 else -a", {"a"}),
    "an if/else is a conditional": (if_else_returns, "(a := made(x)) * a if x > 0 else -x", {"a"}),
    "early returns are conditionals": (quiet_sign, "-1 if x < 0 else 0 if x == 0 else 1", set()),
    "a local made by a call and one made of it": (calls_nested, "made(made(x) + 1) * 10", set()),
    "a local made in one branch": (early_returns_of_calls, "made(-x) if x < 0 else (b := made(x)) + b", {"b"}),
    "a bare return is None": (bare_return, "None", set()),
}


@pytest.mark.parametrize("fn, text, named", SHAPES.values(), ids=SHAPES)
def test_the_body_as_one_expression_is_written_so(fn, text, named):
    """The shape is what a condition spliced reads (each call once, where it was made)."""
    body = body_of(fn)
    assert ast.unparse(body.expression) == text
    assert body.expression_locals == frozenset(named)


@pytest.mark.parametrize("fn", [
    return_in_for, return_in_while, return_in_try, return_in_with, return_in_for_else, return_in_loop_in_last_if,
    return_in_try_in_last_else, return_not_last,
    return_then_more_in_branch, early_return_with_else, early_return_in_elif, return_in_match, yields, yields_from,
    awaits, coroutine_without_await, async_generator, declares_global, _with_nonlocal(), nested_def, nested_class,
    keywords, reads_locals, reads_vars, calls_super, calls_eval, calls_exec, names_class, reads_private,
    reads_private_name, len, lambda x: x, functools.partial(plain, 1), _with_cell, plain.__get__(object()),
], ids=lambda fn: getattr(fn, "__name__", type(fn).__name__))
def test_a_function_that_cannot_be_spliced_is_called(fn):
    assert body_of(fn) is None


def test_a_dunder_name_is_no_private_name():
    assert body_of(reads_dunder) is not None


def test_a_function_with_no_source_is_called():
    names: dict = {}
    exec("def made_here(x):\n    return x\n", names)  # noqa: S102
    assert body_of(names["made_here"]) is None and definition(names["made_here"]) is None


@pytest.mark.parametrize("lines", [["def broken(x:\n", "    return x\n"], ["def nul(x):\n", "    return '\0'\n"]],
                         ids=["a syntax error", "a null byte"])
def test_a_function_whose_source_cannot_be_parsed_is_called(lines):
    filename = f"<unparsable {lines[0][4:9]}>"
    names: dict = {}
    exec(compile("def broken(x):\n    return x\n", filename, "exec"), names)  # noqa: S102
    linecache.cache[filename] = (len("".join(lines)), None, lines, filename)
    try:
        assert body_of(names["broken"]) is None
    finally:
        del linecache.cache[filename]


def test_each_of_two_functions_of_one_name_is_its_own_definition():
    assert ast.unparse(body_of(first_twin).expression) == "'first'"
    assert ast.unparse(body_of(twin).expression) == "'second'"
    assert definition(first_twin).name == "twin" and definition(first_twin) is not definition(twin)


def test_a_function_is_read_once():
    assert body_of(call_twice) is body_of(call_twice)


def test_a_body_counts_the_reads_of_each_name():
    """Stores, the doc string and the parameters' names in the signature are not reads."""
    assert body_of(locals_chained).reads == Counter({"x": 1, "a": 2, "b": 1})
    assert body_of(call_twice).reads == Counter({"made": 1, "x": 1, "a": 2})
    assert body_of(documented).reads == Counter({"x": 1})
    assert body_of(sign).reads == Counter({"x": 2, "noted": 1})


LOCALS = {
    "assigned": (locals_chained, {"a", "b"}, set()),
    "none": (plain, set(), set()),
    "read by a lambda (a cell)": (read_in_lambda_no_call, {"a"}, set()),
    "a parameter assigned is no local": (parameter_assigned, set(), {"x"}),
    "a parameter augmented": (parameter_augmented, set(), {"n"}),
    "a tuple's names": (tuple_assigned, {"a", "b"}, set()),
    "a starred name": (starred_target, {"a", "b"}, set()),
}


@pytest.mark.parametrize("fn, local, assigned", LOCALS.values(), ids=LOCALS)
def test_a_body_knows_its_locals_and_the_parameters_it_assigns(fn, local, assigned):
    body = body_of(fn)
    assert body.locals == frozenset(local) and body.assigned_params == frozenset(assigned)


def test_a_star_parameter_assigned_and_a_keyword_only_one_are_assigned_parameters():
    body = body_of(star_assigning)
    assert body.assigned_params == {"rest", "k"} and body.locals == {"a"} and body.expression is None


def star_assigning(first, *rest, k=1):
    rest = rest[1:]
    k = k + 1
    a = 1
    return first, rest, k, a


def test_a_body_knows_its_parameters_and_defaults():
    body = body_of(with_defaults)
    assert (body.params, body.vararg, body.kwonly) == (("a", "b", "c"), "rest", ("k", "m"))
    assert body.defaults == {"b": 2, "c": 3, "m": 7}
    body = body_of(positional_default)
    assert (body.params, body.vararg, body.kwonly, body.defaults) == (("a", "b"), None, (), {"b": 4})
    assert body_of(plain).defaults == {}


def test_a_free_name_is_a_cell_a_global_or_unknown():
    body = body_of(_with_cell(3))
    assert body.free("value") == (True, 3)
    assert body.free("LIMIT") == (True, LIMIT)
    assert body.free("len") == (False, None) and body.free("nowhere") == (False, None)


def _pair(source: str):
    assign = ast.parse(source).body[0]
    found = pairs(assign.targets[0], assign.value)
    return None if found is None else [(name, ast.unparse(value)) for name, value in found]


PAIRS = {
    "a name": ("a = x + 1", [("a", "x + 1")]),
    "a tuple of names": ("a, b = x, y", [("a", "x"), ("b", "y")]),
    "in parentheses": ("(a, b) = (f(x), y)", [("a", "f(x)"), ("b", "y")]),
    "a tuple not written out": ("a, b = t", None),
    "more values": ("a, b = x, y, z", None),
    "fewer values": ("a, b, c = x, y", None),
    "an attribute": ("a.b, c = x, y", None),
    "an item": ("a[0] = x", None),
    "a starred name": ("a, *b = x, y", None),
    "a nested tuple": ("(a, b), c = (x, y), z", None),
    "a list of names": ("[a, b] = x, y", None),
}


@pytest.mark.parametrize("source, expected", PAIRS.values(), ids=PAIRS)
def test_an_assignment_pairs_each_name_with_its_value_or_declines(source, expected):
    assert _pair(source) == expected


def test_substitute_replaces_each_read_by_its_own_copy():
    tree = ast.parse("y = a + a + b(a.c)\na = 1")
    value = ast.parse("f(x)", mode="eval").body
    done = Substitute({"a": value, "z": value}).visit(tree)
    assert ast.unparse(done) == "y = f(x) + f(x) + b(f(x).c)\na = 1"
    calls = [n for n in ast.walk(done) if isinstance(n, ast.Call) and ast.unparse(n) == "f(x)"]
    assert len(calls) == 3 and len({id(c) for c in calls} | {id(value)}) == 4


# -- a body as one expression makes its calls in the body's order ----------------------------------------------------
def made_before_another_call(x):
    a = made(x)
    return noted(x + 1) + a


def two_made_read_in_reverse(x):
    a = made(x)
    b = made(x + 1)
    return b - a


def made_read_first_in_a_value_then_in_a_later_key(x):
    a = made((x, x + 1))
    return {1: a[0], a[1]: 2}


REORDERED = {
    "a local made by a call, read after another call": (made_before_another_call, NUMBERS),
    "two locals made by calls, read in reverse": (two_made_read_in_reverse, NUMBERS),
    "a local made by a call, read in a dict's value before a later key": (
        made_read_first_in_a_value_then_in_a_later_key, NUMBERS),
}


@pytest.mark.parametrize("fn, calls", REORDERED.values(), ids=REORDERED)
def test_a_body_whose_calls_one_expression_would_reorder_is_no_expression(fn, calls):
    """A local made by a call is made where it is first read only if no other call is made before that read (a
    dict's key is read before its value): else the body is spliced as statements."""
    body = body_of(fn)
    assert _outcomes(_rebuilt(fn, body.statements), calls) == _outcomes(fn, calls)
    assert body.expression is None or _outcomes(_rebuilt(fn, [ast.Return(body.expression)]), calls) == \
        _outcomes(fn, calls), ast.unparse(body.expression)


def made_before_another_call_read_first(x):
    a = made(x)
    return a + noted(x + 1)


def two_made_read_in_order(x):
    a = made(x)
    b = made(x + 1)
    return a - b


def made_read_as_a_dict_s_first_key(x):
    a = made(x)
    return {a: 1, 2: noted(x + 1)}


IN_ORDER = {
    "a local made by a call, read before another call": (made_before_another_call_read_first, NUMBERS),
    "two locals made by calls, read in order": (two_made_read_in_order, NUMBERS),
    "a local made by a call, read as a dict's first key": (made_read_as_a_dict_s_first_key, NUMBERS),
}


@pytest.mark.parametrize("fn, calls", IN_ORDER.values(), ids=IN_ORDER)
def test_a_body_whose_calls_stay_in_order_is_still_one_expression(fn, calls):
    body = body_of(fn)
    assert body.expression is not None
    assert _outcomes(_rebuilt(fn, [ast.Return(body.expression)]), calls) == _outcomes(fn, calls)


# -- a local's value is not placed where an inner scope binds a name of its own -------------------------------------
def value_read_under_a_lambda_s_own_name(x):
    a = x + 1
    return (lambda x: a)(10)


def value_read_under_a_comprehension_s_own_name(x):
    a = LIMIT + x
    return [a for LIMIT in range(3)]


def local_s_name_a_lambda_s_parameter(x):
    b = x + 1
    return (lambda b: b * 2)(3)


def local_s_name_a_comprehension_s(x):
    b = x + 1
    return [b for b in range(3)]


def local_assigned_again_by_a_walrus(x):
    a = x + 1
    return (a := x * 2) + a


CAPTURED = {
    "a value read under a lambda's parameter of a name it reads": (value_read_under_a_lambda_s_own_name, NUMBERS),
    "a value read under a comprehension's name it reads": (value_read_under_a_comprehension_s_own_name, NUMBERS),
    "a local's name a lambda's parameter": (local_s_name_a_lambda_s_parameter, NUMBERS),
    "a local's name a comprehension's": (local_s_name_a_comprehension_s, NUMBERS),
    "a local assigned again by :=": (local_assigned_again_by_a_walrus, NUMBERS),
}


@pytest.mark.parametrize("fn, calls", CAPTURED.values(), ids=CAPTURED)
def test_a_local_s_value_is_not_captured_by_an_inner_scope_s_names(fn, calls):
    """A lambda's parameter, a comprehension's name or a ``:=`` binding the local's name, or a name its value reads:
    the value read there would be another thing, so the body is no expression."""
    body = body_of(fn)
    assert _outcomes(_rebuilt(fn, body.statements), calls) == _outcomes(fn, calls)
    assert body.expression is None or _outcomes(_rebuilt(fn, [ast.Return(body.expression)]), calls) == \
        _outcomes(fn, calls), ast.unparse(body.expression)
