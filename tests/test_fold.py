"""The fast path simplifies its spliced code by what is fixed for the whole run (:mod:`pa_table_games.fastpath.fold`):
a Rules option read, a module constant, a known attribute of the round, a builtin asked of fixed values, an ``if`` on
a fixed value, a statement with no effect. Broken, a round would either run code the Rules turn off (slower, or
wrong where a branch is taken on the wrong value) or, worse, take as fixed something that changes during the run (a
mutable object's attribute, a list, a call with an effect) and deal every round as the first one was. Each case
below is folded against a namespace built as ``generate`` builds it, then checked for its exact output where the
folding is the behaviour, run beside the original, or left as it was."""

from __future__ import annotations

import ast
import enum
import types
from collections.abc import Mapping
from types import MappingProxyType, SimpleNamespace

import attrs
import pytest

from pa_table_games.fastpath.fold import Folder, Knowns, Namespace, droppable, fold, typed_locals


@attrs.frozen
class Side:
    pays: int = 25


@attrs.frozen
class Rules:
    """Stands for a game's Rules: frozen, so everything read from it is fixed, its tables too."""

    surrender: str = "late"
    decks: int = 6
    order: tuple = ("min", "max")
    pays: tuple = ((3, 2), (1, 1))
    limits: dict = attrs.field(factory=lambda: {"min": 5, "max": 500})
    side: Side = Side()


class Kind(str, enum.Enum):
    HIT = "hit"


@attrs.frozen
class Transition:
    index: int = 1
    dest: str = "dealt"
    kind: Kind = Kind.HIT


@attrs.define
class Setup:
    """An attrs instance that is not frozen: its attributes may change during a run."""

    seats: int = 7


class Shoe:
    def __init__(self) -> None:
        self.cards = 52


class Game:
    """The game: a plain object, but one the round knows is fixed (:attr:`Knowns.fixed`)."""

    def __init__(self) -> None:
        self.name = "blackjack"
        self.seats = [1, 2]


RULES, GAME = Rules(), Game()
TABLES = types.ModuleType("tables")
TABLES.MOST, TABLES.NAMES, TABLES.seen, TABLES.chart = 7, ("x", "y"), [1], {"a": 1}
TABLES.dealt, TABLES.last = 0, ("x",)  # what a module rebinds during a run (``global dealt; dealt += 1``)
TABLES.payout = lambda amount: amount * 2
#: what ``rnd`` reads for the whole run (the Rules, the game, the options, what it records)
ATTRIBUTES = MappingProxyType({"rules": RULES, "game": GAME, "log": False, "rows": True, "ledger": None,
                               "options": MappingProxyType({"bonus": 1})})


def _named() -> dict:
    """The namespace's objects, each under the name given (a builtin named apart from itself: ``len_2``); made anew
    for each case, as a case may change the mutable ones."""
    return {"T_1": Transition(), "ORDER": ("a", "b"), "PAYS": {"blackjack": 1.5}, "LEVELS": [10, 20],
            "tables": TABLES, "table": {"a": 1}, "seen": [3, 4], "shoe": Shoe(), "setup": Setup(),
            "SIDES": (Side(10), Side(20)), "len_2": len, "isinstance_2": isinstance, "int_2": int, "max_2": max,
            "getattr_2": getattr, "sorted_2": sorted, "print_2": print, "LIMIT": 500}


def _namespace() -> Namespace:
    ns = Namespace({"rnd", "out", "f", "g", "a", "b", "x", "y", "items"})
    for name, obj in _named().items():
        assert ns.name_for(obj, name.removesuffix("_2")) == name
    ns.ref({"a": 1}, "deep_table", deep=True)
    return ns


def _knowns() -> Knowns:
    return Knowns("rnd", ATTRIBUTES, (GAME,))


def _folded(source: str, passes: int = 8) -> tuple[list[ast.stmt], Namespace]:
    ns = _namespace()
    return fold(ast.parse(source).body, ns, _knowns(), passes), ns


def _unparsed(source: str, passes: int = 8) -> str:
    return ast.unparse(ast.Module(_folded(source, passes)[0], []))


def _run(statements: list[ast.stmt], ns: Namespace, f=True, g=True) -> tuple[list, object]:
    """What the statements call (``f``, ``g``, ``a``, ``b``, in order) and leave in ``x``, with ``f`` and ``g``
    answering as given."""
    out: list = []

    def called(name, value):
        return lambda *args: out.append((name, *args)) or value

    rnd = SimpleNamespace(**ATTRIBUTES, seat=3)
    env = {**ns.values, "rnd": rnd, "out": out, "f": called("f", f), "g": called("g", g), "a": called("a", None),
           "b": called("b", None), "items": [1, 2]}
    exec(compile(ast.fix_missing_locations(ast.Module(statements, [])), "<case>", "exec"), env)  # noqa: S102
    return out, env.get("x", "unset")


def _same_run(source: str, f=True, g=True) -> str:
    """``source`` folded, having run as the original ran; its folded text."""
    folded, ns = _folded(source)
    assert _run(folded, ns, f, g) == _run(ast.parse(source).body, ns, f, g)
    return ast.unparse(ast.Module(folded, []))


# -- what the run fixes is read once, here -----------------------------------------------------------------------------
FIXED_READS = {
    "a Rules option read through the round": ("x = rnd.rules.surrender", "x = 'late'"),
    "a frozen transition's attribute": ("x = T_1.dest", "x = 'dealt'"),
    "a frozen instance's table": ("x = rnd.rules.limits['max']", "x = 500"),
    "a frozen instance held by one": ("x = rnd.rules.side.pays", "x = 25"),
    "a tuple of literals, as a literal": ("x = rnd.rules.order", "x = ('min', 'max')"),
    "a module constant": ("x = tables.MOST", "x = 7"),
    "a module's tuple": ("x = tables.NAMES[1]", "x = 'y'"),
    "an item of a name in capitals": ("x = PAYS['blackjack']", "x = 1.5"),
    "an item of a list in capitals": ("x = LEVELS[1]", "x = 20"),
    "an item of a name made deep": ("x = deep_table['a']", "x = 1"),
    "a round attribute the run fixes": ("x = rnd.rows", "x = True"),
    "a round attribute that is None": ("x = rnd.ledger", "x = None"),
    "an option of the round": ("x = rnd.options['bonus']", "x = 1"),
    "an attribute of the game the round knows is fixed": ("x = rnd.game.name", "x = 'blackjack'"),
    "a comparison": ("x = rnd.rules.decks > 4", "x = True"),
    "a chained comparison that holds": ("x = 1 < rnd.rules.decks <= 6", "x = True"),
    "a chained comparison failing at its second": ("x = 1 < rnd.rules.decks < 6", "x = False"),
    "a chained comparison failing at its first": ("x = 9 < rnd.rules.decks < 60", "x = False"),
    "a test of membership": ("x = 'max' in rnd.rules.order", "x = True"),
    "a test of absence": ("x = 'max' not in rnd.rules.order", "x = False"),
    "a test of identity": ("x = rnd.ledger is None", "x = True"),
    "a test of non-identity": ("x = rnd.ledger is not None", "x = False"),
    "equal and unequal": ("x = (rnd.rules.decks == 6, rnd.rules.decks != 6)", "x = (True, False)"),
    "ordered": ("x = (rnd.rules.decks < 6, rnd.rules.decks >= 7)", "x = (False, False)"),
    "a negation": ("x = -rnd.rules.decks", "x = -6"),
    "a plus sign": ("x = +rnd.rules.decks", "x = 6"),
    "a not": ("x = not rnd.log", "x = True"),
    "arithmetic": ("x = (rnd.rules.decks * 52 + 1 - 2, rnd.rules.decks / 4, rnd.rules.decks // 4, "
                   "rnd.rules.decks % 4)", "x = (311, 1.5, 1, 2)"),
    "a builtin's length": ("x = len_2(rnd.rules.pays)", "x = 2"),
    "a builtin's type test": ("x = isinstance_2(rnd.rules.decks, int_2)", "x = True"),
    "a builtin of several arguments": ("x = max_2(rnd.rules.decks, tables.MOST)", "x = 7"),
    "a fixed mapping's get": ("x = rnd.rules.limits.get('min')", "x = 5"),
    "a fixed mapping's get with a default": ("x = rnd.rules.limits.get('none', 0)", "x = 0"),
    "a name in capitals' get": ("x = PAYS.get('blackjack')", "x = 1.5"),
    "an if expression on a fixed value": ("x = f() if rnd.rows else g()", "x = f()"),
    "an if expression on a fixed false value": ("x = f() if rnd.log else g()", "x = g()"),
    "an if expression's test a literal": ("x = f() if 0 else g()", "x = g()"),
    "a builtin named bare, which the code may have rebound": ("x = len(rnd.rules.pays)", "x = len(pays)"),
}


@pytest.mark.parametrize("source, expected", FIXED_READS.values(), ids=FIXED_READS)
def test_a_value_the_run_fixes_is_read_once_when_folding(source, expected):
    assert _same_run(source) == expected


NAMED_VALUES = {
    "a frozen instance": ("x = rnd.rules.side", "side", Side()),
    "a tuple holding tuples": ("x = rnd.rules.pays", "pays", ((3, 2), (1, 1))),
    "a value of a literal's subclass (keeps its identity for is)": ("x = T_1.kind", "kind", Kind.HIT),
    "the game": ("x = rnd.game", "game", GAME),
}


@pytest.mark.parametrize("source, name, value", NAMED_VALUES.values(), ids=NAMED_VALUES)
def test_a_fixed_value_with_no_literal_is_named_in_the_namespace(source, name, value):
    folded, ns = _folded(source)
    assert ast.unparse(ast.Module(folded, [])) == f"x = {name}"
    assert ns.values[name] == value and type(ns.values[name]) is type(value)
    assert _run(folded, ns) == _run(ast.parse(source).body, ns)


def test_what_a_frozen_value_holds_is_fixed_too_once_named():
    """``rnd.rules.limits`` is named deep (what a frozen instance holds is fixed): its items are read from it."""
    assert _same_run("x = rnd.rules.pays[0][1]") == "x = 2"
    assert _same_run("x = rnd.rules.limits.get('max')") == "x = 500"
    folded, ns = _folded("x = rnd.rules.limits")
    assert ast.unparse(ast.Module(folded, [])) == "x = limits" and "limits" in ns.deep
    folded, ns = _folded("x = rnd.game")
    assert "game" not in ns.deep  # a mutable game: its attributes fixed, not what they hold


def test_a_whole_expression_is_folded_when_given_alone():
    ns = _namespace()
    folded = fold(ast.parse("rnd.rules.decks * 2 + 1", mode="eval").body, ns, _knowns())
    assert isinstance(folded, ast.Constant) and folded.value == 13


@pytest.mark.parametrize("source, expected", [
    ("for v in ORDER:\n    f(v)", "f('a')\nf('b')"), ("rnd.rules.decks", ""), ("pass", ""), ("f(rnd.rows)", "f(True)"),
], ids=["a loop written out", "a statement of no effect", "a pass", "a call"])
def test_a_statement_given_alone_folds_to_its_statements(source, expected):
    folded = fold(ast.parse(source).body[0], _namespace(), _knowns())
    assert ast.unparse(ast.Module(folded if isinstance(folded, list) else [folded], [])) == expected


def test_in_one_pass_the_branch_an_if_expression_takes_is_folded_too():
    """Splicing folds each piece once (``passes=1``): what the branch taken reads is folded in that pass."""
    assert _unparsed("x = rnd.rules.decks + 1 if rnd.rows else 0", passes=1) == "x = 7"


# -- what can change during a run is never read here -------------------------------------------------------------------
NEVER_FOLDED = {
    "a mutable object's attribute": "x = shoe.cards",
    "a mutable attrs instance's attribute": "x = setup.seats",
    "a lower-case name's item": "x = table['a']",
    "a lower-case list's item": "x = seen[0]",
    "a round attribute the run does not fix": "x = rnd.seat",
    "an attribute of a round attribute the run does not fix": "x = rnd.shoe.cards",
    "a module's list": "x = tables.seen",
    "a module's dict": "x = tables.chart",
    "a module's list's item": "x = tables.seen[0]",
    "a module's number, named in lower case": "x = tables.dealt",
    "a module's tuple, named in lower case": "x = tables.last[0]",
    "a local": "y = 1\nx = y + 1",
    "a name assigned in the code": "items = (1, 2)\nx = items[0]",
    "an item of the fixed game's list": ("x = rnd.game.seats[0]", "x = seats[0]"),
    "an item of a list a builtin reads from the fixed game": ("x = getattr_2(rnd.game, 'seats')[0]", "x = value[0]"),
    "a call of an unknown function": ("x = f(rnd.rules.decks)", "x = f(6)"),
    "a call of a module's function": ("x = tables.payout(2)", "x = payout(2)"),
    "a builtin not known to be pure": "x = sorted_2(ORDER)",
    "a builtin with an effect": "print_2(ORDER)",
    "a builtin of an unknown argument": "x = len_2(items)",
    "a builtin that would raise": ("x = len_2(rnd.rules.decks)", "x = len_2(6)"),
    "a builtin given nothing": "x = getattr_2()",
    "a builtin with a keyword": "x = int_2('10', base=2)",
    "a comparison that would raise": ("x = rnd.rules.decks < 'a'", "x = 6 < 'a'"),
    "a comparison of an unknown value": ("x = rnd.rules.decks < y", "x = 6 < y"),
    "a comparison with an unknown value later": ("x = 1 < rnd.rules.decks < y", "x = 1 < 6 < y"),
    "a negation that would raise": ("x = -rnd.rules.surrender", "x = -'late'"),
    "an inversion": ("x = ~rnd.rules.decks", "x = ~6"),
    "a not of an unknown value": "x = not y",
    "a division by zero": ("x = rnd.rules.decks / 0", "x = 6 / 0"),
    "a power": ("x = rnd.rules.decks ** 2", "x = 6 ** 2"),
    "arithmetic of an unknown value": ("x = rnd.rules.decks + y", "x = 6 + y"),
    "arithmetic of an unknown value on the left": ("x = y * rnd.rules.decks", "x = y * 6"),
    "a missing key": "x = PAYS['none']",
    "an index out of range": "x = ORDER[5]",
    "a key of the wrong type": "x = ORDER['a']",
    "an unknown key": "x = PAYS[y]",
    "an attribute the frozen instance lacks": "x = T_1.nothing",
    "an attribute the module lacks": "x = tables.NOTHING",
    "an unknown mapping's get": "x = table.get('a')",
    "a get of an unknown key": "x = PAYS.get(y)",
    "a get with too many arguments": "x = PAYS.get('a', 1, 2)",
    "a get with none": "x = PAYS.get()",
    "a get with a keyword": "x = PAYS.get('a', default=1)",
    "a get of an unhashable key": "x = PAYS.get(LEVELS)",
    "a get of a fixed value that is no mapping": "x = SIDES.get('a')",
    "a mapping's method, not called": "x = PAYS.get",
    "an attribute stored": "T_1.dest = 'x'",
    "an item stored": "PAYS['blackjack'] = 2",
    "an if expression on an unknown value": "x = f() if y else g()",
    "a while on an unknown value": "while y:\n    f()",
}


@pytest.mark.parametrize("source", NEVER_FOLDED.values(), ids=NEVER_FOLDED)
def test_what_can_change_during_a_run_is_left_to_the_run(source):
    """Left as written, but for what in it is fixed (``rnd.rules.decks``: 6)."""
    source, expected = source if isinstance(source, tuple) else (source, source)
    assert _unparsed(source) == ast.unparse(ast.parse(expected))


#: what a mutable object the namespace names holds, asked by a comparison or a builtin, and a comprehension whose
#: iterable or condition calls (each was folded or dropped before it was mended)
READ_WHEN_FOLDING = {
    "a key's membership in a list the code fills": ("if 'k' not in seen:\n    seen.append('k')", None),
    "a key's membership in a dict": ("x = 'a' in table", None),
    "a list's length": ("x = len_2(seen)", None),
    "a mutable object's attribute read by a builtin": ("x = getattr_2(shoe, 'cards')", None),
    "a comprehension over a call, unread": ("[v for v in f()]", None),
    "an if doing nothing on a comprehension whose condition calls": ("if [v for v in items if g(v)]:\n    pass",
                                                                      "[v for v in items if g(v)]"),
}


@pytest.mark.parametrize("source, expected", READ_WHEN_FOLDING.values(), ids=READ_WHEN_FOLDING)
def test_what_a_mutable_object_holds_is_never_read_when_folding(source, expected):
    assert _unparsed(source) == ast.unparse(ast.parse(expected or source))


CHANGED_AFTER_FOLDING = {
    "a mutable object's attribute": ("x = shoe.cards", lambda ns: setattr(ns.values["shoe"], "cards", 51), 51),
    "a mutable attrs instance's attribute": ("x = setup.seats", lambda ns: setattr(ns.values["setup"], "seats", 6), 6),
    "a list's item": ("x = seen[0]", lambda ns: ns.values["seen"].__setitem__(0, 9), 9),
    "a dict's item": ("x = table['a']", lambda ns: ns.values["table"].__setitem__("a", 9), 9),
    "a module's list": ("x = tables.seen[0]", lambda ns: ns.values["tables"].seen.__setitem__(0, 9), 9),
}


@pytest.mark.parametrize("source, change, expected", CHANGED_AFTER_FOLDING.values(), ids=CHANGED_AFTER_FOLDING)
def test_what_changes_after_folding_is_read_as_it_is_then(source, change, expected, monkeypatch):
    folded, ns = _folded(source)
    monkeypatch.setattr(TABLES, "seen", [1])
    change(ns)
    assert _run(folded, ns)[1] == expected


# -- and, or -----------------------------------------------------------------------------------------------------------
BOOLEANS = {
    "a false first and": ("x = rnd.log and f()", "x = False"),
    "a true first and": ("x = rnd.rows and f()", "x = f()"),
    "a true middle and": ("x = f() and rnd.rows and g()", "x = f() and g()"),
    "a false middle and": ("x = f() and rnd.log and g()", "x = f() and False"),
    "a true last and": ("x = f() and rnd.rows", "x = f() and True"),
    "every and true": ("x = rnd.rows and 1 and rnd.rows", "x = True"),
    "every and true, the last read": ("x = rnd.rows and rnd.rules.decks", "x = 6"),
    "a true first or": ("x = rnd.rows or f()", "x = True"),
    "a false first or": ("x = rnd.log or f()", "x = f()"),
    "a false middle or": ("x = f() or rnd.log or g()", "x = f() or g()"),
    "a true middle or": ("x = f() or rnd.rows or g()", "x = f() or True"),
    "a false last or": ("x = f() or rnd.log", "x = f() or False"),
    "every or false": ("x = rnd.log or 0 or rnd.ledger", "x = None"),
    "a value that stops the and, not a bool": ("x = f() and rnd.rules.order and rnd.ledger and g()",
                                                 "x = f() and None"),
    "nothing known": ("x = f() and g()", "x = f() and g()"),
    "a name of a literal that stops it, read as its value": ("x = LIMIT or f()", "x = 500"),
    "a name of a literal left last, read as its value": ("x = rnd.rows and LIMIT", "x = 500"),
}


@pytest.mark.parametrize("truth", [(True, True), (True, False), (False, True), (False, False)], ids=str)
@pytest.mark.parametrize("source, expected", BOOLEANS.values(), ids=BOOLEANS)
def test_a_fixed_operand_of_and_or_is_taken_as_python_would(source, expected, truth):
    assert _same_run(source, *truth) == expected


# -- statements --------------------------------------------------------------------------------------------------------
STATEMENTS = {
    "an if on a fixed value: its body": ("if rnd.rules.surrender == 'late':\n    a()\nelse:\n    b()", "a()"),
    "an if on a fixed false value: its else": ("if rnd.rules.surrender != 'late':\n    a()\nelse:\n    b()", "b()"),
    "an if on a fixed false value with no else: nothing": ("if rnd.log:\n    a()\nx = 1", "x = 1"),
    "an if whose else is only pass": ("if y:\n    a()\nelse:\n    pass", "if y:\n    a()"),
    "an if doing nothing on a test that calls": ("if f():\n    pass", "f()"),
    "an if doing nothing on a test that calls nothing": ("if y:\n    pass\nx = 1", "x = 1"),
    "an if whose body folds away": ("if y:\n    rnd.log\n    pass\nelse:\n    b()", "if not y:\n    b()"),
    "an if doing nothing but in its else": ("if f():\n    pass\nelse:\n    b()", "if not f():\n    b()"),
    "the same on a not": ("if not f():\n    pass\nelse:\n    b()", "if f():\n    b()"),
    "the same on an in": ("if y in items:\n    pass\nelse:\n    b()", "if y not in items:\n    b()"),
    "the same on a not in": ("if y not in items:\n    pass\nelse:\n    b()", "if y in items:\n    b()"),
    "the same on an is": ("if y is None:\n    pass\nelse:\n    b()", "if y is not None:\n    b()"),
    "the same on an is not": ("if y is not None:\n    pass\nelse:\n    b()", "if y is None:\n    b()"),
    "the same on an ==": ("if y == 1:\n    pass\nelse:\n    b()", "if y != 1:\n    b()"),
    "the same on a !=": ("if y != 1:\n    pass\nelse:\n    b()", "if y == 1:\n    b()"),
    "the same on a <, not turned round": ("if y < 1:\n    pass\nelse:\n    b()", "if not y < 1:\n    b()"),
    "the same on a chain, not turned round": ("if 0 < y in items:\n    pass\nelse:\n    b()",
                                              "if not 0 < y in items:\n    b()"),
    "an if whose body folds to an if": ("if y:\n    if rnd.rows:\n        a()", "if y:\n    a()"),
    "an if whose test folds and whose body is dropped": ("if rnd.rows:\n    pass\nx = 1", "x = 1"),
    "a while on a fixed false value: its else": ("while rnd.log:\n    a()\nelse:\n    b()", "b()"),
    "a while on a fixed false value: nothing": ("while rnd.log:\n    a()\nx = 1", "x = 1"),
    "a while on a fixed true value stays": ("while rnd.rows:\n    a()\n    break", "while True:\n    a()\n    break"),
    "a while whose body folds away": ("while g():\n    rnd.log", "while g():\n    pass"),
    "a loop whose body folds away": ("for x in items:\n    rnd.log", "for x in items:\n    pass"),
    "a statement of no effect": ("rnd.rules.decks\nx = 1", "x = 1"),
    "a statement reading an attribute": ("shoe.cards\nx = 1", "x = 1"),
    "an f-string unread": ("f'{y}'\nx = 1", "x = 1"),
    "a lambda unread": ("lambda: f()\nx = 1", "x = 1"),
    "a pass": ("a()\npass", "a()"),
    "a call kept": ("f(rnd.rules.decks)", "f(6)"),
    "an assignment expression kept": ("(x := 1)", "(x := 1)"),
    "a setattr of a fixed name": ("setattr(rnd, 'seat', f())", "rnd.seat = f()"),
    "a setattr of a computed name": ("setattr(rnd, y, f())", "setattr(rnd, y, f())"),
    "a setattr of a name that is no identifier": ("setattr(rnd, 'a b', f())", "setattr(rnd, 'a b', f())"),
    "a setattr of a name that is no string": ("setattr(rnd, 1, f())", "setattr(rnd, 1, f())"),
    "a setattr with two arguments": ("setattr(rnd, 'seat')", "setattr(rnd, 'seat')"),
    "a setattr of a method": ("shoe.setattr(rnd, 'seat', 1)", "shoe.setattr(rnd, 'seat', 1)"),
    "a setattr by another name": ("setter(rnd, 'seat', 1)", "setter(rnd, 'seat', 1)"),
    "a pair of assignments": ("x, y = f(), g()", "x = f()\ny = g()"),
    "a swap": ("x, y = y, x", "x, y = (y, x)"),
    "a pair reading a name it assigns": ("x, y = 1, f(x)", "x, y = (1, f(x))"),
    "a pair assigning an item": ("x, rnd.seat = 1, 2", "x, rnd.seat = (1, 2)"),
    "a pair of one value": ("x, y = ORDER", "x, y = ORDER"),
    "a pair of two targets": ("x, y = z = 1, 2", "x, y = z = (1, 2)"),
}


def _outcome(statements: list[ast.stmt], ns: Namespace, f: bool) -> tuple:
    try:
        return _run(statements, ns, f, g=False)
    except (TypeError, NameError, AttributeError) as error:
        return type(error)


@pytest.mark.parametrize("source, expected", STATEMENTS.values(), ids=STATEMENTS)
def test_a_statement_folds_to_what_it_does(source, expected):
    folded, ns = _folded(source)
    assert ast.unparse(ast.Module(folded, [])) == expected
    for y in (0, 1, None, 2):  # read as a global, unknown when folding
        for f in (True, False):
            ns.values["y"] = y
            assert _outcome(folded, ns, f) == _outcome(ast.parse(source).body, ns, f)


DROPPABLE = {
    "a name": ("y", True),
    "an attribute": ("y.z", True),
    "an item": ("y[0][z]", True),
    "arithmetic": ("-y + 1 < z", True),
    "a tuple": ("(y, [z])", True),
    "an f-string formatting a call": ("f'{g()}'", True),
    "a lambda calling": ("lambda: f()", True),
    "a call": ("f()", False),
    "a method's call": ("y.z()", False),
    "a call in arithmetic": ("1 + f()", False),
    "a call in an item": ("y[f()]", False),
    "a call in a slice": ("y[f():]", False),
    "a call in a list": ("[1, f()]", False),
    "a call in a comprehension's element": ("[f(v) for v in y]", False),
    "an assignment expression": ("(v := 1)", False),
}


@pytest.mark.parametrize("source, expected", DROPPABLE.values(), ids=DROPPABLE)
def test_an_expression_calling_nothing_may_go_unmade(source, expected):
    assert droppable(ast.parse(source, mode="eval").body) is expected


@pytest.mark.parametrize("source", ["await f()", "(yield f)", "(yield from f)"],
                         ids=["await", "yield", "yield from"])
def test_an_expression_that_waits_or_yields_is_made(source):
    function = ast.parse(f"async def h():\n    {source}" if "await" in source else f"def h():\n    {source}")
    assert droppable(function.body[0].body[0].value) is False


# -- loops over what the run fixes -------------------------------------------------------------------------------------
LOOPS = {
    "over a tuple in capitals": ("for v in ORDER:\n    f(v)", "f('a')\nf('b')"),
    "over frozen instances, each named": ("for pair in SIDES:\n    f(pair)", "f(pair)\nf(pair_2)"),
    "over frozen instances, each read": ("for side in SIDES:\n    f(side.pays)", "f(10)\nf(20)"),
    "its copies folded": ("for v in ORDER:\n    if v == 'a':\n        f(v)", "f('a')"),
    "over a Rules tuple, once read": ("for v in rnd.rules.order:\n    f(v)", "f('min')\nf('max')"),
    "over a fixed choice of tuple": ("for v in (ORDER if 1 else items):\n    f(v)", "f('a')\nf('b')"),
    "a name read after it only in a branch dropped": ("for v in ORDER:\n    f(v)\nif rnd.log:\n    g(v)",
                                                      "f('a')\nf('b')"),
    "a name read after it only in an if doing nothing": ("for v in ORDER:\n    f(v)\nif v:\n    pass",
                                                         "f('a')\nf('b')"),
    "a name read after it only under an if on a literal": ("for v in ORDER:\n    f(v)\nif 0:\n    g(v)",
                                                           "f('a')\nf('b')"),
    "a name read after it only in a while dropped": ("for v in ORDER:\n    f(v)\nwhile 0:\n    g(v)",
                                                     "f('a')\nf('b')"),
    "a name read after it only in a statement dropped": ("for v in ORDER:\n    f(v)\nv", "f('a')\nf('b')"),
    "a name read after it only in an operand passed over": ("for v in ORDER:\n    f(v)\nx = g() or True or v",
                                                            "f('a')\nf('b')\nx = g() or True"),
    "a name read twice inside": ("for v in ORDER:\n    f(v, v)", "f('a', 'a')\nf('b', 'b')"),
    "a spliced local's name": ("for _3_seat in SIDES:\n    f(_3_seat)", "f(seat)\nf(seat_2)"),
    "a spliced local's name of digits alone": ("for _3_ in SIDES:\n    f(_3_)", "f(value)\nf(value_2)"),
}


@pytest.mark.parametrize("source, expected", LOOPS.values(), ids=LOOPS)
def test_a_loop_over_a_tuple_the_run_fixes_is_written_out_and_folded(source, expected):
    assert _same_run(source, g=False) == expected


STAYS_A_LOOP = {
    "over a lower-case list": "for v in seen:\n    f(v)",
    "over a list in capitals": "for v in LEVELS:\n    f(v)",
    "over an unknown": "for v in items:\n    f(v)",
    "over a call": "for v in sorted_2(ORDER):\n    f(v)",
    "over a string the run fixes": "for v in T_1.dest:\n    f(v)",
    "its name read after it": "for v in ORDER:\n    f(v)\ng(v)",
    "its name read after it in a later loop": "for v in ORDER:\n    f(v)\nfor w in items:\n    g(v)",
    "a break": "for v in ORDER:\n    if v == y:\n        break\n    f(v)",
    "an else": "for v in ORDER:\n    f(v)\nelse:\n    g()",
}


@pytest.mark.parametrize("source", STAYS_A_LOOP.values(), ids=STAYS_A_LOOP)
def test_a_loop_the_run_does_not_fix_stays_a_loop(source):
    folded, _ = _folded(source)
    loop, original = folded[0], ast.parse(source).body[0]
    assert isinstance(loop, ast.For) and ast.unparse(loop.body) == ast.unparse(original.body)


def test_a_loop_over_a_value_read_in_the_same_pass_waits_for_the_next():
    """The loop's tuple is read from the Rules in the first pass; it is written out in the second."""
    source = "for v in rnd.rules.order:\n    f(v)"
    assert _unparsed(source, passes=1) == "for v in ('min', 'max'):\n    f(v)"
    assert _unparsed(source, passes=2) == "f('min')\nf('max')"


def _nested(depth: int) -> tuple[str, Namespace]:
    """Loops ``depth`` deep, each over the one item of the one before: each is written out a pass after the one
    around it."""
    ns = _namespace()
    items: tuple = ("leaf",)
    for _ in range(depth - 1):
        items = (items,)
    ns.name_for(items, "DEEP")
    lines = ["for level_1 in DEEP:"] + [f"{'    ' * n}for level_{n + 1} in level_{n}:" for n in range(1, depth)]
    return "\n".join([*lines, f"{'    ' * depth}f(level_{depth})"]), ns


@pytest.mark.parametrize("passes", [1, 3, 8])
def test_folding_stops_after_its_passes(passes):
    source, ns = _nested(9)
    folded = fold(ast.parse(source).body, ns, _knowns(), passes)
    loops = [node for statement in folded for node in ast.walk(statement) if isinstance(node, ast.For)]
    assert len(loops) == 9 - passes


def test_folding_makes_eight_passes_at_most_by_default():
    source, ns = _nested(9)
    folded = fold(ast.parse(source).body, ns, _knowns())
    assert ast.unparse(ast.Module(folded, [])) == "for level_9 in ('leaf',):\n    f(level_9)"


def test_folding_goes_on_while_a_pass_changes_something():
    source, ns = _nested(5)
    folded = fold(ast.parse(source).body, ns, _knowns())
    assert ast.unparse(ast.Module(folded, [])) == "f('leaf')"


# -- the namespace -----------------------------------------------------------------------------------------------------
def test_the_namespace_names_each_object_once():
    ns = Namespace({"rnd"})
    first, second = Shoe(), Shoe()
    assert ns.name_for(first, "shoe") == "shoe"
    assert ns.name_for(second, "shoe") == "shoe_2"
    assert ns.name_for(Shoe(), "shoe") == "shoe_3"
    assert ns.name_for(first, "other") == "shoe"
    assert ns.values["shoe"] is first and ns.values["shoe_2"] is second


def test_the_namespace_keeps_clear_of_reserved_names_and_builtins():
    ns = Namespace({"rnd", "rnd_2"})
    assert ns.name_for(Shoe(), "rnd") == "rnd_3"
    assert ns.name_for(len, "len") == "len_2"
    assert ns.name_for(Shoe(), "not a name") == "value"
    assert ns.name_for(Shoe(), "") == "value_2"
    assert ns.name_for(Shoe(), "class") == "value_3"  # a keyword is no name: the code made with it would not compile
    assert ns.name_for(Shoe(), "match") == "match"  # a soft keyword is one


def test_a_value_made_a_node_is_a_literal_or_a_name_not_deep_unless_asked():
    """How splicing writes a parameter's default (:meth:`Folder.node_of`): a literal as itself, anything else named,
    what it holds not taken as fixed unless asked."""
    ns = _namespace()
    folder = Folder(ns, _knowns())
    assert ast.unparse(folder.node_of((1, "a", None))) == "(1, 'a', None)"
    named = folder.node_of([1], "default")
    assert named.id == "default" and ns.values["default"] == [1] and "default" not in ns.deep
    assert folder.node_of(Kind.HIT, "kind").id == "kind"
    assert folder.node_of((1, [2]), "pair", deep=True).id == "pair" and "pair" in ns.deep


def test_a_reference_is_a_name_read_and_marked_deep_only_when_asked():
    ns = Namespace(set())
    shallow, deep = ns.ref([1], "shallow"), ns.ref([2], "deep", deep=True)
    assert isinstance(shallow, ast.Name) and isinstance(shallow.ctx, ast.Load) and shallow.id == "shallow"
    assert deep.id == "deep" and ns.deep == {"deep"}
    assert ns.ref(ns.values["shallow"], "again").id == "shallow"


# -- locals of a known class -------------------------------------------------------------------------------------------
TYPED = {
    "one assignment": ("lay = rnd.layout", {"lay": Shoe}),
    "two of the same": ("lay = rnd.layout\nlay = rnd.layout", {"lay": Shoe}),
    "then another value": ("lay = rnd.layout\nlay = rnd.seat", {"lay": None}),
    "another value first": ("lay = rnd.seat\nlay = rnd.layout", {"lay": None}),
    "two names": ("lay = rnd.layout\nn = rnd.seat", {"lay": Shoe, "n": None}),
    "a loop": ("lay = rnd.layout\nfor lay in y:\n    pass", {"lay": None}),
    "an unpacking": ("lay, n = rnd.layout, 1", {"lay": None, "n": None}),
    "a chain of targets": ("lay = n = rnd.layout", {"lay": None, "n": None}),
    "an augmented assignment": ("lay = rnd.layout\nlay += 1", {"lay": None}),
    "an assignment expression": ("lay = rnd.layout\n(lay := rnd.layout)", {"lay": None}),
    "a parameter": ("lay = rnd.layout\nf = lambda lay: lay", {"lay": None, "f": None}),
    "an attribute stored": ("lay = rnd.layout\nlay.up = 1", {"lay": Shoe}),
    "names only read": ("f(lay)", {}),
}


@pytest.mark.parametrize("source, expected", TYPED.values(), ids=TYPED)
def test_a_local_holds_a_known_class_only_where_every_store_to_it_does(source, expected):
    def class_of(node):
        return Shoe if ast.unparse(node) == "rnd.layout" else None

    assert typed_locals(ast.parse(source), class_of) == expected


def test_knowns_take_nothing_fixed_and_no_classes_unless_given():
    knowns = Knowns("rnd", {})
    assert knowns.fixed == () and dict(knowns.classes) == {}
    assert isinstance(knowns.classes, Mapping)
