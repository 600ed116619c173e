"""The fast path writes a comprehension a statement makes whole, and ``any``/``all``/``bool([...])`` asked by an
``if``, as the loop it stands for (:mod:`pa_table_games.fastpath.loops`): the same answers, the same questions
asked in the same order, no frame of its own."""

from __future__ import annotations

import ast
import sys
import textwrap
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pa_table_games.fastpath.loops import as_loops
from pa_table_games.games import load_game
from pa_table_games.simulation.chunks import Deal, deal_tally

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from benchmarks.scenarios import EVERY_OPTIONAL  # noqa: E402  (the checkout's benchmarks: their busier table)

#: each a function body of ``xs``, ``ys`` and ``flag`` asking ``f``, ``g`` (logged); the count is how many
#: comprehensions stay comprehensions once it is written as loops
CASES = {
    "a list": ("r = [f(v) for v in xs if g(v)]", 0),
    "a list of itself": ("xs = [v for v in xs if g(v)]\nr = xs", 0),
    "two generators": ("r = [(a, b) for a in xs for b in ys if g(a) if f(b)]", 0),
    "sorted, stable": ("r = sorted((v for v in xs if g(v)), key=lambda v: v % 3, reverse=flag)", 0),
    "sorted of a list": ("r = sorted([f(v) for v in xs])", 0),
    "min": ("r = min((v for v in xs if g(v)), key=lambda v: -v)", 0),
    "sum, tuple, set": ("a = sum(f(v) for v in xs)\nb = tuple(v for v in ys if g(v))\nc = set(v % 2 for v in xs)\n"
                        "r = (a, b, c)", 0),
    "any and all": ("if g(0) and any(f(v) for v in xs) or not all(g(w) for w in ys):\n    r = 1\nelse:\n    r = 2", 0),
    "any as a value": ("r = any(g(v) for v in xs)", 0),
    "a conditional": ("if (False if flag else any(g(v) for v in xs)):\n    r = 1\nelse:\n    r = 2", 0),
    "bool asks every item": ("if bool([v for v in xs if g(v)]) and not flag:\n    r = 1\nelse:\n    r = 2", 0),
    "elif": ("if flag:\n    r = 0\nelif all(g(v) for v in xs):\n    r = 1\nelse:\n    r = 2", 0),
    "any in a condition": ("r = [u for u in xs if all(g(u + k) for k in ys)]", 0),
    "names do not leak": ("v = 'outer'\nb = [v for v in xs]\nif any(g(v) for v in ys):\n    pass\nr = (v, b)", 0),
    "the first iterable reads the outer name": ("v = xs\nr = [v for v in v if g(v)]", 0),
    "a set": ("r = {f(v) for v in xs if g(v)}", 0),
    "a set, set shadowed": ("set = frozenset\nr = {f(v) for v in xs}", 1),
    "a branch": ("r = [] if flag else [f(v) for v in xs if g(v)]", 0),
    "a left operand": ("r = sum(f(v) for v in xs) * 2 + len(ys)", 0),
    "the iterable of a for": ("r = []\nfor u in ([] if flag else [v for v in xs if g(v)]):\n    r.append(f(u))", 0),
    "a list asked whether it is empty": ("if [v for v in [w for w in xs if f(w)] if g(v)]:\n    r = 1\nelse:\n"
                                         "    r = 2", 0),
    "a list that fails part way binds nothing": ("try:\n    xs = [10 // f(v) for v in xs]\nexcept ZeroDivisionError:\n"
                                                 "    pass\nr = xs", 0),
    "a while's test stays": ("n = 0\nwhile n < 3 and any(g(v + n) for v in xs):\n    n += 1\nr = n", 1),
    "a lambda binding the name again": ("r = [(lambda v: v + 1)(v) for v in xs]", 1),
    "a right operand": ("r = 2 * sum(f(v) for v in xs)", 1),
    "two generators, any": ("r = any(g(a + b) for a in xs if f(a) for b in ys)", 0),
    "two generators, all": ("if all(g(a * b) for a in xs for b in ys if f(b)):\n    r = 1\nelse:\n    r = 2", 0),
    "any of a list": ("r = 1 if any([g(v) for v in xs]) else 2", 1),
    "any shadowed": ("any = lambda items: 'mine'\nif any(v for v in xs):\n    r = 1\nelse:\n    r = 2", 1),
    "in an if's body and its else": ("if flag:\n    r = [f(v) for v in xs]\nelse:\n    r = {g(v) for v in ys}", 0),
    "in a for's body and its else": ("r = 0\nfor u in ys:\n    r = [f(v + u) for v in xs]\nelse:\n"
                                     "    t = [g(v) for v in xs]\n    r = (r, t)", 0),
    "a list of a generator": ("r = list(f(v) for v in xs if g(v))", 0),
    "a sum from a start": ("r = sum((f(v) for v in xs), 10)", 0),
    "bool of a generator, always true": ("r = bool(v for v in xs if g(v))", 1),
    "two names bound": ("s = t = [f(v) for v in xs]\nr = (s, t is s)", 1),
    "any of a list, as a value": ("r = any([g(v) for v in xs])", 1),
    "any of a list, asked by an if": ("if any([g(v) for v in xs]):\n    r = 1\nelse:\n    r = 2", 1),
    "any of a constant": ("r = any(True for v in xs if g(v))", 0),
    "all of a constant": ("if all(False for v in xs if g(v)):\n    r = 1\nelse:\n    r = 2", 0),
    "a list asked whether it is empty, its items asked": ("if [f(v) for v in xs]:\n    r = 1\nelse:\n    r = 2", 1),
    "a later loop's lambda binding the name again": ("r = [a + b for a in xs for b in (lambda a: a)(ys)]", 1),
    "the first iterable's lambda binding the name": ("r = [f(v) for v in (lambda v: v)(xs)]", 0),
    "a target that is an attribute": ("o = type('O', (), {})()\nr = [f(o.x) for o.x in xs]", 1),
    "bool of a list, its items asked": ("if bool([f(v) for v in xs]):\n    r = 1\nelse:\n    r = 2", 1),
}


def _function(body: str, loops: bool) -> Any:
    source = "def case(xs, ys, flag, f, g):\n" + textwrap.indent(body, "    ") + "\n    return r\n"
    tree = ast.parse(source)
    if loops:
        tree.body[0] = as_loops(tree.body[0])
        ast.fix_missing_locations(tree)
    names: dict[str, Any] = {}
    exec(compile(tree, "<case>", "exec"), names)  # noqa: S102 - the cases above
    return names["case"], ast.unparse(tree)


def _run(fn: Any, xs: list[int], ys: list[int], flag: bool) -> tuple[Any, list]:
    asked: list = []

    def f(v: int) -> int:
        asked.append(("f", v))
        return v % 3

    def g(v: int) -> bool:
        asked.append(("g", v))
        return v % 2 == 0

    try:
        return fn(xs, ys, flag, f, g), asked
    except ValueError as e:  # min() of nothing
        return ("raised", str(e)), asked


@pytest.mark.parametrize("case", CASES)
@settings(max_examples=60, deadline=None)
@given(xs=st.lists(st.integers(-5, 9), max_size=6), ys=st.lists(st.integers(-5, 9), max_size=4), flag=st.booleans())
def test_a_loop_answers_and_asks_as_its_comprehension(case, xs, ys, flag):
    body, kept = CASES[case]
    comprehension, _ = _function(body, loops=False)
    loop, source = _function(body, loops=True)
    assert _run(loop, list(xs), list(ys), flag) == _run(comprehension, list(xs), list(ys), flag), source
    made = sum(isinstance(n, (ast.ListComp, ast.SetComp, ast.GeneratorExp)) for n in ast.walk(ast.parse(source)))
    assert made == kept, source


def test_a_builtin_s_name_taken_by_a_parameter_is_not_the_builtin():
    """``sum`` passed in is the caller's: what it is given stays a generator, as written."""
    tree = ast.parse("def case(xs, sum):\n    r = sum(v for v in xs)\n    return r\n")
    tree.body[0] = as_loops(tree.body[0])
    names: dict[str, Any] = {}
    exec(compile(ast.fix_missing_locations(tree), "<case>", "exec"), names)  # noqa: S102 - the case above
    assert names["case"]([1, 2], lambda items: type(items).__name__) == "generator"


def test_code_with_no_comprehension_to_write_is_left_as_written():
    """An ``if`` asking no ``any``/``all``, a conditional of plain values, loops: not one statement rewritten."""
    source = textwrap.dedent("""\
        def case(xs, ys, flag, f, g):
            r = xs if flag else ys
            if flag and g(1):
                r = [1]
            elif not f(2):
                r = r + [2]
            for v in r:
                if g(v):
                    break
            else:
                r = sorted(r)
            while len(r) < 3:
                r = r + [0]
            return r
        """)
    assert ast.dump(as_loops(ast.parse(source).body[0])) == ast.dump(ast.parse(source).body[0])


def test_the_fast_paths_passes_make_no_frame_of_their_own():
    """Seven seats, each holding every optional wager: the (g) pass's scan and settlement, the waiting pairs',
    the peek and the dealer's hand used to make a generator or a list's frame for each player asked, hundreds a
    round; now none, and the rounds are the same ones the compiled runner deals."""
    seats = {s: dict(EVERY_OPTIONAL) for s in range(1, 8)}
    frames: Counter = Counter()

    def count(frame: Any, event: str, arg: Any) -> None:
        code = frame.f_code
        if event == "call" and code.co_filename.startswith("<fast path") \
                and code.co_name in ("<genexpr>", "<listcomp>", "<lambda>"):
            frames[code.co_filename.rsplit(", ", 1)[-1].rstrip(">"), code.co_name] += 1

    load_game("blackjack", engine="fast").engine.made.clear()
    sys.setprofile(count)
    try:
        fast = deal_tally(Deal("blackjack", None, seats, "basic", "fast"), 5, 60)
    finally:
        sys.setprofile(None)
    compiled = deal_tally(Deal("blackjack", None, seats, "basic", "compiled"), 5, 60)
    assert fast.sums == compiled.sums
    for state in ("hole_card_dealt", "hole_card_read", "hole_card_turned", "dealer_hand_complete"):
        assert not [k for k in frames if k[0] == state and k[1] != "<lambda>"], frames
