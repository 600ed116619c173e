"""A loop over a tuple the run fixes, written out: one copy of its body for each item, the loop's names in it
replaced by the item's values, so each copy folds further (a state's walk plan, the progressive wagers).

A loop is written out only when that changes nothing it does: no ``else``, no ``break``, a ``continue`` only as
``if test: continue`` among the body's own statements (the rest of the body is then that ``if``'s ``else``), its
names stored nowhere in the body, read by no lambda or generator in it and nowhere after it, and at most
:data:`MOST` items.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from typing import Any

from pa_table_games.fastpath.source import Substitute
from pa_table_games.fastpath.trees import copy_of, nodes_in

#: the most items a loop is written out for (a longer one stays a loop: its copies would outweigh its turns)
MOST = 12

_FUNCTIONS = (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda, ast.ClassDef)  # a break in one is not the loop's


def unrolled(loop: ast.For, items: Any, node_of: Callable[[Any, str], ast.expr],
             read_outside: Callable[[str], bool]) -> list[ast.stmt] | None:
    """``loop`` over the fixed ``items`` as one copy of its body per item, or None when it must stay a loop.
    ``node_of(value, name)`` is the expression for a value; ``read_outside(name)`` whether the name is read
    anywhere but in the loop."""
    if loop.orelse or type(items) is not tuple or len(items) > MOST:
        return None
    names = _names(loop.target)
    if names is None or any(read_outside(name) for name in names) or _stored(loop.body, set(names)) \
            or _read_later(loop.body, set(names)):
        return None
    body = _continues_folded(loop.body)
    if body is None:
        return None
    written: list[ast.stmt] = []
    for item in items:
        values = _bound(loop.target, item)
        if values is None:
            return None
        substitute = Substitute({name: node_of(value, name) for name, value in values.items()})
        written += [substitute.visit(copy_of(statement)) for statement in body]
    return written


def _names(target: ast.expr) -> list[str] | None:
    if isinstance(target, ast.Name):
        return [target.id]
    if isinstance(target, ast.Tuple) and all(isinstance(t, ast.Name) for t in target.elts):
        return [t.id for t in target.elts]
    return None


def _bound(target: ast.expr, item: Any) -> dict[str, Any] | None:
    if isinstance(target, ast.Name):
        return {target.id: item}
    if type(item) is not tuple or len(item) != len(target.elts):
        return None
    return {t.id: value for t, value in zip(target.elts, item)}


def _stored(body: list[ast.stmt], names: set[str]) -> bool:
    """Whether the body binds one of ``names`` (an assignment, an inner loop's or a lambda's own name)."""
    for statement in body:
        for node in nodes_in(statement):
            if (isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load) and node.id in names) \
                    or (isinstance(node, ast.arg) and node.arg in names):
                return True
    return False


def _read_later(body: list[ast.stmt], names: set[str]) -> bool:
    """Whether a lambda or a generator in the body reads one of ``names``: it would read it when called, after the
    loop has moved on (every copy would then read its own item, the loop its last)."""
    return any(isinstance(node, (ast.Lambda, ast.GeneratorExp))
               and any(isinstance(n, ast.Name) and n.id in names for n in nodes_in(node))
               for statement in body for node in nodes_in(statement))


def _continues_folded(statements: list[ast.stmt]) -> list[ast.stmt] | None:
    """The body with each ``if test: continue`` made ``if test: pass else: <the rest>``; None if it breaks or
    continues anywhere else."""
    for at, statement in enumerate(statements):
        if isinstance(statement, ast.If) and not statement.orelse and len(statement.body) == 1 \
                and isinstance(statement.body[0], ast.Continue):
            rest = _continues_folded(statements[at + 1:])
            if rest is None:
                return None
            return [*statements[:at], ast.copy_location(ast.If(statement.test, [ast.Pass()], rest), statement)]
        if _leaves(statement):
            return None
    return list(statements)


def _leaves(node: ast.AST) -> bool:
    """Whether ``node`` breaks or continues the loop it is in (an inner loop's own are its own)."""
    if isinstance(node, (ast.Break, ast.Continue)):
        return True
    if isinstance(node, (ast.For, ast.While)):  # an inner loop's else is the outer loop's
        return any(_leaves(statement) for statement in node.orelse)
    return any(_leaves(child) for child in ast.iter_child_nodes(node) if not isinstance(child, _FUNCTIONS))
