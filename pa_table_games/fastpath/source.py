"""A function's own body as the fast path splices it: parsed once from its source, its early returns folded
into ``if``/``else``, and the answer to whether it can be spliced at all.

A function can be spliced when every ``return`` in it ends the function (the last statement, or the last of a
branch of a last ``if``), it has no ``yield``, ``global``, ``nonlocal``, ``try``, nested ``def`` or ``class``,
no ``**kwargs``, and names neither ``locals``, ``vars``, ``super`` nor ``eval``; anything else is called.
It can be spliced *as an expression* (inside a condition) when its body is assignments to names followed by
one ``return`` (or ``if``/``return`` chains of them), and no local made by a call is read twice or never.
"""

from __future__ import annotations

import ast
import inspect
import linecache
import types
from collections import Counter
from functools import cache
from typing import Any

from attrs import frozen

_REFUSED_NAMES = frozenset({"locals", "vars", "super", "eval", "exec", "__class__"})
_REFUSED_NODES = (ast.Yield, ast.YieldFrom, ast.Await, ast.Global, ast.Nonlocal, ast.Try, ast.FunctionDef,
                  ast.AsyncFunctionDef, ast.ClassDef, ast.AsyncFor, ast.AsyncWith)


@frozen(eq=False)
class Body:
    """A spliceable function: its parameters (with defaults), its statements and the names local to it."""

    fn: types.FunctionType
    params: tuple[str, ...]
    vararg: str | None
    kwonly: tuple[str, ...]
    defaults: dict  # parameter -> its default value
    statements: tuple[ast.stmt, ...]
    locals: frozenset[str]  # assigned in the function (not its parameters)
    assigned_params: frozenset[str]  # parameters the body assigns again
    expression: ast.expr | None  # the body as one expression, when it is one (locals substituted)
    reads: Counter  # how many times each name is read in the body

    def free(self, name: str) -> tuple[bool, Any]:
        """What a name that is neither local nor a parameter means here: a closure's cell, a global, a builtin."""
        code = self.fn.__code__
        if name in code.co_freevars:
            return True, self.fn.__closure__[code.co_freevars.index(name)].cell_contents
        if name in self.fn.__globals__:
            return True, self.fn.__globals__[name]
        return False, None


@cache
def body_of(fn: Any) -> Body | None:
    """``fn``'s body ready to splice, or None when it must be called."""
    if not isinstance(fn, types.FunctionType):
        return None
    code = fn.__code__
    if code.co_flags & (inspect.CO_GENERATOR | inspect.CO_COROUTINE | inspect.CO_VARKEYWORDS | inspect.CO_ASYNC_GENERATOR):
        return None
    node = definition(fn)
    if node is None:
        return None
    statements = list(node.body)
    if statements and isinstance(statements[0], ast.Expr) and isinstance(statements[0].value, ast.Constant) \
            and isinstance(statements[0].value.value, str):
        statements = statements[1:]  # the doc string
    for n in ast.walk(ast.Module(statements, [])):
        if isinstance(n, _REFUSED_NODES) or (isinstance(n, ast.Name) and n.id in _REFUSED_NAMES):
            return None
    statements = _early_returns_folded(statements)
    if not _returns_end(statements, top=True):
        return None
    args = node.args
    params = tuple(a.arg for a in (*args.posonlyargs, *args.args))
    kwonly = tuple(a.arg for a in args.kwonlyargs)
    defaults = dict(zip(params[len(params) - len(fn.__defaults__ or ()):], fn.__defaults__ or ()))
    defaults.update(fn.__kwdefaults__ or {})
    all_params = {*params, *kwonly, *((args.vararg.arg,) if args.vararg else ())}
    local = frozenset(code.co_varnames + code.co_cellvars) - all_params
    assigned = frozenset(n.id for n in ast.walk(ast.Module(statements, []))
                         if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Store)) & all_params
    reads = Counter(n.id for n in ast.walk(ast.Module(statements, []))
                    if isinstance(n, ast.Name) and isinstance(n.ctx, ast.Load))
    expression = None if assigned else _as_expression(statements, local)
    return Body(fn, params, args.vararg.arg if args.vararg else None, kwonly, defaults, tuple(statements), local,
                assigned, expression, reads)


def definition(fn: types.FunctionType) -> ast.FunctionDef | None:
    """``fn``'s definition as parsed from its source file (None when its source cannot be read)."""
    code = fn.__code__
    return _definitions(code.co_filename).get((code.co_firstlineno, fn.__name__))


@cache
def _definitions(filename: str) -> dict[tuple[int, str], ast.FunctionDef]:
    """Every function defined in a source file, by its first line (its first decorator's) and name."""
    source = "".join(linecache.getlines(filename))
    try:
        tree = ast.parse(source)
    except (SyntaxError, ValueError):
        return {}
    found = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef):
            first = min([node.lineno, *(d.lineno for d in node.decorator_list)])
            found[first, node.name] = node
    return found


def _early_returns_folded(statements: list[ast.stmt]) -> list[ast.stmt]:
    """``if test: ...; return`` followed by more statements becomes ``if test: ...; return`` ``else:`` the rest,
    so that every return ends the function."""
    for i, stmt in enumerate(statements):
        if isinstance(stmt, ast.If) and not stmt.orelse and stmt.body and isinstance(stmt.body[-1], ast.Return) \
                and i < len(statements) - 1:
            folded = ast.If(stmt.test, stmt.body, _early_returns_folded(statements[i + 1:]))
            return [*statements[:i], ast.copy_location(folded, stmt)]
    return statements


def _returns_end(statements: list[ast.stmt] | tuple, top: bool) -> bool:
    """Every return in ``statements`` is the last statement of the function, or of a branch of a last ``if``."""
    for i, stmt in enumerate(statements):
        last = i == len(statements) - 1
        if isinstance(stmt, ast.Return):
            if not last:
                return False
        elif isinstance(stmt, ast.If) and last:
            if not (_returns_end(stmt.body, top) and _returns_end(stmt.orelse, top)):
                return False
        elif any(isinstance(n, ast.Return) for n in ast.walk(stmt)):
            return False
    return True


def _as_expression(statements: list[ast.stmt], local: frozenset[str]) -> ast.expr | None:
    """The body as one expression: ``a = x; return f(a)`` is ``f(x)``, ``if t: return a`` ``else: return b`` is
    ``a if t else b``. None when it is not of that shape, or a local made by a call would be read twice or never."""
    values: dict[str, ast.expr] = {}
    for i, stmt in enumerate(statements):
        if isinstance(stmt, ast.Assign) and len(stmt.targets) == 1:
            pairs = _pairs(stmt.targets[0], stmt.value)
            if pairs is None or any(name in values or name not in local for name, _ in pairs):
                return None
            values.update((name, _substituted(value, values)) for name, value in pairs)
            continue
        if i != len(statements) - 1:
            return None
        if isinstance(stmt, ast.Return):
            result = _substituted(stmt.value or ast.Constant(None), values)
        elif isinstance(stmt, ast.If):
            then = _as_expression(stmt.body, local)
            otherwise = _as_expression(stmt.orelse, local)
            if then is None or otherwise is None:
                return None
            result = ast.IfExp(_substituted(stmt.test, values), _substituted(then, values), _substituted(otherwise, values))
        else:
            return None
        reads = Counter(n.id for n in ast.walk(ast.Module([ast.Expr(result)], [])) if isinstance(n, ast.Name))
        for name, value in values.items():
            if reads[name] != 1 and any(isinstance(n, ast.Call) for n in ast.walk(value)):
                return None
        return _substituted(result, values)
    return None


def _pairs(target: ast.expr, value: ast.expr) -> list[tuple[str, ast.expr]] | None:
    if isinstance(target, ast.Name):
        return [(target.id, value)]
    if isinstance(target, ast.Tuple) and isinstance(value, ast.Tuple) and len(target.elts) == len(value.elts) \
            and all(isinstance(t, ast.Name) for t in target.elts):
        return [(t.id, v) for t, v in zip(target.elts, value.elts)]
    return None


class _Substitute(ast.NodeTransformer):
    def __init__(self, values: dict[str, ast.expr]) -> None:
        self.values = values

    def visit_Name(self, node: ast.Name) -> ast.expr:
        value = self.values.get(node.id)
        return copy_of(value) if value is not None and isinstance(node.ctx, ast.Load) else node


def _substituted(expr: ast.expr, values: dict[str, ast.expr]) -> ast.expr:
    return _Substitute(values).visit(copy_of(expr)) if values else copy_of(expr)


def copy_of(node: Any) -> Any:
    """A deep copy of an AST node or a list of them (spliced code is never shared between two places)."""
    if isinstance(node, list):
        return [copy_of(n) for n in node]
    if not isinstance(node, ast.AST):
        return node  # a name, a number, a constant's value: shared as it is
    cls = type(node)
    new = cls.__new__(cls)
    for name in node._fields:
        value = getattr(node, name, None)
        setattr(new, name, copy_of(value) if isinstance(value, (ast.AST, list)) else value)
    for name in node._attributes:
        if hasattr(node, name):
            setattr(new, name, getattr(node, name))
    return new
