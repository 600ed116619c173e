"""Guards asked once: a run of a state's transitions whose tests begin with the same guards asks those once.

A state's transitions are asked in file order, each test its guards joined by ``and``, and a transition that
fires ends the state's function (it returns); a pass's scan asks its transitions of each unit the same way, and one
that holds breaks off the scan. Guards only read (:mod:`.purity` refuses one that writes), so when
``if A and B:`` did not fire, asking ``A`` again for the next ``if A and C:`` answers as it did: the two are
written ``if A:`` holding ``if B: ...`` then ``if C: ...``. In Double Down Madness a decision used to ask
whether there is a hand to act on eight times and whether it is a Blackjack twice.

Only the tests the skeleton marks as a transition's (``ASKED(test)``: :func:`unmark` takes the mark off as it
parses) are merged; an action's own ``if`` is never touched, since what it asks may change what it reads.
"""

from __future__ import annotations

import ast
from typing import Any

from pa_table_games.fastpath.trees import negated

#: the skeleton's mark on a transition's test: ``if ASKED(test):`` (never called: :func:`unmark` takes it off)
MARK = "ASKED"


def unmark(tree: ast.AST) -> ast.AST:
    """``if ASKED(test):`` becomes ``if test:``, the ``if`` remembered as a transition's."""
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and isinstance(node.test, ast.Call) and isinstance(node.test.func, ast.Name) \
                and node.test.func.id == MARK:
            node.test = node.test.args[0]
            node.asked = True
    return tree


def asked_once(statements: list[ast.stmt]) -> list[ast.stmt]:
    """``statements`` (and every block in them) with each run of transitions' tests sharing their first guards
    merged under one ``if`` asking those guards once."""
    out: list[ast.stmt] = []
    at = 0
    while at < len(statements):
        run = _run(statements, at)
        if len(run) > 1:
            out.append(_merged(run))
            at += len(run)
            continue
        statement = statements[at]
        for block in ("body", "orelse", "finalbody"):
            inner = getattr(statement, block, None)
            if isinstance(inner, list) and inner and isinstance(inner[0], ast.stmt):
                setattr(statement, block, asked_once(inner))
        out.append(statement)
        at += 1
    return out


def _run(statements: list[ast.stmt], at: int) -> list[ast.If]:
    """The transitions' tests from ``at`` on that begin with the guard the first begins with; every one but the
    last returns (or raises) when it fires, so the next is asked only when the one before did not fire."""
    first = statements[at]
    if not _transition(first):
        return []
    lead = ast.dump(_operands(first.test)[0])
    run = [first]
    for statement in statements[at + 1:]:
        if not _ends(run[-1].body) or not _transition(statement) or ast.dump(_operands(statement.test)[0]) != lead:
            break
        run.append(statement)
    return run


def _merged(run: list[ast.If]) -> ast.If:
    """One ``if`` asking the guards every test of ``run`` begins with, holding each test's other guards."""
    operands = [_operands(t.test) for t in run]
    shared = 1
    while all(len(ops) > shared for ops in operands) and \
            len({ast.dump(ops[shared]) for ops in operands}) == 1:
        shared += 1
    inner: list[ast.stmt] = []
    for t, ops in zip(run, operands):
        rest = ops[shared:]
        if not rest:  # asked already: it fires whenever the block is entered, and what follows it never runs
            inner += t.body
            break
        merged = ast.copy_location(ast.If(_joined(rest), t.body, []), t)
        merged.asked = True
        inner.append(merged)
    return ast.copy_location(ast.If(_joined(operands[0][:shared]), asked_once(inner), []), run[0])


def _transition(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.If) and getattr(statement, "asked", False) and not statement.orelse


def _ends(body: list[ast.stmt]) -> bool:
    """The block leaves the run when it fires: a transition returns (or raises), a pass's scan breaks off."""
    return bool(body) and isinstance(body[-1], (ast.Return, ast.Raise, ast.Break, ast.Continue))


def _operands(test: ast.expr) -> list[ast.expr]:
    """A test's guards in the order asked: ``A and (B and C)`` is ``A``, ``B``, ``C``; so are a spliced guard's
    ``False if not A else B`` and ``B if A else False``, which a test reads as ``A and B`` (asking the same, in the
    same order)."""
    if isinstance(test, ast.BoolOp) and isinstance(test.op, ast.And):
        return [op for value in test.values for op in _operands(value)]
    if isinstance(test, ast.IfExp):
        if _falsy(test.body):
            return [*_operands(negated(test.test)), *_operands(test.orelse)]
        if _falsy(test.orelse):
            return [*_operands(test.test), *_operands(test.body)]
    return [test]


def _falsy(node: ast.expr) -> bool:
    return isinstance(node, ast.Constant) and not node.value


def _joined(operands: list[ast.expr]) -> Any:
    return operands[0] if len(operands) == 1 else ast.BoolOp(ast.And(), operands)
