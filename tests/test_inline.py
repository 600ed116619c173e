"""The fast path runs a guard's or an action's own body in place of a call of it
(:mod:`pa_table_games.fastpath.inline`): its parameters bound to the arguments, its locals renamed apart from the
caller's, its returns assigned. A splice that bound a parameter wrongly, let a local overwrite the caller's, lost a
return, made an argument twice or not at all, or spliced what must stay a call (a return inside a ``try`` or a loop,
an unpacked argument, a cold ``except``) would make the simulation deal rounds other than the other engines', often
only at a table few games set. Each case below splices small functions into a caller, runs it beside the original and
compares what both answer and did, in order, and which calls are left.
"""

from __future__ import annotations

import ast
import builtins
import functools
import textwrap
from types import MappingProxyType

import pytest

from pa_table_games.fastpath.fold import Knowns, Namespace
from pa_table_games.fastpath.inline import DEPTH, Splicer
from pa_table_games.runtime.read_only import reads, reads_round

#: what the functions below did, in the order they did it
SEEN: list = []
#: a module's constant, fixed for the run
LIMIT = 5
MODE = "off"


# -- the functions spliced ---------------------------------------------------------------------------------------
def double(x):
    return x * 2


def square(x):
    return x * x


def scaled(x, by=3, *, plus=0):
    SEEN.append(("scaled", x, by, plus))
    product = x * by
    return product + plus


def sign(x):
    if x < 0:
        SEEN.append("negative")
        return -1
    if x == 0:
        return 0
    return 1


def total(a, b):
    result = a + b
    SEEN.append(("total", result))
    return result


def nested(x):
    y = double(x)
    return scaled(y, plus=1)


def guarded(x):
    try:
        return 10 // x
    except ZeroDivisionError:
        return None


def parsed(text):
    try:
        value = int(text)
    except ValueError as error:
        SEEN.append(type(error).__name__)
        value = -1
    return value


def first_over(items, limit):
    for item in items:
        if item > limit:
            return item
    return None


def count_up(n):
    while n < 3:
        SEEN.append(n)
        n += 1
    return n


def noted(x):
    SEEN.append(x)


def noted_then_returned(x):
    SEEN.append(x)
    return


def maybe(x):
    if x > 0:
        return x


def documented(x):
    """Nothing but this."""


def pair(x):
    return x, x + 1


def steps(n):
    SEEN.append(("steps", n))
    return range(n)


def countdown(n):
    if n <= 0:
        return 0
    return countdown(n - 1) + 1


def summed(first, *rest):
    return first + sum(rest)


def keywords(**named):
    return sorted(named)


def ignored(x, note):
    return x + 1


def appended(x, into=SEEN):
    into.append(("appended", x))
    return len(into)


def capped(x):
    cap = 5
    if x > 10:
        cap = 7
    return min(x, cap)


def checked(x):
    mode, extra, how = MODE, 0, double
    if mode == "on":
        SEEN.append(guarded(x))
    return how(x) + LIMIT + extra


def limited(rnd, x):
    if rnd.limit > 5:
        SEEN.append(guarded(x))
    return x


def shifted(items, x, by):
    return list(map(lambda x, at=by: x + at + by, items)) + [x]


def touched(n):
    n += 1
    return "done"


def positional(x, /):
    return x


def over(cards, limit):
    return list(filter(lambda card, limit=limit: card > limit, cards))


def over_by_keyword(cards, limit):
    return list(filter(lambda card, *, at=limit: card > at, cards))


def evens(items, key):
    return [key for key in items if key % 2 == 0], [(a, b) for a in items for b in range(key)], {pair: pair for pair
                                                                                                  in items}


def multiples(items, by):
    return [i * by for i in items if i != by]


def counted():
    SEEN.append("counted")
    return len(SEEN)


def made_twice(n):
    made = counted()
    return made + made + n


def wrapped(n):
    return made_twice(n)


def split_at(cards, at):
    SEEN.append(("split", at))
    return cards[:at], cards[at:]


def _logged(fn):
    @functools.wraps(fn)
    def logging(*args):
        SEEN.append(("logged", fn.__name__))
        return fn(*args)
    return logging


@_logged
def halved(x):
    return x // 2


def drawn(items):
    SEEN.append(("drawn", len(items)))
    return list(items)


def _peek(rnd, x):
    return rnd.count + x


def _peek_safely(rnd, x):
    try:
        return rnd.count + x
    except TypeError:
        return None


peek = reads_round(_peek)
peek_safely = reads_round(_peek_safely)


def _link(following):
    def link(x):
        return following(x) + 1
    return link


def _step(following):
    def step(x):
        y = following(x)
        SEEN.append(("step", y))
        return y + 1
    return step


def _chain(length, link):
    """``length`` functions, each calling the next (in an expression, or as a statement), the last :func:`double`."""
    links = [double]
    for _ in range(length):
        links.append(link(links[-1]))
    return links[::-1]


CHAIN = _chain(DEPTH + 1, _link)
STEPS = _chain(DEPTH + 1, _step)


class Box:
    """A small object of a class known for the whole run (the round's ``box``, like its layout)."""

    def __init__(self, cards):
        self.cards = cards

    @property
    def top(self):
        return self.cards[-1]

    @property
    def size(self):
        SEEN.append("size")
        return len(self.cards)

    @property
    def tops(self):
        return self.cards[-2:]

    builtin = property(len)

    def __len__(self):
        return len(self.cards)

    def card(self, at):
        return self.cards[at]

    def take(self, at=0):
        card = self.cards.pop(at)
        SEEN.append(("take", card))
        return card

    @reads
    def sorted_cards(self):
        return sorted(self.cards)


BOX = Box([7, 8, 9])
card_of = BOX.card


def tally(rnd, n=1):
    rnd.count += n
    SEEN.append(("tally", rnd.count))


class Round:
    """A round as the spliced code reads it: its verbs, its own methods, a box of a known class."""

    limit = 3

    def __init__(self):
        self.count = 0
        self.box = Box([4, 5, 6])

    tally = tally
    peek = peek

    def set(self, obj, name, value):
        setattr(obj, name, value)

    def bump(self, by=1):
        self.count += by
        SEEN.append(("bump", self.count))
        return self.count

    @staticmethod
    def plus_one(x):
        return x + 1

    @reads
    def counted_twice(self):
        return self.count * 2

    def risky(self):
        try:
            return self.count
        finally:
            SEEN.append("risky")


VERBS = {"tally": tally, "set": setattr, "peek": peek}
KNOWNS = Knowns("rnd", MappingProxyType({"limit": 3}), (), MappingProxyType({"box": Box}))
NAMES = {f.__name__: f for f in (double, square, scaled, sign, total, nested, guarded, parsed, first_over, count_up,
                                 noted, noted_then_returned, maybe, documented, pair, steps, countdown, summed,
                                 keywords, ignored, appended, capped, checked, shifted, evens, multiples, counted,
                                 made_twice, drawn, over, over_by_keyword, limited, wrapped, split_at, halved,
                                 touched, positional)}
NAMES |= {"LIMIT": LIMIT, "peek": peek, "peek_safely": peek_safely, "card_of": card_of, "BOX": BOX, "SEEN": SEEN,
          "chain": CHAIN[0], "steps_down": STEPS[0], "Box": Box}


# -- the harness ----------------------------------------------------------------------------------------------------
def _caller(body: str) -> str:
    return "def caller(rnd):\n" + textwrap.indent(textwrap.dedent(body).strip("\n"), "    ") + "\n"


def _splicer(source: str) -> tuple[Splicer, Namespace]:
    """A splicer whose namespace names the functions above (each under its own name), the caller's locals kept apart."""
    ns = Namespace({n.id for n in ast.walk(ast.parse(source)) if isinstance(n, ast.Name) and n.id not in NAMES}
                   | {"caller", "rnd"})
    for name, obj in NAMES.items():
        assert ns.name_for(obj, name) == name
    return Splicer(ns, KNOWNS, Round, VERBS), ns


def _spliced(source: str) -> tuple[ast.Module, Namespace]:
    splicer, ns = _splicer(source)
    return ast.fix_missing_locations(splicer.visit(ast.parse(source))), ns


def _run(tree: ast.Module, ns: Namespace) -> tuple:
    """What ``caller`` answers (or the exception it raises), what the functions did, and the round it leaves."""
    SEEN.clear()
    BOX.cards[:] = [7, 8, 9]
    names = dict(ns.values)
    exec(compile(tree, "<case>", "exec"), names)  # noqa: S102 - the cases above
    rnd = Round()
    try:
        answer = names["caller"](rnd)
    except Exception as error:  # noqa: BLE001 - compared, not hidden
        answer = type(error)
    return answer, list(SEEN), rnd.count, rnd.box.cards, list(BOX.cards)


def _calls(tree: ast.AST, ns: Namespace) -> set[str]:
    """What the code still calls but builtins: a function of the namespace by its own name, a local by its name, a
    method by its attribute."""
    called = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Call):
            func = node.func
            if isinstance(func, ast.Name) and func.id in ns.values:
                called.add(ns.values[func.id].__name__)
            elif isinstance(func, ast.Name) and not hasattr(builtins, func.id):
                called.add(func.id)
            elif isinstance(func, ast.Attribute):
                called.add("." + func.attr)
    return called - {".append", ".pop", "caller"}


def _same(body: str, raises: type | None = None) -> tuple[ast.Module, Namespace]:
    """The caller spliced, after checking it does what the original does (which raises only what it is said to)."""
    source = _caller(body)
    tree, ns = _spliced(source)
    original = _run(ast.parse(source), ns)
    assert (original[0] is raises) if raises else not (isinstance(original[0], type)
                                                        and issubclass(original[0], Exception)), original
    assert _run(tree, ns) == original, ast.unparse(tree)
    return tree, ns


# -- the cases ------------------------------------------------------------------------------------------------------
SPLICED = {
    "a statement": ("noted(1)\nnoted(2)\nreturn 0", set()),
    "an assignment": ("y = double(4)\nreturn y", set()),
    "a default argument": ("y = scaled(2)\nreturn y", set()),
    "a keyword argument": ("y = scaled(2, plus=5)\nz = scaled(x=1, by=2)\nreturn y, z", set()),
    "an argument that is an expression": ("k = 3\ny = scaled(k + 1, by=k * 2)\nreturn y, k", set()),
    "an argument made by a call": ("y = scaled(counted(), by=counted())\nreturn y", set()),
    "an argument of a call never read but made": ("y = ignored(1, counted())\nreturn y", set()),
    "an argument never read nor made by a call": ("y = ignored(1, 'note')\nreturn y", set()),
    "an early return taken": ("r = sign(-4)\nreturn r", set()),
    "an early return not taken": ("r = sign(0)\ns = sign(3)\nreturn r, s", set()),
    "an early return, as a statement": ("sign(-1)\nsign(2)\nreturn 0", set()),
    "the caller's local of the callee's local's name": ("result = 'mine'\nr = total(1, 2)\nreturn result, r", set()),
    "the caller's local of the callee's parameter's name": ("a = 10\nb = 20\nr = total(b, a)\nreturn a, b, r", set()),
    "a call of a call": ("r = nested(3)\nreturn r", set()),
    "a call as another's argument": ("r = scaled(double(2), by=double(3))\nreturn r", set()),
    "the same call twice": ("y = scaled(2)\nz = scaled(2)\nw = scaled(2)\nreturn y, z, w", set()),
    "the same call to two targets": ("y = double(3)\nz = double(3)\nreturn y, z", set()),
    "a parameter assigned in the body": ("k = 0\nr = count_up(k)\nreturn k, r", set()),
    "a parameter assigned, given a value": ("r = count_up(1)\nreturn r", set()),
    "no return": ("r = noted(3)\nreturn r", set()),
    "a bare return": ("r = noted_then_returned(3)\nreturn r", set()),
    "a return only under an if": ("r = maybe(2)\ns = maybe(-2)\nreturn r, s", set()),
    "a body that is only its doc string": ("r = documented(1)\ndocumented(2)\nreturn r", set()),
    "an unpacked answer": ("a, b = pair(3)\nreturn b, a", set()),
    "an unpacked answer of a body of statements": ("a, b = split_at((1, 2, 3), 1)\nreturn b, a", set()),
    "an attribute of an answer": ("return double(3).real, rnd.box.card(0).real", set()),
    "a call spliced into a call spliced into an expression": ("return 1 + wrapped(2)", {"counted"}),
    "a branch on what the round fixes": ("r = limited(rnd, 3)\nreturn r", set()),
    "an answer to two targets": ("a = b = scaled(2)\nreturn a, b", {"scaled"}),
    "an answer to an attribute": ("rnd.count = scaled(2)\nreturn rnd.count", {"scaled"}),
    "an answer to an item": ("d = {}\nd[1] = double(2)\nreturn d", set()),
    "an answer unpacked with a star": ("a, *b = pair(3)\nreturn a, b", set()),
    "a loop over an answer": ("out = []\nfor i in steps(3):\n    out.append(double(i))\nreturn out", set()),
    "a loop over no call": ("out = []\nfor i in (1, 2):\n    out.append(double(i))\nreturn out", set()),
    "a test of a body of statements": ("if sign(-2):\n    return 'yes'\nreturn 'no'", set()),
    "a test of an expression": ("if double(2) > 3:\n    return 'yes'\nreturn 'no'", set()),
    "a test that is a call of an expression": ("if double(LIMIT):\n    return 'yes'\nreturn 'no'", set()),
    "a test of an argument made by a call": ("if square(counted()):\n    return 1\nreturn 0", set()),
    "a test of a call that must stay one": ("if guarded(0):\n    return 'yes'\nreturn 'no'", {"guarded"}),
    "a call in an expression": ("return 1 + double(3) + square(rnd.count), pair(rnd.count)", set()),
    "a parameter read twice, of a fixed argument": ("return 1 + square(4)", set()),
    "an attribute read twice": ("rnd.count = 3\nreturn 1 + square(rnd.count)", set()),
    "a local made by a call, read twice": ("r = made_twice(1)\nreturn r", set()),
    "a local made by a call, read twice, in an expression": ("return 1 + made_twice(1)", {"counted"}),
    "a local made by a call, after a comprehension": ("r = [double(v) for v in (1, 2)]\nreturn r, 1 + made_twice(1)",
                                                      {"counted"}),
    "a recursive call": ("return countdown(3)", {"countdown"}),
    "a varargs function": ("r = summed(1, 2, 3)\ns = summed(4)\nreturn r, s, summed(5, 6)", {"summed"}),
    "a mutable default argument": ("r = appended(1)\ns = appended(2)\nreturn r, s", set()),
    "a local given a fixed value, then another": ("out = []\nfor v in (3, 8, 12):\n    r = capped(v)\n"
                                                  "    out.append(r)\nreturn out", set()),
    "a local given a fixed value once": ("r = checked(3)\nreturn r", set()),
    "a lambda whose argument shadows a parameter": ("r = shifted((1, 2), 10, 100)\nreturn r", set()),
    "comprehensions whose names shadow a parameter": ("r = evens((1, 2, 3, 4), 2)\nreturn r", set()),
    "a comprehension over an argument of a parameter's name": ("by = (1, 2, 3)\nr = multiples(by, 3)\n"
                                                               "return r, multiples(by, 3)", set()),
    "a try whose returns are outside it": ("r = parsed('12')\ns = parsed('x')\nreturn r, s", set()),
    "a try's handler name the caller's local": ("error = 'mine'\nr = parsed('x')\nreturn error, r", set()),
    "a module's constant": ("return LIMIT + double(LIMIT)", set()),
    "a verb of the round": ("rnd.tally(2)\nrnd.tally()\nreturn rnd.count", set()),
    "a verb that is a builtin": ("rnd.set(rnd, 'count', 7)\nreturn rnd.count", set()),
    "a verb that is a builtin, assigned": ("r = rnd.set(rnd, 'count', 7)\nreturn r, rnd.count", set()),
    "a verb that is a builtin, in an expression": ("return [rnd.set(rnd, 'count', 7)], rnd.count", set()),
    "a verb read through a view's wrapper": ("r = rnd.peek(1)\nreturn r, rnd.peek(2)", set()),
    "a function read through a view's wrapper": ("r = peek(rnd, 1)\nreturn r, peek(rnd, 2) + 1", set()),
    "a method of the round's class": ("r = rnd.bump(2)\nrnd.bump()\nreturn r", set()),
    "a static method of the round's class": ("return rnd.plus_one(1), 1 + rnd.plus_one(2)", set()),
    "a reading method of the round's class": ("rnd.count = 4\nreturn rnd.counted_twice()", set()),
    "a method of the round's class that must stay a call": ("return rnd.risky()", {".risky"}),
    "a property of a known class": ("return rnd.box.top + 1", set()),
    "a property of a local of a known class": ("b = rnd.box\nreturn b.top, b.tops, b.cards", set()),
    "a property that is no one expression": ("return rnd.box.size", set()),
    "a property that is no function": ("return rnd.box.builtin", set()),
    "a method of a known class": ("b = rnd.box\nr = b.take()\nrnd.box.take(at=1)\n"
                                  "return r, b.card(0), rnd.box.card(0)", set()),
    "a reading method of a known class": ("return rnd.box.sorted_cards()", set()),
    "a bound method": ("r = card_of(0)\nreturn r, 1 + card_of(2)", set()),
}


@pytest.mark.parametrize("body, called", SPLICED.values(), ids=SPLICED)
def test_a_spliced_call_does_what_the_call_did(body, called):
    tree, ns = _same(body)
    assert _calls(tree, ns) == called, ast.unparse(tree)


STAYS_A_CALL = {
    "a return inside a try": ("return guarded(2), guarded(0)", {"guarded"}),
    "a return inside a loop": ("return first_over((1, 5, 9), 4)", {"first_over"}),
    "an argument unpacked": ("items = (3,)\nreturn double(*items)", {"double"}),
    "an argument unpacked, as a test": ("items = (3,)\nif double(*items):\n    return 1\nreturn 0", {"double"}),
    "keywords unpacked": ("named = {'x': 3}\nreturn double(**named)", {"double"}),
    "a function of keywords": ("return keywords(a=1)", {"keywords"}),
    "a parameter read twice, of an argument made by a call": ("return 1 + square(counted())", {"square", "counted"}),
    "a call in a handler": ("try:\n    return 1 // rnd.count\nexcept ZeroDivisionError:\n    return double(2)",
                            {"double"}),
    "a function not known before the run": ("f = double\nreturn f(2)", {"f"}),
    "a function not known before the run, as a test": ("f = double\nif f(0):\n    return 1\nreturn 0", {"f"}),
    "an unpacked answer of a call that must stay one": ("a, b = keywords(b=1, a=2)\nreturn b, a", {"keywords"}),
    "a class": ("r = Box([1, 2])\nreturn r.cards", {"Box"}),
    "a function decorated with a wrapper of its own": ("r = halved(5)\nreturn r, halved(7)", {"halved"}),
    "a local made by a call, in a comprehension's items, spliced into a call": ("return [v for v in (wrapped(1),)]",
                                                                               {"made_twice"}),
    "a method of an object not known": ("items = [1]\nitems.extend(drawn((2, 3)))\nreturn items", {".extend"}),
    "a local made by a call, in a comprehension's items": ("return [v for v in drawn((made_twice(1),))]",
                                                           {"made_twice"}),
    "a local made by a call, in a lambda": ("return (lambda: made_twice(1))()", {"made_twice"}),
}


@pytest.mark.parametrize("body, called", STAYS_A_CALL.values(), ids=STAYS_A_CALL)
def test_what_cannot_be_spliced_stays_a_call(body, called):
    tree, ns = _same(body)
    assert called <= _calls(tree, ns), ast.unparse(tree)


REFUSED = {
    "too many arguments": ("y = double(1, 2)\nreturn y", {"double"}),
    "a keyword it has no parameter for": ("y = double(1, by=2)\nreturn y", {"double"}),
    "a keyword for a parameter given": ("y = double(1, x=2)\nreturn y", {"double"}),
    "a parameter not given": ("y = scaled()\nreturn y", {"scaled"}),
    "a keyword-only parameter given by place": ("y = scaled(1, 2, 3)\nreturn y", {"scaled"}),
    "too many arguments, in an expression": ("return 1 + double(1, 2)", {"double"}),
    "too many arguments, as a test": ("if double(1, 2):\n    return 1\nreturn 0", {"double"}),
}


@pytest.mark.parametrize("body, called", REFUSED.values(), ids=REFUSED)
def test_a_call_its_function_refuses_stays_a_call_and_raises_as_it_did(body, called):
    tree, ns = _same(body, raises=TypeError)
    assert called <= _calls(tree, ns), ast.unparse(tree)


CHAINS = {
    "in an expression": ("return chain(1)", CHAIN),
    "as a statement": ("r = chain(1)\nreturn r", CHAIN),
    "each a statement": ("r = steps_down(1)\nreturn r", STEPS),
}


@pytest.mark.parametrize("body, chain", CHAINS.values(), ids=CHAINS)
def test_calls_are_spliced_into_calls_as_deep_as_allowed_and_no_deeper(body, chain):
    """Links of a chain spliced into one another down to :data:`DEPTH`; the next is called, the same answer."""
    tree, ns = _same(body)
    called = [node.func.id for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name) and node.func.id in ns.values]
    assert [ns.values[name] for name in called] == [chain[DEPTH]], ast.unparse(tree)


@pytest.mark.parametrize("body", ["r = checked(3)\nreturn r", "r = limited(rnd, 3)\nreturn r"], ids=["local", "round"])
def test_a_branch_on_what_the_run_fixes_is_gone_before_its_calls_are_spliced(body):
    """``mode = MODE`` at a body's top is read as the module's constant (as are ``extra = 0`` and ``how = double``,
    whose call is then spliced), and ``rnd.limit`` as the round's: the branch not taken is gone, its call unasked."""
    tree, _ = _same(body)
    assert not [node for node in ast.walk(tree) if isinstance(node, (ast.If, ast.Call))], ast.unparse(tree)
    assert not [node for node in ast.walk(tree) if isinstance(node, ast.Name) and node.id.startswith("_")]


TESTS = {
    "an expression": ("if double(rnd.count):\n    return 1\nreturn 0", "rnd.count * 2"),
    "an expression of a method": ("if rnd.plus_one(rnd.count):\n    return 1\nreturn 0", "rnd.count + 1"),
    "a builtin verb": ("if rnd.set(rnd, 'count', 1):\n    return 1\nreturn rnd.count", "setattr(rnd, 'count', 1)"),
    "a body of statements": ("if sign(rnd.count):\n    return 1\nreturn 0", None),
    "an argument made by a call": ("if double(counted()):\n    return 1\nreturn 0", None),
}


@pytest.mark.parametrize("body, test", TESTS.values(), ids=TESTS)
def test_an_ifs_test_is_spliced_in_place_when_it_is_an_expression_else_just_before(body, test):
    """In place, the body's expression (``test``); else the body's statements just before, the ``if`` asking the local
    they answer to (None)."""
    tree, _ = _same(body)
    asked = [node.test for node in tree.body[0].body if isinstance(node, ast.If)][-1]
    if test is None:
        assert isinstance(asked, ast.Name) and asked.id.endswith("_test"), ast.unparse(tree)
    else:
        assert ast.unparse(asked) == test, ast.unparse(tree)


def test_a_function_read_through_a_views_wrapper_left_a_call_calls_the_function_itself():
    """``read_only.reads_round`` only tells a view from a round: the fast path's rounds are never views."""
    tree, ns = _same("r = peek_safely(rnd, 1)\nreturn r, peek_safely(rnd, 2)")
    called = {ns.values[node.func.id] for node in ast.walk(tree) if isinstance(node, ast.Call)
              and isinstance(node.func, ast.Name) and node.func.id in ns.values}
    assert called == {_peek_safely}, ast.unparse(tree)


def test_what_a_local_holds_is_known_only_in_the_code_that_stores_it():
    """One piece of code takes ``b`` for the round's box; the next, reading ``b`` it does not store, does not."""
    splicer, _ = _splicer("")
    first = ast.unparse(splicer.visit(ast.parse("b = rnd.box\nx = b.top")))
    second = ast.unparse(splicer.visit(ast.parse("y = b.top")))
    assert first == "b = rnd.box\nx = b.cards[-1]" and second == "y = b.top"


LAMBDA_DEFAULTS = {
    "a default of the name of its own argument": "limit = 0\nr = over((1, 5, 9), 4)\nreturn r",
    "a keyword-only default": "limit = 0\nr = over_by_keyword((1, 5, 9), 4)\nreturn r",
}


@pytest.mark.parametrize("body", LAMBDA_DEFAULTS.values(), ids=LAMBDA_DEFAULTS)
def test_a_lambdas_defaults_are_read_where_the_lambda_is_made(body):
    """A default is evaluated where the lambda stands, in the callee's scope: ``lambda card, limit=limit:`` reads the
    callee's parameter ``limit``, not the caller's local of that name (its keyword-only defaults too). Before the
    mend, a default named as the lambda's own argument was left as it was, a keyword-only default not renamed."""
    _same(body)


def test_a_parameter_the_body_only_stores_is_its_own():
    """``n += 1`` on a parameter never read: before the mend its argument was not made, and the spliced store
    wrote the caller's local ``n``."""
    _same("n = 10\nr = touched(1)\nreturn n, r")


def test_a_positional_only_parameter_given_by_keyword_stays_a_call():
    """``f(x=1)`` of ``def f(x, /)`` raises: it is left a call, which raises (it was spliced, and answered)."""
    tree, ns = _same("r = positional(x=1)\nreturn r", raises=TypeError)
    assert "positional" in _calls(tree, ns)
