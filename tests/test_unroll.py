"""The fast path writes out a loop over a tuple the run fixes (:mod:`pa_table_games.fastpath.unroll`) only where the
copies do exactly what the loop did: each case below is run both ways, or must stay a loop. The games' own loops
meet few of these cases, so a regression here would show only in a new game's code."""

from __future__ import annotations

import ast

import pytest

from pa_table_games.fastpath.unroll import MOST, unrolled


def _loop(source: str) -> ast.For:
    loop = ast.parse(source).body[0]
    assert isinstance(loop, ast.For)
    return loop


def _written(source: str, items, read_outside=lambda name: False):
    """The loop of ``source`` over ``items`` written out (each item's values as constants), or None."""
    return unrolled(_loop(source), items, lambda value, name: ast.Constant(value), read_outside)


def _run(statements: list[ast.stmt], items) -> list:
    """What ``out`` holds after the statements run (``ITEMS`` bound to the items)."""
    namespace = {"ITEMS": items, "out": []}
    exec(compile(ast.fix_missing_locations(ast.Module(statements, [])), "<case>", "exec"), namespace)  # noqa: S102
    return namespace["out"]


WRITTEN_OUT = {
    "one name": ("for x in ITEMS:\n    out.append(x * 2)", (1, 2, 3)),
    "a tuple of names": ("for a, b in ITEMS:\n    out.append(a - b)", ((5, 1), (7, 4))),
    "a continue as its own if": ("for x in ITEMS:\n    if x == 2:\n        continue\n    out.append(x)", (1, 2, 3)),
    "two such continues": ("for x in ITEMS:\n    if x == 1:\n        continue\n    out.append(x)\n"
                           "    if x == 2:\n        continue\n    out.append(-x)", (1, 2, 3)),
    "an inner loop's own break": ("for x in ITEMS:\n    for y in (1, 2, 3):\n        if y > x:\n            break\n"
                                  "        out.append((x, y))", (1, 2)),
    "an inner function's own name": ("for x in ITEMS:\n    out.append(sorted([3, x], key=lambda v: -v))", (1, 4)),
    "no items": ("for x in ITEMS:\n    out.append(x)", ()),
    "as many items as written out": ("for x in ITEMS:\n    out.append(x)", tuple(range(MOST))),
}


@pytest.mark.parametrize("source, items", WRITTEN_OUT.values(), ids=WRITTEN_OUT)
def test_a_loop_written_out_does_what_the_loop_did(source, items):
    written = _written(source, items)
    assert written is not None
    assert not any(isinstance(node, ast.For) and isinstance(node.iter, ast.Name) and node.iter.id == "ITEMS"
                   for statement in written for node in ast.walk(statement))
    assert _run(written, items) == _run([_loop(source)], items)


STAYS_A_LOOP = {
    "an else": ("for x in ITEMS:\n    out.append(x)\nelse:\n    out.append(0)", (1, 2)),
    "a break": ("for x in ITEMS:\n    if x == 2:\n        break\n    out.append(x)", (1, 2, 3)),
    "a continue inside an if's body": ("for x in ITEMS:\n    if x:\n        out.append(x)\n        continue\n"
                                       "    out.append(0)", (0, 1)),
    "a continue in an inner loop's else": ("for x in ITEMS:\n    for y in ():\n        pass\n    else:\n"
                                           "        continue\n    out.append(x)", (1, 2)),
    "a continue after an if: continue": ("for x in ITEMS:\n    if x == 1:\n        continue\n    if x:\n"
                                         "        out.append(x)\n        continue", (1, 2)),
    "its name stored in the body": ("for x in ITEMS:\n    x = x + 1\n    out.append(x)", (1, 2)),
    "its name an inner loop's": ("for x in ITEMS:\n    for x in (9,):\n        out.append(x)", (1, 2)),
    "its name a lambda's argument": ("for x in ITEMS:\n    out.append((lambda x: x)(1))", (1, 2)),
    "its name read by a lambda": ("for x in ITEMS:\n    out.append(lambda: x)", (1, 2)),
    "its name read by a generator": ("for x in ITEMS:\n    out.append(y + x for y in (1,))", (1, 2)),
    "more items than written out": ("for x in ITEMS:\n    out.append(x)", tuple(range(MOST + 1))),
    "items not a tuple": ("for x in ITEMS:\n    out.append(x)", [1, 2]),
    "an item of another size than its names": ("for a, b in ITEMS:\n    out.append(a)", ((1, 2), (1, 2, 3))),
    "an item that is no tuple": ("for a, b in ITEMS:\n    out.append(a)", ((1, 2), 3)),
    "a target that is no name": ("for out[0] in ITEMS:\n    pass", (1, 2)),
    "a target of a starred name": ("for a, *b in ITEMS:\n    out.append(a)", ((1, 2, 3),)),
}


@pytest.mark.parametrize("source, items", STAYS_A_LOOP.values(), ids=STAYS_A_LOOP)
def test_a_loop_whose_copies_could_differ_stays_a_loop(source, items):
    assert _written(source, items) is None


def test_a_loop_whose_name_is_read_after_it_stays_a_loop():
    """After the loop its name holds the last item; written out, it would hold nothing."""
    source = "for x in ITEMS:\n    out.append(x)"
    assert _written(source, (1, 2), read_outside=lambda name: name == "x") is None
    assert _written(source, (1, 2), read_outside=lambda name: name == "y") is not None
